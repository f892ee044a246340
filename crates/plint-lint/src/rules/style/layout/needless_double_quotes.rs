use crate::declare_rule;
use crate::report::Fix;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, StringKind};

declare_rule! {
    /// ## What it does
    /// Finds double-quoted strings that neither interpolate anything nor need an escape
    /// sequence or a single quote, so single quotes would do.
    ///
    /// A string is left alone when it holds a single quote, a tab or a line break, or an
    /// escape that single quotes cannot express (`\n`, `\t`, `\r`, `\s`, `\u{...}`, `\$`,
    /// `\"`, `\\`).
    ///
    /// ## Why is this bad?
    /// Double quotes tell the reader to look for interpolation; when there is none, single
    /// quotes say that the text is taken literally. The style guide asks for single quotes.
    ///
    /// ## Example
    /// ```puppet
    /// package { "ntp": ensure => "installed" }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// package { 'ntp': ensure => 'installed' }
    /// $motd = "Welcome to ${facts['networking']['fqdn']}\n"
    /// ```
    pub struct NeedlessDoubleQuotes {
        code: "P432",
        name: "needless-double-quotes",
        severity: Warning,
        category: Style,
        puppet_lint: "double_quoted_strings",
        fixable: true,
    }
}

/// Whether the text between the quotes of a double-quoted string can be put between single
/// quotes unchanged, with the same value.
fn single_quotable(raw: &str) -> bool {
    if raw.contains(['\'', '\n', '\r', '\t']) {
        return false;
    }
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        // Escapes that single quotes do not have, or that they read differently (`\\`).
        if c == '\\'
            && matches!(
                chars.next(),
                None | Some('n' | 't' | 'r' | 's' | 'u' | '$' | '"' | '\\' | '\'')
            )
        {
            return false;
        }
    }
    true
}

impl Check for NeedlessDoubleQuotes {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        cx.index().exprs_of(&[Kind::String]).for_each(|e| {
            if let ExprKind::String(s) = &e.kind
                && s.kind == StringKind::DoubleQuoted
                && !s.is_interpolated()
            {
                let text = cx.text(e.span);
                if text.len() >= 2 && single_quotable(&text[1..text.len() - 1]) {
                    found.push(e.span);
                }
            }
        });
        for span in found {
            let text = cx.text(span);
            let fixed = format!("'{}'", &text[1..text.len() - 1]);
            cx.report(span, "double-quoted string with nothing to interpolate")
                .label("no interpolation or escape here")
                .help("use single quotes")
                .fix(Fix::replace("use single quotes", span.range(), fixed));
        }
    }
}
