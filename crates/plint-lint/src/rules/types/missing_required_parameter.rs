use crate::declare_rule;
use crate::infer::TypeDiag;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::analysis;

declare_rule! {
    /// ## What it does
    /// Finds a defined type declared without a parameter that has no default value. Classes are
    /// not checked: automatic parameter lookup (Hiera) may give the value.
    ///
    /// ## Why is this bad?
    /// Puppet fails the catalog (`expects a value for parameter`).
    ///
    /// ## Example
    /// ```puppet
    /// define web::site(String $docroot) { }
    /// web::site { 'example': }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// define web::site(String $docroot) { }
    /// web::site { 'example': docroot => '/srv/www' }
    /// ```
    pub struct MissingRequiredParameter {
        code: "P109",
        name: "missing-required-parameter",
        severity: Error,
        category: Types,
    }
}

impl Check for MissingRequiredParameter {
    fn check(&self, cx: &mut Context<'_>) {
        let analysis = analysis::analysis(cx);
        for d in &analysis.diags {
            if let TypeDiag::MissingRequiredParameter {
                definition,
                param,
                span,
            } = d
            {
                cx.report(
                    *span,
                    format!("`{definition}` needs a value for parameter `{param}`"),
                )
                .label("declared without it")
                .help(format!(
                    "give `{param}` a value, or give the parameter a default"
                ));
            }
        }
    }
}
