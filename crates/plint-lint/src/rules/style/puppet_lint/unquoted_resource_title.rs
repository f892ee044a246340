use crate::declare_rule;
use crate::report::Fix;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Expr, ExprKind};

declare_rule! {
    /// ## What it does
    /// Finds resource titles written as bare words (`file { foo: }`).
    ///
    /// ## Why is this bad?
    /// A bare word title reads like a name or a keyword, and a word that happens to be a
    /// keyword, a number or contain special characters changes meaning or fails to parse.
    /// The style guide asks for quoted titles.
    ///
    /// ## Example
    /// ```puppet
    /// package { openssh-server: ensure => installed }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// package { 'openssh-server': ensure => installed }
    /// ```
    pub struct UnquotedResourceTitle {
        code: "P401",
        name: "unquoted-resource-title",
        severity: Warning,
        category: Style,
        puppet_lint: "unquoted_resource_title",
        fixable: true,
    }
}

fn bare_title(title: &Expr) -> bool {
    match &title.kind {
        ExprKind::Name(_) => true,
        ExprKind::String(s) => crate::rules::queries::is_bare_word(s),
        _ => false,
    }
}

impl Check for UnquotedResourceTitle {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx.index().exprs_of(&[Kind::Resource]) {
            let ExprKind::Resource(r) = &e.kind else {
                continue;
            };
            for b in &r.bodies {
                let titles: Vec<&Expr> = match &b.title.kind {
                    ExprKind::Array(items) => items.iter().collect(),
                    _ => vec![&b.title],
                };
                for t in titles.into_iter().filter(|t| bare_title(t)) {
                    let word = cx.text(t.span);
                    cx.report(t.span, format!("the resource title `{word}` is not quoted"))
                        .label("unquoted title")
                        .help("quote the title")
                        .fix(Fix::replace(
                            "quote the title",
                            t.span.range(),
                            format!("'{word}'"),
                        ));
                }
            }
        }
    }
}
