use crate::declare_rule;
use crate::infer::TypeDiag;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::analysis;

declare_rule! {
    /// ## What it does
    /// Finds a resource-like class declaration (`class { 'x': param => value }`) with a parameter
    /// the class does not have. `name` is accepted, as Puppet does: it sets the class's `$name`.
    ///
    /// ## Why is this bad?
    /// Puppet fails the catalog (`has no parameter named`).
    ///
    /// ## Example
    /// ```puppet
    /// class web(Integer $port = 80) { }
    /// class { 'web': prot => 8080 }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class web(Integer $port = 80) { }
    /// class { 'web': port => 8080 }
    /// ```
    pub struct UnknownClassParameter {
        code: "P108",
        name: "unknown-class-parameter",
        severity: Error,
        category: Types,
    }
}

impl Check for UnknownClassParameter {
    fn check(&self, cx: &mut Context<'_>) {
        let analysis = analysis::analysis(cx);
        for d in &analysis.diags {
            if let TypeDiag::UnknownClassParameter {
                class,
                param,
                span,
                suggestion,
            } = d
            {
                let diag = cx.report(*span, format!("class `{class}` has no parameter `{param}`"));
                diag.label("unknown parameter");
                match suggestion {
                    Some(s) => diag.help(format!("did you mean `{s}`?")),
                    None => diag.help(format!("see the parameters of `{class}`")),
                };
            }
        }
    }
}
