//! plint on the real module corpus (`../shared/corpus/install.sh` installs about 1,900 `.pp`
//! files under /usr/share/puppet/modules): Puppet 7 parses every file, so plint must report
//! no syntax error (`P001`) and no internal error (`P000`) on any of them.
//!
//! Without the corpus the test is skipped, except under CI (`CI` set), where it fails.

use std::path::Path;
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
    let o = Command::new(env!("CARGO_BIN_EXE_plint"))
        .args(["--format", "json", "--timings", CORPUS])
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
    let files: usize = stderr
        .lines()
        .find(|l| l.trim_start().starts_with("discover"))
        .and_then(|l| l.split_whitespace().rev().nth(1))
        .map(|n| n.replace(',', "").parse().unwrap())
        .expect("--timings reports the number of files");
    assert!(files >= 1_800, "only {files} files found in the corpus");
}
