use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::ExprKind;

declare_rule! {
    /// ## What it does
    /// Finds parameters of classes and defined types declared without a data type
    /// (`class ntp ($servers) { }`).
    ///
    /// Parameters of functions, plans and lambdas are not checked. Off by default: modules
    /// written for Puppet 3 have no types at all, and adding them is a migration rather than
    /// a fix (the plugin is opt-in in puppet-lint too).
    ///
    /// ## Why is this bad?
    /// A data type documents what a parameter accepts and makes Puppet reject a wrong value
    /// where it is passed, instead of failing later, somewhere else, or not at all.
    ///
    /// ## Example
    /// ```puppet
    /// class ntp ($servers, $burst = false) { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class ntp (Array[String] $servers, Boolean $burst = false) { }
    /// ```
    pub struct UntypedParameter {
        code: "P468",
        name: "untyped-parameter",
        severity: Warning,
        category: Style,
        puppet_lint: "parameter_types",
        default_enabled: false,
    }
}

impl Check for UntypedParameter {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        cx.index()
            .exprs_of(&[Kind::Class, Kind::Define])
            .for_each(|e| {
                let (name, params, what) = match &e.kind {
                    ExprKind::Class(c) => (&c.name.name, &c.params, "class"),
                    ExprKind::Define(d) => (&d.name.name, &d.params, "defined type"),
                    _ => return,
                };
                for p in params.iter().filter(|p| p.type_expr.is_none()) {
                    found.push((p.name.span, p.name.name.clone(), name.clone(), what));
                }
            });
        for (span, param, owner, what) in found {
            cx.report(
                span,
                format!("the parameter `${param}` of the {what} `{owner}` has no data type"),
            )
            .label("untyped")
            .help("declare the type of values it accepts, e.g. `String $name`");
        }
    }
}
