use crate::declare_rule;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::ExprKind;

declare_rule! {
    /// ## What it does
    /// Finds resource references whose title is a capitalized bare word
    /// (`require => Service[Apache]`), a Puppet 3 habit.
    ///
    /// References are looked at where they are given to a relationship metaparameter
    /// (`require`, `subscribe`, `notify`, `before`, `consume`, `export`) and where they are
    /// operands of a relationship arrow. There is no automatic fix: Puppet 3 matched titles
    /// without regard to case, so the intended title may be written in lower case.
    /// On by default: Puppet 4 and later fail on these when compiling the catalog.
    ///
    /// An error, unlike plint's other style rules: Puppet validates the code, but compiling
    /// the catalog fails with "Resource type not found: Apache" (checked with Puppet 7.23).
    ///
    /// ## Why is this bad?
    /// Since Puppet 4 a capitalized word is a type reference, not a string: `Service[Apache]`
    /// asks for a resource whose title is the type `Apache`, and catalog compilation stops
    /// with an evaluation error.
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/httpd/conf.d/site.conf': notify => Service[Httpd] }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// file { '/etc/httpd/conf.d/site.conf': notify => Service['httpd'] }
    /// ```
    pub struct CapitalizedReferenceTitle {
        code: "P471",
        name: "capitalized-reference-title",
        severity: Error,
        category: Style,
        puppet_lint: "resource_reference_without_title_capital",
    }
}

impl Check for CapitalizedReferenceTitle {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        super::definitions::for_each_reference(cx.index(), &mut |ty, titles| {
            for t in titles {
                if let ExprKind::TypeRef(word) = &t.kind {
                    found.push((ty, word.as_str(), t.span));
                }
            }
        });
        for (ty, word, span) in found {
            cx.report(
                span,
                format!("the title `{word}` in a reference to `{ty}` is a type, not a string"),
            )
            .label("capitalized bare word")
            .help(format!(
                "quote the title as the resource declares it, e.g. `{ty}['{}']`",
                word.to_lowercase()
            ));
        }
    }
}
