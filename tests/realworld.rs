//! `plint --evaluate` on a real production control repository: the one in
//! `../shared/realworld` (theforeman/foreman-infra with every module its Puppetfile pins, 12
//! real nodes' facts, and the catalogs real Puppet 7.23 compiled for them). The data set is not
//! part of this repository: the test unpacks it with its own `setup.sh` into a temporary
//! folder, and skips (with a message) when it is absent, except under CI.
//!
//! Each node is compiled as a Puppet server compiles it (the environment folder with its
//! `environment.conf` module path, `test_modules` standing for `$basemodulepath`, the
//! environment's `hiera.yaml`, the data set's `stubs/hiera.yaml` as the global layer, its
//! `stubs/server_facts.yaml` as the server's facts (`--server-fact`), strict variables), and
//! its catalog is compared with Puppet's: resources by type and title, their parameters (a
//! value plint does not know is counted apart, never as equal), and containment edges.
//! `cargo test --test realworld -- --nocapture` prints the table; `PLINT_REALWORLD_DIFF=1`
//! also prints every difference. `scripts/realworld.sh` runs it on a release build.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;
use std::time::Instant;

use serde_json::Value;

mod common;
use common::realworld::{self, norm};

fn is_unknown(v: &Value) -> bool {
    v.get("__unknown__").is_some()
}

type Resources = BTreeMap<(String, String), serde_json::Map<String, Value>>;

/// The resources of a catalog, without the ones every catalog has.
fn resources(catalog: &Value) -> Resources {
    let mut out = BTreeMap::new();
    for r in catalog["resources"].as_array().into_iter().flatten() {
        let (ty, title) = (r["type"].as_str().unwrap_or(""), r["title"].as_str());
        let Some(title) = title else { continue };
        if matches!(ty, "Stage" | "Node") || (ty == "Class" && matches!(title, "main" | "Settings"))
        {
            continue;
        }
        let params = r["parameters"]
            .as_object()
            .map(|o| o.iter().map(|(k, v)| (k.clone(), norm(v))).collect())
            .unwrap_or_default();
        out.insert((ty.to_string(), title.to_string()), params);
    }
    out
}

/// Containment edges, without the ones of the main stage, node and class.
fn edges(catalog: &Value) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for e in catalog["edges"].as_array().into_iter().flatten() {
        let (s, t) = match e {
            Value::Array(pair) => (pair[0].as_str(), pair[1].as_str()),
            e => (e["source"].as_str(), e["target"].as_str()),
        };
        let (Some(s), Some(t)) = (s, t) else { continue };
        let skip = |x: &str| {
            x.starts_with("Stage[")
                || x.starts_with("Node[")
                || x == "Class[main]"
                || x == "Class[Settings]"
        };
        if !skip(s) && !skip(t) {
            out.insert((s.to_string(), t.to_string()));
        }
    }
    out
}

#[derive(Default)]
struct Comparison {
    resources: usize,
    found: usize,
    extra: usize,
    params: usize,
    equal: usize,
    unknown: usize,
    edges: usize,
    edges_found: usize,
    differences: Vec<String>,
}

fn compare(expected: &Value, got: &Value) -> Comparison {
    let (er, gr) = (resources(expected), resources(got));
    let mut c = Comparison {
        resources: er.len(),
        ..Comparison::default()
    };
    for (key, params) in &er {
        c.params += params.len();
        let Some(mine) = gr.get(key) else {
            c.differences.push(format!("missing  {}[{}]", key.0, key.1));
            continue;
        };
        c.found += 1;
        for (p, v) in params {
            match mine.get(p) {
                Some(m) if m == v => c.equal += 1,
                Some(m) if is_unknown(m) => c.unknown += 1,
                m => c.differences.push(format!(
                    "param    {}[{}] {p}: puppet {} plint {}",
                    key.0,
                    key.1,
                    short(v),
                    m.map(short).unwrap_or_else(|| "<absent>".into())
                )),
            }
        }
        for p in mine.keys().filter(|p| !params.contains_key(*p)) {
            c.differences.push(format!(
                "param    {}[{}] {p}: not in Puppet's",
                key.0, key.1
            ));
        }
    }
    for key in gr.keys().filter(|k| !er.contains_key(*k)) {
        c.extra += 1;
        c.differences.push(format!("extra    {}[{}]", key.0, key.1));
    }
    let (ee, ge) = (edges(expected), edges(got));
    c.edges = ee.len();
    c.edges_found = ee.intersection(&ge).count();
    for (s, t) in ee.difference(&ge) {
        c.differences.push(format!("edge-    {s} -> {t}"));
    }
    for (s, t) in ge.difference(&ee) {
        c.differences.push(format!("edge+    {s} -> {t}"));
    }
    c
}

fn short(v: &Value) -> String {
    let s = v.to_string();
    match s.char_indices().nth(160) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s,
    }
}

fn pct(x: usize, y: usize) -> f64 {
    if y == 0 {
        100.0
    } else {
        100.0 * x as f64 / y as f64
    }
}

#[test]
fn every_node_of_a_production_control_repository_compiles_as_puppet_compiles_it() {
    let Some(data) = realworld::data_set() else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let env = realworld::unpack(&data, tmp.path());
    let nodes = std::fs::read_to_string(data.join("nodes.txt")).unwrap();
    let diff = std::env::var_os("PLINT_REALWORLD_DIFF").is_some();
    // As compile.rb made Puppet compile the node.
    let compile_args = realworld::compile_args(&data);
    println!(
        "{:<44} {:>9} {:>9} {:>5} {:>16} {:>7} {:>11} {:>6}",
        "node", "resources", "found", "extra", "parameters equal", "unknown", "edges", "s"
    );
    let mut failures = Vec::new();
    for line in nodes
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let mut cols = line.split('\t');
        let (Some(name), Some(facts)) = (cols.next(), cols.next()) else {
            continue;
        };
        let out = tmp.path().join(format!("{name}.json"));
        let started = Instant::now();
        let o = Command::new(common::PLINT)
            .current_dir(&env)
            .env("NO_COLOR", "1")
            .args(["--evaluate", "--facts"])
            .arg(data.join(facts))
            .args(["--node", name])
            .args(&compile_args)
            .arg("--catalog-out")
            .arg(&out)
            .arg(".")
            .output()
            .expect("run plint");
        let took = started.elapsed().as_secs_f64();
        let expected: Value = serde_json::from_str(
            &std::fs::read_to_string(data.join(format!("expected/{name}.json"))).unwrap(),
        )
        .unwrap();
        let Ok(text) = std::fs::read_to_string(&out) else {
            println!("{name:<44} no catalog");
            failures.push(format!(
                "{name}: no catalog\n{}",
                String::from_utf8_lossy(&o.stdout)
            ));
            continue;
        };
        let got: Value = serde_json::from_str(&text).unwrap();
        let c = compare(&expected, &got);
        println!(
            "{name:<44} {:>9} {:>9} {:>5} {:>16} {:>7} {:>11} {took:>6.2}",
            c.resources,
            format!("{:.1}%", pct(c.found, c.resources)),
            c.extra,
            format!("{}/{} ({:.1}%)", c.equal, c.params, pct(c.equal, c.params)),
            c.unknown,
            format!("{}/{}", c.edges_found, c.edges),
        );
        if diff {
            for d in &c.differences {
                println!("    {d}");
            }
        }
        // The bar: at least 95% of Puppet's resources and 90% of their parameters.
        if pct(c.found, c.resources) < 95.0 || pct(c.equal, c.params) < 90.0 {
            failures.push(format!(
                "{name}: {} of {} resources, {} of {} parameters",
                c.found, c.resources, c.equal, c.params
            ));
        }
        // A value plint gives is Puppet's or unknown, never another (wrong) one.
        let wrong: Vec<&String> = c
            .differences
            .iter()
            .filter(|d| d.starts_with("param") || d.starts_with("extra"))
            .collect();
        assert!(
            wrong.is_empty(),
            "{name}: {} parameter values differ from Puppet's:\n{}",
            wrong.len(),
            wrong
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
