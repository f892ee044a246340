use crate::declare_rule;
use crate::report::Fix;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Expr, ExprKind, Span, StringKind};

declare_rule! {
    /// ## What it does
    /// Finds classes included, contained, required, declared or inherited by a name written
    /// with a leading `::` (`include ::apache`, `class { '::apache': }`,
    /// `inherits ::apache::params`).
    ///
    /// It looks at the names and literal strings given to `include`, `contain` and `require`
    /// (also inside arrays), at the titles of `class { ... }` resources and at `inherits`.
    /// This is the absolute_classname-check plugin from version 2 on, where the leading `::`
    /// is the offence (its first versions asked for the opposite).
    ///
    /// Off by default: the prefix is harmless, the plugin is opt-in in puppet-lint, and it
    /// is common in modules written for Puppet 3 (292 findings in 152 of the 1,898 files of
    /// the module corpus plint is tested on). Turn it on with P461 and P473 to drop the
    /// prefix everywhere; the fix is safe.
    ///
    /// ## Why is this bad?
    /// Since Puppet 4 class names are always absolute: `::apache` and `apache` name the same
    /// class, and the prefix, a habit from Puppet 3's relative name lookup, is noise.
    ///
    /// ## Example
    /// ```puppet
    /// include ::apache
    /// class { '::ntp': servers => ['pool.ntp.org'] }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// include apache
    /// class { 'ntp': servers => ['pool.ntp.org'] }
    /// ```
    pub struct AbsoluteClassInclusion {
        code: "P460",
        name: "absolute-class-inclusion",
        severity: Warning,
        category: Style,
        puppet_lint: "relative_classname_inclusion",
        default_enabled: false,
        fixable: true,
    }
}

/// For a class name written `::name` (a name or a quoted literal string): where its `::` is,
/// and the name.
pub(super) fn leading_colons(e: &Expr, source: &str) -> Option<(Span, String)> {
    let text = source.get(e.span.range())?;
    let (offset, name) = match &e.kind {
        ExprKind::Name(n) if n.starts_with("::") => (0, n.clone()),
        ExprKind::String(s)
            if matches!(s.kind, StringKind::SingleQuoted | StringKind::DoubleQuoted) =>
        {
            let value = s.literal_value()?;
            if !value.starts_with("::") || !text.get(1..)?.starts_with("::") {
                return None;
            }
            (1, value)
        }
        _ => return None,
    };
    let start = e.span.start as usize + offset;
    Some((Span::new(start, start + 2), name))
}

fn candidates<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match &e.kind {
        ExprKind::Array(items) => items.iter().for_each(|i| candidates(i, out)),
        _ => out.push(e),
    }
}

impl Check for AbsoluteClassInclusion {
    fn check(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let mut found = Vec::new();
        cx.index()
            .exprs_of(&[Kind::Call, Kind::Resource, Kind::Class])
            .for_each(|e| {
                let mut names = Vec::new();
                match &e.kind {
                    ExprKind::Call(c)
                        if matches!(c.name(), Some("include" | "contain" | "require")) =>
                    {
                        c.args.iter().for_each(|a| candidates(a, &mut names));
                    }
                    ExprKind::Resource(r)
                        if r.type_name.name == "class" && r.type_expr.is_none() =>
                    {
                        r.bodies
                            .iter()
                            .for_each(|b| candidates(&b.title, &mut names));
                    }
                    ExprKind::Class(c) => {
                        if let Some(p) = c.parent.as_ref().filter(|p| p.name.starts_with("::")) {
                            let start = p.span.start as usize;
                            found.push((Span::new(start, start + 2), p.span, p.name.clone()));
                        }
                    }
                    _ => {}
                }
                for n in names {
                    if let Some((colons, name)) = leading_colons(n, source) {
                        found.push((colons, n.span, name));
                    }
                }
            });
        for (colons, span, name) in found {
            cx.report(
                span,
                format!("the class `{name}` is named with a leading `::`"),
            )
            .label("leading `::`")
            .help("drop the `::`: class names are always absolute")
            .fix(Fix::replace("remove the leading `::`", colons.range(), ""));
        }
    }
}
