use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{CallStyle, Expr, ExprKind, Span};

declare_rule! {
    /// ## What it does
    /// Finds a class, defined type or node defined inside anything but a class: in a defined
    /// type, a node, a function, a lambda, or a branch of `if`, `unless` or `case`.
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`NOT_TOP_LEVEL`): these definitions may only appear at the
    /// top of a file or directly in the body of a class. They are not created when the code
    /// around them runs, so a conditional or iterated definition cannot work.
    ///
    /// ## Example
    /// ```puppet
    /// if $facts['os']['family'] == 'Debian' {
    ///   class apt_tuning { }
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class apt_tuning { }
    /// if $facts['os']['family'] == 'Debian' {
    ///   include apt_tuning
    /// }
    /// ```
    pub struct DefinitionNotAtTopLevel {
        code: "P302",
        name: "definition-not-at-top-level",
        severity: Error,
        category: Validation,
    }
}

/// The head of a definition (keyword and name), for reporting.
pub(super) fn head(e: &Expr) -> Span {
    let end = match &e.kind {
        ExprKind::Class(c) => c.name.span.end,
        ExprKind::Define(d) => d.name.span.end,
        ExprKind::Function(f) => f.name.span.end,
        ExprKind::Plan(p) => p.name.span.end,
        ExprKind::TypeDefinition(t) => t.name.span.end,
        ExprKind::TypeAlias(t) => t.name.span.end,
        ExprKind::Node(n) => n.matchers.last().map_or(e.span.start, |m| m.span.end),
        ExprKind::If(_) => e.span.start + 2,
        ExprKind::Unless(_) => e.span.start + 6,
        ExprKind::Case(_) => e.span.start + 4,
        ExprKind::Call(c) if c.lambda.is_some() => {
            let l = c.lambda.as_ref().expect("checked");
            return Span::new(
                l.span.start as usize,
                l.body.span.start.max(l.span.start) as usize,
            );
        }
        ExprKind::MethodCall(m) if m.lambda.is_some() => {
            let l = m.lambda.as_ref().expect("checked");
            return Span::new(
                l.span.start as usize,
                l.body.span.start.max(l.span.start) as usize,
            );
        }
        _ => e.span.end,
    };
    Span {
        start: e.span.start,
        end: end.max(e.span.start),
    }
}

/// What a definition is, for messages.
pub(super) fn kind_name(e: &Expr) -> &'static str {
    match &e.kind {
        ExprKind::Class(_) => "class",
        ExprKind::Define(_) => "defined type",
        ExprKind::Node(_) => "node",
        ExprKind::Function(_) => "function",
        ExprKind::Plan(_) => "plan",
        ExprKind::TypeAlias(_) => "type alias",
        ExprKind::TypeDefinition(_) => "type definition",
        _ => "definition",
    }
}

/// What encloses a nested definition, for messages.
pub(super) fn container_name(e: &Expr) -> &'static str {
    match &e.kind {
        ExprKind::Call(_) | ExprKind::MethodCall(_) => "a lambda",
        ExprKind::If(_) => "an `if` expression",
        ExprKind::Unless(_) => "an `unless` expression",
        ExprKind::Case(_) => "a `case` expression",
        ExprKind::Class(_) => "a class",
        ExprKind::Define(_) => "a defined type",
        ExprKind::Node(_) => "a node",
        ExprKind::Function(_) => "a function",
        ExprKind::Plan(_) => "a plan",
        _ => "an expression",
    }
}

impl Check for DefinitionNotAtTopLevel {
    fn check(&self, cx: &mut Context<'_>) {
        let index = cx.index();
        for (i, e) in index.of(&[Kind::Class, Kind::Define, Kind::Node]) {
            if !matches!(
                e.kind,
                ExprKind::Class(_) | ExprKind::Define(_) | ExprKind::Node(_)
            ) {
                continue;
            }
            // Only the innermost container counts: a class's body is a valid place, whatever
            // holds the class.
            let Some(outer) = index
                .ancestors(i)
                .next()
                .filter(|a| !matches!(a.kind, ExprKind::Class(_)))
                // The block of a Bolt plan's `apply` is a top level of its own (Puppet's `top`
                // stops at an `ApplyExpression`).
                .filter(|a| !matches!(&a.kind, ExprKind::Call(c) if c.style == CallStyle::Apply))
            else {
                continue;
            };
            let kind = kind_name(e);
            let within = container_name(outer);
            cx.report(
                head(e),
                format!("a {kind} cannot be defined inside {within}"),
            )
            .label(format!("{kind} defined here"))
            .secondary(head(outer), format!("inside {within}"))
            .help(format!(
                "move the {kind} to the top of the file (or into a class's body)"
            ));
        }
    }
}
