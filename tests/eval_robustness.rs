//! The evaluator never panics: every operator, access, call, interpolation and control-flow
//! expression of the module corpus is evaluated on its own (unknown variables are undef, other
//! failures are errors as data), and hostile inputs end with an error in bounded time.

use std::path::Path;

use plint::eval::compiler::{SnippetOptions, eval_expression, eval_snippet};
use plint::syntax::{self, ast::ExprKind};

fn pp_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            pp_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "pp") {
            out.push(p);
        }
    }
}

#[test]
fn corpus_expressions_never_panic() {
    let root = Path::new("/usr/share/puppet/modules");
    if !root.exists() {
        eprintln!("corpus not installed; skipped");
        return;
    }
    let mut files = Vec::new();
    pp_files(root, &mut files);
    files.sort();
    let lenient = SnippetOptions {
        strict_variables: false,
        ..SnippetOptions::default()
    };
    let mut evaluated = 0usize;
    for f in &files {
        let Ok(src) = std::fs::read_to_string(f) else {
            continue;
        };
        let parsed = syntax::parse(&src);
        parsed.ast.walk(&mut |e| {
            let interesting = matches!(
                e.kind,
                ExprKind::Binary { .. }
                    | ExprKind::Unary { .. }
                    | ExprKind::Access { .. }
                    | ExprKind::Call(_)
                    | ExprKind::MethodCall(_)
                    | ExprKind::Selector { .. }
                    | ExprKind::Case(_)
                    | ExprKind::If(_)
                    | ExprKind::String(_)
                    | ExprKind::Array(_)
                    | ExprKind::Hash(_)
            );
            if interesting && e.span.len() < 2000 {
                let _ = eval_expression(e, &lenient);
                evaluated += 1;
            }
        });
    }
    eprintln!("{} files, {evaluated} expressions evaluated", files.len());
    assert!(evaluated > 10_000);
}

#[test]
fn hostile_inputs_end_with_errors() {
    for src in [
        "Integer[1, 1000000000].each |$x| { $x }",
        "1000000000000.map |$x| { $x }",
        "sprintf('%999999999d', 1)",
        "range(1, 1000000000000)",
        "[1, 2].map |$x| { [3].map |$y| { $y.foo } }",
    ] {
        let r = eval_snippet(src, &SnippetOptions::default()).value;
        assert!(r.is_err(), "{src}: {r:?}");
    }
    // Catastrophic backtracking ends (a linear-time match, or the backtracking limit's error).
    for src in [
        "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' =~ /^(a|a)*$/",
        "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' =~ /^(a|a)*\\1$/",
    ] {
        let _ = eval_snippet(src, &SnippetOptions::default());
    }
    // Deep nesting of expressions is bounded by the depth limit, not the stack.
    let deep = format!("{}1{}", "[".repeat(3000), "]".repeat(3000));
    let _ = eval_snippet(&deep, &SnippetOptions::default());
}
