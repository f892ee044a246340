use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{BinaryOp, Expr, ExprKind, StringKind};

use super::statements::describe;

declare_rule! {
    /// ## What it does
    /// Finds a collector query (`File <| ... |>`) that uses something other than `==` and
    /// `!=` comparisons joined with `and`, `or` and parentheses.
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`ILLEGAL_QUERY_EXPRESSION`): a query selects resources
    /// by the values of their attributes, and only equality tests are supported.
    ///
    /// ## Example
    /// ```puppet
    /// User <| uid > 1000 |>
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// User <| groups == 'staff' |>
    /// ```
    pub struct InvalidCollectorQuery {
        code: "P328",
        name: "invalid-collector-query",
        severity: Error,
        category: Validation,
    }
}

/// The parts of a query that are not allowed there.
fn invalid<'a>(q: &'a Expr, out: &mut Vec<&'a Expr>) {
    match &q.kind {
        ExprKind::Binary {
            op: BinaryOp::Eq | BinaryOp::Ne,
            ..
        } => {}
        ExprKind::Binary {
            op: BinaryOp::And | BinaryOp::Or,
            left,
            right,
            ..
        } => {
            invalid(left, out);
            invalid(right, out);
        }
        ExprKind::Paren(inner) => invalid(inner, out),
        ExprKind::Variable(_)
        | ExprKind::Name(_)
        | ExprKind::Integer(_)
        | ExprKind::Float(_)
        | ExprKind::Boolean(_)
        | ExprKind::Error => {}
        ExprKind::String(s)
            if !matches!(s.kind, StringKind::Heredoc(_)) && !s.is_interpolated() => {}
        _ => out.push(q),
    }
}

impl Check for InvalidCollectorQuery {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx.index().exprs_of(&[Kind::Collector]) {
            let ExprKind::Collector(c) = &e.kind else {
                continue;
            };
            let Some(q) = &c.query else {
                continue;
            };
            let mut bad = Vec::new();
            invalid(q, &mut bad);
            for b in bad {
                let what = match &b.kind {
                    ExprKind::Binary { op, .. } => format!("the `{}` operator", op.as_str()),
                    _ => describe(b).to_string(),
                };
                cx.report(
                    b.span,
                    format!("{what} cannot be used in a collector query"),
                )
                .label("not allowed in a query")
                .help("compare attributes with `==` or `!=`, joined with `and` / `or`");
            }
        }
    }
}
