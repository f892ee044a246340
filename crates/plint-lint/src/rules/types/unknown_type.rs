use crate::declare_rule;
use crate::infer::TypeDiag;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::analysis;

declare_rule! {
    /// ## What it does
    /// Finds a type reference that is neither a core type, nor a type alias, resource type,
    /// defined type or class of the program. A name `Mod::X` is checked only when the module
    /// `mod` is part of the program.
    ///
    /// ## Why is this bad?
    /// Puppet fails when it resolves the type (`Resource type not found`, an unresolved type
    /// reference).
    ///
    /// ## Example
    /// ```puppet
    /// type Web::Port = Integer[1, 65535]
    /// class web(Web::Prot $port = 80) { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// type Web::Port = Integer[1, 65535]
    /// class web(Web::Port $port = 80) { }
    /// ```
    pub struct UnknownType {
        code: "P120",
        name: "unknown-type",
        severity: Error,
        category: Types,
    }
}

impl Check for UnknownType {
    fn check(&self, cx: &mut Context<'_>) {
        let analysis = analysis::analysis(cx);
        for d in &analysis.diags {
            if let TypeDiag::UnknownType {
                name,
                span,
                suggestion,
            } = d
            {
                let diag = cx.report(*span, format!("unknown type `{name}`"));
                diag.label("not a type of Puppet or of the program");
                match suggestion {
                    Some(s) => diag.help(format!("did you mean `{s}`?")),
                    None => diag.help("define the type alias, or fix its name"),
                };
            }
        }
    }
}
