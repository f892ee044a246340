use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Expr, ExprKind, Span};

declare_rule! {
    /// ## What it does
    /// Finds a `case` expression or a selector with more than one `default` entry.
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`DUPLICATE_DEFAULT`): only the first `default` can ever
    /// match, so the second is dead code and usually a mistake.
    ///
    /// ## Example
    /// ```puppet
    /// case $facts['os']['family'] {
    ///   'Debian': { $pkg = 'apache2' }
    ///   default:  { $pkg = 'httpd' }
    ///   default:  { fail('unsupported') }
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// case $facts['os']['family'] {
    ///   'Debian': { $pkg = 'apache2' }
    ///   default:  { $pkg = 'httpd' }
    /// }
    /// ```
    pub struct DuplicateDefault {
        code: "P317",
        name: "duplicate-default",
        severity: Error,
        category: Validation,
    }
}

impl Check for DuplicateDefault {
    fn check(&self, cx: &mut Context<'_>) {
        let is_default = |m: &&Expr| matches!(m.kind, ExprKind::Default);
        for e in cx.index().exprs_of(&[Kind::Case, Kind::Selector]) {
            let (what, defaults): (&str, Vec<Span>) = match &e.kind {
                ExprKind::Case(c) => (
                    "`case` expression",
                    c.options
                        .iter()
                        .flat_map(|o| o.matchers.iter().filter(is_default))
                        .map(|m| m.span)
                        .collect(),
                ),
                // Puppet reports only the second default of a selector.
                ExprKind::Selector { entries, .. } => (
                    "selector",
                    entries
                        .iter()
                        .map(|en| &en.matcher)
                        .filter(is_default)
                        .map(|m| m.span)
                        .take(2)
                        .collect(),
                ),
                _ => continue,
            };
            let Some((first, rest)) = defaults.split_first() else {
                continue;
            };
            for span in rest {
                cx.report(*span, format!("this {what} already has a `default` entry"))
                    .label("second `default`, never matched")
                    .secondary(*first, "first `default` here")
                    .help("remove one of the `default` entries");
            }
        }
    }
}
