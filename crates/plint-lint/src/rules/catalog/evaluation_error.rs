//! `P201` evaluation-error: the catalog rule for `EvalDiagKind::EvalError`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::EvalDiag;

declare_rule! {
    /// ## What it does
    /// Reports an error that stops Puppet's evaluation of the manifests for the node: an operator
    /// applied to operands it does not accept (comparing a String with an Integer, adding a String to
    /// a number), a function called with wrong arguments, a syntax error in a file the compilation
    /// loads, evaluation nested too deeply. Found by `plint --evaluate`.
    ///
    /// ## Why is this bad?
    /// Puppet fails the whole compilation: the node gets no new catalog until the manifest is fixed.
    ///
    /// ## Example
    /// ```puppet
    /// $port = '8080'
    /// if $port > 1024 {
    ///   notice('unprivileged port')
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $port = 8080
    /// if $port > 1024 {
    ///   notice('unprivileged port')
    /// }
    /// ```
    pub struct EvaluationError {
        code: "P201",
        name: "evaluation-error",
        severity: Error,
        category: Catalog,
    }
}

impl CatalogRule for EvaluationError {
    fn label(&self, _diag: &EvalDiag) -> String {
        "evaluation fails here".to_string()
    }

    fn help(&self, _diag: &EvalDiag) -> String {
        "fix the expression: Puppet stops compiling the catalog here".to_string()
    }
}
