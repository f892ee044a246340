use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Expr, ExprKind, Parameter};

declare_rule! {
    /// ## What it does
    /// Finds required parameters of a class or defined type listed after optional ones.
    /// A parameter is optional when it has a default, or when its type is `Optional[...]`
    /// or `Undef` (Puppet gives it `undef`).
    ///
    /// ## Why is this bad?
    /// The style guide lists required parameters first, so a reader sees at once what a
    /// caller must give.
    ///
    /// ## Example
    /// ```puppet
    /// class web (Integer $port = 80, String $docroot) { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class web (String $docroot, Integer $port = 80) { }
    /// ```
    pub struct ParameterOrder {
        code: "P409",
        name: "optional-parameter-before-required",
        severity: Warning,
        category: Style,
        puppet_lint: "parameter_order",
    }
}

/// Is the type `Optional[...]`, `Optional` or `Undef`?
fn accepts_undef(t: &Expr) -> bool {
    match &t.kind {
        ExprKind::TypeRef(n) => n == "Optional" || n == "Undef",
        ExprKind::Access { target, .. } => accepts_undef(target),
        _ => false,
    }
}

fn optional(p: &Parameter) -> bool {
    p.default.is_some() || p.type_expr.as_ref().is_some_and(accepts_undef)
}

impl Check for ParameterOrder {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        for e in cx.index().exprs_of(&[Kind::Class, Kind::Define]) {
            let params = match &e.kind {
                ExprKind::Class(c) => &c.params,
                ExprKind::Define(d) => &d.params,
                _ => continue,
            };
            // The first parameter with a default; an `Optional` one without a default is
            // neither required nor a reason to report what follows (as puppet-lint).
            let Some(first) = params.iter().position(|p| p.default.is_some()) else {
                continue;
            };
            for p in &params[first + 1..] {
                if !optional(p) {
                    found.push((p.name.clone(), params[first].name.clone()));
                }
            }
        }
        for (param, before) in found {
            cx.report(
                param.span,
                format!(
                    "the required parameter `${}` comes after the optional parameter `${}`",
                    param.name, before.name
                ),
            )
            .label("required parameter")
            .secondary(before.span, "optional parameter")
            .help("list the required parameters first");
        }
    }
}
