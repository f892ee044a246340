//! `P209` missing-parameter-value: the catalog rule for `EvalDiagKind::MissingParameter`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::EvalDiag;

declare_rule! {
    /// ## What it does
    /// Reports a class or defined type declared, for the node, without a value for a required
    /// parameter (one with no default, no value in the declaration and none in Hiera). Found by
    /// `plint --evaluate`.
    ///
    /// ## Why is this bad?
    /// Puppet fails the compilation (`expects a value for parameter`).
    ///
    /// ## Example
    /// ```puppet
    /// class web (Integer $port) {
    ///   notice($port)
    /// }
    /// include web
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class web (Integer $port) {
    ///   notice($port)
    /// }
    /// class { 'web':
    ///   port => 80,
    /// }
    /// ```
    pub struct MissingParameterValue {
        code: "P209",
        name: "missing-parameter-value",
        severity: Error,
        category: Catalog,
    }
}

impl CatalogRule for MissingParameterValue {
    fn label(&self, _diag: &EvalDiag) -> String {
        "declared without a required parameter".to_string()
    }

    fn help(&self, _diag: &EvalDiag) -> String {
        "give the parameter a value: in the declaration, in Hiera, or as a default".to_string()
    }
}
