//! The `=>` arrows of a file, grouped as the style guide aligns them: the attributes of one
//! resource body (or of resource defaults, an override or a collector), the entries of one
//! hash, the cases of one selector.

use crate::rules::{FileIndex, Kind};
use crate::syntax::ast::{Attribute, AttributeOp, ExprKind, Span};

/// One `key => value` arrow.
#[derive(Debug, Clone, Copy)]
pub struct Arrow {
    /// The key: an attribute name, a hash key, a selector case.
    pub key: Span,
    /// The offset of the `=>`.
    pub at: usize,
}

/// Arrows that belong together.
#[derive(Debug, Clone)]
pub struct Group {
    /// What holds them: a resource body, a hash, a selector.
    pub span: Span,
    /// What the group is, for messages: `resource body`, `hash`, `selector`, ...
    pub kind: &'static str,
    /// Inside a resource declaration (`type { 'title': ... }`): its attributes, and the
    /// hashes and selectors in their values.
    pub in_resource: bool,
    pub arrows: Vec<Arrow>,
}

/// The kind of the group of a resource body's attributes.
pub const RESOURCE_BODY: &str = "resource body";

/// [`groups`] of the file being checked, found once per file.
pub fn groups_of<'a>(cx: &crate::rules::Context<'a>) -> &'a [Group] {
    let index: &'a crate::rules::FileIndex<'a> = cx.index();
    index
        .arrow_groups
        .get_or_init(|| groups(cx.index(), cx.source()))
}

/// Every group of arrows of the file, outer groups before the groups nested in them.
pub fn groups(index: &FileIndex<'_>, src: &str) -> Vec<Group> {
    let mut out = Vec::new();
    let attrs = |span: Span, attributes: &[Attribute], kind: &'static str| Group {
        span,
        kind,
        in_resource: kind == RESOURCE_BODY,
        arrows: attributes
            .iter()
            .filter(|a| a.op != AttributeOp::Append)
            .filter_map(|a| arrow(src, a.name.span, a.value.span))
            .collect(),
    };
    let kinds = [
        Kind::Resource,
        Kind::ResourceDefaults,
        Kind::ResourceOverride,
        Kind::Collector,
        Kind::Hash,
        Kind::Selector,
    ];
    let in_resource = |i: usize| {
        index
            .ancestors(i)
            .any(|a| matches!(a.kind, ExprKind::Resource(_)))
    };
    index.of(&kinds).for_each(|(i, e)| match &e.kind {
        ExprKind::Resource(r) => {
            for b in &r.bodies {
                out.push(attrs(b.span, &b.attributes, RESOURCE_BODY));
            }
        }
        ExprKind::ResourceDefaults(d) => {
            out.push(attrs(e.span, &d.attributes, "resource defaults"))
        }
        ExprKind::ResourceOverride(o) => {
            out.push(attrs(e.span, &o.attributes, "resource override"))
        }
        ExprKind::Collector(c) => out.push(attrs(e.span, &c.attributes, "collector")),
        ExprKind::Hash(h) => out.push(Group {
            span: e.span,
            kind: "hash",
            in_resource: in_resource(i),
            arrows: h
                .entries
                .iter()
                .filter_map(|p| arrow(src, p.key.span, p.value.span))
                .collect(),
        }),
        ExprKind::Selector { entries, .. } => out.push(Group {
            span: e.span,
            kind: "selector",
            in_resource: in_resource(i),
            arrows: entries
                .iter()
                .filter_map(|c| arrow(src, c.matcher.span, c.value.span))
                .collect(),
        }),
        _ => {}
    });
    out.retain(|g| !g.arrows.is_empty());
    out
}

/// The `=>` between a key and its value, skipping blanks, line breaks and comments.
fn arrow(src: &str, key: Span, value: Span) -> Option<Arrow> {
    let (mut i, end) = (key.end as usize, value.start as usize);
    let bytes = src.as_bytes();
    while i + 1 < end {
        match bytes[i] {
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b'#' => i += src[i..end].find('\n')?,
            b'/' if bytes[i + 1] == b'*' => i += src[i..end].find("*/")? + 2,
            b'=' if bytes[i + 1] == b'>' => return Some(Arrow { key, at: i }),
            _ => return None,
        }
    }
    None
}
