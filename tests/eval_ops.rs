//! Oracle test of the evaluator's values, operators and pure functions: every case of
//! tests/eval/expressions.pp is evaluated by plint and compared with what the real Puppet 7
//! printed (tests/eval/expressions.expected, written by scripts/oracle/eval-oracle.sh).
//!
//! A case's `notice` lines must be identical; when Puppet failed, plint must fail too (the
//! messages differ in wording and are not compared), after the same notices.

use std::path::Path;

use plint::eval::Evaluator;
use plint::report::Severity;
use plint::syntax;

struct Case {
    source: String,
    notices: Vec<String>,
    error: Option<String>,
}

fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some(o) => out.push(o),
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn load_cases() -> Vec<Case> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/eval/expressions.expected");
    let text = std::fs::read_to_string(&path).expect("expected file exists");
    let mut cases: Vec<Case> = Vec::new();
    for line in text.lines() {
        if let Some(src) = line.strip_prefix("== ") {
            cases.push(Case {
                source: unescape(src),
                notices: Vec::new(),
                error: None,
            });
        } else if let Some(n) = line.strip_prefix("notice: ") {
            if let Some(c) = cases.last_mut() {
                c.notices.push(unescape(n));
            }
        } else if let Some(e) = line.strip_prefix("error: ")
            && let Some(c) = cases.last_mut()
        {
            c.error = Some(e.to_string());
        }
    }
    cases
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
    let mut ev = Evaluator::new();
    let result = ev.eval_statements(&parsed.ast.statements);
    (ev.notices, result.err().map(|e| e.to_string()))
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
