//! Lowering lists: call arguments, array and hash entries, resource attributes, parameters and
//! lambdas.

use std::num::NonZeroU16;

use tree_sitter::Node;

use super::Lowerer;
use super::children::{Child, Kids};
use crate::syntax::ast::*;
use crate::syntax::kinds::{F, K};

impl<'t> Lowerer<'t> {
    /// Loaded children as a list of expressions (those of one field, or with `None` all the
    /// named children of [`Self::load_named`]), with
    /// consecutive `key => value` pairs folded into one unbraced hash, as Puppet does.
    /// The expressions of a call's argument list, if it has one.
    pub(super) fn arguments(&mut self, args: Option<Node<'t>>) -> Vec<Expr> {
        match args {
            Some(a) => {
                let kids = self.load_named(a);
                self.list(kids, None)
            }
            None => Vec::new(),
        }
    }

    pub(super) fn list(&mut self, kids: Kids<'t>, field_id: Option<NonZeroU16>) -> Vec<Expr> {
        let mut out: Vec<Expr> = Vec::with_capacity(kids.range().len());
        for i in kids.range() {
            let Child { field, node: c } = self.child(i);
            if let Some(id) = field_id
                && field != id.get()
            {
                continue;
            }
            if c.is_extra() || c.is_missing() {
                continue;
            }
            if self.kind(c) == K::Pair && !c.is_error() {
                let pair = self.pair(c);
                if let Some(Expr {
                    kind: ExprKind::Hash(h),
                    span,
                }) = out.last_mut()
                    && !h.braced
                {
                    *span = span.cover(pair.span);
                    h.entries.push(pair);
                    continue;
                }
                let span = pair.span;
                out.push(Expr::new(
                    ExprKind::Hash(Hash {
                        entries: vec![pair],
                        braced: false,
                    }),
                    span,
                ));
                continue;
            }
            out.push(self.expr(c));
        }
        out
    }

    pub(super) fn pair(&mut self, node: Node<'t>) -> Pair {
        if let Some((key, value)) = self.two_named(node) {
            return Pair {
                key: self.expr(key),
                value: self.expr(value),
                span: Self::span(node),
            };
        }
        let mark = self.buf.len();
        let kids = self.fields(node);
        let pair = Pair {
            key: self.opt_expr(self.field(kids, F.key), node),
            value: self.opt_expr(self.field(kids, F.value), node),
            span: Self::span(node),
        };
        self.buf.truncate(mark);
        pair
    }

    pub(super) fn pairs(&mut self, kids: Kids<'t>, field_id: NonZeroU16) -> Vec<Pair> {
        let mut out = Vec::with_capacity(kids.range().len());
        for i in kids.range() {
            let c = self.child(i);
            if c.field == field_id.get() {
                out.push(self.pair(c.node));
            }
        }
        out
    }

    pub(super) fn attributes(&mut self, kids: Kids<'t>) -> Vec<Attribute> {
        let mut out = Vec::with_capacity(kids.range().len());
        for i in kids.range() {
            let c = self.child(i);
            if c.field != F.attribute.get() {
                continue;
            }
            let a = c.node;
            if a.is_missing() || a.is_error() {
                continue;
            }
            let span = Self::span(a);
            let kind = self.kind(a);
            if kind == K::Attribute
                && let Some((name_node, value)) = self.two_named(a)
            {
                let op = match self.between(name_node, value).0 {
                    "+>" => AttributeOp::Append,
                    _ => AttributeOp::Set,
                };
                let name = self.ident(name_node);
                self.check_attribute_name(&name, name_node);
                out.push(Attribute {
                    name,
                    op,
                    value: self.expr(value),
                    span,
                });
                continue;
            }
            let mark = self.buf.len();
            let ak = self.fields(a);
            if kind == K::AttributeSplat {
                out.push(Attribute {
                    name: Ident {
                        name: "*".to_string(),
                        span: Span::new(a.start_byte(), a.start_byte() + 1),
                    },
                    op: AttributeOp::Splat,
                    value: self.opt_expr(self.field(ak, F.value), a),
                    span,
                });
                self.buf.truncate(mark);
                continue;
            }
            let op = match self.field(ak, F.operator).map(|o| self.text(o)) {
                Some("+>") => AttributeOp::Append,
                _ => AttributeOp::Set,
            };
            let name_node = self.field(ak, F.name);
            let name = self.opt_ident(name_node, a);
            if let Some(n) = name_node {
                self.check_attribute_name(&name, n);
            }
            out.push(Attribute {
                name,
                op,
                value: self.opt_expr(self.field(ak, F.value), a),
                span,
            });
            self.buf.truncate(mark);
        }
        out
    }

    /// Reports an attribute name Puppet rejects.
    pub(super) fn check_attribute_name(&mut self, name: &Ident, node: Node) {
        if name.name.contains('-')
            || name.name.starts_with('_')
            || matches!(name.name.as_str(), "true" | "false")
        {
            self.syntax_error(
                node,
                format!("`{}` is not a valid attribute name", name.name),
                "not a name",
                "attribute names are lower-case words: letters, digits and `_`",
            );
        }
    }

    pub(super) fn parameters(&mut self, list: Option<Node<'t>>) -> Vec<Parameter> {
        let Some(list) = list else {
            return Vec::new();
        };
        let mark = self.buf.len();
        let kids = self.load_named(list);
        let mut out = Vec::with_capacity(kids.range().len());
        for i in kids.range() {
            let p = self.child(i).node;
            if self.kind(p) != K::Parameter {
                continue;
            }
            if let Some(param) = self.parameter(p) {
                out.push(param);
                continue;
            }
            let pk = self.fields(p);
            let name = match self.field(pk, F.name) {
                Some(v) if !v.is_missing() => {
                    let t = self.text(v);
                    Ident {
                        name: t.strip_prefix('$').unwrap_or(t).to_string(),
                        span: Self::span(v),
                    }
                }
                _ => Ident {
                    name: String::new(),
                    span: Self::span(p),
                },
            };
            out.push(Parameter {
                name,
                type_expr: self.field(pk, F.type_).map(|t| self.expr(t)),
                default: self.field(pk, F.default).map(|d| self.expr(d)),
                captures_rest: self.field(pk, F.captures_rest).is_some(),
                span: Self::span(p),
            });
        }
        self.buf.truncate(mark);
        out
    }

    /// A parameter without errors or extras, its children read by index: `[type] [*]
    /// $name [= default]`, where only the name is a variable.
    pub(super) fn parameter(&mut self, p: Node<'t>) -> Option<Parameter> {
        if !self.indexed || p.has_error() {
            return None;
        }
        let n = p.named_child_count();
        let mut kids = [None; 3];
        for (i, slot) in kids.iter_mut().enumerate().take(n) {
            let c = p.named_child(i as u32)?;
            if c.is_extra() {
                return None;
            }
            *slot = Some(c);
        }
        let (type_node, name_node, default_node) = match kids {
            [Some(a), None, None] => (None, a, None),
            [Some(a), Some(b), None] if self.kind(a) == K::Variable => (None, a, Some(b)),
            [Some(a), Some(b), None] => (Some(a), b, None),
            [Some(a), Some(b), Some(c)] if n == 3 => (Some(a), b, Some(c)),
            _ => return None,
        };
        if self.kind(name_node) != K::Variable {
            return None;
        }
        // The tokens: `*` if the rest is captured, `=` before a default.
        let tokens = (p.child_count() as usize).saturating_sub(n);
        let t = self.text(name_node);
        let name = Ident {
            name: t.strip_prefix('$').unwrap_or(t).to_string(),
            span: Self::span(name_node),
        };
        Some(Parameter {
            name,
            type_expr: type_node.map(|t| self.expr(t)),
            default: default_node.map(|d| self.expr(d)),
            captures_rest: tokens == 1 + usize::from(default_node.is_some()),
            span: Self::span(p),
        })
    }

    pub(super) fn lambda(&mut self, node: Node<'t>) -> Lambda {
        let mark = self.buf.len();
        let kids = self.fields(node);
        let lambda = Lambda {
            params: self.parameters(self.field(kids, F.parameters)),
            return_type: self.field(kids, F.return_type).map(|r| self.expr(r)),
            body: self.block(self.field(kids, F.body)),
            span: Self::span(node),
        };
        self.buf.truncate(mark);
        lambda
    }
}
