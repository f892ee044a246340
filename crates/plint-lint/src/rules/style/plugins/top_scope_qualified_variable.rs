use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::ExprKind;

declare_rule! {
    /// ## What it does
    /// Finds qualified variables written with a leading `::` (`$::apache::params::user`) in
    /// files that define a class or defined type.
    ///
    /// Only names of two segments or more are reported: `$::fqdn` (a top-scope variable or
    /// fact) is left alone. Variables interpolated with braces (`"${::ntp::port}"`) count.
    /// The fix removes the `::`; it is safe.
    ///
    /// Off by default: the prefix is harmless, the plugin is opt-in in puppet-lint, and it
    /// is everywhere in modules written for Puppet 3 (2,144 findings in 455 of the 1,898
    /// files of the module corpus plint is tested on).
    ///
    /// ## Why is this bad?
    /// A qualified variable name is always absolute since Puppet 4, so `$::apache::user` and
    /// `$apache::user` are the same variable; the prefix is noise left from Puppet 3.
    ///
    /// ## Example
    /// ```puppet
    /// class apache::config {
    ///   $user = $::apache::params::user
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class apache::config {
    ///   $user = $apache::params::user
    /// }
    /// ```
    pub struct TopScopeQualifiedVariable {
        code: "P473",
        name: "top-scope-qualified-variable",
        severity: Warning,
        category: Style,
        puppet_lint: "topscope_variable",
        default_enabled: false,
        fixable: true,
    }
}

/// `::a::b`: qualified, the first segment lower case (not a type), two or more characters.
fn qualified_from_top(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("::") else {
        return false;
    };
    let Some((first, _)) = rest.split_once("::") else {
        return false;
    };
    first.len() >= 2
        && matches!(first.as_bytes()[0], b'a'..=b'z' | b'0'..=b'9' | b'_')
        && first
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

impl Check for TopScopeQualifiedVariable {
    fn check(&self, cx: &mut Context<'_>) {
        let ast = cx.ast();
        let mut has_definition = false;
        ast.walk(&mut |e| {
            has_definition |= matches!(e.kind, ExprKind::Class(_) | ExprKind::Define(_))
        });
        if !has_definition {
            return;
        }
        let source = cx.source();
        let mut found = Vec::new();
        ast.walk(&mut |e| {
            if let ExprKind::Variable(name) = &e.kind
                && qualified_from_top(name)
            {
                let text = source.get(e.span.range()).unwrap_or("");
                let at = e.span.start as usize + usize::from(text.starts_with('$'));
                if source.get(at..at + 2) == Some("::") {
                    found.push((e.span, at, name.clone()));
                }
            }
        });
        for (span, at, name) in found {
            let short = &name[2..];
            cx.report(span, format!("`${name}` is written with a leading `::`"))
                .label("leading `::`")
                .help(format!(
                    "write `${short}`: qualified names are always absolute"
                ))
                .fix(Fix::replace("remove the leading `::`", at..at + 2, ""));
        }
    }
}
