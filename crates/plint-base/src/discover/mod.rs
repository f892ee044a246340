//! Finding the files to check.
//!
//! [`discover`] walks the given paths in a deterministic order (each directory's entries
//! sorted by name, depth first) and collects:
//! - every path given explicitly as a file, whatever its extension: a template (`*.erb`,
//!   `*.epp`) as a template, `metadata.json`, `hiera.yaml`, a task's `tasks/*.json` and Hiera
//!   data (under a module's or environment's `data`) as such, another YAML or JSON file not
//!   at all (a [`Note`]), any other as a manifest;
//! - every `*.pp` file found under a directory given explicitly, and every template in a
//!   `templates` folder there ([`Discovered::other_files`]).
//!
//! Symbolic links are followed. Each directory is entered once (tracked by device and inode,
//! or by canonical path where there are none), so a symlink loop ends the descent with a
//! note, and a directory reachable by two paths is walked once; a file reachable by two paths
//! is checked once. Folders of version control, vendored code, build output and test fixtures
//! ([`SKIPPED_DIRS`], and `fixtures` directly under `spec`) are skipped when met during the
//! walk, but walked when given explicitly.
//!
//! Module roots (see [`module`]) met during the walk, or holding a file given explicitly, are
//! collected too: the index reads their other files (Ruby functions and types, manifests not
//! checked) without reporting on them.
//!
//! Problems met during the walk (an unreadable directory, a broken symlink, a loop) are
//! [`Note`]s, not failures: the walk goes on. A path given explicitly that does not exist is
//! an [`Error`]: the user asked for something that is not there.

pub mod deps;
pub mod lookup;
pub mod module;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::ffi::OsStr;
use std::fmt;
use std::fs;

pub use crate::sandbox::FileId;
use crate::sandbox::{Entry, Sandbox, Visitor, Walk};
use std::io;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

/// Directory names never entered during a walk (unless given explicitly).
pub const SKIPPED_DIRS: &[&str] = &[
    ".git",
    ".hg",
    ".svn",
    "vendor",
    "node_modules",
    "target",
    ".bundle",
    "pkg",
];

/// What a walk found.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Discovered {
    /// The manifests to check, in walk order, each once.
    pub files: Vec<PathBuf>,
    /// The other files to check (templates), in walk order, each once.
    pub other_files: Vec<OtherFile>,
    /// Things the user may want to know about, in walk order.
    pub notes: Vec<Note>,
    /// The module roots met, each once, in walk order.
    pub modules: Vec<module::ModuleRoot>,
    /// The roots of modules a control repository installs, set aside by the caller: indexed
    /// but not checked.
    pub installed: Vec<module::ModuleRoot>,
    /// The paths given that are folders (as given): what the later steps of a run ask of the
    /// paths, known without another look at each.
    pub folders_given: HashSet<PathBuf>,
}

pub use crate::sandbox::{Note, NoteKind};

/// A file checked that is not a manifest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OtherFile {
    pub path: PathBuf,
    pub kind: FileKind,
}

/// What a file checked that is not a manifest is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileKind {
    /// An ERB template (`*.erb`).
    Erb,
    /// An EPP template (`*.epp`).
    Epp,
    /// A module's `metadata.json`.
    Metadata,
    /// A module's `hiera.yaml` (its root's).
    ModuleHiera,
    /// An environment's `hiera.yaml` (a control repository's root's).
    EnvironmentHiera,
    /// A Hiera data file (`*.yaml`, `*.yml`, `*.json` under the `data` folder of a module or
    /// of an environment with a `hiera.yaml`).
    HieraData,
    /// A Bolt task's metadata (`tasks/*.json` of a module).
    TaskMetadata,
}

impl FileKind {
    /// The kind of a file given explicitly (by its name; `None`: a manifest).
    pub fn of_explicit(path: &Path) -> Option<FileKind> {
        if path.file_name() == Some(OsStr::new("metadata.json")) {
            return Some(FileKind::Metadata);
        }
        if is_task_metadata(path) {
            return Some(FileKind::TaskMetadata);
        }
        if path.file_name() == Some(OsStr::new("hiera.yaml")) {
            let dir = match path.parent() {
                Some(d) if d.as_os_str().is_empty() => Path::new("."),
                Some(d) => d,
                None => Path::new("."),
            };
            return Some(if module::is_environment(dir) {
                FileKind::EnvironmentHiera
            } else {
                FileKind::ModuleHiera
            });
        }
        if is_hiera_data_name(path) && hiera_data_root(path).is_some() {
            return Some(FileKind::HieraData);
        }
        match path.extension().and_then(OsStr::to_str) {
            Some("erb") => Some(FileKind::Erb),
            Some("epp") => Some(FileKind::Epp),
            _ => None,
        }
    }

    /// The kind of a file met during a walk, by its name and folder (`None`: not checked
    /// unless it is a manifest). Templates are those in a `templates` folder, where Puppet
    /// looks for them.
    fn of_walked(dir: &Path, name: &OsStr) -> Option<FileKind> {
        if name == "hiera.yaml" {
            // A module's or an environment's (see `Walker::file`).
            return Some(FileKind::ModuleHiera);
        }
        if name == "metadata.json" {
            // A module's own, beside its `manifests` (see `Walker::file`).
            return Some(FileKind::Metadata);
        }
        if is_task_metadata(&dir.join(name)) {
            // A module's (see `Walker::file`).
            return Some(FileKind::TaskMetadata);
        }
        if is_hiera_data_name(Path::new(name)) {
            return dir
                .components()
                .any(|c| c.as_os_str() == "data")
                .then_some(FileKind::HieraData);
        }
        match FileKind::of_explicit(Path::new(name))? {
            kind @ (FileKind::Erb | FileKind::Epp) => dir
                .components()
                .any(|c| c.as_os_str() == "templates")
                .then_some(kind),
            _ => None,
        }
    }
}

/// Whether `path` is `tasks/<name>.json`.
fn is_task_metadata(path: &Path) -> bool {
    path.extension() == Some(OsStr::new("json"))
        && path.parent().and_then(Path::file_name) == Some(OsStr::new("tasks"))
}

/// A name a Hiera data file may have.
fn is_hiera_data_name(path: &Path) -> bool {
    matches!(
        path.extension().and_then(OsStr::to_str),
        Some("yaml" | "yml" | "json")
    )
}

/// The folder holding the `data` folder a data file lies in, when that folder is a module's or
/// environment's (it holds `hiera.yaml`, `manifests` or `metadata.json`).
fn hiera_data_root(path: &Path) -> Option<&Path> {
    path.ancestors().skip(1).find_map(|d| {
        if d.file_name() != Some(OsStr::new("data")) {
            return None;
        }
        let root = d.parent()?;
        let root_dir = if root.as_os_str().is_empty() {
            Path::new(".")
        } else {
            root
        };
        (root_dir.join("hiera.yaml").is_file()
            || root_dir.join("manifests").is_dir()
            || root_dir.join("metadata.json").is_file())
        .then_some(root)
    })
}

/// A path given on the command line that cannot be used.
#[derive(Debug)]
pub struct Error {
    pub path: PathBuf,
    pub source: io::Error,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot access `{}`: {}",
            self.path.display(),
            self.source
        )
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

/// Walks `paths` (see the module documentation), reading only what `sandbox` allows.
pub fn discover(paths: &[PathBuf], sandbox: &Sandbox) -> Result<Discovered, Error> {
    use rayon::prelude::*;
    let mut walker = Walker {
        sandbox,
        out: Discovered::default(),
        files_seen: HashSet::default(),
        roots_seen: HashSet::default(),
        non_roots: HashSet::default(),
        known_roots: HashMap::default(),
        in_module: Vec::new(),
        last_folder: None,
    };
    // Asked in parallel (on the current rayon pool): a run may be given thousands of files.
    let metas: Vec<io::Result<fs::Metadata>> = paths.par_iter().map(fs::metadata).collect();
    // The folders whose module root the files given explicitly will ask for, looked at in
    // parallel first (each once); the walk below then finds the answers kept.
    let mut asked: HashSet<PathBuf> = HashSet::default();
    let mut folders: Vec<PathBuf> = Vec::new();
    let mut last_parent = None;
    // A text held in memory with no file at its path (standard input, an editor's unsaved
    // document) is not walked, but the module around it is found as for a file.
    let in_memory =
        |path: &Path, meta: &io::Result<fs::Metadata>| meta.is_err() && sandbox.is_in_memory(path);
    for (path, meta) in paths.iter().zip(&metas) {
        let file = meta.as_ref().is_ok_and(|m| !m.is_dir()) || in_memory(path, meta);
        if file && last_parent != path.parent() {
            last_parent = path.parent();
            for_root_candidates(path, &mut |dir| {
                if !asked.contains(dir) {
                    asked.insert(dir.to_path_buf());
                    folders.push(dir.to_path_buf());
                }
                ControlFlow::Continue(())
            });
        }
    }
    let answers: Vec<Option<module::ModuleRoot>> = folders
        .par_iter()
        .map(|d| module::module_root(d, sandbox))
        .collect();
    walker.known_roots = folders.into_iter().zip(answers).collect();
    for (path, meta) in paths.iter().zip(metas) {
        if in_memory(path, &meta) {
            walker.add_root_of_file(path);
            continue;
        }
        let meta = meta.map_err(|source| Error {
            path: path.clone(),
            source,
        })?;
        if meta.is_dir() {
            walker.out.folders_given.insert(path.clone());
            let mut walk = Walk::new(sandbox);
            walk.run(path, &meta, &mut walker);
        } else {
            match FileKind::of_explicit(path) {
                Some(kind) => walker.add_other(path.clone(), &meta, kind),
                // Data that is none of plint's (a workflow, a linter's configuration), handed
                // over by a pre-commit hook whose pattern matches more than plint reads.
                None if is_hiera_data_name(path) => walker.out.notes.push(Note {
                    path: path.clone(),
                    kind: NoteKind::NotChecked,
                }),
                None => walker.add_file(path.clone(), &meta),
            }
            walker.add_root_of_file(path);
        }
    }
    Ok(walker.out)
}

/// The identity of the file at `path` (symbolic links followed); the path as given when it
/// cannot be read. Two paths of one file have the same identity, like their canonical paths,
/// for one `stat` instead of a `readlink` per component.
pub fn identity(path: &Path) -> FileId {
    match fs::metadata(path) {
        Ok(meta) => FileId::of(path, &meta),
        Err(_) => FileId::Path(path.to_path_buf()),
    }
}

struct Walker<'s> {
    sandbox: &'s Sandbox,
    out: Discovered,
    files_seen: HashSet<FileId>,
    roots_seen: HashSet<PathBuf>,
    /// Folders already looked at that are no module root (so that the files of one folder,
    /// given one by one, cost one look each).
    non_roots: HashSet<PathBuf>,
    /// What [`module::module_root`] answered for folders looked at ahead (see [`discover`]).
    known_roots: HashMap<PathBuf, Option<module::ModuleRoot>>,
    /// For each folder being walked, whether a module root holds it (modules do not nest).
    in_module: Vec<bool>,
    /// The folder of the last file given whose module root was looked for.
    last_folder: Option<PathBuf>,
}

/// Calls `f` with each folder that may be the module root holding a file given explicitly,
/// nearest first, until it breaks: the file's ancestors (then, for a relative path, those of
/// the working directory), at most 8.
fn for_root_candidates(file: &Path, f: &mut dyn FnMut(&Path) -> ControlFlow<()>) {
    let cwd = file
        .is_relative()
        .then(|| std::path::absolute(".").ok())
        .flatten();
    let dirs = file
        .ancestors()
        .skip(1)
        .map(|d| {
            if d.as_os_str().is_empty() {
                Path::new(".")
            } else {
                d
            }
        })
        .chain(cwd.iter().flat_map(|c| c.ancestors().skip(1)));
    for dir in dirs.take(8) {
        if f(dir).is_break() {
            return;
        }
    }
}

impl Walker<'_> {
    fn add_file(&mut self, path: PathBuf, meta: &fs::Metadata) {
        if self.files_seen.insert(FileId::of(&path, meta)) {
            self.out.files.push(path);
        }
    }

    fn add_other(&mut self, path: PathBuf, meta: &fs::Metadata, kind: FileKind) {
        if self.files_seen.insert(FileId::of(&path, meta)) {
            self.out.other_files.push(OtherFile { path, kind });
        }
    }

    fn add_root(&mut self, root: module::ModuleRoot) {
        if self.roots_seen.insert(root.path.clone()) {
            self.out.modules.push(root);
        }
    }

    /// The module root holding a file given explicitly: the nearest ancestor folder that is
    /// one (at most 8 levels up), in the form the file was given (relative stays relative).
    fn add_root_of_file(&mut self, file: &Path) {
        // The files of a folder, given one after another, have its answer.
        if file.parent().is_some() && file.parent() == self.last_folder.as_deref() {
            return;
        }
        self.last_folder = file.parent().map(Path::to_path_buf);
        for_root_candidates(file, &mut |dir| {
            if self.roots_seen.contains(dir) {
                return ControlFlow::Break(());
            }
            if self.non_roots.contains(dir) {
                return ControlFlow::Continue(());
            }
            if let Some(root) = self.module_root(dir) {
                // `collectd/types/manifests/init.pp` is in `collectd`, not in a module `types`.
                let inner = dir.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                    [
                        "manifests",
                        "functions",
                        "types",
                        "lib",
                        "templates",
                        "files",
                        "examples",
                    ]
                    .contains(&n)
                });
                let outer = dir
                    .parent()
                    .filter(|_| inner)
                    .map(|p| {
                        if p.as_os_str().is_empty() {
                            Path::new(".")
                        } else {
                            p
                        }
                    })
                    .and_then(|p| self.module_root(p));
                self.add_root(outer.unwrap_or(root));
                return ControlFlow::Break(());
            }
            self.non_roots.insert(dir.to_path_buf());
            ControlFlow::Continue(())
        });
    }

    /// [`module::module_root`], answered from [`Walker::known_roots`] when it was asked
    /// already.
    fn module_root(&self, dir: &Path) -> Option<module::ModuleRoot> {
        match self.known_roots.get(dir) {
            Some(known) => known.clone(),
            None => module::module_root(dir, self.sandbox),
        }
    }
}

impl Visitor for Walker<'_> {
    fn enter(&mut self, dir: &Path, names: &[&OsStr], _depth: usize) -> bool {
        // Modules do not nest: a folder inside a module (`collectd/types/manifests/`) is
        // not another one.
        let inside = self.in_module.last().copied().unwrap_or(false);
        let mut here = inside;
        if !inside
            && names
                .iter()
                .any(|n| *n == "manifests" || *n == "metadata.json" || *n == module::BOLT_PROJECT)
            && let Some(root) = module::module_root(dir, self.sandbox)
        {
            self.add_root(root);
            here = true;
        }
        self.in_module.push(here);
        true
    }

    fn leave(&mut self, _dir: &Path) {
        self.in_module.pop();
    }

    fn wants_dir(&mut self, entry: &Entry<'_>) -> bool {
        !is_skipped_dir(entry.dir, entry.name)
    }

    fn wants_file(&mut self, entry: &Entry<'_>) -> bool {
        Path::new(entry.name).extension() == Some(OsStr::new("pp"))
            || FileKind::of_walked(entry.dir, entry.name).is_some()
    }

    fn file(&mut self, path: PathBuf, meta: Option<&fs::Metadata>) {
        // The identity that tells a file found twice (given, and in a folder given).
        let looked;
        let meta = match meta {
            Some(meta) => meta,
            None => match fs::metadata(&path) {
                Ok(meta) => {
                    looked = meta;
                    &looked
                }
                Err(e) => {
                    self.note(Note {
                        kind: NoteKind::Inaccessible(e.to_string()),
                        path,
                    });
                    return;
                }
            },
        };
        match path
            .parent()
            .zip(path.file_name())
            .and_then(|(dir, name)| FileKind::of_walked(dir, name))
        {
            // Only a module root's `metadata.json` is a module's metadata.
            Some(FileKind::Metadata) => {
                if path.parent().is_some_and(|d| self.roots_seen.contains(d)) {
                    self.add_other(path, meta, FileKind::Metadata);
                }
            }
            // A module root's `hiera.yaml`, or an environment's.
            Some(FileKind::ModuleHiera | FileKind::EnvironmentHiera) => {
                let Some(dir) = path.parent() else { return };
                if self.roots_seen.contains(dir) {
                    self.add_other(path, meta, FileKind::ModuleHiera);
                } else if module::is_environment(dir) {
                    self.add_other(path, meta, FileKind::EnvironmentHiera);
                }
            }
            Some(FileKind::HieraData) => {
                if hiera_data_root(&path).is_some() {
                    self.add_other(path, meta, FileKind::HieraData);
                }
            }
            // A module root's `tasks` folder.
            Some(FileKind::TaskMetadata) => {
                if path
                    .parent()
                    .and_then(Path::parent)
                    .is_some_and(|root| self.roots_seen.contains(root))
                {
                    self.add_other(path, meta, FileKind::TaskMetadata);
                }
            }
            Some(kind) => self.add_other(path, meta, kind),
            None => self.add_file(path, meta),
        }
    }

    /// Listed all the same: reading it is refused with a finding that names it.
    fn refused_file(&mut self, path: PathBuf, _kind: NoteKind) {
        if self.files_seen.insert(FileId::Path(path.clone())) {
            match path
                .parent()
                .zip(path.file_name())
                .and_then(|(dir, name)| FileKind::of_walked(dir, name))
            {
                Some(kind) => self.out.other_files.push(OtherFile { path, kind }),
                None => self.out.files.push(path),
            }
        }
    }

    fn note(&mut self, note: Note) {
        self.out.notes.push(note);
    }
}

/// Whether a directory called `name` inside `parent` is skipped during a walk.
pub fn is_skipped_dir(parent: &Path, name: &OsStr) -> bool {
    let Some(name) = name.to_str() else {
        return false;
    };
    SKIPPED_DIRS.contains(&name)
        || (name == "fixtures" && parent.file_name() == Some(OsStr::new("spec")))
}

#[cfg(test)]
mod tests {
    /// [`discover`] with the sandbox of a run checking `paths`.
    fn find(paths: &[PathBuf]) -> Result<Discovered, Error> {
        let cwd = std::env::current_dir().unwrap();
        super::discover(paths, &Sandbox::new(&cwd, paths))
    }
    use super::*;

    fn touch(path: &Path) {
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, "notice(1)\n").unwrap();
    }

    fn rel(root: &Path, files: &[PathBuf]) -> Vec<String> {
        files
            .iter()
            .map(|p| {
                p.strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/")
            })
            .collect()
    }

    #[test]
    fn finds_pp_files_in_sorted_order_and_skips_build_folders() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        for f in [
            "b/init.pp",
            "a/z.pp",
            "a/b.pp",
            "a/notes.txt",
            "a/x.pp.orig",
            ".git/hooks/x.pp",
            "vendor/mod/init.pp",
            "node_modules/x.pp",
            "target/x.pp",
            "pkg/x.pp",
            ".bundle/x.pp",
            "spec/fixtures/modules/m/init.pp",
            "spec/classes/fixtures/kept.pp",
            "fixtures/kept.pp",
        ] {
            touch(&root.join(f));
        }
        let found = find(&[root.to_path_buf()]).unwrap();
        assert_eq!(
            rel(root, &found.files),
            [
                "a/b.pp",
                "a/z.pp",
                "b/init.pp",
                "fixtures/kept.pp",
                "spec/classes/fixtures/kept.pp"
            ]
        );
        assert!(found.notes.is_empty(), "{:?}", found.notes);
    }

    #[test]
    fn module_roots_are_found_once_and_do_not_nest() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        touch(&root.join("mods/puppetlabs-web/manifests/init.pp"));
        touch(&root.join("mods/web2/types/manifests/init.pp"));
        touch(&root.join("mods/web2/manifests/init.pp"));
        fs::create_dir_all(root.join("mods/libonly")).unwrap();
        fs::write(
            root.join("mods/libonly/metadata.json"),
            r#"{"name": "acme-tools"}"#,
        )
        .unwrap();
        touch(&root.join("env/manifests/site.pp"));
        fs::write(root.join("env/environment.conf"), "").unwrap();
        let found = find(&[root.to_path_buf()]).unwrap();
        let roots: Vec<_> = found
            .modules
            .iter()
            .map(|m| {
                (
                    m.name.as_str(),
                    rel(root, std::slice::from_ref(&m.path))[0].clone(),
                )
            })
            .collect();
        assert_eq!(
            roots,
            [
                ("tools", "mods/libonly".to_string()),
                ("web", "mods/puppetlabs-web".to_string()),
                ("web2", "mods/web2".to_string()),
            ]
        );
        // A file given alone brings its module.
        let found = find(&[root.join("mods/web2/types/manifests/init.pp")]).unwrap();
        assert_eq!(found.modules.len(), 1);
        assert_eq!(found.modules[0].name, "web2");
    }

    /// Files given one by one bring their modules in the order of their first file, each
    /// once, whatever folder of the module they are in (the roots are looked up ahead).
    #[test]
    fn files_given_one_by_one_bring_their_modules_in_order() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        let files = [
            "mods/zeta/manifests/init.pp",
            "mods/zeta/manifests/deep/er/x.pp",
            "mods/web2/types/manifests/init.pp",
            "mods/alpha/functions/f.pp",
            "mods/web2/manifests/init.pp",
            "env/manifests/site.pp",
            "mods/alpha/manifests/init.pp",
        ];
        for f in files {
            touch(&root.join(f));
        }
        fs::write(root.join("env/environment.conf"), "").unwrap();
        let paths: Vec<PathBuf> = files.iter().map(|f| root.join(f)).collect();
        let found = find(&paths).unwrap();
        let names: Vec<&str> = found.modules.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["zeta", "web2", "alpha"]);
        assert_eq!(found.files, paths);
    }

    #[test]
    fn ignore_files_are_honoured_unless_turned_off() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        for f in [
            "manifests/init.pp",
            "manifests/generated/x.pp",
            "manifests/scratch.pp",
            "build/out.pp",
            "keep/a.pp",
            "keep/b.pp",
            "keep/c.pp",
        ] {
            touch(&root.join(f));
        }
        fs::write(
            root.join(".gitignore"),
            "/build/
scratch.pp
*.pp.orig
",
        )
        .unwrap();
        fs::write(
            root.join("manifests/.ignore"),
            "generated
",
        )
        .unwrap();
        // A deeper file decides: `b.pp` is ignored above, whitelisted below.
        fs::write(
            root.join("keep/.gitignore"),
            "!b.pp
c.pp
",
        )
        .unwrap();
        fs::write(
            root.join(".ignore"),
            "b.pp
# a comment
",
        )
        .unwrap();
        let found = find(&[root.to_path_buf()]).unwrap();
        assert_eq!(
            rel(root, &found.files),
            ["keep/a.pp", "keep/b.pp", "manifests/init.pp"]
        );
        // A path named explicitly is walked whatever the ignore files above it say.
        let found = find(&[root.join("build")]).unwrap();
        assert_eq!(rel(root, &found.files), ["build/out.pp"]);
        // Turned off, every file is found.
        let mut sandbox = Sandbox::new(root, &[root.to_path_buf()]);
        sandbox.set_ignore_files(false);
        let found = discover(&[root.to_path_buf()], &sandbox).unwrap();
        assert_eq!(found.files.len(), 7);
    }

    #[test]
    fn explicit_paths_are_always_used() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        touch(&root.join("vendor/m/init.pp"));
        touch(&root.join("site.txt"));
        let found = find(&[root.join("vendor"), root.join("site.txt")]).unwrap();
        assert_eq!(rel(root, &found.files), ["vendor/m/init.pp", "site.txt"]);
    }

    #[test]
    fn missing_explicit_path_is_an_error() {
        let tmp = tempfile::tempdir().unwrap();
        let err = find(&[tmp.path().join("nope")]).unwrap_err();
        assert_eq!(err.source.kind(), io::ErrorKind::NotFound);
        assert!(err.to_string().contains("nope"));
    }

    #[test]
    fn files_are_reported_once() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        touch(&root.join("a.pp"));
        let found = find(&[root.join("a.pp"), root.to_path_buf()]).unwrap();
        assert_eq!(rel(root, &found.files), ["a.pp"]);
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_are_followed_with_a_loop_guard() {
        use std::os::unix::fs::symlink;
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        // A git work tree: the links lead inside the repository.
        fs::create_dir_all(root.join(".git")).unwrap();
        touch(&root.join("real/init.pp"));
        touch(&root.join("other/x.pp"));
        symlink(root.join("other"), root.join("real/linked")).unwrap();
        symlink(root.join("real"), root.join("real/loop")).unwrap();
        symlink(root.join("missing"), root.join("real/broken.pp")).unwrap();
        symlink(root.join("other/x.pp"), root.join("real/alias.pp")).unwrap();
        let found = find(&[root.join("real")]).unwrap();
        // `alias.pp` is `other/x.pp` under another name: checked once, by the first path met.
        assert_eq!(rel(root, &found.files), ["real/alias.pp", "real/init.pp"]);
        let notes: Vec<_> = found
            .notes
            .iter()
            .map(|n| {
                (
                    rel(root, std::slice::from_ref(&n.path))[0].clone(),
                    n.kind.clone(),
                )
            })
            .collect();
        assert_eq!(
            notes,
            [
                ("real/broken.pp".to_string(), NoteKind::BrokenSymlink),
                (
                    "real/loop".to_string(),
                    NoteKind::SymlinkLoop {
                        ancestor: root.join("real")
                    }
                ),
            ]
        );
        assert!(found.notes[1].to_string().contains("symbolic link loop"));
    }

    #[cfg(unix)]
    #[test]
    fn links_leading_out_of_the_checked_path_are_not_followed() {
        use std::os::unix::fs::symlink;
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        touch(&root.join("real/init.pp"));
        touch(&root.join("secret/x.pp"));
        symlink(root.join("secret"), root.join("real/linked")).unwrap();
        symlink(root.join("secret/x.pp"), root.join("real/alias.pp")).unwrap();
        symlink("/", root.join("real/rootfs")).unwrap();
        // No git work tree: the checked folder is the repository.
        let found = find(&[root.join("real")]).unwrap();
        // A manifest behind a link leading out is listed: reading it is refused with a finding.
        assert_eq!(rel(root, &found.files), ["real/alias.pp", "real/init.pp"]);
        let outside: Vec<_> = found
            .notes
            .iter()
            .filter(|n| n.kind == NoteKind::Outside)
            .map(|n| rel(root, std::slice::from_ref(&n.path))[0].clone())
            .collect();
        assert_eq!(outside, ["real/linked", "real/rootfs"]);
    }

    #[cfg(unix)]
    #[test]
    fn symlinked_directory_walked_once() {
        use std::os::unix::fs::symlink;
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        touch(&root.join("a/init.pp"));
        symlink(root.join("a"), root.join("b")).unwrap();
        let found = find(&[root.to_path_buf()]).unwrap();
        assert_eq!(rel(root, &found.files), ["a/init.pp"]);
        assert!(found.notes.is_empty());
    }

    /// A tree with links to folders met twice (before and after their real place), loops,
    /// broken links, ignore files, skipped folders and nested modules: the files, modules and
    /// notes the walk finds, in order (what a walk listing folders in parallel must match).
    #[cfg(unix)]
    #[test]
    fn a_tree_of_links_ignore_files_and_modules_is_walked_in_order() {
        use std::os::unix::fs::symlink;
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        fs::create_dir_all(root.join(".git")).unwrap();
        for m in ["alpha", "beta", "gamma", "delta"] {
            touch(&root.join(format!("mods/{m}/manifests/init.pp")));
            touch(&root.join(format!("mods/{m}/manifests/sub/deeper/x.pp")));
            touch(&root.join(format!("mods/{m}/types/manifests/inner.pp")));
            touch(&root.join(format!(
                "mods/{m}/spec/fixtures/modules/f/manifests/init.pp"
            )));
            touch(&root.join(format!("mods/{m}/vendor/v.pp")));
            touch(&root.join(format!("mods/{m}/files/scratch.pp")));
            fs::write(root.join(format!("mods/{m}/.gitignore")), "scratch.pp\n").unwrap();
        }
        fs::write(
            root.join("mods/beta/metadata.json"),
            r#"{"name": "acme-b"}"#,
        )
        .unwrap();
        touch(&root.join("shared/one.pp"));
        touch(&root.join("shared/deep/a/b/c/d/e/far.pp"));
        touch(&root.join("zz/last.pp"));
        fs::write(root.join("zz/.ignore"), "!scratch.pp\n").unwrap();
        touch(&root.join("zz/scratch.pp"));
        // Links to `shared` before and after it in walk order, at several depths.
        symlink(root.join("shared"), root.join("mods/alpha/manifests/sub/s")).unwrap();
        symlink(root.join("shared"), root.join("zz/s")).unwrap();
        symlink(root.join("shared/deep"), root.join("a_deep")).unwrap();
        symlink(root.join("mods/gamma"), root.join("mods/delta/manifests/g")).unwrap();
        symlink(root.join("mods"), root.join("mods/beta/manifests/loop")).unwrap();
        symlink(
            root.join("missing"),
            root.join("mods/beta/manifests/broken.pp"),
        )
        .unwrap();
        symlink(root.join("zz/last.pp"), root.join("mods/alpha/alias.pp")).unwrap();
        symlink("/", root.join("zz/rootfs")).unwrap();
        // The whole tree, as the walk finds it.
        let sandbox = Sandbox::new(root, &[root.to_path_buf()]);
        let found = discover(&[root.to_path_buf()], &sandbox).unwrap();
        assert_eq!(
            rel(root, &found.files),
            [
                "a_deep/a/b/c/d/e/far.pp",
                "mods/alpha/alias.pp",
                "mods/alpha/manifests/init.pp",
                "mods/alpha/manifests/sub/deeper/x.pp",
                "mods/alpha/manifests/sub/s/one.pp",
                "mods/alpha/types/manifests/inner.pp",
                "mods/beta/manifests/init.pp",
                "mods/beta/manifests/sub/deeper/x.pp",
                "mods/beta/types/manifests/inner.pp",
                "mods/delta/manifests/g/manifests/init.pp",
                "mods/delta/manifests/g/manifests/sub/deeper/x.pp",
                "mods/delta/manifests/g/types/manifests/inner.pp",
                "mods/delta/manifests/init.pp",
                "mods/delta/manifests/sub/deeper/x.pp",
                "mods/delta/types/manifests/inner.pp",
                "zz/scratch.pp",
            ]
        );
        let roots: Vec<String> = found
            .modules
            .iter()
            .map(|m| format!("{} {}", m.name, rel(root, std::slice::from_ref(&m.path))[0]))
            .collect();
        assert_eq!(
            roots,
            ["alpha mods/alpha", "b mods/beta", "delta mods/delta",]
        );
        let notes: Vec<String> = found
            .notes
            .iter()
            .map(|n| {
                format!(
                    "{} {:?}",
                    rel(root, std::slice::from_ref(&n.path))[0],
                    n.kind
                )
            })
            .collect();
        assert_eq!(
            notes,
            [
                "mods/beta/manifests/broken.pp BrokenSymlink".to_string(),
                format!(
                    "mods/beta/manifests/loop SymlinkLoop {{ ancestor: {:?} }}",
                    root.join("mods")
                ),
                "zz/rootfs Outside".to_string(),
            ]
        );
    }

    #[test]
    fn skipped_dir_names() {
        assert!(is_skipped_dir(Path::new("x"), OsStr::new(".git")));
        assert!(is_skipped_dir(Path::new("m/spec"), OsStr::new("fixtures")));
        assert!(!is_skipped_dir(Path::new("m"), OsStr::new("fixtures")));
        assert!(!is_skipped_dir(Path::new("m"), OsStr::new("manifests")));
    }
}
