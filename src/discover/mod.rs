//! Finding the files to check.
//!
//! [`discover`] walks the given paths in a deterministic order (each directory's entries
//! sorted by name, depth first) and collects:
//! - every path given explicitly as a file, whatever its extension;
//! - every `*.pp` file found under a directory given explicitly.
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

pub mod module;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::ffi::OsStr;
use std::fmt;
use std::fs;
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
    /// The files to check, in walk order, each once.
    pub files: Vec<PathBuf>,
    /// Things the user may want to know about, in walk order.
    pub notes: Vec<Note>,
    /// The module roots met, each once, in walk order.
    pub modules: Vec<module::ModuleRoot>,
}

/// Something skipped during the walk, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub path: PathBuf,
    pub kind: NoteKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoteKind {
    /// A directory that could not be listed.
    UnreadableDir(String),
    /// A symbolic link whose target does not exist.
    BrokenSymlink,
    /// A symbolic link or entry whose target could not be examined.
    Inaccessible(String),
    /// A symbolic link back to a directory that contains it.
    SymlinkLoop { ancestor: PathBuf },
}

impl fmt::Display for NoteKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoteKind::UnreadableDir(e) => write!(f, "cannot read directory ({e}); skipped"),
            NoteKind::BrokenSymlink => write!(f, "broken symbolic link; skipped"),
            NoteKind::Inaccessible(e) => write!(f, "cannot access ({e}); skipped"),
            NoteKind::SymlinkLoop { ancestor } => write!(
                f,
                "symbolic link loop back to `{}`; not followed",
                ancestor.display()
            ),
        }
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.kind)
    }
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

/// Walks `paths` (see the module documentation).
pub fn discover(paths: &[PathBuf]) -> Result<Discovered, Error> {
    use rayon::prelude::*;
    let mut walker = Walker::default();
    // Asked in parallel (on the current rayon pool): a run may be given thousands of files.
    let metas: Vec<io::Result<fs::Metadata>> = paths.par_iter().map(fs::metadata).collect();
    // The folders whose module root the files given explicitly will ask for, looked at in
    // parallel first (each once); the walk below then finds the answers kept.
    let mut asked: HashSet<PathBuf> = HashSet::default();
    let mut folders: Vec<PathBuf> = Vec::new();
    let mut last_parent = None;
    for (path, meta) in paths.iter().zip(&metas) {
        if meta.as_ref().is_ok_and(|m| !m.is_dir()) && last_parent != path.parent() {
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
    let answers: Vec<Option<module::ModuleRoot>> =
        folders.par_iter().map(|d| module::module_root(d)).collect();
    walker.known_roots = folders.into_iter().zip(answers).collect();
    for (path, meta) in paths.iter().zip(metas) {
        let meta = meta.map_err(|source| Error {
            path: path.clone(),
            source,
        })?;
        if meta.is_dir() {
            let mut chain = Vec::new();
            walker.walk_dir(path, &meta, &mut chain);
        } else {
            walker.add_file(path.clone(), &meta);
            walker.add_root_of_file(path);
        }
    }
    Ok(walker.out)
}

/// Identity of a file or directory: (device, inode), or the canonical path where the
/// platform has no inodes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FileId {
    #[cfg_attr(not(unix), allow(dead_code))]
    Inode(u64, u64),
    #[cfg_attr(unix, allow(dead_code))]
    Path(PathBuf),
}

/// The identity of the file at `path` (symbolic links followed); the path as given when it
/// cannot be read. Two paths of one file have the same identity, like their canonical paths,
/// for one `stat` instead of a `readlink` per component.
pub fn identity(path: &Path) -> FileId {
    match fs::metadata(path) {
        Ok(meta) => file_id(path, &meta),
        Err(_) => FileId::Path(path.to_path_buf()),
    }
}

fn file_id(path: &Path, meta: &fs::Metadata) -> FileId {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let _ = path;
        FileId::Inode(meta.dev(), meta.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        FileId::Path(fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()))
    }
}

#[derive(Default)]
struct Walker {
    out: Discovered,
    dirs_seen: HashSet<FileId>,
    files_seen: HashSet<FileId>,
    roots_seen: HashSet<PathBuf>,
    /// Folders already looked at that are no module root (so that the files of one folder,
    /// given one by one, cost one look each).
    non_roots: HashSet<PathBuf>,
    /// What [`module::module_root`] answered for folders looked at ahead (see [`discover`]).
    known_roots: HashMap<PathBuf, Option<module::ModuleRoot>>,
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

impl Walker {
    fn add_file(&mut self, path: PathBuf, meta: &fs::Metadata) {
        if self.files_seen.insert(file_id(&path, meta)) {
            self.out.files.push(path);
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
            None => module::module_root(dir),
        }
    }

    fn note(&mut self, path: PathBuf, kind: NoteKind) {
        self.out.notes.push(Note { path, kind });
    }

    /// `chain` holds the directories from the walk's root down to `dir`'s parent.
    fn walk_dir(&mut self, dir: &Path, meta: &fs::Metadata, chain: &mut Vec<(FileId, PathBuf)>) {
        let id = file_id(dir, meta);
        if let Some((_, ancestor)) = chain.iter().find(|(a, _)| *a == id) {
            let ancestor = ancestor.clone();
            self.note(dir.to_path_buf(), NoteKind::SymlinkLoop { ancestor });
            return;
        }
        if !self.dirs_seen.insert(id.clone()) {
            // Already walked through another path.
            return;
        }
        let entries = match fs::read_dir(dir) {
            Ok(rd) => rd.collect::<Result<Vec<_>, _>>(),
            Err(e) => Err(e),
        };
        let mut entries = match entries {
            Ok(entries) => entries,
            Err(e) => {
                self.note(dir.to_path_buf(), NoteKind::UnreadableDir(e.to_string()));
                return;
            }
        };
        entries.sort_by_key(|e| e.file_name());
        // Modules do not nest: a folder inside a module (`collectd/types/manifests/`) is
        // not another one.
        if !chain.iter().any(|(_, p)| self.roots_seen.contains(p))
            && entries
                .iter()
                .any(|e| e.file_name() == "manifests" || e.file_name() == "metadata.json")
            && let Some(root) = module::module_root(dir)
        {
            self.add_root(root);
        }
        chain.push((id, dir.to_path_buf()));
        for entry in entries {
            let path = entry.path();
            let file_type = match entry.file_type() {
                Ok(t) => t,
                Err(e) => {
                    self.note(path, NoteKind::Inaccessible(e.to_string()));
                    continue;
                }
            };
            let name = entry.file_name();
            let is_pp = Path::new(&name).extension() == Some(OsStr::new("pp"));
            // Decide from the entry's type what needs a `stat`: symlinks (followed), dirs
            // (their identity guards against loops) and `.pp` files (their identity avoids
            // checking a file twice). Other files are skipped without one.
            if !file_type.is_symlink()
                && ((file_type.is_file() && !is_pp)
                    || (file_type.is_dir() && is_skipped_dir(dir, &name)))
            {
                continue;
            }
            let meta = match fs::metadata(&path) {
                Ok(m) => m,
                Err(e) if file_type.is_symlink() && e.kind() == io::ErrorKind::NotFound => {
                    self.note(path, NoteKind::BrokenSymlink);
                    continue;
                }
                Err(e) => {
                    self.note(path, NoteKind::Inaccessible(e.to_string()));
                    continue;
                }
            };
            if meta.is_dir() {
                if !is_skipped_dir(dir, &name) {
                    self.walk_dir(&path, &meta, chain);
                }
            } else if meta.is_file() && is_pp {
                self.add_file(path, &meta);
            }
        }
        chain.pop();
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
        let found = discover(&[root.to_path_buf()]).unwrap();
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
        let found = discover(&[root.to_path_buf()]).unwrap();
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
        let found = discover(&[root.join("mods/web2/types/manifests/init.pp")]).unwrap();
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
        let found = discover(&paths).unwrap();
        let names: Vec<&str> = found.modules.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["zeta", "web2", "alpha"]);
        assert_eq!(found.files, paths);
    }

    #[test]
    fn explicit_paths_are_always_used() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        touch(&root.join("vendor/m/init.pp"));
        touch(&root.join("site.txt"));
        let found = discover(&[root.join("vendor"), root.join("site.txt")]).unwrap();
        assert_eq!(rel(root, &found.files), ["vendor/m/init.pp", "site.txt"]);
    }

    #[test]
    fn missing_explicit_path_is_an_error() {
        let tmp = tempfile::tempdir().unwrap();
        let err = discover(&[tmp.path().join("nope")]).unwrap_err();
        assert_eq!(err.source.kind(), io::ErrorKind::NotFound);
        assert!(err.to_string().contains("nope"));
    }

    #[test]
    fn files_are_reported_once() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        touch(&root.join("a.pp"));
        let found = discover(&[root.join("a.pp"), root.to_path_buf()]).unwrap();
        assert_eq!(rel(root, &found.files), ["a.pp"]);
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_are_followed_with_a_loop_guard() {
        use std::os::unix::fs::symlink;
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        touch(&root.join("real/init.pp"));
        touch(&root.join("other/x.pp"));
        symlink(root.join("other"), root.join("real/linked")).unwrap();
        symlink(root.join("real"), root.join("real/loop")).unwrap();
        symlink(root.join("missing"), root.join("real/broken.pp")).unwrap();
        symlink(root.join("other/x.pp"), root.join("real/alias.pp")).unwrap();
        let found = discover(&[root.join("real")]).unwrap();
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
    fn symlinked_directory_walked_once() {
        use std::os::unix::fs::symlink;
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        touch(&root.join("a/init.pp"));
        symlink(root.join("a"), root.join("b")).unwrap();
        let found = discover(&[root.to_path_buf()]).unwrap();
        assert_eq!(rel(root, &found.files), ["a/init.pp"]);
        assert!(found.notes.is_empty());
    }

    #[test]
    fn skipped_dir_names() {
        assert!(is_skipped_dir(Path::new("x"), OsStr::new(".git")));
        assert!(is_skipped_dir(Path::new("m/spec"), OsStr::new("fixtures")));
        assert!(!is_skipped_dir(Path::new("m"), OsStr::new("fixtures")));
        assert!(!is_skipped_dir(Path::new("m"), OsStr::new("manifests")));
    }
}
