use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::ExprKind;

declare_rule! {
    /// ## What it does
    /// Finds a node definition that inherits another node (`node 'web1' inherits 'base'`).
    ///
    /// ## Why is this bad?
    /// Node inheritance was removed in Puppet 4; Puppet rejects the manifest
    /// (`ILLEGAL_NODE_INHERITANCE`).
    ///
    /// ## Example
    /// ```puppet
    /// node 'web1.example.com' inherits 'base' {
    ///   include nginx
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// node 'web1.example.com' {
    ///   include role::base
    ///   include nginx
    /// }
    /// ```
    pub struct NodeInheritance {
        code: "P304",
        name: "node-inheritance",
        severity: Error,
        category: Validation,
    }
}

impl Check for NodeInheritance {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx.index().exprs_of(&[Kind::Node]) {
            let ExprKind::Node(n) = &e.kind else {
                continue;
            };
            let Some(parent) = &n.parent else {
                continue;
            };
            let text = cx.text(parent.span).to_string();
            cx.report(
                parent.span,
                format!("a node cannot inherit another node (`{text}`)"),
            )
            .label("node inheritance is not supported")
            .help("move what the nodes share into a class, and include it in each node");
        }
    }
}
