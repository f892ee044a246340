//! Fact names: what Puppet 7 makes top-scope variables on every node.
//!
//! The names are data (`rules/facts/facts.toml`, written by `scripts/gen-facts.py` from
//! facterdb's fact sets); modules add their own facts in `lib/facter/*.rb`
//! (`Facter.add(:name)`), which a run's [`CustomFacts`] reads as text.

use crate::sandbox::Sandbox;
use rustc_hash::{FxHashMap, FxHashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock, RwLock};

#[derive(serde::Deserialize)]
struct FactsFile {
    prefixes: Vec<String>,
    names: Vec<String>,
}

struct Known {
    prefixes: Vec<String>,
    names: FxHashSet<String>,
}

static KNOWN: LazyLock<Known> = LazyLock::new(|| {
    let file: FactsFile = toml::from_str(include_str!("../../rules/facts/facts.toml"))
        .expect("rules/facts/facts.toml is valid");
    Known {
        prefixes: file.prefixes,
        names: file.names.into_iter().collect(),
    }
});

/// Is `name` a fact Facter (or a commonly installed module) sets on some platform?
pub fn is_known_fact(name: &str) -> bool {
    let k = &*KNOWN;
    k.names.contains(name)
        || k.prefixes.iter().any(|p| match p.strip_suffix('#') {
            Some(p) => name
                .strip_prefix(p)
                .is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit())),
            None => name.starts_with(p.as_str()),
        })
}

/// The number of fact names in the data file (for tests).
pub fn known_fact_count() -> usize {
    KNOWN.names.len()
}

/// The custom facts of one run: for each directory of modules asked about, the facts its
/// modules define in Ruby (the names given to `Facter.add` in
/// `<module>/lib/facter/**/*.rb`), read once through the run's sandbox. The run's index holds
/// it ([`crate::defs::Index::custom_facts`]); shared by the run's threads.
#[derive(Debug, Default)]
pub struct CustomFacts {
    /// Where the run reads; `None` for a run that reads no file (every directory then has
    /// no custom facts).
    sandbox: Option<Sandbox>,
    by_dir: RwLock<FxHashMap<PathBuf, Arc<FxHashSet<String>>>>,
}

impl CustomFacts {
    /// The custom facts of a run that reads through `sandbox`.
    pub fn new(sandbox: Sandbox) -> Self {
        CustomFacts {
            sandbox: Some(sandbox),
            by_dir: RwLock::default(),
        }
    }

    /// The facts that the modules in `modules_dir` (a directory of modules) define, read the
    /// first time they are asked for.
    pub fn of(&self, modules_dir: &Path) -> Arc<FxHashSet<String>> {
        if let Some(found) = self
            .by_dir
            .read()
            .ok()
            .and_then(|c| c.get(modules_dir).cloned())
        {
            return found;
        }
        // Nothing is remembered without a sandbox (such as the facts of an empty index).
        let Some(sandbox) = &self.sandbox else {
            return Arc::default();
        };
        let names = Arc::new(read_custom_facts(modules_dir, sandbox));
        if let Ok(mut c) = self.by_dir.write() {
            c.entry(modules_dir.to_path_buf())
                .or_insert_with(|| names.clone());
        }
        names
    }
}

/// The names given to `Facter.add` in `<module>/lib/facter/**/*.rb` for each module in
/// `modules_dir`.
fn read_custom_facts(modules_dir: &Path, sandbox: &Sandbox) -> FxHashSet<String> {
    let mut names = FxHashSet::default();
    let rb = |p: &Path| p.extension().is_some_and(|x| x == "rb");
    if let Ok(entries) = sandbox.read_dir(modules_dir) {
        for e in entries {
            for file in sandbox.files_under(&e.path().join("lib/facter"), true, &rb) {
                if let Ok(text) = sandbox.read_to_string(&file) {
                    facter_add_names(&text, &mut names);
                }
            }
        }
    }
    names
}

/// The names in `Facter.add(:name` / `Facter.add('name'` / `Facter.add("name"` calls.
pub fn facter_add_names(text: &str, out: &mut FxHashSet<String>) {
    for (i, _) in text.match_indices("Facter.add") {
        let rest = text[i + "Facter.add".len()..].trim_start();
        let rest = rest.strip_prefix('(').unwrap_or(rest).trim_start();
        let rest = rest
            .strip_prefix(':')
            .or_else(|| rest.strip_prefix('\''))
            .or_else(|| rest.strip_prefix('"'));
        let Some(rest) = rest else { continue };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            out.insert(name.to_ascii_lowercase());
        }
    }
}

/// The directory of modules a manifest belongs to: for `.../<dir>/<module>/manifests/x.pp`
/// (or any file under `<module>/`, when `<module>` has `manifests/` or `metadata.json`), `<dir>`.
pub fn modules_dir_of(path: &Path) -> Option<PathBuf> {
    let mut cur = path.parent();
    while let Some(dir) = cur {
        if dir.file_name().is_some_and(|n| n == "manifests") {
            return dir.parent()?.parent().map(Path::to_path_buf);
        }
        cur = dir.parent();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_loads_and_knows_common_facts() {
        assert!(known_fact_count() > 300);
        for f in [
            "osfamily",
            "fqdn",
            "ipaddress",
            "operatingsystem",
            "processorcount",
        ] {
            assert!(is_known_fact(f), "{f}");
        }
        assert!(is_known_fact("ipaddress_eth0"));
        assert!(is_known_fact("processor64"));
        assert!(!is_known_fact("processor_x"));
        assert!(!is_known_fact("ssh_port"));
        assert!(!is_known_fact("manage_service"));
    }

    #[test]
    fn facter_add_forms() {
        let mut names = FxHashSet::default();
        facter_add_names(
            "Facter.add(:os_service_default) do\nFacter.add('a_b')\nFacter.add(\"C\", :type => :x)\n",
            &mut names,
        );
        let mut v: Vec<_> = names.into_iter().collect();
        v.sort();
        assert_eq!(v, ["a_b", "c", "os_service_default"]);
    }

    #[test]
    fn modules_dir() {
        assert_eq!(
            modules_dir_of(Path::new("/m/apache/manifests/a/b.pp")),
            Some(PathBuf::from("/m"))
        );
        assert_eq!(modules_dir_of(Path::new("site.pp")), None);
    }
}
