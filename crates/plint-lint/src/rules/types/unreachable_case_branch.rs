use crate::declare_rule;
use crate::infer::TypeDiag;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::analysis;

declare_rule! {
    /// ## What it does
    /// Finds a type matcher of a `case` that cannot match: the value's type excludes it, or an
    /// earlier matcher already takes every value it would.
    ///
    /// ## Why is this bad?
    /// The branch is dead code, and usually a sign that the case does not test what was meant.
    ///
    /// ## Example
    /// ```puppet
    /// class web(Integer $port) {
    ///   case $port {
    ///     String: { notice('a string') }
    ///     default: { notice('a number') }
    ///   }
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class web(Variant[Integer, String] $port) {
    ///   case $port {
    ///     String: { notice('a string') }
    ///     default: { notice('a number') }
    ///   }
    /// }
    /// ```
    pub struct UnreachableCaseBranch {
        code: "P119",
        name: "unreachable-case-branch",
        severity: Warning,
        category: Types,
    }
}

impl Check for UnreachableCaseBranch {
    fn check(&self, cx: &mut Context<'_>) {
        let analysis = analysis::analysis(cx);
        for d in &analysis.diags {
            if let TypeDiag::UnreachableCaseBranch {
                span,
                matcher,
                value,
                earlier,
            } = d
            {
                let diag = match earlier {
                    Some(e) => {
                        let diag = cx.report(*span, format!("case branch `{matcher}` is unreachable: an earlier branch takes all its values"));
                        diag.secondary(*e, "this branch matches first");
                        diag
                    }
                    None => cx.report(
                        *span,
                        format!(
                            "case branch `{matcher}` is unreachable: the value is {}",
                            analysis::show_type(value)
                        ),
                    ),
                };
                diag.label("never matches")
                    .help("remove the branch or fix the matcher");
            }
        }
    }
}
