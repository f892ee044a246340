use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{AssignOp, Expr, ExprKind};

use super::statements::describe;

declare_rule! {
    /// ## What it does
    /// Finds an assignment whose left side is not a variable (or an array of variables):
    /// `$h['key'] = 1`, `1 = $x`, `File = 1`.
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`ILLEGAL_ASSIGNMENT`, `ILLEGAL_INDEXED_ASSIGNMENT`): only
    /// variables can be assigned, and values are immutable, so an element of an array or
    /// hash cannot be changed in place.
    ///
    /// ## Example
    /// ```puppet
    /// $settings = { 'port' => 80 }
    /// $settings['port'] = 8080
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $defaults = { 'port' => 80 }
    /// $settings = $defaults + { 'port' => 8080 }
    /// ```
    pub struct InvalidAssignmentTarget {
        code: "P305",
        name: "invalid-assignment-target",
        severity: Error,
        category: Validation,
    }
}

/// Calls `f` on each part of an assignment's left side that cannot be assigned.
fn unassignable<'a>(left: &'a Expr, out: &mut Vec<&'a Expr>) {
    match &left.kind {
        ExprKind::Variable(_) => {}
        ExprKind::Array(items) => items.iter().for_each(|i| unassignable(i, out)),
        _ => out.push(left),
    }
}

impl Check for InvalidAssignmentTarget {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx.index().exprs_of(&[Kind::Assignment]) {
            let ExprKind::Assignment {
                op: AssignOp::Assign,
                left,
                ..
            } = &e.kind
            else {
                continue;
            };
            let mut bad = Vec::new();
            unassignable(left, &mut bad);
            for target in bad {
                if matches!(target.kind, ExprKind::Error) {
                    continue;
                }
                if let ExprKind::Access { target: inner, .. } = &target.kind {
                    let whole = cx.text(inner.span).to_string();
                    cx.report(
                        target.span,
                        format!("cannot assign to an element of `{whole}`"),
                    )
                    .label("values cannot be changed in place")
                    .help("build a new value and assign it to a new variable");
                } else {
                    let what = match &target.kind {
                        ExprKind::Paren(_) => "an expression in parentheses",
                        _ => describe(target),
                    };
                    cx.report(target.span, format!("cannot assign to {what}"))
                        .label("not a variable")
                        .help("assign to a variable (`$name = ...`)");
                }
            }
        }
    }
}
