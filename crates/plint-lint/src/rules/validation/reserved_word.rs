use crate::declare_rule;
use crate::report::Fix;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::ExprKind;

declare_rule! {
    /// ## What it does
    /// Finds the reserved words `attr` and `private` used as bare-word values.
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`RESERVED_WORD`): these words are reserved for the
    /// language and cannot stand for the strings they spell.
    ///
    /// ## Example
    /// ```puppet
    /// $visibility = private
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $visibility = 'private'
    /// ```
    pub struct ReservedWord {
        code: "P325",
        name: "reserved-word",
        severity: Error,
        category: Validation,
        fixable: true,
    }
}

impl Check for ReservedWord {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx.index().exprs_of(&[Kind::ReservedWord]) {
            let ExprKind::ReservedWord(word) = &e.kind else {
                continue;
            };
            cx.report(e.span, format!("`{word}` is a reserved word"))
                .label("reserved word used as a value")
                .help("quote it to use it as a string")
                .fix(Fix::replace(
                    "quote the word",
                    e.span.range(),
                    format!("'{word}'"),
                ));
        }
    }
}
