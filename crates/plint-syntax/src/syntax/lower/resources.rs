//! Lowering the resource expressions: declarations, defaults, overrides and collectors.

use tree_sitter::Node;

use super::Lowerer;
use crate::syntax::ast::*;
use crate::syntax::kinds::{F, K};

impl<'t> Lowerer<'t> {
    /// `type { title: attributes; ... }`, virtual (`@`) or exported (`@@`).
    pub(super) fn resource(&mut self, node: Node<'t>, span: Span) -> ExprKind {
        let kids = self.load(node, K::ResourceDeclaration);
        let form = match self.field(kids, F.form).map(|f| self.text(f)) {
            Some("@") => ResourceForm::Virtual,
            Some("@@") => ResourceForm::Exported,
            _ => ResourceForm::Regular,
        };
        let type_node = self.field(kids, F.type_);
        let type_name = match type_node {
            Some(t) => self.ident(t),
            None => Ident {
                name: String::new(),
                span,
            },
        };
        let type_expr = type_node
            .filter(|t| self.kind(*t) != K::Name)
            .map(|t| Box::new(self.expr(t)));
        let mut bodies = Vec::with_capacity(kids.range().len());
        for i in kids.range() {
            let c = self.child(i);
            if c.field != F.body.get() {
                continue;
            }
            let b = c.node;
            let bk = self.load(b, K::ResourceBody);
            bodies.push(ResourceBody {
                title: self.opt_expr(self.field(bk, F.title), b),
                attributes: self.attributes(bk),
                span: Self::span(b),
            });
        }
        ExprKind::Resource(Box::new(Resource {
            form,
            type_name,
            type_expr,
            bodies,
        }))
    }

    /// `Type { attributes }`.
    pub(super) fn resource_defaults(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.load(node, K::ResourceDefaults);
        ExprKind::ResourceDefaults(Box::new(ResourceDefaults {
            type_ref: self.opt_ident(self.field(kids, F.type_), node),
            attributes: self.attributes(kids),
        }))
    }

    /// `Type[title] { attributes }`.
    pub(super) fn resource_override(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.load(node, K::ResourceOverride);
        ExprKind::ResourceOverride(Box::new(ResourceOverride {
            target: self.opt_expr(self.field(kids, F.reference), node),
            attributes: self.attributes(kids),
        }))
    }

    /// `Type <| query |>` and the exported `<<| |>>`, with their attributes.
    pub(super) fn collector(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.load(node, K::Collector);
        ExprKind::Collector(Box::new(Collector {
            type_ref: self.opt_ident(self.field(kids, F.type_), node),
            exported: self
                .field(kids, F.kind)
                .is_some_and(|k| self.text(k) == "<<|"),
            query: self.field(kids, F.query).map(|q| self.expr(q)),
            attributes: self.attributes(kids),
        }))
    }
}
