use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::ExprKind;

declare_rule! {
    /// ## What it does
    /// Finds a resource override whose target is a bare variable (`$ref { mode => '0600' }`).
    ///
    /// ## Why is this bad?
    /// Puppet 7 rejects the manifest: only a resource reference (`File['/etc/motd']`), possibly
    /// computed (`Resource[$type, $title]`), can be overridden.
    ///
    /// ## Example
    /// ```puppet
    /// $motd = File['/etc/motd']
    /// $motd { mode => '0600' }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// File['/etc/motd'] { mode => '0600' }
    /// ```
    pub struct OverrideOnVariable {
        code: "P331",
        name: "override-on-variable",
        severity: Error,
        category: Validation,
    }
}

impl Check for OverrideOnVariable {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx.index().exprs_of(&[Kind::ResourceOverride]) {
            let ExprKind::ResourceOverride(o) = &e.kind else {
                continue;
            };
            let ExprKind::Variable(name) = &o.target.kind else {
                continue;
            };
            cx.report(
                o.target.span,
                format!("the variable `${name}` cannot be the target of a resource override"),
            )
            .label("not a resource reference")
            .help("write the reference itself (`File['/etc/motd'] { ... }`), or use `Resource[...]` for a computed one");
        }
    }
}
