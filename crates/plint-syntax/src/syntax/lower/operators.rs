//! Lowering the operations (unary, binary, assignment, relationship): by index and the text
//! between the operands for an error-free node without extras, else by field.

use tree_sitter::Node;

use super::Lowerer;
use crate::syntax::ast::*;
use crate::syntax::kinds::{F, K};

impl<'t> Lowerer<'t> {
    /// An operation (unary, binary, assignment, relationship) of an error-free node without
    /// extras: its operands read by index, its operator from the text between them.
    pub(super) fn operation(&mut self, node: Node<'t>, k: K) -> Option<ExprKind> {
        if k == K::UnaryExpression {
            if !self.indexed || node.has_error() || node.named_child_count() != 1 {
                return None;
            }
            let operand = node.named_child(0)?;
            // The operator is the node's first token.
            let op = match self.text(node).as_bytes().first() {
                Some(b'!') => UnaryOp::Not,
                Some(b'*') => UnaryOp::Splat,
                _ => UnaryOp::Neg,
            };
            return Some(ExprKind::Unary {
                op,
                operand: Box::new(self.expr(operand)),
            });
        }
        if !matches!(k, K::BinaryExpression | K::Assignment | K::Relationship) {
            return None;
        }
        let (left, right) = self.two_named(node)?;
        let (token, op_span) = self.between(left, right);
        let left = Box::new(self.expr(left));
        let right = Box::new(self.expr(right));
        Some(match k {
            K::BinaryExpression => ExprKind::Binary {
                op: BinaryOp::from_token(token).unwrap_or(BinaryOp::Add),
                op_span,
                left,
                right,
            },
            K::Assignment => ExprKind::Assignment {
                op: match token {
                    "+=" => AssignOp::Append,
                    "-=" => AssignOp::Delete,
                    _ => AssignOp::Assign,
                },
                left,
                right,
            },
            _ => ExprKind::Relationship {
                op: match token {
                    "~>" => RelationshipOp::Notify,
                    "<-" => RelationshipOp::Require,
                    "<~" => RelationshipOp::Subscribe,
                    _ => RelationshipOp::Before,
                },
                op_span,
                left,
                right,
            },
        })
    }

    /// `!x`, `-x`, `*x` read by field (a node with an error or extras; else [`Self::operation`]).
    pub(super) fn unary(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.fields(node);
        let op = match self.field(kids, F.operator).map(|o| self.text(o)) {
            Some("!") => UnaryOp::Not,
            Some("*") => UnaryOp::Splat,
            _ => UnaryOp::Neg,
        };
        ExprKind::Unary {
            op,
            operand: self.boxed(self.field(kids, F.operand), node),
        }
    }

    /// `a op b` read by field (a node with an error or extras; else [`Self::operation`]).
    pub(super) fn binary(&mut self, node: Node<'t>, span: Span) -> ExprKind {
        let kids = self.fields(node);
        let op_node = self.field(kids, F.operator);
        let op = op_node
            .and_then(|o| BinaryOp::from_token(self.text(o)))
            .unwrap_or(BinaryOp::Add);
        ExprKind::Binary {
            op,
            op_span: op_node.map(Self::span).unwrap_or(span),
            left: self.boxed(self.field(kids, F.left), node),
            right: self.boxed(self.field(kids, F.right), node),
        }
    }

    /// `$a = b`, `+=`, `-=` read by field (a node with an error or extras; else [`Self::operation`]).
    pub(super) fn assignment(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.fields(node);
        let op = match self.field(kids, F.operator).map(|o| self.text(o)) {
            Some("+=") => AssignOp::Append,
            Some("-=") => AssignOp::Delete,
            _ => AssignOp::Assign,
        };
        ExprKind::Assignment {
            op,
            left: self.boxed(self.field(kids, F.left), node),
            right: self.boxed(self.field(kids, F.right), node),
        }
    }

    /// `a -> b` and the other arrows read by field (a node with an error or extras; else
    /// [`Self::operation`]).
    pub(super) fn relationship(&mut self, node: Node<'t>, span: Span) -> ExprKind {
        let kids = self.fields(node);
        let op_node = self.field(kids, F.operator);
        let op = match op_node.map(|o| self.text(o)) {
            Some("~>") => RelationshipOp::Notify,
            Some("<-") => RelationshipOp::Require,
            Some("<~") => RelationshipOp::Subscribe,
            _ => RelationshipOp::Before,
        };
        ExprKind::Relationship {
            op,
            op_span: op_node.map(Self::span).unwrap_or(span),
            left: self.boxed(self.field(kids, F.left), node),
            right: self.boxed(self.field(kids, F.right), node),
        }
    }
}
