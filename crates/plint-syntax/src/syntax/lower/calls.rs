//! Lowering the calls: function calls (with parentheses or as statements), `apply` blocks and
//! method calls.

use tree_sitter::Node;

use super::Lowerer;
use crate::syntax::ast::*;
use crate::syntax::kinds::{F, K};

impl<'t> Lowerer<'t> {
    /// `f(args) |x| { ... }` and the statement call `f args` (`k` says which).
    pub(super) fn call(&mut self, node: Node<'t>, k: K, span: Span) -> ExprKind {
        let kids = self.fields(node);
        let function = self.opt_expr(self.field(kids, F.function), node);
        let args_node = self.field(kids, F.arguments);
        let args = self.arguments(args_node);
        let lambda = self.field(kids, F.lambda).map(|l| self.lambda(l));
        ExprKind::Call(Box::new(Call {
            function,
            args,
            lambda,
            style: if k == K::StatementCall {
                CallStyle::Statement
            } else {
                CallStyle::Parenthesized
            },
            args_span: args_node.map(Self::span).unwrap_or(span),
        }))
    }

    /// `apply(targets, options) { body }`: a call of `apply` whose lambda, with no parameters, is
    /// the body (plan variables are visible in it, as in a lambda).
    pub(super) fn apply(&mut self, node: Node<'t>, span: Span) -> ExprKind {
        let kids = self.fields(node);
        let keyword = node.child(0).map(Self::span).unwrap_or(span);
        let function = Expr::new(ExprKind::Name("apply".to_string()), keyword);
        let args_node = self.field(kids, F.arguments);
        let args = self.arguments(args_node);
        if args.is_empty() {
            self.syntax_error(
                args_node.unwrap_or(node),
                "`apply` needs its targets".to_string(),
                "no arguments",
                "write `apply($targets) { ... }`",
            );
        }
        let body_node = self.field(kids, F.body);
        let mark = self.buf.len();
        let body = self.block(body_node);
        self.buf.truncate(mark);
        ExprKind::Call(Box::new(Call {
            function,
            args,
            lambda: Some(Lambda {
                params: Vec::new(),
                return_type: None,
                span: body.span,
                body,
            }),
            style: CallStyle::Apply,
            args_span: args_node.map(Self::span).unwrap_or(span),
        }))
    }

    /// `receiver.method(args) |x| { ... }`.
    pub(super) fn method_call(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.fields(node);
        let receiver = self.opt_expr(self.field(kids, F.object), node);
        let method = match self.field(kids, F.method) {
            Some(m) => self.ident(m),
            None => Ident {
                name: String::new(),
                span: Span::new(node.end_byte(), node.end_byte()),
            },
        };
        let args = self.field(kids, F.arguments).map(|a| {
            let ak = self.load_named(a);
            self.list(ak, None)
        });
        let lambda = self.field(kids, F.lambda).map(|l| self.lambda(l));
        ExprKind::MethodCall(Box::new(MethodCall {
            receiver,
            method,
            args,
            lambda,
        }))
    }
}
