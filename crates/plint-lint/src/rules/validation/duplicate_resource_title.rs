use crate::rules::Kind;
use rustc_hash::FxHashMap as HashMap;

use crate::declare_rule;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Expr, ExprKind, Span, StringKind};

declare_rule! {
    /// ## What it does
    /// Finds a title given twice in one resource declaration, in two of its bodies or twice
    /// in one title array (`file { ['/a', '/a']: }`).
    ///
    /// ## Why is this bad?
    /// Puppet fails when it evaluates the declaration (`DUPLICATE_TITLE`): a title names one
    /// resource, and two bodies cannot declare the same one.
    ///
    /// ## Example
    /// ```puppet
    /// file {
    ///   '/etc/motd': content => 'hello';
    ///   '/etc/motd': mode => '0644';
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// file { '/etc/motd':
    ///   content => 'hello',
    ///   mode    => '0644',
    /// }
    /// ```
    pub struct DuplicateResourceTitle {
        code: "P332",
        name: "duplicate-resource-title",
        severity: Error,
        category: Validation,
    }
}

/// The literal titles of a body's title expression (strings without interpolation, bare
/// words, `default`).
fn titles(title: &Expr, out: &mut Vec<(String, Span)>) {
    match &title.kind {
        ExprKind::Array(items) => items.iter().for_each(|i| titles(i, out)),
        ExprKind::Name(n) => out.push((n.clone(), title.span)),
        ExprKind::Default => out.push(("default".into(), title.span)),
        ExprKind::String(s) if !matches!(s.kind, StringKind::Heredoc(_)) => {
            if let Some(v) = s.literal_value() {
                // Bare words and strings share values; `default` is kept apart by its quotes.
                let key = if v == "default" {
                    "'default'".into()
                } else {
                    v
                };
                out.push((key, title.span));
            }
        }
        _ => {}
    }
}

impl Check for DuplicateResourceTitle {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx.index().exprs_of(&[Kind::Resource]) {
            let ExprKind::Resource(r) = &e.kind else {
                continue;
            };
            // Most resources have one body with one title: nothing can repeat.
            if let [only] = r.bodies.as_slice()
                && !matches!(only.title.kind, ExprKind::Array(_))
            {
                continue;
            }
            let mut all = Vec::new();
            for b in &r.bodies {
                titles(&b.title, &mut all);
            }
            let mut seen: HashMap<&str, Span> = HashMap::default();
            for (title, span) in &all {
                if let Some(first) = seen.get(title.as_str()) {
                    let text = cx.text(*span).to_string();
                    cx.report(
                        *span,
                        format!("the title {text} is declared twice in this resource"),
                    )
                    .label("declared again here")
                    .secondary(*first, "first declared here")
                    .help("merge the two bodies, or remove one of them");
                } else {
                    seen.insert(title, *span);
                }
            }
        }
    }
}
