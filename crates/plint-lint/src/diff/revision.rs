//! The revisions `plint diff` compares, as folders to compile from.
//!
//! A git revision is read from the repository's object database with `gix` and its tree written
//! into a private temporary folder: nothing is checked out, no hook runs, no filter or attribute
//! applies, the repository's configuration is read without the user's or the system's. What is
//! written is confined to that folder: an entry named `.`, `..`, `.git` or holding a `/` is left
//! out, each file is created new (never through an existing link), a symbolic link is written as
//! a link (the sandbox then refuses to follow one that leads out of the folder), a submodule is
//! left out with a note, a file over the sandbox's size limit is left out (plint would not read
//! it). A file whose blob the other revision's folder already holds is a hard link to that
//! file (the two folders are plint's own, private, and never written after): the unchanged
//! files of a large repository are written once.
//!
//! The modules a `Puppetfile` installs are usually ignored by git: a revision read from git
//! lacks them. When the working tree has the `moduledir` folder and the revision does not, the
//! revision gets a link to the working tree's (the same installed modules at both revisions);
//! [`puppetfile_notes`] says which modules the `Puppetfile` changes while their code is outside
//! the repository.

use std::collections::HashMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use gix::bstr::ByteSlice;

use crate::discover::deps;

/// A folder holding one revision's files.
pub struct Tree {
    /// Where the files are.
    pub root: PathBuf,
    /// The label and commit of the revision.
    pub info: super::RevisionInfo,
    /// Entries left out, a `moduledir` linked to the working tree's.
    pub notes: Vec<String>,
    /// The folder linked in from the working tree (`modules/`), which the sandbox must allow.
    pub linked: Option<PathBuf>,
    /// The regular files written from git, by blob and whether executable (none for a directory
    /// given as it is): what another revision's folder can link to.
    written: HashMap<(gix::ObjectId, bool), PathBuf>,
    /// The temporary folder of a git revision, removed when dropped.
    _temp: Option<tempfile::TempDir>,
}

impl Tree {
    /// A directory as it is (`--from-dir`, `--to-dir`, the working tree).
    pub fn directory(dir: &Path, label: &str) -> Result<Tree, String> {
        let root = dir
            .canonicalize()
            .map_err(|e| format!("cannot read the directory `{}`: {e}", dir.display()))?;
        if !root.is_dir() {
            return Err(format!("`{}` is not a directory", dir.display()));
        }
        Ok(Tree {
            root,
            info: super::RevisionInfo {
                label: label.to_string(),
                commit: None,
            },
            notes: Vec::new(),
            linked: None,
            written: HashMap::new(),
            _temp: None,
        })
    }
}

/// A git repository, opened for reading objects only.
pub struct Repository {
    repo: gix::Repository,
    /// The working tree's folder.
    pub workdir: PathBuf,
}

impl Repository {
    /// The repository holding `dir` (its nearest ancestor with a `.git`), opened with its own
    /// configuration only.
    pub fn discover(dir: &Path) -> Result<Repository, String> {
        let dir = dir
            .canonicalize()
            .map_err(|e| format!("cannot read `{}`: {e}", dir.display()))?;
        let top = dir
            .ancestors()
            .find(|d| d.join(".git").exists())
            .ok_or_else(|| {
                format!(
                    "`{}` is not in a git repository: give --from-dir and --to-dir",
                    dir.display()
                )
            })?;
        let repo = gix::open_opts(top, gix::open::Options::isolated())
            .map_err(|e| format!("cannot open the git repository `{}`: {e}", top.display()))?;
        Ok(Repository {
            workdir: repo.workdir().unwrap_or(top).to_path_buf(),
            repo,
        })
    }

    /// The commit `spec` names (`HEAD`, a branch, a tag, a hash, `main~2`).
    pub fn commit(&self, spec: &str) -> Result<gix::ObjectId, String> {
        let id = self
            .repo
            .rev_parse_single(spec)
            .map_err(|e| format!("unknown git revision `{spec}`: {e}"))?;
        let commit = id
            .object()
            .and_then(|o| o.peel_to_commit())
            .map_err(|e| format!("git revision `{spec}` is not a commit: {e}"))?;
        Ok(commit.id)
    }

    /// The best common ancestor of the commits `a` and `b` names.
    pub fn merge_base(&self, a: &str, b: &str) -> Result<gix::ObjectId, String> {
        let (x, y) = (self.commit(a)?, self.commit(b)?);
        self.repo
            .merge_base(x, y)
            .map_err(|e| format!("cannot find the merge base of `{a}` and `{b}`: {e}"))?
            .map(|id| id.detach())
            .ok_or_else(|| format!("`{a}` and `{b}` have no common ancestor"))
    }

    /// Writes the tree of `commit` into a new temporary folder (see the module documentation);
    /// files over `max_size` bytes are left out; a file `other` (a revision written before) holds
    /// is linked to it.
    pub fn write_tree(
        &self,
        commit: gix::ObjectId,
        label: &str,
        max_size: u64,
        other: Option<&Tree>,
    ) -> Result<Tree, String> {
        let temp = tempfile::Builder::new()
            .prefix("plint-diff-")
            .tempdir()
            .map_err(|e| format!("cannot make a temporary folder: {e}"))?;
        let root = temp
            .path()
            .canonicalize()
            .map_err(|e| format!("cannot read the temporary folder: {e}"))?;
        let tree = self
            .repo
            .find_commit(commit)
            .and_then(|c| c.tree())
            .map_err(|e| format!("cannot read the tree of `{label}`: {e}"))?;
        let mut writer = Writer {
            repo: &self.repo,
            max_size,
            notes: Vec::new(),
            other: other.map(|t| &t.written),
            written: HashMap::new(),
        };
        writer
            .write(tree.id, &root, "")
            .map_err(|e| format!("cannot write the files of `{label}`: {e}"))?;
        Ok(Tree {
            root,
            info: super::RevisionInfo {
                label: label.to_string(),
                commit: Some(commit.to_string()),
            },
            notes: writer.notes,
            linked: None,
            written: writer.written,
            _temp: Some(temp),
        })
    }
}

/// Writes trees' entries into a folder.
struct Writer<'r> {
    repo: &'r gix::Repository,
    max_size: u64,
    notes: Vec<String>,
    /// The files of another revision's folder, by blob and whether executable.
    other: Option<&'r HashMap<(gix::ObjectId, bool), PathBuf>>,
    /// The files written, by blob and whether executable.
    written: HashMap<(gix::ObjectId, bool), PathBuf>,
}

impl Writer<'_> {
    fn write(&mut self, tree: gix::ObjectId, dir: &Path, prefix: &str) -> Result<(), String> {
        let tree = self.repo.find_tree(tree).map_err(|e| e.to_string())?;
        let entries: Vec<(gix::objs::tree::EntryMode, Vec<u8>, gix::ObjectId)> = tree
            .decode()
            .map_err(|e| e.to_string())?
            .entries
            .iter()
            .map(|e| (e.mode, e.filename.to_vec(), e.oid.to_owned()))
            .collect();
        for (mode, name, oid) in entries {
            let shown = format!("{prefix}{}", name.as_bstr());
            let Some(name) = safe_name(&name) else {
                self.notes.push(format!(
                    "`{shown}`: a name git allows plint does not write; left out"
                ));
                continue;
            };
            let path = dir.join(name);
            if mode.is_tree() {
                fs::create_dir(&path).map_err(|e| format!("{shown}: {e}"))?;
                self.write(oid, &path, &format!("{shown}/"))?;
            } else if mode.is_commit() {
                self.notes
                    .push(format!("`{shown}`: a git submodule, left out"));
            } else {
                self.write_file(mode, oid, &path, &shown)
                    .map_err(|e| format!("{shown}: {e}"))?;
            }
        }
        Ok(())
    }

    /// A file or a symbolic link: its blob written, or a link to the other revision's copy.
    fn write_file(
        &mut self,
        mode: gix::objs::tree::EntryMode,
        oid: gix::ObjectId,
        path: &Path,
        shown: &str,
    ) -> Result<(), String> {
        let key = (oid, mode.is_executable());
        if !mode.is_link()
            && let Some(theirs) = self.other.and_then(|o| o.get(&key))
            && fs::hard_link(theirs, path).is_ok()
        {
            self.written.insert(key, path.to_path_buf());
            return Ok(());
        }
        let blob = self.repo.find_blob(oid).map_err(|e| e.to_string())?;
        if blob.data.len() as u64 > self.max_size {
            self.notes
                .push(format!("`{shown}`: over the size limit, left out"));
        } else if mode.is_link() {
            write_link(&blob.data, path).map_err(|e| e.to_string())?;
        } else {
            let mut f = fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(path)
                .map_err(|e| e.to_string())?;
            f.write_all(&blob.data).map_err(|e| e.to_string())?;
            self.written.insert(key, path.to_path_buf());
        }
        Ok(())
    }
}

/// A tree entry's name as a single component, unless it could reach outside its folder or
/// into git's own.
fn safe_name(name: &[u8]) -> Option<&str> {
    let name = std::str::from_utf8(name).ok()?;
    let refused = name.is_empty()
        || name == "."
        || name == ".."
        || name.eq_ignore_ascii_case(".git")
        || name.contains(['/', '\\', '\0']);
    (!refused).then_some(name)
}

#[cfg(unix)]
fn write_link(target: &[u8], path: &Path) -> std::io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    std::os::unix::fs::symlink(std::ffi::OsStr::from_bytes(target), path)
}

#[cfg(not(unix))]
fn write_link(_target: &[u8], _path: &Path) -> std::io::Result<()> {
    Ok(())
}

/// The `Puppetfile` of a revision (at its root), if any.
fn puppetfile(root: &Path) -> Option<(deps::Puppetfile, String)> {
    let sandbox = crate::sandbox::Sandbox::new(root, &[root.to_path_buf()]);
    let text = sandbox.read_to_string(&root.join("Puppetfile")).ok()?;
    Some((deps::puppetfile(&text), text))
}

/// Gives a revision read from git the working tree's installed modules: when the `Puppetfile`'s
/// `moduledir` (default `modules`) is missing from the revision and the working tree has it, a
/// link to the working tree's folder.
pub fn link_installed_modules(tree: &mut Tree, workdir: &Path) {
    let moduledir = puppetfile(&tree.root)
        .map(|(p, _)| p.moduledir)
        .unwrap_or_else(|| "modules".to_string());
    if safe_relative(&moduledir).is_none() {
        return;
    }
    let (ours, theirs) = (tree.root.join(&moduledir), workdir.join(&moduledir));
    if ours.symlink_metadata().is_ok() || !theirs.is_dir() {
        return;
    }
    let Ok(theirs) = theirs.canonicalize() else {
        return;
    };
    if ours.parent().is_some_and(|p| fs::create_dir_all(p).is_ok())
        && write_link(theirs.as_os_str().as_encoded_bytes(), &ours).is_ok()
    {
        tree.notes.push(format!(
            "`{moduledir}/` is not in {}: the working tree's installed modules are used",
            tree.info.label
        ));
        tree.linked = Some(theirs);
    }
}

/// A relative path of plain components.
fn safe_relative(path: &str) -> Option<&Path> {
    let p = Path::new(path);
    p.components()
        .all(|c| matches!(c, std::path::Component::Normal(_)))
        .then_some(p)
}

/// What the `Puppetfile` changes between two revisions that `plint diff` cannot show: modules
/// whose `mod` declaration differs while their code is the same folder at both revisions (the
/// working tree's installed copy) or is not there at all.
pub fn puppetfile_notes(from: &Tree, to: &Tree) -> Vec<String> {
    let (Some((a, text_a)), Some((b, text_b))) = (puppetfile(&from.root), puppetfile(&to.root))
    else {
        return Vec::new();
    };
    let decl = |p: &deps::Puppetfile, text: &str| -> Vec<(String, String)> {
        p.modules
            .iter()
            .map(|d| (d.name.clone(), declaration(text, d.span.start)))
            .collect()
    };
    let (da, db) = (decl(&a, &text_a), decl(&b, &text_b));
    let mut notes = Vec::new();
    let mut names: Vec<&String> = da.iter().chain(&db).map(|(n, _)| n).collect();
    names.sort();
    names.dedup();
    for name in names {
        let x = da.iter().find(|(n, _)| n == name).map(|(_, d)| d);
        let y = db.iter().find(|(n, _)| n == name).map(|(_, d)| d);
        if x == y {
            continue;
        }
        let folder = |t: &Tree, p: &deps::Puppetfile| {
            t.root.join(&p.moduledir).join(name).canonicalize().ok()
        };
        let (fa, fb) = (folder(from, &a), folder(to, &b));
        if fa.is_some() && fb.is_some() && fa != fb {
            continue; // each revision has its own copy: compiled as it is
        }
        let what = match (x, y) {
            (Some(_), Some(_)) => "changes",
            (None, Some(_)) => "adds",
            _ => "removes",
        };
        notes.push(format!(
            "the Puppetfile {what} module `{name}`, whose code is outside the repository: both \
             revisions compile the copy installed in `{}/`, so this diff does not show what \
             the new version changes",
            b.moduledir
        ));
    }
    notes
}

/// The text of the `mod` call at `start` (up to its last line ending without a comma), with
/// blanks squeezed.
fn declaration(text: &str, start: usize) -> String {
    let line_start = text[..start].rfind('\n').map(|i| i + 1).unwrap_or(0);
    let mut out = String::new();
    for line in text[line_start..].lines() {
        let code = line.split('#').next().unwrap_or("").trim();
        out.push_str(code);
        if !code.is_empty() && !code.ends_with(',') {
            break;
        }
    }
    out.split_whitespace().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `git` in `dir` (no user or system configuration), which must succeed.
    fn git(dir: &Path, args: &[&str]) -> String {
        let o = std::process::Command::new("git")
            .args([
                "-c",
                "user.name=plint",
                "-c",
                "user.email=plint@example.com",
            ])
            .args(args)
            .current_dir(dir)
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .output()
            .expect("run git");
        assert!(o.status.success(), "git {args:?}: {o:?}");
        String::from_utf8_lossy(&o.stdout).trim().to_string()
    }

    #[cfg(unix)]
    #[test]
    fn the_second_revision_links_the_files_the_first_holds() {
        use std::os::unix::fs::MetadataExt;
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        git(dir, &["init", "-q"]);
        fs::create_dir(dir.join("m")).unwrap();
        fs::write(dir.join("m/same.pp"), "class same {}\n").unwrap();
        fs::write(dir.join("m/copy.pp"), "class same {}\n").unwrap();
        fs::write(dir.join("m/changed.pp"), "class a {}\n").unwrap();
        git(dir, &["add", "-A"]);
        git(dir, &["commit", "-q", "-m", "one"]);
        fs::write(dir.join("m/changed.pp"), "class b {}\n").unwrap();
        git(dir, &["commit", "-q", "-am", "two"]);
        let repo = Repository::discover(dir).unwrap();
        let limit = crate::sandbox::Limits::default().max_file_size;
        let to = repo
            .write_tree(repo.commit("HEAD").unwrap(), "HEAD", limit, None)
            .unwrap();
        let from = repo
            .write_tree(repo.commit("HEAD~1").unwrap(), "HEAD~1", limit, Some(&to))
            .unwrap();
        let ino = |t: &Tree, f: &str| fs::metadata(t.root.join(f)).unwrap().ino();
        let text = |t: &Tree, f: &str| fs::read_to_string(t.root.join(f)).unwrap();
        // The same blob: one file, whatever its name.
        assert_eq!(ino(&from, "m/same.pp"), ino(&to, "m/same.pp"));
        assert_eq!(text(&from, "m/copy.pp"), "class same {}\n");
        // A changed file: each revision's own.
        assert_ne!(ino(&from, "m/changed.pp"), ino(&to, "m/changed.pp"));
        assert_eq!(text(&from, "m/changed.pp"), "class a {}\n");
        assert_eq!(text(&to, "m/changed.pp"), "class b {}\n");
        // Removing one folder leaves the other whole.
        drop(to);
        assert_eq!(text(&from, "m/same.pp"), "class same {}\n");
    }

    #[test]
    fn names_that_could_escape_are_refused() {
        for bad in ["", ".", "..", ".git", ".GIT", "a/b", "a\\b"] {
            assert_eq!(safe_name(bad.as_bytes()), None, "{bad}");
        }
        assert_eq!(safe_name(b"site.pp"), Some("site.pp"));
        assert_eq!(safe_name(b".gitignore"), Some(".gitignore"));
    }

    #[test]
    fn puppetfile_declarations() {
        let text = "mod 'puppetlabs/stdlib', '9.0.0'\nmod 'apache',\n  :git => 'x', # c\n  \
                    :ref => 'v1'\nmod 'ntp'\n";
        let p = deps::puppetfile(text);
        let d: Vec<String> = p
            .modules
            .iter()
            .map(|m| declaration(text, m.span.start))
            .collect();
        assert_eq!(
            d,
            [
                "mod'puppetlabs/stdlib','9.0.0'",
                "mod'apache',:git=>'x',:ref=>'v1'",
                "mod'ntp'"
            ]
        );
    }
}
