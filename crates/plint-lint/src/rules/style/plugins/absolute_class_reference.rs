use crate::declare_rule;
use crate::report::Fix;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::ExprKind;

declare_rule! {
    /// ## What it does
    /// Finds class references whose title is a string with a leading `::`
    /// (`Class['::apache']`).
    ///
    /// Only literal strings are looked at, as the absolute_classname-check plugin (version 2
    /// and later) does. Off by default, like P460: the prefix is harmless style.
    ///
    /// ## Why is this bad?
    /// Class names are always absolute since Puppet 4: `Class['::apache']` and
    /// `Class['apache']` are the same reference, and the prefix is noise.
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd': require => Class['::motd'] }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// file { '/etc/motd': require => Class['motd'] }
    /// ```
    pub struct AbsoluteClassReference {
        code: "P461",
        name: "absolute-class-reference",
        severity: Warning,
        category: Style,
        puppet_lint: "relative_classname_reference",
        default_enabled: false,
        fixable: true,
    }
}

impl Check for AbsoluteClassReference {
    fn check(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let mut found = Vec::new();
        cx.index().exprs_of(&[Kind::Access]).for_each(|e| {
            let ExprKind::Access { target, args } = &e.kind else {
                return;
            };
            if !matches!(&target.kind, ExprKind::TypeRef(t) if t == "Class") {
                return;
            }
            for a in args {
                if matches!(&a.kind, ExprKind::String(_))
                    && let Some((colons, name)) =
                        super::absolute_class_inclusion::leading_colons(a, source)
                {
                    found.push((colons, a.span, name));
                }
            }
        });
        for (colons, title, name) in found {
            cx.report(
                title,
                format!("the class reference `Class['{name}']` has a leading `::`"),
            )
            .label("leading `::`")
            .help("drop the `::`: class names are always absolute")
            .fix(Fix::replace("remove the leading `::`", colons.range(), ""));
        }
    }
}
