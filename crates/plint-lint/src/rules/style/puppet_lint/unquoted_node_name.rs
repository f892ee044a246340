use crate::declare_rule;
use crate::report::Fix;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check, queries};
use crate::syntax::ast::ExprKind;

declare_rule! {
    /// ## What it does
    /// Finds node names written without quotes (`node web01.example.com { }`).
    ///
    /// ## Why is this bad?
    /// A bare node name is parsed as a word, a dotted name or a number depending on what it
    /// contains, so some host names do not parse or mean something else. Quoted names are
    /// always taken as they are.
    ///
    /// ## Example
    /// ```puppet
    /// node web01.example.com { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// node 'web01.example.com' { }
    /// ```
    pub struct UnquotedNodeName {
        code: "P415",
        name: "unquoted-node-name",
        severity: Warning,
        category: Style,
        puppet_lint: "unquoted_node_name",
        fixable: true,
    }
}

impl Check for UnquotedNodeName {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        for e in cx.index().exprs_of(&[Kind::Node]) {
            if let ExprKind::Node(n) = &e.kind {
                for m in &n.matchers {
                    let bare = match &m.kind {
                        ExprKind::Name(_) | ExprKind::Integer(_) | ExprKind::Float(_) => true,
                        ExprKind::String(s) => queries::is_bare_word(s),
                        _ => false,
                    };
                    if bare {
                        found.push(m.span);
                    }
                }
            }
        }
        for span in found {
            let name = cx.text(span).to_string();
            cx.report(span, format!("the node name `{name}` is not quoted"))
                .label("unquoted node name")
                .help("quote the node name")
                .fix(Fix::replace(
                    "quote the node name",
                    span.range(),
                    format!("'{name}'"),
                ));
        }
    }
}
