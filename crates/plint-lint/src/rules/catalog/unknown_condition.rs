//! `P213` unknown-condition: the catalog rule for `EvalDiagKind::UnknownCondition`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::{Branch, EvalDiag, Unknown};

declare_rule! {
    /// ## What it does
    /// Notes a condition (`if`, `unless`, `case`, a selector) that depends on a value plint cannot
    /// know statically (a PuppetDB query's result, what an ERB template or a Ruby function
    /// computes with something outside plint's Ruby subset, such as reading a file), so the
    /// branch Puppet takes is not known. The note names where the value comes from (the
    /// call or template that made it unknown, kept through the operators and functions
    /// applied to it since). A coverage note, found by
    /// `plint --evaluate`; the catalog does not include the resources the branches declare, the
    /// variables they assign hold unknown values afterwards, and the attributes their resource
    /// overrides set are unknown.
    ///
    /// ## Why is this bad?
    /// Nothing is wrong with the manifest; but the catalog plint computed, and the checks made on
    /// it, do not cover this condition's branches.
    ///
    /// ## Example
    /// ```puppet
    /// if inline_template('<%= File.read("/etc/role") %>') == 'web' {
    ///   notice('a web server')
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// if $facts['hostname'] == 'web' {
    ///   notice('a web server')
    /// }
    /// ```
    pub struct UnknownCondition {
        code: "P213",
        name: "unknown-condition",
        severity: Info,
        category: Catalog,
    }
}

impl CatalogRule for UnknownCondition {
    fn label(&self, _diag: &EvalDiag) -> String {
        "depends on a value not known statically".to_string()
    }

    fn help(&self, _diag: &EvalDiag) -> String {
        "nothing to fix: this note says what plint could not evaluate".to_string()
    }
}

/// What the unknown value (from `origin`) left out.
pub(super) fn message(what: &Unknown, origin: &str) -> String {
    match what {
        Unknown::Branch(branch) => {
            let what = match branch {
                Branch::Selector => "selector",
                Branch::If => "condition of this `if`",
                Branch::Unless => "condition of this `unless`",
                Branch::Case => "value of this `case`",
            };
            format!(
                "the {what} depends on a value that is not known statically (from {origin}); \
                 neither branch is evaluated"
            )
        }
        Unknown::ClassOf { function } => format!(
            "{function} of a class whose name is not known statically (from {origin}); the \
             class is not evaluated"
        ),
        Unknown::ClassName => format!(
            "a class declared with a name not known statically (from {origin}) is not evaluated"
        ),
        Unknown::Realize => format!(
            "realize of a resource not known statically (from {origin}); the virtual resources \
             it may name stay virtual"
        ),
        Unknown::CreateResources => format!(
            "create_resources() of a type or hash not known statically (from {origin}); its \
             resources are not declared"
        ),
        Unknown::Block { function } => format!(
            "the block of {function}() is not evaluated: its argument is not known statically \
             (from {origin})"
        ),
        Unknown::Relationship => format!(
            "this relationship names a resource that is not known statically (from {origin}); \
             the relationship is not in the catalog"
        ),
        Unknown::ResourceType => {
            format!("resources of a type not known statically (from {origin}) are not declared")
        }
        Unknown::Collector => format!(
            "what this collector collects depends on a value that is not known statically (from \
             {origin}); the resources it may collect are neither realized nor overridden"
        ),
    }
}
