//! puppet-lint 4.x's command line, option by option (those plint implements work, the others
//! are accepted with one note), and what a person at a terminal uses: `-` for standard
//! input, a folder with nothing to check, `plint rules`.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use clap::Parser;
use serde_json::Value;

mod common;
use common::{PLINT, code, plint, stderr, stdout};

fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, contents) in files {
        let path = dir.path().join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, contents).unwrap();
    }
    dir
}

/// Runs plint in `dir` with `input` on standard input.
fn plint_stdin(dir: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(PLINT)
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run plint");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// A P401 warning (the bare title `foo`, line 2 column 10).
const WARNING: &str = "node default {\n  file { foo:\n    ensure => file,\n  }\n}\n";

/// A P301 error (`$a` twice, line 2 column 23).
const ERROR: &str = "# Twice.\ndefine dup::twice($a, $a) {\n  notice($a)\n}\n";

fn warning_and_error() -> tempfile::TempDir {
    tree(&[("a.pp", WARNING), ("dup/manifests/twice.pp", ERROR)])
}

const LOG: &str = "%{path}:%{line}:%{column}:%{KIND}:%{check}:%{message}";

fn lines(o: &Output) -> Vec<String> {
    stdout(o).lines().map(str::to_string).collect()
}

fn json(o: &Output) -> Vec<Value> {
    serde_json::from_str::<Value>(&stdout(o))
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}{}", stdout(o), stderr(o)))
        .as_array()
        .expect("a JSON array")
        .clone()
}

// --- options plint implements ------------------------------------------------------------

#[test]
fn log_format_placeholders() {
    let dir = warning_and_error();
    let o = plint(dir.path(), &["--log-format", LOG]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert_eq!(
        lines(&o),
        [
            "a.pp:2:10:WARNING:unquoted_resource_title:the resource title `foo` is not quoted",
            "dup/manifests/twice.pp:2:23:ERROR:duplicate-parameter:the parameter `$a` is declared twice",
        ],
        "{}",
        stderr(&o)
    );
    let o = plint(
        dir.path(),
        &[
            "--log-format=%{filename} %{fullpath} %{kind} %{code} %{rule} %{linenumber} 100%%",
            "a.pp",
        ],
    );
    let full = dir.path().canonicalize().unwrap().join("a.pp");
    let line = stdout(&o);
    assert!(
        line.starts_with("a.pp /")
            && line.ends_with(" warning P401 unquoted-resource-title 2 100%\n"),
        "{line}"
    );
    assert!(
        line.contains(&*full.to_string_lossy())
            || line.contains(&*dir.path().join("a.pp").to_string_lossy()),
        "{line}"
    );
    // An unknown placeholder is a usage error.
    let o = plint(dir.path(), &["--log-format", "%{nope}"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("unknown placeholder `%{nope}`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn with_context_shows_the_line_and_a_caret() {
    let dir = warning_and_error();
    let o = plint(
        dir.path(),
        &[
            "--log-format",
            "%{line}:%{column}",
            "--with-context",
            "a.pp",
        ],
    );
    assert_eq!(stdout(&o), "2:10\n\n    file { foo:\n           ^\n");
    // The human format always shows the source: accepted.
    let o = plint(dir.path(), &["--with-context", "--with-filename", "a.pp"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("a.pp:2:10"), "{}", stdout(&o));
    assert!(!stderr(&o).contains("note"), "{}", stderr(&o));
}

#[test]
fn error_level_filters_what_is_shown() {
    let dir = warning_and_error();
    let run = |level: &str| {
        plint(
            dir.path(),
            &["--error-level", level, "--log-format", "%{kind}"],
        )
    };
    assert_eq!(lines(&run("all")), ["warning", "error"]);
    assert_eq!(lines(&run("warning")), ["warning"]);
    let o = run("error");
    assert_eq!(lines(&o), ["error"]);
    // The exit status still says an error was found.
    assert_eq!(code(&o), 1);
    let o = plint(dir.path(), &["--error-level", "warning", "dup"]);
    assert_eq!(code(&o), 1, "{}", stdout(&o));
    assert!(plint(dir.path(), &["--error-level", "loud"]).status.code() == Some(2));
}

/// The warning of [`WARNING`], suppressed with a reason, and an error suppressed without one.
const IGNORED: &str = "node default {\n  file { foo: # lint:ignore:unquoted_resource_title legacy, see #12\n    ensure => file,\n  }\n}\n";

#[test]
fn show_ignored_shows_suppressed_findings_apart() {
    let dir = tree(&[("a.pp", IGNORED), ("dup/manifests/twice.pp", ERROR)]);
    // Without the option: not shown.
    let o = plint(dir.path(), &["--log-format", LOG]);
    assert_eq!(lines(&o).len(), 1, "{}", stdout(&o));
    // With it: puppet-lint's kind `ignored` and the reason under the line.
    let o = plint(dir.path(), &["--show-ignored", "--log-format", LOG]);
    assert_eq!(
        lines(&o),
        [
            "dup/manifests/twice.pp:2:23:ERROR:duplicate-parameter:the parameter `$a` is declared twice",
            "a.pp:2:10:IGNORED:unquoted_resource_title:the resource title `foo` is not quoted",
            "  legacy, see #12",
        ],
        "{}",
        stderr(&o)
    );
    // Counted for nothing: the exit status is the error's, the summary says so apart.
    assert_eq!(code(&o), 1);
    let o = plint(dir.path(), &["--show-ignored", "a.pp"]);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    let out = stdout(&o);
    assert!(
        out.contains("note[P401]: ignored warning: the resource title `foo` is not quoted"),
        "{out}"
    );
    assert!(
        out.contains("ignored by a control comment: legacy, see #12"),
        "{out}"
    );
    assert!(
        out.contains("No problems found (1 file checked; 1 ignored by control comments)"),
        "{out}"
    );
    // JSON: an `ignored` key with the reason; SARIF: a suppression with its justification.
    let o = plint(dir.path(), &["--show-ignored", "--json", "a.pp"]);
    let found = json(&o);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0]["ignored"], "legacy, see #12");
    let o = plint(dir.path(), &["--show-ignored", "--sarif", "a.pp"]);
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let result = &v["runs"][0]["results"][0];
    assert_eq!(result["suppressions"][0]["kind"], "inSource");
    assert_eq!(
        result["suppressions"][0]["justification"],
        "legacy, see #12"
    );
    // `.puppet-lint.rc` may ask for it too; `--fix` leaves ignored findings alone.
    fs::write(dir.path().join(".puppet-lint.rc"), "--show-ignored\n").unwrap();
    let o = plint(dir.path(), &["--json", "a.pp"]);
    assert_eq!(json(&o).len(), 1, "{}", stderr(&o));
    let o = plint(dir.path(), &["--fix", "--unsafe-fixes", "a.pp"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        fs::read_to_string(dir.path().join("a.pp")).unwrap(),
        IGNORED
    );
}

#[test]
fn output_options_apply_to_evaluate() {
    let dir = tree(&[
        ("facts.yaml", "networking:\n  fqdn: n1.example.com\n"),
        (
            "site.pp",
            "node default {\n  notify { 'a': }\n  notify { 'a': }\n  warning('careful')\n}\n",
        ),
    ]);
    let run = |extra: &[&str]| {
        let mut args = vec!["--evaluate", "--facts", "facts.yaml"];
        args.extend_from_slice(extra);
        args.push("site.pp");
        plint(dir.path(), &args)
    };
    let all = run(&["--log-format", "%{KIND}:%{code}"]);
    let shown = lines(&all);
    assert!(shown.iter().any(|l| l.starts_with("ERROR:")), "{shown:?}");
    let errors = run(&["--error-level", "error", "--log-format", "%{KIND}:%{code}"]);
    assert!(!lines(&errors).is_empty());
    assert!(
        lines(&errors).iter().all(|l| l.starts_with("ERROR:")),
        "{:?}",
        lines(&errors)
    );
    assert_eq!(code(&errors), 1);
    let o = run(&["--json"]);
    assert!(!json(&o).is_empty());
}

#[test]
fn json_and_sarif() {
    let dir = warning_and_error();
    let o = plint(dir.path(), &["--json"]);
    let codes: Vec<_> = json(&o).iter().map(|f| f["code"].clone()).collect();
    assert_eq!(codes, ["P401", "P301"]);
    let o = plint(dir.path(), &["--sarif"]);
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["version"], "2.1.0");
    // One format at a time.
    assert_eq!(
        code(&plint(dir.path(), &["--json", "--format", "sarif"])),
        2
    );
    assert_eq!(code(&plint(dir.path(), &["--json", "--sarif"])), 2);
}

#[test]
fn relative_does_not_compare_the_module_folder() {
    // A module checked out in a folder named after nothing it defines.
    let dir = tree(&[("checkout/manifests/init.pp", "# Web.\nclass web { }\n")]);
    let run = |extra: &[&str]| {
        let mut args = vec!["--select", "P402", "--log-format", "%{check}"];
        args.extend_from_slice(extra);
        plint(dir.path(), &args)
    };
    assert_eq!(lines(&run(&[])), ["autoloader_layout"]);
    assert!(lines(&run(&["--relative"])).is_empty());
    // From the rc file too.
    fs::write(dir.path().join(".puppet-lint.rc"), "--relative\n").unwrap();
    assert!(lines(&run(&[])).is_empty());
}

#[test]
fn config_files_and_no_config() {
    let dir = warning_and_error();
    fs::write(
        dir.path().join(".puppet-lint.rc"),
        "--no-unquoted_resource_title-check\n--log-format=%{code}\n",
    )
    .unwrap();
    fs::write(dir.path().join("strict.rc"), "--error-level=warning\n").unwrap();
    // The rc file in the current directory, its options on the command line's.
    let o = plint(dir.path(), &[]);
    assert_eq!(lines(&o), ["P301"], "{}", stderr(&o));
    // `--no-config`: neither file.
    let o = plint(dir.path(), &["--no-config", "--log-format", "%{code}"]);
    assert_eq!(lines(&o), ["P401", "P301"], "{}", stderr(&o));
    // `-c FILE`: puppet-lint's options from FILE (instead of the current directory's).
    for flag in ["-c", "--config"] {
        let o = plint(dir.path(), &[flag, "strict.rc", "--log-format", "%{code}"]);
        assert_eq!(lines(&o), ["P401"], "{}", stderr(&o));
    }
    // The command line's options win over the file's.
    let o = plint(dir.path(), &["--log-format", "%{line}"]);
    assert_eq!(lines(&o), ["2"]);
    // The file's `--json`, unless the command line names a format.
    fs::write(dir.path().join(".puppet-lint.rc"), "--json\n").unwrap();
    assert_eq!(json(&plint(dir.path(), &[])).len(), 2);
    let o = plint(dir.path(), &["--format", "human"]);
    assert!(
        stdout(&o).contains("Found 1 error, 1 warning"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn fail_on_warnings_fix_and_checks() {
    let dir = tree(&[("a.pp", WARNING)]);
    assert_eq!(code(&plint(dir.path(), &[])), 0);
    assert_eq!(code(&plint(dir.path(), &["--fail-on-warnings"])), 1);
    assert_eq!(
        code(&plint(
            dir.path(),
            &["--fail-on-warnings", "--no-unquoted_resource_title-check"]
        )),
        0
    );
    let o = plint(
        dir.path(),
        &["--only-checks", "trailing_whitespace", "--fail-on-warnings"],
    );
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    // `--<check>-check` turns on a check that is off by default.
    let long = tree(&[("a.pp", &format!("# {}\n", "x".repeat(90)))]);
    let o = plint(
        long.path(),
        &["--80chars-check", "--log-format", "%{check}"],
    );
    assert_eq!(lines(&o), ["80chars"]);
    // `-f` is `--fix`.
    let o = plint(dir.path(), &["-f"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        fs::read_to_string(dir.path().join("a.pp"))
            .unwrap()
            .contains("'foo'")
    );
}

#[test]
fn ignore_paths_and_top_scope_variables() {
    let dir = tree(&[
        ("a.pp", WARNING),
        ("vendor/b.pp", WARNING),
        ("c.pp", "# C.\nclass c {\n  notice($::role)\n}\n"),
    ]);
    let o = plint(
        dir.path(),
        &["--ignore-paths", "vendor/*,c.pp", "--log-format", "%{path}"],
    );
    assert_eq!(lines(&o), ["a.pp"]);
    let run = |extra: &[&str]| {
        let mut args = vec!["--select", "P1", "--log-format", "%{code}", "c.pp"];
        args.extend_from_slice(extra);
        lines(&plint(dir.path(), &args))
    };
    assert_eq!(
        run(&[]),
        ["P112"],
        "an unknown top-scope `$::role` is reported"
    );
    assert!(run(&["--top-scope-variables", "role,tier"]).is_empty());
}

#[test]
fn list_checks_and_version() {
    let o = plint(Path::new("."), &["--list-checks"]);
    assert_eq!(code(&o), 0);
    let checks = lines(&o);
    for check in ["140chars", "trailing_whitespace", "unquoted_resource_title"] {
        assert!(checks.iter().any(|c| c == check), "{check}");
    }
    let mut sorted = checks.clone();
    sorted.sort();
    assert_eq!(checks, sorted);
    let o = plint(Path::new("."), &["--version"]);
    assert!(stdout(&o).starts_with("plint "), "{}", stdout(&o));
}

// --- options accepted with a note --------------------------------------------------------

#[test]
fn other_options_are_accepted_with_a_note() {
    let dir = tree(&[("a.pp", WARNING)]);
    for args in [
        &["-l", "x.rb"][..],
        &["--load", "x.rb"],
        &["--load-from-puppet", "/etc/puppetlabs/code/modules"],
        &["--codeclimate"],
        &["--codeclimate-report-file", "cc.json"],
    ] {
        let o = plint(dir.path(), args);
        assert_eq!(code(&o), 0, "{args:?}: {}", stderr(&o));
        let notes: Vec<_> = stderr(&o)
            .lines()
            .filter(|l| l.contains("is a puppet-lint option plint does not use"))
            .map(str::to_string)
            .collect();
        assert_eq!(notes.len(), 1, "{args:?}: {}", stderr(&o));
        let name = if args[0] == "-l" { "--load" } else { args[0] };
        assert!(notes[0].contains(&format!("`{name}`")), "{}", notes[0]);
        assert!(!dir.path().join("cc.json").exists());
    }
}

// --- standard input ---------------------------------------------------------------------

#[test]
fn dash_reads_standard_input() {
    let dir = tree(&[]);
    let o = plint_stdin(dir.path(), &["-", "--log-format", LOG], WARNING);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        lines(&o),
        ["<stdin>:2:10:WARNING:unquoted_resource_title:the resource title `foo` is not quoted"]
    );
    // `--stdin-filename` names it: for messages, module names and the configuration.
    let o = plint_stdin(
        dir.path(),
        &[
            "-",
            "--stdin-filename",
            "web/manifests/server.pp",
            "--select",
            "P402",
            "--log-format",
            "%{path} %{check}",
        ],
        "# Web.\nclass web::service { }\n",
    );
    assert_eq!(lines(&o), ["web/manifests/server.pp autoloader_layout"]);
    assert!(!dir.path().join("web").exists());
    fs::write(dir.path().join("plint.toml"), "exclude = [\"skip/**\"]\n").unwrap();
    let o = plint_stdin(dir.path(), &["-", "--stdin-filename", "skip/x.pp"], WARNING);
    assert_eq!(stdout(&o), "No problems found (0 files checked)\n");
    // `--fix` cannot write standard input; `--stdin-filename` needs `-`.
    assert_eq!(code(&plint_stdin(dir.path(), &["-", "--fix"], WARNING)), 2);
    assert_eq!(code(&plint(dir.path(), &["--stdin-filename", "x.pp"])), 2);
    assert_eq!(code(&plint_stdin(dir.path(), &["-", "-"], WARNING)), 2);
}

/// An editor's unsaved new file in a module, given on standard input, is checked in its
/// module: the module's classes are known.
#[test]
fn standard_input_named_in_a_module_sees_the_module() {
    let dir = tree(&[("web/manifests/init.pp", "# Web.\nclass web { }\n")]);
    let o = plint_stdin(
        dir.path(),
        &[
            "-",
            "--stdin-filename",
            "web/manifests/site.pp",
            "--select",
            "P107",
            "--log-format",
            "%{path}:%{line} %{message}",
        ],
        "# Site.\nclass web::site {\n  include web\n  include web::nope\n}\n",
    );
    assert_eq!(
        lines(&o),
        ["web/manifests/site.pp:4 unknown class `web::nope`"],
        "{}",
        stderr(&o)
    );
}

#[test]
fn standard_input_is_limited_in_size() {
    let dir = tree(&[]);
    let big = format!("# {}\n", "x".repeat(2000));
    let o = plint_stdin(dir.path(), &["-", "--max-file-size", "1K"], &big);
    assert_eq!(code(&o), 2, "{}", stdout(&o));
    assert!(
        stderr(&o).contains("cannot read standard input"),
        "{}",
        stderr(&o)
    );
}

// --- a path with nothing to check ----------------------------------------------------------

#[test]
fn a_folder_with_nothing_to_check_is_an_error() {
    let dir = tree(&[("docs/readme.txt", "x"), ("a.pp", WARNING)]);
    fs::create_dir(dir.path().join("empty")).unwrap();
    for folder in ["docs", "empty"] {
        let o = plint(dir.path(), &[folder]);
        assert_eq!(code(&o), 2, "{folder}");
        assert!(
            stderr(&o).contains(&format!("`{folder}`: no file to check there")),
            "{}",
            stderr(&o)
        );
        assert_eq!(stdout(&o), "");
    }
    // With other paths that hold files: they are checked and reported, the status is 2.
    let o = plint(dir.path(), &["a.pp", "docs"]);
    assert_eq!(code(&o), 2);
    assert!(stdout(&o).contains("P401"), "{}", stdout(&o));
    // A module of Ruby functions only is read (into the index): not an error.
    let ruby = tree(&[
        (
            "roles/metadata.json",
            r#"{"name": "acme-roles", "version": "1.0.0", "author": "acme", "license": "Apache-2.0", "source": "https://example.com", "summary": "Roles.", "dependencies": []}"#,
        ),
        (
            "roles/lib/puppet/functions/roles/x.rb",
            "Puppet::Functions.create_function(:'roles::x') do\nend\n",
        ),
    ]);
    let o = plint(ruby.path(), &["roles"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    // The current directory by default is not an error when empty.
    let o = plint(&dir.path().join("empty"), &[]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    // A path that does not exist was already an error.
    assert_eq!(code(&plint(dir.path(), &["nope"])), 2);
}

// --- plint rules ------------------------------------------------------------------------------

#[test]
fn rules_show_plint_toml_words_and_fix_safety() {
    let o = plint(Path::new("."), &["rules"]);
    let out = stdout(&o);
    let row = |code: &str| -> Vec<String> {
        out.lines()
            .find(|l| l.starts_with(code))
            .unwrap()
            .split_whitespace()
            .map(str::to_string)
            .collect()
    };
    assert_eq!(row("P401")[2], "warn");
    assert_eq!(row("P401")[4], "safe");
    assert_eq!(row("P301")[2], "deny");
    assert!(
        out.lines()
            .any(|l| l.split_whitespace().nth(4) == Some("unsafe"))
    );
    assert!(out.contains("`deny` reports at error level"), "{out}");
}

/// `--help` says an option is "accepted and ignored" exactly when plint ignores it (with a
/// note); `--show-ignored` works, and its help says what it does.
#[test]
fn help_names_the_ignored_options_truly() {
    let o = plint(Path::new("."), &["--help"]);
    assert_eq!(code(&o), 0);
    let help = stdout(&o);
    // Each option's paragraph: its flag line, then the indented text up to the next flag.
    let mut said_ignored = std::collections::BTreeSet::new();
    let mut flag: Option<String> = None;
    let mut text = String::new();
    let mut finish = |flag: &Option<String>, text: &str| {
        if let Some(f) = flag
            && text
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .contains("accepted and ignored")
        {
            said_ignored.insert(f.clone());
        }
    };
    for line in help.lines() {
        let t = line.trim_start();
        if t.starts_with("--") || (t.starts_with('-') && t.len() > 1 && !t.starts_with("- ")) {
            finish(&flag, &text);
            text.clear();
            let long = t.split([',', ' ']).find(|w| w.starts_with("--"));
            flag = long.map(str::to_string);
        } else {
            text.push_str(t);
            text.push(' ');
        }
    }
    finish(&flag, &text);
    let args = |flag: &str| -> Vec<String> {
        let mut v = vec!["plint".to_string(), flag.to_string()];
        if matches!(
            flag,
            "--load" | "--load-from-puppet" | "--codeclimate-report-file"
        ) {
            v.push("x".into());
        }
        v
    };
    let noted: std::collections::BTreeSet<String> = said_ignored
        .iter()
        .chain(std::iter::once(&"--show-ignored".to_string()))
        .filter(|f| {
            let parsed = plint::cli::args::Args::try_parse_from(args(f)).unwrap();
            !parsed.ignored_puppet_lint_options().is_empty()
        })
        .cloned()
        .collect();
    assert!(!said_ignored.contains("--show-ignored"), "{help}");
    assert_eq!(said_ignored, noted, "{help}");
    assert!(said_ignored.contains("--codeclimate"), "{said_ignored:?}");
}
