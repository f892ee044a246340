use crate::declare_rule;
use crate::report::Fix;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, StringKind};

declare_rule! {
    /// ## What it does
    /// Finds the strings `'true'` and `'false'` (single or double quoted). Off by default.
    ///
    /// ## Why is this bad?
    /// A quoted boolean is a string, and every non-empty string is true: `if 'false' { }`
    /// runs its body. Where a boolean is meant, write `true` or `false`.
    ///
    /// The suggested fix (removing the quotes) is **unsafe**, so `--fix` does not apply it:
    /// some attributes and functions expect the strings `'true'` and `'false'` (an `exec`'s
    /// `unless => 'true'` is a command), and the fix changes the value's type.
    ///
    /// ## Example
    /// ```puppet
    /// class { 'ntp': service_enable => 'true' }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class { 'ntp': service_enable => true }
    /// ```
    pub struct QuotedBoolean {
        code: "P434",
        name: "quoted-boolean",
        severity: Warning,
        category: Style,
        puppet_lint: "quoted_booleans",
        default_enabled: false,
        fixable: true,
        fix_safety: Unsafe,
    }
}

impl Check for QuotedBoolean {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        cx.index().exprs_of(&[Kind::String]).for_each(|e| {
            if let ExprKind::String(s) = &e.kind
                && matches!(s.kind, StringKind::SingleQuoted | StringKind::DoubleQuoted)
                && let text = cx.text(e.span)
                && text.len() >= 2
                && matches!(&text[1..text.len() - 1], "true" | "false")
            {
                found.push((e.span, text[1..text.len() - 1].to_string()));
            }
        });
        for (span, word) in found {
            cx.report(span, format!("the boolean `{word}` is quoted"))
                .label("a string, not a boolean")
                .help(format!(
                    "write `{word}` without quotes if a boolean is meant"
                ))
                .fix(Fix {
                    safe: false,
                    ..Fix::replace("remove the quotes", span.range(), word.clone())
                });
        }
    }
}
