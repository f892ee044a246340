//! What the plugin rules read of a file: references, definitions and their inheritance, option
//! values, token spacing.

use crate::rules::{Expressions, Kind};
use crate::syntax::ast::{Expr, ExprKind, File, Span};

/// The metaparameters whose values are resource references.
const REFERENCE_METAPARAMS: &[&str] = &[
    "require",
    "subscribe",
    "notify",
    "before",
    "consume",
    "export",
];

/// Calls `f` on every resource reference (`Type[titles]`) given to a relationship
/// metaparameter (`require => File['x']`, also in arrays) or used as an operand of a
/// relationship arrow (`File['x'] -> Service['y']`): the reference's type and its titles.
pub fn for_each_reference<'a>(index: &Expressions<'a>, f: &mut dyn FnMut(&'a str, &'a [Expr])) {
    fn visit<'a>(e: &'a Expr, f: &mut dyn FnMut(&'a str, &'a [Expr])) {
        match &e.kind {
            ExprKind::Array(items) => items.iter().for_each(|i| visit(i, f)),
            ExprKind::Access { target, args } => {
                if let ExprKind::TypeRef(t) = &target.kind {
                    f(t, args);
                }
            }
            _ => {}
        }
    }
    let kinds = [
        Kind::Resource,
        Kind::ResourceDefaults,
        Kind::ResourceOverride,
        Kind::Relationship,
    ];
    for e in index.exprs_of(&kinds) {
        let attributes = match &e.kind {
            ExprKind::Resource(r) => r.bodies.iter().flat_map(|b| &b.attributes).collect(),
            ExprKind::ResourceDefaults(d) => d.attributes.iter().collect(),
            ExprKind::ResourceOverride(o) => o.attributes.iter().collect(),
            ExprKind::Relationship { left, right, .. } => {
                visit(left, f);
                visit(right, f);
                Vec::new()
            }
            _ => Vec::new(),
        };
        for a in attributes {
            if REFERENCE_METAPARAMS.contains(&a.name.name.as_str()) {
                visit(&a.value, f);
            }
        }
    }
}

use crate::types::CORE_TYPE_NAMES as CORE_TYPES;

/// Is this `case` or selector option an unquoted word? `Some(true)` when quoting it keeps
/// its meaning (a lower-case word is already a string), `Some(false)` for a capitalized word
/// that is not a built-in type: a type reference, which cannot match a string.
pub fn unquoted_option(e: &Expr) -> Option<bool> {
    match &e.kind {
        ExprKind::Name(_) => Some(true),
        ExprKind::String(s) if crate::rules::queries::is_bare_word(s) => Some(true),
        ExprKind::TypeRef(t)
            if !crate::rules::queries::has_double_colon(t) && !CORE_TYPES.contains(&t.as_str()) =>
        {
            Some(false)
        }
        _ => None,
    }
}

/// Is the token at `i` the indentation of a line (spaces right after a line break)?
pub fn is_indent(toks: &[super::tokens::Token], i: usize) -> bool {
    use super::tokens::Kind;
    toks[i].kind == Kind::Space && i > 0 && toks[i - 1].kind == Kind::Newline
}

/// Is the token exactly one space?
pub fn is_single_space(toks: &[super::tokens::Token], i: usize, source: &str) -> bool {
    toks[i].kind == super::tokens::Kind::Space && &source[toks[i].start..toks[i].end] == " "
}

/// Puppet's built-in type names, for telling a data type (`Array [`) from a resource
/// reference (`File [`).
pub fn is_core_type(word: &str) -> bool {
    CORE_TYPES.contains(&word)
}

/// A class or defined type: its keyword's span, its name's span, and where the token after
/// the name starts (the `(` or `{`; `None` when `inherits` follows).
pub struct Definition {
    pub keyword: Span,
    pub name: Span,
    pub after_name: Option<usize>,
}

/// The classes and defined types of the file, for the spacing around their names.
pub fn definitions(file: &File, source: &str) -> Vec<Definition> {
    let mut out = Vec::new();
    file.walk(&mut |e| {
        let (keyword, name) = match &e.kind {
            ExprKind::Class(c) => ("class", &c.name),
            ExprKind::Define(d) => ("define", &d.name),
            _ => return,
        };
        let start = e.span.start as usize;
        if source.get(start..start + keyword.len()) != Some(keyword) {
            return;
        }
        let rest = &source[name.span.end as usize..];
        let next = rest
            .find(|c: char| !c.is_whitespace())
            .map(|i| name.span.end as usize + i);
        let after_name = next.filter(|&n| matches!(source.as_bytes()[n], b'(' | b'{'));
        out.push(Definition {
            keyword: Span::new(start, start + keyword.len()),
            name: name.span,
            after_name,
        });
    });
    out
}

/// For each class that inherits: the span of `inherits`, of the parent's name, and where
/// the `{` after it starts.
pub fn inherits(file: &File, source: &str) -> Vec<(Span, Span, usize)> {
    let mut out = Vec::new();
    file.walk(&mut |e| {
        let ExprKind::Class(c) = &e.kind else {
            return;
        };
        let Some(parent) = &c.parent else {
            return;
        };
        let before = &source[..parent.span.start as usize];
        let keyword_end = before.trim_end().len();
        if !before[..keyword_end].ends_with("inherits") {
            return;
        }
        let keyword = Span::new(keyword_end - "inherits".len(), keyword_end);
        out.push((keyword, parent.span, c.body.span.start as usize));
    });
    out
}
