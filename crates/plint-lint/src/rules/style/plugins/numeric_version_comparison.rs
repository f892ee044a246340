use crate::declare_rule;
use crate::report::Fix;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{BinaryOp, Expr, ExprKind, Span, StringKind};

declare_rule! {
    /// ## What it does
    /// Finds a variable whose name ends in `version` or `release`, or a structured fact one of
    /// whose keys does (`$facts['os']['release']['major']`, also read with `dig`), compared
    /// with `<`, `>`, `<=` or `>=`, or with `==` or `!=` against a number
    /// (`$facts_os_release >= 8`, `$::puppetversion < '7'`,
    /// `$facts['os']['release']['major'] < '12'`).
    ///
    /// Only a plain variable or fact on the left of the operator is looked at. The fix of a
    /// legacy fact (`legacy-fact`, P421) keeps the finding: `$::operatingsystemmajrelease`
    /// becomes `$facts['os']['release']['major']`, still a version. The fix rewrites the
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
            let Some(name) = version_read(left, source) else {
                return;
            };
            let number = matches!(right.kind, ExprKind::Integer(_) | ExprKind::Float(_));
            let ordering = matches!(
                op,
                BinaryOp::Lt | BinaryOp::Gt | BinaryOp::Le | BinaryOp::Ge
            );
            let equality = matches!(op, BinaryOp::Eq | BinaryOp::Ne) && number;
            if !(ordering || equality) {
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
                name,
                replacement,
            });
        });
        for f in found {
            let d = cx.report(
                f.var,
                format!(
                    "the version `{}` is compared as a number or plain string",
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

/// Whether a name (of a variable, or a key of a fact) names a version.
fn names_a_version(name: &str) -> bool {
    name.ends_with("version") || name.ends_with("release")
}

/// How `e` is shown when it reads a version: a variable whose name says so (`$::puppetversion`),
/// or a structured fact with a key that does (`$facts['os']['release']['major']`,
/// `$facts.dig('os', 'release', 'major')`); else `None`.
fn version_read(e: &Expr, source: &str) -> Option<String> {
    let path = match &e.kind {
        ExprKind::Variable(name) => return names_a_version(name).then(|| format!("${name}")),
        ExprKind::Access { .. } => e.facts_path()?,
        ExprKind::MethodCall(m) if m.method.name == "dig" && m.lambda.is_none() => {
            m.receiver.facts_path().filter(|p| p.is_empty())?;
            m.args
                .as_deref()?
                .iter()
                .map(|a| match &a.kind {
                    ExprKind::String(s) => s.literal_value(),
                    _ => None,
                })
                .collect::<Option<Vec<String>>>()?
        }
        _ => return None,
    };
    path.iter()
        .any(|k| names_a_version(k))
        .then(|| source.get(e.span.range()).unwrap_or("").to_string())
}
