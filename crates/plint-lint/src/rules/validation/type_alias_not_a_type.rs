use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::ExprKind;

use super::statements::describe;

declare_rule! {
    /// ## What it does
    /// Finds a type alias whose value is not a type: `type Port = 80`, `type T = $x`. A hash
    /// is allowed: `type T = { attributes => ... }` defines an Object type.
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`ILLEGAL_EXPRESSION`): the right side of `type Name =`
    /// must be a type reference, possibly with parameters (`Integer[1, 65535]`).
    ///
    /// ## Example
    /// ```puppet
    /// type Mymod::Port = 8080
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// type Mymod::Port = Integer[1, 65535]
    /// ```
    pub struct TypeAliasNotAType {
        code: "P326",
        name: "type-alias-not-a-type",
        severity: Error,
        category: Validation,
    }
}

impl Check for TypeAliasNotAType {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx.index().exprs_of(&[Kind::TypeAlias]) {
            let ExprKind::TypeAlias(t) = &e.kind else {
                continue;
            };
            // `type Runtime[...] = ...` is a type mapping (P327's business).
            if !matches!(t.name.kind, ExprKind::TypeRef(_)) {
                continue;
            }
            let base = match &t.value.kind {
                ExprKind::Access { target, .. } => target,
                _ => &t.value,
            };
            // `type T = { ... }` means `Object[{ ... }]`.
            let object = matches!(&t.value.kind, ExprKind::Hash(h) if h.braced);
            if object || matches!(base.kind, ExprKind::TypeRef(_) | ExprKind::Error) {
                continue;
            }
            let what = describe(&t.value);
            cx.report(
                t.value.span,
                format!("a type alias must name a type, not {what}"),
            )
            .label("not a type")
            .help("write a type here, such as `Integer[1, 65535]` or `Enum['a', 'b']`");
        }
    }
}
