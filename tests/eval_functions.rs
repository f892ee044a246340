//! Oracle test of the built-in and stdlib functions added for evaluation (validate_legacy and
//! the legacy validators, getvar/fact, collection, string and encoding helpers): every case of
//! tests/eval/functions.pp is evaluated by plint and compared with what the real Puppet 7
//! printed with the corpus' stdlib (tests/eval/functions.expected, written by
//! scripts/oracle/epp-oracle.sh).
//!
//! A case's `notice` lines must be identical; when Puppet failed, plint must fail too, after
//! the same notices, and with the same message for the functions whose messages plint copies
//! (the legacy validators).

mod common;

use std::path::Path;

use plint::eval::compiler::{SnippetOptions, eval_snippet};
use plint::report::Severity;
use plint::syntax;

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

/// Puppet's message without its prefix and location suffix.
fn core_message(puppet: &str) -> &str {
    let m = puppet.strip_prefix("Evaluation Error: ").unwrap_or(puppet);
    let m = m
        .strip_prefix("Error while evaluating a Function Call, ")
        .unwrap_or(m);
    match m.rfind(" (line: ") {
        Some(i) => &m[..i],
        None => m,
    }
}

#[test]
fn functions_agree_with_puppet() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/eval/functions.expected");
    let cases = common::oracle_cases(&path);
    assert!(cases.len() >= 70, "only {} cases", cases.len());
    let mut failures = Vec::new();
    for c in &cases {
        let (got, error) = run(&c.source);
        let same_error = match (&c.error, &error) {
            (None, None) => true,
            (Some(p), Some(e)) => {
                // The validators' messages are Puppet's, word for word.
                !c.source.contains("validate_") || core_message(p) == e
            }
            _ => false,
        };
        if got != c.notices || !same_error {
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
