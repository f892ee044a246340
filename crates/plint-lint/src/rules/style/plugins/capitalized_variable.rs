use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check, queries};
use crate::syntax::ast::{ExprKind, Span};

declare_rule! {
    /// ## What it does
    /// Finds variables and parameters whose name contains an upper-case letter (`$sslCert`).
    /// (A name that starts with one is an error Puppet itself reports.)
    ///
    /// Every use is reported, interpolated ones included, and every parameter of a class,
    /// defined type, function, plan or lambda. The fix lowercases the name; it is marked
    /// unsafe because a class parameter is also set by name from outside (resource-like
    /// declarations, Hiera keys), which the fix cannot see.
    ///
    /// Off by default: it is the variable_contains_upcase plugin, which puppet-lint's own
    /// `variable_is_lowercase` check (P438, on by default) has since made redundant; it
    /// exists so that configurations and `# lint:ignore:variable_contains_upcase` comments
    /// written for the plugin keep working.
    ///
    /// ## Why is this bad?
    /// The style guide asks for lower-case names with underscores, and Puppet's own rules for
    /// names of classes and parameters are lower case; mixing cases invites `$sslcert` and
    /// `$sslCert` to be taken for one variable.
    ///
    /// ## Example
    /// ```puppet
    /// $sslCert = '/etc/ssl/certs/site.pem'
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $ssl_cert = '/etc/ssl/certs/site.pem'
    /// ```
    pub struct CapitalizedVariable {
        code: "P477",
        name: "capitalized-variable",
        severity: Warning,
        category: Style,
        puppet_lint: "variable_contains_upcase",
        default_enabled: false,
        fixable: true,
        fix_safety: Unsafe,
    }
}

impl Check for CapitalizedVariable {
    fn check(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let mut found: Vec<(Span, String)> = Vec::new();
        cx.index()
            .exprs_of(queries::VARIABLES_AND_PARAMETERS)
            .for_each(|e| {
                if let Some(params) = queries::parameters(e) {
                    found.extend(params.iter().map(|p| (p.name.span, p.name.name.clone())));
                }
                if let ExprKind::Variable(name) = &e.kind {
                    found.push((e.span, name.clone()));
                }
            });
        found.retain(|(_, name)| name.bytes().any(|b| b.is_ascii_uppercase()));
        found.sort_by_key(|f| f.0);
        for (span, name) in found {
            let text = source.get(span.range()).unwrap_or("");
            let at = span.start as usize + usize::from(text.starts_with('$'));
            let lower = name.to_ascii_lowercase();
            let d = cx.report(
                span,
                format!("the variable `${name}` contains an upper-case letter"),
            );
            d.label("upper case")
                .help(format!("name it in lower case, e.g. `${lower}`"));
            if text.ends_with(name.as_str()) {
                let mut fix = Fix::replace("lowercase the name", at..span.end as usize, lower);
                fix.safe = false;
                d.fix(fix);
            }
        }
    }
}
