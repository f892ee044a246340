//! `P217` evaluation-budget-exceeded: the catalog rule for `EvalDiagKind::BudgetExceeded`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::EvalDiag;

declare_rule! {
    /// ## What it does
    /// Reports a compilation that ran out of one of the budgets that bound `plint --evaluate` in
    /// time and memory, so that a hostile or broken manifest cannot hang or exhaust the machine
    /// that checks it. The message names the budget and its limit and the finding points at the
    /// expression where it ran out. The budgets, per node:
    ///
    /// - *evaluation steps*: 20,000,000 (every expression evaluated and every call of a lambda
    ///   counts, so an iteration with an empty lambda still costs);
    /// - *wall time*: 60 seconds;
    /// - *string size*: 64 MiB for one string (interpolation, `sprintf` widths, functions);
    /// - *collection size*: 10,000,000 elements for one array or hash, nested ones counted (an
    ///   iteration over more than that many elements, `range()`, array or hash doubling), and
    ///   a nesting depth of 1,000 levels;
    /// - *resources*: 200,000 in the catalog (classes and define instances included: a define
    ///   that declares two instances of itself);
    /// - *Hiera interpolations*: 100,000 lookups and `%{...}` interpolations (Hiera data that
    ///   interpolates a key twice per level);
    /// - *template size*: 64 MiB of text rendered by one EPP template;
    /// - *catalog size*: 40,000,000 elements in the parameters of the catalog's resources
    ///   (values that share their parts count each time they would be written out).
    ///
    /// `--eval-budget NAME=N` changes a budget (`steps`, `time`, `string`, `elements`,
    /// `resources`, `hiera`, `template`); the built-in functions keep their own bounds of 64 MiB
    /// per string and 10,000,000 elements per call.
    ///
    /// Sizes are checked before the value is built. The node's compilation stops at the finding
    /// (it has no catalog); the other nodes of a facts directory are compiled as usual. Found by
    /// `plint --evaluate`.
    ///
    /// ## Why is this bad?
    /// Puppet would spend minutes or all of the server's memory compiling such a catalog, if it
    /// finished at all; a real catalog is far below every budget.
    ///
    /// ## Example
    /// ```puppet
    /// $banner = sprintf('%100000000s', 'welcome')
    /// notice($banner)
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $banner = sprintf('%80s', 'welcome')
    /// notice($banner)
    /// ```
    pub struct EvaluationBudgetExceeded {
        code: "P217",
        name: "evaluation-budget-exceeded",
        severity: Error,
        category: Catalog,
    }
}

impl CatalogRule for EvaluationBudgetExceeded {
    fn label(&self, _diag: &EvalDiag) -> String {
        "the budget runs out here".to_string()
    }

    fn help(&self, _diag: &EvalDiag) -> String {
        "bound the iteration, recursion or growth: no real catalog needs this much".to_string()
    }
}
