//! Lowering the conditionals: `if`, `unless`, `case` and the selector.

use tree_sitter::Node;

use super::Lowerer;
use crate::syntax::ast::*;
use crate::syntax::kinds::{F, K};

impl<'t> Lowerer<'t> {
    /// `value ? { matcher => value, ... }`.
    pub(super) fn selector(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.load(node, K::Selector);
        let value = self.boxed(self.field(kids, F.value), node);
        let mut entries = Vec::with_capacity(kids.range().len());
        for i in kids.range() {
            let c = self.child(i);
            if c.field != F.entry.get() {
                continue;
            }
            let e = c.node;
            let ek = self.fields(e);
            entries.push(SelectorEntry {
                matcher: self.opt_expr(self.field(ek, F.matcher), e),
                value: self.opt_expr(self.field(ek, F.value), e),
                span: Self::span(e),
            });
        }
        ExprKind::Selector { value, entries }
    }

    /// `if c { } elsif c { } else { }`.
    pub(super) fn if_expression(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.load(node, K::IfExpression);
        let mut branches = vec![(
            self.opt_expr(self.field(kids, F.condition), node),
            self.block(self.field(kids, F.consequence)),
        )];
        let mut else_block = None;
        for i in kids.range() {
            let c = self.child(i);
            if c.field != F.alternative.get() {
                continue;
            }
            let alt = c.node;
            let ak = self.fields(alt);
            if self.kind(alt) == K::ElsifClause {
                branches.push((
                    self.opt_expr(self.field(ak, F.condition), alt),
                    self.block(self.field(ak, F.consequence)),
                ));
            } else {
                else_block = Some(self.block(self.field(ak, F.body)));
            }
        }
        ExprKind::If(Box::new(If {
            branches,
            else_block,
        }))
    }

    /// `unless c { } else { }`.
    pub(super) fn unless_expression(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.fields(node);
        ExprKind::Unless(Box::new(Unless {
            condition: self.opt_expr(self.field(kids, F.condition), node),
            then_block: self.block(self.field(kids, F.consequence)),
            else_block: self.field(kids, F.alternative).map(|a| {
                let ak = self.fields(a);
                self.block(self.field(ak, F.body))
            }),
        }))
    }

    /// `case value { matchers: { body } ... }`.
    pub(super) fn case_expression(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.load(node, K::CaseExpression);
        let value = self.opt_expr(self.field(kids, F.value), node);
        let mut options = Vec::with_capacity(kids.range().len());
        for i in kids.range() {
            let c = self.child(i);
            if c.field != F.option.get() {
                continue;
            }
            let o = c.node;
            let ok = self.load(o, K::CaseOption);
            let mut matchers = Vec::with_capacity(ok.range().len());
            for j in ok.range() {
                let m = self.child(j);
                if m.field == F.matcher.get() {
                    matchers.push(self.expr(m.node));
                }
            }
            options.push(CaseOption {
                matchers,
                body: self.block(self.field(ok, F.body)),
                span: Self::span(o),
            });
        }
        ExprKind::Case(Box::new(Case { value, options }))
    }
}
