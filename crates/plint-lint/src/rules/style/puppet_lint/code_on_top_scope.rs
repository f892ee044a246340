use crate::declare_rule;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, Span};

declare_rule! {
    /// ## What it does
    /// Finds code outside any class, defined type or node definition. Off by default, as in
    /// puppet-lint.
    ///
    /// Functions, type aliases and plans are definitions too, so `functions/*.pp` and
    /// `types/*.pp` are not reported (puppet-lint reports every token of them), and each
    /// top-level statement is reported once, not once per token.
    ///
    /// ## Why is this bad?
    /// Code at top scope runs for every node that loads the file, in an order that depends
    /// on which file the autoloader happens to read first, and its variables leak into every
    /// class.
    ///
    /// ## Example
    /// ```puppet
    /// $packages = ['vim', 'git']
    /// class tools {
    ///   package { $packages: ensure => installed }
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class tools (Array[String] $packages = ['vim', 'git']) {
    ///   package { $packages: ensure => installed }
    /// }
    /// ```
    pub struct CodeOnTopScope {
        code: "P404",
        name: "code-on-top-scope",
        severity: Warning,
        category: Style,
        puppet_lint: "code_on_top_scope",
        default_enabled: false,
    }
}

impl Check for CodeOnTopScope {
    fn check(&self, cx: &mut Context<'_>) {
        let spans: Vec<_> = cx
            .ast()
            .statements
            .iter()
            .filter(|s| !s.is_definition() && !matches!(s.kind, ExprKind::Error))
            .map(|s| {
                // The statement's first line is enough to point at it.
                let text = cx.text(s.span);
                let first = text.find('\n').unwrap_or(text.len());
                Span::new(s.span.start as usize, s.span.start as usize + first)
            })
            .collect();
        for span in spans {
            cx.report(span, "code outside of any class, defined type or node")
                .label("top-scope code")
                .help("move it into a class, or into the node definitions of the site manifest");
        }
    }
}
