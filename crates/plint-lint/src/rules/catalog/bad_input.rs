//! `P215` bad-input: the catalog rule for `EvalDiagKind::BadInput`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::EvalDiag;

declare_rule! {
    /// ## What it does
    /// Reports data the compilation needs but cannot read: a facts file that is missing, malformed
    /// (with the line and column) or not a hash, Hiera data or a `hiera.yaml` that cannot be read or
    /// parsed, a manifest that cannot be read. Found by `plint --evaluate`.
    ///
    /// ## Why is this bad?
    /// Without the data plint cannot compile the node's catalog, as Puppet cannot.
    ///
    /// ## Example
    /// ```puppet
    /// # facts: {"fqdn": "node.example.com", "os": {"family": "Debian",}}
    /// notice($facts['os']['family'])
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// # facts: {"fqdn": "node.example.com", "os": {"family": "Debian"}}
    /// notice($facts['os']['family'])
    /// ```
    pub struct BadInput {
        code: "P215",
        name: "bad-input",
        severity: Error,
        category: Catalog,
    }
}

impl CatalogRule for BadInput {
    fn label(&self, _diag: &EvalDiag) -> String {
        "cannot be used".to_string()
    }

    fn help(&self, _diag: &EvalDiag) -> String {
        "fix the file: it must be valid YAML or JSON with a hash at the top".to_string()
    }
}
