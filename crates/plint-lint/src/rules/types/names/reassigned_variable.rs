use super::scope_analysis;
use crate::declare_rule;
use crate::infer::scope::{BindingKind, ScopeDiag};
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

declare_rule! {
    /// ## What it does
    /// Finds a second assignment to a variable of the same scope when both assignments can
    /// run: the second follows the first on the same execution path (branches of one `if`,
    /// `case` or selector are alternatives, so assigning in each is fine). A second assignment
    /// in a branch (of `if`, `elsif`, `else`, `unless`, a `case` branch, a selector's value)
    /// after a first one outside it fails whenever that branch runs, so it is reported too.
    /// Assigning to a parameter, or to `$title` or `$name` in a class or defined type, counts
    /// too. A class's, defined type's or lambda's body is a scope of its own: assigning there
    /// a name of the enclosing scope is allowed.
    ///
    /// `tests/oracle/reassigned-variable.tsv` records, for each of the rule's fixtures, whether
    /// Puppet 7 fails it and where (`scripts/oracle/reassign-oracle.sh`); the rule reports
    /// exactly the fixtures Puppet fails, at the line Puppet names.
    ///
    /// Two assignments in two separate conditionals are not reported: their conditions may
    /// exclude each other.
    ///
    /// ## Why is this bad?
    /// Puppet's variables are immutable: the catalog fails with "Cannot reassign variable".
    ///
    /// ## Example
    /// ```puppet
    /// class app (Boolean $tls) {
    ///   $port = 80
    ///   if $tls {
    ///     $port = 443
    ///   }
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class app (Boolean $tls) {
    ///   $port = $tls ? {
    ///     true    => 443,
    ///     default => 80,
    ///   }
    /// }
    /// ```
    pub struct ReassignedVariable {
        code: "P113",
        name: "reassigned-variable",
        severity: Error,
        category: Types,
    }
}

impl Check for ReassignedVariable {
    fn check(&self, cx: &mut Context<'_>) {
        for d in scope_analysis::analyze(cx) {
            let ScopeDiag::Reassigned {
                name,
                span,
                first,
                first_kind,
            } = d
            else {
                continue;
            };
            let (what, label) = match first_kind {
                BindingKind::Parameter => ("a parameter", "declared as a parameter here"),
                BindingKind::BuiltIn => ("set by Puppet", "set by Puppet for this definition"),
                BindingKind::Assignment => ("already assigned", "first assigned here"),
            };
            cx.report(
                *span,
                format!("cannot reassign the variable `${name}`, {what} in this scope"),
            )
            .label("reassigned")
            .secondary(*first, label)
            .help("use a new name, or compute the value in one expression (a selector or `if` as a value)");
        }
    }
}
