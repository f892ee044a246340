use crate::declare_rule;
use crate::infer::{LambdaProblem, TypeDiag};
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::analysis;

declare_rule! {
    /// ## What it does
    /// Finds a call whose lambda does not fit the function: a function that needs a lambda
    /// called without one, a lambda given to a function that takes none, or a lambda with a
    /// number of parameters no signature accepts (`each` on a hash takes one or two).
    ///
    /// ## Why is this bad?
    /// Puppet fails the catalog when it reaches the call: the lambda is never run as written.
    ///
    /// ## Example
    /// ```puppet
    /// $h = { 'a' => 1 }
    /// $h.each |$k, $v, $extra| { notice($k) }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $h = { 'a' => 1 }
    /// $h.each |$k, $v| { notice($k) }
    /// ```
    pub struct LambdaMismatch {
        code: "P103",
        name: "lambda-mismatch",
        severity: Error,
        category: Types,
    }
}

impl Check for LambdaMismatch {
    fn check(&self, cx: &mut Context<'_>) {
        let analysis = analysis::analysis(cx);
        for d in &analysis.diags {
            if let TypeDiag::LambdaMismatch {
                function,
                span,
                problem,
            } = d
            {
                let (message, help) = match problem {
                    LambdaProblem::Missing => (
                        format!("function `{function}` needs a lambda"),
                        "add a lambda: `|$x| { ... }`".to_string(),
                    ),
                    LambdaProblem::NotAccepted => (
                        format!("function `{function}` does not take a lambda"),
                        "remove the lambda".to_string(),
                    ),
                    LambdaProblem::Count { given, expected } => (
                        format!(
                            "the lambda of `{function}` has {given} parameter(s), which no signature accepts"
                        ),
                        format!("the lambda must be one of: {}", expected.join(", ")),
                    ),
                };
                cx.report(*span, message).label("called here").help(help);
            }
        }
    }
}
