use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Expr, ExprKind, Span};

declare_rule! {
    /// ## What it does
    /// Finds the word `plan`, reserved for a future version of the language, used as the name
    /// of a class, defined type or function, or as a type (`Plan`) in a return type or type
    /// alias.
    ///
    /// ## Why is this bad?
    /// Puppet warns (`FUTURE_RESERVED_WORD`): `plan` is a keyword in Bolt and later versions
    /// of the language, where this code would stop working.
    ///
    /// ## Example
    /// ```puppet
    /// class plan { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class deploy_plan { }
    /// ```
    pub struct FutureReservedWord {
        code: "P324",
        name: "future-reserved-word",
        severity: Warning,
        category: Validation,
    }
}

/// The span of a type expression (`Plan`, `Plan[...]`) whose base is `Plan`.
fn plan_type(t: &Expr) -> Option<Span> {
    let base = match &t.kind {
        ExprKind::Access { target, .. } => target,
        _ => t,
    };
    match &base.kind {
        ExprKind::TypeRef(n) if n.trim_start_matches("::").eq_ignore_ascii_case("plan") => {
            Some(base.span)
        }
        _ => None,
    }
}

impl Check for FutureReservedWord {
    fn check(&self, cx: &mut Context<'_>) {
        let index = cx.index();
        let mut found: Vec<(Span, &str)> = Vec::new();
        let kinds = [
            Kind::Class,
            Kind::Define,
            Kind::Function,
            Kind::Call,
            Kind::MethodCall,
            Kind::TypeAlias,
        ];
        for (i, e) in index.of(&kinds) {
            // Inside a class, a class or defined type is named after it (`outer::plan`).
            let nested = matches!(e.kind, ExprKind::Class(_) | ExprKind::Define(_))
                && index
                    .ancestors(i)
                    .any(|a| matches!(a.kind, ExprKind::Class(_)));
            if nested {
                continue;
            }
            match &e.kind {
                ExprKind::Class(c) if c.name.name == "plan" => found.push((c.name.span, "name")),
                ExprKind::Define(d) if d.name.name == "plan" => found.push((d.name.span, "name")),
                ExprKind::Function(f) => {
                    if f.name.name == "plan" {
                        found.push((f.name.span, "name"));
                    }
                    found.extend(
                        f.return_type
                            .as_ref()
                            .and_then(plan_type)
                            .map(|s| (s, "type")),
                    );
                }
                ExprKind::Call(c) => found.extend(
                    c.lambda
                        .as_ref()
                        .and_then(|l| l.return_type.as_ref())
                        .and_then(plan_type)
                        .map(|s| (s, "type")),
                ),
                ExprKind::MethodCall(m) => found.extend(
                    m.lambda
                        .as_ref()
                        .and_then(|l| l.return_type.as_ref())
                        .and_then(plan_type)
                        .map(|s| (s, "type")),
                ),
                ExprKind::TypeAlias(t) => {
                    found.extend(plan_type(&t.value).map(|s| (s, "type")));
                }
                _ => {}
            }
        }
        for (span, what) in found {
            cx.report(span, "`plan` is reserved for future use")
                .label(format!("reserved word used as a {what}"))
                .help("choose another name; `plan` is a keyword in Bolt and later Puppet versions");
        }
    }
}
