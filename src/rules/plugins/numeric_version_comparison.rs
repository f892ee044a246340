use crate::declare_rule;
use crate::report::Fix;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{BinaryOp, ExprKind, Span, StringKind};

declare_rule! {
    /// ## What it does
    /// Finds a variable whose name ends in `version` or `release` compared with `<`, `>`,
    /// `<=` or `>=`, or with `==` or `!=` against a number
    /// (`$facts_os_release >= 8`, `$::puppetversion < '7'`).
    ///
    /// Only a plain variable on the left of the operator is looked at. The fix rewrites the
    /// comparison with `versioncmp()`; it is marked unsafe since it changes how the values
    /// compare (which is the point). On by default.
    ///
    /// ## Why is this bad?
    /// Versions are strings: comparing one with a number fails at run time, and comparing
    /// two as strings orders `'10'` before `'9'`. `versioncmp()` compares them as versions.
    ///
    /// ## Example
    /// ```puppet
    /// if $::operatingsystemmajrelease >= 8 { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// if versioncmp($::operatingsystemmajrelease, '8') >= 0 { }
    /// ```
    pub struct NumericVersionComparison {
        code: "P478",
        name: "numeric-version-comparison",
        severity: Warning,
        category: Style,
        puppet_lint: "version_comparison",
        fixable: true,
        fix_safety: Unsafe,
    }
}

struct Found {
    span: Span,
    var: Span,
    name: String,
    replacement: Option<String>,
}

impl Check for NumericVersionComparison {
    fn check(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let text = |s: Span| source.get(s.range()).unwrap_or("");
        let mut found = Vec::new();
        cx.index().exprs_of(&[Kind::Binary]).for_each(|e| {
            let ExprKind::Binary {
                op, left, right, ..
            } = &e.kind
            else {
                return;
            };
            let ExprKind::Variable(name) = &left.kind else {
                return;
            };
            let number = matches!(right.kind, ExprKind::Integer(_) | ExprKind::Float(_));
            let ordering = matches!(
                op,
                BinaryOp::Lt | BinaryOp::Gt | BinaryOp::Le | BinaryOp::Ge
            );
            let equality = matches!(op, BinaryOp::Eq | BinaryOp::Ne) && number;
            if !(name.ends_with("version") || name.ends_with("release")) || !(ordering || equality)
            {
                return;
            }
            let rhs = match &right.kind {
                ExprKind::Integer(_) | ExprKind::Float(_) => {
                    Some(format!("'{}'", text(right.span)))
                }
                ExprKind::String(s) if !matches!(s.kind, StringKind::Heredoc(_)) => {
                    Some(text(right.span).to_string())
                }
                ExprKind::Variable(_) => Some(text(right.span).to_string()),
                _ => None,
            };
            let replacement =
                rhs.map(|rhs| format!("versioncmp({}, {rhs}) {} 0", text(left.span), op.as_str()));
            found.push(Found {
                span: e.span,
                var: left.span,
                name: name.clone(),
                replacement,
            });
        });
        for f in found {
            let d = cx.report(
                f.var,
                format!(
                    "the version `${}` is compared as a number or plain string",
                    f.name
                ),
            );
            d.label("a version")
                .secondary(f.span, "compared here")
                .help("compare versions with `versioncmp(a, b)`, which returns -1, 0 or 1");
            if let Some(r) = f.replacement {
                let mut fix = Fix::replace("use `versioncmp()`", f.span.range(), r);
                fix.safe = false;
                d.fix(fix);
            }
        }
    }
}
