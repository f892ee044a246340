//! Questions the rules ask of the syntax: which expressions hold parameters, whether a string
//! is a bare word, where the literals are, the bytes of a word, and names to try in tests.

use crate::rules::Kind;
use crate::syntax::ast::{Expr, ExprKind, File, Parameter, StringKind, StringLit};

/// Assignments, variables, then the kinds of expression [`parameters`] finds parameters in.
pub const ASSIGNMENTS_VARIABLES_AND_PARAMETERS: &[Kind] = &[
    Kind::Assignment,
    Kind::Variable,
    Kind::Class,
    Kind::Define,
    Kind::Function,
    Kind::Plan,
    Kind::Call,
    Kind::MethodCall,
];

/// Variables, then the kinds of expression [`parameters`] finds parameters in.
pub const VARIABLES_AND_PARAMETERS: &[Kind] = ASSIGNMENTS_VARIABLES_AND_PARAMETERS.split_at(1).1;

/// The kinds of expression [`parameters`] finds parameters in.
pub const WITH_PARAMETERS: &[Kind] = ASSIGNMENTS_VARIABLES_AND_PARAMETERS.split_at(2).1;

/// ASCII letters, digits and `_`: the bytes of a word (`\w`), by byte.
pub const WORD_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || c == b'_';
        b += 1;
    }
    table
};

/// The parameter list of a definition or lambda-carrying expression, if it has one.
pub fn parameters(e: &Expr) -> Option<&[Parameter]> {
    match &e.kind {
        ExprKind::Class(c) => Some(&c.params),
        ExprKind::Define(d) => Some(&d.params),
        ExprKind::Function(f) => Some(&f.params),
        ExprKind::Plan(p) => Some(&p.params),
        ExprKind::Call(c) => c.lambda.as_ref().map(|l| l.params.as_slice()),
        ExprKind::MethodCall(m) => m.lambda.as_ref().map(|l| l.params.as_slice()),
        _ => None,
    }
}

/// Is this string a bare word (`foo-bar`), written without quotes?
pub fn is_bare_word(s: &StringLit) -> bool {
    matches!(s.kind, StringKind::BareWord)
}

/// [`literal_spans`] of the file being checked, found once per file
/// ([`Context::literal_spans`](super::Context::literal_spans)).
pub struct LiteralSpans(pub Vec<crate::syntax::ast::Span>);

impl super::FileCache for LiteralSpans {
    fn compute(cx: &super::Context<'_>) -> Self {
        LiteralSpans(literal_spans_of(
            cx.index()
                .exprs_of(&[super::Kind::String, super::Kind::Regex]),
            cx.source(),
        ))
    }
}

/// The spans of text that is data rather than code, sorted and disjoint: quoted strings (with
/// their quotes and interpolations), heredoc texts together with their end lines (up to the
/// end tag), and regexes.
/// Comments are not included (they are in [`File::comments`]).
pub fn literal_spans(file: &File, source: &str) -> Vec<crate::syntax::ast::Span> {
    let mut exprs = Vec::new();
    file.walk(&mut |e| exprs.push(e));
    literal_spans_of(exprs.into_iter(), source)
}

/// [`literal_spans`] of the given expressions (every expression of a file, in any order).
pub fn literal_spans_of<'a>(
    exprs: impl Iterator<Item = &'a Expr>,
    source: &str,
) -> Vec<crate::syntax::ast::Span> {
    use crate::syntax::ast::Span;
    let mut spans = Vec::new();
    exprs.for_each(|e| match &e.kind {
        ExprKind::String(s) => match &s.kind {
            StringKind::Heredoc(h) if !h.body_span.is_empty() => {
                // The end line belongs to the heredoc up to its tag: blanks after the tag
                // are outside it.
                let end_line = (h.body_span.end as usize).min(source.len());
                let end = source[end_line..]
                    .find('\n')
                    .map_or(source.len(), |i| end_line + i);
                let end = end_line + source[end_line..end].trim_end().len();
                spans.push(Span::new(h.body_span.start as usize, end));
            }
            StringKind::SingleQuoted | StringKind::DoubleQuoted => spans.push(e.span),
            _ => {}
        },
        ExprKind::Regex(_) => spans.push(e.span),
        _ => {}
    });
    spans.sort_unstable_by_key(|s| (s.start, std::cmp::Reverse(s.end)));
    let mut merged: Vec<Span> = Vec::with_capacity(spans.len());
    for s in spans {
        match merged.last_mut() {
            Some(last) if s.start < last.end => last.end = last.end.max(s.end),
            _ => merged.push(s),
        }
    }
    merged
}

/// Whether `name` contains `::` (a qualified name): `str::contains` with a `&str` pattern
/// prepares a substring search, which costs more than looking at the few bytes of a name.
pub fn has_double_colon(name: &str) -> bool {
    name.as_bytes().windows(2).any(|w| w == b"::")
}

/// Every name of at most `len` pieces of `alphabet`, the empty one first: for tests that try
/// all short names.
#[cfg(test)]
pub fn names_up_to(alphabet: &[&str], len: usize) -> Vec<String> {
    let mut all = vec![String::new()];
    let mut last = all.clone();
    for _ in 0..len {
        last = last
            .iter()
            .flat_map(|n| alphabet.iter().map(move |c| format!("{n}{c}")))
            .collect();
        all.extend(last.iter().cloned());
    }
    all
}

/// Whether `offset` lies inside one of `spans` (sorted and disjoint, ends exclusive).
pub fn in_spans(spans: &[crate::syntax::ast::Span], offset: usize) -> bool {
    let i = spans.partition_point(|s| (s.start as usize) <= offset);
    i > 0 && offset < spans[i - 1].end as usize
}

#[cfg(test)]
mod kind_tests {
    use super::*;

    #[test]
    fn double_colons() {
        for name in [
            "", ":", "a", "a:b", "::", "a::b", "::a", "a::", "a:::b", ": :",
        ] {
            assert_eq!(has_double_colon(name), name.contains("::"), "{name:?}");
        }
    }

    /// Every expression with a parameter list is of a kind in [`WITH_PARAMETERS`].
    #[test]
    fn with_parameters_covers_parameter_lists() {
        crate::rules::expressions::assert_kinds_cover(WITH_PARAMETERS, &|e| {
            parameters(e).is_some()
        });
    }
}
