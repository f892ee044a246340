//! How a file reads facts (`$::name`, `$facts['name']`), shared by the facts rules (P421,
//! P422): the reads, the unbraced interpolations, and the replacement texts.

use crate::defs::facts::{Legacy, legacy};
use crate::syntax::ast::{Expr, ExprKind, Span, StringPart};

/// How a fact is read.
#[derive(Debug)]
pub struct FactRead {
    pub name: String,
    /// The whole expression (`$::osfamily`, `$facts['osfamily']`).
    pub span: Span,
    /// Read as a top-scope variable (`$::name`), not from `$facts`.
    pub top_scope: bool,
}

/// The kinds of expression [`fact_read`] reads facts in.
pub const READ_KINDS: &[crate::rules::Kind] =
    &[crate::rules::Kind::Variable, crate::rules::Kind::Access];

/// `$::name` (not further qualified), or `$facts['name']` / `$::facts['name']`.
pub fn fact_read(e: &Expr) -> Option<FactRead> {
    match &e.kind {
        ExprKind::Variable(v) => {
            let name = v.strip_prefix("::")?;
            (!crate::rules::queries::has_double_colon(name) && !name.is_empty()).then(|| FactRead {
                name: name.to_string(),
                span: e.span,
                top_scope: true,
            })
        }
        ExprKind::Access { target, args } => {
            let ExprKind::Variable(v) = &target.kind else {
                return None;
            };
            if v != "facts" && v != "::facts" {
                return None;
            }
            let [key] = args.as_slice() else {
                return None;
            };
            let ExprKind::String(s) = &key.kind else {
                return None;
            };
            Some(FactRead {
                name: s.literal_value()?,
                span: e.span,
                top_scope: false,
            })
        }
        _ => None,
    }
}

/// A fact read of the file, with the legacy fact it names, if any.
#[derive(Debug)]
pub struct Read {
    pub read: FactRead,
    pub legacy: Option<Legacy>,
}

/// Every fact read of the file being checked ([`fact_read`] over [`READ_KINDS`], in
/// pre-order), each looked up in the legacy facts: found once per file for P421 and P422.
pub fn reads_of<'a>(cx: &crate::rules::Context<'a>) -> &'a [Read] {
    &cx.cache::<Reads>().0
}

/// [`reads_of`] the file being checked.
struct Reads(Vec<Read>);

impl crate::rules::FileCache for Reads {
    fn compute(cx: &crate::rules::Context<'_>) -> Self {
        Reads(
            cx.index()
                .exprs_of(READ_KINDS)
                .filter_map(fact_read)
                .map(|read| {
                    let legacy = legacy(&read.name);
                    Read { read, legacy }
                })
                .collect(),
        )
    }
}

/// [`unbraced_interpolations`] of the file being checked, found once per file.
pub fn unbraced_of<'a>(cx: &crate::rules::Context<'a>) -> &'a [Span] {
    &cx.cache::<Unbraced>().0
}

/// [`unbraced_of`] the file being checked.
struct Unbraced(Vec<Span>);

impl crate::rules::FileCache for Unbraced {
    fn compute(cx: &crate::rules::Context<'_>) -> Self {
        Unbraced(unbraced_interpolations(cx.index()))
    }
}

/// The spans of unbraced interpolations (`"$x"`), which need braces once the variable
/// becomes an access; sorted.
pub fn unbraced_interpolations(index: &crate::rules::Expressions<'_>) -> Vec<Span> {
    let mut out = Vec::new();
    for e in index.exprs_of(&[crate::rules::Kind::String]) {
        if let ExprKind::String(s) = &e.kind {
            for p in &s.parts {
                if let StringPart::Interpolation {
                    braced: false,
                    span,
                    ..
                } = p
                {
                    out.push(*span);
                }
            }
        }
    }
    out.sort();
    out
}

/// The `$facts` access of a fact read as a top-scope variable, `['name']`, in pieces (for
/// [`replacement_in_pieces`] and messages, without making it).
pub fn top_scope_access(name: &str) -> [&str; 3] {
    ["['", name, "']"]
}

/// The text that replaces the read at `span` (whose source text is `text`) by
/// `$facts<access>`, keeping it valid where it stands.
pub fn replacement(text: &str, span: Span, unbraced: &[Span], access: &str) -> String {
    replacement_in_pieces(text, span, unbraced, &[access])
}

/// [`replacement`] of an access given in pieces, joined as they are.
pub fn replacement_in_pieces(text: &str, span: Span, unbraced: &[Span], access: &[&str]) -> String {
    let (before, after) = if unbraced.binary_search(&span).is_ok() {
        ("${facts", "}")
    } else if text.starts_with('$') {
        ("$facts", "")
    } else {
        ("facts", "")
    };
    let len = before.len() + access.iter().map(|p| p.len()).sum::<usize>() + after.len();
    let mut out = String::with_capacity(len);
    out.push_str(before);
    access.iter().for_each(|p| out.push_str(p));
    out.push_str(after);
    out
}

#[cfg(test)]
mod kind_tests {
    use super::*;

    /// Every fact read is of a kind in [`READ_KINDS`].
    #[test]
    fn read_kinds_cover_fact_reads() {
        crate::rules::expressions::assert_kinds_cover(READ_KINDS, &|e| fact_read(e).is_some());
    }
}
