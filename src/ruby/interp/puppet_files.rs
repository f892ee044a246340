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

fn object(class: &str, text: String) -> Value {
    Value::Opaque(Rc::new(Opaque {
        class: class.to_string(),
        text,
        id: 0,
    }))
}

/// Is `v` one of these objects (the interpreter's own, not the host's)?
pub(crate) fn is_puppet_object(o: &Opaque) -> bool {
    o.id == 0 && (o.class == COMPILER || o.class == ENVIRONMENT)
}

impl Interp<'_> {
    /// `compiler` called on the function's `self`.
    pub(crate) fn compiler_object(&self) -> Value {
        object(COMPILER, String::new())
    }

    /// A method of the compiler or environment object; anything but what is listed here is
    /// unknown.
    pub(crate) fn puppet_object_method(&mut self, o: &Opaque, name: &str) -> Value {
        match (o.class.as_str(), name) {
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
            _ => self.unknown(format!("{}#{name}", o.class)),
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
                    _ => return Ok(Some(self.unknown(what))),
                };
                match self.found_files.get(&path).cloned() {
                    Some(text) => Value::str(text.to_string()),
                    None => match self.host.read_file(&path) {
                        Some(text) => {
                            self.check_str(text.len())?;
                            Value::str(text)
                        }
                        None => self.unknown(format!("{what}('{path}')")),
                    },
                }
            }
            ("File", "exist?" | "exists?" | "file?" | "directory?" | "readable?") => {
                let Some(Value::Str(p)) = args.first() else {
                    return Ok(Some(self.unknown(what)));
                };
                let path = p.borrow().text.clone();
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
