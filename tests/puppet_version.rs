//! One target Puppet: `puppet-version` (7 or 8, default 8) decides whether what Puppet 8 fails
//! on and Puppet 7 only warns about is an error or a warning, in check mode and with
//! `--evaluate` alike. Each case of tests/puppet-version/ (a `site.pp`, maybe `modules/`, and
//! `codes`: the findings it is about, with the mode that reports each) is checked against
//! oracle.txt, which scripts/oracle/puppet-version-oracle.sh wrote by applying the case with
//! Puppet and each version's defaults of `strict` and `strict_variables`: plint reports an
//! error exactly where that Puppet fails, a warning where it warns.

#[path = "common/mod.rs"]
mod common;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use common::{code, plint, stderr, stdout};
use serde_json::Value;

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/puppet-version")
}

/// oracle.txt: (case, version) to `fails`, `warns` or `ok`.
fn oracle() -> BTreeMap<(String, String), String> {
    let text = fs::read_to_string(cases_dir().join("oracle.txt")).expect("oracle.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            ((w[0].to_string(), w[1].to_string()), w[2].to_string())
        })
        .collect()
}

/// The severity of the finding `code` in plint's JSON report, run in `dir` with `args`.
fn severity_of(dir: &Path, args: &[&str], rule: &str) -> String {
    let o = plint(dir, args);
    let findings: Vec<Value> = serde_json::from_str(&stdout(&o))
        .unwrap_or_else(|e| panic!("{e}: {} {}", stdout(&o), stderr(&o)));
    let found: Vec<&Value> = findings.iter().filter(|f| f["code"] == rule).collect();
    assert_eq!(
        found.len(),
        1,
        "{args:?} in {}: {findings:?}",
        dir.display()
    );
    // The exit status follows: 1 on an error.
    let error = found[0]["severity"] == "error";
    assert_eq!(code(&o), i32::from(error), "{args:?}: {}", stderr(&o));
    found[0]["severity"].as_str().unwrap().to_string()
}

#[test]
fn findings_are_errors_where_the_target_puppet_fails() {
    let oracle = oracle();
    let mut checked = 0;
    for entry in fs::read_dir(cases_dir()).unwrap() {
        let dir = entry.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let codes = fs::read_to_string(dir.join("codes")).expect("codes");
        for version in ["7", "8"] {
            let outcome = &oracle[&(name.clone(), version.to_string())];
            let expected = match outcome.as_str() {
                "fails" => "error",
                "warns" => "warning",
                other => panic!("{name}: Puppet {version} {other}: not a case of this test"),
            };
            for line in codes.lines().filter(|l| !l.trim().is_empty()) {
                let (rule, mode) = line.split_once(' ').unwrap();
                let mut args = vec!["--puppet-version", version, "--format", "json"];
                if dir.join("modules").is_dir() {
                    args.extend(["--modulepath", "modules"]);
                }
                match mode {
                    "check" => args.push("."),
                    "evaluate" => args.extend(["--evaluate", "--facts-os", "debian-12", "site.pp"]),
                    other => panic!("{name}: unknown mode {other}"),
                }
                assert_eq!(
                    severity_of(&dir, &args, rule),
                    expected,
                    "{name}: {rule} ({mode}) with Puppet {version}, which {outcome}"
                );
                // The default is Puppet 8.
                if version == "8" {
                    let default: Vec<&str> = args[2..].to_vec();
                    assert_eq!(
                        severity_of(&dir, &default, rule),
                        expected,
                        "{name} default"
                    );
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 8, "every case, both versions");
}

/// `puppet-version` in plint.toml is the same setting; `--puppet-version` replaces it, and
/// `--strict-variables` turns Puppet's `strict_variables` on with Puppet 7 too, in both
/// modes; `[rules]` still decides last.
#[test]
fn the_version_comes_from_plint_toml_and_the_command_line() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    fs::write(dir.join("site.pp"), "notice(\"port ${listen_port}\")\n").unwrap();
    let check = |args: &[&str]| {
        let mut all = vec!["--format", "json"];
        all.extend_from_slice(args);
        all.push("site.pp");
        severity_of(dir, &all, "P112")
    };
    let evaluate = |args: &[&str]| {
        let mut all = vec!["--format", "json", "--evaluate", "--facts-os", "debian-12"];
        all.extend_from_slice(args);
        all.push("site.pp");
        severity_of(dir, &all, "P212")
    };
    assert_eq!(
        (check(&[]), evaluate(&[])),
        ("error".into(), "error".into())
    );
    fs::write(dir.join("plint.toml"), "puppet-version = 7\n").unwrap();
    assert_eq!(
        (check(&[]), evaluate(&[])),
        ("warning".into(), "warning".into())
    );
    let strict = ["--strict-variables"];
    assert_eq!(
        (check(&strict), evaluate(&strict)),
        ("error".into(), "error".into())
    );
    let eight = ["--puppet-version", "8"];
    assert_eq!(
        (check(&eight), evaluate(&eight)),
        ("error".into(), "error".into())
    );
    fs::write(
        dir.join("plint.toml"),
        "puppet-version = \"7\"\n[rules]\nundefined-variable = \"deny\"\nunknown-variable = \"deny\"\n",
    )
    .unwrap();
    assert_eq!(
        (check(&[]), evaluate(&[])),
        ("error".into(), "error".into())
    );

    // An unknown version is a configuration error, with its place.
    fs::write(dir.join("plint.toml"), "puppet-version = 6\n").unwrap();
    let o = plint(dir, &["site.pp"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o)
            .contains("plint.toml:1:18: unknown Puppet version `6`: plint targets Puppet 7 or 8"),
        "{}",
        stderr(&o)
    );
}
