//! `P207` dependency-cycle: the catalog rule for `EvalDiagKind::DependencyCycle`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::EvalDiag;

declare_rule! {
    /// ## What it does
    /// Reports a cycle in the node's resource relationships (each resource must come before the
    /// next, and the last before the first); the message prints the cycle. Found by
    /// `plint --evaluate`.
    ///
    /// ## Why is this bad?
    /// The agent cannot order the resources: it refuses to apply the catalog (`Found 1 dependency
    /// cycle`).
    ///
    /// ## Example
    /// ```puppet
    /// file { '/srv/a':
    ///   ensure => directory,
    ///   before => File['/srv/b'],
    /// }
    /// file { '/srv/b':
    ///   ensure => directory,
    ///   before => File['/srv/a'],
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// file { '/srv/a':
    ///   ensure => directory,
    ///   before => File['/srv/b'],
    /// }
    /// file { '/srv/b':
    ///   ensure => directory,
    /// }
    /// ```
    pub struct DependencyCycle {
        code: "P207",
        name: "dependency-cycle",
        severity: Error,
        category: Catalog,
    }
}

impl CatalogRule for DependencyCycle {
    fn label(&self, _diag: &EvalDiag) -> String {
        "part of a dependency cycle".to_string()
    }

    fn help(&self, _diag: &EvalDiag) -> String {
        "remove or reverse one relationship of the cycle".to_string()
    }
}
