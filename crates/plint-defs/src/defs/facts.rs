//! Facter's facts as plint knows them: what Puppet 7 makes top-scope variables on every node
//! (the names are data, `rules/facts/facts.toml`, written by `scripts/gen-facts.py` from
//! facterdb's fact sets), the facts modules add in `lib/facter/*.rb` (`Facter.add(:name)`,
//! which a run's [`CustomFacts`] reads as text), and the legacy facts with their structured
//! replacements (`rules/facts/legacy.toml`, for P421, P422 and `--evaluate`'s missing facts).

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
    let file: FactsFile = toml::from_str(include_str!("../../../../rules/facts/facts.toml"))
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

    /// A level that some node lacks is read with `dig`; levels every node has, with `[]`.
    #[test]
    fn replacements_dig_where_a_level_may_be_missing() {
        let access_of = |name: &str| legacy(name).and_then(|l| l.access);
        assert_eq!(access_of("osfamily").as_deref(), Some("['os']['family']"));
        assert_eq!(
            access_of("operatingsystemmajrelease").as_deref(),
            Some("['os']['release']['major']")
        );
        assert_eq!(
            access_of("sshdsakey").as_deref(),
            Some(".dig('ssh', 'dsa', 'key')")
        );
        assert_eq!(
            access_of("processor0").as_deref(),
            Some(".dig('processors', 'models', 0)")
        );
        assert_eq!(
            access_of("ipaddress_eth0").as_deref(),
            Some(".dig('networking', 'interfaces', 'eth0', 'ip')")
        );
        let lsb = legacy("lsbdistcodename").unwrap();
        assert!(!lsb.exact, "Facter 4 sets lsbdist* only with lsb_release");
        assert!(legacy("memorysize_mb").unwrap().access.is_none());
        // Every path of the data is well formed.
        for path in DATA.replacements.values().chain(DATA.inexact.values()) {
            assert!(
                path.is_empty() || path.split('.').all(|k| !k.is_empty()),
                "{path}"
            );
        }
    }

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

// ---------------------------------------------------------------- legacy facts

/// The data of `rules/facts/legacy.toml`.
#[derive(serde::Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
struct LegacyFile {
    always_present: Vec<String>,
    replacements: rustc_hash::FxHashMap<String, String>,
    inexact: rustc_hash::FxHashMap<String, String>,
}

/// [`LegacyFile`], read once (the data is embedded and never changes).
static DATA: std::sync::LazyLock<LegacyFile> = std::sync::LazyLock::new(|| {
    toml::from_str(include_str!("../../../../rules/facts/legacy.toml"))
        .expect("rules/facts/legacy.toml is valid")
});

/// A legacy fact and what replaces it.
#[derive(Debug)]
pub struct Legacy {
    /// What follows `$facts` to read the structured fact that replaces it, if any: an access
    /// (`['os']['family']`) when every level above the last is always present, else a call
    /// of `dig` (`.dig('ssh', 'dsa', 'key')`), which gives undef where a level is missing, as
    /// the legacy fact did, where an access would fail to compile.
    pub access: Option<String>,
    /// Whether the replacement has the same value in every case. Facts named after a
    /// device, interface or zone are not exact: Facter mangled those names.
    pub exact: bool,
}

/// Whether every level of `keys` above the last holds a hash or an array on every node
/// (`always-present` in the data).
fn levels_always_present(keys: &[&str]) -> bool {
    let present = &DATA.always_present;
    (1..keys.len()).all(|n| {
        let len = keys[..n].iter().map(|k| k.len() + 1).sum::<usize>() - 1;
        present.iter().any(|p| {
            p.len() == len && {
                let mut parts = p.split('.');
                keys[..n].iter().all(|k| parts.next() == Some(k))
            }
        })
    })
}

/// What follows `$facts` to read the structured fact at `keys` (see [`Legacy::access`]).
fn access(keys: &[&str]) -> String {
    let quoted = |k: &str| k.parse::<u32>().is_err();
    let mut out = String::new();
    if levels_always_present(keys) {
        for k in keys {
            let (open, close) = if quoted(k) { ("['", "']") } else { ("[", "]") };
            out.push_str(open);
            out.push_str(k);
            out.push_str(close);
        }
    } else {
        out.push_str(".dig(");
        for (i, k) in keys.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            if quoted(k) {
                out.push('\'');
                out.push_str(k);
                out.push('\'');
            } else {
                out.push_str(k);
            }
        }
        out.push(')');
    }
    out
}

fn inexact(keys: &[&str]) -> Option<Legacy> {
    Some(Legacy {
        access: Some(access(keys)),
        exact: false,
    })
}

/// Facts whose name holds a device, interface or zone name (`ipaddress_eth0`).
fn patterned(name: &str) -> Option<Legacy> {
    // Every pattern below starts with one of these letters.
    if !name.starts_with(['b', 'i', 'l', 'm', 'n', 'p', 's', 'z']) {
        return None;
    }
    if let Some(rest) = name.strip_prefix("blockdevice_") {
        let (device, attr) = rest.rsplit_once('_')?;
        let attr = match attr {
            "size" => "size_bytes",
            "model" | "vendor" => attr,
            _ => return None,
        };
        return inexact(&["disks", device, attr]);
    }
    for (prefix, key) in [
        ("ipaddress6_", "ip6"),
        ("ipaddress_", "ip"),
        ("macaddress_", "mac"),
        ("mtu_", "mtu"),
        ("netmask6_", "netmask6"),
        ("netmask_", "netmask"),
        ("network6_", "network6"),
        ("network_", "network"),
    ] {
        if let Some(iface) = name.strip_prefix(prefix).filter(|i| !i.is_empty()) {
            return inexact(&["networking", "interfaces", iface, key]);
        }
    }
    if let Some(n) = name.strip_prefix("processor")
        && !n.is_empty()
        && n.bytes().all(|b| b.is_ascii_digit())
    {
        return Some(Legacy {
            access: Some(access(&["processors", "models", n])),
            exact: true,
        });
    }
    if let Some(alg) = name.strip_prefix("ssh").and_then(|r| r.strip_suffix("key"))
        && matches!(alg, "dsa" | "ecdsa" | "ed25519" | "rsa")
    {
        return Some(Legacy {
            access: Some(access(&["ssh", alg, "key"])),
            exact: true,
        });
    }
    if let Some(rest) = name.strip_prefix("zone_") {
        let (zone, attr) = rest.rsplit_once('_')?;
        if ["brand", "iptype", "name", "uuid", "id", "path", "status"].contains(&attr) {
            return inexact(&["solaris_zones", "zones", zone, attr]);
        }
        return None;
    }
    for (prefix, top) in [("sp_", "system_profiler"), ("ldom_", "ldom")] {
        if let Some(rest) = name.strip_prefix(prefix).filter(|r| !r.is_empty()) {
            return inexact(&[top, rest]);
        }
    }
    None
}

/// Is `name` a legacy fact, and what replaces it?
pub fn legacy(name: &str) -> Option<Legacy> {
    let found = (DATA.replacements.get(name).map(|p| (p, true)))
        .or_else(|| DATA.inexact.get(name).map(|p| (p, false)));
    if let Some((path, exact)) = found {
        let keys: Vec<&str> = path.split('.').filter(|k| !k.is_empty()).collect();
        return Some(Legacy {
            access: (!keys.is_empty()).then(|| access(&keys)),
            exact,
        });
    }
    patterned(name)
}
