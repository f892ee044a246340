//! `P206` dangling-relationship: the catalog rule for `EvalDiagKind::DanglingRelationship`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::EvalDiag;

declare_rule! {
    /// ## What it does
    /// Reports a relationship (`->`, `~>`, or the metaparameters `before`, `require`, `notify`,
    /// `subscribe`) with a resource that is not in the node's catalog. Found by `plint --evaluate`.
    ///
    /// ## Why is this bad?
    /// Puppet fails the compilation (`Could not find resource ... for relationship`).
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd':
    ///   ensure => file,
    /// }
    /// Package['motd-news'] -> File['/etc/motd']
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// package { 'motd-news':
    ///   ensure => installed,
    /// }
    /// file { '/etc/motd':
    ///   ensure => file,
    /// }
    /// Package['motd-news'] -> File['/etc/motd']
    /// ```
    pub struct DanglingRelationship {
        code: "P206",
        name: "dangling-relationship",
        severity: Error,
        category: Catalog,
    }
}

impl CatalogRule for DanglingRelationship {
    fn label(&self, _diag: &EvalDiag) -> String {
        "refers to a resource not in the catalog".to_string()
    }

    fn help(&self, _diag: &EvalDiag) -> String {
        "declare the resource for this node, fix the reference, or remove the relationship"
            .to_string()
    }
}
