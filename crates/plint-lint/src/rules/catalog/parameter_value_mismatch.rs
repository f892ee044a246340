//! `P208` parameter-value-mismatch: the catalog rule for `EvalDiagKind::ParameterType`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::EvalDiag;

declare_rule! {
    /// ## What it does
    /// Reports a class or defined type parameter whose value, as evaluated for the node, does not
    /// match the parameter's type; the message says where the value came from (the declaration,
    /// Hiera, or the default). Also a lambda's parameter, and a function's argument of a type the
    /// function does not accept (`Integer.each`: an unbounded range is not iterable). Found by
    /// `plint --evaluate`.
    ///
    /// ## Why is this bad?
    /// Puppet fails the compilation (`expects an Integer value, got String`).
    ///
    /// ## Example
    /// ```puppet
    /// class web (Integer $port) {
    ///   notice($port)
    /// }
    /// class { 'web':
    ///   port => 'eighty',
    /// }
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
    pub struct ParameterValueMismatch {
        code: "P208",
        name: "parameter-value-mismatch",
        severity: Error,
        category: Catalog,
    }
}

impl CatalogRule for ParameterValueMismatch {
    fn label(&self, _diag: &EvalDiag) -> String {
        "value of the wrong type".to_string()
    }

    fn help(&self, _diag: &EvalDiag) -> String {
        "give the parameter (or the function's argument) a value of its type, where the value \
         comes from"
            .to_string()
    }
}
