use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, RelationshipOp};

declare_rule! {
    /// ## What it does
    /// Finds right-to-left relationship arrows, `<-` and `<~`. (puppet-lint reports only
    /// `<-`.)
    ///
    /// ## Why is this bad?
    /// Relationships read in the order things happen; a chain that mixes directions is
    /// hard to follow. The style guide asks for left-to-right arrows only.
    ///
    /// ## Example
    /// ```puppet
    /// Service['nginx'] <- Package['nginx']
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// Package['nginx'] -> Service['nginx']
    /// ```
    pub struct RightToLeftRelationship {
        code: "P410",
        name: "right-to-left-relationship",
        severity: Warning,
        category: Style,
        puppet_lint: "right_to_left_relationship",
    }
}

impl Check for RightToLeftRelationship {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        for e in cx.index().exprs_of(&[Kind::Relationship]) {
            if let ExprKind::Relationship { op, op_span, .. } = &e.kind {
                let flipped = match op {
                    RelationshipOp::Require => "->",
                    RelationshipOp::Subscribe => "~>",
                    _ => continue,
                };
                found.push((*op_span, op.as_str(), flipped));
            }
        }
        for (span, op, flipped) in found {
            cx.report(span, format!("right-to-left relationship `{op}`"))
                .label("points right to left")
                .help(format!("swap the two sides and use `{flipped}`"));
        }
    }
}
