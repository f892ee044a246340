//! Where a report comes from: the kind of run, the working directory its paths are relative
//! to, and the root of the repository the checked files belong to. SARIF needs it to give
//! locations relative to the repository (what code scanning resolves them against) whatever
//! the folder plint ran in, and to keep a check run and an evaluation apart.

use std::path::{Component, Path, PathBuf};

/// Which command produced a report.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum RunKind {
    /// `plint PATH...`: the rules on files.
    #[default]
    Check,
    /// `plint --evaluate`: compiled catalogs and their checks.
    Evaluate,
}

impl RunKind {
    pub fn as_str(self) -> &'static str {
        match self {
            RunKind::Check => "check",
            RunKind::Evaluate => "evaluate",
        }
    }
}

/// See the module documentation. The default (no working directory, no root) leaves paths as
/// the report shows them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Origin {
    pub kind: RunKind,
    /// The absolute working directory the report's relative paths start from.
    pub cwd: Option<PathBuf>,
    /// The absolute root of the repository (see [`source_root`]).
    pub root: Option<PathBuf>,
}

impl Origin {
    /// The origin of a run of `kind` in `cwd` (absolute) that checked `paths` (as given; `-`
    /// is standard input): its root is [`source_root`].
    pub fn new(kind: RunKind, cwd: &Path, paths: &[PathBuf]) -> Origin {
        Origin {
            kind,
            cwd: Some(cwd.to_path_buf()),
            root: Some(source_root(cwd, paths)),
        }
    }

    /// `path` (a path as the report shows it: relative to the working directory, or
    /// absolute) relative to the root, with `/` separators; `None` when it lies outside the
    /// root, or when the origin knows no root.
    pub fn relative_to_root(&self, path: &str) -> Option<String> {
        let (cwd, root) = (self.cwd.as_deref()?, self.root.as_deref()?);
        let abs = lexical(&cwd.join(path));
        let rel = abs.strip_prefix(root).ok()?;
        let parts: Vec<_> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect();
        (!parts.is_empty()).then(|| parts.join("/"))
    }
}

/// The root of the repository being checked: from the first checked path (its folder, for a
/// file; the working directory for standard input or no path), the nearest ancestor holding
/// `.git` (a folder, or the file of a git worktree or submodule); without one, the nearest
/// holding `plint.toml`; without either, the working directory. Only whether those names
/// exist is looked at; nothing is read.
pub fn source_root(cwd: &Path, paths: &[PathBuf]) -> PathBuf {
    let cwd = lexical(cwd);
    let start = match paths.first() {
        Some(p) if p.as_os_str() != "-" => {
            let abs = lexical(&cwd.join(p));
            if abs.is_dir() {
                abs
            } else {
                abs.parent().map_or(abs.clone(), Path::to_path_buf)
            }
        }
        _ => cwd.clone(),
    };
    let marked = |name: &str| start.ancestors().find(|d| d.join(name).exists());
    // `plint.toml` is `config::FILE_NAME`; this leaf module does not depend on `config`.
    marked(".git")
        .or_else(|| marked("plint.toml"))
        .map_or(cwd.clone(), Path::to_path_buf)
}

/// `path` with `.` and `..` components resolved lexically (no link is followed).
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push(c);
                }
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexical_normalization() {
        assert_eq!(lexical(Path::new("/a/b/../c/./d")), Path::new("/a/c/d"));
        assert_eq!(lexical(Path::new("/a/..")), Path::new("/"));
    }

    #[test]
    fn paths_relative_to_the_root() {
        let origin = Origin {
            kind: RunKind::Check,
            cwd: Some("/repo/site/profile".into()),
            root: Some("/repo".into()),
        };
        assert_eq!(
            origin.relative_to_root("manifests/init.pp").as_deref(),
            Some("site/profile/manifests/init.pp")
        );
        assert_eq!(
            origin
                .relative_to_root("../../manifests/site.pp")
                .as_deref(),
            Some("manifests/site.pp")
        );
        assert_eq!(
            origin
                .relative_to_root("/repo/modules/a/init.pp")
                .as_deref(),
            Some("modules/a/init.pp")
        );
        assert_eq!(origin.relative_to_root("/elsewhere/x.pp"), None);
        assert_eq!(origin.relative_to_root("../../../x.pp"), None);
        assert_eq!(Origin::default().relative_to_root("a.pp"), None);
    }

    #[test]
    fn the_root_is_the_nearest_git_then_plint_toml() {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path().join("repo");
        let sub = repo.join("site/profile/manifests");
        std::fs::create_dir_all(&sub).unwrap();
        std::fs::write(sub.join("init.pp"), "").unwrap();
        // No marker: the working directory.
        assert_eq!(source_root(&sub, &[]), sub);
        std::fs::write(repo.join("site/plint.toml"), "").unwrap();
        assert_eq!(source_root(&sub, &[]), repo.join("site"));
        // `.git` wins over a nearer `plint.toml`; a file starts from its folder.
        std::fs::write(repo.join(".git"), "gitdir: elsewhere\n").unwrap();
        assert_eq!(source_root(&sub, &[]), repo);
        assert_eq!(
            source_root(dir.path(), &["repo/site/profile/manifests/init.pp".into()]),
            repo
        );
        assert_eq!(source_root(&sub, &["../../../site".into()]), repo);
        assert_eq!(source_root(&sub, &["-".into()]), repo);
    }
}
