//! The `plint` binary end to end: formats, exit codes, bad input, file discovery.
//!
//! Tests that need a syntax error use inputs such as `class {`; they rely on the real parser.
//! These tests are about the pipeline, not the rules: each scratch tree has a `plint.toml`
//! that turns the rules off (`tests/cli_rules.rs` and `tests/config.rs` test rules end to end).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

const PLINT: &str = env!("CARGO_BIN_EXE_plint");

/// Runs plint in `dir` with `args`, with colour left to its defaults.
fn plint(dir: &Path, args: &[&str]) -> Output {
    Command::new(PLINT)
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .env_remove("GITHUB_WORKSPACE")
        .output()
        .expect("run plint")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn code(o: &Output) -> i32 {
    o.status
        .code()
        .unwrap_or_else(|| panic!("plint killed by a signal: {}", stderr(o)))
}

fn json(o: &Output) -> Vec<Value> {
    serde_json::from_str::<Value>(&stdout(o))
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(o)))
        .as_array()
        .expect("a JSON array")
        .clone()
}

/// Turns every rule off, leaving plint's own findings (syntax errors, unreadable files).
const NO_RULES: &[u8] = b"[rules]\nP3 = \"allow\"\nP4 = \"allow\"\n";

/// A scratch directory with the given files (path, contents), and a `plint.toml` that turns
/// the rules off.
fn tree(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("plint.toml"), NO_RULES).unwrap();
    for (path, contents) in files {
        let path = dir.path().join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, contents).unwrap();
    }
    dir
}

const CLEAN: &[u8] = b"class clean {\n  notice('hello')\n}\n";
const BROKEN: &[u8] = b"notice('ok')\nclass {\n";

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

// --- exit codes --------------------------------------------------------------------------

#[test]
fn clean_tree_exits_0_with_summary() {
    let dir = tree(&[("manifests/init.pp", CLEAN), ("manifests/empty.pp", b"")]);
    let o = plint(dir.path(), &[]);
    assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
    assert_eq!(stdout(&o), "No problems found (2 files checked)\n");
}

#[test]
fn syntax_error_exits_1() {
    let dir = tree(&[("a.pp", CLEAN), ("b.pp", BROKEN)]);
    let o = plint(dir.path(), &["--format", "json"]);
    assert_eq!(code(&o), 1, "{}", stdout(&o));
    let findings = json(&o);
    assert!(!findings.is_empty());
    for f in &findings {
        assert_eq!(f["path"], "b.pp");
        assert_eq!(f["code"], "P001");
        assert_eq!(f["rule"], "syntax-error");
        assert_eq!(f["severity"], "error");
    }
    assert!(findings[0]["line"].as_u64().unwrap() >= 2);
}

/// A file `.gitignore` excludes (a build output, a scratch file) is not checked, unless
/// `--no-ignore-files` says so or it is named on the command line.
#[test]
fn ignored_files_are_not_checked_unless_asked() {
    let dir = tree(&[
        ("manifests/init.pp", CLEAN),
        ("build/broken.pp", BROKEN),
        (".gitignore", b"/build/\n"),
    ]);
    let o = plint(dir.path(), &[]);
    assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
    assert_eq!(stdout(&o), "No problems found (1 file checked)\n");
    let o = plint(dir.path(), &["--no-ignore-files", "--format", "json"]);
    assert_eq!(code(&o), 1, "{}", stdout(&o));
    assert_eq!(json(&o)[0]["path"], "build/broken.pp");
    let o = plint(dir.path(), &["build/broken.pp", "--format", "json"]);
    assert_eq!(code(&o), 1, "{}", stdout(&o));
}

#[test]
fn missing_path_exits_2() {
    let dir = tree(&[("a.pp", CLEAN)]);
    let o = plint(dir.path(), &["a.pp", "no-such-dir"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("no-such-dir"), "{}", stderr(&o));
    assert!(o.stdout.is_empty());
}

#[test]
fn usage_error_exits_2() {
    let dir = tree(&[]);
    let o = plint(dir.path(), &["--format", "xml"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("xml"));
    let o = plint(dir.path(), &["--no-such-option"]);
    assert_eq!(code(&o), 2);
}

#[test]
fn unwritable_output_exits_2() {
    let dir = tree(&[("a.pp", CLEAN)]);
    let o = plint(dir.path(), &["-o", "missing-dir/out.json", "a.pp"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("missing-dir/out.json"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn version_and_help_exit_0() {
    let dir = tree(&[]);
    let o = plint(dir.path(), &["--version"]);
    assert_eq!(code(&o), 0);
    assert_eq!(
        stdout(&o).trim(),
        format!("plint {}", env!("CARGO_PKG_VERSION"))
    );
    let o = plint(dir.path(), &["--help"]);
    assert_eq!(code(&o), 0);
    for option in ["--format", "--output", "--quiet", "--color", "--timings"] {
        assert!(stdout(&o).contains(option), "{option} missing from --help");
    }
}

#[test]
fn warnings_alone_exit_0() {
    let dir = tree(&[("latin1.pp", b"notice('caf\xe9')\n")]);
    let o = plint(dir.path(), &["--format", "json"]);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert_eq!(json(&o)[0]["severity"], "warning");
}

// --- formats -----------------------------------------------------------------------------

#[test]
fn json_fields() {
    let dir = tree(&[("m/init.pp", b"notice('x')\nnotice('\xff')\n")]);
    let o = plint(dir.path(), &["--format", "json"]);
    let findings = json(&o);
    assert_eq!(findings.len(), 1, "{findings:?}");
    let f = &findings[0];
    let expected = serde_json::json!({
        "path": "m/init.pp",
        "line": 2,
        "column": 9,
        "end_line": 2,
        "end_column": 10,
        "severity": "warning",
        "code": "P003",
        "rule": "invalid-utf8",
        "help": "re-encode the file as UTF-8",
    });
    for (key, value) in expected.as_object().unwrap() {
        assert_eq!(&f[key], value, "field {key}");
    }
    assert!(f["message"].as_str().unwrap().contains("byte offset 20"));
}

#[test]
fn json_help_is_null_when_absent_and_empty_run_is_empty_array() {
    let dir = tree(&[("a.pp", CLEAN)]);
    let o = plint(dir.path(), &["--format", "json"]);
    assert_eq!(code(&o), 0);
    assert!(json(&o).is_empty());

    let dir = tree(&[("a.pp", BROKEN)]);
    let o = plint(dir.path(), &["--format", "json"]);
    let f = &json(&o)[0];
    for key in [
        "path",
        "line",
        "column",
        "end_line",
        "end_column",
        "severity",
        "code",
        "rule",
        "message",
        "help",
    ] {
        assert!(f.get(key).is_some(), "missing {key}: {f}");
    }
}

#[test]
fn findings_are_sorted_by_path_line_column_code() {
    let dir = tree(&[
        ("z.pp", b"# \xff\n"),
        ("a/b.pp", b"x\x00"),
        ("a.pp", b"notice(1)\n# \xfe\n"),
        ("m.pp", BROKEN),
    ]);
    let o = plint(dir.path(), &["--format", "json"]);
    let keys: Vec<(String, u64, u64, String)> = json(&o)
        .iter()
        .map(|f| {
            (
                f["path"].as_str().unwrap().to_string(),
                f["line"].as_u64().unwrap(),
                f["column"].as_u64().unwrap(),
                f["code"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
    let paths: Vec<_> = keys.iter().map(|k| k.0.as_str()).collect();
    assert!(paths.starts_with(&["a.pp", "a/b.pp"]), "{paths:?}");
    assert_eq!(paths.last(), Some(&"z.pp"));
}

#[test]
fn human_format_shows_snippet_and_summary() {
    let dir = tree(&[("a.pp", b"notice(1)\n# \xff\n"), ("b.pp", b"\0")]);
    let o = plint(dir.path(), &[]);
    let out = stdout(&o);
    assert!(out.contains("warning[P003]"), "{out}");
    assert!(out.contains("a.pp:2:3"), "{out}");
    assert!(out.contains("error[P002]"), "{out}");
    assert!(out.contains("= help: re-encode the file as UTF-8"), "{out}");
    assert!(
        out.trim_end()
            .ends_with("Found 1 error, 1 warning in 2 files (2 files checked)"),
        "{out}"
    );
    assert!(!out.contains('\x1b'), "no colour when piped");
}

#[test]
fn human_format_for_syntax_errors() {
    let dir = tree(&[("b.pp", BROKEN)]);
    let o = plint(dir.path(), &[]);
    let out = stdout(&o);
    assert!(out.contains("error[P001]"), "{out}");
    assert!(out.contains("b.pp:"), "{out}");
    assert!(out.contains("Found "), "{out}");
}

#[test]
fn colour_options() {
    let dir = tree(&[("b.pp", b"\0")]);
    let o = plint(dir.path(), &["--color", "always"]);
    assert!(stdout(&o).contains('\x1b'));
    let o = plint(dir.path(), &["--color", "always", "--no-color"]);
    assert!(!stdout(&o).contains('\x1b'));
    let o = plint(dir.path(), &["--color", "never"]);
    assert!(!stdout(&o).contains('\x1b'));
}

#[test]
fn quiet_keeps_only_errors() {
    let dir = tree(&[("a.pp", b"# \xff\n"), ("b.pp", b"\0")]);
    let o = plint(dir.path(), &["--quiet"]);
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    assert!(out.contains("P002"));
    assert!(!out.contains("P003"));
    assert!(!out.contains("Found"));

    let dir = tree(&[("a.pp", CLEAN)]);
    let o = plint(dir.path(), &["-q"]);
    assert_eq!(code(&o), 0);
    assert_eq!(stdout(&o), "");
}

#[test]
fn sarif_structure() {
    let dir = tree(&[("manifests/a b.pp", b"# \xff\n"), ("x.pp", b"\0")]);
    let o = plint(dir.path(), &["--format", "sarif"]);
    assert_eq!(code(&o), 1);
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["version"], "2.1.0");
    assert!(v["$schema"].as_str().unwrap().contains("sarif"));
    assert_eq!(v["runs"].as_array().unwrap().len(), 1);
    let run = &v["runs"][0];
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "plint");
    assert_eq!(driver["version"], env!("CARGO_PKG_VERSION"));
    // The repository's URL when plint knows it (`repository` in Cargo.toml), else nothing.
    match driver.get("informationUri") {
        Some(uri) => assert!(uri.as_str().unwrap().starts_with("http"), "{uri}"),
        None => assert_eq!(plint::report::sarif::REPOSITORY, ""),
    }
    assert_eq!(run["automationDetails"]["id"], "plint/check/");
    let rules = driver["rules"].as_array().unwrap();
    let ids: Vec<_> = rules.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["P002", "P003"]);
    for rule in rules {
        for key in [
            "name",
            "shortDescription",
            "fullDescription",
            "help",
            "defaultConfiguration",
        ] {
            assert!(rule.get(key).is_some(), "rule lacks {key}: {rule}");
        }
        // No invented URL: a help URI only when plint knows its repository's URL.
        assert_eq!(
            rule.get("helpUri").is_some(),
            !plint::report::sarif::REPOSITORY.is_empty()
        );
    }
    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), 2);
    let r = &results[0];
    assert_eq!(r["ruleId"], "P003");
    assert_eq!(r["ruleIndex"], 1);
    assert_eq!(r["level"], "warning");
    let loc = &r["locations"][0]["physicalLocation"];
    assert_eq!(loc["artifactLocation"]["uri"], "manifests/a%20b.pp");
    assert_eq!(loc["artifactLocation"]["uriBaseId"], "%SRCROOT%");
    assert_eq!(loc["region"]["startLine"], 1);
    assert_eq!(loc["region"]["startColumn"], 3);
    assert!(r["partialFingerprints"].as_object().unwrap().len() == 1);
    assert_eq!(results[1]["level"], "error");
}

#[test]
fn sarif_with_no_findings() {
    let dir = tree(&[("a.pp", CLEAN)]);
    let o = plint(dir.path(), &["--format", "sarif"]);
    assert_eq!(code(&o), 0);
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["runs"][0]["results"], serde_json::json!([]));
    assert_eq!(
        v["runs"][0]["tool"]["driver"]["rules"],
        serde_json::json!([])
    );
}

#[test]
fn github_format_lines() {
    let dir = tree(&[("a,b.pp", b"# \xff\n"), ("c.pp", b"\0")]);
    let o = plint(dir.path(), &["--format", "github"]);
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    let lines: Vec<_> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].starts_with(
            "::warning file=a%2Cb.pp,line=1,col=3,endLine=1,endColumn=4,title=P003 invalid-utf8::"
        ),
        "{out}"
    );
    assert!(lines[0].contains("%0Ahelp: "), "{out}");
    assert!(
        lines[1].starts_with("::error file=c.pp,line=1,col=1,"),
        "{out}"
    );
}

#[test]
fn github_format_for_syntax_errors() {
    let dir = tree(&[("b.pp", BROKEN)]);
    let o = plint(dir.path(), &["--format", "github"]);
    assert_eq!(code(&o), 1);
    assert!(
        stdout(&o)
            .lines()
            .all(|l| l.starts_with("::error file=b.pp,line=")
                && l.contains(",title=P001 syntax-error::")),
        "{}",
        stdout(&o)
    );
}

/// Annotations name files as GitHub resolves them: relative to the repository root (or the
/// workflow's workspace), wherever plint runs.
#[test]
fn github_format_paths_are_relative_to_the_repository() {
    let dir = tree(&[("site/profile/manifests/b.pp", BROKEN)]);
    fs::create_dir(dir.path().join(".git")).unwrap();
    let sub = dir.path().join("site/profile");
    let first_file = |o: &Output| {
        let out = stdout(o);
        let line = out.lines().next().unwrap_or_default().to_string();
        line.split(',').next().unwrap_or_default().to_string()
    };
    let o = plint(&sub, &["--format", "github", "manifests"]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert_eq!(
        first_file(&o),
        "::error file=site/profile/manifests/b.pp",
        "{}",
        stdout(&o)
    );
    // In a workflow, relative to `GITHUB_WORKSPACE` (a checkout in a sub-folder of it).
    let o = Command::new(PLINT)
        .args(["--format", "github", "manifests/b.pp"])
        .current_dir(&sub)
        .env("GITHUB_WORKSPACE", dir.path().parent().unwrap())
        .output()
        .unwrap();
    let name = dir.path().file_name().unwrap().to_str().unwrap();
    assert_eq!(
        first_file(&o),
        format!("::error file={name}/site/profile/manifests/b.pp"),
        "{}",
        stdout(&o)
    );
    // The human format keeps paths relative to the working directory.
    let o = plint(&sub, &["manifests"]);
    assert!(stdout(&o).contains("manifests/b.pp:2:"), "{}", stdout(&o));
    assert!(!stdout(&o).contains("site/profile"), "{}", stdout(&o));
}

#[test]
fn output_file() {
    let dir = tree(&[("a.pp", b"\0")]);
    let o = plint(
        dir.path(),
        &["--format", "json", "--output", "out.json", "a.pp"],
    );
    assert_eq!(code(&o), 1);
    assert!(o.stdout.is_empty());
    let written: Value =
        serde_json::from_slice(&fs::read(dir.path().join("out.json")).unwrap()).unwrap();
    assert_eq!(written[0]["code"], "P002");
}

#[test]
fn timings_go_to_stderr() {
    let dir = tree(&[("a.pp", CLEAN)]);
    let o = plint(dir.path(), &["--timings", "--format", "json"]);
    assert_eq!(code(&o), 0);
    assert!(json(&o).is_empty());
    let err = stderr(&o);
    for phase in [
        "discover", "read", "parse", "index", "rules", "report", "total",
    ] {
        assert!(err.contains(phase), "{err}");
    }
    assert!(err.contains("1 files") || err.contains("1 file"), "{err}");
}

// --- bad input ---------------------------------------------------------------------------

#[test]
fn binary_file_is_a_finding_and_others_are_checked() {
    let dir = tree(&[
        ("bin.pp", b"\x7fELF\x02\x01\x01\x00\x00"),
        ("ok.pp", b"# \xff"),
    ]);
    let o = plint(dir.path(), &["--format", "json"]);
    assert_eq!(code(&o), 1);
    let findings = json(&o);
    assert_eq!(findings.len(), 2);
    assert_eq!(findings[0]["path"], "bin.pp");
    assert_eq!(findings[0]["code"], "P002");
    assert_eq!(findings[0]["rule"], "unreadable-file");
    assert!(findings[0]["message"].as_str().unwrap().contains("binary"));
    assert_eq!(findings[1]["path"], "ok.pp");
}

#[test]
fn invalid_utf8_is_checked_lossily() {
    // The text after the bad byte is still parsed: the syntax error on line 3 is found.
    let dir = tree(&[("a.pp", b"notice('\xc3(')\nnotice(1)\nclass {\n")]);
    let o = plint(dir.path(), &["--format", "json"]);
    let findings = json(&o);
    assert_eq!(findings[0]["code"], "P003");
    assert_eq!(findings[0]["line"], 1);
    assert_eq!(findings[0]["column"], 9);
    assert!(
        findings[0]["message"]
            .as_str()
            .unwrap()
            .contains("byte offset 8")
    );
    assert!(findings.iter().any(|f| f["code"] == "P001"), "{findings:?}");
}

#[test]
fn empty_and_blank_files_are_fine() {
    let dir = tree(&[
        ("empty.pp", b""),
        ("blank.pp", b"\n\n   \n"),
        ("comment.pp", b"# x\n"),
    ]);
    let o = plint(dir.path(), &["--format", "json"]);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert!(json(&o).is_empty());
}

#[cfg(unix)]
#[test]
fn unreadable_file_is_a_finding() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tree(&[("secret.pp", CLEAN), ("ok.pp", b"# \xff")]);
    let secret = dir.path().join("secret.pp");
    fs::set_permissions(&secret, fs::Permissions::from_mode(0o000)).unwrap();
    if fs::read(&secret).is_ok() {
        // Running as root (or with CAP_DAC_OVERRIDE): mode 000 does not stop reads.
        eprintln!("skipped: this user can read a mode-000 file");
        return;
    }
    let o = plint(dir.path(), &["--format", "json"]);
    fs::set_permissions(&secret, fs::Permissions::from_mode(0o644)).unwrap();
    assert_eq!(code(&o), 1);
    let findings = json(&o);
    assert_eq!(findings.len(), 2, "{findings:?}");
    assert_eq!(findings[0]["path"], "ok.pp");
    assert_eq!(findings[1]["path"], "secret.pp");
    assert_eq!(findings[1]["code"], "P002");
    assert!(
        findings[1]["message"]
            .as_str()
            .unwrap()
            .contains("cannot read")
    );
}

/// Reading fails whoever we are (root included): `/proc/self/mem` cannot be read at offset 0.
#[cfg(target_os = "linux")]
#[test]
fn refused_file_is_a_finding_even_for_root() {
    let dir = tree(&[("ok.pp", b"# \xff")]);
    std::os::unix::fs::symlink("/proc/self/mem", dir.path().join("mem.pp")).unwrap();
    let o = plint(dir.path(), &["--format", "json"]);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    let findings = json(&o);
    assert_eq!(findings.len(), 2, "{findings:?}");
    assert_eq!(findings[0]["path"], "mem.pp");
    assert_eq!(findings[0]["code"], "P007");
    assert_eq!(findings[0]["rule"], "refused-file");
    assert!(
        findings[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("not read: refused")
    );
    assert_eq!(findings[1]["path"], "ok.pp");
}

#[cfg(unix)]
#[test]
fn unreadable_directory_is_a_note() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tree(&[("locked/a.pp", b"\0"), ("ok.pp", CLEAN)]);
    let locked = dir.path().join("locked");
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
    if fs::read_dir(&locked).is_ok() {
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
        eprintln!("skipped: this user can list a mode-000 directory");
        return;
    }
    let o = plint(dir.path(), &[]);
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert!(
        stderr(&o).contains("locked: cannot read directory"),
        "{}",
        stderr(&o)
    );
}

#[cfg(unix)]
#[test]
fn symlink_loop_is_a_note_and_the_rest_is_checked() {
    use std::os::unix::fs::symlink;
    let dir = tree(&[("m/manifests/init.pp", b"\0"), ("m/manifests/ok.pp", CLEAN)]);
    symlink("..", dir.path().join("m/manifests/up")).unwrap();
    symlink(dir.path().join("m"), dir.path().join("m/manifests/self")).unwrap();
    symlink("missing.pp", dir.path().join("m/manifests/dangling.pp")).unwrap();
    let o = plint(dir.path(), &["--format", "json"]);
    assert_eq!(code(&o), 1);
    let findings = json(&o);
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert_eq!(findings[0]["path"], "m/manifests/init.pp");
    let err = stderr(&o);
    assert!(err.contains("m/manifests/up: symbolic link loop"), "{err}");
    assert!(
        err.contains("m/manifests/self: symbolic link loop"),
        "{err}"
    );
    assert!(
        err.contains("m/manifests/dangling.pp: broken symbolic link"),
        "{err}"
    );
    // --quiet silences the notes.
    let o = plint(dir.path(), &["--format", "json", "--quiet"]);
    assert_eq!(stderr(&o), "");
}

#[cfg(unix)]
#[test]
fn symlinked_module_is_followed_inside_the_repository_only() {
    use std::os::unix::fs::symlink;
    // Inside the git work tree: followed.
    let dir = tree(&[
        (".git/HEAD", b""),
        ("vendored/mod/manifests/init.pp", b"\0"),
        ("site/site.pp", CLEAN),
    ]);
    symlink(dir.path().join("vendored/mod"), dir.path().join("site/mod")).unwrap();
    let o = plint(&dir.path().join("site"), &["--format", "json"]);
    let findings = json(&o);
    assert_eq!(findings.len(), 1);
    assert_eq!(findings[0]["path"], "mod/manifests/init.pp");
    // Outside the checked folder (no git work tree): not followed, and said on stderr.
    let outside = tree(&[("mod/manifests/init.pp", b"\0")]);
    let dir = tree(&[("site.pp", CLEAN)]);
    symlink(outside.path().join("mod"), dir.path().join("mod")).unwrap();
    let o = plint(dir.path(), &["--format", "json"]);
    assert_eq!(json(&o).len(), 0);
    assert!(
        stderr(&o).contains("mod: symbolic link leading outside the repository"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn build_and_vendor_folders_are_skipped() {
    let bad: &[u8] = b"\0";
    let dir = tree(&[
        ("manifests/init.pp", CLEAN),
        (".git/x.pp", bad),
        (".hg/x.pp", bad),
        (".svn/x.pp", bad),
        ("vendor/x.pp", bad),
        ("node_modules/x.pp", bad),
        ("target/x.pp", bad),
        (".bundle/x.pp", bad),
        ("pkg/x.pp", bad),
        ("spec/fixtures/modules/m/manifests/init.pp", bad),
        ("modules/m/spec/fixtures/x.pp", bad),
        ("README.md", bad),
        ("manifests/init.pp.bak", bad),
    ]);
    let o = plint(dir.path(), &[]);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert_eq!(stdout(&o), "No problems found (1 file checked)\n");
    // Given explicitly, a skipped folder is walked and a file of any name is checked.
    let o = plint(dir.path(), &["--format", "json", "vendor", "README.md"]);
    let paths: Vec<_> = json(&o).iter().map(|f| f["path"].clone()).collect();
    assert_eq!(paths, ["README.md", "vendor/x.pp"]);
}

#[test]
fn absolute_paths_under_the_working_directory_are_shown_relative() {
    let dir = tree(&[("m/a.pp", b"\0")]);
    let abs = dir.path().join("m");
    let o = plint(dir.path(), &["--format", "json", abs.to_str().unwrap()]);
    assert_eq!(json(&o)[0]["path"], "m/a.pp");
}

#[test]
fn deep_nesting_does_not_crash() {
    let depth = 10_000;
    let mut text = String::from("$x = ");
    text.push_str(&"[".repeat(depth));
    text.push_str(&"]".repeat(depth));
    text.push('\n');
    let mut unclosed = String::from("$y = ");
    unclosed.push_str(&"(".repeat(depth));
    let dir = tree(&[
        ("deep.pp", text.as_bytes()),
        ("unclosed.pp", unclosed.as_bytes()),
        ("ok.pp", b"\0"),
    ]);
    let o = plint(dir.path(), &["--format", "json"]);
    let c = code(&o);
    assert!(c == 0 || c == 1, "exit {c}: {}", stderr(&o));
    let findings = json(&o);
    assert!(findings.iter().all(|f| f["code"] != "P000"), "{findings:?}");
    assert!(findings.iter().any(|f| f["path"] == "ok.pp"));
    assert!(
        findings
            .iter()
            .any(|f| f["path"] == "unclosed.pp" && f["code"] == "P001")
    );
}

#[test]
fn large_file_is_checked() {
    // About 10 MB of ordinary statements.
    let line = "notice('a fairly ordinary line of Puppet code, nothing to see here')\n";
    let text = line.repeat(10 * 1024 * 1024 / line.len());
    let dir = tree(&[("big.pp", text.as_bytes())]);
    let o = plint(dir.path(), &["--format", "json", "--timings"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(json(&o).is_empty());
}

// --- the repository's examples -----------------------------------------------------------

#[test]
fn examples_site_is_clean() {
    let o = plint(&repo_root(), &["--format", "json", "examples/site.pp"]);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert!(json(&o).is_empty());
}

#[test]
fn examples_broken_reports_each_error_near_its_line() {
    let o = plint(&repo_root(), &["--format", "json", "examples/broken.pp"]);
    assert_eq!(code(&o), 1);
    let lines: Vec<u64> = json(&o)
        .iter()
        .inspect(|f| assert_eq!(f["code"], "P001"))
        .map(|f| f["line"].as_u64().unwrap())
        .collect();
    // `=` for `=>` on line 6, a missing comma after line 11.
    assert!(lines.iter().any(|&l| (5..=7).contains(&l)), "{lines:?}");
    assert!(lines.iter().any(|&l| (11..=12).contains(&l)), "{lines:?}");
}

/// A binary file under a module's `templates/` or `files/` is no error by itself (Puppet reads
/// it only when a manifest names it): a note; `template()` of it is an error at the call.
#[test]
fn binary_module_files_are_errors_only_where_rendered() {
    const ZIP: &[u8] = b"PK\x03\x04\x00\x00zip";
    let files = |manifest: &'static [u8]| {
        tree(&[
            ("app/manifests/init.pp", manifest),
            ("app/templates/bundle.zip.erb", ZIP),
            ("app/files/blob.pp", ZIP),
        ])
    };
    let dir = files(b"# @summary App.\nclass app {\n}\n");
    let o = plint(dir.path(), &["--format", "json"]);
    let findings = json(&o);
    assert_eq!(code(&o), 0, "{findings:?}");
    let notes: Vec<(&str, &str, &str)> = findings
        .iter()
        .map(|f| {
            (
                f["path"].as_str().unwrap(),
                f["code"].as_str().unwrap(),
                f["severity"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        notes,
        [
            ("app/files/blob.pp", "P002", "info"),
            ("app/templates/bundle.zip.erb", "P002", "info"),
        ]
    );

    let dir = files(
        b"# @summary App.\nclass app {\n  file { '/x': content => template('app/bundle.zip.erb') }\n}\n",
    );
    let o = plint(dir.path(), &["--format", "json"]);
    let findings = json(&o);
    assert_eq!(code(&o), 1, "{findings:?}");
    let call = findings
        .iter()
        .find(|f| f["code"] == "P123")
        .unwrap_or_else(|| panic!("{findings:?}"));
    assert_eq!(call["path"], "app/manifests/init.pp");
    assert_eq!(
        (call["line"].as_u64(), call["severity"].as_str()),
        (Some(3), Some("error"))
    );
    assert!(
        call["message"]
            .as_str()
            .unwrap()
            .contains("cannot be rendered")
    );
    let errors = findings.iter().filter(|f| f["severity"] == "error").count();
    assert_eq!(errors, 1, "{findings:?}");
}

// --- modules of the module path ------------------------------------------------------------

/// A module of the module path with code but neither `manifests/` nor `metadata.json` (a site
/// module of functions and facts) is still a module: its functions are known, and so are the
/// top-scope variables they set.
#[test]
fn a_module_path_module_of_lib_only_is_indexed() {
    let dir = tree(&[
        (
            "modules/site/lib/puppet/functions/site/role.rb",
            b"Puppet::Functions.create_function(:'site::role', Puppet::Functions::InternalFunction) do\n  dispatch :role do\n    scope_param\n    param 'String', :name\n  end\n  def role(scope, name)\n    top = scope.compiler.topscope\n    top['node_role'] = name\n  end\nend\n",
        ),
        (
            "manifests/site.pp",
            b"site::role('web')\nnotice($::node_role)\n",
        ),
    ]);
    fs::write(dir.path().join("plint.toml"), b"").unwrap();
    let o = plint(
        dir.path(),
        &[
            "--select",
            "P101,P112",
            "--modulepath",
            "modules",
            "--format",
            "json",
            "manifests/site.pp",
        ],
    );
    assert_eq!(json(&o), Vec::<Value>::new(), "{}", stderr(&o));
    // Without the module, the variable is reported (the function's module is then one that
    // is not installed: its functions are not reported).
    fs::remove_dir_all(dir.path().join("modules/site")).unwrap();
    let o = plint(
        dir.path(),
        &[
            "--select",
            "P101,P112",
            "--modulepath",
            "modules",
            "--format",
            "json",
            "manifests/site.pp",
        ],
    );
    let codes: Vec<String> = json(&o)
        .iter()
        .map(|d| d["code"].as_str().unwrap_or("").to_string())
        .collect();
    assert_eq!(codes, ["P112"], "{}", stdout(&o));
}
