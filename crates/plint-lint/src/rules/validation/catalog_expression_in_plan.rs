use crate::declare_rule;
use crate::rules::context::DiagnosticExt;
use crate::rules::Kind;
use crate::rules::{Context, Check};
use crate::syntax::ast::{CallStyle, Expr, ExprKind, Span};

declare_rule! {
    /// ## What it does
    /// In a file that defines a Bolt plan (which Puppet parses with `--tasks`, as Bolt does),
    /// finds what only makes sense when compiling a catalog: resources, resource defaults and
    /// overrides, relationships, collectors and node definitions outside an `apply` block, and
    /// classes and defined types anywhere. Inside an `apply` block, finds another `apply` and
    /// collectors of exported resources. Outside plans, finds an `apply` block, which Puppet
    /// parses only in plans.
    ///
    /// ## Why is this bad?
    /// Puppet rejects the plan (`EXPRESSION_NOT_SUPPORTED_WHEN_SCRIPTING`: "... is only
    /// available when compiling a catalog"; `EXPRESSION_NOT_SUPPORTED_WHEN_COMPILING` inside
    /// `apply`). A plan runs steps on targets; resources go in an `apply` block, which Bolt
    /// compiles into a catalog for each target.
    ///
    /// ## Example
    /// ```puppet
    /// plan deploy::web(TargetSpec $targets) {
    ///   package { 'nginx': ensure => installed }
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// plan deploy::web(TargetSpec $targets) {
    ///   apply($targets) {
    ///     package { 'nginx': ensure => installed }
    ///   }
    /// }
    /// ```
    pub struct CatalogExpressionInPlan {
        code: "P338",
        name: "catalog-expression-in-plan",
        severity: Error,
        category: Validation,
    }
}

impl Check for CatalogExpressionInPlan {
    fn check(&self, cx: &mut Context<'_>) {
        let file = cx.ast();
        let tasks = file
            .statements
            .iter()
            .any(|e| matches!(e.kind, ExprKind::Plan(_)));
        // Outside a plan only an `apply` block is reported: most files have none.
        let applies = || {
            cx.index()
                .exprs_of(&[Kind::Call])
                .any(|e| matches!(&e.kind, ExprKind::Call(c) if c.style == CallStyle::Apply))
        };
        if !tasks && !applies() {
            return;
        }
        let mut found = Vec::new();
        for e in &file.statements {
            visit(e, tasks, false, &mut found);
        }
        for (span, problem) in found {
            report(cx, span, problem);
        }
    }
}

#[derive(Clone, Copy)]
enum Problem {
    /// Only when compiling a catalog: outside `apply` in a plan.
    Scripting(&'static str),
    /// Not even in an `apply` block: classes and defined types.
    Definition(&'static str),
    /// Inside an `apply` block: `apply`, exported collectors.
    InApply(&'static str),
    /// An `apply` block in a file that is not a plan.
    ApplyOutsidePlan,
}

fn visit(e: &Expr, tasks: bool, in_apply: bool, out: &mut Vec<(Span, Problem)>) {
    let apply_body = match &e.kind {
        ExprKind::Call(c) if c.style == CallStyle::Apply => Some(c),
        _ => None,
    };
    if tasks {
        let catalog = match &e.kind {
            ExprKind::Resource(_) => Some("a resource expression"),
            ExprKind::ResourceDefaults(_) => Some("a resource defaults expression"),
            ExprKind::ResourceOverride(_) => Some("a resource override expression"),
            ExprKind::Relationship { .. } => Some("a relationship"),
            ExprKind::Node(_) => Some("a node definition"),
            ExprKind::Collector(_) => Some("a collector"),
            _ => None,
        };
        match &e.kind {
            ExprKind::Class(_) => out.push((e.span, Problem::Definition("a class definition"))),
            ExprKind::Define(_) => out.push((e.span, Problem::Definition("a defined type"))),
            ExprKind::Collector(c) if in_apply && c.exported => {
                out.push((
                    e.span,
                    Problem::InApply("a collector of exported resources"),
                ));
            }
            _ if in_apply => {
                if apply_body.is_some() {
                    out.push((e.span, Problem::InApply("an `apply` block")));
                }
            }
            _ => {
                if let Some(what) = catalog {
                    out.push((e.span, Problem::Scripting(what)));
                    // Its parts are part of the same mistake.
                    return;
                }
            }
        }
    } else if apply_body.is_some() {
        out.push((e.span, Problem::ApplyOutsidePlan));
    }
    match apply_body {
        Some(c) => {
            for a in &c.args {
                visit(a, tasks, in_apply, out);
            }
            if let Some(l) = &c.lambda {
                for s in &l.body.statements {
                    visit(s, tasks, true, out);
                }
            }
        }
        None => e.for_each_child(&mut |child| visit(child, tasks, in_apply, out)),
    }
}

fn report(cx: &mut Context<'_>, span: Span, problem: Problem) {
    match problem {
        Problem::Scripting(what) => {
            cx.report(
                span,
                format!("{what} is only available when compiling a catalog"),
            )
            .label("in a plan, outside an `apply` block")
            .help("put it in an `apply($targets) { ... }` block, or in a class the block declares");
        }
        Problem::Definition(what) => {
            cx.report(
                span,
                format!("{what} is only available when compiling a catalog"),
            )
            .label("in a file that defines a plan")
            .help("move it to the module's `manifests/` folder and declare it in an `apply` block");
        }
        Problem::InApply(what) => {
            cx.report(span, format!("{what} is not supported in an `apply` block"))
                .label("inside `apply`")
                .help(
                    "an `apply` block is compiled into a catalog on its own: move this out of it",
                );
        }
        Problem::ApplyOutsidePlan => {
            cx.report(span, "an `apply` block is only available in a Bolt plan")
                .label("not in a plan")
                .help("move this into a plan (`plans/*.pp`), or declare the resources directly");
        }
    }
}
