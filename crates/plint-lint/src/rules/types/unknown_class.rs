use crate::declare_rule;
use crate::infer::TypeDiag;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::analysis;

declare_rule! {
    /// ## What it does
    /// Finds `include`, `contain`, `require` and `class { 'x': }` of a class that is not defined.
    /// A class of a module that is not part of the program is not reported (the module is not
    /// installed).
    ///
    /// ## Why is this bad?
    /// Puppet fails the catalog (`Could not find class`).
    ///
    /// ## Example
    /// ```puppet
    /// class web { }
    /// class web::server { }
    /// include web::servr
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class web { }
    /// class web::server { }
    /// include web::server
    /// ```
    pub struct UnknownClass {
        code: "P107",
        name: "unknown-class",
        severity: Error,
        category: Types,
    }
}

impl Check for UnknownClass {
    fn check(&self, cx: &mut Context<'_>) {
        let analysis = analysis::analysis(cx);
        for d in &analysis.diags {
            if let TypeDiag::UnknownClass {
                name,
                span,
                suggestion,
            } = d
            {
                let diag = cx.report(*span, format!("unknown class `{name}`"));
                diag.label("no such class in the program");
                match suggestion {
                    Some(s) => diag.help(format!("did you mean `{s}`?")),
                    None => diag.help("define the class, or fix its name"),
                };
            }
        }
    }
}
