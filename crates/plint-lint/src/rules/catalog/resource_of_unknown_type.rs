//! `P204` resource-of-unknown-type: the catalog rule for `EvalDiagKind::UnknownResourceType`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::EvalDiag;

declare_rule! {
    /// ## What it does
    /// Reports a resource (or a reference) whose type is neither a core type, a defined type nor a
    /// custom type of a module on the module path, as the node's compilation reaches it. Found by
    /// `plint --evaluate`.
    ///
    /// ## Why is this bad?
    /// Puppet fails the compilation (`Resource type not found`): often a typo, or a module missing
    /// from the module path.
    ///
    /// ## Example
    /// ```puppet
    /// fiel { '/etc/motd':
    ///   ensure => file,
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// file { '/etc/motd':
    ///   ensure => file,
    /// }
    /// ```
    pub struct ResourceOfUnknownType {
        code: "P204",
        name: "resource-of-unknown-type",
        severity: Error,
        category: Catalog,
    }
}

impl CatalogRule for ResourceOfUnknownType {
    fn label(&self, _diag: &EvalDiag) -> String {
        "no such resource type".to_string()
    }

    fn help(&self, _diag: &EvalDiag) -> String {
        "fix the type's name, or add the module that provides it to the module path".to_string()
    }
}
