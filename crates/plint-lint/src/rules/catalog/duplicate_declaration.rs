//! `P203` duplicate-declaration: the catalog rule for `EvalDiagKind::DuplicateResource`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::EvalDiag;

declare_rule! {
    /// ## What it does
    /// Reports a resource declared twice in the node's catalog (the same type and title, or the same
    /// name), with both places. Found by `plint --evaluate`: unlike `duplicate-resource` (P117), it
    /// follows the evaluation across classes, defines and modules, with the titles as computed.
    ///
    /// ## Why is this bad?
    /// Puppet fails the compilation with `Duplicate declaration`: a resource can be managed by one
    /// declaration only.
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd':
    ///   ensure => file,
    /// }
    /// file { '/etc/motd':
    ///   ensure  => file,
    ///   content => 'welcome',
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// file { '/etc/motd':
    ///   ensure  => file,
    ///   content => 'welcome',
    /// }
    /// ```
    pub struct DuplicateDeclaration {
        code: "P203",
        name: "duplicate-declaration",
        severity: Error,
        category: Catalog,
    }
}

impl CatalogRule for DuplicateDeclaration {
    fn label(&self, _diag: &EvalDiag) -> String {
        "declared again here".to_string()
    }

    fn help(&self, _diag: &EvalDiag) -> String {
        "declare the resource once; to share it, declare it virtually (`@type`) and `realize` it"
            .to_string()
    }
}
