//! Helpers shared by rules.

use crate::syntax::ast::{Expr, ExprKind, File, Parameter, StringKind, StringLit};

/// Calls `f` on every expression of the file with its ancestors (outermost first), depth
/// first, pre-order. Uses an explicit stack, so any depth is safe.
pub fn walk_with_ancestors<'a>(file: &'a File, f: &mut dyn FnMut(&'a Expr, &[&'a Expr])) {
    // (expression, depth) pairs; `path` holds the current ancestors.
    let mut stack: Vec<(&'a Expr, usize)> = file.statements.iter().rev().map(|e| (e, 0)).collect();
    let mut path: Vec<&'a Expr> = Vec::new();
    let mut children: Vec<&'a Expr> = Vec::new();
    while let Some((e, depth)) = stack.pop() {
        path.truncate(depth);
        f(e, &path);
        path.push(e);
        children.clear();
        e.for_each_child(&mut |c| children.push(c));
        stack.extend(children.iter().rev().map(|c| (*c, depth + 1)));
    }
}

/// The parameter lists of a definition or lambda-carrying expression, if it has any.
pub fn parameter_lists(e: &Expr) -> Vec<&[Parameter]> {
    match &e.kind {
        ExprKind::Class(c) => vec![&c.params],
        ExprKind::Define(d) => vec![&d.params],
        ExprKind::Function(f) => vec![&f.params],
        ExprKind::Plan(p) => vec![&p.params],
        ExprKind::Call(c) => c.lambda.iter().map(|l| l.params.as_slice()).collect(),
        ExprKind::MethodCall(m) => m.lambda.iter().map(|l| l.params.as_slice()).collect(),
        _ => Vec::new(),
    }
}

/// Is this string a bare word (`foo-bar`), written without quotes?
pub fn is_bare_word(s: &StringLit) -> bool {
    matches!(s.kind, StringKind::BareWord)
}
