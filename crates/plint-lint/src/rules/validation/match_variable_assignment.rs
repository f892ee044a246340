use crate::declare_rule;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::invalid_variable_name::is_numeric_name;

declare_rule! {
    /// ## What it does
    /// Finds an assignment to a numeric variable (`$0`, `$1`, ...).
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`ILLEGAL_NUMERIC_ASSIGNMENT`): numeric variables hold the
    /// groups of the last regular expression match and cannot be assigned.
    ///
    /// ## Example
    /// ```puppet
    /// $1 = 'web'
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $role = 'web'
    /// ```
    pub struct MatchVariableAssignment {
        code: "P307",
        name: "match-variable-assignment",
        severity: Error,
        category: Validation,
    }
}

impl Check for MatchVariableAssignment {
    fn check(&self, cx: &mut Context<'_>) {
        let found: Vec<_> = super::statements::assigned_variables(cx)
            .into_iter()
            .filter(|(_, name)| is_numeric_name(name))
            .collect();
        for (var, name) in found {
            cx.report(
                var.span,
                format!("cannot assign to `${name}`, a regular expression match variable"),
            )
            .label("match variable")
            .help("assign to a named variable instead");
        }
    }
}
