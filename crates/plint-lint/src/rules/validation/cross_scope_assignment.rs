use crate::declare_rule;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

declare_rule! {
    /// ## What it does
    /// Finds an assignment to a qualified variable (`$::x = 1`, `$other::x = 1`).
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`CROSS_SCOPE_ASSIGNMENT`): code can only assign variables
    /// of its own scope; another class's variables (and top scope's) are read-only.
    ///
    /// ## Example
    /// ```puppet
    /// $::apache::port = 8080
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class { 'apache': port => 8080 }
    /// ```
    pub struct CrossScopeAssignment {
        code: "P306",
        name: "cross-scope-assignment",
        severity: Error,
        category: Validation,
    }
}

impl Check for CrossScopeAssignment {
    fn check(&self, cx: &mut Context<'_>) {
        let found: Vec<_> = super::statements::assigned_variables(cx)
            .into_iter()
            .filter(|(_, name)| crate::rules::queries::has_double_colon(name))
            .collect();
        for (var, name) in found {
            let local = name.rsplit("::").next().unwrap_or(name);
            cx.report(
                var.span,
                format!("cannot assign to `${name}`, a variable of another scope"),
            )
            .label("qualified variable")
            .help(format!(
                "assign a local variable (`${local}`), or pass the value as a class parameter"
            ));
        }
    }
}
