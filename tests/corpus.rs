//! plint on the real module corpus (`../shared/corpus/install.sh` installs about 1,900 `.pp`
//! files under /usr/share/puppet/modules): Puppet 7 parses every file, so plint must report
//! no syntax error (`P001`) and no internal error (`P000`) on any of them.
//!
//! plint skips `spec/fixtures` during a walk, so the test also names those directories
//! explicitly: every `.pp` file of the corpus is checked.
//!
//! It also asserts that every error-level finding of plint's (default rules) is where Puppet's
//! own validator reports an error: style rules are warnings, and the corpus is working code.
//!
//! Without the corpus the test is skipped, except under CI (`CI` set), where it fails.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

const CORPUS: &str = "/usr/share/puppet/modules";

#[test]
fn corpus_has_no_syntax_or_internal_errors() {
    if !Path::new(CORPUS).is_dir() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{CORPUS} is missing: run ../shared/corpus/install.sh"
        );
        eprintln!("skipped: {CORPUS} is missing (run ../shared/corpus/install.sh)");
        return;
    }
    let mut fixtures = Vec::new();
    find_spec_fixtures(Path::new(CORPUS), &mut fixtures, 0);
    let o = Command::new(env!("CARGO_BIN_EXE_plint"))
        .args(["--format", "json", "--timings", CORPUS])
        .args(&fixtures)
        .output()
        .expect("run plint");
    let stderr = String::from_utf8_lossy(&o.stderr);
    eprintln!("{stderr}");
    let findings: Vec<Value> = serde_json::from_slice(&o.stdout).expect("JSON output");
    let bad: Vec<String> = findings
        .iter()
        .filter(|f| f["code"] == "P001" || f["code"] == "P000")
        .map(|f| {
            format!(
                "{}:{}:{}: {} {}",
                f["path"].as_str().unwrap_or("?"),
                f["line"],
                f["column"],
                f["code"].as_str().unwrap_or("?"),
                f["message"].as_str().unwrap_or("?")
            )
        })
        .collect();
    assert!(
        bad.is_empty(),
        "{} syntax/internal errors on the corpus, first ones:\n{}",
        bad.len(),
        bad.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
    // The corpus is working code that Puppet accepts: plint's only error-level findings are
    // where Puppet's own validator reports an error (tests/oracle/puppet-validate-corpus.json,
    // which tests/validator_parity.rs compares in detail). Style rules are warnings.
    let puppet_errors = puppet_validator_errors();
    let unexpected: Vec<String> = findings
        .iter()
        .filter(|f| f["severity"] == "error")
        .filter_map(|f| {
            let path = f["path"].as_str().unwrap_or("?");
            let rel = path
                .strip_prefix(CORPUS)
                .unwrap_or(path)
                .trim_start_matches('/');
            let line = f["line"].as_u64().unwrap_or(0);
            (!puppet_errors.contains(&(rel.to_string(), line))).then(|| {
                format!(
                    "{rel}:{line}: {} {}",
                    f["code"].as_str().unwrap_or("?"),
                    f["message"].as_str().unwrap_or("?")
                )
            })
        })
        .collect();
    assert!(
        unexpected.is_empty(),
        "{} error-level findings on the corpus where Puppet reports no error:\n{}",
        unexpected.len(),
        unexpected.join("\n")
    );
    let files: usize = stderr
        .lines()
        .find(|l| l.trim_start().starts_with("discover"))
        .and_then(|l| l.split_whitespace().rev().nth(1))
        .map(|n| n.replace(',', "").parse().unwrap())
        .expect("--timings reports the number of files");
    assert!(files >= 1_890, "only {files} files found in the corpus");
}

/// Directories `spec/fixtures` under `dir` (following symlinks, as the modules are links).
fn find_spec_fixtures(dir: &Path, out: &mut Vec<PathBuf>, depth: usize) {
    if depth > 12 {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if !path.is_dir() {
            continue;
        }
        if entry.file_name() == "fixtures" && dir.file_name() == Some("spec".as_ref()) {
            out.push(path);
        } else {
            find_spec_fixtures(&path, out, depth + 1);
        }
    }
}

/// (path relative to the corpus, line) of each error Puppet's validator reports on the corpus.
fn puppet_validator_errors() -> std::collections::HashSet<(String, u64)> {
    let file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracle/puppet-validate-corpus.json");
    let rows: Vec<Value> = serde_json::from_str(
        &std::fs::read_to_string(file).expect("the validator oracle is readable"),
    )
    .expect("the validator oracle is JSON");
    rows.iter()
        .filter(|r| r["severity"] == "error")
        .map(|r| {
            (
                r["path"].as_str().expect("path").to_string(),
                r["line"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}
