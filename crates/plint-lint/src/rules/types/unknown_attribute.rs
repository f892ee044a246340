use crate::declare_rule;
use crate::infer::TypeDiag;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::analysis;

declare_rule! {
    /// ## What it does
    /// Finds an attribute that the resource's type does not have: not a parameter or property of
    /// the core type, not a parameter of the defined type, not a metaparameter. `name` is
    /// accepted on every type, as Puppet does: it is the namevar by another name (`file`'s
    /// `path`), or a defined type's `$name`.
    ///
    /// ## Why is this bad?
    /// Puppet fails the catalog (`no parameter named ...`, `Invalid parameter ...`).
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd':
    ///   ensure  => file,
    ///   contnet => 'hello',
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// file { '/etc/motd':
    ///   ensure  => file,
    ///   content => 'hello',
    /// }
    /// ```
    pub struct UnknownAttribute {
        code: "P105",
        name: "unknown-attribute",
        severity: Error,
        category: Types,
    }
}

impl Check for UnknownAttribute {
    fn check(&self, cx: &mut Context<'_>) {
        let analysis = analysis::analysis(cx);
        for d in &analysis.diags {
            if let TypeDiag::UnknownAttribute {
                type_name,
                attribute,
                span,
                suggestion,
            } = d
            {
                let diag = cx.report(
                    *span,
                    format!("`{type_name}` has no attribute `{attribute}`"),
                );
                diag.label("unknown attribute");
                match suggestion {
                    Some(s) => diag.help(format!("did you mean `{s}`?")),
                    None => diag.help(format!("see the attributes of `{type_name}`")),
                };
            }
        }
    }
}
