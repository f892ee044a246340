use crate::declare_rule;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check, queries};
use crate::syntax::ast::{Expr, ExprKind};

declare_rule! {
    /// ## What it does
    /// Finds an assignment inside a parameter's default value
    /// (`class web($port = ($base = 80))`). Assignments inside a lambda in the default are
    /// allowed.
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`ILLEGAL_ASSIGNMENT_CONTEXT`): a default value is
    /// evaluated on its own and cannot create variables.
    ///
    /// ## Example
    /// ```puppet
    /// class web(Integer $port = ($default_port = 80)) { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class web(Integer $port = 80) { }
    /// ```
    pub struct AssignmentInParameterDefault {
        code: "P309",
        name: "assignment-in-parameter-default",
        severity: Error,
        category: Validation,
    }
}

/// The assignments in `e`, not looking into assignments or lambdas.
fn assignments<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        match &e.kind {
            ExprKind::Assignment { .. } => out.push(e),
            ExprKind::Call(c) => {
                stack.push(&c.function);
                stack.extend(&c.args);
            }
            ExprKind::MethodCall(m) => {
                stack.push(&m.receiver);
                stack.extend(m.args.iter().flatten());
            }
            _ => e.for_each_child(&mut |c| stack.push(c)),
        }
    }
}

impl Check for AssignmentInParameterDefault {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx.index().exprs_of(queries::WITH_PARAMETERS) {
            if let Some(params) = queries::parameters(e) {
                for p in params {
                    let Some(default) = &p.default else {
                        continue;
                    };
                    let mut found = Vec::new();
                    assignments(default, &mut found);
                    found.sort_by_key(|a| a.span.start);
                    for a in found {
                        cx.report(
                            a.span,
                            format!(
                                "the default value of `${}` contains an assignment",
                                p.name.name
                            ),
                        )
                        .label("assignment not allowed here")
                        .help("compute the value in the body, or use the value directly");
                    }
                }
            }
        }
    }
}
