//! `P213` unknown-condition: the catalog rule for `EvalDiagKind::UnknownCondition`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::{EvalDiag, EvalDiagKind};

declare_rule! {
    /// ## What it does
    /// Notes a condition (`if`, `unless`, `case`, a selector) that depends on a value plint cannot
    /// know statically (a PuppetDB query's result, what an ERB template or a Ruby function
    /// computes with something outside plint's Ruby subset, such as reading a file), so the
    /// branch Puppet takes is not known. The note names where the value comes from (the
    /// call or template that made it unknown, kept through the operators and functions
    /// applied to it since). A coverage note, found by
    /// `plint --evaluate`; the catalog does not include the resources the branches declare, the
    /// variables they assign hold unknown values afterwards, and the attributes their resource
    /// overrides set are unknown.
    ///
    /// ## Why is this bad?
    /// Nothing is wrong with the manifest; but the catalog plint computed, and the checks made on
    /// it, do not cover this condition's branches.
    ///
    /// ## Example
    /// ```puppet
    /// if inline_template('<%= File.read("/etc/role") %>') == 'web' {
    ///   notice('a web server')
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// if $facts['hostname'] == 'web' {
    ///   notice('a web server')
    /// }
    /// ```
    pub struct UnknownCondition {
        code: "P213",
        name: "unknown-condition",
        severity: Info,
        category: Catalog,
    }
}

impl CatalogRule for UnknownCondition {
    fn kinds(&self) -> &'static [EvalDiagKind] {
        &[EvalDiagKind::UnknownCondition]
    }

    fn label(&self, _diag: &EvalDiag) -> String {
        "depends on a value not known statically".to_string()
    }

    fn help(&self, _diag: &EvalDiag) -> String {
        "nothing to fix: this note says what plint could not evaluate".to_string()
    }
}
