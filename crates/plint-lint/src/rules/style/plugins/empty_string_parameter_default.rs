use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Expr, ExprKind, StringKind};

declare_rule! {
    /// ## What it does
    /// Finds parameters of classes and defined types typed `String` (or a `Variant`) whose
    /// default is the empty string (`String $x = ''`).
    ///
    /// Only an empty literal string as the whole default is reported.
    ///
    /// Off by default: the empty string as "not set" is a common, deliberate convention
    /// (templates and `empty()` test it), and changing it changes every caller's interface.
    ///
    /// ## Why is this bad?
    /// The empty string is usually a stand-in for "not set", which Puppet spells `undef`:
    /// with `Optional[String] $x = undef` the code can test for a missing value, and a
    /// `String[1]` type can then forbid the empty string altogether.
    ///
    /// ## Example
    /// ```puppet
    /// class motd (String $message = '') { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class motd (Optional[String[1]] $message = undef) { }
    /// ```
    pub struct EmptyStringParameterDefault {
        code: "P469",
        name: "empty-string-parameter-default",
        severity: Warning,
        category: Style,
        puppet_lint: "params_empty_string_assignment",
        default_enabled: false,
    }
}

fn stringish(t: &Expr) -> bool {
    let t = match &t.kind {
        ExprKind::Access { target, .. } => target,
        _ => t,
    };
    matches!(&t.kind, ExprKind::TypeRef(n) if n == "String" || n == "Variant")
}

fn empty_string(d: &Expr) -> bool {
    matches!(&d.kind, ExprKind::String(s)
        if matches!(s.kind, StringKind::SingleQuoted | StringKind::DoubleQuoted)
            && s.literal_value().is_some_and(|v| v.is_empty()))
}

impl Check for EmptyStringParameterDefault {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        cx.index()
            .exprs_of(&[Kind::Class, Kind::Define])
            .for_each(|e| {
                let params = match &e.kind {
                    ExprKind::Class(c) => &c.params,
                    ExprKind::Define(d) => &d.params,
                    _ => return,
                };
                for p in params {
                    if let (Some(t), Some(d)) = (&p.type_expr, &p.default)
                        && stringish(t)
                        && empty_string(d)
                    {
                        found.push((p.name.span, d.span, p.name.name.clone()));
                    }
                }
            });
        for (span, default, name) in found {
            cx.report(
                span,
                format!("the string parameter `${name}` defaults to the empty string"),
            )
            .label("String")
            .secondary(default, "empty string")
            .help("use `Optional[String[1]]` and the default `undef` for \"not set\"");
        }
    }
}
