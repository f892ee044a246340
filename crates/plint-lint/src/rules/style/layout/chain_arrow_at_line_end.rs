use crate::declare_rule;
use crate::report::{Edit, Fix};
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, RelationshipOp};

declare_rule! {
    /// ## What it does
    /// Finds a chaining arrow (`->` or `~>`) left at the end of a line when its right-hand
    /// operand starts on a later line.
    ///
    /// ## Why is this bad?
    /// The style guide puts the arrow at the start of the right operand's line, so that each
    /// line of a chain says what it depends on and a reader scanning the left edge sees the
    /// chain.
    ///
    /// ## Example
    /// ```puppet
    /// Package['ntp'] ->
    /// Service['ntp']
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// Package['ntp']
    /// -> Service['ntp']
    /// ```
    pub struct ChainArrowAtLineEnd {
        code: "P446",
        name: "chain-arrow-at-line-end",
        severity: Warning,
        category: Style,
        puppet_lint: "arrow_on_right_operand_line",
        fixable: true,
    }
}

impl Check for ChainArrowAtLineEnd {
    fn check(&self, cx: &mut Context<'_>) {
        let src = cx.source();
        let mut found = Vec::new();
        cx.index().exprs_of(&[Kind::Relationship]).for_each(|e| {
            if let ExprKind::Relationship {
                op: op @ (RelationshipOp::Before | RelationshipOp::Notify),
                op_span,
                right,
                ..
            } = &e.kind
            {
                let (arrow_end, right_start) = (op_span.end as usize, right.span.start as usize);
                if src[arrow_end..right_start].contains('\n') {
                    found.push((*op, op_span.range(), right_start));
                }
            }
        });
        for (op, arrow, right_start) in found {
            let arrow_text = op.as_str();
            // Remove the arrow with the blanks before it; put it before the right operand.
            let before = src[..arrow.start].trim_end_matches(super::is_blank).len();
            let line_before = &src[..before];
            let fix = if line_before.ends_with('\n') || before == 0 {
                None
            } else {
                Some(Fix::safe(
                    format!("move `{arrow_text}` to the start of the next operand's line"),
                    vec![
                        Edit {
                            span: before..arrow.end,
                            replacement: String::new(),
                        },
                        Edit {
                            span: right_start..right_start,
                            replacement: format!("{arrow_text} "),
                        },
                    ],
                ))
            };
            let d = cx
                .report(
                    arrow.clone(),
                    format!(
                        "`{arrow_text}` ends the line instead of starting the next operand's line"
                    ),
                )
                .label("arrow at the end of the line")
                .help(format!(
                    "move `{arrow_text}` to the start of the line of its right operand"
                ));
            if let Some(fix) = fix {
                d.fix(fix);
            }
        }
    }
}
