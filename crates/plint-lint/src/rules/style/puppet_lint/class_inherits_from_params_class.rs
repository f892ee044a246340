use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::ExprKind;

declare_rule! {
    /// ## What it does
    /// Finds classes that inherit from a `params` class (`class ntp inherits ntp::params`).
    /// Off by default, as in puppet-lint.
    ///
    /// ## Why is this bad?
    /// The params pattern predates Hiera module data: defaults belong in the module's
    /// `data/` with `lookup`, or in the parameter list. Inheritance also makes every
    /// variable of the params class visible unqualified in the child.
    ///
    /// ## Example
    /// ```puppet
    /// class ntp ($servers = $ntp::params::servers) inherits ntp::params { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class ntp (Array[String] $servers) { }
    /// ```
    pub struct ClassInheritsFromParamsClass {
        code: "P403",
        name: "class-inherits-params-class",
        severity: Warning,
        category: Style,
        puppet_lint: "class_inherits_from_params_class",
        default_enabled: false,
    }
}

impl Check for ClassInheritsFromParamsClass {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        for e in cx.index().exprs_of(&[Kind::Class]) {
            if let ExprKind::Class(c) = &e.kind
                && let Some(parent) = &c.parent
                && parent.name.ends_with("::params")
            {
                found.push((c.name.name.clone(), parent.clone()));
            }
        }
        for (class, parent) in found {
            cx.report(
                parent.span,
                format!("the class `{class}` inherits from the params class `{}`", parent.name),
            )
            .label("params class")
            .help("give the parameters their defaults in module data (Hiera) or in the parameter list");
        }
    }
}
