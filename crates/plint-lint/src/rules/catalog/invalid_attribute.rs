//! `P205` invalid-attribute: the catalog rule for `EvalDiagKind::UnknownAttribute`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::EvalDiag;

declare_rule! {
    /// ## What it does
    /// Reports an attribute that the resource's type does not have (neither a parameter, a property
    /// nor a metaparameter), in the node's catalog. Found by `plint --evaluate`.
    ///
    /// ## Why is this bad?
    /// Puppet fails the compilation (`no parameter named ...`).
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd':
    ///   ensure   => file,
    ///   contents => 'welcome',
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
    pub struct InvalidAttribute {
        code: "P205",
        name: "invalid-attribute",
        severity: Error,
        category: Catalog,
    }
}

impl CatalogRule for InvalidAttribute {
    fn label(&self, _diag: &EvalDiag) -> String {
        "not an attribute of this type".to_string()
    }

    fn help(&self, _diag: &EvalDiag) -> String {
        "use one of the type's attributes (a parameter, a property or a metaparameter)".to_string()
    }
}
