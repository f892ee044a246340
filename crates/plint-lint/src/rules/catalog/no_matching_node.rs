//! `P214` no-matching-node: the catalog rule for `EvalDiagKind::NoMatchingNode`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::EvalDiag;

declare_rule! {
    /// ## What it does
    /// Reports manifests with node definitions, none of which matches the node (no name or regular
    /// expression, and no `node default`). Found by `plint --evaluate`.
    ///
    /// ## Why is this bad?
    /// Puppet fails the compilation (`Could not find node statement`).
    ///
    /// ## Example
    /// ```puppet
    /// node 'web01.example.com' {
    ///   notice('web')
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// node 'web01.example.com' {
    ///   notice('web')
    /// }
    /// node default {
    ///   notice('any other node')
    /// }
    /// ```
    pub struct NoMatchingNode {
        code: "P214",
        name: "no-matching-node",
        severity: Error,
        category: Catalog,
    }
}

impl CatalogRule for NoMatchingNode {
    fn label(&self, _diag: &EvalDiag) -> String {
        "no node definition matches".to_string()
    }

    fn help(&self, _diag: &EvalDiag) -> String {
        "add a node definition that matches the node (or `node default`)".to_string()
    }
}
