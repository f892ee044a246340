use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, Span};

declare_rule! {
    /// ## What it does
    /// Finds `case` statements without a `default` option.
    ///
    /// ## Why is this bad?
    /// When no option matches, a `case` silently does nothing. A `default` option says what
    /// should happen then, even if it is to fail with a clear message.
    ///
    /// ## Example
    /// ```puppet
    /// case $facts['os']['family'] {
    ///   'Debian': { $pkg = 'apache2' }
    ///   'RedHat': { $pkg = 'httpd' }
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// case $facts['os']['family'] {
    ///   'Debian': { $pkg = 'apache2' }
    ///   'RedHat': { $pkg = 'httpd' }
    ///   default: { fail("unsupported OS family ${facts['os']['family']}") }
    /// }
    /// ```
    pub struct CaseWithoutDefault {
        code: "P412",
        name: "case-without-default",
        severity: Warning,
        category: Style,
        puppet_lint: "case_without_default",
    }
}

impl Check for CaseWithoutDefault {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        for e in cx.index().exprs_of(&[Kind::Case]) {
            if let ExprKind::Case(c) = &e.kind {
                let has_default = c
                    .options
                    .iter()
                    .flat_map(|o| &o.matchers)
                    .any(|m| matches!(m.kind, ExprKind::Default));
                if !has_default {
                    found.push((
                        Span::new(e.span.start as usize, e.span.start as usize + 4),
                        c.value.span,
                    ));
                }
            }
        }
        for (keyword, value) in found {
            cx.report(keyword, "this `case` has no `default` option")
                .label("no default")
                .secondary(value, "when nothing matches this, nothing happens")
                .help("add a `default:` option, failing with a clear message if no other value is expected");
        }
    }
}
