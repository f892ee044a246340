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
    /// The absolute folder GitHub Actions checks repositories out in (`GITHUB_WORKSPACE`),
    /// when the run is a workflow's: annotations name files relative to it.
    pub workspace: Option<PathBuf>,
}

impl Origin {
    /// The origin of a run of `kind` in `cwd` (absolute) that checked `paths` (as given; `-`
    /// is standard input): its root is [`source_root`].
    pub fn new(kind: RunKind, cwd: &Path, paths: &[PathBuf]) -> Origin {
        Origin {
            kind,
            cwd: Some(cwd.to_path_buf()),
            root: Some(source_root(cwd, paths)),
            workspace: None,
        }
    }

    /// The origin with GitHub Actions' workspace (the value of `GITHUB_WORKSPACE`, if set and
    /// not empty; relative, it is taken from the working directory).
    pub fn with_workspace(mut self, workspace: Option<&std::ffi::OsStr>) -> Origin {
        self.workspace = workspace
            .filter(|w| !w.is_empty())
            .map(|w| lexical(&self.cwd.clone().unwrap_or_default().join(w)));
        self
    }

    /// `path` (as the report shows it) as GitHub's annotations name it: relative to the
    /// workspace when the run is a workflow's and the file lies in it, else relative to the
    /// repository root, else as shown.
    pub fn relative_to_workspace(&self, path: &str) -> String {
        let inside = |root: &Path| {
            let abs = lexical(&self.cwd.as_deref()?.join(path));
            relative(&abs, root)
        };
        self.workspace
            .as_deref()
            .and_then(inside)
            .or_else(|| self.relative_to_root(path))
            .unwrap_or_else(|| path.to_string())
    }

    /// `path` (a path as the report shows it: relative to the working directory, or
    /// absolute) relative to the root, with `/` separators; `None` when it lies outside the
    /// root, or when the origin knows no root.
    pub fn relative_to_root(&self, path: &str) -> Option<String> {
        let (cwd, root) = (self.cwd.as_deref()?, self.root.as_deref()?);
        relative(&lexical(&cwd.join(path)), root)
    }
}

/// `abs` relative to `root`, with `/` separators; `None` outside it (or `root` itself).
fn relative(abs: &Path, root: &Path) -> Option<String> {
    let rel = abs.strip_prefix(root).ok()?;
    let parts: Vec<_> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect();
    (!parts.is_empty()).then(|| parts.join("/"))
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
            workspace: None,
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
    fn annotations_are_relative_to_the_workspace_then_the_root() {
        let origin = Origin {
            kind: RunKind::Check,
            cwd: Some("/w/repo/site/profile".into()),
            root: Some("/w/repo".into()),
            workspace: None,
        };
        assert_eq!(
            origin.relative_to_workspace("manifests/init.pp"),
            "site/profile/manifests/init.pp"
        );
        assert_eq!(
            origin.relative_to_workspace("/elsewhere/x.pp"),
            "/elsewhere/x.pp"
        );
        let origin = origin.with_workspace(Some("/w".as_ref()));
        assert_eq!(
            origin.relative_to_workspace("manifests/init.pp"),
            "repo/site/profile/manifests/init.pp"
        );
        // Outside the workspace: the repository root's, then as shown.
        let origin = Origin {
            workspace: Some("/other".into()),
            ..origin
        };
        assert_eq!(origin.relative_to_workspace("../../x.pp"), "x.pp");
        assert_eq!(Origin::default().relative_to_workspace("a.pp"), "a.pp");
        // An empty `GITHUB_WORKSPACE` is none.
        assert_eq!(
            Origin::default()
                .with_workspace(Some("".as_ref()))
                .workspace,
            None
        );
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
