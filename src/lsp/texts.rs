//! The texts of the workspace's manifests, kept so that find references reads no file when
//! it is asked: read once with the index (on its thread), then kept up to date by what
//! changes them outside the editor (a document closed unsaved, files changed on disk, see
//! [`super::watched`]). An open document's text is the editor's, never this one.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

use crate::sandbox::Sandbox;

/// The manifests' texts, by path.
#[derive(Debug, Default)]
pub struct Texts {
    by_path: HashMap<PathBuf, Arc<str>>,
}

impl Texts {
    /// Reads the manifests at `paths` through `sandbox` (in parallel, on the threads of the
    /// pool it runs in: a session's, [`crate::lint::Session::install`]); an unreadable one is
    /// left out.
    pub fn read<'a>(paths: impl Iterator<Item = &'a Path>, sandbox: &Sandbox) -> Texts {
        let paths: Vec<&Path> = paths.collect();
        let by_path = paths
            .into_par_iter()
            .filter_map(|path| {
                let text = sandbox.read_to_string(path).ok()?;
                Some((path.to_path_buf(), Arc::from(text)))
            })
            .collect();
        Texts { by_path }
    }

    /// The text kept for the manifest at `path`.
    pub fn get(&self, path: &Path) -> Option<Arc<str>> {
        self.by_path.get(path).cloned()
    }

    /// Reads the manifests at `paths` again (those of them that are manifests): what they hold
    /// now, or nothing once they cannot be read.
    pub fn refresh(&mut self, paths: &[PathBuf], sandbox: &Sandbox) {
        for path in paths {
            if path.extension().is_some_and(|e| e == "pp") {
                self.reread(path, sandbox);
            }
        }
    }

    fn reread(&mut self, path: &Path, sandbox: &Sandbox) {
        match sandbox.read_to_string(path) {
            Ok(text) => {
                self.by_path.insert(path.to_path_buf(), text.into());
            }
            Err(_) => {
                self.by_path.remove(path);
            }
        }
    }

    /// How many texts are kept, and their bytes.
    pub fn size(&self) -> (usize, usize) {
        let bytes = self.by_path.values().map(|t| t.len()).sum();
        (self.by_path.len(), bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_read_refreshed_and_dropped_with_their_files() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        let a = root.join("a.pp");
        let b = root.join("b.pp");
        std::fs::write(&a, "class a { }\n").unwrap();
        let sandbox = Sandbox::new(&root, std::slice::from_ref(&root));
        let mut texts = Texts::read([a.as_path(), b.as_path()].into_iter(), &sandbox);
        assert_eq!(texts.get(&a).as_deref(), Some("class a { }\n"));
        assert_eq!(texts.get(&b), None, "not there");
        std::fs::write(&b, "class b { }\n").unwrap();
        std::fs::remove_file(&a).unwrap();
        texts.refresh(&[a.clone(), b.clone(), root.join("c.rb")], &sandbox);
        assert_eq!(texts.get(&a), None, "deleted");
        assert_eq!(texts.get(&b).as_deref(), Some("class b { }\n"));
        assert_eq!(texts.size(), (1, 12));
    }
}
