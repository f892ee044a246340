use crate::declare_rule;
use crate::report::Fix;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Expr, ExprKind, StringKind, StringPart};

declare_rule! {
    /// ## What it does
    /// Finds double-quoted strings that hold nothing but one variable (`"${name}"`, also
    /// with literal indexes: `"${facts['os']['family']}"`).
    ///
    /// Hash keys (a string followed by `=>`) are left alone: there the string makes the key
    /// a string.
    ///
    /// ## Why is this bad?
    /// The quotes only hide the variable: the style guide asks for the variable itself.
    ///
    /// The suggested fix (removing the quotes) is **unsafe**, so `--fix` does not apply it:
    /// the string is always a string, while the variable keeps its own type (an integer,
    /// an array, `undef`), which may matter where the value is used.
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd': content => "${motd}" }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// file { '/etc/motd': content => $motd }
    /// ```
    pub struct OnlyVariableString {
        code: "P433",
        name: "only-variable-string",
        severity: Warning,
        category: Style,
        puppet_lint: "only_variable_string",
        fixable: true,
        fix_safety: Unsafe,
    }
}

/// A variable, or a variable indexed by literals (`$a['b'][0]`).
fn is_plain_variable(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Variable(_) => true,
        ExprKind::Access { target, args } => {
            is_plain_variable(target)
                && args.len() == 1
                && matches!(
                    args[0].kind,
                    ExprKind::Integer(_)
                        | ExprKind::String(_)
                        | ExprKind::Name(_)
                        | ExprKind::Variable(_)
                )
                && !matches!(&args[0].kind, ExprKind::String(s) if s.is_interpolated())
        }
        _ => false,
    }
}

impl Check for OnlyVariableString {
    fn check(&self, cx: &mut Context<'_>) {
        let src = cx.source();
        let mut found = Vec::new();
        cx.index().exprs_of(&[Kind::String]).for_each(|e| {
            let ExprKind::String(s) = &e.kind else { return };
            if s.kind != StringKind::DoubleQuoted {
                return;
            }
            let [StringPart::Interpolation { expr, .. }] = s.parts.as_slice() else {
                return;
            };
            let after = src[e.span.end as usize..].trim_start();
            if is_plain_variable(expr) && !after.starts_with("=>") {
                found.push((e.span, expr.span));
            }
        });
        for (span, var) in found {
            let var_text = cx.text(var).to_string();
            let shown = var_text.strip_prefix('$').unwrap_or(&var_text).to_string();
            let d = cx
                .report(span, format!("string holds only the variable `${shown}`"))
                .label("only a variable in quotes")
                .help(format!("use `${shown}` without quotes"));
            d.fix(Fix {
                safe: false,
                ..Fix::replace("remove the quotes", span.range(), format!("${shown}"))
            });
        }
    }
}
