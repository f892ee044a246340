use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, Parameter};

declare_rule! {
    /// ## What it does
    /// Finds a class or defined type parameter named `$name` or `$title`.
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`RESERVED_PARAMETER`): every class and defined type
    /// already has these two parameters, set from the title it is declared with.
    ///
    /// ## Example
    /// ```puppet
    /// define web::site(String $name, Integer $port = 80) { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// define web::site(String $site_name = $title, Integer $port = 80) { }
    /// ```
    pub struct ReservedParameterName {
        code: "P315",
        name: "reserved-parameter-name",
        severity: Error,
        category: Validation,
    }
}

impl Check for ReservedParameterName {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx.index().exprs_of(&[Kind::Class, Kind::Define]) {
            let (kind, params): (&str, &[Parameter]) = match &e.kind {
                ExprKind::Class(c) => ("class", &c.params),
                ExprKind::Define(d) => ("defined type", &d.params),
                _ => continue,
            };
            for p in params {
                let name = p.name.name.as_str();
                if name != "name" && name != "title" {
                    continue;
                }
                cx.report(
                    p.name.span,
                    format!("a {kind} cannot declare the parameter `${name}`"),
                )
                .label("built-in parameter")
                .help(format!(
                    "`${name}` is always set from the title; rename the parameter, or use \
                     `${name}` without declaring it"
                ));
            }
        }
    }
}
