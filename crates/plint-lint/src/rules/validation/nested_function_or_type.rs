use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::ExprKind;

use super::definition_not_at_top_level::{container_name, head, kind_name};

declare_rule! {
    /// ## What it does
    /// Finds a function, type alias or type definition that is not at the top of its file:
    /// inside a class, defined type, node, lambda or branch.
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`NOT_ABSOLUTE_TOP_LEVEL`): functions and types are global
    /// and are loaded from their own files; they can never be nested, not even in a class.
    ///
    /// ## Example
    /// ```puppet
    /// class web {
    ///   type Web::Port = Integer[1, 65535]
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// type Web::Port = Integer[1, 65535]
    /// class web { }
    /// ```
    pub struct NestedFunctionOrType {
        code: "P303",
        name: "nested-function-or-type",
        severity: Error,
        category: Validation,
    }
}

impl Check for NestedFunctionOrType {
    fn check(&self, cx: &mut Context<'_>) {
        let index = cx.index();
        let kinds = [Kind::Function, Kind::TypeAlias, Kind::TypeDefinition];
        for (i, e) in index.of(&kinds) {
            if !matches!(
                e.kind,
                ExprKind::Function(_) | ExprKind::TypeAlias(_) | ExprKind::TypeDefinition(_)
            ) {
                continue;
            }
            let Some(outer) = index.ancestors(i).next() else {
                continue;
            };
            let kind = kind_name(e);
            let within = container_name(outer);
            cx.report(
                head(e),
                format!("a {kind} must be at the top of its file, not inside {within}"),
            )
            .label(format!("{kind} nested here"))
            .secondary(head(outer), format!("inside {within}"))
            .help(format!("move the {kind} out, to the top level of the file"));
        }
    }
}
