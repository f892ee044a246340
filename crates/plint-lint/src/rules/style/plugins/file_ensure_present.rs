use crate::declare_rule;
use crate::report::Fix;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{AttributeOp, Expr, ExprKind, StringKind};

declare_rule! {
    /// ## What it does
    /// Finds `file` resources with `ensure => present`.
    ///
    /// The value is reported when written as a bare word or a literal string. The fix writes
    /// `file`, or `link` when the resource has a `target`; it is marked unsafe, because
    /// `present` also accepts an existing directory or link where `file` replaces it.
    ///
    /// Off by default: `present` is a documented value with its own meaning, "make sure
    /// something exists, and accept what is there", often chosen on purpose where the path
    /// may be a link or is replaced by a package.
    ///
    /// ## Why is this bad?
    /// `present` does not say what should exist: a missing path becomes a regular file, and
    /// whatever already exists (a directory, a link) is accepted as it is. Saying `file`,
    /// `directory` or `link` makes the catalog describe one state.
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd': ensure => present, content => "hello\n" }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// file { '/etc/motd': ensure => file, content => "hello\n" }
    /// ```
    pub struct FileEnsurePresent {
        code: "P463",
        name: "file-ensure-present",
        severity: Warning,
        category: Style,
        puppet_lint: "file_ensure",
        default_enabled: false,
        fixable: true,
        fix_safety: Unsafe,
    }
}

fn is_present(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Name(n) => n == "present",
        ExprKind::String(s) if !matches!(s.kind, StringKind::Heredoc(_)) => {
            s.literal_value().as_deref() == Some("present")
        }
        _ => false,
    }
}

impl Check for FileEnsurePresent {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        cx.index().exprs_of(&[Kind::Resource]).for_each(|e| {
            let ExprKind::Resource(r) = &e.kind else {
                return;
            };
            if r.type_name.name != "file" || r.type_expr.is_some() {
                return;
            }
            for b in &r.bodies {
                let set = |name: &str| {
                    b.attributes
                        .iter()
                        .find(|a| a.op == AttributeOp::Set && a.name.name == name)
                };
                if let Some(ensure) = set("ensure").filter(|a| is_present(&a.value)) {
                    found.push((ensure.value.span, set("target").is_some()));
                }
            }
        });
        for (span, has_target) in found {
            let wanted = if has_target { "link" } else { "file" };
            let mut fix = Fix::replace(format!("write `{wanted}`"), span.range(), wanted);
            fix.safe = false;
            cx.report(span, "`ensure => present` on a `file` resource")
                .label("does not say file, directory or link")
                .help(if has_target {
                    "write `ensure => link`: the resource has a `target`".to_string()
                } else {
                    "write `ensure => file`, or `directory` if it is one".to_string()
                })
                .fix(fix);
        }
    }
}
