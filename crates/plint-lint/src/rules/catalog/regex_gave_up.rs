//! `P220` regex-gave-up: the catalog rule for `EvalDiagKind::RegexTooCostly`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::{EvalDiag, GaveUp};

declare_rule! {
    /// ## What it does
    /// Reports a regular expression whose match, while compiling the catalog, took too many
    /// back-tracking steps: a pattern with back-references or look-around whose nested
    /// repetitions can match the same text in exponentially many ways (`^(a+\1?)+$`). plint
    /// gives up such a match after 10,000 steps (or 64 per byte of a longer text; real patterns
    /// need a few dozen), and the compilation goes on with the result unknown: a condition on it
    /// takes no branch (see `unknown-condition`), a function using the pattern (`regsubst`,
    /// `split`, `match`, `validate_re`, ...) returns an unknown value, a node definition's
    /// regular expression is taken as not matching. Reported once per pattern. Found by
    /// `plint --evaluate`.
    ///
    /// ## Why is this bad?
    /// Puppet's own match (Ruby's regular expressions back-track too) may take seconds or
    /// hours on that text, at every catalog compile; and plint could not tell what it gives.
    ///
    /// ## Example
    /// ```puppet
    /// if 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab' =~ /^(a+\1?)+$/ {
    ///   notice('matched')
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// if 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab' =~ /^a+$/ {
    ///   notice('matched')
    /// }
    /// ```
    pub struct RegexGaveUp {
        code: "P220",
        name: "regex-gave-up",
        severity: Warning,
        category: Catalog,
    }
}

impl CatalogRule for RegexGaveUp {
    fn label(&self, _diag: &EvalDiag) -> String {
        "result unknown".to_string()
    }

    fn help(&self, _diag: &EvalDiag) -> String {
        "rewrite the pattern without nested repetitions around back-references or look-around \
         (`(a+)+`), or anchor and bound them"
            .to_string()
    }
}

/// The pattern whose result is unknown, or the error that stopped the compilation.
pub(super) fn message(gave_up: &GaveUp) -> String {
    match gave_up {
        GaveUp::ResultUnknown { pattern } => format!(
            "matching against the regular expression `/{pattern}/` gave up: too many \
             back-tracking steps; its result is unknown"
        ),
        GaveUp::Stopped { message } => message.clone(),
    }
}
