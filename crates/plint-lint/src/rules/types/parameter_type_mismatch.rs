use crate::declare_rule;
use crate::infer::TypeDiag;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::analysis;

declare_rule! {
    /// ## What it does
    /// Finds a class or defined type declared with a parameter value that cannot match the
    /// parameter's declared type.
    ///
    /// ## Why is this bad?
    /// Puppet fails the catalog (`expects a ... value, got ...`).
    ///
    /// ## Example
    /// ```puppet
    /// define web::site(Integer $port = 80) { }
    /// web::site { 'example': port => 'eighty' }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// define web::site(Integer $port = 80) { }
    /// web::site { 'example': port => 8080 }
    /// ```
    pub struct ParameterTypeMismatch {
        code: "P110",
        name: "parameter-type-mismatch",
        severity: Error,
        category: Types,
    }
}

impl Check for ParameterTypeMismatch {
    fn check(&self, cx: &mut Context<'_>) {
        let analysis = analysis::analysis(cx);
        for d in &analysis.diags {
            if let TypeDiag::ParameterTypeMismatch {
                definition,
                param,
                expected,
                found,
                span,
            } = d
            {
                cx.report(
                    *span,
                    format!(
                        "parameter `{param}` of `{definition}` expects {}, got {}",
                        analysis::show_type(expected),
                        analysis::show_value(found)
                    ),
                )
                .label("wrong type")
                .help("give a value of the declared type");
            }
        }
    }
}
