//! `P202` failed-assertion: the catalog rule for `EvalDiagKind::Fail`, `EvalDiagKind::AssertType`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::EvalDiag;

declare_rule! {
    /// ## What it does
    /// Reports a call of `fail()`, or an `assert_type()` whose value does not match, reached while
    /// compiling the node's catalog. Found by `plint --evaluate`.
    ///
    /// ## Why is this bad?
    /// The manifest refuses to configure this node (often an operating system or a setting it does
    /// not support): Puppet fails the compilation with this message.
    ///
    /// ## Example
    /// ```puppet
    /// if $facts['os']['family'] != 'RedHat' {
    ///   fail('this class supports only RedHat')
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// if $facts['os']['family'] !~ /^(RedHat|Debian)$/ {
    ///   fail('this class supports only RedHat and Debian')
    /// }
    /// ```
    pub struct FailedAssertion {
        code: "P202",
        name: "failed-assertion",
        severity: Error,
        category: Catalog,
    }
}

impl CatalogRule for FailedAssertion {
    fn label(&self, _diag: &EvalDiag) -> String {
        "the compilation stops here".to_string()
    }

    fn help(&self, _diag: &EvalDiag) -> String {
        "check the node's facts and data, or the condition that leads here".to_string()
    }
}
