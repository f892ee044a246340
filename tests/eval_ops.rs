//! Oracle test of the evaluator's values, operators and pure functions: every case of
//! tests/eval/expressions.pp is evaluated by plint and compared with what the real Puppet 7
//! printed (tests/eval/expressions.expected, written by scripts/oracle/eval-oracle.sh).
//!
//! A case's `notice` lines must be identical; when Puppet failed, plint must fail too (the
//! messages differ in wording and are not compared), after the same notices.

use std::path::Path;

use plint::eval::compiler::{SnippetOptions, eval_snippet};
use plint::report::Severity;
use plint::syntax;

mod common;

fn load_cases() -> Vec<common::OracleCase> {
    common::oracle_cases(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/eval/expressions.expected"),
    )
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
    let out = eval_snippet(source, &SnippetOptions::default());
    (out.notices, out.value.err().map(|e| e.to_string()))
}

#[test]
fn evaluator_agrees_with_puppet() {
    let cases = load_cases();
    assert!(cases.len() >= 200, "only {} cases", cases.len());
    let mut failures = Vec::new();
    let mut notices = 0;
    for c in &cases {
        notices += c.notices.len() + usize::from(c.error.is_some());
        let (got, error) = run(&c.source);
        let ok = got == c.notices && error.is_some() == c.error.is_some();
        if !ok {
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
        "{} cases ({} results), {} agree, {} differ",
        cases.len(),
        notices,
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
