use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check, queries};
use crate::syntax::ast::ExprKind;

declare_rule! {
    /// ## What it does
    /// Finds resource references whose title is a bare word (`require => Package[ntp]`).
    ///
    /// References are looked at where they are given to a relationship metaparameter
    /// (`require`, `subscribe`, `notify`, `before`, `consume`, `export`) and where they are
    /// operands of a relationship arrow (`->`, `~>`, `<-`, `<~`). The fix quotes the title.
    /// On by default.
    ///
    /// ## Why is this bad?
    /// A bare word title reads like a name or a type, and a word that happens to be a
    /// keyword or contain other characters fails or changes meaning. Titles are strings:
    /// quote them, as in the resource declaration.
    ///
    /// ## Example
    /// ```puppet
    /// service { 'ntpd': require => Package[ntp] }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// service { 'ntpd': require => Package['ntp'] }
    /// ```
    pub struct UnquotedReferenceTitle {
        code: "P470",
        name: "unquoted-reference-title",
        severity: Warning,
        category: Style,
        puppet_lint: "resource_reference_with_unquoted_title",
        fixable: true,
    }
}

impl Check for UnquotedReferenceTitle {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        super::definitions::for_each_reference(cx.index(), &mut |ty, titles| {
            for t in titles {
                let bare = match &t.kind {
                    ExprKind::Name(_) => true,
                    ExprKind::String(s) => queries::is_bare_word(s),
                    _ => false,
                };
                if bare {
                    found.push((ty, t.span));
                }
            }
        });
        for (ty, span) in found {
            let word = cx.text(span).to_string();
            cx.report(
                span,
                format!("the title `{word}` in a reference to `{ty}` is not quoted"),
            )
            .label("unquoted title")
            .help(format!("write `{ty}['{word}']`"))
            .fix(Fix::replace(
                "quote the title",
                span.range(),
                format!("'{word}'"),
            ));
        }
    }
}
