use crate::declare_rule;
use crate::report::Fix;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::ExprKind;

declare_rule! {
    /// ## What it does
    /// Finds unquoted numbers written with a leading zero (`0644`, `007`).
    ///
    /// The fix quotes the number; it is marked unsafe because it changes the value from an
    /// integer to a string (which is what a file mode needs). On by default.
    ///
    /// ## Why is this bad?
    /// Puppet reads an integer with a leading zero as octal: `mode => 0644` is the number
    /// 420, not the string `'0644'`, and `010` is eight. It is almost never what was meant.
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd': ensure => file, mode => 0644 }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// file { '/etc/motd': ensure => file, mode => '0644' }
    /// ```
    pub struct LeadingZeroNumber {
        code: "P464",
        name: "leading-zero-number",
        severity: Warning,
        category: Style,
        puppet_lint: "leading_zero",
        fixable: true,
        fix_safety: Unsafe,
    }
}

impl Check for LeadingZeroNumber {
    fn check(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let mut found = Vec::new();
        cx.index()
            .exprs_of(&[Kind::Integer, Kind::Float])
            .for_each(|e| {
                if !matches!(e.kind, ExprKind::Integer(_) | ExprKind::Float(_)) {
                    return;
                }
                let text = source.get(e.span.range()).unwrap_or("").as_bytes();
                if text.len() > 1 && text[0] == b'0' && text[1].is_ascii_digit() {
                    found.push(e.span);
                }
            });
        for span in found {
            let text = cx.text(span).to_string();
            let mut fix = Fix::replace("quote the number", span.range(), format!("'{text}'"));
            fix.safe = false;
            cx.report(span, format!("the number `{text}` has a leading zero"))
                .label("read as octal")
                .help(format!(
                    "quote it (`'{text}'`) if it is a mode or a code, or drop the zero"
                ))
                .fix(fix);
        }
    }
}
