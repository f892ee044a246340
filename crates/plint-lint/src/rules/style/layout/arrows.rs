//! The `=>` arrows of a file, grouped as the style guide aligns them: the attributes of one
//! resource body (or of resource defaults, an override or a collector), the entries of one
//! hash, the cases of one selector.

use crate::rules::{Expressions, Kind};
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
    /// Where its arrows are in [`Groups::arrows`] (never empty).
    arrows: std::ops::Range<usize>,
}

/// The groups of arrows of a file, their arrows in one list (one allocation, not one per
/// group).
#[derive(Debug, Clone, Default)]
pub struct Groups {
    /// Outer groups before the groups nested in them.
    pub groups: Vec<Group>,
    /// The arrows of every group, group after group.
    pub arrows: Vec<Arrow>,
}

impl Groups {
    /// The arrows of `group`, one of [`Groups::groups`], in order.
    pub fn arrows_of(&self, group: &Group) -> &[Arrow] {
        &self.arrows[group.arrows.clone()]
    }
}

/// The kind of the group of a resource body's attributes.
pub const RESOURCE_BODY: &str = "resource body";

/// [`groups`] of the file being checked, found once per file.
pub fn groups_of<'a>(cx: &crate::rules::Context<'a>) -> &'a Groups {
    cx.cache::<Groups>()
}

impl crate::rules::FileCache for Groups {
    fn compute(cx: &crate::rules::Context<'_>) -> Self {
        groups(cx.index(), cx.source())
    }
}

/// Every group of arrows of the file, outer groups before the groups nested in them.
pub fn groups(index: &Expressions<'_>, src: &str) -> Groups {
    let mut out = Groups::default();
    // Adds a group of the arrows `found` gives, unless it has none.
    let mut push = |span: Span,
                    kind: &'static str,
                    in_resource: bool,
                    found: &mut dyn Iterator<Item = Arrow>| {
        let start = out.arrows.len();
        out.arrows.extend(found);
        if out.arrows.len() > start {
            out.groups.push(Group {
                span,
                kind,
                in_resource,
                arrows: start..out.arrows.len(),
            });
        }
    };
    fn attributes<'x>(src: &'x str, all: &'x [Attribute]) -> impl Iterator<Item = Arrow> + 'x {
        all.iter()
            .filter(|a| a.op != AttributeOp::Append)
            .filter_map(|a| arrow(src, a.name.span, a.value.span))
    }
    let attrs = |all| attributes(src, all);
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
    for (i, e) in index.of(&kinds) {
        match &e.kind {
            ExprKind::Resource(r) => {
                for b in &r.bodies {
                    push(b.span, RESOURCE_BODY, true, &mut attrs(&b.attributes));
                }
            }
            ExprKind::ResourceDefaults(d) => push(
                e.span,
                "resource defaults",
                false,
                &mut attrs(&d.attributes),
            ),
            ExprKind::ResourceOverride(o) => push(
                e.span,
                "resource override",
                false,
                &mut attrs(&o.attributes),
            ),
            ExprKind::Collector(c) => push(e.span, "collector", false, &mut attrs(&c.attributes)),
            ExprKind::Hash(h) => push(
                e.span,
                "hash",
                in_resource(i),
                &mut h
                    .entries
                    .iter()
                    .filter_map(|p| arrow(src, p.key.span, p.value.span)),
            ),
            ExprKind::Selector { entries, .. } => push(
                e.span,
                "selector",
                in_resource(i),
                &mut entries
                    .iter()
                    .filter_map(|c| arrow(src, c.matcher.span, c.value.span)),
            ),
            _ => {}
        }
    }
    out
}

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
