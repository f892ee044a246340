//! Module files named as Puppet names them: the one reading of the names given to
//! `template()`, `epp()`, `file()`, `binary_file()`, `find_file()`, `find_template()` and of
//! `puppet:///modules/` file sources, shared by check mode (which answers from the index's
//! listing of the modules) and `--evaluate` (which answers from the module path, through the
//! sandbox).
//!
//! Puppet 7's rules, which [`resolve`] and [`resolve_source`] follow:
//! - A name is `module/rest`: the entry `rest` of the module's `templates/` (`template()`,
//!   `epp()`, `find_template()`) or `files/` folder (the others), in the first module of that
//!   name on the module path. The module part is taken as written (no case folding): a module
//!   is named by a lower case word, so `Mod/x` names no module. A name without `/` names
//!   nothing; `module/` names the folder itself.
//! - An absolute path is taken as it is.
//! - `epp()` appends `.epp` to a name that does not end with it, unless the name is a path
//!   that exists as written (Puppet asks relative to its working directory, which plint takes
//!   to hold no such path unless it is absolute). `template()` appends nothing.
//! - A name is found when the entry exists, file or folder: `find_file()` and
//!   `find_template()` return a folder's path; the functions that read the file
//!   (`template()`, `epp()`, `file()`, `binary_file()`) then fail to read it.
//! - `file()`, `find_file()` and `find_template()` take several names and use the first that
//!   is found; `template()` renders each of its names.
//! - `template()` of an absolute path does not check that it exists: reading it fails.
//! - `puppet:///modules/module/rest` (any server) is served from `files/rest` of the module;
//!   `puppet:///modules/module` is the `files` folder itself. A mount name that is not a word,
//!   or a `..` component, is an error; another mount than `modules` is not looked at.

use std::borrow::Cow;

/// The folder of a module a name is looked up in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Folder {
    /// `templates/`
    Templates,
    /// `files/`
    Files,
}

impl Folder {
    pub fn name(self) -> &'static str {
        match self {
            Folder::Templates => "templates",
            Folder::Files => "files",
        }
    }
}

/// What a tree says of one entry.
#[derive(Debug)]
pub enum Probe<P> {
    /// A file.
    File(P),
    /// A folder.
    Folder(P),
    /// Nothing there (or no such module).
    Missing,
    /// The tree cannot say (a module that is not installed, a path plint does not look at).
    Unknown,
    /// The sandbox refused to look.
    Refused(crate::sandbox::Error),
}

/// The files Puppet's functions look in: the modules of the module path, and absolute paths.
pub trait ModuleTree {
    /// How the tree names an entry it found.
    type Path;
    /// The entry `rest` (components separated by `/`; empty for the folder itself) of `folder`
    /// of the first module called `module` (a valid module name); [`Probe::Missing`] when
    /// there is no such module.
    fn module_entry(&self, module: &str, folder: Folder, rest: &str) -> Probe<Self::Path>;
    /// An absolute path.
    fn absolute(&self, path: &str) -> Probe<Self::Path>;
}

/// Puppet's functions that name module files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileFunction {
    Template,
    Epp,
    File,
    BinaryFile,
    FindFile,
    FindTemplate,
}

impl FileFunction {
    /// The function of a name (`None`: another function).
    pub fn of(name: &str) -> Option<FileFunction> {
        Some(match name {
            "template" => FileFunction::Template,
            "epp" => FileFunction::Epp,
            "file" => FileFunction::File,
            "binary_file" => FileFunction::BinaryFile,
            "find_file" => FileFunction::FindFile,
            "find_template" => FileFunction::FindTemplate,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            FileFunction::Template => "template",
            FileFunction::Epp => "epp",
            FileFunction::File => "file",
            FileFunction::BinaryFile => "binary_file",
            FileFunction::FindFile => "find_file",
            FileFunction::FindTemplate => "find_template",
        }
    }

    /// The folder the function looks in.
    pub fn folder(self) -> Folder {
        match self {
            FileFunction::Template | FileFunction::Epp | FileFunction::FindTemplate => {
                Folder::Templates
            }
            FileFunction::File | FileFunction::BinaryFile | FileFunction::FindFile => Folder::Files,
        }
    }

    /// Whether the function reads the file it finds (a folder found is then an error);
    /// `find_file()` and `find_template()` only return its path.
    pub fn reads(self) -> bool {
        !matches!(self, FileFunction::FindFile | FileFunction::FindTemplate)
    }

    /// Whether the function uses the first of several names that is found (`file()`,
    /// `find_file()`, `find_template()`); the others take one name per lookup.
    pub fn first_of_many(self) -> bool {
        matches!(
            self,
            FileFunction::File | FileFunction::FindFile | FileFunction::FindTemplate
        )
    }
}

/// What Puppet finds for a function's names.
#[derive(Debug)]
pub enum Resolution<P> {
    /// The entry used: the name as looked up, and the tree's path of it.
    Found { name: String, path: P, folder: bool },
    /// None of the names is found (the names as looked up). For `template()` of an absolute
    /// path, Puppet fails when it reads the file rather than when it looks it up.
    NotFound { names: Vec<String> },
    /// An error before any lookup (a source URL Puppet refuses).
    Invalid(String),
    /// Not known (a module that is not installed, a path plint does not look at).
    Unknown,
    /// The sandbox refused to look at this name.
    Refused {
        name: String,
        error: crate::sandbox::Error,
    },
}

impl<P> Resolution<P> {
    /// Whether Puppet fails: the function reads the file and finds none, or a folder, or the
    /// URL is refused. `find_file()` and `find_template()` never fail (they give `undef`).
    pub fn fails(&self, function: Option<FileFunction>) -> bool {
        let reads = function.is_none_or(FileFunction::reads);
        match self {
            Resolution::NotFound { .. } => reads,
            Resolution::Found { folder, .. } => *folder && function.is_some_and(|f| f.reads()),
            Resolution::Invalid(_) => true,
            Resolution::Unknown | Resolution::Refused { .. } => false,
        }
    }
}

/// Whether Puppet takes `name` as an absolute path (`Puppet::Util.absolute_path?` on POSIX).
pub fn is_absolute(name: &str) -> bool {
    name.starts_with('/')
}

/// Whether `name` can be the name of an installed module (Puppet lists only folders named
/// so).
pub fn is_module_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// `module` and `rest` of a relative name (`Puppet::Parser::Files.split_file_path`); `None`
/// when it names no module's entry.
pub fn split(name: &str) -> Option<(&str, &str)> {
    if name.is_empty() || is_absolute(name) {
        return None;
    }
    name.split_once('/')
}

/// The name `function` looks up for the argument `name`: `epp()`'s `.epp` appended.
pub fn looked_up<'n, T: ModuleTree>(
    tree: &T,
    function: FileFunction,
    name: &'n str,
) -> Cow<'n, str> {
    if function != FileFunction::Epp || name.ends_with(".epp") {
        return Cow::Borrowed(name);
    }
    if is_absolute(name) && matches!(tree.absolute(name), Probe::File(_) | Probe::Folder(_)) {
        return Cow::Borrowed(name);
    }
    Cow::Owned(format!("{name}.epp"))
}

/// `Puppet::Parser::Files.find_in_module` and the existence check after it: the entry `name`
/// names in `folder`.
pub fn find<T: ModuleTree>(tree: &T, folder: Folder, name: &str) -> Probe<T::Path> {
    if is_absolute(name) {
        return tree.absolute(name);
    }
    match split(name) {
        Some((module, rest)) if is_module_name(module) => tree.module_entry(module, folder, rest),
        _ => Probe::Missing,
    }
}

/// What `function` finds for its names (the arguments as given, `$module_name` already
/// resolved): for `file()`, `find_file()` and `find_template()` the first found of them;
/// for the others pass one name. No name is [`Resolution::Unknown`].
pub fn resolve<T: ModuleTree>(
    tree: &T,
    function: FileFunction,
    names: &[&str],
) -> Resolution<T::Path> {
    if names.is_empty() {
        return Resolution::Unknown;
    }
    let mut missing = Vec::new();
    for &given in names {
        let name = looked_up(tree, function, given);
        match find(tree, function.folder(), &name) {
            Probe::File(path) => {
                return Resolution::Found {
                    name: name.into_owned(),
                    path,
                    folder: false,
                };
            }
            Probe::Folder(path) => {
                return Resolution::Found {
                    name: name.into_owned(),
                    path,
                    folder: true,
                };
            }
            Probe::Missing => missing.push(name.into_owned()),
            Probe::Unknown => return Resolution::Unknown,
            Probe::Refused(error) => {
                return Resolution::Refused {
                    name: name.into_owned(),
                    error,
                };
            }
        }
    }
    Resolution::NotFound { names: missing }
}

/// The `module/rest` a `puppet://[server]/modules/...` URL names (`rest` empty for the
/// module's `files` folder itself), the error Puppet gives for it, or `None` for any other
/// URL or mount (plint does not look at those).
pub fn source_name(url: &str) -> Option<Result<String, String>> {
    let rest = url.strip_prefix("puppet://")?;
    let (_server, key) = rest.split_once('/')?;
    let (mount, path) = match key.split_once('/') {
        Some((m, p)) => (m, Some(p)),
        None => (key, None),
    };
    if mount.is_empty()
        || !mount
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
    {
        return Some(Err(format!("Cannot find file: Invalid mount '{mount}'")));
    }
    if let Some(p) = path
        && p.split('/').any(|c| c == "..")
    {
        return Some(Err(format!(
            "Cannot find file: Invalid relative path '{p}'"
        )));
    }
    if mount != "modules" {
        return None;
    }
    let path = path.unwrap_or("");
    if path.is_empty() {
        return Some(Err("No module specified".to_string()));
    }
    // Runs of slashes are one.
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        if !(c == '/' && out.ends_with('/')) {
            out.push(c);
        }
    }
    Some(Ok(out))
}

/// What Puppet serves for the `puppet:///modules/` URLs among `urls`, the first that exists;
/// [`Resolution::Unknown`] when one before it is another URL or cannot be looked at.
pub fn resolve_source<T: ModuleTree>(tree: &T, urls: &[&str]) -> Resolution<T::Path> {
    // No source (one filled in later, as by `datacat`): nothing to look up.
    if urls.is_empty() {
        return Resolution::Unknown;
    }
    let mut missing = Vec::new();
    for &url in urls {
        let name = match source_name(url) {
            None => return Resolution::Unknown,
            Some(Err(e)) => return Resolution::Invalid(e),
            Some(Ok(name)) => name,
        };
        let (module, rest) = name.split_once('/').unwrap_or((&name, ""));
        let probe = if is_module_name(module) {
            tree.module_entry(module, Folder::Files, rest)
        } else {
            Probe::Missing
        };
        match probe {
            Probe::File(path) => {
                return Resolution::Found {
                    name,
                    path,
                    folder: false,
                };
            }
            Probe::Folder(path) => {
                return Resolution::Found {
                    name,
                    path,
                    folder: true,
                };
            }
            Probe::Missing => missing.push(name),
            Probe::Unknown => return Resolution::Unknown,
            Probe::Refused(error) => return Resolution::Refused { name, error },
        }
    }
    Resolution::NotFound { names: missing }
}

/// The entry `rest` of a folder whose files (and the folders holding them) are listed as
/// relative paths: `rest` read as the file system reads it (empty and `.` components
/// skipped; a trailing `/` asks for a folder). `None` when `rest` climbs with `..`.
pub fn listed_entry(
    rest: &str,
    is_file: impl Fn(&str) -> bool,
    is_folder: impl Fn(&str) -> bool,
) -> Option<Probe<String>> {
    let parts: Vec<&str> = rest
        .split('/')
        .filter(|c| !c.is_empty() && *c != ".")
        .collect();
    if parts.contains(&"..") {
        return None;
    }
    let key = parts.join("/");
    let wants_folder = rest.ends_with('/');
    Some(if !wants_folder && is_file(&key) {
        Probe::File(key)
    } else if is_folder(&key) {
        Probe::Folder(key)
    } else {
        Probe::Missing
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashSet as HashSet;

    /// A tree of one module `m` with listed files.
    struct Listed {
        files: HashSet<String>,
        folders: HashSet<String>,
    }

    impl Listed {
        fn new(paths: &[&str]) -> Listed {
            let mut folders = HashSet::default();
            folders.insert("templates".to_string());
            folders.insert("files".to_string());
            for p in paths {
                let mut at = p.len();
                while let Some(s) = p[..at].rfind('/') {
                    folders.insert(p[..s].to_string());
                    at = s;
                }
            }
            Listed {
                files: paths.iter().map(|p| p.to_string()).collect(),
                folders,
            }
        }
    }

    impl ModuleTree for Listed {
        type Path = String;
        fn module_entry(&self, module: &str, folder: Folder, rest: &str) -> Probe<String> {
            if module != "m" {
                return Probe::Missing;
            }
            let base = folder.name();
            listed_entry(
                rest,
                |k| self.files.contains(&format!("{base}/{k}")),
                |k| {
                    let full = if k.is_empty() {
                        base.to_string()
                    } else {
                        format!("{base}/{k}")
                    };
                    self.folders.contains(&full)
                },
            )
            .unwrap_or(Probe::Unknown)
        }
        fn absolute(&self, _: &str) -> Probe<String> {
            Probe::Unknown
        }
    }

    fn verdict(r: Resolution<String>) -> String {
        match r {
            Resolution::Found { path, folder, .. } => {
                format!("{}{path}", if folder { "folder " } else { "" })
            }
            Resolution::NotFound { names } => format!("missing {}", names.join(",")),
            Resolution::Invalid(e) => format!("invalid {e}"),
            Resolution::Unknown => "unknown".into(),
            Resolution::Refused { .. } => "refused".into(),
        }
    }

    #[test]
    fn epp_appends_its_extension_and_template_does_not() {
        let t = Listed::new(&["templates/x.sh.epp", "templates/y.erb", "templates/d/z"]);
        let r = |f, n: &str| verdict(resolve(&t, f, &[n]));
        assert_eq!(r(FileFunction::Epp, "m/x.sh"), "x.sh.epp");
        assert_eq!(r(FileFunction::Epp, "m/x.sh.epp"), "x.sh.epp");
        assert_eq!(r(FileFunction::Template, "m/x.sh"), "missing m/x.sh");
        assert_eq!(r(FileFunction::Template, "m/y.erb"), "y.erb");
        assert_eq!(r(FileFunction::Template, "m/d"), "folder d");
        assert_eq!(r(FileFunction::Template, "m/"), "folder ");
        assert_eq!(r(FileFunction::Epp, "m/"), "missing m/.epp");
        assert_eq!(r(FileFunction::Template, "M/y.erb"), "missing M/y.erb");
        assert_eq!(r(FileFunction::Template, "y.erb"), "missing y.erb");
        assert_eq!(r(FileFunction::Template, "m/./d//z"), "d/z");
        assert_eq!(r(FileFunction::Template, "m/d/../y.erb"), "unknown");
        assert_eq!(r(FileFunction::Template, "/etc/x"), "unknown");
    }

    #[test]
    fn the_first_name_found_is_used() {
        let t = Listed::new(&["files/b", "files/d/c"]);
        let r = |f, n: &[&str]| verdict(resolve(&t, f, n));
        assert_eq!(r(FileFunction::File, &["m/a", "m/b"]), "b");
        assert_eq!(r(FileFunction::File, &["m/a", "m/z"]), "missing m/a,m/z");
        assert_eq!(r(FileFunction::FindFile, &["m/d", "m/b"]), "folder d");
        assert!(resolve(&t, FileFunction::File, &["m/d"]).fails(Some(FileFunction::File)));
        assert!(!resolve(&t, FileFunction::FindFile, &["m/d"]).fails(Some(FileFunction::FindFile)));
        assert!(!resolve(&t, FileFunction::FindFile, &["m/q"]).fails(Some(FileFunction::FindFile)));
    }

    #[test]
    fn sources() {
        let t = Listed::new(&["files/b", "files/d/c"]);
        let r = |u: &[&str]| verdict(resolve_source(&t, u));
        assert_eq!(r(&["puppet:///modules/m/b"]), "b");
        assert_eq!(r(&["puppet://srv/modules/m//d/c"]), "d/c");
        assert_eq!(r(&["puppet:///modules/m"]), "folder ");
        assert_eq!(
            r(&["puppet:///modules/m/x", "puppet:///modules/m/d"]),
            "folder d"
        );
        assert_eq!(r(&["puppet:///modules/m/x"]), "missing m/x");
        assert_eq!(r(&["puppet:///modules/"]), "invalid No module specified");
        assert_eq!(
            r(&["puppet:///modules/m/../b"]),
            "invalid Cannot find file: Invalid relative path 'm/../b'"
        );
        assert_eq!(r(&["puppet:///files/a"]), "unknown");
        assert_eq!(r(&["/etc/a", "puppet:///modules/m/x"]), "unknown");
        assert_eq!(source_name("file:///etc/a"), None);
        assert_eq!(r(&[]), "unknown");
    }
}
