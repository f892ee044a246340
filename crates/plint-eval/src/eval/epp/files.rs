//! The module path as the functions see it ([`ModulePath`]), and the functions that read a
//! module's files: `file()`, `find_file()`, `binary_file()`, and
//! `template()`/`inline_template()` (ERB, rendered by the compiler's Ruby).

use super::*;

/// The module path as Puppet's functions look files up in it (see
/// [`crate::discover::lookup`]), through the sandbox: a module is the first folder of its name
/// in the module path; a path outside the sandbox is refused, never "does not exist". With no
/// module path, modules' entries are not known.
pub struct ModulePath<'a> {
    pub sandbox: &'a Sandbox,
    pub dirs: &'a [PathBuf],
}

impl ModulePath<'_> {
    fn probe(&self, path: PathBuf) -> Probe<PathBuf> {
        match self.sandbox.locate(&path) {
            Located::File => Probe::File(path),
            Located::Folder => Probe::Folder(path),
            Located::Missing => Probe::Missing,
            Located::Refused => Probe::Refused(SandboxError::Outside),
        }
    }
}

impl ModuleTree for ModulePath<'_> {
    type Path = PathBuf;

    fn module_entry(&self, module: &str, folder: Folder, rest: &str) -> Probe<PathBuf> {
        if self.dirs.is_empty() {
            return Probe::Unknown;
        }
        match module_dir(self.sandbox, self.dirs, module) {
            Ok(Some(dir)) => {
                // Ruby's `File.join`: a leading `/` of `rest` does not make it absolute, and
                // an empty `rest` is the folder with a trailing `/`.
                self.probe(dir.join(folder.name()).join(rest.trim_start_matches('/')))
            }
            Ok(None) => Probe::Missing,
            Err(e) => Probe::Refused(e),
        }
    }

    fn absolute(&self, path: &str) -> Probe<PathBuf> {
        self.probe(PathBuf::from(path))
    }
}

/// `file('mod/name', ...)`: the content of the first of the files that exists
/// (`<module>/files/name`, or an absolute path); unknown when the module path is not known.
pub(super) fn file_content<H: EppHost + ?Sized>(ev: &mut H, args: &[Value]) -> EvalResult {
    if args.is_empty() {
        return err("'file' expects at least 1 argument, got none");
    }
    let names: Vec<String> = args.iter().map(Value::to_puppet_string).collect();
    let shown = || {
        let shown: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
        format!("file({})", shown.join(", "))
    };
    if args.iter().any(Value::contains_unknown) {
        return Ok(Value::unknown("String", &shown()));
    }
    let tree = ModulePath {
        sandbox: ev.sandbox(),
        dirs: ev.modulepath(),
    };
    let given: Vec<&str> = names.iter().map(String::as_str).collect();
    let path = match lookup::resolve(&tree, FileFunction::File, &given) {
        Resolution::Found {
            path,
            folder: false,
            ..
        } => path,
        Resolution::Found { path, .. } => {
            return err(format!(
                "file(): Is a directory @ io_fread - {}",
                path.display()
            ));
        }
        Resolution::Refused { name, error } => {
            ev.refused(&name, &error);
            return Ok(Value::unknown(
                "String",
                &format!("file('{name}') (not read)"),
            ));
        }
        Resolution::NotFound { .. } => {
            return err(format!(
                "Could not find any files from {}",
                names.join(", ")
            ));
        }
        _ => return Ok(Value::unknown("String", &shown())),
    };
    let bytes = match ev.sandbox().read(&path) {
        Ok(bytes) => bytes,
        Err(e) if e.is_refusal() => {
            let name = path.display().to_string();
            ev.refused(&name, &e);
            return Ok(Value::unknown(
                "String",
                &format!("file('{name}') (not read)"),
            ));
        }
        Err(e) => return err(format!("file(): cannot read {}: {e}", path.display())),
    };
    Ok(Value::String(String::from_utf8_lossy(&bytes).into_owned()))
}

/// The directory of the module `name` as Puppet's environment finds it: `<dir>/<name>` in the
/// first directory of the module path that has it (module names are lower case words).
pub(crate) fn module_dir(
    sandbox: &Sandbox,
    modulepath: &[PathBuf],
    name: &str,
) -> Result<Option<PathBuf>, SandboxError> {
    let valid = name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !valid {
        return Ok(None);
    }
    for dir in modulepath {
        let d = dir.join(name);
        match sandbox.locate(&d) {
            Located::Folder => return Ok(Some(d)),
            Located::Refused => return Err(SandboxError::Outside),
            Located::File | Located::Missing => {}
        }
    }
    Ok(None)
}

/// `find_file(names)`, `find_template(names)`, `module_directory(names)`: the path of the
/// first name found (names given one by one or as one array), undef when none is; unknown
/// when the module path is not known.
pub(super) fn find_on_modulepath<H: EppHost + ?Sized>(
    ev: &H,
    name: &str,
    args: &[Value],
) -> EvalResult {
    let mut names = Vec::new();
    for a in args {
        match a {
            Value::String(s) => names.push(s.clone()),
            Value::Array(items) if args.len() == 1 => {
                for i in items.iter() {
                    match i {
                        Value::String(s) => names.push(s.clone()),
                        Value::Unknown(_) => names.push(String::new()),
                        other => {
                            return err(format!(
                                "'{name}' expects String values, got {}",
                                other.type_name()
                            ));
                        }
                    }
                }
            }
            Value::Unknown(_) => names.push(String::new()),
            other => {
                return err(format!(
                    "'{name}' expects String values or an Array of Strings, got {}",
                    other.type_name()
                ));
            }
        }
    }
    if ev.modulepath().is_empty() || args.iter().any(Value::contains_unknown) {
        return Ok(Value::unknown(
            "Optional[String]",
            &format!("{name}() on a module path that is not known"),
        ));
    }
    let (sandbox, modulepath) = (ev.sandbox(), ev.modulepath());
    if let Some(function) = FileFunction::of(name) {
        let tree = ModulePath {
            sandbox,
            dirs: modulepath,
        };
        let given: Vec<&str> = names.iter().map(String::as_str).collect();
        return Ok(match lookup::resolve(&tree, function, &given) {
            Resolution::Found { path, .. } => Value::String(path.to_string_lossy().into_owned()),
            Resolution::NotFound { .. } => Value::Undef,
            Resolution::Refused { name: n, error } => Value::unknown(
                "Optional[String]",
                &format!("{name}('{n}') (not read: {error})"),
            ),
            Resolution::Invalid(_) | Resolution::Unknown => Value::unknown(
                "Optional[String]",
                &format!("{name}() on a module path that is not known"),
            ),
        });
    }
    for n in &names {
        let found = module_dir(sandbox, modulepath, n);
        match found {
            Ok(Some(p)) => return Ok(Value::String(p.to_string_lossy().into_owned())),
            Ok(None) => {}
            Err(e) => {
                return Ok(Value::unknown(
                    "Optional[String]",
                    &format!("{name}('{n}') (not read: {e})"),
                ));
            }
        }
    }
    Ok(Value::Undef)
}

/// `binary_file('mod/name')`: the bytes of a module file (or of an absolute path).
pub(super) fn binary_file<H: EppHost + ?Sized>(ev: &mut H, args: &[Value]) -> EvalResult {
    let [arg] = args else {
        return err(format!(
            "'binary_file' expects 1 argument, got {}",
            args.len()
        ));
    };
    let Value::String(name) = arg else {
        if arg.contains_unknown() {
            return Ok(Value::unknown("Binary", "binary_file() of an unknown path"));
        }
        return err(format!(
            "'binary_file' parameter 'path' expects a String value, got {}",
            arg.type_name()
        ));
    };
    let tree = ModulePath {
        sandbox: ev.sandbox(),
        dirs: ev.modulepath(),
    };
    let path = match lookup::resolve(&tree, FileFunction::BinaryFile, &[name]) {
        Resolution::Found {
            path,
            folder: false,
            ..
        } => path,
        Resolution::Found { path, .. } => {
            return err(format!(
                "binary_file(): Is a directory @ io_fread - {}",
                path.display()
            ));
        }
        Resolution::NotFound { .. } => {
            return err(format!(
                "binary_file(): The given file '{name}' does not exist"
            ));
        }
        Resolution::Refused { error, .. } => {
            ev.refused(name, &error);
            return Ok(Value::unknown(
                "Binary",
                &format!("binary_file('{name}') (not read)"),
            ));
        }
        _ => {
            return Ok(Value::unknown(
                "Binary",
                &format!("binary_file('{name}') on a module path that is not known"),
            ));
        }
    };
    let bytes = match ev.sandbox().read(&path) {
        Ok(bytes) => bytes,
        Err(e) if e.is_refusal() => {
            ev.refused(name, &e);
            return Ok(Value::unknown(
                "Binary",
                &format!("binary_file('{name}') (not read)"),
            ));
        }
        Err(e) => {
            return err(format!(
                "binary_file(): cannot read {}: {e}",
                path.display()
            ));
        }
    };
    Ok(Value::Binary(std::sync::Arc::new(bytes)))
}

/// The error of `template()` for the name `file`, `found` as it is, when Puppet cannot read
/// the file it names:
/// not found, or found as a folder, or an absolute path that does not exist. `None` when it is
/// found or not known.
pub fn template_error(file: &str, found: &Resolution<PathBuf>) -> Option<EvalError> {
    let read_error = |detail: String| {
        EvalError::new(format!(
            "Failed to parse template {file}:\n  Filepath: {file}\n  Detail: {detail}\n"
        ))
    };
    match found {
        Resolution::Found {
            folder: true, path, ..
        } => Some(read_error(format!(
            "Is a directory @ io_fread - {}",
            path.display()
        ))),
        Resolution::NotFound { .. } if lookup::is_absolute(file) => Some(read_error(format!(
            "No such file or directory @ rb_sysopen - {file}"
        ))),
        Resolution::NotFound { .. } => {
            Some(EvalError::new(format!("Could not find template '{file}'")))
        }
        _ => None,
    }
}

/// `template()` and `inline_template()`: ERB is not evaluated; the result is an unknown String
/// that says which template it comes from.
pub(super) fn erb<H: EppHost + ?Sized>(ev: &H, name: &str, args: &[Value]) -> EvalResult {
    if args.is_empty() {
        return err(format!("'{name}' expects at least 1 argument, got 0"));
    }
    if name == "template" {
        let tree = ModulePath {
            sandbox: ev.sandbox(),
            dirs: ev.modulepath(),
        };
        for a in args {
            if let Value::String(f) = a
                && let Some(e) =
                    template_error(f, &lookup::resolve(&tree, FileFunction::Template, &[f]))
            {
                return Err(e);
            }
        }
    }
    let origin = if name == "template" {
        let files: Vec<String> = args
            .iter()
            .map(|a| match a {
                Value::String(s) => format!("'{s}'"),
                other => other.to_puppet_string(),
            })
            .collect();
        format!("template({})", files.join(", "))
    } else {
        "inline_template()".to_string()
    };
    Ok(Value::unknown("String", &origin))
}
