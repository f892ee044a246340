//! `P210` missing-class: the catalog rule for `EvalDiagKind::UnknownClass`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::EvalDiag;

declare_rule! {
    /// ## What it does
    /// Reports `include`, `contain`, `require` or a resource-like declaration of a class that
    /// cannot be found, as the node's compilation reaches it. Found by `plint --evaluate`: unlike
    /// `unknown-class` (P107), it reports classes of modules missing from the module path too.
    ///
    /// ## Why is this bad?
    /// Puppet fails the compilation (`Could not find class`).
    ///
    /// ## Example
    /// ```puppet
    /// class web::server {
    ///   notice('web')
    /// }
    /// include web::servr
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class web::server {
    ///   notice('web')
    /// }
    /// include web::server
    /// ```
    pub struct MissingClass {
        code: "P210",
        name: "missing-class",
        severity: Error,
        category: Catalog,
    }
}

impl CatalogRule for MissingClass {
    fn label(&self, _diag: &EvalDiag) -> String {
        "no such class".to_string()
    }

    fn help(&self, _diag: &EvalDiag) -> String {
        "fix the class's name, define it, or add its module to the module path".to_string()
    }
}
