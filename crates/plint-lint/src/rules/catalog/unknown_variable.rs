//! `P212` unknown-variable: the catalog rule for `EvalDiagKind::UndefinedVariable`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::EvalDiag;

declare_rule! {
    /// ## What it does
    /// Reports a variable used, for the node, where no variable of that name is set. An error,
    /// as Puppet 8 (`strict_variables` on by default) fails the compilation there; with
    /// `puppet-version = 7` a warning, as Puppet 7 warns and uses `undef` (an error again with
    /// `--strict-variables`). Found by `plint --evaluate`: unlike `undefined-variable` (P112),
    /// it follows the evaluation (facts, node scope, includes).
    ///
    /// ## Why is this bad?
    /// The value is `undef` where the code expects something, usually a typo or a variable of a
    /// class that was not evaluated yet; Puppet 8 fails the compilation.
    ///
    /// ## Example
    /// ```puppet
    /// notice("listening on ${listen_port}")
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $listen_port = 8080
    /// notice("listening on ${listen_port}")
    /// ```
    pub struct UnknownVariable {
        code: "P212",
        name: "unknown-variable",
        severity: Error,
        category: Catalog,
        puppet_setting: StrictVariables,
    }
}

impl CatalogRule for UnknownVariable {
    fn label(&self, _diag: &EvalDiag) -> String {
        "not set".to_string()
    }

    fn help(&self, _diag: &EvalDiag) -> String {
        "set the variable before using it, or fix its name".to_string()
    }
}
