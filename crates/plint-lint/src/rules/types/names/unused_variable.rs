use super::scope_analysis;
use crate::declare_rule;
use crate::infer::scope::{ScopeDiag, UnusedKind};
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

declare_rule! {
    /// ## What it does
    /// Finds a variable assigned in a defined type, a function, a plan or a lambda and
    /// never read there. Variables of classes and of top scope are not checked (other
    /// classes read them as `$class::name`), nor are those of a scope that calls
    /// `template()`, `inline_template()`, `epp()` or `inline_epp()` (templates read
    /// variables by name), nor names starting with `_`. The last assignment of a function
    /// or lambda body is its value, so it is not reported either.
    ///
    /// ## Why is this bad?
    /// An unused variable is dead code, or a sign that the name read elsewhere is
    /// misspelled.
    ///
    /// ## Example
    /// ```puppet
    /// define app::site (String $root) {
    ///   $owner = 'www-data'
    ///   file { $root: ensure => directory }
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// define app::site (String $root) {
    ///   $owner = 'www-data'
    ///   file { $root: ensure => directory, owner => $owner }
    /// }
    /// ```
    pub struct UnusedVariable {
        code: "P114",
        name: "unused-variable",
        severity: Warning,
        category: Types,
    }
}

impl Check for UnusedVariable {
    fn check(&self, cx: &mut Context<'_>) {
        for d in scope_analysis::analyze(cx) {
            if let ScopeDiag::Unused {
                name,
                span,
                kind: UnusedKind::Variable,
            } = d
            {
                cx.report(
                    *span,
                    format!("the variable `${name}` is assigned but never used"),
                )
                .label("never read")
                .help(format!(
                    "remove the assignment, or rename it `$_{name}` if it is on purpose"
                ));
            }
        }
    }
}
