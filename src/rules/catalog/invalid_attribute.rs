//! `P205` invalid-attribute: the catalog rule for `EvalDiagKind::UnknownAttribute`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::{BadAttribute, EvalDiag};

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

/// Puppet's message: one per attribute of a core or custom type, all of a defined type's or
/// a class's in one.
pub(super) fn message(resource: &str, problem: &BadAttribute) -> String {
    match problem {
        BadAttribute::Native(name) => format!("no parameter named '{name}' on {resource}"),
        BadAttribute::Defined(names) => match names.as_slice() {
            [one] => format!("{resource}: has no parameter named '{one}'"),
            many => {
                let mut m = format!("{resource}:");
                for n in many {
                    m.push_str(&format!("\n  has no parameter named '{n}'"));
                }
                m
            }
        },
        BadAttribute::Stage => format!(
            "Only classes can set 'stage'; normal resources like {resource} cannot change run \
             stage"
        ),
    }
}
