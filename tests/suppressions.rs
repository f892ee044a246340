//! Suppression comments: `# plint:allow(...)` and puppet-lint's `# lint:ignore:` blocks.

use plint::rules::{FileInfo, registry};
use plint::syntax;

/// `line code` of every finding with all rules enabled.
fn run(src: &str) -> Vec<String> {
    let parsed = syntax::parse(src);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    let selection =
        registry::Selection::from_fn(|i| matches!(i.code, "P301" | "P401").then_some(i.severity));
    let mut ds = registry::check(
        FileInfo {
            path: "x.pp",
            source: src,
            ast: &parsed.ast,
            module: None,
        },
        &selection,
    );
    ds.sort_by_key(|d| d.span.start);
    ds.iter()
        .map(|d| {
            let line = src[..d.span.start].matches('\n').count() + 1;
            format!("{line} {}", d.code)
        })
        .collect()
}

#[test]
fn trailing_lint_ignore_covers_its_line_only() {
    let src = "file { a: }  # lint:ignore:unquoted_resource_title\nfile { b: }\n";
    assert_eq!(run(src), vec!["2 P401"]);
}

#[test]
fn lint_ignore_blocks_until_endignore() {
    let src = "# lint:ignore:unquoted_resource_title some reason\nfile { a: }\nfile { b: }\n# lint:endignore\nfile { c: }\n";
    assert_eq!(run(src), vec!["5 P401"]);
}

#[test]
fn several_checks_in_one_comment_and_plint_names() {
    let src = "define d($x, $x) { file { a: } } # lint:ignore:unquoted_resource_title lint:ignore:duplicate-parameter\n";
    assert_eq!(run(src), Vec::<String>::new());
}

#[test]
fn plint_allow_on_its_own_line_covers_the_next_statement() {
    let src = "# plint:allow(unquoted-resource-title)\nclass c {\n  file { a: }\n}\nfile { b: }\n";
    assert_eq!(run(src), vec!["5 P401"]);
    let src = "file { a: } # plint:allow(P401)\nfile { b: }\n";
    assert_eq!(run(src), vec!["2 P401"]);
}

#[test]
fn unknown_names_and_unused_suppressions_are_findings() {
    let src = "file { 'a': } # lint:ignore:no_such_check\n";
    assert_eq!(run(src), vec!["1 P005"]);
    let src = "file { 'a': } # lint:ignore:unquoted_resource_title\n";
    assert_eq!(run(src), vec!["1 P006"]);
    // A puppet-lint check plint does not run is known, and not reported as unused.
    let src = "file { 'a': } # lint:ignore:140chars\n";
    assert_eq!(run(src), Vec::<String>::new());
    let src = "# lint:endignore\n";
    assert_eq!(run(src), vec!["1 P006"]);
    let src = "# lint:ignore:unquoted_resource_title\nfile { a: }\n";
    assert_eq!(run(src), vec!["1 P006", "2 P401"]);
}

/// The checks of well-known puppet-lint plugins plint has no rule for are accepted
/// (`rules/lint/plugins.toml`); a name in no list is P005, with the closest known name.
#[test]
fn plugin_checks_plint_lacks_are_accepted_and_typos_get_a_suggestion() {
    for check in [
        "manifest_whitespace_opening_brace_before",
        "security_password_in_code",
        "parameter_types",
        "exec_idempotency",
        "no_erb_template",
        "resource_reference_without_whitespace",
    ] {
        let src = format!("file {{ 'a': }} # lint:ignore:{check}\n");
        assert_eq!(run(&src), Vec::<String>::new(), "{check}");
    }
    let src = "file { 'a': } # lint:ignore:manifest_whitespace_opening_brace_befor\n";
    let parsed = syntax::parse(src);
    let ds = registry::check(
        FileInfo {
            path: "x.pp",
            source: src,
            ast: &parsed.ast,
            module: None,
        },
        &registry::Selection::from_fn(|i| (i.code == "P401").then_some(i.severity)),
    );
    let p005: Vec<_> = ds.iter().filter(|d| d.code == "P005").collect();
    assert_eq!(p005.len(), 1, "{ds:?}");
    assert!(
        p005[0]
            .help
            .as_deref()
            .unwrap()
            .starts_with("did you mean `manifest_whitespace_opening_brace_before`?"),
        "{:?}",
        p005[0].help
    );
}
