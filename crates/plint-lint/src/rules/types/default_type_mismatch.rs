use crate::declare_rule;
use crate::infer::TypeDiag;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::analysis;

declare_rule! {
    /// ## What it does
    /// Finds a parameter whose default value cannot match the parameter's declared type,
    /// including a size the default does not have (`Array[String, 1] $names = []`,
    /// `String[1] $label = ''`, `Hash[String, String, 1] $tags = {}`).
    ///
    /// ## Why is this bad?
    /// Puppet fails as soon as the default is used: every declaration that leaves the parameter
    /// out fails.
    ///
    /// ## Example
    /// ```puppet
    /// class web(Integer $port = '80') { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class web(Integer $port = 80) { }
    /// ```
    pub struct DefaultTypeMismatch {
        code: "P111",
        name: "default-type-mismatch",
        severity: Error,
        category: Types,
    }
}

impl Check for DefaultTypeMismatch {
    fn check(&self, cx: &mut Context<'_>) {
        let analysis = analysis::analysis(cx);
        for d in &analysis.diags {
            if let TypeDiag::DefaultTypeMismatch {
                param,
                expected,
                found,
                span,
            } = d
            {
                cx.report(
                    *span,
                    format!(
                        "the default of `${param}` is {}, but the parameter expects {}",
                        analysis::show_value(found),
                        analysis::show_type(expected)
                    ),
                )
                .label("wrong type")
                .help("change the default or the declared type");
            }
        }
    }
}
