use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{AssignOp, ExprKind, Span};

declare_rule! {
    /// ## What it does
    /// Finds the `+=` and `-=` assignment operators.
    ///
    /// ## Why is this bad?
    /// They were removed in Puppet 4 (`APPENDS_DELETES_NO_LONGER_SUPPORTED`): Puppet rejects
    /// the manifest. Variables cannot be reassigned, so appending to one is not possible.
    ///
    /// ## Example
    /// ```puppet
    /// $packages = ['curl']
    /// $packages += ['wget']
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $base_packages = ['curl']
    /// $packages = $base_packages + ['wget']
    /// ```
    pub struct AppendOrDeleteAssignment {
        code: "P308",
        name: "append-or-delete-assignment",
        severity: Error,
        category: Validation,
    }
}

impl Check for AppendOrDeleteAssignment {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx.index().exprs_of(&[Kind::Assignment]) {
            let ExprKind::Assignment { op, left, right } = &e.kind else {
                continue;
            };
            let (token, instead) = match op {
                AssignOp::Assign => continue,
                AssignOp::Append => ("+=", "+"),
                AssignOp::Delete => ("-=", "-"),
            };
            let between = Span::new(left.span.end as usize, right.span.start as usize);
            let span = cx
                .text(between)
                .find(token)
                .map(|i| {
                    let at = between.start as usize + i;
                    Span::new(at, at + 2)
                })
                .unwrap_or(e.span);
            let var = cx.text(left.span).to_string();
            cx.report(
                span,
                format!("the `{token}` operator is no longer supported"),
            )
            .label(format!("`{token}` was removed in Puppet 4"))
            .help(format!(
                "assign a new variable instead: `$new = {var} {instead} ...`"
            ));
        }
    }
}
