//! Modules: recognizing a module's root folder and its name, and where a file sits in its
//! module (the autoload directory and the name Puppet's autoloader loads the file for).
//!
//! A module root is a folder with `manifests/` or `metadata.json`, or a Bolt project (a folder
//! with `bolt-project.yaml`). Its name is `metadata.json`'s `name` after the author
//! (`puppetlabs-stdlib` and `puppetlabs/stdlib` name `stdlib`), or the Bolt project's `name`,
//! or else the folder's name after its last `-` (a Forge release unpacked as
//! `puppetlabs-apache`).

use crate::sandbox::Sandbox;
use std::path::{Path, PathBuf};

/// Whether `s` is a valid module name (`^[a-z][a-z0-9_]*$`).
pub fn is_module_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// The module named by a folder: itself, or what follows the last dash of a Forge-style
/// checkout name (`puppetlabs-apache`); `None` if that is not a valid module name.
pub fn module_of_folder(folder: &str) -> Option<String> {
    let name = folder.rsplit('-').next().unwrap_or(folder);
    is_module_name(name).then(|| name.to_string())
}

/// A module's root folder and its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleRoot {
    pub name: String,
    pub path: PathBuf,
}

/// Whether `dir` is a module root (it holds `manifests/` or `metadata.json`), and the
/// module's name. A folder holding `environment.conf` or a `Puppetfile` is an environment
/// (a control repository), not a module; so is a folder whose name gives no module name
/// and whose `metadata.json` names none.
pub fn module_root(dir: &Path, sandbox: &Sandbox) -> Option<ModuleRoot> {
    let metadata = dir.join("metadata.json");
    let has_metadata = metadata.is_file();
    if !has_metadata && !dir.join("manifests").is_dir() {
        // A Bolt project is a module named in its `bolt-project.yaml`.
        let project = dir.join(BOLT_PROJECT);
        let name = sandbox
            .read_to_string(&project)
            .ok()
            .and_then(|text| name_in_bolt_project(&text))?;
        return Some(ModuleRoot {
            name,
            path: dir.to_path_buf(),
        });
    }
    if is_environment(dir) {
        return None;
    }
    let from_metadata = has_metadata
        .then(|| sandbox.read_to_string(&metadata).ok())
        .flatten()
        .and_then(|text| name_in_metadata(&text));
    let from_project = || {
        sandbox
            .read_to_string(&dir.join(BOLT_PROJECT))
            .ok()
            .and_then(|text| name_in_bolt_project(&text))
    };
    let name = from_metadata.or_else(from_project).or_else(|| {
        let abs = std::path::absolute(dir).ok()?;
        module_of_folder(&abs.file_name()?.to_string_lossy())
    })?;
    Some(ModuleRoot {
        name,
        path: dir.to_path_buf(),
    })
}

/// Whether `dir` is an environment (a control repository): it holds `environment.conf` or a
/// `Puppetfile`.
pub fn is_environment(dir: &Path) -> bool {
    ["environment.conf", "Puppetfile"]
        .iter()
        .any(|f| dir.join(f).is_file())
}

/// Whether `dir` exists but holds none of a module's `manifests/`, `metadata.json` or `lib/`.
fn exists_without_module_files(dir: &Path) -> bool {
    dir.is_dir()
        && !["manifests", "metadata.json", "lib"]
            .iter()
            .any(|f| dir.join(f).exists())
}

/// The file that makes a folder a Bolt project: a module named by its `name`.
pub const BOLT_PROJECT: &str = "bolt-project.yaml";

/// The project name in a `bolt-project.yaml` text: its top-level `name: value` line.
pub fn name_in_bolt_project(text: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let value = line.strip_prefix("name:")?.trim();
        let value = value.trim_matches(['"', '\'']);
        is_module_name(value).then(|| value.to_string())
    })
}

/// The module name in a `metadata.json` text: `name` after `author-` or `author/`.
pub fn name_in_metadata(text: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    let full = value.get("name")?.as_str()?;
    let name = full.rsplit(['-', '/']).next().unwrap_or(full);
    is_module_name(name).then(|| name.to_string())
}

/// The module roots directly below the folders of a module path, in order (each folder's
/// entries sorted by name). Folders that are not module roots are left out.
pub fn modules_in(modulepath: &[PathBuf], sandbox: &Sandbox) -> Vec<ModuleRoot> {
    modules_in_noting(modulepath, sandbox).0
}

/// [`modules_in`], with a note for each entry the sandbox refuses (a symbolic link leading
/// out of the repository and the module path): it is not read, and the user is told.
pub fn modules_in_noting(
    modulepath: &[PathBuf],
    sandbox: &Sandbox,
) -> (Vec<ModuleRoot>, Vec<crate::sandbox::Note>) {
    let mut notes = Vec::new();
    let roots = module_folders(modulepath, sandbox, &mut notes)
        .iter()
        .filter_map(|p| module_path_entry(p, sandbox))
        .collect();
    (roots, notes)
}

/// A folder directly below a folder of the module path: a module for Puppet even without
/// `manifests/` or `metadata.json` when it holds code (`lib/`, `functions/`, `types/`: a site
/// module of custom facts and functions), named after the folder.
fn module_path_entry(dir: &Path, sandbox: &Sandbox) -> Option<ModuleRoot> {
    if let Some(root) = module_root(dir, sandbox) {
        return Some(root);
    }
    let has_code = ["lib", "functions", "types"]
        .iter()
        .any(|d| dir.join(d).is_dir());
    if !has_code || is_environment(dir) {
        return None;
    }
    let name = dir.file_name()?.to_str()?;
    is_module_name(name).then(|| ModuleRoot {
        name: name.to_string(),
        path: dir.to_path_buf(),
    })
}

/// The notes of the entries of a module path the sandbox refuses (see
/// [`modules_in_noting`]), without looking at the modules.
pub fn refused_in(modulepath: &[PathBuf], sandbox: &Sandbox) -> Vec<crate::sandbox::Note> {
    let mut notes = Vec::new();
    module_folders(modulepath, sandbox, &mut notes);
    notes
}

/// The folders directly below the folders of a module path that the sandbox lets plint list,
/// in order; a note in `notes` for each one it refuses.
pub fn module_folders(
    modulepath: &[PathBuf],
    sandbox: &Sandbox,
    notes: &mut Vec<crate::sandbox::Note>,
) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in modulepath {
        let Ok(entries) = sandbox.read_dir(dir) else {
            continue;
        };
        for path in entries.iter().map(|e| e.path()) {
            if !path.is_dir() {
                continue;
            }
            if sandbox.check(&path).is_err() {
                notes.push(crate::sandbox::Note {
                    path,
                    kind: crate::sandbox::NoteKind::Outside,
                });
                continue;
            }
            out.push(path);
        }
    }
    out
}

/// The module root each file lies in: the nearest folder above it that is one of a set of
/// roots (compared as paths are written: walked files and the roots found with them agree).
#[derive(Debug, Default)]
pub struct ModuleMap<'a> {
    by_path: rustc_hash::FxHashMap<&'a Path, &'a ModuleRoot>,
}

impl<'a> ModuleMap<'a> {
    pub fn new(roots: &'a [ModuleRoot]) -> Self {
        ModuleMap {
            by_path: roots.iter().map(|r| (r.path.as_path(), r)).collect(),
        }
    }

    /// The root of the module `file` lies in, if it is one of the map's.
    pub fn of(&self, file: &Path) -> Option<&'a ModuleRoot> {
        if self.by_path.is_empty() {
            return None;
        }
        file.ancestors().skip(1).take(32).find_map(|dir| {
            // `manifests/init.pp` given alone lies in the module at `.`.
            let dir = if dir.as_os_str().is_empty() {
                Path::new(".")
            } else {
                dir
            };
            self.by_path.get(dir).copied()
        })
    }
}

/// The files of a module that define something, each list sorted by path.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ModuleFiles {
    /// `.pp` files under `manifests/`, `functions/` and `types/`.
    pub puppet: Vec<PathBuf>,
    /// Ruby 4.x functions: `lib/puppet/functions/**/*.rb`.
    pub functions_4x: Vec<PathBuf>,
    /// Ruby 3.x functions: `lib/puppet/parser/functions/*.rb`.
    pub functions_3x: Vec<PathBuf>,
    /// Ruby resource types: `lib/puppet/type/*.rb`.
    pub resource_types: Vec<PathBuf>,
    /// Every file under `templates/` (what `template()` and `epp()` may name).
    pub templates: Vec<PathBuf>,
    /// Every file under `files/` (what `file()` and `puppet:///modules/` sources may name).
    pub files: Vec<PathBuf>,
}

/// Lists the files of the module at `root` that define something (see [`ModuleFiles`]),
/// through the sandbox's walker (links followed where it allows them).
pub fn module_files(root: &Path, sandbox: &Sandbox) -> ModuleFiles {
    let mut out = ModuleFiles::default();
    let pp = |p: &Path| p.extension().is_some_and(|e| e == "pp");
    let rb = |p: &Path| p.extension().is_some_and(|e| e == "rb");
    for dir in ["manifests", "functions", "types"] {
        out.puppet
            .extend(sandbox.files_under(&root.join(dir), true, &pp));
    }
    let lib = root.join("lib/puppet");
    out.functions_4x = sandbox.files_under(&lib.join("functions"), true, &rb);
    out.functions_3x = sandbox.files_under(&lib.join("parser/functions"), false, &rb);
    out.resource_types = sandbox.files_under(&lib.join("type"), false, &rb);
    out.templates = sandbox.files_under(&root.join("templates"), true, &|_| true);
    out.files = sandbox.files_under(&root.join("files"), true, &|_| true);
    out
}

/// The kind of directory a module autoloads `.pp` files from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AutoloadDir {
    /// `manifests/`: classes and defined types.
    Manifests,
    /// `functions/`: functions written in Puppet.
    Functions,
    /// `types/`: type aliases.
    Types,
}

/// Where a file sits in a module whose files Puppet's autoloader loads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleFile {
    /// The module's name (from its folder, without an `author-` prefix).
    pub module: String,
    /// The module's folder name, as in the path (`puppetlabs-apache`, `build`).
    pub folder: String,
    pub dir: AutoloadDir,
    /// The folders below the autoload directory, then the file name without `.pp`, in lower
    /// case.
    pub rest: Vec<String>,
}

impl ModuleFile {
    /// The name every definition in the file must start with (Puppet's rule, a plain string
    /// prefix): `mod` for `mod/manifests/init.pp`, `mod::a::b` for `mod/manifests/a/b.pp`.
    /// It is also the name the autoloader loads the file for.
    pub fn namespace(&self) -> String {
        let mut names = vec![self.module.as_str()];
        let init = self.rest.len() == 1 && self.rest[0] == "init";
        if !init {
            names.extend(self.rest.iter().map(String::as_str));
        }
        names.join("::")
    }

    /// Whether `name` is [`ModuleFile::namespace`] (without making it).
    pub fn is_namespace(&self, name: &str) -> bool {
        let Some(mut rest) = name.strip_prefix(self.module.as_str()) else {
            return false;
        };
        if !(self.rest.len() == 1 && self.rest[0] == "init") {
            for segment in &self.rest {
                match rest
                    .strip_prefix("::")
                    .and_then(|r| r.strip_prefix(segment.as_str()))
                {
                    Some(r) => rest = r,
                    None => return false,
                }
            }
        }
        rest.is_empty()
    }
}

/// The module file at `path`, if it is a `.pp` file Puppet autoloads from a module:
/// `<module>/manifests/**.pp`, `<module>/functions/**.pp` or `<module>/types/**.pp`. The
/// module folder may carry an author prefix (`puppetlabs-apache`). A relative path without a
/// module folder is made absolute from the current directory first. Not module files: the
/// environment's main manifests (`manifests/site.pp`, anything under
/// `environments/<env>/manifests/`, rspec-puppet's `spec/fixtures/manifests/`, and a folder
/// holding `environment.conf` or a `Puppetfile`) and files whose module folder is not a module name.
pub fn module_file(path: &str) -> Option<ModuleFile> {
    module_file_in(path, None)
}

/// [`module_file`], when discovery found the module root holding the file (`known`, as
/// [`module_root`] found it): a file in that root's `manifests/` needs no look at the folder,
/// since [`module_root`] made sure it is no environment.
pub fn module_file_in(path: &str, known: Option<&Path>) -> Option<ModuleFile> {
    // The path's components, without empty ones and `.`.
    fn split<'p>(p: &'p str, parts: &mut Vec<&'p str>) {
        parts.clear();
        parts.extend(p.split(['/', '\\']).filter(|c| !c.is_empty() && *c != "."));
    }
    let is_dir = |p: &&str| matches!(*p, "manifests" | "functions" | "types");
    let mut parts = Vec::with_capacity(16);
    split(path, &mut parts);
    let mut absolute = path.starts_with(['/', '\\']);
    let made_absolute;
    // A path from inside the module (`manifests/x.pp`) names no module folder: make it absolute.
    if !parts[..parts.len().saturating_sub(1)].iter().any(is_dir)
        || (!absolute && parts.first().is_some_and(is_dir))
    {
        made_absolute = std::path::absolute(path)
            .ok()?
            .to_string_lossy()
            .into_owned();
        split(&made_absolute, &mut parts);
        absolute = true;
    }
    // The file name must end in `.pp`, in any case (ASCII bytes: the cut is a char boundary).
    let file = *parts.last()?;
    let stem_len = file.len().checked_sub(3)?;
    if !file.as_bytes()[stem_len..].eq_ignore_ascii_case(b".pp") {
        return None;
    }
    let stem = &file[..stem_len];
    let last_dir = parts.len() - 1;
    // The last `manifests` folder wins; otherwise the last `functions` or `types` one.
    let at = parts[..last_dir]
        .iter()
        .rposition(|p| *p == "manifests")
        .or_else(|| parts[..last_dir].iter().rposition(is_dir))?;
    if at == 0 {
        return None;
    }
    let folder = parts[at - 1];
    let module = folder.rsplit('-').next().unwrap_or(folder);
    // An environment's `manifests/`, and rspec-puppet's (`spec/fixtures/manifests/`).
    let parent = (at >= 2).then(|| parts[at - 2]);
    if !is_module_name(module)
        || parent == Some("environments")
        || (folder == "fixtures" && parent == Some("spec"))
    {
        return None;
    }
    // A control repository (an environment) has `manifests/` too; when the path exists, it
    // is recognized by its files.
    let mut root = String::with_capacity(path.len());
    for (i, part) in parts[..at].iter().enumerate() {
        if absolute || i > 0 {
            root.push('/');
        }
        root.push_str(part);
    }
    let root = std::path::Path::new(&root);
    let known_module = parts[at] == "manifests"
        && known.is_some_and(|k| k == root || std::path::absolute(k).is_ok_and(|k| k == root));
    if !known_module && is_environment(root) {
        return None;
    }
    // A `functions/` or `types/` folder is an autoload folder only in a module: when the
    // folder above it exists, it must look like one (`manifests/`, `metadata.json` or `lib/`),
    // so that `/work/types/site.pp` is not read as a file of a module `work`.
    if parts[at] != "manifests" && exists_without_module_files(root) {
        return None;
    }
    let dir = match parts[at] {
        "manifests" => AutoloadDir::Manifests,
        "functions" => AutoloadDir::Functions,
        _ => AutoloadDir::Types,
    };
    if dir == AutoloadDir::Manifests && at + 1 == last_dir && stem.eq_ignore_ascii_case("site") {
        return None;
    }
    let mut rest: Vec<String> = Vec::with_capacity(last_dir - at);
    rest.extend(
        parts[at + 1..last_dir]
            .iter()
            .map(|p| p.to_ascii_lowercase()),
    );
    rest.push(stem.to_ascii_lowercase());
    Some(ModuleFile {
        module: module.to_string(),
        folder: folder.to_string(),
        dir,
        rest,
    })
}

/// The file, relative to its module's root, where Puppet's autoloader looks for a definition
/// of `kind` named `name` (no leading `::`), with the module's name: `foo::bar::baz` is in
/// module `foo`, `manifests/bar/baz.pp`; `foo` is `foo`'s `manifests/init.pp`. Functions are
/// in `functions/` (and only namespaced ones: a top-level Puppet function is not autoloaded
/// from a module); type aliases in `types/`, from their lower-cased name.
pub fn autoload_path(dir: AutoloadDir, name: &str) -> Option<(String, String)> {
    let name = name.trim_start_matches("::").to_ascii_lowercase();
    let mut segments = name.split("::");
    let module = segments.next()?.to_string();
    let rest: Vec<&str> = segments.collect();
    let folder = match dir {
        AutoloadDir::Manifests => "manifests",
        AutoloadDir::Functions => "functions",
        AutoloadDir::Types => "types",
    };
    if rest.is_empty() {
        return (dir == AutoloadDir::Manifests).then(|| (module, "manifests/init.pp".to_string()));
    }
    Some((module, format!("{folder}/{}.pp", rest.join("/"))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ns(path: &str) -> Option<String> {
        module_file(path).map(|m| m.namespace())
    }

    /// `is_namespace` says what comparing with `namespace` says.
    #[test]
    fn is_namespace_compares_with_the_namespace() {
        let paths = [
            "/m/apache/manifests/init.pp",
            "/m/apache/manifests/mod/ssl.pp",
            "/m/puppetlabs-apache/manifests/vhost.pp",
            "/m/apache/functions/init.pp",
            "/m/apache/types/init/x.pp",
        ];
        let names = [
            "",
            "apache",
            "apache::",
            "apache::mod",
            "apache::mod::ssl",
            "apache::mod::ssl::x",
            "apache::vhost",
            "apache::init",
            "apache::init::x",
            "apachemod::ssl",
            "::apache",
        ];
        for path in paths {
            let m = module_file(path).unwrap();
            for name in names {
                assert_eq!(m.is_namespace(name), m.namespace() == name, "{path} {name}");
            }
        }
    }

    /// A folder named `types` or `functions` outside any module is not an autoload folder;
    /// in a folder with `manifests/` it is. (Two trees: the answer about a folder is kept for
    /// the process.)
    #[test]
    fn types_folder_outside_a_module() {
        let tmp = std::env::temp_dir().join(format!("plint-types-dir-{}", std::process::id()));
        for (module, with_manifests) in [("work", false), ("proj", true)] {
            let dir = tmp.join(module).join("types/sub");
            std::fs::create_dir_all(&dir).unwrap();
            if with_manifests {
                std::fs::create_dir_all(tmp.join(module).join("manifests")).unwrap();
            }
            let site = dir.join("site.pp");
            std::fs::write(&site, "node default {}\n").unwrap();
            let expected = with_manifests.then(|| format!("{module}::sub::site"));
            assert_eq!(ns(&site.to_string_lossy()), expected);
        }
        let _ = std::fs::remove_dir_all(&tmp);
    }

    #[test]
    fn module_files() {
        // The module name and path of each file, or `None` where no module autoloads it.
        for (path, expected) in [
            ("/m/apache/manifests/init.pp", Some("apache")),
            ("apache/manifests/mod/php.pp", Some("apache::mod::php")),
            ("x/puppetlabs-ntp/manifests/a.pp", Some("ntp::a")),
            ("stdlib/functions/x.pp", Some("stdlib::x")),
            ("stdlib/types/compat/ip.pp", Some("stdlib::compat::ip")),
            ("m/spec/fixtures/modules/f/manifests/init.pp", Some("f")),
            ("/code/environments/production/manifests/a.pp", None),
            ("/m/x/spec/fixtures/manifests/site_test.pp", None),
            ("/repo/control/manifests/site.pp", None),
            ("/repo/Bad/manifests/a.pp", None),
            ("/m/apache/examples/a.pp", None),
            ("/m/apache/manifests/a.rb", None),
            ("/m/apache/manifests/pp", None),
            ("/m/apache/manifests/Mod/SSL.PP", Some("apache::mod::ssl")),
            ("/m/apache/./manifests//a.Pp", Some("apache::a")),
            ("C:\\m\\apache\\manifests\\b\\c.pp", Some("apache::b::c")),
            ("/m/apache/manifests/SITE.pp", None),
            ("/m/apache/manifests/x/site.pp", Some("apache::x::site")),
            ("/m/apache/functions/site.pp", Some("apache::site")),
        ] {
            assert_eq!(ns(path).as_deref(), expected, "{path}");
        }
        let dir = std::env::temp_dir().join("plint-support-test/control-repo");
        std::fs::create_dir_all(dir.join("manifests")).unwrap();
        std::fs::write(dir.join("Puppetfile"), "").unwrap();
        let nodes = dir.join("manifests/nodes.pp");
        assert_eq!(ns(&nodes.to_string_lossy()), None);
        assert_eq!(
            ns("/nonexistent/control-repo/manifests/nodes.pp").as_deref(),
            Some("repo::nodes")
        );
    }

    #[test]
    fn module_roots_and_names() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        std::fs::create_dir_all(root.join("puppetlabs-apache/manifests")).unwrap();
        std::fs::create_dir_all(root.join("lib_only")).unwrap();
        std::fs::write(
            root.join("lib_only/metadata.json"),
            r#"{"name": "puppetlabs/augeas_core", "version": "1.0.0"}"#,
        )
        .unwrap();
        std::fs::create_dir_all(root.join("notes")).unwrap();
        std::fs::create_dir_all(root.join("control/manifests")).unwrap();
        std::fs::write(root.join("control/Puppetfile"), "").unwrap();
        let found = modules_in(
            &[root.to_path_buf()],
            &Sandbox::new(root, &[root.to_path_buf()]),
        );
        let names: Vec<_> = found.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["augeas_core", "apache"], "in path order");
        assert_eq!(found[0].path, root.join("lib_only"));
        assert_eq!(
            name_in_metadata(r#"{"name":"saz-rsyslog"}"#).as_deref(),
            Some("rsyslog")
        );
        assert_eq!(name_in_metadata("{"), None);
    }

    #[test]
    fn autoload_paths() {
        let m = |d, n| autoload_path(d, n);
        assert_eq!(
            m(AutoloadDir::Manifests, "::Foo::Bar::baz"),
            Some(("foo".into(), "manifests/bar/baz.pp".into()))
        );
        assert_eq!(
            m(AutoloadDir::Manifests, "foo"),
            Some(("foo".into(), "manifests/init.pp".into()))
        );
        assert_eq!(m(AutoloadDir::Functions, "foo"), None);
        assert_eq!(
            m(AutoloadDir::Types, "Stdlib::Compat::Ip"),
            Some(("stdlib".into(), "types/compat/ip.pp".into()))
        );
    }
}
