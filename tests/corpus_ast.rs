//! The real module corpus (`scripts/install-corpus.sh` installs it under
//! `/usr/share/puppet/modules`), through the library: every file parses without a finding,
//! every AST span lies within its parent's and the file's, and lowering keeps every class and
//! define (their count in the AST equals the count of `class name` / `define name` lines).
//!
//! In CI (`CI` set) a missing corpus is a failure; elsewhere the tests say so and pass.

use std::path::Path;

use plint::syntax::{self, ast};

mod common;
use common::corpus_files;

/// Every node's span lies within the file and within its parent's span.
fn check_spans(file: &ast::File, len: usize, path: &Path) {
    fn check(e: &ast::Expr, parent: ast::Span, path: &Path) {
        assert!(
            e.span.start <= e.span.end && parent.contains(e.span),
            "{}: span {:?} of {:?} is not within its parent {:?}",
            path.display(),
            e.span,
            std::mem::discriminant(&e.kind),
            parent
        );
        let mut children = Vec::new();
        e.for_each_child(&mut |c| children.push(c));
        for c in children {
            // Heredoc text lies after the heredoc's `@(TAG)`, outside the expression's span;
            // string parts are checked against the file instead.
            let bound = if matches!(e.kind, ast::ExprKind::String(_)) {
                ast::Span::new(0, u32::MAX as usize)
            } else {
                e.span
            };
            check(c, bound, path);
        }
    }
    let whole = ast::Span::new(0, len);
    for s in &file.statements {
        check(s, whole, path);
    }
    for c in &file.comments {
        assert!(
            whole.contains(c.span),
            "{}: comment out of file",
            path.display()
        );
    }
}

/// Definitions in the AST, counted by kind.
fn count_definitions(file: &ast::File) -> (usize, usize) {
    let (mut classes, mut defines) = (0, 0);
    file.walk(&mut |e| match e.kind {
        ast::ExprKind::Class(_) => classes += 1,
        ast::ExprKind::Define(_) => defines += 1,
        _ => {}
    });
    (classes, defines)
}

/// The same, by reading lines: `class name` / `define name` first on a line, outside comments.
fn grep_definitions(text: &str) -> (usize, usize) {
    let (mut classes, mut defines) = (0, 0);
    let mut in_block_comment = false;
    for line in text.lines() {
        let t = line.trim_start();
        if in_block_comment {
            if t.contains("*/") {
                in_block_comment = false;
            }
            continue;
        }
        if t.starts_with("/*") && !t.contains("*/") {
            in_block_comment = true;
            continue;
        }
        let starts_name = |rest: &str| {
            let r = rest.trim_start();
            rest.starts_with([' ', '\t'])
                && r.starts_with(|c: char| c.is_ascii_lowercase() || c == ':' || c == '_')
        };
        if let Some(rest) = t.strip_prefix("class")
            && starts_name(rest)
        {
            classes += 1;
        } else if let Some(rest) = t.strip_prefix("define")
            && starts_name(rest)
        {
            defines += 1;
        }
    }
    (classes, defines)
}

#[test]
fn corpus_parses_without_syntax_errors_and_loses_nothing() {
    let Some(files) = corpus_files() else { return };
    assert!(
        files.len() >= 1800,
        "only {} corpus files found",
        files.len()
    );
    let mut failures = Vec::new();
    let mut count_mismatches = Vec::new();
    let (mut total_classes, mut total_defines) = (0, 0);
    for path in &files {
        let bytes = std::fs::read(path).expect("corpus file is readable");
        let text = String::from_utf8_lossy(&bytes);
        let parsed = syntax::parse(&text);
        for d in &parsed.diagnostics {
            failures.push(format!("{}: {} {}", path.display(), d.code, d.message));
        }
        check_spans(&parsed.ast, text.len(), path);
        let ast_counts = count_definitions(&parsed.ast);
        let grep_counts = grep_definitions(&text);
        if ast_counts != grep_counts {
            count_mismatches.push(format!(
                "{}: AST has {ast_counts:?} classes/defines, the lines say {grep_counts:?}",
                path.display()
            ));
        }
        total_classes += ast_counts.0;
        total_defines += ast_counts.1;
    }
    assert!(
        failures.is_empty(),
        "{} findings on the corpus:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        count_mismatches.is_empty(),
        "lowering lost or invented definitions:\n{}",
        count_mismatches.join("\n")
    );
    assert!(total_classes > 1000 && total_defines > 100);
}
