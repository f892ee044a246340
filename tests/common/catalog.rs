//! The catalog conformance cases (`tests/catalog/cases/*`, `tests/catalog/modules/*`): each a
//! folder with its `site.pp`, optional `modules/`, `hiera.yaml` and `options` (`key = value`
//! lines: `facts`, `node`, `modulepath = corpus`, `server_facts`, `strict_variables`), and
//! Puppet's catalog of it (`expected.json`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

pub struct Case {
    /// `cases/NAME` or `modules/NAME`.
    pub name: String,
    pub dir: PathBuf,
    pub options: HashMap<String, String>,
}

fn read_options(dir: &Path) -> HashMap<String, String> {
    let Ok(text) = std::fs::read_to_string(dir.join("options")) else {
        return HashMap::new();
    };
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect()
}

/// Every case, sorted by name.
pub fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for group in ["cases", "modules"] {
        let root = Path::new(ROOT).join("tests/catalog").join(group);
        let Ok(entries) = std::fs::read_dir(&root) else {
            continue;
        };
        for e in entries.flatten() {
            let dir = e.path();
            if dir.join("site.pp").is_file() {
                cases.push(Case {
                    name: format!("{group}/{}", e.file_name().to_string_lossy()),
                    options: read_options(&dir),
                    dir,
                });
            }
        }
    }
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    cases
}

/// facterdb's facts for Facter 4.2 (installed with the corpus).
pub fn facterdb_dir() -> Option<PathBuf> {
    let gems = Path::new("/usr/share/rubygems-integration/all/gems");
    let mut found: Vec<PathBuf> = std::fs::read_dir(gems)
        .ok()?
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("facterdb-"))
        .map(|e| e.path().join("facts/4.2"))
        .filter(|p| p.is_dir())
        .collect();
    found.sort();
    found.pop()
}

impl Case {
    /// The case's facts file: `options`' `facts` (`facterdb:NAME` or a file of
    /// `tests/catalog/facts/`), `default.yaml` by default; `None` without facterdb.
    pub fn facts_file(&self) -> Option<PathBuf> {
        let f = self
            .options
            .get("facts")
            .map_or("default.yaml", String::as_str);
        match f.strip_prefix("facterdb:") {
            Some(name) => Some(facterdb_dir()?.join(format!("{name}.facts"))),
            None => Some(Path::new(ROOT).join("tests/catalog/facts").join(f)),
        }
    }

    /// The case's module path: its `modules/`, then the corpus with `modulepath = corpus`.
    pub fn modulepath(&self) -> Vec<PathBuf> {
        let mut path = Vec::new();
        if self.dir.join("modules").is_dir() {
            path.push(self.dir.join("modules"));
        }
        if self.options.get("modulepath").map(String::as_str) == Some("corpus") {
            path.push(PathBuf::from(super::CORPUS));
        }
        path
    }
}
