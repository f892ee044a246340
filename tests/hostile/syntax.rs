//! Runs of syntax errors that tree-sitter's error recovery takes time or memory for that grows
//! with the square of their length (`'a' =>` repeated: 24 KB took 4 s and 414 MB, 200 KB over
//! two minutes and 16 GB; `- ,`: 6 KB took 18 s). Each file here is 200 KB: plint stops
//! parsing it after a bounded number of errors, reports that with a `P001` at the place it
//! stopped, and checks the other files of the run. The harness kills a run after the time
//! limit and bounds its address space (4 GB), so a return of the old recovery fails the test
//! rather than exhausting the machine.

use std::time::Duration;

use crate::harness::{Tree, run};

/// The runs: each repeated to 200 KB, at the top level of a manifest.
const RUNS: &[(&str, &str)] = &[
    ("fat_arrow", "'a' =>"),
    ("name_fat_arrow", "a =>"),
    ("variable_fat_arrow", "$a =>"),
    ("assign_greater", "'a' = >"),
    ("assign_plus", "'a' = + "),
    ("assign_comma", "'a' = ,"),
    ("chained_assign_comma", "$a = $b = ,"),
    ("add_assign_comma", "$a += ,"),
    ("minus_comma", "- ,"),
    ("not_comma", "! ,"),
    ("minus_greater", "- >"),
];

const SIZE: usize = 200 * 1024;

#[test]
fn runs_of_syntax_errors_parse_in_bounded_time_and_memory() {
    let t = Tree::new();
    let mut names = Vec::new();
    for (name, unit) in RUNS {
        let text = unit.repeat(SIZE / unit.len());
        t.write(&format!("m/manifests/{name}.pp"), &text);
        names.push(*name);
    }
    // A file after them with a finding of its own: the run goes on to it.
    t.write(
        "m/manifests/zz_valid.pp",
        "class m::zz_valid {\n  $unused = 1\n}\n",
    );
    let o = run(
        &t.repo(),
        &["--format", "json", "m"],
        Duration::from_secs(120),
    );
    o.assert_contained();
    let json: serde_json::Value = serde_json::from_str(&o.stdout).expect("JSON output");
    let findings = json.as_array().expect("an array of findings");
    for name in names {
        let file = format!("m/manifests/{name}.pp");
        let stop = findings.iter().find(|f| {
            f["path"].as_str().is_some_and(|p| p.ends_with(&file))
                && f["code"] == "P001"
                && f["message"]
                    .as_str()
                    .is_some_and(|m| m.starts_with("too many syntax errors"))
        });
        assert!(
            stop.is_some(),
            "{file}: no P001 for too many syntax errors\n{}",
            &o.stdout[..o.stdout.len().min(4000)]
        );
    }
    assert!(
        findings.iter().any(|f| f["path"]
            .as_str()
            .is_some_and(|p| p.ends_with("zz_valid.pp"))),
        "the valid file after them was not checked\n{}",
        &o.stdout[..o.stdout.len().min(4000)]
    );
}
