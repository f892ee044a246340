use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{AssignOp, Attribute, Expr, ExprKind};

declare_rule! {
    /// ## What it does
    /// Finds a collector (`File <| |>`) used as a value: assigned to a variable, put in an
    /// array or hash, used as an attribute's value or an operand.
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`NOT_RVALUE`): a collector realizes resources and
    /// produces no value. It can stand alone or on either side of a relationship arrow.
    ///
    /// ## Example
    /// ```puppet
    /// $users = User <| groups == 'admin' |>
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// User <| groups == 'admin' |> -> Service['sshd']
    /// ```
    pub struct CollectorAsValue {
        code: "P330",
        name: "collector-as-value",
        severity: Error,
        category: Validation,
    }
}

/// The collector `e` is, under parentheses and unary operators.
fn collector(mut e: &Expr) -> Option<&Expr> {
    loop {
        match &e.kind {
            ExprKind::Paren(inner) | ExprKind::Unary { operand: inner, .. } => e = inner,
            ExprKind::Collector(_) => return Some(e),
            _ => return None,
        }
    }
}

/// The sub-expressions of `e` whose value is used.
fn value_positions(e: &Expr) -> Vec<&Expr> {
    fn attrs(a: &[Attribute]) -> Vec<&Expr> {
        a.iter().map(|a| &a.value).collect()
    }
    match &e.kind {
        ExprKind::Assignment {
            op: AssignOp::Assign,
            right,
            ..
        } => vec![right],
        ExprKind::Binary { left, right, .. } => vec![left, right],
        ExprKind::Unary { operand, .. } => vec![operand],
        ExprKind::Array(items) => items.iter().collect(),
        ExprKind::Hash(h) => h.entries.iter().flat_map(|p| [&p.key, &p.value]).collect(),
        ExprKind::Selector { value, entries } => std::iter::once(&**value)
            .chain(entries.iter().map(|en| &en.matcher))
            .collect(),
        ExprKind::Case(c) => std::iter::once(&c.value)
            .chain(c.options.iter().flat_map(|o| &o.matchers))
            .collect(),
        ExprKind::If(i) => i.branches.iter().map(|(c, _)| c).collect(),
        ExprKind::Unless(u) => vec![&u.condition],
        ExprKind::Resource(r) => r.bodies.iter().flat_map(|b| attrs(&b.attributes)).collect(),
        ExprKind::ResourceDefaults(d) => attrs(&d.attributes),
        ExprKind::ResourceOverride(o) => attrs(&o.attributes),
        ExprKind::Collector(c) => attrs(&c.attributes),
        // A collector may stand on either side of an arrow, but not in parentheses there.
        ExprKind::Relationship { left, right, .. } => [&**left, &**right]
            .into_iter()
            .filter(|s| !matches!(s.kind, ExprKind::Collector(_)))
            .collect(),
        _ => Vec::new(),
    }
}

impl Check for CollectorAsValue {
    fn check(&self, cx: &mut Context<'_>) {
        // Without a collector, there is nothing to find.
        if cx.index().of(&[Kind::Collector]).next().is_none() {
            return;
        }
        for e in cx.exprs() {
            for c in value_positions(e).into_iter().filter_map(collector) {
                cx.report(c.span, "a collector produces no value")
                    .label("used as a value")
                    .help(
                        "use the collector as a statement of its own, or in a relationship (`->`)",
                    );
            }
        }
    }
}
