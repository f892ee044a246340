use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Expr, ExprKind};

declare_rule! {
    /// ## What it does
    /// Finds calls of `lookup()` in the parameter list of a class or defined type (usually as
    /// a parameter's default).
    ///
    /// Other lookups (`hiera()`, a method call `.lookup`) are not reported.
    ///
    /// Off by default: a `lookup()` default is a common, deliberate style, to read a key that
    /// several classes share, or with a merge behaviour (`lookup('x', Hash, 'deep', {})`)
    /// without `lookup_options`. Turn it on where the convention is automatic parameter
    /// lookup only.
    ///
    /// ## Why is this bad?
    /// Class parameters are looked up in Hiera automatically (`ntp::servers`); an explicit
    /// `lookup()` as the default hides where the value comes from, does a second lookup
    /// under another key, and in a defined type makes every instance share one value.
    ///
    /// ## Example
    /// ```puppet
    /// class ntp (Array[String] $servers = lookup('ntp_servers')) { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// # The value comes from Hiera's `ntp::servers`, or this default.
    /// class ntp (Array[String] $servers = ['pool.ntp.org']) { }
    /// ```
    pub struct LookupInParameterDefault {
        code: "P465",
        name: "lookup-in-parameter-default",
        severity: Warning,
        category: Style,
        puppet_lint: "lookup_in_parameter",
        default_enabled: false,
    }
}

fn lookups(e: &Expr, out: &mut Vec<crate::syntax::ast::Span>) {
    e.walk(&mut |x| {
        if let ExprKind::Call(c) = &x.kind
            && c.name() == Some("lookup")
        {
            out.push(c.function.span);
        }
    });
}

impl Check for LookupInParameterDefault {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        for e in cx.index().exprs_of(&[Kind::Class, Kind::Define]) {
            let (params, what) = match &e.kind {
                ExprKind::Class(c) => (&c.params, "class"),
                ExprKind::Define(d) => (&d.params, "defined type"),
                _ => continue,
            };
            for p in params {
                let mut calls = Vec::new();
                p.type_expr
                    .iter()
                    .chain(&p.default)
                    .for_each(|x| lookups(x, &mut calls));
                found.extend(calls.into_iter().map(|c| (c, p.name.name.clone(), what)));
            }
        }
        for (span, param, what) in found {
            cx.report(
                span,
                format!("`lookup()` is called in the parameter `${param}` of a {what}"),
            )
            .label("explicit lookup")
            .help(
                "let automatic parameter lookup find the value in Hiera, and give a plain default",
            );
        }
    }
}
