//! `--fix`, `--diff` and `--unsafe-fixes`: which fixes apply, what the summary says, and that
//! the fixes keep what Puppet compiles (the cases of tests/fixes/, checked against the oracle
//! that scripts/oracle/fix-oracle.sh wrote with Puppet and facterdb's fact sets).

#[path = "common/mod.rs"]
mod common;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use common::{code, plint, stderr, stdout};
use sha2::{Digest, Sha256};

fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn fixes_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixes")
}

/// A folder holding `name` with `text`.
fn one_file(name: &str, text: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join(name), text).unwrap();
    dir
}

/// What oracle.txt says: the digests of the manifests, and per (fact set, manifest) Puppet's
/// result (`ok DIGEST COUNT` or `error MESSAGE`).
struct Oracle {
    files: BTreeMap<String, String>,
    results: BTreeMap<(String, String), String>,
}

fn read_oracle(dir: &Path) -> Oracle {
    let text = fs::read_to_string(dir.join("oracle.txt")).expect("oracle.txt");
    let mut files = BTreeMap::new();
    let mut results = BTreeMap::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let mut words = line.splitn(3, ' ');
        let (a, b, c) = (
            words.next().unwrap(),
            words.next().unwrap(),
            words.next().unwrap_or(""),
        );
        if a == "file" {
            files.insert(b.to_string(), c.to_string());
        } else {
            results.insert((a.to_string(), b.to_string()), c.to_string());
        }
    }
    Oracle { files, results }
}

/// The part of an oracle result about what an agent makes of the catalog: `agent DIGEST N`
/// or `agent-error MESSAGE` (see scripts/oracle/fix-oracle.rb).
fn agent_view(result: &str) -> &str {
    result.find(" agent").map_or("", |i| &result[i + 1..])
}

/// Each case of tests/fixes/: plint's fix of input.pp is still fixed.pp, the oracle was made
/// from these very files, and Puppet compiled fixed.pp wherever it compiled input.pp; unless
/// the case applies unsafe fixes, an agent sees the same catalog (the same resources with the
/// same values once validated: `'644'` and `'0644'` are one file mode) wherever it accepted
/// input.pp's.
#[test]
fn fixes_keep_what_puppet_compiles() {
    let mut cases = 0;
    for entry in fs::read_dir(fixes_dir()).unwrap() {
        let case = entry.unwrap().path();
        if !case.is_dir() {
            continue;
        }
        cases += 1;
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let options = fs::read_to_string(case.join("options")).unwrap();
        let options: Vec<&str> = options.split_whitespace().collect();
        let input = fs::read_to_string(case.join("input.pp")).unwrap();
        let expected = fs::read_to_string(case.join("fixed.pp")).unwrap();

        let work = one_file("input.pp", &input);
        let mut args = options.clone();
        args.extend(["--quiet", "input.pp"]);
        let o = plint(work.path(), &args);
        assert!(matches!(code(&o), 0 | 1), "{name}: {}", stderr(&o));
        let fixed = fs::read_to_string(work.path().join("input.pp")).unwrap();
        assert_eq!(
            fixed, expected,
            "{name}: plint's fix is no longer the text Puppet checked: run \
             scripts/oracle/fix-oracle.sh and review the diff"
        );
        assert_ne!(fixed, input, "{name}: nothing was fixed");

        let oracle = read_oracle(&case);
        for (file, digest) in &oracle.files {
            let text = fs::read(case.join(file)).unwrap();
            assert_eq!(
                &sha256(&text),
                digest,
                "{name}/{file} changed since the oracle was made: run scripts/oracle/fix-oracle.sh"
            );
        }
        let unsafe_fixes = options.contains(&"--unsafe-fixes");
        let sets: Vec<&String> = oracle
            .results
            .keys()
            .filter(|(_, f)| f == "input.pp")
            .map(|(s, _)| s)
            .collect();
        assert!(sets.len() >= 8, "{name}: too few fact sets in the oracle");
        for set in sets {
            let of = |f: &str| &oracle.results[&(set.clone(), f.to_string())];
            let (before, after) = (of("input.pp"), of("fixed.pp"));
            assert!(before.starts_with("ok "), "{name} on {set}: {before}");
            assert!(
                after.starts_with("ok "),
                "{name}: Puppet fails to compile the fixed manifest on {set}: {after}"
            );
            let (before, after) = (agent_view(before), agent_view(after));
            assert!(before.starts_with("agent"), "{name} on {set}: {before}");
            if !unsafe_fixes && before.starts_with("agent ") {
                assert_eq!(
                    before, after,
                    "{name}: a safe fix changed the catalog on {set}"
                );
            }
        }
    }
    assert!(cases >= 3);
}

/// What the fix of `$::sshdsakey` used to write fails on a node with no DSA key (facterdb's
/// RedHat 8), so the oracle can tell; plint's fix reads it with `dig`.
#[test]
fn the_sshdsakey_fix_compiles_on_a_node_without_dsa_keys() {
    let case = fixes_dir().join("legacy-facts");
    let oracle = read_oracle(&case);
    let at = |f: &str| &oracle.results[&("4.2/redhat-8-x86_64".to_string(), f.to_string())];
    assert!(
        at("naive.pp").contains("Operator '[]' is not applicable to an Undef Value"),
        "{}",
        at("naive.pp")
    );
    assert!(at("fixed.pp").starts_with("ok "));
    let fixed = fs::read_to_string(case.join("fixed.pp")).unwrap();
    assert!(fixed.contains("message => $facts.dig('ssh', 'dsa', 'key') }"));
    assert!(fixed.contains("message => $facts['os']['family'] }"));
    assert!(!fixed.contains("['ssh']['dsa']"));
}

const MIXED: &str =
    "notify { 'a': message => $::osfamily }\nnotify { 'b': message => $::kernel }\n";

/// `--fix` applies the safe fixes only and says how many unsafe ones it left;
/// `--fix --unsafe-fixes` applies those too.
#[test]
fn fix_applies_unsafe_fixes_only_when_asked() {
    let dir = one_file("a.pp", MIXED);
    let o = plint(dir.path(), &["--fix", "--select", "P421,P422", "a.pp"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let text = fs::read_to_string(dir.path().join("a.pp")).unwrap();
    assert_eq!(
        text,
        "notify { 'a': message => $facts['os']['family'] }\nnotify { 'b': message => $::kernel }\n"
    );
    assert!(
        stderr(&o).contains(
            "plint: fixed 1 finding in 1 file (1 more fix is unsafe: `--unsafe-fixes` applies it)"
        ),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).contains("P422"), "{}", stdout(&o));

    let o = plint(
        dir.path(),
        &["--fix", "--unsafe-fixes", "--select", "P421,P422", "a.pp"],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let text = fs::read_to_string(dir.path().join("a.pp")).unwrap();
    assert_eq!(
        text,
        "notify { 'a': message => $facts['os']['family'] }\nnotify { 'b': message => $facts['kernel'] }\n"
    );
    assert!(
        stderr(&o).contains("plint: fixed 1 finding in 1 file\n"),
        "{}",
        stderr(&o)
    );
}

/// `--diff` shows the safe fixes; with `--unsafe-fixes` the unsafe ones too; nothing changes.
#[test]
fn diff_shows_unsafe_fixes_only_when_asked() {
    let dir = one_file("a.pp", MIXED);
    let o = plint(dir.path(), &["--diff", "--select", "P421,P422", "a.pp"]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let diff = stdout(&o);
    assert!(diff.contains("+notify { 'a': message => $facts['os']['family'] }"));
    assert!(!diff.contains("$facts['kernel']"), "{diff}");
    assert!(
        stderr(&o).contains("(1 more fix is unsafe"),
        "{}",
        stderr(&o)
    );

    let o = plint(
        dir.path(),
        &["--diff", "--unsafe-fixes", "--select", "P421,P422", "a.pp"],
    );
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert!(stdout(&o).contains("+notify { 'b': message => $facts['kernel'] }"));
    assert!(!stderr(&o).contains("unsafe"), "{}", stderr(&o));
    assert_eq!(fs::read_to_string(dir.path().join("a.pp")).unwrap(), MIXED);
}

#[test]
fn unsafe_fixes_without_fix_or_diff_is_a_usage_error() {
    let dir = one_file("a.pp", MIXED);
    let o = plint(dir.path(), &["--unsafe-fixes", "a.pp"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("--fix"), "{}", stderr(&o));
}

/// `plint rules` and `plint explain` say how safe a rule's fixes are.
#[test]
fn rules_and_explain_show_fix_safety() {
    let here = Path::new(".");
    let table = stdout(&plint(here, &["rules"]));
    let row = |code: &str| -> Vec<String> {
        table
            .lines()
            .find(|l| l.starts_with(code))
            .unwrap()
            .split_whitespace()
            .map(String::from)
            .collect()
    };
    assert_eq!(row("P401")[4], "safe");
    assert_eq!(row("P421")[4], "sometimes-unsafe");
    assert_eq!(row("P422")[4], "unsafe");
    assert!(table.contains("`--fix --unsafe-fixes`"));

    let p422 = stdout(&plint(here, &["explain", "P422"]));
    assert!(
        p422.lines()
            .next()
            .unwrap()
            .contains("fixable with --fix --unsafe-fixes (unsafe fix)"),
        "{p422}"
    );
    let p421 = stdout(&plint(here, &["explain", "legacy_facts"]));
    assert!(
        p421.lines()
            .next()
            .unwrap()
            .contains("some fixes are unsafe"),
        "{p421}"
    );
}

/// A module checked alone: it declares stdlib (absent) and calls its functions, and has style
/// findings `--fix` fixes, one a legacy fact compared as a string.
fn module_with_absent_stdlib() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir(root.join("manifests")).unwrap();
    fs::write(
        root.join("metadata.json"),
        r#"{
  "name": "acme-demo",
  "version": "1.0.0",
  "author": "acme",
  "summary": "A demo.",
  "license": "Apache-2.0",
  "source": "https://example.com/acme/demo",
  "dependencies": [
    { "name": "puppetlabs/stdlib", "version_requirement": ">= 4.0.0 < 10.0.0" }
  ]
}
"#,
    )
    .unwrap();
    fs::write(
        root.join("manifests/init.pp"),
        r#"# @summary A demo.
#
# @param pkgs the packages
class demo (
  Array[String] $pkgs = [],
) {
  $merged = merge({"a" => 1}, {"b" => 2})
  $first = pick($pkgs[0], "none")
  if $::operatingsystemmajrelease < '12' {
    notice("old")
  }
  file { foo:
    ensure => file,
    content => "x",
  }
  notice(join(keys($merged), ","))
  notice($first)
  include demo::config
}
"#,
    )
    .unwrap();
    fs::write(
        root.join("manifests/config.pp"),
        "# @summary The configuration.\nclass demo::config {\n  $v = delete_undef_values({\"a\" => undef})\n  notice($v)\n}\n",
    )
    .unwrap();
    dir
}

/// `--fix` re-checks the fixed files in the world of the first check: the report after
/// fixing is what `plint .` gives on the fixed tree (no "unknown function" for the absent
/// stdlib's functions, the module's own layout), `--diff` and `--fix` count the fixes and the
/// unsafe fixes left alike, and the legacy fact's fix keeps the version comparison found.
#[test]
fn fix_reports_what_a_check_of_the_fixed_tree_reports() {
    let dir = module_with_absent_stdlib();
    let before = plint(dir.path(), &["--format", "json", "."]);
    assert!(stdout(&before).contains("\"P478\""), "{}", stdout(&before));
    let diff = plint(dir.path(), &["--diff", "."]);
    assert_eq!(code(&diff), 1, "{}", stderr(&diff));
    let fix = plint(dir.path(), &["--fix", "--format", "json", "."]);
    let after = plint(dir.path(), &["--format", "json", "."]);
    assert_eq!(stdout(&fix), stdout(&after), "{}", stderr(&fix));
    let findings: Vec<serde_json::Value> = serde_json::from_str(&stdout(&after)).unwrap();
    let codes: Vec<&str> = findings
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["P478", "P008"], "{}", stdout(&after));
    assert_eq!(
        findings[0]["message"],
        "the version `$facts['os']['release']['major']` is compared as a number or plain string"
    );
    let counts = |o: &std::process::Output, verb: &str| {
        let err = stderr(o);
        let line = err
            .lines()
            .find(|l| l.contains(verb))
            .unwrap_or_else(|| panic!("{err}"))
            .to_string();
        let at = line.find(" in ").unwrap();
        line[at..].to_string()
    };
    assert_eq!(
        counts(&diff, "would apply"),
        " in 2 files (1 more fix is unsafe: `--unsafe-fixes` applies it)"
    );
    assert_eq!(counts(&diff, "would apply"), counts(&fix, "plint: fixed"));
    assert!(
        stderr(&diff).contains("would apply 10 fixes"),
        "{}",
        stderr(&diff)
    );
    assert!(
        stderr(&fix).contains("fixed 10 findings"),
        "{}",
        stderr(&fix)
    );
}
