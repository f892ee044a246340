use crate::declare_rule;
use crate::infer::TypeDiag;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::analysis;

declare_rule! {
    /// ## What it does
    /// Finds a core resource type's attribute given a value it never accepts, such as
    /// `ensure => runing` on a service. Only values whose type cannot match are reported: a string
    /// of unknown content may match a pattern.
    ///
    /// ## Why is this bad?
    /// Puppet fails when it applies or validates the resource (`Invalid value`).
    ///
    /// ## Example
    /// ```puppet
    /// service { 'nginx': ensure => runing }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// service { 'nginx': ensure => running }
    /// ```
    pub struct AttributeTypeMismatch {
        code: "P106",
        name: "attribute-type-mismatch",
        severity: Error,
        category: Types,
    }
}

impl Check for AttributeTypeMismatch {
    fn check(&self, cx: &mut Context<'_>) {
        let analysis = analysis::analysis(cx);
        for d in &analysis.diags {
            if let TypeDiag::AttributeTypeMismatch {
                type_name,
                attribute,
                expected,
                found,
                span,
            } = d
            {
                cx.report(
                    *span,
                    format!(
                        "`{type_name}` attribute `{attribute}` expects {}, got {}",
                        analysis::show_type(expected),
                        analysis::show_value(found)
                    ),
                )
                .label("not a valid value")
                .help("give a value of the expected type");
            }
        }
    }
}
