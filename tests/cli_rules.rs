//! The rules from the command line: `plint rules`, `plint explain`, `--select`, `--ignore`,
//! puppet-lint's options, `--fail-on-warnings`, `--fix` and `--diff`, and how findings of
//! rules look in the JSON and SARIF formats.

use std::fs;
use std::path::Path;
use std::process::Output;

use plint::rules::registry::RULES;
use serde_json::Value;

mod common;
use common::{code, plint, stderr, stdout};

fn json(o: &Output) -> Vec<Value> {
    serde_json::from_str::<Value>(&stdout(o))
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}{}", stdout(o), stderr(o)))
        .as_array()
        .expect("a JSON array")
        .clone()
}

/// `code` of every finding, in output order.
fn codes(o: &Output) -> Vec<String> {
    json(o)
        .iter()
        .map(|f| f["code"].as_str().unwrap().to_string())
        .collect()
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

/// A P401 warning (the bare title `foo`), in `a.pp`.
const P401: &str = "node default {\n  file { foo:\n    ensure => file,\n  }\n}\n";

/// A P301 error (`$a` twice), in `dup/manifests/twice.pp`.
const P301: &str = "# Twice.\ndefine dup::twice($a, $a) {\n  notice($a)\n}\n";

/// A tree with a P401 warning in `a.pp` and a P301 error in `dup/manifests/twice.pp`.
fn two_rules() -> tempfile::TempDir {
    tree(&[("a.pp", P401), ("dup/manifests/twice.pp", P301)])
}

/// Only P401 warnings.
const WARNINGS: &str = "node default {\n  file { foo:\n    ensure => file,\n  }\n  file { bar:\n    ensure => file,\n  }\n}\n";

// --- plint rules, plint explain -------------------------------------------------------------

#[test]
fn rules_lists_every_rule() {
    let o = plint(Path::new("."), &["rules"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    let header: Vec<_> = out.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(
        header,
        ["CODE", "NAME", "LEVEL", "PUPPET-LINT", "FIX", "DEFAULT"]
    );
    for r in RULES.iter() {
        let i = r.info();
        let line = out
            .lines()
            .find(|l| l.split_whitespace().next() == Some(i.code))
            .unwrap_or_else(|| panic!("{} is not listed", i.code));
        let cols: Vec<_> = line.split_whitespace().collect();
        // A level that depends on the target Puppet is marked `*`.
        let level = match i.puppet_setting {
            Some(_) => format!("{}*", plint::cli::rules::level_word(i.severity)),
            None => plint::cli::rules::level_word(i.severity).to_string(),
        };
        assert_eq!(
            cols,
            [
                i.code,
                i.name,
                level.as_str(),
                i.puppet_lint.unwrap_or("-"),
                if i.fixable {
                    i.fix_safety.as_str()
                } else {
                    "-"
                },
                if i.default_enabled { "on" } else { "off" },
            ]
        );
    }
    for (code, name) in [
        ("P001", "syntax-error"),
        ("P005", "unknown-suppression"),
        ("P006", "unused-suppression"),
    ] {
        assert!(
            out.lines().any(|l| l.starts_with(code) && l.contains(name)),
            "{out}"
        );
    }
}

#[test]
fn explain_prints_the_documentation() {
    let o = plint(Path::new("."), &["explain", "P301"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    let mut lines = out.lines();
    assert_eq!(
        lines.next().unwrap(),
        "P301 duplicate-parameter: error, validation, on by default"
    );
    assert_eq!(lines.next().unwrap(), "");
    assert_eq!(lines.next().unwrap(), "## What it does");
    for section in [
        "## Why is this bad?",
        "## Example",
        "## Use instead",
        "```puppet",
    ] {
        assert!(out.contains(section), "{out}");
    }
    // By name and by puppet-lint check name.
    let by_name = stdout(&plint(Path::new("."), &["explain", "duplicate-parameter"]));
    assert_eq!(by_name, out);
    let o = plint(Path::new("."), &["explain", "unquoted_resource_title"]);
    assert!(stdout(&o).starts_with("P401 unquoted-resource-title: warning, style, puppet-lint check `unquoted_resource_title`, fixable with --fix, on by default\n"));
    // plint's own codes.
    let o = plint(Path::new("."), &["explain", "P006"]);
    assert!(stdout(&o).starts_with("P006 unused-suppression: warning"));
}

#[test]
fn explain_unknown_rule_exits_2() {
    let o = plint(Path::new("."), &["explain", "unquoted-resource-titel"]);
    assert_eq!(code(&o), 2);
    assert!(stdout(&o).is_empty());
    assert!(
        stderr(&o).contains(
            "unknown rule `unquoted-resource-titel` (did you mean `unquoted-resource-title`?)"
        ),
        "{}",
        stderr(&o)
    );
    assert_eq!(code(&plint(Path::new("."), &["explain"])), 2);
}

#[test]
fn a_directory_named_rules_is_checked_with_a_dot_slash() {
    let dir = tree(&[("rules/a.pp", "class {\n")]);
    let o = plint(dir.path(), &["./rules", "--format", "json"]);
    assert_eq!(code(&o), 1);
    assert_eq!(json(&o)[0]["path"], "rules/a.pp");
    let o = plint(dir.path(), &["--format", "json", "--", "rules"]);
    assert_eq!(json(&o)[0]["code"], "P001");
    // Without it, `rules` is the subcommand.
    let o = plint(dir.path(), &["rules"]);
    assert!(stdout(&o).starts_with("CODE"));
}

// --- running rules ---------------------------------------------------------------------------

#[test]
fn rules_run_by_default_and_errors_exit_1() {
    let dir = two_rules();
    let o = plint(dir.path(), &["--format", "json"]);
    assert_eq!(code(&o), 1, "{}", stdout(&o));
    assert_eq!(codes(&o), ["P401", "P301"]);
}

#[test]
fn rules_do_not_run_on_files_with_syntax_errors() {
    let dir = tree(&[("a.pp", "file { foo: }\nclass {\n")]);
    let o = plint(dir.path(), &["--format", "json"]);
    let found = codes(&o);
    assert!(
        !found.is_empty() && found.iter().all(|c| c == "P001"),
        "{found:?}"
    );
}

#[test]
fn json_carries_the_puppet_lint_check() {
    let dir = two_rules();
    let findings = json(&plint(dir.path(), &["--format", "json"]));
    assert_eq!(findings[0]["rule"], "unquoted-resource-title");
    assert_eq!(findings[0]["puppet_lint"], "unquoted_resource_title");
    assert_eq!(findings[1]["rule"], "duplicate-parameter");
    assert_eq!(findings[1]["puppet_lint"], Value::Null);
    let keys: Vec<&String> = findings[0].as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        [
            "path",
            "line",
            "column",
            "end_line",
            "end_column",
            "severity",
            "code",
            "rule",
            "puppet_lint",
            "message",
            "help",
            "label",
            "labels"
        ]
    );
}

#[test]
fn sarif_rules_carry_category_and_puppet_lint_check() {
    let dir = two_rules();
    let o = plint(dir.path(), &["--format", "sarif"]);
    assert_eq!(code(&o), 1);
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let rules = v["runs"][0]["tool"]["driver"]["rules"].as_array().unwrap();
    let ids: Vec<_> = rules.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["P301", "P401"]);
    assert_eq!(
        rules[0]["properties"],
        serde_json::json!({ "tags": ["puppet", "validation"] })
    );
    assert_eq!(
        rules[1]["properties"],
        serde_json::json!({ "tags": ["puppet", "style"], "puppet-lint": "unquoted_resource_title" })
    );
    assert_eq!(rules[1]["name"], "unquoted-resource-title");
    assert_eq!(rules[1]["defaultConfiguration"]["level"], "warning");
    // The rule's documentation, not a generic text.
    let help = rules[1]["help"]["text"].as_str().unwrap();
    assert!(help.contains("bare word"), "{help}");
    let results = v["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results[0]["ruleId"], "P401");
    assert_eq!(results[0]["ruleIndex"], 1);
    // For the validator in CI (scripts/validate-sarif.sh).
    if let Some(path) = std::env::var_os("PLINT_SARIF_RULES_SAMPLE") {
        fs::write(path, stdout(&o)).unwrap();
    }
}

// --- selecting rules -------------------------------------------------------------------------

#[test]
fn select_and_ignore() {
    let dir = two_rules();
    let run = |args: &[&str]| {
        let mut all = vec!["--format", "json"];
        all.extend_from_slice(args);
        plint(dir.path(), &all)
    };
    let o = run(&["--select", "P401"]);
    assert_eq!((codes(&o), code(&o)), (vec!["P401".to_string()], 0));
    let o = run(&["--select", "duplicate-parameter,unquoted_resource_title"]);
    assert_eq!(codes(&o), ["P401", "P301"]);
    let o = run(&["--ignore", "unquoted-resource-title"]);
    assert_eq!(codes(&o), ["P301"]);
    let o = run(&["--select", "P3", "--ignore", "P301"]);
    assert!(codes(&o).is_empty());
    let o = run(&["--ignore", "P3,P4"]);
    assert!(codes(&o).is_empty());
    let o = run(&["--select", "nope"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("--select: unknown rule `nope`"),
        "{}",
        stderr(&o)
    );
    let o = run(&["--ignore", "P001"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("cannot be configured"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn puppet_lint_options_on_the_command_line() {
    let dir = two_rules();
    let run = |args: &[&str]| {
        let mut all = vec!["--format", "json"];
        all.extend_from_slice(args);
        plint(dir.path(), &all)
    };
    assert_eq!(
        codes(&run(&["--no-unquoted_resource_title-check"])),
        ["P301"]
    );
    // --only-checks keeps plint's own validation rules.
    let o = run(&["--only-checks", "trailing_whitespace"]);
    assert_eq!(codes(&o), ["P301"]);
    let o = run(&["--only-checks=unquoted_resource_title"]);
    assert_eq!(codes(&o), ["P401", "P301"]);
    // A puppet-lint check plint has no rule for is a note, not an error.
    let lacking = "exec_idempotency";
    if plint::rules::find(lacking).is_none() {
        let o = run(&["--no-exec_idempotency-check"]);
        assert_eq!(code(&o), 1, "{}", stderr(&o));
        assert!(
            stderr(&o).contains("plint has no rule for the puppet-lint check `exec_idempotency`"),
            "{}",
            stderr(&o)
        );
    }
    // A name that is no check at all is an error.
    let o = run(&["--no-unknown_check-check"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("unknown rule `unknown_check`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn off_by_default_checks_can_be_turned_on() {
    let off = RULES
        .iter()
        .map(|r| r.info())
        .find(|i| !i.default_enabled && i.puppet_lint.is_some());
    let Some(info) = off else {
        return; // no such rule yet
    };
    let check = info.puppet_lint.unwrap();
    let example = plint::rules::docs::section(info.docs, "Example")
        .and_then(plint::rules::docs::code_block)
        .expect("every rule has an example");
    let dir = tree(&[("a.pp", &example)]);
    let o = plint(dir.path(), &["--format", "json", "--select", info.code]);
    assert!(codes(&o).contains(&info.code.to_string()), "{}", stdout(&o));
    let o = plint(dir.path(), &["--format", "json"]);
    assert!(!codes(&o).contains(&info.code.to_string()));
    let flag = format!("--{check}-check");
    let o = plint(dir.path(), &["--format", "json", &flag]);
    assert!(
        codes(&o).contains(&info.code.to_string()),
        "{flag}: {}",
        stdout(&o)
    );
}

#[test]
fn fail_on_warnings() {
    let dir = tree(&[("a.pp", WARNINGS)]);
    let o = plint(dir.path(), &["--format", "json"]);
    assert_eq!((code(&o), codes(&o).len()), (0, 2));
    let o = plint(dir.path(), &["--format", "json", "--fail-on-warnings"]);
    assert_eq!(code(&o), 1);
    let clean = tree(&[(
        "a.pp",
        "node default {\n  file { 'foo':\n    ensure => file,\n  }\n}\n",
    )]);
    let o = plint(clean.path(), &["--fail-on-warnings"]);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
}

// --- --fix and --diff ------------------------------------------------------------------------

#[test]
fn fix_rewrites_files_and_reports_what_remains() {
    let dir = two_rules();
    fs::write(dir.path().join("clean.pp"), "notice('x')\n").unwrap();
    let o = plint(dir.path(), &["--fix", "--format", "json"]);
    // P301 has no fix: it remains, so the exit status is still 1.
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert_eq!(codes(&o), ["P301"]);
    assert!(
        stderr(&o).contains("fixed 1 finding in 1 file"),
        "{}",
        stderr(&o)
    );
    let fixed = fs::read_to_string(dir.path().join("a.pp")).unwrap();
    assert_eq!(fixed, P401.replace("file { foo:", "file { 'foo':"));
    assert_eq!(
        fs::read_to_string(dir.path().join("clean.pp")).unwrap(),
        "notice('x')\n"
    );
    // Fixed files re-lint clean for the fixed rule.
    let o = plint(dir.path(), &["--format", "json", "--select", "P401"]);
    assert_eq!((code(&o), codes(&o).len()), (0, 0));
}

#[test]
fn fix_applies_only_enabled_rules() {
    let dir = tree(&[("a.pp", WARNINGS)]);
    let o = plint(dir.path(), &["--fix", "--ignore", "P401", "-q"]);
    assert_eq!(code(&o), 0);
    assert_eq!(
        fs::read_to_string(dir.path().join("a.pp")).unwrap(),
        WARNINGS
    );
}

#[test]
fn fix_never_touches_a_file_with_syntax_errors() {
    let broken = "file { foo: ensure => file }\nclass {\n";
    let dir = tree(&[("a.pp", broken)]);
    let o = plint(dir.path(), &["--fix", "--format", "json"]);
    assert_eq!(code(&o), 1);
    assert!(codes(&o).iter().all(|c| c == "P001"));
    assert_eq!(fs::read_to_string(dir.path().join("a.pp")).unwrap(), broken);
    let o = plint(dir.path(), &["--diff"]);
    assert_eq!((code(&o), stdout(&o).as_str()), (0, ""));
}

#[test]
fn fix_leaves_files_with_invalid_utf8_alone() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = b"# caf\xe9\nfile { foo: ensure => file }\n";
    fs::write(dir.path().join("a.pp"), bytes).unwrap();
    let o = plint(dir.path(), &["--fix", "--format", "json"]);
    assert_eq!(codes(&o), ["P003", "P401"]);
    assert_eq!(fs::read(dir.path().join("a.pp")).unwrap(), bytes);
    // Even when P003 is not reported.
    let o = plint(
        dir.path(),
        &["--fix", "--format", "json", "--ignore", "P003"],
    );
    assert_eq!(codes(&o), ["P401"]);
    assert_eq!(fs::read(dir.path().join("a.pp")).unwrap(), bytes);
}

#[test]
fn diff_shows_the_fixes_without_writing() {
    let dir = tree(&[("m/a.pp", WARNINGS), ("b.pp", "notice('x')\n")]);
    let o = plint(dir.path(), &["--diff"]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "--- a/m/a.pp\n+++ b/m/a.pp\n@@ -1,8 +1,8 @@\n node default {\n-  file { foo:\n+  file { 'foo':\n     ensure => file,\n   }\n-  file { bar:\n+  file { 'bar':\n     ensure => file,\n   }\n }\n"
    );
    assert!(
        stderr(&o).contains("would apply 2 fixes in 1 file"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("m/a.pp")).unwrap(),
        WARNINGS
    );
    // Nothing to fix: no output, status 0.
    let o = plint(dir.path(), &["--diff", "b.pp"]);
    assert_eq!((code(&o), stdout(&o).as_str()), (0, ""));
}

// --- every fixable rule ------------------------------------------------------------------

/// The profile that runs exactly the rules `select` names.
fn profile(select: &[&str]) -> plint::config::Profile {
    let dir = tempfile::tempdir().unwrap();
    let cli = plint::config::CliOptions {
        select: Some(select.iter().map(|s| s.to_string()).collect()),
        ..Default::default()
    };
    plint::config::Settings::load(
        &cli,
        dir.path(),
        &mut plint::sandbox::Sandbox::new(dir.path(), &[]),
    )
    .unwrap()
    .profile(&[])
}

fn example(info: &plint::rules::RuleInfo) -> String {
    plint::rules::docs::section(info.docs, "Example")
        .and_then(plint::rules::docs::code_block)
        .unwrap_or_else(|| panic!("{} has no example", info.code))
}

/// `--fix --unsafe-fixes` on each fixable rule's documented example, with that rule alone:
/// its fixes are as safe as the rule declares, the fixed text parses, and re-linted it has no
/// finding of that rule left that a fix could remove.
#[test]
fn every_fixable_rule_fixes_its_example_cleanly() {
    use plint::lint::check::lint;
    for info in RULES.iter().map(|r| r.info()).filter(|i| i.fixable) {
        let text = example(info);
        let profile = profile(&[info.code]);
        let lint = |t: &str| lint("example.pp", t, &profile);
        let found = lint(&text);
        // The fixes are as safe as the rule says.
        for f in found
            .iter()
            .filter(|d| d.code == info.code)
            .filter_map(|d| d.fix.as_ref())
        {
            match info.fix_safety {
                plint::rules::FixSafety::Safe => assert!(f.safe, "{}: an unsafe fix", info.code),
                plint::rules::FixSafety::Unsafe => assert!(!f.safe, "{}: a safe fix", info.code),
                plint::rules::FixSafety::Sometimes => {}
            }
        }
        let fixed =
            plint::lint::fix::fix_with(&text, found, plint::lint::fix::Applicability::Unsafe, lint);
        let after = lint(&fixed.text);
        for d in &after {
            assert!(
                !matches!(d.code, "P000" | "P001" | "P004"),
                "{}: fixing broke the example: {}\n{}",
                info.code,
                d.message,
                fixed.text
            );
            assert!(
                !(d.code == info.code && d.fix.is_some()),
                "{}: a fixable finding remains after --fix --unsafe-fixes: {}\n{}",
                info.code,
                d.message,
                fixed.text
            );
        }
    }
}

/// All rules at once (including those off by default) on all the fixable rules' examples.
#[test]
fn all_fixes_together_keep_the_file_valid() {
    use plint::lint::check::lint;
    // Every example that still parses together with those before it.
    let mut text = String::new();
    for info in RULES.iter().map(|r| r.info()).filter(|i| i.fixable) {
        let candidate = format!("{text}{}\n", example(info));
        if plint::syntax::parse(&candidate).diagnostics.is_empty() {
            text = candidate;
        }
    }
    let profile = profile(&["P3", "P4"]);
    let lint = |t: &str| lint("examples.pp", t, &profile);
    let found = lint(&text);
    assert!(
        !found.iter().any(|d| d.code == "P001"),
        "the examples do not parse together"
    );
    let fixed = plint::lint::fix::fix(&text, found, lint);
    let codes: Vec<_> = fixed.diagnostics.iter().map(|d| d.code).collect();
    assert!(
        !codes.iter().any(|c| matches!(*c, "P000" | "P001" | "P004")),
        "{codes:?}\n{}",
        fixed.text
    );
    assert!(fixed.applied > 0);
}

#[test]
fn attributes_of_a_modules_ruby_type_are_checked() {
    let dir = tree(&[
        (
            "widget/lib/puppet/type/widget.rb",
            "Puppet::Type.newtype(:widget) do\n  ensurable\n  newparam(:name, :namevar => true)\n  newproperty(:size) do\n    munge do |v|\n      v.strip! if v.is_a?(String)\n      v\n    end\n  end\n  newparam(:secret, :boolean => true)\nend\n",
        ),
        (
            "widget/manifests/init.pp",
            "# @summary widgets\nclass widget {\n  widget { 'a':\n    ensure   => present,\n    size     => '3',\n    secret   => true,\n    provider => 'default',\n  }\n  widget { 'b':\n    sise => '4',\n  }\n}\n",
        ),
    ]);
    let o = plint(dir.path(), &["--select", "P105", "--format", "json"]);
    let found = json(&o);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["code"], "P105");
    assert!(
        found[0]["message"].as_str().unwrap().contains("`sise`"),
        "{found:?}"
    );
}

// --- templates (P5xx) ------------------------------------------------------------------------

/// A module whose EPP template has a syntax error and whose ERB template reads a variable its
/// class does not define.
fn templates_tree() -> tempfile::TempDir {
    tree(&[
        (
            "web/manifests/init.pp",
            "# @summary Web.\n# @param port The port.\nclass web (Integer $port = 80) {\n  file { '/etc/web.conf': content => template('web/web.conf.erb') }\n}\n",
        ),
        ("web/templates/web.conf.erb", "port <%= @prot %>\n"),
        (
            "web/templates/index.epp",
            "<%- | String $title | -%>\n<%= $title + %>\n",
        ),
        ("web/files/static.erb", "<% if true %>\n"),
    ])
}

#[test]
fn templates_of_a_walked_module_are_checked() {
    let dir = templates_tree();
    let o = plint(dir.path(), &["--format", "json", "."]);
    let found = json(&o);
    let at: Vec<(String, String)> = found
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_string(),
                f["path"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let has = |code: &str, file: &str| at.iter().any(|(c, p)| c == code && p.ends_with(file));
    assert!(has("P501", "web/templates/index.epp"), "{at:?}");
    assert!(has("P502", "web/templates/web.conf.erb"), "{at:?}");
    // A file outside `templates` is not a template Puppet renders: not checked.
    assert!(!at.iter().any(|(_, p)| p.contains("static.erb")), "{at:?}");
    let o = plint(dir.path(), &["."]);
    assert!(stdout(&o).contains("(3 files checked)"), "{}", stdout(&o));
}

#[test]
fn a_template_given_explicitly_is_parsed_as_a_template() {
    let dir = templates_tree();
    let o = plint(
        dir.path(),
        &[
            "--format",
            "json",
            "web/templates/index.epp",
            "web/files/static.erb",
        ],
    );
    // Each once: the EPP's error, the first of the ERB's (the end of input reached in the
    // block left open follows from it).
    assert_eq!(codes(&o), ["P501", "P501"], "{}", stdout(&o));
    let o = plint(
        dir.path(),
        &["--format", "json", "web/templates/web.conf.erb"],
    );
    // Given alone, the class that renders it is still indexed from its module.
    assert_eq!(codes(&o), ["P502"], "{}", stdout(&o));
}
