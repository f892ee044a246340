use crate::declare_rule;
use crate::report::Fix;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, StringPart};

declare_rule! {
    /// ## What it does
    /// Finds variables interpolated without braces (`"$name"`) in double-quoted strings and
    /// heredocs.
    ///
    /// ## Why is this bad?
    /// Without braces, where the variable's name ends depends on the text that follows:
    /// `"$name-1"` and `"$name[0]"` interpolate `$name` and keep `-1` and `[0]` as text,
    /// which readers often get wrong. `"${name}"` is unambiguous; the style guide asks for
    /// braces.
    ///
    /// The fix adds braces around the name only, so the string keeps its value
    /// (`"$name[0]"` becomes `"${name}[0]"`).
    ///
    /// ## Example
    /// ```puppet
    /// $motd = "Welcome to $fqdn"
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $motd = "Welcome to ${fqdn}"
    /// ```
    pub struct UnbracedInterpolation {
        code: "P436",
        name: "unbraced-interpolation",
        severity: Warning,
        category: Style,
        puppet_lint: "variables_not_enclosed",
        fixable: true,
    }
}

impl Check for UnbracedInterpolation {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        cx.index().exprs_of(&[Kind::String]).for_each(|e| {
            let ExprKind::String(s) = &e.kind else { return };
            for part in &s.parts {
                if let StringPart::Interpolation {
                    braced: false,
                    span,
                    ..
                } = part
                {
                    found.push(*span);
                }
            }
        });
        for span in found {
            let text = cx.text(span);
            let name = text.strip_prefix('$').unwrap_or(text).to_string();
            cx.report(
                span,
                format!("the variable `${name}` is interpolated without braces"),
            )
            .label("no braces")
            .help(format!("write `${{{name}}}`"))
            .fix(Fix::replace(
                "add braces",
                span.range(),
                format!("${{{name}}}"),
            ));
        }
    }
}
