use crate::declare_rule;
use crate::report::Fix;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::ExprKind;

declare_rule! {
    /// ## What it does
    /// Finds `case` options written as unquoted words (`debian: { }`, `RedHat: { }`).
    ///
    /// A capitalized word is reported unless it names a built-in data type (`String: { }`
    /// matches by type on purpose) or is qualified (`Stdlib::Port`). The fix quotes the word;
    /// it is marked unsafe for a capitalized word, whose meaning it changes (to the one
    /// intended). On by default.
    ///
    /// ## Why is this bad?
    /// A lower-case word is a string that reads like a name or keyword; a capitalized word
    /// is a type reference since Puppet 4, so `RedHat:` never matches the string `'RedHat'`
    /// and the option is silently dead.
    ///
    /// ## Example
    /// ```puppet
    /// case $facts['os']['family'] {
    ///   debian: { $package = 'ntp' }
    ///   RedHat: { $package = 'chrony' }
    ///   default: { }
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// case $facts['os']['family'] {
    ///   'debian': { $package = 'ntp' }
    ///   'RedHat': { $package = 'chrony' }
    ///   default: { }
    /// }
    /// ```
    pub struct UnquotedStringInCase {
        code: "P475",
        name: "unquoted-string-in-case",
        severity: Warning,
        category: Style,
        puppet_lint: "unquoted_string_in_case",
        fixable: true,
        fix_safety: Sometimes,
    }
}

impl Check for UnquotedStringInCase {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        cx.index().exprs_of(&[Kind::Case]).for_each(|e| {
            if let ExprKind::Case(c) = &e.kind {
                for m in c.options.iter().flat_map(|o| &o.matchers) {
                    if let Some(safe) = super::definitions::unquoted_option(m) {
                        found.push((m.span, safe));
                    }
                }
            }
        });
        for (span, safe) in found {
            let word = cx.text(span).to_string();
            let mut fix = Fix::replace("quote the option", span.range(), format!("'{word}'"));
            fix.safe = safe;
            let d = cx.report(span, format!("the case option `{word}` is not quoted"));
            d.label("unquoted").fix(fix);
            if safe {
                d.help(format!("write `'{word}'`"));
            } else {
                d.help(format!(
                    "`{word}` is a type reference and never matches a string; write `'{word}'`"
                ));
            }
        }
    }
}
