//! Hostile text in the output: resource titles, messages and file names that hold line
//! breaks followed by GitHub workflow commands (`\n::error ...::`, `::add-mask::`), carriage
//! returns, ESC sequences, bidi overrides and `##[`; configuration files that hold a secret.
//! Each run goes through the binary, in every format, and the output must not act on the
//! terminal or the CI log: no line starts with `::` unless it is a command plint wrote, no
//! control or invisible character is printed, the secret never appears.

use std::path::Path;
use std::time::Duration;

use crate::harness::Run;

/// How long one run may take (a debug build on a loaded machine; these runs take a second).
const LIMIT: Duration = Duration::from_secs(120);

/// Text that would act on a terminal or a GitHub Actions log if printed as it is.
const HOSTILE: &str = "t\n::error file=x.pp,line=1::forged\r::add-mask::m \x1b[31mred\x1b[0m \u{202e}rid\u{2066} ##[warning]w";

/// Runs plint in `dir` with `args` (and `env`), without colour, killed after [`LIMIT`].
fn run(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Run {
    crate::harness::run_env(dir, args, env, LIMIT)
}

/// Whether a character is one the output must not hold (besides its own line breaks).
fn hidden(c: char) -> bool {
    c != '\n' && plint::report::escape::is_hidden(c)
}

/// No line of `text` starts with `::` (leading blanks ignored, as GitHub's runner does), holds
/// `##[` or a control or invisible character. `github` allows the workflow commands plint
/// writes, checked for their shape: the properties hold no `::`, so the message cannot end
/// them early.
fn assert_safe(text: &str, what: &str, github: bool) {
    for line in text.split('\n') {
        let start = line.trim_start();
        if github && start.starts_with("::") {
            let command = ["::error file=", "::warning file=", "::notice file="]
                .iter()
                .any(|c| line.starts_with(c));
            assert!(command, "{what}: not plint's command: {line:?}");
            let properties = &line[2..];
            let end = properties.find("::").expect("the message follows `::`");
            assert!(
                properties[..end].contains(",title=P"),
                "{what}: the properties end early: {line:?}"
            );
        } else {
            assert!(!start.starts_with("::"), "{what}: {line:?}\nin:\n{text}");
        }
        assert!(!line.contains("##["), "{what}: `##[` in {line:?}");
        assert!(
            !line.chars().any(hidden),
            "{what}: a control or invisible character in {line:?}"
        );
    }
}

/// A tree with hostile titles, a hostile file name and a hostile broken link.
fn hostile_tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let manifests = dir.path().join("manifests");
    std::fs::create_dir(&manifests).unwrap();
    // The title, twice (P117); a raw line break, ESC and bidi characters are allowed in a
    // single-quoted string.
    let title = HOSTILE.replace('\'', "");
    std::fs::write(
        manifests.join("init.pp"),
        format!("notify {{ '{title}': }}\nnotify {{ '{title}': }}\n# ::error::in a comment\n"),
    )
    .unwrap();
    // A file named with the hostile text, with a syntax error (P001).
    let name = HOSTILE.replace('/', "|");
    std::fs::write(manifests.join(format!("{name}.pp")), "class {\n").unwrap();
    // A broken link with that name: a walk note on stderr.
    std::os::unix::fs::symlink("missing", manifests.join(format!("{name}-link.pp"))).unwrap();
    // A clean file, still checked.
    std::fs::write(manifests.join("clean.pp"), "notice('ok')\n").unwrap();
    dir
}

#[test]
fn hostile_titles_and_file_names_in_every_format() {
    let dir = hostile_tree();
    for format in ["human", "json", "sarif", "github"] {
        let r = run(dir.path(), &["--format", format, "."], &[]);
        assert_eq!(r.status, 1, "{format}: {}{}", r.stdout, r.stderr);
        assert_safe(&r.stdout, &format!("{format} stdout"), format == "github");
        assert_safe(&r.stderr, &format!("{format} stderr"), false);
        // The findings are there: the duplicate and the syntax error in the hostile file.
        assert!(r.stdout.contains("P117"), "{format}: {}", r.stdout);
        assert!(r.stdout.contains("P001"), "{format}: {}", r.stdout);
        // The walk note about the broken link, escaped.
        assert!(
            r.stderr
                .contains("plint: note: manifests/t\\n::error file=x.pp,line=1::forged\\r"),
            "{format}: {}",
            r.stderr
        );
        assert!(
            r.stderr.contains("-link.pp: broken symbolic link"),
            "{}",
            r.stderr
        );
    }
    // The human format shows the escapes.
    let r = run(dir.path(), &["."], &[]);
    assert!(
        r.stdout
            .contains(r"t\n::error file=x.pp,line=1::forged\r::add-mask::m \u{1b}[31mred"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains(r"\u{202e}rid\u{2066} ##\u{5b}warning]w"));
    assert!(
        r.stdout
            .contains("Found 2 errors in 2 files (3 files checked)"),
        "{}",
        r.stdout
    );
    // JSON gives the very text back.
    let r = run(dir.path(), &["--format", "json", "."], &[]);
    let findings: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let title = HOSTILE.replace('\'', "");
    assert!(
        findings
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["message"].as_str().unwrap().contains(&title)),
        "{}",
        r.stdout
    );
    // With colour asked for, the only ESC sequences are plint's colours.
    let r = run(dir.path(), &["--color", "always", "."], &[]);
    let plain: String = r
        .stdout
        .split('\x1b')
        .enumerate()
        .map(|(i, part)| {
            if i == 0 {
                return part;
            }
            // `ESC [ digits/; m`, termcolor's only kind of sequence.
            let end = part.find('m').expect("an SGR sequence");
            assert!(
                part.starts_with('[')
                    && part[1..end]
                        .bytes()
                        .all(|b| b.is_ascii_digit() || b == b';'),
                "not a colour: {part:?}"
            );
            &part[end + 1..]
        })
        .collect();
    assert_safe(&plain, "colour", false);
}

#[test]
fn diff_headers_and_quiet_runs_are_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let name = HOSTILE.replace('/', "|");
    // A fixable finding (P4xx, unquoted resource title) in a hostile file name.
    std::fs::write(dir.path().join(format!("{name}.pp")), "notify { hello: }\n").unwrap();
    let r = run(dir.path(), &["--diff", "."], &[]);
    assert_safe(&r.stdout, "diff", false);
    assert_safe(&r.stderr, "diff stderr", false);
    assert!(
        r.stdout.contains("--- a/t\\n::error"),
        "{}{}",
        r.stdout,
        r.stderr
    );
    let r = run(dir.path(), &["--quiet", "."], &[]);
    assert_safe(&r.stdout, "quiet", false);
}

#[test]
fn hostile_node_names_and_titles_when_evaluating() {
    let dir = tempfile::tempdir().unwrap();
    let title = HOSTILE.replace('\'', "");
    std::fs::write(
        dir.path().join("site.pp"),
        format!("notify {{ '{title}': }}\nnotify {{ '{title}': }}\nfile {{ '/x': require => Notify['{title}x'] }}\n"),
    )
    .unwrap();
    let fqdn = serde_json::to_string(&HOSTILE).unwrap();
    std::fs::write(
        dir.path().join("facts.json"),
        format!("{{\"fqdn\": {fqdn}}}"),
    )
    .unwrap();
    for format in ["human", "json", "sarif", "github"] {
        let r = run(
            dir.path(),
            &[
                "--evaluate",
                "site.pp",
                "--facts",
                "facts.json",
                "--format",
                format,
            ],
            &[],
        );
        assert_safe(&r.stdout, &format!("evaluate {format}"), format == "github");
        assert_safe(&r.stderr, &format!("evaluate {format} stderr"), false);
        assert!(
            r.stderr.contains("plint: node `t\\n::error"),
            "{}",
            r.stderr
        );
        assert!(
            r.stdout.contains("P2"),
            "{format}: {}{}",
            r.stdout,
            r.stderr
        );
    }
}

/// A secret-looking value of 120 characters.
fn secret() -> String {
    let s: String = "Zq8xW3vK0pLr7TmB2nY5hJc9".repeat(5);
    format!("ghs_{}", &s[..116])
}

/// Whether `text` shows `n` characters of `secret` in a row.
fn shows(text: &str, secret: &str, n: usize) -> bool {
    (0..=secret.len() - n).any(|i| text.contains(&secret[i..i + n]))
}

#[test]
fn configuration_files_never_echo_a_secret() {
    let secret = secret();
    // Values of `.puppet-lint.rc`'s options and words that are not options are never shown
    // (`Hidden`); a key or value plint cannot make sense of is shown shortened to 60
    // characters (`Shortened`).
    #[derive(Debug, Clone, Copy, PartialEq)]
    enum Shown {
        Hidden,
        Shortened,
    }
    use Shown::*;
    let cases: Vec<(&str, String, Shown)> = vec![
        (
            ".puppet-lint.rc",
            format!("PATH=/usr/bin\0GITHUB_TOKEN={secret}\0HOME=/root\0"),
            Hidden,
        ),
        (
            ".puppet-lint.rc",
            format!("--log-format={secret}\n--x \"{secret}\"\n--error-level {secret}\n"),
            Hidden,
        ),
        (
            ".puppet-lint.rc",
            format!("--no-{secret}-check\n--only-checks={secret}\n--{secret}\n"),
            Shortened,
        ),
        ("plint.toml", format!("token = \"{secret}\"\n"), Hidden),
        ("plint.toml", format!("A={secret}\0B=1\0"), Hidden),
        ("plint.toml", format!("{secret}\n"), Shortened),
        (
            "plint.toml",
            format!("[rules]\n\"{secret}\" = \"deny\"\n"),
            Shortened,
        ),
        (
            "plint.toml",
            format!("[rules]\nP401 = \"{secret}\"\n"),
            Shortened,
        ),
        (
            "plint.toml",
            format!("fail-on-warnings = \"{secret}\"\n"),
            Shortened,
        ),
        (
            "plint.toml",
            format!("exclude = [\"[{secret}\"]\n"),
            Shortened,
        ),
        (
            "plint.toml",
            format!("[rule-options.P401]\n{secret} = 1\n"),
            Shortened,
        ),
        ("plint.toml", format!("x = \"\"\"{secret}\n"), Hidden),
        ("plint.toml", format!("\"a`{secret}`\" = 1\n"), Shortened),
    ];
    for (file, text, shown) in cases {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(file), &text).unwrap();
        std::fs::write(dir.path().join("init.pp"), "notify { 'x': }\n").unwrap();
        for format in ["human", "github"] {
            let r = run(dir.path(), &["--format", format, "."], &[]);
            let n = if shown == Hidden { 8 } else { 60 };
            assert!(
                !shows(&r.stdout, &secret, n),
                "{file} {text:?}: {}",
                r.stdout
            );
            assert!(
                !shows(&r.stderr, &secret, n),
                "{file} {text:?}: {}",
                r.stderr
            );
            assert_safe(&r.stderr, file, false);
        }
    }
}

#[test]
fn a_puppet_lint_rc_linked_to_the_environment_does_not_print_it() {
    let secret = secret();
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink("/proc/self/environ", dir.path().join(".puppet-lint.rc")).unwrap();
    std::fs::write(dir.path().join("init.pp"), "notify { 'x': }\n").unwrap();
    let r = run(dir.path(), &["."], &[("PLINT_TEST_TOKEN", &secret)]);
    assert!(!shows(&r.stdout, &secret, 8), "{}", r.stdout);
    assert!(!shows(&r.stderr, &secret, 8), "{}", r.stderr);
    assert!(!r.stderr.contains("PLINT_TEST_TOKEN"), "{}", r.stderr);
    assert_safe(&r.stderr, "stderr", false);
}
