//! The one walker of folders: loop-safe, depth-limited and confined to the sandbox's roots.
//!
//! Each folder is entered once per [`Walk`] (tracked by device and inode), so a symbolic link
//! back to a folder being walked ends the descent with a note, and a folder reachable by two
//! paths is walked once. Entries are visited sorted by name, depth first. A symbolic link found
//! under an untrusted root is followed only if its target lies under an allowed root.
//!
//! Ignore files are honoured (unless the sandbox says not to): a `.gitignore` or `.ignore` in a
//! walked folder applies, with git's syntax and precedence (the `ignore` crate's matcher), to
//! what lies below it, the deeper file first; an ignored entry is skipped silently. The ignore
//! files are read through the sandbox, like every other file. The folder a walk starts from is
//! walked whatever ignore files above it say: the user named it.

use std::ffi::OsStr;
use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use ignore::Match;
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use rustc_hash::FxHashSet as HashSet;

use super::{Error, Sandbox, normalize};

/// Something skipped during a walk, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub path: PathBuf,
    pub kind: NoteKind,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum NoteKind {
    /// A directory that could not be listed.
    UnreadableDir(String),
    /// A symbolic link whose target does not exist.
    BrokenSymlink,
    /// A symbolic link or entry whose target could not be examined.
    Inaccessible(String),
    /// A symbolic link back to a directory that contains it.
    SymlinkLoop { ancestor: PathBuf },
    /// A symbolic link whose target lies outside the repository and the module path.
    Outside,
    /// A folder deeper than the walk's depth limit.
    TooDeep { limit: usize },
    /// A file of the wanted kind that is not a regular file (a FIFO, a device, a socket).
    NotRegular,
    /// A YAML or JSON file given explicitly that is none plint checks (not `metadata.json`,
    /// `hiera.yaml`, a task's metadata, nor Hiera data of a module or environment).
    NotChecked,
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
            NoteKind::Outside => f.write_str(
                "symbolic link leading outside the repository and the module path; not followed",
            ),
            NoteKind::TooDeep { limit } => {
                write!(f, "more than {limit} folders deep; not entered")
            }
            NoteKind::NotRegular => f.write_str("not a regular file; skipped"),
            NoteKind::NotChecked => f.write_str(
                "not a file plint checks (YAML and JSON files are checked as `hiera.yaml`, \
                 `metadata.json`, `tasks/*.json`, and Hiera data under the `data` folder of a \
                 module or environment); skipped",
            ),
        }
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.kind)
    }
}

/// An entry of a folder being walked, before anything but its name and own type is known.
pub struct Entry<'a> {
    /// The folder holding it.
    pub dir: &'a Path,
    pub name: &'a OsStr,
}

/// What a walk does with what it finds.
pub trait Visitor {
    /// Entering `dir`, whose entry names are `names` (sorted): `false` skips it.
    fn enter(&mut self, _dir: &Path, _names: &[&OsStr], _depth: usize) -> bool {
        true
    }
    /// Leaving a folder that [`Visitor::enter`] let in.
    fn leave(&mut self, _dir: &Path) {}
    /// Whether to enter this folder (links followed).
    fn wants_dir(&mut self, entry: &Entry<'_>) -> bool;
    /// Whether this file (links followed) is wanted: [`Visitor::file`] is called for it.
    fn wants_file(&mut self, entry: &Entry<'_>) -> bool;
    /// A wanted regular file, with its metadata (links followed) when the walk looked at it:
    /// `None` for a file that its folder's listing says is a regular file (no symbolic link),
    /// which the walk does not look at again.
    fn file(&mut self, path: PathBuf, meta: Option<&fs::Metadata>);
    /// A wanted file that will not be read: behind a symbolic link leading outside the allowed
    /// roots ([`NoteKind::Outside`]), or not a regular file ([`NoteKind::NotRegular`]). A note by
    /// default; a visitor that reports on files may list it, so that reading it is refused with
    /// a finding.
    fn refused_file(&mut self, path: PathBuf, kind: NoteKind) {
        self.note(Note { path, kind });
    }
    /// Something skipped.
    fn note(&mut self, _note: Note) {}
}

/// Identity of a file or directory: (device, inode), or the canonical path where the platform
/// has no inodes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FileId {
    #[cfg_attr(not(unix), allow(dead_code))]
    Inode(u64, u64),
    #[cfg_attr(unix, allow(dead_code))]
    Path(PathBuf),
}

impl FileId {
    /// The identity of what `meta` describes (found at `path`).
    pub fn of(path: &Path, meta: &fs::Metadata) -> FileId {
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
}

/// A walk: the folders already entered (so each is walked once, whatever the number of
/// starting points), and the chain of folders being walked (so a loop is seen).
pub struct Walk<'s> {
    sandbox: &'s Sandbox,
    dirs_seen: HashSet<FileId>,
    chain: Vec<(FileId, PathBuf)>,
    /// The ignore files of the folders being walked (outermost first).
    ignores: Vec<Gitignore>,
}

/// The names of the ignore files a walk honours.
const IGNORE_FILES: [&str; 2] = [".gitignore", ".ignore"];

impl<'s> Walk<'s> {
    pub fn new(sandbox: &'s Sandbox) -> Self {
        Walk {
            sandbox,
            dirs_seen: HashSet::default(),
            chain: Vec::new(),
            ignores: Vec::new(),
        }
    }

    /// The matcher of the ignore files among `names` in `dir` (read through the sandbox), if
    /// there are any and the sandbox honours them.
    fn ignore_files_of(&self, dir: &Path, names: &[&OsStr]) -> Option<Gitignore> {
        if !self.sandbox.honours_ignore_files() {
            return None;
        }
        let present: Vec<&str> = IGNORE_FILES
            .into_iter()
            .filter(|f| names.iter().any(|n| n == f))
            .collect();
        ignore_matcher(self.sandbox, dir, &present)
    }

    /// Whether the ignore files of the folders being walked ignore `path` (a folder if
    /// `is_dir`): the deepest file that has a say decides.
    fn is_ignored(&self, path: &Path, is_dir: bool) -> bool {
        for ignore in self.ignores.iter().rev() {
            match ignore.matched(path, is_dir) {
                Match::None => continue,
                Match::Ignore(_) => return true,
                Match::Whitelist(_) => return false,
            }
        }
        false
    }

    /// Walks the folder `dir` (whose metadata, links followed, is `meta`). The folder itself
    /// must be allowed by the sandbox; a refused one is a note.
    pub fn run(&mut self, dir: &Path, meta: &fs::Metadata, visitor: &mut dyn Visitor) {
        if let Err(e) = self.sandbox.check(dir) {
            let kind = match e {
                Error::Io(e) => NoteKind::Inaccessible(e.to_string()),
                _ => NoteKind::Outside,
            };
            visitor.note(Note {
                path: dir.to_path_buf(),
                kind,
            });
            return;
        }
        self.walk_dir(dir, meta, 0, visitor);
    }

    fn walk_dir(
        &mut self,
        dir: &Path,
        meta: &fs::Metadata,
        depth: usize,
        visitor: &mut dyn Visitor,
    ) {
        let id = FileId::of(dir, meta);
        if let Some((_, ancestor)) = self.chain.iter().find(|(a, _)| *a == id) {
            let ancestor = ancestor.clone();
            visitor.note(Note {
                path: dir.to_path_buf(),
                kind: NoteKind::SymlinkLoop { ancestor },
            });
            return;
        }
        if !self.dirs_seen.insert(id.clone()) {
            // Already walked through another path.
            return;
        }
        let limit = self.sandbox.limits.max_depth;
        if depth > limit {
            visitor.note(Note {
                path: dir.to_path_buf(),
                kind: NoteKind::TooDeep { limit },
            });
            return;
        }
        let entries = match fs::read_dir(dir) {
            Ok(rd) => rd.collect::<Result<Vec<_>, _>>(),
            Err(e) => Err(e),
        };
        let mut entries = match entries {
            Ok(entries) => entries,
            Err(e) => {
                visitor.note(Note {
                    path: dir.to_path_buf(),
                    kind: NoteKind::UnreadableDir(e.to_string()),
                });
                return;
            }
        };
        entries.sort_by_key(|e| e.file_name());
        let names: Vec<std::ffi::OsString> = entries.iter().map(|e| e.file_name()).collect();
        let name_refs: Vec<&OsStr> = names.iter().map(|n| n.as_os_str()).collect();
        if !visitor.enter(dir, &name_refs, depth) {
            return;
        }
        let ignores = self.ignore_files_of(dir, &name_refs);
        let ignoring = ignores.is_some();
        self.ignores.extend(ignores);
        self.chain.push((id, dir.to_path_buf()));
        for (entry, name) in entries.iter().zip(&name_refs) {
            let path = entry.path();
            let file_type = match entry.file_type() {
                Ok(t) => t,
                Err(e) => {
                    visitor.note(Note {
                        path,
                        kind: NoteKind::Inaccessible(e.to_string()),
                    });
                    continue;
                }
            };
            let e = Entry { dir, name };
            if !self.ignores.is_empty()
                && self.is_ignored(
                    &path,
                    file_type.is_dir() || (file_type.is_symlink() && path.is_dir()),
                )
            {
                continue;
            }
            // Decide from the entry's own type what needs a `stat`: links (followed, and
            // confined) and wanted folders (their identity guards against loops). A regular
            // file is one already.
            if !file_type.is_symlink()
                && ((file_type.is_file() && !visitor.wants_file(&e))
                    || (file_type.is_dir() && !visitor.wants_dir(&e)))
            {
                continue;
            }
            if file_type.is_file() {
                visitor.file(path, None);
                continue;
            }
            let meta = match fs::metadata(&path) {
                Ok(m) => m,
                Err(err) if file_type.is_symlink() && err.kind() == io::ErrorKind::NotFound => {
                    visitor.note(Note {
                        path,
                        kind: NoteKind::BrokenSymlink,
                    });
                    continue;
                }
                Err(err) => {
                    visitor.note(Note {
                        path,
                        kind: NoteKind::Inaccessible(err.to_string()),
                    });
                    continue;
                }
            };
            if file_type.is_symlink() {
                let wanted = if meta.is_dir() {
                    visitor.wants_dir(&e)
                } else {
                    visitor.wants_file(&e)
                };
                if !wanted {
                    continue;
                }
                if !self.link_allowed(&path) {
                    if meta.is_dir() {
                        visitor.note(Note {
                            path,
                            kind: NoteKind::Outside,
                        });
                    } else {
                        visitor.refused_file(path, NoteKind::Outside);
                    }
                    continue;
                }
            }
            if meta.is_dir() {
                self.walk_dir(&path, &meta, depth + 1, visitor);
            } else if meta.is_file() {
                visitor.file(path, Some(&meta));
            } else if file_type.is_symlink() || visitor.wants_file(&e) {
                visitor.refused_file(path, NoteKind::NotRegular);
            }
        }
        self.chain.pop();
        if ignoring {
            self.ignores.pop();
        }
        visitor.leave(dir);
    }

    /// Whether the symbolic link at `path` may be followed: under a trusted root, or leading
    /// under an allowed one.
    fn link_allowed(&self, path: &Path) -> bool {
        let sandbox = self.sandbox;
        let (abs, climbs) = normalize(&sandbox.cwd, path);
        if !climbs && sandbox.is_trusted_location(&abs) {
            return true;
        }
        super::real_path(&abs).is_ok_and(|real| sandbox.allows_resolved(&real))
    }
}

/// The matcher of the ignore files `files` of `dir`, read through `sandbox` (a line that is not
/// a valid pattern is left out, as git leaves it out); `None` when none can be read.
fn ignore_matcher(sandbox: &Sandbox, dir: &Path, files: &[&str]) -> Option<Gitignore> {
    let mut builder: Option<GitignoreBuilder> = None;
    for file in files {
        let path = dir.join(file);
        let Ok(text) = sandbox.read_to_string(&path) else {
            continue;
        };
        let builder = builder.get_or_insert_with(|| GitignoreBuilder::new(dir));
        for line in text.lines() {
            let _ = builder.add_line(Some(path.clone()), line);
        }
    }
    builder.and_then(|b| b.build().ok())
}

/// What git ignores in a work tree, by its `.gitignore` files (each read once, through the
/// sandbox), whatever `--no-ignore-files` says: whether a folder is ignored is a fact of the
/// repository (what it does not track, such as modules installed by r10k).
pub struct GitIgnored<'s> {
    sandbox: &'s Sandbox,
    root: PathBuf,
    matchers: rustc_hash::FxHashMap<PathBuf, Option<Gitignore>>,
}

impl<'s> GitIgnored<'s> {
    /// The ignore files of the work tree at `root` (absolute).
    pub fn new(sandbox: &'s Sandbox, root: &Path) -> Self {
        GitIgnored {
            sandbox,
            root: root.to_path_buf(),
            matchers: rustc_hash::FxHashMap::default(),
        }
    }

    fn matcher(&mut self, dir: &Path) -> Option<&Gitignore> {
        let sandbox = self.sandbox;
        self.matchers
            .entry(dir.to_path_buf())
            .or_insert_with(|| ignore_matcher(sandbox, dir, &[".gitignore"]))
            .as_ref()
    }

    /// Whether git ignores the folder `dir` (absolute, normalized): it, or a folder above it
    /// inside the work tree, is ignored by the `.gitignore` files above it (the deepest that
    /// has a say decides).
    pub fn ignores_dir(&mut self, dir: &Path) -> bool {
        let Ok(rel) = dir.strip_prefix(&self.root) else {
            return false;
        };
        let mut at = self.root.clone();
        let mut above: Vec<PathBuf> = vec![at.clone()];
        for component in rel.components() {
            let next = at.join(component);
            for d in above.iter().rev() {
                let decision = self.matcher(d).map(|m| m.matched(&next, true));
                match decision {
                    Some(Match::Ignore(_)) => return true,
                    Some(Match::Whitelist(_)) => break,
                    _ => {}
                }
            }
            above.push(next.clone());
            at = next;
        }
        false
    }
}

/// A visitor collecting the files under a folder whose name passes a test.
struct Collect<'f> {
    wants: &'f dyn Fn(&Path) -> bool,
    deep: bool,
    files: Vec<PathBuf>,
}

impl Visitor for Collect<'_> {
    fn wants_dir(&mut self, _entry: &Entry<'_>) -> bool {
        self.deep
    }

    fn wants_file(&mut self, entry: &Entry<'_>) -> bool {
        (self.wants)(&entry.dir.join(entry.name))
    }

    fn file(&mut self, path: PathBuf, _meta: Option<&fs::Metadata>) {
        self.files.push(path);
    }
}

impl Sandbox {
    /// The files under the folder `dir` (in its sub-folders too if `deep`) whose paths pass
    /// `wants`, in walk order (sorted by name, depth first). Nothing when `dir` is not a folder
    /// the sandbox lets plint list.
    pub fn files_under(
        &self,
        dir: &Path,
        deep: bool,
        wants: &dyn Fn(&Path) -> bool,
    ) -> Vec<PathBuf> {
        let Ok(meta) = fs::metadata(dir) else {
            return Vec::new();
        };
        if !meta.is_dir() {
            return Vec::new();
        }
        let mut collect = Collect {
            wants,
            deep,
            files: Vec::new(),
        };
        Walk::new(self).run(dir, &meta, &mut collect);
        collect.files
    }
}
