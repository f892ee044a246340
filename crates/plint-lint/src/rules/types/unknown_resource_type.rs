use crate::declare_rule;
use crate::infer::TypeDiag;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::analysis;

declare_rule! {
    /// ## What it does
    /// Finds a resource declared with a type that is neither a core resource type, nor a custom
    /// type of a module (`lib/puppet/type`), nor a defined type of the program. A name
    /// `mod::x` is checked only when the module `mod` is part of the program; a plain name only
    /// when it is a near miss of a known type (a custom type of a module that is not installed
    /// could have any name); while a module the file's module declares it needs is absent,
    /// that near miss is a warning, not an error.
    ///
    /// ## Why is this bad?
    /// Puppet fails the catalog (`Unknown resource type`).
    ///
    /// ## Example
    /// ```puppet
    /// pakage { 'nginx': ensure => installed }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// package { 'nginx': ensure => installed }
    /// ```
    pub struct UnknownResourceType {
        code: "P104",
        name: "unknown-resource-type",
        severity: Error,
        category: Types,
    }
}

impl Check for UnknownResourceType {
    fn check(&self, cx: &mut Context<'_>) {
        let analysis = analysis::analysis(cx);
        let closed = cx.world_is_closed();
        for d in &analysis.diags {
            if let TypeDiag::UnknownResourceType {
                name,
                span,
                suggestion,
            } = d
            {
                let diag = cx.report(*span, format!("unknown resource type `{name}`"));
                diag.label("no such resource type");
                // A custom type of a module that is not installed may have the name: a near
                // miss of a known type is worth a warning, not an error.
                if !closed && !name.contains("::") {
                    diag.severity = crate::report::Severity::Warning;
                }
                match suggestion {
                    Some(s) => diag.help(format!("did you mean `{s}`?")),
                    None => diag.help("define the type, or install the module that provides it"),
                };
            }
        }
    }
}
