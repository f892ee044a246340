//! Bolt plans: the built-in data under `rules/bolt/`, the plan fixtures of
//! `tests/bolt/modules/` and the syntax cases of `tests/bolt/syntax-cases.pp`, against Puppet's
//! verdicts recorded by `scripts/oracle/bolt-oracle.sh` (`puppet parser validate --tasks`).
//!
//! Each fixture plan says, on a `# expect:` line, the codes of the error-level findings plint
//! gives it (none for a valid plan). Besides, where Puppet rejects a plan plint must report an
//! error of the syntax or validation families (P0xx, P3xx), and where Puppet accepts it, none.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use plint::defs::bolt;
use serde_json::Value;

const PLINT: &str = env!("CARGO_BIN_EXE_plint");

fn dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/bolt"))
}

#[test]
fn data_loads_and_every_type_parses() {
    assert!(bolt::function("run_task").is_some());
    assert!(bolt::function("out::message").is_some());
    assert!(bolt::function("notice").is_none());
    assert!(bolt::type_alias("TargetSpec").is_some());
    assert!(bolt::type_alias("boltlib::targetspec").is_some());
    assert!(
        bolt::object("ResultSet")
            .and_then(|o| o.member("first"))
            .is_some()
    );
    let mut types = Vec::new();
    for f in bolt::functions() {
        assert!(!f.signatures.is_empty(), "{} has no dispatch", f.name);
        for s in &f.signatures {
            types.extend(s.params.iter().map(|p| p.ty.clone()));
            types.extend(s.block.iter().map(|b| b.ty.clone()));
            types.extend(s.return_type.clone());
        }
    }
    types.extend(bolt::type_aliases().map(|a| a.ty.clone()));
    for o in bolt::objects() {
        for m in &o.members {
            types.push(m.returns.clone());
            types.extend(m.params.iter().cloned());
        }
    }
    for t in types {
        if let Err(e) = plint::types::parse(&t) {
            panic!("`{t}` does not parse: {e:?}");
        }
    }
    // Every embedded file is listed.
    assert_eq!(bolt::data_files().count(), 2);
}

/// Puppet's verdict on each plan: path under `modules/` -> accepted.
fn plan_verdicts() -> BTreeMap<String, bool> {
    let text = std::fs::read_to_string(dir().join("puppet-validate-plans.txt")).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (path, verdict) = l.rsplit_once(' ').expect("`path verdict`");
            (path.to_string(), verdict == "ok")
        })
        .collect()
}

#[test]
fn plans_get_the_expected_findings() {
    let modules = dir().join("modules");
    // Run in `modules/`: the findings' paths are relative to it. The module path is given, so
    // the world is closed: an unknown name is an error.
    let out = Command::new(PLINT)
        .args(["--format", "json", "--modulepath", ".", "."])
        .current_dir(&modules)
        .output()
        .expect("run plint");
    let findings: Value = serde_json::from_slice(&out.stdout).expect("JSON output");
    let mut errors: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in findings.as_array().expect("a list") {
        if f["severity"] != "error" {
            continue;
        }
        let path = f["path"].as_str().unwrap();
        let path = path.strip_prefix("./").unwrap_or(path).replace('\\', "/");
        errors
            .entry(path)
            .or_default()
            .insert(f["code"].as_str().unwrap().to_string());
    }
    let verdicts = plan_verdicts();
    assert!(verdicts.len() >= 6, "{verdicts:?}");
    let mut problems = Vec::new();
    for (plan, accepted) in &verdicts {
        let text = std::fs::read_to_string(modules.join(plan)).unwrap();
        let expected: BTreeSet<String> = text
            .lines()
            .find_map(|l| l.strip_prefix("# expect:"))
            .unwrap_or_else(|| panic!("{plan} has no `# expect:` line"))
            .split(',')
            .map(|c| c.trim().to_string())
            .filter(|c| !c.is_empty())
            .collect();
        let found = errors.get(plan).cloned().unwrap_or_default();
        if found != expected {
            problems.push(format!("{plan}: expected {expected:?}, found {found:?}"));
        }
        let validation = found
            .iter()
            .any(|c| c.starts_with("P0") || c.starts_with("P3"));
        if *accepted == validation {
            problems.push(format!(
                "{plan}: Puppet {} it, plint's syntax and validation errors: {found:?}",
                if *accepted { "accepts" } else { "rejects" }
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The `#### name` sections of `syntax-cases.pp`.
fn syntax_cases() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(dir().join("syntax-cases.pp")).unwrap();
    let mut out: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("#### ") {
            let name = rest.split(':').next().unwrap_or(rest).trim();
            out.push((name.to_string(), String::new()));
        } else if let Some((_, body)) = out.last_mut() {
            body.push_str(line);
            body.push('\n');
        }
    }
    out
}

#[test]
fn no_syntax_error_where_puppet_parses() {
    let text = std::fs::read_to_string(dir().join("puppet-validate-syntax.txt")).unwrap();
    let verdicts: BTreeMap<&str, (bool, bool)> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut words = l.split_whitespace();
            let name = words.next().unwrap();
            let plain = words.next() == Some("plain=ok");
            let tasks = words.next() == Some("tasks=ok");
            (name, (plain, tasks))
        })
        .collect();
    let cases = syntax_cases();
    assert!(cases.len() > 100, "{}", cases.len());
    let mut problems = Vec::new();
    for (name, src) in &cases {
        let Some(&(plain, tasks)) = verdicts.get(name.as_str()) else {
            problems.push(format!(
                "{name}: no verdict (run scripts/oracle/bolt-oracle.sh)"
            ));
            continue;
        };
        let parsed = plint::syntax::parse(src);
        let syntax_errors: Vec<_> = parsed
            .diagnostics
            .iter()
            .filter(|d| d.code == "P001")
            .map(|d| d.message.clone())
            .collect();
        if (plain || tasks) && !syntax_errors.is_empty() {
            problems.push(format!(
                "{name}: Puppet parses it, plint: {syntax_errors:?}"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
