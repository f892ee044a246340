//! Reading a node's children: onto the lowerer's buffer, with their fields, by index where the
//! node's shape allows it, else with the cursor (see the module documentation of
//! [`super`]).

use std::num::NonZeroU16;
use std::ops::Range;

use tree_sitter::Node;

use super::Lowerer;
use crate::syntax::kinds::{F, K, kind_of};

/// Nodes with more children than this are read with the cursor: `named_child` walks a node's
/// direct children from the first each time (a list is a balanced tree of hidden nodes below
/// them; an ERROR node's children can be many and flat).
const NAMED_LIMIT: u32 = 64;

/// A child of a node, with its field id (0: none).
#[derive(Clone, Copy)]
pub(super) struct Child<'t> {
    pub(super) field: u16,
    pub(super) node: Node<'t>,
}

/// A node whose fields are looked up: its children in [`Lowerer::buf`] when they were read
/// (`loaded`), else each field is looked up in the tree. `named`: only the named children
/// were read, their fields told by position (see [`Lowerer::load`]); a field that holds a
/// token is then looked up in the tree.
#[derive(Clone, Copy)]
pub(super) struct Kids<'t> {
    pub(super) node: Node<'t>,
    pub(super) start: u32,
    pub(super) end: u32,
    pub(super) loaded: bool,
    pub(super) named: bool,
}

impl Kids<'_> {
    pub(super) fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

impl<'t> Lowerer<'t> {
    /// `node`, for looking up its fields one by one (cheaper than reading all children when
    /// only fields are needed).
    pub(super) fn fields(&self, node: Node<'t>) -> Kids<'t> {
        let at = self.buf.len() as u32;
        Kids {
            node,
            start: at,
            end: at,
            loaded: false,
            named: false,
        }
    }

    /// Reads the children of `node` (a node of kind `k`) onto the buffer, with their fields.
    ///
    /// Stepping a cursor visits every child, punctuation included, and each step is costly;
    /// `named_child` reaches a named child directly (it skips hidden nodes by their counts).
    /// A node without errors has the shape of its grammar rule, plus extras: there the named
    /// children are read, and each gets the field its position gives it (extras none). A node
    /// with an error or many children is read with the cursor, fields as the tree has them.
    pub(super) fn load(&mut self, node: Node<'t>, k: K) -> Kids<'t> {
        if !self.indexed
            || node.has_error()
            || node.child_count() > NAMED_LIMIT
            || self.kind(node) != k
        {
            return self.load_with(node, true);
        }
        let start = self.buf.len() as u32;
        let count = node.named_child_count() as u32;
        let mut pos = 0usize;
        for i in 0..count {
            let Some(c) = node.named_child(i) else {
                continue;
            };
            let field = if c.is_extra() {
                None
            } else {
                pos += 1;
                self.field_at(k, pos - 1, c)
            };
            self.buf.push(Child {
                field: field.map_or(0, NonZeroU16::get),
                node: c,
            });
        }
        // The body of a case option is its last child.
        if k == K::CaseOption
            && let Some(last) = self.buf[start as usize..]
                .iter_mut()
                .rev()
                .find(|c| c.field != 0)
        {
            last.field = F.body.get();
        }
        Kids {
            node,
            start,
            end: self.buf.len() as u32,
            loaded: true,
            named: true,
        }
    }

    /// The field of the `pos`-th named child (extras not counted) of an error-free node of
    /// kind `k`, by its rule in the grammar.
    pub(super) fn field_at(&self, k: K, pos: usize, child: Node<'t>) -> Option<NonZeroU16> {
        let f = &*F;
        Some(match (k, pos) {
            (K::Hash, _) => f.entry,
            (K::Access, 0) => f.object,
            (K::Access, _) => f.argument,
            (K::Selector, 0) => f.value,
            (K::Selector, _) => f.entry,
            (K::IfExpression, 0) => f.condition,
            (K::IfExpression, 1) => f.consequence,
            (K::IfExpression, _) => f.alternative,
            (K::CaseExpression, 0) => f.value,
            (K::CaseExpression, _) => f.option,
            // Every child but the last (the body, see `load`) is a matcher.
            (K::CaseOption, _) => f.matcher,
            (K::ResourceDeclaration | K::ResourceDefaults | K::Collector, 0) => f.type_,
            (K::ResourceDeclaration, _) => f.body,
            (K::ResourceBody, 0) => f.title,
            (K::ResourceOverride, 0) => f.reference,
            (K::Collector, 1) if !matches!(self.kind(child), K::Attribute | K::AttributeSplat) => {
                f.query
            }
            (K::ResourceBody | K::ResourceDefaults | K::ResourceOverride | K::Collector, _) => {
                f.attribute
            }
            _ => return None,
        })
    }

    /// Reads the named children of `node` onto the buffer (no fields): by index, or with the
    /// cursor for an ERROR node or a node with many children.
    pub(super) fn load_named(&mut self, node: Node<'t>) -> Kids<'t> {
        if !self.indexed || node.is_error() || node.child_count() > NAMED_LIMIT {
            let start = self.buf.len() as u32;
            let cursor = self.cursor.get_or_insert_with(|| node.walk());
            cursor.reset(node);
            if cursor.goto_first_child() {
                loop {
                    let c = cursor.node();
                    if c.is_named() {
                        self.buf.push(Child { field: 0, node: c });
                    }
                    if !cursor.goto_next_sibling() {
                        break;
                    }
                }
            }
            return Kids {
                node,
                start,
                end: self.buf.len() as u32,
                loaded: true,
                named: true,
            };
        }
        let start = self.buf.len() as u32;
        let count = node.named_child_count() as u32;
        for i in 0..count {
            if let Some(c) = node.named_child(i) {
                self.buf.push(Child { field: 0, node: c });
            }
        }
        Kids {
            node,
            start,
            end: self.buf.len() as u32,
            loaded: true,
            named: true,
        }
    }

    /// Reads the children of `node` onto the buffer, with their fields if `with_fields`.
    pub(super) fn load_with(&mut self, node: Node<'t>, with_fields: bool) -> Kids<'t> {
        let start = self.buf.len() as u32;
        let cursor = self.cursor.get_or_insert_with(|| node.walk());
        cursor.reset(node);
        if cursor.goto_first_child() {
            loop {
                self.buf.push(Child {
                    field: if with_fields {
                        cursor.field_id().map_or(0, NonZeroU16::get)
                    } else {
                        0
                    },
                    node: cursor.node(),
                });
                if !cursor.goto_next_sibling() {
                    break;
                }
            }
        }
        Kids {
            node,
            start,
            end: self.buf.len() as u32,
            loaded: true,
            named: false,
        }
    }

    /// The first child in field `id`.
    pub(super) fn field(&self, kids: Kids<'t>, id: NonZeroU16) -> Option<Node<'t>> {
        if !kids.loaded || (kids.named && (id == F.form || id == F.kind)) {
            return kids.node.child_by_field_id(id.get());
        }
        self.buf[kids.range()]
            .iter()
            .find(|c| c.field == id.get())
            .map(|c| c.node)
    }

    /// The `i`-th loaded child (the buffer below the current top never moves).
    pub(super) fn child(&self, i: usize) -> Child<'t> {
        self.buf[i]
    }

    pub(super) fn kind(&self, node: Node) -> K {
        kind_of(self.kinds, node)
    }
}
