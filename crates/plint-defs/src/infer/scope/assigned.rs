//! What statements assign in the scope they are in (not in the definitions or lambdas they
//! hold, which have scopes of their own).

use rustc_hash::FxHashSet as HashSet;

use crate::syntax::ast::{AssignOp, Expr, ExprKind};

/// The variables assigned at top scope: outside definitions and lambdas.
pub(super) fn collect_top<'a>(e: &'a Expr, out: &mut HashSet<&'a str>) {
    let mut names = Vec::new();
    own_assignments(std::slice::from_ref(e), &mut names);
    out.extend(names);
}

/// The variables these statements assign in their own scope: not inside definitions or
/// lambdas.
pub(super) fn own_assignments<'a>(statements: &'a [Expr], out: &mut Vec<&'a str>) {
    let mut stack: Vec<&'a Expr> = statements.iter().rev().collect();
    while let Some(e) = stack.pop() {
        if e.is_definition() {
            continue;
        }
        if let ExprKind::Assignment {
            op: AssignOp::Assign,
            left,
            ..
        } = &e.kind
        {
            targets(left, out);
        }
        // The children go on the stack last first (so that the first is taken next).
        let start = stack.len();
        match &e.kind {
            ExprKind::Call(c) => {
                stack.push(&c.function);
                stack.extend(c.args.iter());
            }
            ExprKind::MethodCall(m) => {
                stack.push(&m.receiver);
                stack.extend(m.args.iter().flatten());
            }
            _ => e.for_each_child(&mut |c| stack.push(c)),
        }
        stack[start..].reverse();
    }
}

fn targets<'a>(left: &'a Expr, out: &mut Vec<&'a str>) {
    match &left.kind {
        ExprKind::Variable(v) if !v.contains("::") => out.push(v),
        ExprKind::Array(items) => items.iter().for_each(|i| targets(i, out)),
        _ => {}
    }
}
