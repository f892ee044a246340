//! The lines of a file as this family's lexical checks read them: blanks, line length, heredoc
//! spans.

use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, queries};
use crate::syntax::ast::{ExprKind, Span, StringKind};

/// Is `c` horizontal whitespace (a space, a tab or another blank that is not a line break)?
pub fn is_blank(c: char) -> bool {
    c.is_whitespace() && c != '\n' && c != '\r'
}

/// Reports every line longer than `max` characters, except lines that hold a URL (`://`) or
/// a `template(` call, which cannot be split without hurting readability, and lines of
/// heredoc text, which cannot be split without changing the text.
pub fn check_line_length(cx: &mut Context<'_>, max: usize) {
    let heredocs = heredoc_spans(cx);
    let mut found = Vec::new();
    let src = cx.source();
    // Most lines are short: their lengths come from the line table, without their text.
    for range in cx.line_ranges() {
        if range.len() <= max {
            // Its text without the line break is no longer.
            continue;
        }
        let (start, line) = (range.start, &src[range]);
        let body = line.trim_end_matches(['\n', '\r']);
        if body.len() <= max || body.contains("://") || body.contains("template(") {
            continue;
        }
        let Some((cut, _)) = body.char_indices().nth(max) else {
            continue;
        };
        if queries::in_spans(&heredocs, start) {
            continue;
        }
        found.push((start + cut..start + body.len(), body.chars().count()));
    }
    for (span, length) in found {
        cx.report(
            span,
            format!("line is {length} characters long, more than {max}"),
        )
        .label(format!("beyond {max} characters"))
        .help("split the line, e.g. one attribute, argument or array element per line");
    }
}

/// The spans of heredoc texts (with their end lines), sorted.
pub fn heredoc_spans(cx: &Context<'_>) -> Vec<Span> {
    cx.cache::<HeredocSpans>().0.clone()
}

/// [`heredoc_spans`] of the file being checked, found once per file.
struct HeredocSpans(Vec<Span>);

impl crate::rules::FileCache for HeredocSpans {
    fn compute(cx: &Context<'_>) -> Self {
        HeredocSpans(find_heredoc_spans(cx))
    }
}

fn find_heredoc_spans(cx: &Context<'_>) -> Vec<Span> {
    let src = cx.source();
    let mut spans = Vec::new();
    cx.index().exprs_of(&[Kind::String]).for_each(|e| {
        if let ExprKind::String(s) = &e.kind
            && let StringKind::Heredoc(h) = &s.kind
            && !h.body_span.is_empty()
        {
            let end_line = (h.body_span.end as usize).min(src.len());
            let end = src[end_line..]
                .find('\n')
                .map_or(src.len(), |i| end_line + i);
            spans.push(Span::new(h.body_span.start as usize, end));
        }
    });
    spans.sort_unstable();
    spans
}
