use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, ResourceForm, Span};

declare_rule! {
    /// ## What it does
    /// Finds a class declared as virtual or exported (`@class { 'x': }`, `@@class { 'x': }`).
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`CLASS_NOT_VIRTUALIZABLE`): classes cannot be virtual or
    /// exported, only resources can.
    ///
    /// ## Example
    /// ```puppet
    /// @class { 'nginx': }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class { 'nginx': }
    /// ```
    pub struct VirtualClass {
        code: "P320",
        name: "virtual-class",
        severity: Error,
        category: Validation,
    }
}

impl Check for VirtualClass {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx.index().exprs_of(&[Kind::Resource]) {
            let ExprKind::Resource(r) = &e.kind else {
                continue;
            };
            if r.form == ResourceForm::Regular
                || r.type_expr.is_some()
                || r.type_name.name != "class"
            {
                continue;
            }
            let (marker, what) = match r.form {
                ResourceForm::Exported => ("@@", "exported"),
                _ => ("@", "virtual"),
            };
            let span = Span::new(e.span.start as usize, r.type_name.span.end as usize);
            cx.report(span, format!("a class cannot be {what}"))
                .label(format!("`{marker}class`"))
                .help(format!(
                    "remove `{marker}` to declare the class, or make the resources inside it virtual"
                ));
        }
    }
}
