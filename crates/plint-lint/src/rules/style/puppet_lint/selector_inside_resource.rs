use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Expr, ExprKind, Span};

declare_rule! {
    /// ## What it does
    /// Finds selectors (`$x ? { ... }`) in the attribute values of a resource declaration,
    /// whatever their control expression (puppet-lint sees only a plain variable directly
    /// after `=>`).
    ///
    /// ## Why is this bad?
    /// A resource declaration should be easy to read at a glance. Choose the value before
    /// the resource, in a variable with a name that says what it is.
    ///
    /// ## Example
    /// ```puppet
    /// service { 'web':
    ///   ensure => $enabled ? { true => running, default => stopped },
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $web_ensure = $enabled ? { true => running, default => stopped }
    /// service { 'web':
    ///   ensure => $web_ensure,
    /// }
    /// ```
    pub struct SelectorInsideResource {
        code: "P413",
        name: "selector-inside-resource",
        severity: Warning,
        category: Style,
        puppet_lint: "selector_inside_resource",
    }
}

/// The selectors in an attribute value.
fn selectors(value: &Expr, out: &mut Vec<Span>) {
    value.walk(&mut |e| {
        if let ExprKind::Selector { .. } = e.kind {
            out.push(e.span);
        }
    });
}

impl Check for SelectorInsideResource {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        for e in cx.index().exprs_of(&[Kind::Resource]) {
            if let ExprKind::Resource(r) = &e.kind {
                for a in r.bodies.iter().flat_map(|b| &b.attributes) {
                    let mut spans = Vec::new();
                    selectors(&a.value, &mut spans);
                    found.extend(spans.into_iter().map(|s| (a.name.clone(), s)));
                }
            }
        }
        found.sort_by_key(|(_, s)| s.start);
        for (attr, span) in found {
            cx.report(
                span,
                format!("a selector chooses the value of the attribute `{}`", attr.name),
            )
            .label("selector inside a resource")
            .help("assign the selector's result to a variable before the resource, and use the variable");
        }
    }
}
