use crate::declare_rule;
use crate::infer::TypeDiag;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::analysis;

declare_rule! {
    /// ## What it does
    /// Finds `[]` applied to a value that cannot be indexed: a number, a boolean, `undef`, a
    /// regexp.
    ///
    /// ## Why is this bad?
    /// Puppet fails when it evaluates the expression (`Operator '[]' is not applicable`).
    ///
    /// ## Example
    /// ```puppet
    /// $port = 80
    /// notice($port[0])
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $ports = [80, 443]
    /// notice($ports[0])
    /// ```
    pub struct InvalidAccess {
        code: "P118",
        name: "invalid-access",
        severity: Error,
        category: Types,
    }
}

impl Check for InvalidAccess {
    fn check(&self, cx: &mut Context<'_>) {
        let analysis = analysis::analysis(cx);
        for d in &analysis.diags {
            if let TypeDiag::InvalidAccess { found, span } = d {
                cx.report(
                    *span,
                    format!("`[]` is not applicable to {}", analysis::show_value(found)),
                )
                .label("cannot be indexed")
                .help("index a String, an Array, a Hash or a type");
            }
        }
    }
}
