use crate::declare_rule;
use crate::report::Fix;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Attribute, ExprKind, Resource, StringPart};

declare_rule! {
    /// ## What it does
    /// Finds `file` resources whose `ensure` is a path (`ensure => '/etc/foo'`), which makes
    /// the file a symbolic link to that path.
    ///
    /// ## Why is this bad?
    /// `ensure => '/path'` hides that the resource is a link. `ensure => link` with
    /// `target => '/path'` says it.
    ///
    /// The fix writes `ensure => link` and a `target` attribute with the path (not when the
    /// resource already has a `target`).
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/nginx/sites-enabled/default':
    ///   ensure => '/etc/nginx/sites-available/default',
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// file { '/etc/nginx/sites-enabled/default':
    ///   ensure => link,
    ///   target => '/etc/nginx/sites-available/default',
    /// }
    /// ```
    pub struct EnsureNotSymlinkTarget {
        code: "P417",
        name: "ensure-symlink-target",
        severity: Warning,
        category: Style,
        puppet_lint: "ensure_not_symlink_target",
        fixable: true,
    }
}

/// Does the value start with a `/` written in the string itself?
fn is_path(a: &Attribute) -> bool {
    match &a.value.kind {
        ExprKind::String(s) => {
            matches!(s.parts.first(), Some(StringPart::Text { value, .. }) if value.starts_with('/'))
        }
        _ => false,
    }
}

fn is_file(r: &Resource) -> bool {
    r.type_expr.is_none() && r.type_name.name == "file"
}

impl Check for EnsureNotSymlinkTarget {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found: Vec<(&Attribute, bool)> = Vec::new();
        for e in cx.index().exprs_of(&[Kind::Resource]) {
            if let ExprKind::Resource(r) = &e.kind
                && is_file(r)
            {
                for b in &r.bodies {
                    let has_target = b.attributes.iter().any(|a| a.name.name == "target");
                    for a in &b.attributes {
                        if a.name.name == "ensure" && is_path(a) {
                            found.push((a, has_target));
                        }
                    }
                }
            }
        }
        let src = cx.source();
        for (a, has_target) in found {
            let value = cx.text(a.value.span).to_string();
            // `target` takes the same spacing as `ensure` (both have six letters).
            let arrow = &src[a.name.span.end as usize..a.value.span.start as usize];
            let line_start = src[..a.span.start as usize]
                .rfind('\n')
                .map_or(0, |i| i + 1);
            let indent = &src[line_start..a.span.start as usize];
            let separator = if indent.trim().is_empty() {
                format!(",\n{indent}")
            } else {
                ", ".to_string()
            };
            let d = cx
                .report(
                    a.value.span,
                    format!("`ensure` is the path {value}, which makes this file a link to it"),
                )
                .label("link target")
                .help("write `ensure => link` and give the path as `target`");
            if !has_target {
                d.fix(Fix::replace(
                    "use `ensure => link` and `target`",
                    a.value.span.range(),
                    format!("link{separator}target{arrow}{value}"),
                ));
            }
        }
    }
}
