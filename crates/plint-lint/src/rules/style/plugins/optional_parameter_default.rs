use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Expr, ExprKind, Span};

declare_rule! {
    /// ## What it does
    /// Finds parameters of classes and defined types typed `Optional[...]` whose default is
    /// a value other than `undef`, and `Optional` parameters of defined types without a
    /// default.
    ///
    /// A default that is (or starts with) a variable, or that calls a function, is not
    /// reported: it may well be `undef`. On by default.
    ///
    /// ## Why is this bad?
    /// A parameter with a real default can never be `undef` unless a caller passes `undef`
    /// on purpose, so `Optional` only widens the type for no reason. A defined type has no
    /// Hiera lookup, so an `Optional` parameter without a default must always be passed.
    ///
    /// ## Example
    /// ```puppet
    /// class ntp (Optional[Integer] $port = 123) { }
    /// define ntp::peer (Optional[String] $key) { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class ntp (Integer $port = 123) { }
    /// define ntp::peer (Optional[String] $key = undef) { }
    /// ```
    pub struct OptionalParameterDefault {
        code: "P466",
        name: "optional-parameter-default",
        severity: Warning,
        category: Style,
        puppet_lint: "optional_default",
    }
}

fn is_optional(t: &Expr) -> bool {
    match &t.kind {
        ExprKind::TypeRef(n) => n == "Optional",
        ExprKind::Access { target, .. } => {
            matches!(&target.kind, ExprKind::TypeRef(n) if n == "Optional")
        }
        _ => false,
    }
}

/// A default that may evaluate to `undef`: `undef`, a variable, or a function call.
fn may_be_undef(d: &Expr, source: &str) -> bool {
    if matches!(d.kind, ExprKind::Undef)
        || source
            .get(d.span.range())
            .is_some_and(|t| t.starts_with('$'))
    {
        return true;
    }
    let mut calls = false;
    d.walk(&mut |e| calls |= matches!(e.kind, ExprKind::Call(_) | ExprKind::MethodCall(_)));
    calls
}

impl Check for OptionalParameterDefault {
    fn check(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let mut found: Vec<(Span, String, Option<Span>)> = Vec::new();
        cx.index()
            .exprs_of(&[Kind::Class, Kind::Define])
            .for_each(|e| {
                let (params, is_define) = match &e.kind {
                    ExprKind::Class(c) => (&c.params, false),
                    ExprKind::Define(d) => (&d.params, true),
                    _ => return,
                };
                for p in params {
                    if !p.type_expr.as_ref().is_some_and(is_optional) {
                        continue;
                    }
                    match &p.default {
                        Some(d) if !may_be_undef(d, source) => {
                            found.push((p.name.span, p.name.name.clone(), Some(d.span)));
                        }
                        None if is_define => found.push((p.name.span, p.name.name.clone(), None)),
                        _ => {}
                    }
                }
            });
        for (span, name, default) in found {
            match default {
                Some(d) => {
                    cx.report(
                        span,
                        format!("the `Optional` parameter `${name}` defaults to a value"),
                    )
                    .label("Optional")
                    .secondary(d, "never undef by default")
                    .help("drop `Optional` from the type, or make the default `undef`");
                }
                None => {
                    cx.report(
                        span,
                        format!(
                            "the `Optional` parameter `${name}` of a defined type has no default"
                        ),
                    )
                    .label("no default")
                    .help("give it the default `undef`, or drop `Optional` if it is required");
                }
            }
        }
    }
}
