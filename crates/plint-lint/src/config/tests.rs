use super::*;
use crate::sandbox::Sandbox;

fn settings(toml_text: &str) -> Result<Settings, ConfigError> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(FILE_NAME), toml_text).unwrap();
    Settings::load(
        &CliOptions::default(),
        dir.path(),
        &mut Sandbox::new(dir.path(), &[]),
    )
}

/// A secret-looking value of 100 characters.
fn secret() -> String {
    format!(
        "ghp_{}",
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".repeat(2)
    )[..100]
        .to_string()
}

#[test]
fn toml_errors_show_little_of_the_file() {
    let secret = secret();
    for text in [
        format!("fail-on-warnings = \"{secret}\"\n"),
        format!("{secret} = 1\n"),
        format!("\"{secret}`x`{secret}\" = 1\n"),
        format!("[rules]\nP401 = \"{secret}\"\n"),
        format!("[rules]\n\"{secret}\" = \"warn\"\n"),
        format!("[rule-options.{secret}]\nx = 1\n"),
        format!("[rule-options.P401]\n\"{secret}\" = 1\n"),
        format!("exclude = [\"[{secret}\"]\n"),
        format!("modulepath = \"{secret}\"\n"),
        format!("A={secret}\0B=c\0"),
        format!("[[overrides]]\nfiles = [\"a\"]\n{secret} = 2\n"),
        format!("x = \"\\u001b[31m{secret}\\n::error::x\"\n"),
    ] {
        let e = settings(&text).unwrap_err().to_string();
        assert!(!e.contains(&secret[40..]), "{e}");
        assert!(e.chars().count() < 400, "{e}");
        assert!(!e.contains(['\x1b', '\n']), "{e}");
    }
    // What is quoted is still there, shortened.
    let e = settings(&format!("{secret} = 1\n")).unwrap_err();
    assert_eq!(e.at.as_ref().map(|(_, l, c)| (*l, *c)), Some((1, 1)));
    assert!(
        e.message.starts_with(&format!(
            "unknown field `{}…`, expected one of `rules`",
            &secret[..59]
        )),
        "{}",
        e.message
    );
}

#[test]
fn puppet_lint_rc_notes_show_little_of_the_file() {
    let secret = secret();
    let dir = tempfile::tempdir().unwrap();
    let mut text = format!("PATH=/usr/bin\0TOKEN={secret}\0\n--load={secret}\n");
    text.push_str(&format!(
        "--no-{secret}-check\n--only-checks={secret},x\n--{secret}\n"
    ));
    for i in 0..30 {
        text.push_str(&format!("--option-{i}\n"));
    }
    std::fs::write(dir.path().join(puppet_lint_rc::FILE_NAME), &text).unwrap();
    let s = Settings::load(
        &CliOptions::default(),
        dir.path(),
        &mut Sandbox::new(dir.path(), &[]),
    )
    .unwrap();
    let notes = s.notes.join("\n");
    assert!(!notes.contains(&secret[40..]), "{notes}");
    assert!(!notes.contains("/usr/bin"), "{notes}");
    assert!(
        notes.contains("`--load` is a puppet-lint option"),
        "{notes}"
    );
    assert!(notes.contains("1 word is not an option"), "{notes}");
    assert_eq!(s.notes.len(), MAX_NOTES, "{notes}");
    assert!(s.notes[MAX_NOTES - 1].ends_with("more notes about the configuration"));
}

fn level(s: &Settings, key: &[u32], code: &str) -> Option<Severity> {
    s.profile(key).selection.severity(code)
}

#[test]
fn defaults_without_any_file() {
    let dir = tempfile::tempdir().unwrap();
    let s = Settings::load(
        &CliOptions::default(),
        dir.path(),
        &mut Sandbox::new(dir.path(), &[]),
    )
    .unwrap();
    assert_eq!(s.source, ConfigSource::Defaults);
    assert_eq!(level(&s, &[], "P401"), Some(Severity::Warning));
    assert!(!s.fail_on_warnings);
}

#[test]
fn levels_and_prefixes() {
    let s = settings("[rules]\nP4 = \"allow\"\nunquoted_resource_title = \"deny\"\n").unwrap();
    assert_eq!(level(&s, &[], "P401"), Some(Severity::Error));
    assert!(
        RULES
            .iter()
            .filter(|r| r.info().code.starts_with("P4") && r.info().code != "P401")
            .all(|r| level(&s, &[], r.info().code).is_none())
    );
}

#[test]
fn errors_have_line_and_column() {
    let e = settings("[rules]\nP401 = \"warn\"\n\n  bogus = \"warn\"\n").unwrap_err();
    assert_eq!(e.at.as_ref().map(|a| (a.1, a.2)), Some((4, 3)), "{e}");
    assert!(e.message.contains("unknown rule `bogus`"), "{e}");
    let e = settings("colour = true\n").unwrap_err();
    assert_eq!(e.at.as_ref().map(|a| (a.1, a.2)), Some((1, 1)), "{e}");
    assert!(e.message.contains("unknown field `colour`"), "{e}");
    let e = settings("[rules]\nP401 = \"off\"\n").unwrap_err();
    assert_eq!(e.at.as_ref().map(|a| (a.1, a.2)), Some((2, 8)), "{e}");
    assert!(
        e.message.contains(r#"expected "allow", "warn" or "deny""#),
        "{e}"
    );
    let e = settings("[rules]\nP401 = 1\n").unwrap_err();
    assert!(e.message.contains(r#""allow", "warn" or "deny""#), "{e}");
    let e = settings("[rules]\nP401 = \"warn\"\nunquoted-resource-title = \"deny\"\n").unwrap_err();
    assert!(e.message.contains("both configure rule P401"), "{e}");
    let e = settings("[rule-options.P401]\nmax = 3\n").unwrap_err();
    assert_eq!(e.at.as_ref().map(|a| (a.1, a.2)), Some((2, 1)), "{e}");
    assert!(e.message.contains("has no options"), "{e}");
    let e = settings("exclude = [\"a/[\"]\n").unwrap_err();
    assert!(e.message.contains("bad pattern"), "{e}");
}

#[test]
fn overrides_apply_to_matching_files_in_order() {
    let s = settings(
        "[rules]\nP401 = \"deny\"\n[[overrides]]\nfiles = [\"spec/**\"]\nrules = { P401 = \"allow\" }\n[[overrides]]\nfiles = [\"spec/b\"]\nrules = { P401 = \"warn\" }\n",
    )
    .unwrap();
    let root = s.root().to_path_buf();
    assert!(s.profile_key(&root.join("manifests/a.pp")).is_empty());
    assert_eq!(s.profile_key(&root.join("spec/a.pp")), [0]);
    assert_eq!(s.profile_key(&root.join("spec/b/c.pp")), [0, 1]);
    assert_eq!(level(&s, &[], "P401"), Some(Severity::Error));
    assert_eq!(level(&s, &[0], "P401"), None);
    assert_eq!(level(&s, &[0, 1], "P401"), Some(Severity::Warning));
}

#[test]
fn exclude_matches_files_and_folders() {
    let s = settings("exclude = [\"vendor\", \"**/*_generated.pp\"]\n").unwrap();
    let root = s.root().to_path_buf();
    assert!(s.is_excluded(&root.join("vendor/x/y.pp")));
    assert!(s.is_excluded(&root.join("a/b_generated.pp")));
    assert!(!s.is_excluded(&root.join("a/b.pp")));
    assert!(!s.is_excluded(Path::new("/elsewhere/vendor/x.pp")));
}

#[test]
fn puppet_lint_command_line_options() {
    let dir = tempfile::tempdir().unwrap();
    let load = |cli: &CliOptions| {
        Settings::load(cli, dir.path(), &mut Sandbox::new(dir.path(), &[])).unwrap()
    };
    std::fs::write(
        dir.path().join(puppet_lint_rc::FILE_NAME),
        "--no-80chars-check --error-level=error --log-format=x --top-scope-variables=a\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("other.rc"), "--no-documentation-check\n").unwrap();
    // The file's options, then the command line's on top.
    let cli = CliOptions {
        display: puppet_lint_rc::Display {
            log_format: Some("y".into()),
            relative: true,
            ..Default::default()
        },
        ignore_paths: vec!["vendor/**".into()],
        ignored: vec!["--load".into()],
        ..CliOptions::default()
    };
    let s = load(&cli);
    assert!(matches!(s.source, ConfigSource::PuppetLintRc(_)));
    assert_eq!(s.display.log_format.as_deref(), Some("y"));
    assert_eq!(
        s.display.error_level,
        Some(puppet_lint_rc::ErrorLevel::Error)
    );
    assert_eq!(s.known_top_scope_variables, ["a"]);
    assert_eq!(
        s.base_options["P402"].get("relative"),
        Some(&toml::Value::Boolean(true))
    );
    assert!(s.is_excluded(Path::new("vendor/m/x.pp")));
    assert!(!s.is_excluded(Path::new("site/x.pp")));
    assert!(
        s.notes
            .iter()
            .any(|n| n.contains("`--load` is a puppet-lint option")),
        "{:?}",
        s.notes
    );
    // `--no-config` reads no file; `-c FILE` reads a puppet-lint options file.
    let s = load(&CliOptions {
        no_config: true,
        top_scope_variables: Some(vec!["b".into()]),
        ..CliOptions::default()
    });
    assert_eq!(s.source, ConfigSource::Defaults);
    assert_eq!(s.display, puppet_lint_rc::Display::default());
    assert_eq!(s.known_top_scope_variables, ["b"]);
    let s = load(&CliOptions {
        config: Some("other.rc".into()),
        no_config: true,
        ..CliOptions::default()
    });
    assert!(matches!(s.source, ConfigSource::PuppetLintRc(_)));
    assert_eq!(level(&s, &[], "P414"), None);
    assert_eq!(s.display.error_level, None);
}

#[test]
fn cli_select_ignore_and_checks() {
    let dir = tempfile::tempdir().unwrap();
    let cli = CliOptions {
        select: Some(vec!["P401".into(), "P301".into()]),
        ignore: vec!["P301".into()],
        ..CliOptions::default()
    };
    let s = Settings::load(&cli, dir.path(), &mut Sandbox::new(dir.path(), &[])).unwrap();
    let p = s.profile(&[]);
    let on: Vec<_> = p.selection.rules().map(|r| r.info().code).collect();
    assert_eq!(on, ["P401"]);
    let cli = CliOptions {
        disable_checks: vec!["unquoted_resource_title".into()],
        ..CliOptions::default()
    };
    let s = Settings::load(&cli, dir.path(), &mut Sandbox::new(dir.path(), &[])).unwrap();
    assert_eq!(level(&s, &[], "P401"), None);
    let cli = CliOptions {
        select: Some(vec!["nope".into()]),
        ..CliOptions::default()
    };
    let e = Settings::load(&cli, dir.path(), &mut Sandbox::new(dir.path(), &[])).unwrap_err();
    assert!(
        e.to_string().starts_with("--select: unknown rule `nope`"),
        "{e}"
    );
}

#[test]
fn builtin_codes_can_be_configured() {
    let s = settings("[rules]\nunused-suppression = \"allow\"\nP005 = \"deny\"\n").unwrap();
    let p = s.profile(&[]);
    let mut ds = vec![
        crate::report::codes::UNUSED_SUPPRESSION.diagnostic(0..0, "x"),
        crate::report::codes::UNKNOWN_SUPPRESSION.diagnostic(0..0, "y"),
    ];
    p.adjust(&mut ds);
    assert_eq!(ds.len(), 1);
    assert_eq!((ds[0].code, ds[0].severity), ("P005", Severity::Error));
}

#[test]
fn facts_names_an_existing_fact_file() {
    let dir = tempfile::tempdir().unwrap();
    let root = normalize(dir.path());
    std::fs::create_dir(root.join("facts")).unwrap();
    std::fs::write(root.join("facts/web01.yaml"), "os:\n  family: Debian\n").unwrap();
    let load = |text: &str| {
        std::fs::write(root.join(FILE_NAME), text).unwrap();
        let mut sandbox = Sandbox::new(&root, std::slice::from_ref(&root));
        Settings::load(&CliOptions::default(), &root, &mut sandbox)
    };
    let s = load("facts = \"facts/web01.yaml\"\n").unwrap();
    assert_eq!(s.facts, Some(root.join("facts/web01.yaml")));
    let e = load("fail-on-warnings = true\nfacts = \"facts/web02.yaml\"\n").unwrap_err();
    assert_eq!(e.at.as_ref().map(|a| (a.1, a.2)), Some((2, 9)), "{e}");
    assert!(
        e.message
            .contains("the fact file `facts/web02.yaml` does not exist, or lies outside"),
        "{e}"
    );
    let e = load("facts = \"facts\"\n").unwrap_err();
    assert_eq!(e.at.as_ref().map(|a| (a.1, a.2)), Some((1, 9)), "{e}");
    assert!(e.message.contains("names a fact file"), "{e}");
    let e = load("facts = \"/etc/hostname.json\"\n").unwrap_err();
    assert_eq!(e.at.as_ref().map(|a| (a.1, a.2)), Some((1, 9)), "{e}");
    let e = load("facts = 1\n").unwrap_err();
    assert_eq!(e.at.as_ref().map(|a| (a.1, a.2)), Some((1, 9)), "{e}");
}
