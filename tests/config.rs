//! Configuration end to end: `plint.toml` (found in the nearest ancestor, or `--config`),
//! `[rules]`, `[rule-options]`, `[[overrides]]`, `exclude`, errors with their line and column,
//! and `.puppet-lint.rc` when there is no `plint.toml`.

use std::fs;
use std::path::Path;

use serde_json::Value;

mod common;
use common::{code, plint, stderr, stdout};

/// `path code severity` of every finding, from the JSON format.
fn findings(dir: &Path, args: &[&str]) -> (i32, Vec<String>) {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    let o = plint(dir, &all);
    let v: Value = serde_json::from_str(&stdout(&o))
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}{}", stdout(&o), stderr(&o)));
    let list = v
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            format!(
                "{} {} {}",
                f["path"].as_str().unwrap(),
                f["code"].as_str().unwrap(),
                f["severity"].as_str().unwrap()
            )
        })
        .collect();
    (code(&o), list)
}

fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, contents) in files {
        let path = dir.path().join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, contents).unwrap();
    }
    dir
}

/// A P401 warning (`foo` is not quoted).
const P401: &str = "node default {\n  file { foo:\n    ensure => file,\n  }\n}\n";

/// A P301 error (`$a` twice), for `dup/manifests/twice.pp`.
const P301: &str = "# Twice.\ndefine dup::twice($a, $a) {\n  notice($a)\n}\n";

// --- [rules] ---------------------------------------------------------------------------------

#[test]
fn allow_warn_and_deny() {
    let dir = tree(&[
        ("a.pp", P401),
        ("dup/manifests/twice.pp", P301),
        (
            "plint.toml",
            "[rules]\nunquoted-resource-title = \"deny\"\nP301 = \"warn\"\n",
        ),
    ]);
    let (status, found) = findings(dir.path(), &[]);
    assert_eq!(
        found,
        ["a.pp P401 error", "dup/manifests/twice.pp P301 warning"]
    );
    assert_eq!(status, 1);
    fs::write(
        dir.path().join("plint.toml"),
        "[rules]\nunquoted_resource_title = \"allow\"\nduplicate-parameter = \"allow\"\n",
    )
    .unwrap();
    assert_eq!(findings(dir.path(), &[]), (0, vec![]));
}

#[test]
fn warn_turns_on_a_rule_that_is_off_by_default() {
    let Some(info) = plint::rules::registry::RULES
        .iter()
        .map(|r| r.info())
        .find(|i| !i.default_enabled)
    else {
        return; // no such rule yet
    };
    let example = plint::rules::docs::section(info.docs, "Example")
        .and_then(plint::rules::docs::code_block)
        .unwrap();
    let dir = tree(&[("a.pp", &example)]);
    let has = |found: &[String]| found.iter().any(|f| f.contains(info.code));
    assert!(!has(&findings(dir.path(), &[]).1));
    fs::write(
        dir.path().join("plint.toml"),
        format!("[rules]\n{} = \"warn\"\n", info.name),
    )
    .unwrap();
    let (_, found) = findings(dir.path(), &[]);
    assert!(
        found.contains(&format!("a.pp {} warning", info.code)),
        "{found:?}"
    );
}

#[test]
fn the_command_line_applies_on_top_of_the_file() {
    let dir = tree(&[
        ("a.pp", P401),
        ("dup/manifests/twice.pp", P301),
        ("plint.toml", "[rules]\nP401 = \"deny\"\nP301 = \"allow\"\n"),
    ]);
    // --select turns P301 back on; P401 keeps the severity the file gave it.
    let (_, found) = findings(dir.path(), &["--select", "P301,P401"]);
    assert_eq!(
        found,
        ["a.pp P401 error", "dup/manifests/twice.pp P301 error"]
    );
    let (status, found) = findings(dir.path(), &["--ignore", "P401"]);
    assert_eq!((status, found), (0, vec![]));
}

#[test]
fn fail_on_warnings_in_the_file() {
    let dir = tree(&[("a.pp", P401), ("plint.toml", "fail-on-warnings = true\n")]);
    let (status, found) = findings(dir.path(), &[]);
    assert_eq!((status, found), (1, vec!["a.pp P401 warning".to_string()]));
}

#[test]
fn plint_own_codes_can_be_configured() {
    let src = "node default {\n  file { 'foo':  # plint:allow(unquoted-resource-title)\n    ensure => file,\n  }\n}\n";
    let dir = tree(&[("a.pp", src)]);
    let (_, found) = findings(dir.path(), &[]);
    assert_eq!(found, ["a.pp P006 warning"]);
    fs::write(
        dir.path().join("plint.toml"),
        "[rules]\nunused-suppression = \"deny\"\n",
    )
    .unwrap();
    assert_eq!(
        findings(dir.path(), &[]),
        (1, vec!["a.pp P006 error".to_string()])
    );
    fs::write(dir.path().join("plint.toml"), "[rules]\nP006 = \"allow\"\n").unwrap();
    assert_eq!(findings(dir.path(), &[]), (0, vec![]));
}

// --- where the file is -----------------------------------------------------------------------

#[test]
fn the_nearest_ancestor_file_applies_and_patterns_are_relative_to_it() {
    let dir = tree(&[
        (
            "plint.toml",
            "exclude = [\"sub/skip\"]\n[rules]\nP401 = \"deny\"\n",
        ),
        ("sub/a.pp", P401),
        ("sub/skip/b.pp", P401),
    ]);
    let sub = dir.path().join("sub");
    let (status, found) = findings(&sub, &[]);
    assert_eq!((status, found), (1, vec!["a.pp P401 error".to_string()]));
    // A nearer file wins, and replaces the other (which excluded `skip`).
    fs::write(sub.join("plint.toml"), "[rules]\nP401 = \"warn\"\n").unwrap();
    let (status, found) = findings(&sub, &[]);
    assert_eq!(
        (status, found),
        (
            0,
            vec![
                "a.pp P401 warning".to_string(),
                "skip/b.pp P401 warning".to_string()
            ]
        )
    );
}

#[test]
fn config_option_names_the_file() {
    let dir = tree(&[
        ("a.pp", P401),
        ("plint.toml", "[rules]\nP401 = \"deny\"\n"),
        ("other/strict.toml", "[rules]\nP401 = \"allow\"\n"),
    ]);
    assert_eq!(
        findings(dir.path(), &["--config", "other/strict.toml"]),
        (0, vec![])
    );
    let o = plint(dir.path(), &["--config", "missing.toml"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("cannot read `"), "{}", stderr(&o));
}

// --- overrides and exclude -------------------------------------------------------------------

#[test]
fn overrides_apply_to_matching_files() {
    let dir = tree(&[
        ("manifests/a.pp", P401),
        ("spec/fixtures/a.pp", P401),
        ("spec/b.pp", P401),
        ("examples/c.pp", P401),
        (
            "plint.toml",
            "[rules]\nP401 = \"deny\"\n\n[[overrides]]\nfiles = [\"spec/**\"]\nrules = { unquoted-resource-title = \"allow\" }\n\n[[overrides]]\nfiles = [\"examples/*.pp\", \"spec/b.pp\"]\nrules = { P401 = \"warn\" }\n",
        ),
    ]);
    let (_, found) = findings(dir.path(), &["manifests", "spec", "examples"]);
    assert_eq!(
        found,
        [
            "examples/c.pp P401 warning",
            "manifests/a.pp P401 error",
            "spec/b.pp P401 warning",
        ]
    );
}

#[test]
fn exclude_skips_files_and_folders_even_when_named() {
    let dir = tree(&[
        ("manifests/a.pp", P401),
        ("vendor2/x.pp", P401),
        ("gen/a_generated.pp", P401),
        (
            "plint.toml",
            "exclude = [\"vendor2\", \"**/*_generated.pp\"]\n",
        ),
    ]);
    let o = plint(dir.path(), &["--format", "json"]);
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let paths: Vec<_> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(paths, ["manifests/a.pp"]);
    let o = plint(dir.path(), &["vendor2/x.pp"]);
    assert_eq!(stdout(&o), "No problems found (0 files checked)\n");
}

// --- rule options ----------------------------------------------------------------------------

#[test]
fn rule_options_are_checked_against_the_rule_options_struct() {
    let with_options = plint::rules::registry::RULES
        .iter()
        .map(|r| r.info())
        .find(|i| i.options.is_some_and(|o| !o.fields.is_empty()));
    let Some(info) = with_options else {
        return; // no rule with options yet
    };
    let field = info.options.unwrap().fields[0];
    let (name, kind) = (field.key(), field.kind);
    let dir = tree(&[("a.pp", "notice('x')\n")]);
    let write = |text: String| fs::write(dir.path().join("plint.toml"), text).unwrap();
    // A documented option with a value of its type is accepted.
    let value = match kind {
        "integer" => "100",
        "boolean" => "true",
        "array" => "[]",
        _ => "\"x\"",
    };
    write(format!(
        "[rule-options.{}]\n{} = {value}\n",
        info.name, name
    ));
    let o = plint(dir.path(), &[]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    // An undocumented option is an error at its line and column.
    write(format!("[rule-options.{}]\n  nope = 1\n", info.name));
    let o = plint(dir.path(), &[]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains(&format!(
            "plint.toml:2:3: rule `{}` has no option `nope`; its options: `{}`",
            info.name, name
        )),
        "{}",
        stderr(&o)
    );
    // A value of the wrong type too.
    if kind == "integer" {
        write(format!(
            "[rule-options.{}]\n{} = \"long\"\n",
            info.name, name
        ));
        let o = plint(dir.path(), &[]);
        assert_eq!(code(&o), 2);
        assert!(
            stderr(&o).contains("must be an integer, not string"),
            "{}",
            stderr(&o)
        );
        // And a value of its type that the option refuses.
        write(format!("[rule-options.{}]\n{} = -1\n", info.name, name));
        let o = plint(dir.path(), &[]);
        assert_eq!(code(&o), 2);
        assert!(
            stderr(&o).contains(&format!(
                "plint.toml:2:{}: option `{name}` of rule `{}`: ",
                name.len() + 4,
                info.name
            )),
            "{}",
            stderr(&o)
        );
    }
}

#[test]
fn options_of_a_rule_without_options_are_an_error() {
    let dir = tree(&[
        ("a.pp", "notice('x')\n"),
        ("plint.toml", "[rule-options.P401]\nmax = 3\n"),
    ]);
    let o = plint(dir.path(), &[]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("plint.toml:2:1: rule `unquoted-resource-title` has no options"),
        "{}",
        stderr(&o)
    );
}

// --- errors ------------------------------------------------------------------------------------

/// Runs plint with `toml` as `plint.toml`; returns its stderr, asserting exit status 2.
fn config_error(toml: &str) -> String {
    let dir = tree(&[("a.pp", "notice('x')\n"), ("plint.toml", toml)]);
    let o = plint(dir.path(), &[]);
    assert_eq!(code(&o), 2, "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).is_empty());
    stderr(&o)
}

#[test]
fn unknown_keys_are_errors_with_line_and_column() {
    let err = config_error("exclude = []\n\n[rules]\nP401 = \"warn\"\n\n[rulez]\nx = 1\n");
    assert!(
        err.starts_with("plint: error: plint.toml:6:2: unknown field `rulez`, expected one of `rules`, `rule-options`, `overrides`, `exclude`, `modulepath`, `fail-on-warnings`"),
        "{err}"
    );
    let err = config_error("[[overrides]]\nfiles = [\"a\"]\nruls = {}\n");
    assert!(
        err.contains("plint.toml:3:1: unknown field `ruls`"),
        "{err}"
    );
    let err = config_error("fail_on_warnings = true\n");
    assert!(
        err.contains("plint.toml:1:1: unknown field `fail_on_warnings`"),
        "{err}"
    );
}

#[test]
fn unknown_rule_names_are_errors_with_line_and_column() {
    let err = config_error("[rules]\nP401 = \"warn\"\nunquoted-resource-titel = \"deny\"\n");
    assert!(
        err.contains("plint.toml:3:1: unknown rule `unquoted-resource-titel` (did you mean `unquoted-resource-title`?)"),
        "{err}"
    );
    let err = config_error("[[overrides]]\nfiles = [\"x\"]\nrules = { P999 = \"warn\" }\n");
    assert!(
        err.contains("plint.toml:3:11: unknown rule `P999`"),
        "{err}"
    );
    let err = config_error("[rule-options.nope]\nx = 1\n");
    assert!(
        err.contains("plint.toml:1:15: unknown rule `nope`"),
        "{err}"
    );
    let err = config_error("[rules]\nsyntax-error = \"allow\"\n");
    assert!(
        err.contains("plint.toml:2:1: `syntax-error` (P001) is always reported"),
        "{err}"
    );
}

#[test]
fn bad_values_are_errors_with_line_and_column() {
    let err = config_error("[rules]\nP401 = \"error\"\n");
    assert!(
        err.contains(
            r#"plint.toml:2:8: unknown level "error": expected "allow", "warn" or "deny""#
        ),
        "{err}"
    );
    let err = config_error("exclude = \"vendor\"\n");
    assert!(err.contains("plint.toml:1:11:"), "{err}");
    let err = config_error("exclude = [\"a/[\"]\n");
    assert!(err.contains("plint.toml:1:12: bad pattern `a/[`"), "{err}");
    let err = config_error("[rules\n");
    assert!(err.contains("plint.toml:1:"), "{err}");
}

// --- .puppet-lint.rc ---------------------------------------------------------------------------

#[test]
fn puppet_lint_rc_is_read_when_there_is_no_plint_toml() {
    let dir = tree(&[
        ("a.pp", P401),
        (
            ".puppet-lint.rc",
            "# switched from puppet-lint\n--no-unquoted_resource_title-check\n--relative\n--load x.rb\n",
        ),
    ]);
    let o = plint(dir.path(), &["--format", "json"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "[]");
    assert!(
        stderr(&o).contains(
            "plint: note: .puppet-lint.rc: `--load` is a puppet-lint option plint does not use; ignored"
        ),
        "{}",
        stderr(&o)
    );
    // -q hides the notes.
    assert_eq!(stderr(&plint(dir.path(), &["-q"])), "");
    // A plint.toml takes precedence.
    fs::write(dir.path().join("plint.toml"), "").unwrap();
    let (_, found) = findings(dir.path(), &[]);
    assert_eq!(found, ["a.pp P401 warning"]);
}

#[test]
fn puppet_lint_rc_only_checks_and_fail_on_warnings() {
    let dir = tree(&[
        ("a.pp", P401),
        ("dup/manifests/twice.pp", P301),
        (
            ".puppet-lint.rc",
            "--only-checks=trailing_whitespace\n--fail-on-warnings\n",
        ),
    ]);
    // Only puppet-lint's checks are restricted: the validation rule P301 still runs.
    let (status, found) = findings(dir.path(), &[]);
    assert_eq!(status, 1);
    assert_eq!(found, ["dup/manifests/twice.pp P301 error"]);
    fs::write(
        dir.path().join(".puppet-lint.rc"),
        "--only-checks unquoted_resource_title\n--fail-on-warnings\n--no-duplicate-parameter-check\n",
    )
    .unwrap();
    let (status, found) = findings(dir.path(), &[]);
    assert_eq!((status, found), (1, vec!["a.pp P401 warning".to_string()]));
}

#[test]
fn puppet_lint_rc_tolerates_checks_plint_lacks() {
    let dir = tree(&[
        ("a.pp", P401),
        (
            ".puppet-lint.rc",
            "--no-exec_idempotency-check\n--no-custom_plugin_check-check\n--ignore-paths=gen/**\n",
        ),
        ("gen/x.pp", P401),
    ]);
    let o = plint(dir.path(), &["--format", "json"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 1, "gen/ is ignored");
    let err = stderr(&o);
    assert!(err.contains("custom_plugin_check"), "{err}");
}

// --- documentation -----------------------------------------------------------------------------

/// The `plint.toml` example of the README is a valid configuration.
#[test]
fn readme_configuration_example_is_valid() {
    // It names rules of several families; wait until they all exist.
    let named = ["line-too-long", "140chars", "documentation", "P401"];
    if named.iter().any(|n| plint::rules::find(n).is_none()) {
        return;
    }
    let readme = fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let start = readme
        .find("```toml\n# Files and folders")
        .expect("the README has a plint.toml example");
    let body = &readme[start + "```toml\n".len()..];
    let example = &body[..body.find("```").unwrap()];
    // Its `facts` names a fact file, which must exist.
    let facts = ("facts/web01.yaml", "os:\n  family: Debian\n");
    let dir = tree(&[("plint.toml", example), ("a.pp", P401), facts]);
    let (status, found) = findings(dir.path(), &[]);
    assert_eq!((status, found), (1, vec!["a.pp P401 error".to_string()]));
}

#[test]
fn rule_options_reach_the_rule_and_overrides_replace_them() {
    if plint::rules::find("line-too-long").is_none() {
        return; // the rule does not exist yet
    }
    let line = format!("notice('{}')\n", "x".repeat(100)); // 111 characters
    let dir = tree(&[
        ("a.pp", &line),
        ("spec/b.pp", &line),
        (
            "plint.toml",
            "[rule-options.line-too-long]\nmax-length = 100\n\n[[overrides]]\nfiles = [\"spec\"]\nrule-options.140chars = { max-length = 120 }\n",
        ),
    ]);
    let (_, found) = findings(dir.path(), &["--select", "line-too-long"]);
    assert_eq!(found, ["a.pp P439 warning"]);
    fs::remove_file(dir.path().join("plint.toml")).unwrap();
    let (_, found) = findings(dir.path(), &["--select", "line-too-long"]);
    assert!(found.is_empty(), "the default is 140: {found:?}");
}
