//! Fuzz target: parse + lowering of one manifest.
//!
//! Any bytes are decoded lossily (as plint does for a file that is not UTF-8), parsed and
//! lowered. Besides "no panic, no hang, no OOM" (libFuzzer's `-timeout` and `-rss_limit_mb`),
//! it checks that every span plint hands to later stages is a valid range of the text: the
//! file's, every comment's, every diagnostic's and its labels', and every expression's (with the
//! spans inside string literals and heredocs).
#![no_main]

use libfuzzer_sys::fuzz_target;
use plint::syntax::ast::{ExprKind, Span, StringKind, StringPart};

fn check(text: &str, what: &str, start: usize, end: usize) {
    assert!(
        start <= end && end <= text.len(),
        "{what} span {start}..{end} is not within the text (length {})",
        text.len()
    );
    assert!(
        text.is_char_boundary(start) && text.is_char_boundary(end),
        "{what} span {start}..{end} does not fall on character boundaries"
    );
}

fn check_span(text: &str, what: &str, span: Span) {
    check(text, what, span.start as usize, span.end as usize);
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text: &str = &text;
    let parsed = plint::syntax::parse(text);

    for d in &parsed.diagnostics {
        check(text, "diagnostic", d.span.start, d.span.end);
        for l in &d.labels {
            check(text, "diagnostic label", l.span.start, l.span.end);
        }
    }

    let file = &parsed.ast;
    check_span(text, "file", file.span);
    for c in &file.comments {
        check_span(text, "comment", c.span);
    }
    file.walk(&mut |e| {
        check_span(text, "expression", e.span);
        if let ExprKind::String(s) = &e.kind {
            for p in &s.parts {
                match p {
                    StringPart::Text { span, .. } => check_span(text, "string text", *span),
                    StringPart::Interpolation { span, .. } => {
                        check_span(text, "interpolation", *span)
                    }
                }
            }
            if let StringKind::Heredoc(h) = &s.kind {
                check_span(text, "heredoc body", h.body_span);
            }
        }
    });
});
