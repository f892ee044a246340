//! `plint diff` on a real production control repository, against Puppet: the one in
//! `../shared/realworld` (theforeman/foreman-infra with its modules and 12 real nodes' facts).
//! The data set is not part of this repository: the test unpacks it with its own `setup.sh`
//! and skips (with a message) when it is absent, except under CI.
//!
//! The git repository is made at test time by `tests/diff/realworld/make-repo.sh`: the tree as
//! the base commit, then each change of `tests/diff/realworld/changes/` (a Hiera value, a
//! template, a module's version in the `Puppetfile` with the module's next version, a node
//! regex) as a commit of its own from the base. `scripts/oracle/realworld-diff-oracle.sh` made
//! the same repository and recorded, in `tests/diff/realworld/expected/CHANGE.json`, what
//! changes between the catalogs real Puppet compiled for the nodes the change names at the two
//! revisions. For each change, `plint diff --from base --to change/CHANGE` must report exactly
//! Puppet's changes on each node (none where Puppet's catalogs agree), except for the values
//! plint cannot know: those are listed in `CHANGE/unknown` (`NODE<TAB>Type[title]<TAB>parameter`)
//! and must be unknown in plint's report, not changed. The fixtures hold no text of the data
//! set's modules: a long value (its canonical JSON over 64 bytes) is recorded as its SHA-256,
//! which the test computes from plint's value.
//! `cargo test --test cli_diff_realworld -- --nocapture` prints the table.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use serde_json::Value;

mod common;
use common::realworld::{self, norm};

const HERE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/diff/realworld");

/// The changes, by name (the folders of `changes/`).
fn changes() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(Path::new(HERE).join("changes"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The lines of a change's file, blank ones left out (none when the file is absent).
fn lines(change: &str, file: &str) -> Vec<String> {
    let path = Path::new(HERE).join("changes").join(change).join(file);
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

/// A change as compared: without its place (Puppet's catalogs have none), numbers as floats,
/// the keys of objects in order.
fn comparable(change: &Value) -> Value {
    fn sorted(v: Value) -> Value {
        match v {
            Value::Array(a) => Value::Array(a.into_iter().map(sorted).collect()),
            Value::Object(o) => {
                let by_key: BTreeMap<String, Value> = o.into_iter().collect();
                Value::Object(by_key.into_iter().map(|(k, v)| (k, sorted(v))).collect())
            }
            v => v,
        }
    }
    let mut c = change.clone();
    if let Some(o) = c.as_object_mut() {
        o.remove("at");
    }
    sorted(norm(&c))
}

fn is_unknown(v: &Value) -> bool {
    v.get("__unknown__").is_some()
}

/// One node's changes as plint reports them and as Puppet's catalogs give them, after the
/// values plint cannot know are taken out of both (each checked to be unknown in plint's).
struct Node<'a> {
    name: &'a str,
    plint: &'a Value,
    unknown: BTreeSet<(String, String)>,
}

impl Node<'_> {
    /// Whether plint reports `resource`'s `parameter` as unknown: among the node's unknowns, or
    /// an unknown value in the parameters of a resource added or removed.
    fn plint_unknown(&self, resource: &str, parameter: &str) -> bool {
        let listed = self.plint["unknown"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|u| {
                u["resource"] == resource && u["parameter"] == parameter && u["side"].is_string()
            });
        let inline = self.plint["changes"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|c| c["resource"] == resource)
            .any(|c| is_unknown(&c["parameters"][parameter]));
        listed || inline
    }

    /// The changes of `list` without the values plint cannot know; with `digest`, each long
    /// value as its digest, as the oracle writes Puppet's.
    fn known(&self, list: &[Value], digest: bool) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for c in list {
            let resource = c["resource"].as_str().unwrap_or_default().to_string();
            let mut c = comparable(c);
            if let Some(p) = c["parameter"].as_str()
                && self.unknown.contains(&(resource.clone(), p.to_string()))
            {
                continue;
            }
            if let Some(params) = c.get_mut("parameters").and_then(Value::as_object_mut) {
                params.retain(|p, _| !self.unknown.contains(&(resource.clone(), p.clone())));
                if digest {
                    params.values_mut().for_each(digested);
                }
            }
            if digest {
                for side in ["from", "to"] {
                    if let Some(v) = c.get_mut(side) {
                        digested(v);
                    }
                }
            }
            out.insert(serde_json::to_string(&c).unwrap());
        }
        out
    }
}

/// The longest value (its canonical JSON) the oracle writes as it is.
const LONGEST: usize = 64;

/// A value (already canonical: see [`comparable`]) as the oracle writes it: itself, or when its
/// JSON is longer than [`LONGEST`] bytes, `{"bytes": N, "sha256": HEX}`.
fn digested(v: &mut Value) {
    use sha2::Digest;
    let text = serde_json::to_string(v).unwrap();
    if text.len() > LONGEST {
        let hex: String = sha2::Sha256::digest(text.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        *v = serde_json::json!({"bytes": text.len(), "sha256": hex});
        *v = norm(v);
    }
}

/// A change as one line, for the messages.
fn short(c: &str) -> String {
    match c.char_indices().nth(300) {
        Some((i, _)) => format!("{}...", &c[..i]),
        None => c.to_string(),
    }
}

/// Runs `plint diff` from `base` to the change's commit, for the given nodes, with `extra`
/// arguments; its JSON report.
fn plint_diff(data: &Path, repo: &Path, change: &str, nodes: &[String], extra: &[&str]) -> Value {
    let o = Command::new(common::PLINT)
        .current_dir(repo)
        .env("NO_COLOR", "1")
        .args([
            "diff",
            "--from",
            "base",
            "--to",
            &format!("change/{change}"),
        ])
        .arg("--facts")
        .arg(data.join("facts"))
        .args(nodes.iter().flat_map(|n| ["--node", n.as_str()]))
        .args(["--format", "json"])
        .args(realworld::compile_args(data))
        .args(extra)
        .output()
        .expect("run plint diff");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{change}: plint diff failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "{change}: not JSON ({e}): {}",
            String::from_utf8_lossy(&o.stdout)
        )
    })
}

#[test]
fn each_change_to_a_real_control_repository_is_reported_as_puppet_sees_it() {
    let Some(data) = realworld::data_set() else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let repo: PathBuf = realworld::unpack(&data, tmp.path());
    let made = Command::new("bash")
        .arg(Path::new(HERE).join("make-repo.sh"))
        .arg(&repo)
        .arg(Path::new(HERE).join("changes"))
        .output()
        .expect("run make-repo.sh");
    assert!(
        made.status.success(),
        "make-repo.sh failed: {}",
        String::from_utf8_lossy(&made.stderr)
    );
    println!(
        "{:<14} {:<44} {:>8} {:>8} {:>8} {:>6}",
        "change", "node", "Puppet's", "matched", "unknown", "s"
    );
    let mut failures = Vec::new();
    for change in changes() {
        let expected: Value = serde_json::from_str(
            &std::fs::read_to_string(Path::new(HERE).join(format!("expected/{change}.json")))
                .unwrap_or_else(|e| panic!("{change}: no expected/{change}.json ({e})")),
        )
        .unwrap();
        let mut nodes = lines(&change, "nodes");
        nodes.sort();
        let recorded: Vec<String> = expected["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n["node"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(
            recorded, nodes,
            "{change}: expected/{change}.json is not of the nodes of changes/{change}/nodes: \
             run scripts/oracle/realworld-diff-oracle.sh"
        );
        let mut unknown: BTreeMap<String, BTreeSet<(String, String)>> = BTreeMap::new();
        for line in lines(&change, "unknown") {
            let cols: Vec<&str> = line.split('\t').collect();
            assert_eq!(cols.len(), 3, "{change}/unknown: {line}");
            unknown
                .entry(cols[0].to_string())
                .or_default()
                .insert((cols[1].to_string(), cols[2].to_string()));
        }
        let started = Instant::now();
        let report = plint_diff(&data, &repo, &change, &nodes, &[]);
        let took = started.elapsed().as_secs_f64();
        // The files the same at both revisions parsed once give the report of separate parses
        // (checked on the first change: it doubles the change's time).
        if change == changes()[0] {
            let separate = plint_diff(&data, &repo, &change, &nodes, &["--parse-each-revision"]);
            assert_eq!(report["nodes"], separate["nodes"], "{change}");
        }
        let reported: Vec<&Value> = report["nodes"].as_array().unwrap().iter().collect();
        for (i, theirs) in expected["nodes"].as_array().unwrap().iter().enumerate() {
            let name = theirs["node"].as_str().unwrap();
            let Some(mine) = reported.iter().find(|n| n["node"] == name) else {
                failures.push(format!("{change} {name}: not in plint's report"));
                continue;
            };
            if mine["status"] != "compiles" {
                failures.push(format!(
                    "{change} {name}: {} ({})",
                    mine["status"], mine["errors_to"]
                ));
                continue;
            }
            let node = Node {
                name,
                plint: mine,
                unknown: unknown.remove(name).unwrap_or_default(),
            };
            for (resource, parameter) in &node.unknown {
                if !node.plint_unknown(resource, parameter) {
                    failures.push(format!(
                        "{change} {name}: {resource} {parameter} is listed as unknown to \
                         plint, but plint knows it"
                    ));
                }
            }
            let puppet = node.known(theirs["changes"].as_array().unwrap(), false);
            let plint = node.known(mine["changes"].as_array().unwrap(), true);
            let matched = puppet.intersection(&plint).count();
            for c in puppet.difference(&plint) {
                failures.push(format!(
                    "{change} {}: Puppet's change, not plint's: {}",
                    node.name,
                    short(c)
                ));
            }
            for c in plint.difference(&puppet) {
                failures.push(format!(
                    "{change} {}: plint's change, not Puppet's: {}",
                    node.name,
                    short(c)
                ));
            }
            let shown_took = if i == 0 {
                format!("{took:.1}")
            } else {
                String::new()
            };
            println!(
                "{change:<14} {name:<44} {:>8} {:>8} {:>8} {shown_took:>6}",
                theirs["changes"].as_array().unwrap().len(),
                matched,
                node.unknown.len(),
            );
        }
        for name in unknown.keys() {
            failures.push(format!(
                "{change}/unknown names {name}, not a node of the change"
            ));
        }
        for n in &reported {
            let name = n["node"].as_str().unwrap_or_default();
            if !nodes.iter().any(|x| x == name) {
                failures.push(format!("{change}: plint compared {name} too"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
