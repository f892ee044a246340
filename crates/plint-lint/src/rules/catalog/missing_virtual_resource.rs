//! `P211` missing-virtual-resource: the catalog rule for `EvalDiagKind::RealizeMissing`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::EvalDiag;

declare_rule! {
    /// ## What it does
    /// Reports `realize` of a resource that is declared nowhere in the node's catalog (neither
    /// virtually nor concretely). Found by `plint --evaluate`.
    ///
    /// ## Why is this bad?
    /// Puppet fails the compilation (`Failed to realize virtual resources`).
    ///
    /// ## Example
    /// ```puppet
    /// realize(User['alice'])
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// @user { 'alice':
    ///   ensure => present,
    /// }
    /// realize(User['alice'])
    /// ```
    pub struct MissingVirtualResource {
        code: "P211",
        name: "missing-virtual-resource",
        severity: Error,
        category: Catalog,
    }
}

impl CatalogRule for MissingVirtualResource {
    fn label(&self, _diag: &EvalDiag) -> String {
        "nothing to realize".to_string()
    }

    fn help(&self, _diag: &EvalDiag) -> String {
        "declare the virtual resource (`@type { 'title': }`) for this node, or fix the reference"
            .to_string()
    }
}
