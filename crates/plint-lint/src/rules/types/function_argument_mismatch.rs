use crate::declare_rule;
use crate::infer::TypeDiag;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::analysis;

declare_rule! {
    /// ## What it does
    /// Finds a function call whose arguments no signature of the function accepts: too few, too
    /// many, or of the wrong type (an `Integer` where a `String` is expected). The message lists
    /// the signatures as Puppet does: expected one of ..., actual ....
    ///
    /// ## Why is this bad?
    /// Puppet fails the catalog (`called with mis-matched arguments`) when it reaches the call.
    ///
    /// ## Example
    /// ```puppet
    /// $parts = split('a,b', ',', 3)
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $parts = split('a,b', ',')
    /// ```
    pub struct FunctionArgumentMismatch {
        code: "P102",
        name: "function-argument-mismatch",
        severity: Error,
        category: Types,
    }
}

impl Check for FunctionArgumentMismatch {
    fn check(&self, cx: &mut Context<'_>) {
        let analysis = analysis::analysis(cx);
        for d in &analysis.diags {
            if let TypeDiag::ArgumentMismatch {
                function,
                span,
                expected,
                actual,
            } = d
            {
                let list = expected
                    .iter()
                    .map(|s| format!("`{s}`"))
                    .collect::<Vec<_>>()
                    .join(", ");
                let one = if expected.len() == 1 {
                    "expected"
                } else {
                    "expected one of"
                };
                cx.report(
                *span,
                format!("function `{function}` called with mis-matched arguments: {one} {list}; actual `{actual}`"),
            )
            .label("no signature accepts these arguments")
            .help("give the arguments one of the signatures takes");
            }
        }
    }
}
