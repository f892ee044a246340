//! Oracle test of EPP templates: every case of tests/eval/epp.pp (`inline_epp`, `epp` with the
//! module path tests/eval/epp_modules, `inline_template`) is evaluated by plint and compared
//! with what the real Puppet 7 printed (tests/eval/epp.expected, written by
//! scripts/oracle/epp-oracle.sh).
//!
//! A case's `notice` lines must be identical; when Puppet failed, plint must fail too, after
//! the same notices.

mod common;

use std::path::Path;

use plint::discover::lookup::{self, FileFunction, Resolution};
use plint::eval::Value;
use plint::eval::compiler::{SnippetOptions, eval_snippet};
use plint::eval::epp;
use plint::report::Severity;
use plint::syntax;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs one case with plint: its notices, and the error if evaluation failed.
fn run(source: &str) -> (Vec<String>, Option<String>) {
    let parsed = syntax::parse(source);
    if let Some(d) = parsed
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
    {
        return (Vec::new(), Some(format!("syntax: {}", d.message)));
    }
    let options = SnippetOptions {
        modulepath: vec![root().join("tests/eval/epp_modules")],
        variables: vec![("facts".into(), Value::hash(Default::default()))],
        ..SnippetOptions::default()
    };
    let out = eval_snippet(source, &options);
    (out.notices, out.value.err().map(|e| e.to_string()))
}

#[test]
fn templates_render_as_puppet_renders_them() {
    let cases = common::oracle_cases(&root().join("tests/eval/epp.expected"));
    assert!(cases.len() >= 100, "only {} cases", cases.len());
    let mut failures = Vec::new();
    for c in &cases {
        let (got, error) = run(&c.source);
        if got != c.notices || error.is_some() != c.error.is_some() {
            failures.push(format!(
                "case: {:?}\n  puppet: {:?}{}\n  plint:  {:?}{}",
                c.source,
                c.notices,
                c.error
                    .as_ref()
                    .map(|e| format!(" then error: {e}"))
                    .unwrap_or_default(),
                got,
                error
                    .as_ref()
                    .map(|e| format!(" then error: {e}"))
                    .unwrap_or_default(),
            ));
        }
    }
    eprintln!(
        "{} cases, {} agree, {} differ",
        cases.len(),
        cases.len() - failures.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} cases differ from Puppet:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn parse_errors_point_into_the_template() {
    let e = epp::parse("line one\n<%= $x + %>\n").unwrap_err();
    assert_eq!(e.line, 2, "{e}");
    let e = epp::parse("a\n  <%# never closed").unwrap_err();
    assert_eq!((e.line, e.column), (2, 3));
    assert_eq!(
        e.message,
        "Reaching end after opening <%# without seeing %>"
    );
}

#[test]
fn erb_templates_are_unknown_strings_with_their_origin() {
    let v = eval_snippet("template('ntp/ntp.conf.erb')", &SnippetOptions::default())
        .value
        .unwrap();
    match v {
        Value::Unknown(u) => {
            assert_eq!(u.ty.to_string(), "String");
            assert_eq!(&*u.origin, "template('ntp/ntp.conf.erb')");
        }
        other => panic!("expected an unknown, got {other:?}"),
    }
}

#[test]
fn unknown_values_make_the_rendering_unknown() {
    // `inline_epp` renders the template with the caller's scope visible.
    let options = SnippetOptions {
        variables: vec![("u".into(), Value::unknown("String", "lookup('k')"))],
        ..SnippetOptions::default()
    };
    let v = eval_snippet("inline_epp('<%- |$a| -%>x=<%= $a %>', {a => $u})", &options)
        .value
        .unwrap();
    match v {
        Value::Unknown(u) => assert_eq!(&*u.origin, "lookup('k')"),
        other => panic!("expected an unknown, got {other:?}"),
    }
}

#[test]
fn epp_resolves_module_templates() {
    let mp = vec![
        root().join("tests/eval/no_such_dir"),
        root().join("tests/eval/epp_modules"),
    ];
    let sandbox = plint::sandbox::Sandbox::new(root(), &mp);
    let tree = epp::ModulePath {
        sandbox: &sandbox,
        dirs: &mp,
    };
    let find = |name: &str| match lookup::resolve(&tree, FileFunction::Epp, &[name]) {
        Resolution::Found { path, .. } => Some(path),
        Resolution::NotFound { .. } => None,
        other => panic!("{name}: {other:?}"),
    };
    let p = find("eppt/leaf.epp").expect("found");
    assert!(p.ends_with("eppt/templates/leaf.epp"));
    // `epp()` appends `.epp` to a name without it.
    assert_eq!(find("eppt/leaf"), Some(p));
    assert!(find("eppt/none.epp").is_none());
    assert!(find("nomod/leaf.epp").is_none());
    assert!(find("leaf.epp").is_none());
}

/// Every EPP template of the module corpus (working code) parses.
#[test]
fn corpus_templates_parse() {
    let Some(files) = common::corpus_files_with_extension("epp") else {
        return;
    };
    let mut failures = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("readable");
        if let Err(e) = epp::parse(&text) {
            failures.push(format!("{}: {e}", f.display()));
        }
    }
    eprintln!("{} templates", files.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
