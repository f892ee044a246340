//! Questions the validation rules ask of statements: the statement lists of a body, whether an
//! expression is idempotent, full names, descriptions, assigned variables.

use crate::rules::Kind;
use crate::rules::{Context, Expressions};
use crate::syntax::ast::{AssignOp, BinaryOp, Block, Expr, ExprKind};

/// The kinds of expression [`statement_lists`] finds statements in.
pub const WITH_STATEMENTS: &[Kind] = &[
    Kind::Class,
    Kind::Define,
    Kind::Node,
    Kind::Function,
    Kind::Plan,
    Kind::If,
    Kind::Unless,
    Kind::Case,
    Kind::Call,
    Kind::MethodCall,
];

/// The statement lists an expression owns directly: the bodies of definitions and lambdas,
/// and the blocks of `if`, `unless` and `case`.
pub fn statement_lists(e: &Expr) -> Vec<&[Expr]> {
    fn lambda(l: &Option<crate::syntax::ast::Lambda>) -> Vec<&[Expr]> {
        l.iter().map(|l| l.body.statements.as_slice()).collect()
    }
    let blocks: Vec<&Block> = match &e.kind {
        ExprKind::Class(c) => vec![&c.body],
        ExprKind::Define(d) => vec![&d.body],
        ExprKind::Node(n) => vec![&n.body],
        ExprKind::Function(f) => vec![&f.body],
        ExprKind::Plan(p) => vec![&p.body],
        ExprKind::If(i) => i
            .branches
            .iter()
            .map(|(_, b)| b)
            .chain(i.else_block.as_ref())
            .collect(),
        ExprKind::Unless(u) => std::iter::once(&u.then_block)
            .chain(u.else_block.as_ref())
            .collect(),
        ExprKind::Case(c) => c.options.iter().map(|o| &o.body).collect(),
        ExprKind::Call(c) => return lambda(&c.lambda),
        ExprKind::MethodCall(m) => return lambda(&m.lambda),
        _ => Vec::new(),
    };
    blocks
        .into_iter()
        .map(|b| b.statements.as_slice())
        .collect()
}

/// Whether evaluating `e` is known to change nothing: it only produces a value (Puppet's
/// "idem" expressions). Calls, assignments, matches (they set `$0`...), resources and
/// definitions have effects; a branch is idem when its test and all its blocks are.
pub fn is_idem(e: &Expr) -> bool {
    let all = |stmts: &[Expr]| stmts.iter().all(is_idem);
    match &e.kind {
        ExprKind::Integer(_)
        | ExprKind::Float(_)
        | ExprKind::Boolean(_)
        | ExprKind::Undef
        | ExprKind::Default
        | ExprKind::Regex(_)
        | ExprKind::String(_)
        | ExprKind::Variable(_)
        | ExprKind::Name(_)
        | ExprKind::TypeRef(_)
        | ExprKind::ReservedWord(_)
        | ExprKind::Array(_)
        | ExprKind::Hash(_)
        | ExprKind::Access { .. }
        | ExprKind::Unary { .. }
        | ExprKind::Selector { .. } => true,
        ExprKind::Binary { op, .. } => !matches!(op, BinaryOp::Match | BinaryOp::NotMatch),
        ExprKind::Paren(inner) => is_idem(inner),
        ExprKind::If(i) => {
            i.branches
                .iter()
                .all(|(c, b)| is_idem(c) && all(&b.statements))
                && i.else_block.as_ref().is_none_or(|b| all(&b.statements))
        }
        ExprKind::Unless(u) => {
            is_idem(&u.condition)
                && all(&u.then_block.statements)
                && u.else_block.as_ref().is_none_or(|b| all(&b.statements))
        }
        ExprKind::Case(c) => {
            is_idem(&c.value)
                && c.options
                    .iter()
                    .all(|o| o.matchers.iter().all(is_idem) && all(&o.body.statements))
        }
        _ => false,
    }
}

/// The name Puppet gives the class or defined type at `index.nodes[i]`, named `own`: inside
/// classes, it is qualified by their names (`class a { class b { } }` defines `a::b`).
pub fn full_name(index: &Expressions<'_>, i: usize, own: &str) -> String {
    let mut names: Vec<&str> = index
        .ancestors(i)
        .filter_map(|a| match &a.kind {
            ExprKind::Class(c) => Some(c.name.name.as_str()),
            _ => None,
        })
        .collect();
    names.reverse();
    names.push(own);
    names.join("::")
}

/// What an expression is, in a few words, for messages ("a variable", "an `if` expression").
pub fn describe(e: &Expr) -> &'static str {
    match &e.kind {
        ExprKind::Integer(_) | ExprKind::Float(_) => "a number",
        ExprKind::Boolean(_) => "a boolean",
        ExprKind::Undef => "`undef`",
        ExprKind::Default => "`default`",
        ExprKind::Regex(_) => "a regular expression",
        ExprKind::String(_) => "a string",
        ExprKind::Variable(_) => "a variable",
        ExprKind::Name(_) => "a bare word",
        ExprKind::TypeRef(_) => "a type reference",
        ExprKind::ReservedWord(_) => "a reserved word",
        ExprKind::Array(_) => "an array",
        ExprKind::Hash(_) => "a hash",
        ExprKind::Access { .. } => "an access (`[]`)",
        ExprKind::Unary { .. } => "a unary operation",
        ExprKind::Binary { .. } => "an operation",
        ExprKind::Selector { .. } => "a selector",
        ExprKind::Paren(inner) => describe(inner),
        ExprKind::If(_) => "an `if` expression",
        ExprKind::Unless(_) => "an `unless` expression",
        ExprKind::Case(_) => "a `case` expression",
        ExprKind::Collector(_) => "a collector",
        _ => "this expression",
    }
}

/// The variables that plain assignments (`=`) of the file assign, with the variable
/// expression: `$a = 1` gives `$a`, `[$a, $b] = ...` gives both (nested arrays too).
pub fn assigned_variables<'a>(cx: &Context<'a>) -> Vec<(&'a Expr, &'a str)> {
    fn targets<'a>(left: &'a Expr, out: &mut Vec<(&'a Expr, &'a str)>) {
        match &left.kind {
            ExprKind::Variable(name) => out.push((left, name)),
            ExprKind::Array(items) => items.iter().for_each(|i| targets(i, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for e in cx.index().exprs_of(&[Kind::Assignment]) {
        if let ExprKind::Assignment {
            op: AssignOp::Assign,
            left,
            ..
        } = &e.kind
        {
            targets(left, &mut out);
        }
    }
    out
}

#[cfg(test)]
mod kind_tests {
    use super::*;

    /// Every expression with a statement list is of a kind in [`WITH_STATEMENTS`].
    #[test]
    fn with_statements_covers_statement_lists() {
        crate::rules::expressions::assert_kinds_cover(WITH_STATEMENTS, &|e| {
            !statement_lists(e).is_empty()
        });
    }
}
