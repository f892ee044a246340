use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Block, ExprKind};

use super::definition_not_at_top_level::{head, kind_name};
use super::statements::{describe, is_idem};

declare_rule! {
    /// ## What it does
    /// Finds a class, defined type or node whose body ends with a statement that only
    /// produces a value (a literal, a variable, an operation, an `if` whose branches do
    /// nothing, ...).
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`IDEM_NOT_ALLOWED_LAST`): the body's value is never used,
    /// so the statement does nothing, which usually means it was meant to be something else.
    ///
    /// ## Example
    /// ```puppet
    /// class web {
    ///   if $facts['is_virtual'] { }
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class web {
    ///   if $facts['is_virtual'] { include web::virtual }
    /// }
    /// ```
    pub struct DefinitionEndsWithValue {
        code: "P319",
        name: "definition-ends-with-value",
        severity: Error,
        category: Validation,
    }
}

impl Check for DefinitionEndsWithValue {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx
            .index()
            .exprs_of(&[Kind::Class, Kind::Define, Kind::Node])
        {
            let body: &Block = match &e.kind {
                ExprKind::Class(c) => &c.body,
                ExprKind::Define(d) => &d.body,
                ExprKind::Node(n) => &n.body,
                _ => continue,
            };
            let Some(last) = body.statements.last() else {
                continue;
            };
            if !is_idem(last) {
                continue;
            }
            let kind = kind_name(e);
            let what = describe(last);
            cx.report(
                head(last),
                format!("the {kind} ends with {what}, which has no effect"),
            )
            .label("value produced and then thrown away")
            .help("remove it, or make it do something (declare, include, assign)");
        }
    }
}
