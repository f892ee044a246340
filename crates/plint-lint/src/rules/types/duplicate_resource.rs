use crate::declare_rule;
use crate::infer::TypeDiag;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::analysis;

declare_rule! {
    /// ## What it does
    /// Finds a resource declared twice with the same type and title in one class, define or node
    /// (or at top scope) of a file, in two resource expressions on one execution path (the two
    /// branches of an `if` are not a duplicate).
    ///
    /// ## Why is this bad?
    /// Puppet fails the catalog (`Duplicate declaration`).
    ///
    /// ## Example
    /// ```puppet
    /// class web {
    ///   package { 'nginx': ensure => installed }
    ///   package { 'nginx': ensure => latest }
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class web {
    ///   package { 'nginx': ensure => latest }
    /// }
    /// ```
    pub struct DuplicateResource {
        code: "P117",
        name: "duplicate-resource",
        severity: Error,
        category: Types,
    }
}

impl Check for DuplicateResource {
    fn check(&self, cx: &mut Context<'_>) {
        let analysis = analysis::analysis(cx);
        for d in &analysis.diags {
            if let TypeDiag::DuplicateResource {
                type_name,
                title,
                span,
                first,
            } = d
            {
                cx.report(*span, format!("`{type_name}['{title}']` is declared twice"))
                    .label("declared again here")
                    .secondary(*first, "first declared here")
                    .help("declare the resource once");
            }
        }
    }
}
