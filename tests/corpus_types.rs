//! The type and name checks of inference (P101-P111, P116-P120, P122-P124; the scope rules
//! P112-P115 have their own list in tests/corpus.rs) and the checks of a module's other files
//! (P5xx: templates, `metadata.json`, Hiera, tasks) on the real module corpus
//! (/usr/share/puppet/modules): it is working code, so every error-level finding must be a
//! real defect listed, with
//! its reason, in tests/oracle/corpus-type-defects.txt, and every listed defect must still be
//! found (so the list stays exact).
//!
//! Without the corpus the test is skipped, except under CI (`CI` set), where it fails.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

const CORPUS: &str = "/usr/share/puppet/modules";

#[test]
fn corpus_p1_errors_are_listed_real_defects() {
    if !Path::new(CORPUS).is_dir() {
        assert!(std::env::var_os("CI").is_none(), "{CORPUS} is missing");
        eprintln!("skipped: {CORPUS} is missing");
        return;
    }
    let o = Command::new(env!("CARGO_BIN_EXE_plint"))
        .args([
            "--select",
            "P101,P102,P103,P104,P105,P106,P107,P108,P109,P110,P111,P116,P117,P118,P119,P120,\
             P122,P123,P124,P501,P502,P503,P504,P505,P506,P507,P508,P509,P510",
            "--format",
            "json",
            CORPUS,
        ])
        .output()
        .expect("run plint");
    let findings: Vec<Value> = serde_json::from_slice(&o.stdout).expect("JSON output");
    let found: BTreeSet<String> = findings
        .iter()
        .filter(|f| f["severity"] == "error")
        .map(|f| {
            let path = f["path"].as_str().unwrap_or("?");
            let rel = path
                .strip_prefix(CORPUS)
                .unwrap_or(path)
                .trim_start_matches('/');
            format!("{rel}:{} {}", f["line"], f["code"].as_str().unwrap_or("?"))
        })
        .collect();
    let list = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracle/corpus-type-defects.txt"),
    )
    .expect("the list of real defects is readable");
    let listed: BTreeSet<String> = list
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
        .collect();
    let unexpected: Vec<&String> = found.difference(&listed).collect();
    let gone: Vec<&String> = listed.difference(&found).collect();
    let details = |key: &str| {
        findings
            .iter()
            .find(|f| {
                let path = f["path"].as_str().unwrap_or("?");
                let rel = path
                    .strip_prefix(CORPUS)
                    .unwrap_or(path)
                    .trim_start_matches('/');
                format!("{rel}:{} {}", f["line"], f["code"].as_str().unwrap_or("?")) == key
            })
            .and_then(|f| f["message"].as_str())
            .unwrap_or("")
            .to_string()
    };
    assert!(
        unexpected.is_empty() && gone.is_empty(),
        "P1xx errors on the corpus not listed as real defects (false positives?):\n{}\n\
         listed defects no longer found:\n{}",
        unexpected
            .iter()
            .map(|k| format!("{k} {}", details(k)))
            .collect::<Vec<_>>()
            .join("\n"),
        gone.iter()
            .map(|k| k.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    eprintln!(
        "{} P1xx error findings, all listed real defects",
        found.len()
    );
}
