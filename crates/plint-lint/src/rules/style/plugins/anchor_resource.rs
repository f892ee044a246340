use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::ExprKind;

declare_rule! {
    /// ## What it does
    /// Finds `anchor` resources (the stdlib "anchor pattern").
    ///
    /// Only declarations are reported (`anchor { 'x::begin': }`), not references to them.
    /// On by default: the pattern has been obsolete since Puppet 3.4.
    ///
    /// ## Why is this bad?
    /// Anchors were a workaround for classes not being contained by the class that includes
    /// them. The `contain` function does this directly; the `anchor` type is deprecated in
    /// stdlib and removed from its latest versions.
    ///
    /// ## Example
    /// ```puppet
    /// class ntp {
    ///   anchor { 'ntp::begin': }
    ///   -> class { 'ntp::install': }
    ///   -> anchor { 'ntp::end': }
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class ntp {
    ///   contain ntp::install
    /// }
    /// ```
    pub struct AnchorResource {
        code: "P462",
        name: "anchor-resource",
        severity: Warning,
        category: Style,
        puppet_lint: "anchor_resource",
    }
}

impl Check for AnchorResource {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        cx.index().exprs_of(&[Kind::Resource]).for_each(|e| {
            if let ExprKind::Resource(r) = &e.kind
                && r.type_name.name == "anchor"
                && r.type_expr.is_none()
            {
                found.push(r.type_name.span);
            }
        });
        for span in found {
            cx.report(span, "an `anchor` resource is declared")
                .label("anchor")
                .help("use `contain` to keep classes inside the class that declares them");
        }
    }
}
