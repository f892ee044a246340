use crate::declare_rule;
use crate::infer::TypeDiag;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::analysis;

declare_rule! {
    /// ## What it does
    /// Finds an operator applied to operands it cannot work on: arithmetic on a string that is not
    /// a number (`1 + 'a'`), a comparison of a number with a string or of values that are not
    /// comparable, a regular expression match on a number.
    ///
    /// ## Why is this bad?
    /// Puppet fails when it evaluates the expression.
    ///
    /// ## Example
    /// ```puppet
    /// $total = 1 + 'a'
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $total = 1 + 2
    /// ```
    pub struct OperatorTypeMismatch {
        code: "P116",
        name: "operator-type-mismatch",
        severity: Error,
        category: Types,
    }
}

impl Check for OperatorTypeMismatch {
    fn check(&self, cx: &mut Context<'_>) {
        let analysis = analysis::analysis(cx);
        for d in &analysis.diags {
            if let TypeDiag::OperatorMismatch {
                op,
                left,
                right,
                span,
                reason,
            } = d
            {
                cx.report(
                    *span,
                    format!(
                        "operator `{op}` cannot be applied to {} and {}: {reason}",
                        analysis::show_value(left),
                        analysis::show_value(right)
                    ),
                )
                .label("operands of the wrong types")
                .help("convert the operands first");
            }
        }
    }
}
