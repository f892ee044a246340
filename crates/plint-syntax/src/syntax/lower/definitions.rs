//! Lowering the definitions: classes, defines, plans, functions, nodes, type aliases and type
//! definitions.

use tree_sitter::Node;

use super::Lowerer;
use crate::syntax::ast::*;
use crate::syntax::kinds::F;

impl<'t> Lowerer<'t> {
    /// `class name(params) inherits parent { body }`.
    pub(super) fn class_definition(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.fields(node);
        let parent = self.field(kids, F.parent).map(|p| self.ident(p));
        ExprKind::Class(Box::new(ClassDef {
            name: self.opt_ident(self.field(kids, F.name), node),
            params: self.parameters(self.field(kids, F.parameters)),
            parent,
            body: self.block(self.field(kids, F.body)),
        }))
    }

    /// `define name(params) { body }`.
    pub(super) fn define_definition(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.fields(node);
        ExprKind::Define(Box::new(DefineDef {
            name: self.opt_ident(self.field(kids, F.name), node),
            params: self.parameters(self.field(kids, F.parameters)),
            body: self.block(self.field(kids, F.body)),
        }))
    }

    /// `plan name(params) { body }`.
    pub(super) fn plan_definition(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.fields(node);
        ExprKind::Plan(Box::new(PlanDef {
            name: self.opt_ident(self.field(kids, F.name), node),
            params: self.parameters(self.field(kids, F.parameters)),
            body: self.block(self.field(kids, F.body)),
        }))
    }

    /// `function name(params) >> Type { body }`.
    pub(super) fn function_definition(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.fields(node);
        ExprKind::Function(Box::new(FunctionDef {
            name: self.opt_ident(self.field(kids, F.name), node),
            params: self.parameters(self.field(kids, F.parameters)),
            return_type: self.field(kids, F.return_type).map(|r| self.expr(r)),
            body: self.block(self.field(kids, F.body)),
        }))
    }

    /// `node matchers inherits parent { body }`.
    pub(super) fn node_definition(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.fields(node);
        let mut matchers = Vec::new();
        if let Some(names) = self.field(kids, F.names) {
            let nk = self.load_named(names);
            for i in nk.range() {
                let n = self.child(i).node;
                if !n.is_extra() {
                    matchers.push(self.hostname(n));
                }
            }
        }
        let parent = self.field(kids, F.parent).map(|p| self.hostname(p));
        ExprKind::Node(Box::new(NodeDef {
            matchers,
            parent,
            body: self.block(self.field(kids, F.body)),
        }))
    }

    /// `type Name = Type`.
    pub(super) fn type_alias(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.fields(node);
        ExprKind::TypeAlias(Box::new(TypeAlias {
            name: self.opt_expr(self.field(kids, F.name), node),
            value: self.opt_expr(self.field(kids, F.type_), node),
        }))
    }

    /// `Object { ... }`, which means `Object[{ ... }]`.
    pub(super) fn object_type(&mut self, node: Node<'t>) -> ExprKind {
        // `Object { ... }` means `Object[{ ... }]`.
        let kids = self.fields(node);
        let target = self.boxed(self.field(kids, F.type_), node);
        let body = self.opt_expr(self.field(kids, F.body), node);
        ExprKind::Access {
            target,
            args: vec![body],
        }
    }

    /// `type Name inherits Parent { body }`.
    pub(super) fn type_definition(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.fields(node);
        ExprKind::TypeDefinition(Box::new(TypeDefinition {
            name: self.opt_ident(self.field(kids, F.name), node),
            parent: self.field(kids, F.parent).map(|p| self.ident(p)),
            body: self.block(self.field(kids, F.body)),
        }))
    }
}
