//! Puppet's module files as Ruby code reads them: `self.compiler.environment`,
//! `Puppet::Parser::Files.find_template(name, env)` / `find_file`, and `File.read` of a path
//! these gave. The host looks the file up as Puppet does (`crate::discover::lookup`) and reads
//! it through the run's sandbox; any other path stays unknown (nothing else is ever read).

use std::rc::Rc;

use super::value::*;
use super::{Interp, R};
use crate::ruby::FoundFile;

/// The class of the compiler object (`self.compiler` in a 3.x function).
const COMPILER: &str = "Puppet::Parser::Compiler";
/// The class of the environment object (`compiler.environment`).
const ENVIRONMENT: &str = "Puppet::Node::Environment";
/// The class of a module (`Puppet::Module.find(name)`), whose text is its folder.
const MODULE: &str = "Puppet::Module";
/// A module's kinds of files (`mod.file('x')`, `mod.files?`), and their folders.
const MODULE_FOLDERS: &[(&str, &str)] = &[
    ("manifest", "manifests"),
    ("file", "files"),
    ("template", "templates"),
    ("plugin", "lib"),
    ("pluginfact", "facts.d"),
    ("locale", "locales"),
    ("script", "scripts"),
];

fn object(class: &str, text: String) -> Value {
    Value::Opaque(Rc::new(Opaque {
        class: class.to_string(),
        text,
        id: 0,
    }))
}

/// Is `v` one of these objects (the interpreter's own, not the host's)?
pub(crate) fn is_puppet_object(o: &Opaque) -> bool {
    o.id == 0 && (o.class == COMPILER || o.class == ENVIRONMENT || o.class == MODULE)
}

impl Interp<'_> {
    /// `compiler` called on the function's `self`.
    pub(crate) fn compiler_object(&self) -> Value {
        object(COMPILER, String::new())
    }

    /// A method of the compiler, environment or module object; anything but what is listed
    /// here is unknown.
    pub(crate) fn puppet_object_method(
        &mut self,
        o: &Opaque,
        name: &str,
        args: &[Value],
    ) -> R<Value> {
        Ok(match (o.class.as_str(), name) {
            (COMPILER, "environment") => match self.host.environment_name() {
                Some(env) => object(ENVIRONMENT, env),
                None => self.unknown("compiler.environment"),
            },
            // The top scope: its variables are read and set through the host.
            (COMPILER, "topscope") => Value::Opaque(Rc::new(Opaque {
                class: super::call::SCOPE_CLASS.into(),
                text: "Scope(Class[main])".into(),
                id: super::call::TOP_SCOPE,
            })),
            (ENVIRONMENT, "to_s" | "name") if !o.text.is_empty() => match name {
                "name" => Value::sym(&o.text),
                _ => Value::str(o.text.clone()),
            },
            (ENVIRONMENT, "module") => {
                let n = self.str_arg(args.first().unwrap_or(&Value::Nil))?;
                self.find_module(&n)
            }
            (ENVIRONMENT, "modulepath" | "full_modulepath") => match self.host.modulepath() {
                Some(dirs) => Value::array(dirs.into_iter().map(Value::str).collect()),
                None => self.unknown(format!("{ENVIRONMENT}#{name}")),
            },
            (MODULE, "path") => Value::str(o.text.clone()),
            (MODULE, "name") => Value::str(o.text.rsplit('/').next().unwrap_or("").to_string()),
            (MODULE, "to_s") => Value::str(format!(
                "Module {}({})",
                o.text.rsplit('/').next().unwrap_or(""),
                o.text
            )),
            (MODULE, "environment") => self.puppet_object_method(
                &Opaque {
                    class: COMPILER.into(),
                    text: String::new(),
                    id: 0,
                },
                "environment",
                &[],
            )?,
            (MODULE, _) => return self.module_file(o, name, args),
            _ => self.unknown(format!("{}#{name}", o.class)),
        })
    }

    /// A module's `file('x')`/`template('x')`... (the path when it exists, else `nil`) and
    /// `files?`/`templates?`... (whether the folder exists).
    fn module_file(&mut self, o: &Opaque, name: &str, args: &[Value]) -> R<Value> {
        let what = format!("{MODULE}#{name}");
        let folder = MODULE_FOLDERS.iter().find_map(|(single, folder)| {
            (name == *single || name.strip_suffix('?') == Some(folder)).then_some(*folder)
        });
        let Some(folder) = folder else {
            return Ok(self.unknown(what));
        };
        let mut path = format!("{}/{folder}", o.text);
        if !name.ends_with('?')
            && let Some(f) = args.first().filter(|a| !matches!(a, Value::Nil))
        {
            path = format!("{path}/{}", self.str_arg(f)?);
        }
        Ok(match self.host.path_kind(&path) {
            Some(kind) if name.ends_with('?') => {
                Value::Bool(kind != crate::ruby::PathKind::Missing)
            }
            Some(crate::ruby::PathKind::Missing) => Value::Nil,
            Some(_) => Value::str(path),
            None => self.unknown(format!("{what}('{path}')")),
        })
    }

    /// The module `name` of the run's environment, `nil` when there is none.
    fn find_module(&mut self, name: &str) -> Value {
        match self.host.find_module(name) {
            Some(Some(path)) => object(MODULE, path),
            Some(None) => Value::Nil,
            None => self.unknown(format!("the module '{name}'")),
        }
    }

    /// `Puppet::Parser::Files.find_template/find_file` and `File.read`; `None` for the other
    /// class methods.
    pub(crate) fn puppet_files_method(
        &mut self,
        class: &str,
        name: &str,
        args: &[Value],
    ) -> R<Option<Value>> {
        let what = format!("{class}.{name}");
        Ok(Some(match (class, name) {
            // Puppet's log: nothing is printed.
            (
                "Puppet",
                "debug"
                | "info"
                | "notice"
                | "warning"
                | "err"
                | "alert"
                | "emerg"
                | "crit"
                | "warn_once"
                | "deprecation_warning"
                | "puppet_deprecation_warning",
            ) => Value::Nil,
            ("Puppet::Module", "find") => {
                let n = match args.first() {
                    Some(Value::Nil) | None => return Ok(Some(Value::Nil)),
                    Some(v) => self.str_arg(v)?,
                };
                // Another environment than the one compiled is not known.
                if let Some(env) = args.get(1).filter(|e| !matches!(e, Value::Nil)) {
                    let env = self.text(env)?;
                    if Some(env.as_str()) != self.host.environment_name().as_deref() {
                        return Ok(Some(self.unknown(format!("{what}('{n}', '{env}')"))));
                    }
                }
                self.find_module(&n)
            }
            ("OpenURI", "open_uri") | ("URI", "open") => {
                let url = args.first().map(|a| a.to_s()).unwrap_or_default();
                // Credentials written in the URL are not repeated.
                let url = match url.split_once("://") {
                    Some((scheme, rest))
                        if rest.split('/').next().is_some_and(|h| h.contains('@')) =>
                    {
                        let host = rest.split_once('@').map_or(rest, |(_, h)| h);
                        format!("{scheme}://***@{host}")
                    }
                    _ => url,
                };
                self.unknown(format!("{what}('{url}'): plint never reaches the network"))
            }
            ("Puppet::Parser::Files", "find_template" | "find_file") => {
                let Some(Value::Str(n)) = args.first() else {
                    return Ok(Some(self.unknown(what)));
                };
                let n = n.borrow().text.clone();
                // An absolute path or one leaving the module: Puppet would read anything;
                // plint reads nothing.
                if n.starts_with('/')
                    || n.starts_with('\\')
                    || n.contains(':')
                    || n.split(['/', '\\']).any(|c| c == "..")
                {
                    return Ok(Some(self.unknown(format!("{what}('{n}')"))));
                }
                // A name that names no module's entry is nil, whatever the host knows.
                if crate::discover::lookup::split(&n)
                    .is_none_or(|(m, _)| !crate::discover::lookup::is_module_name(m))
                {
                    return Ok(Some(Value::Nil));
                }
                match self.host.find_module_file(&n, name == "find_file") {
                    FoundFile::Found { path, text } => {
                        self.check_str(text.len())?;
                        self.found_files.insert(path.clone(), Rc::from(text));
                        Value::str(path)
                    }
                    FoundFile::NotFound => Value::Nil,
                    FoundFile::Unknown => self.unknown(format!("{what}('{n}')")),
                }
            }
            ("File", "read") => {
                let path = match args {
                    [Value::Str(p)] => p.borrow().text.clone(),
                    [Value::Unknown(u)] => return Ok(Some(Value::Unknown(u.clone()))),
                    _ => return Ok(Some(self.unknown(what))),
                };
                match self.read_path(&what, &path)? {
                    Ok(text) => Value::str(text),
                    Err(unknown) => unknown,
                }
            }
            ("File", "exist?" | "exists?" | "file?" | "directory?" | "readable?") => {
                let path = match args.first() {
                    Some(Value::Str(p)) => p.borrow().text.clone(),
                    Some(Value::Unknown(u)) => return Ok(Some(Value::Unknown(u.clone()))),
                    _ => return Ok(Some(self.unknown(what))),
                };
                if self.found_files.contains_key(&path) {
                    return Ok(Some(Value::Bool(name != "directory?")));
                }
                if !path.starts_with('/') {
                    return Ok(Some(self.unknown(format!(
                        "{what}('{path}'): a path relative to the working folder"
                    ))));
                }
                match self.host.path_kind(&path) {
                    Some(kind) => Value::Bool(match name {
                        "file?" => kind == crate::ruby::PathKind::File,
                        "directory?" => kind == crate::ruby::PathKind::Folder,
                        _ => kind != crate::ruby::PathKind::Missing,
                    }),
                    None => self.unknown(format!("{what}('{path}')")),
                }
            }
            ("YAML" | "Psych", "safe_load" | "load" | "unsafe_load") => {
                let Some(Value::Str(t)) = args.first() else {
                    return Ok(Some(self.unknown(what)));
                };
                let text = t.borrow().text.clone();
                match self.host.load_yaml(&text) {
                    Ok(Some(v)) => v,
                    Ok(None) => self.unknown(what),
                    Err(message) => return self.raise("Psych::SyntaxError", message),
                }
            }
            _ => return Ok(None),
        }))
    }
}
