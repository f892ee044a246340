use crate::declare_rule;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Expr, ExprKind};

use super::definition_not_at_top_level::head;
use super::statements::{describe, is_idem, statement_lists};

declare_rule! {
    /// ## What it does
    /// Finds a statement that only produces a value, which the next statement then throws
    /// away: a literal, a variable, an operation, a selector, or an `if`/`case` whose
    /// branches only produce values. Only the first such statement of each block is reported.
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`IDEM_EXPRESSION_NOT_LAST`). Such a statement is almost
    /// always a mistake of form: a function called without parentheses (`warn 'x'` is the bare
    /// word `warn` and then a string), a missing operator, or a stray value.
    ///
    /// ## Example
    /// ```puppet
    /// $port + 1
    /// notice('done')
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $next_port = $port + 1
    /// notice('done')
    /// ```
    pub struct ExpressionWithoutEffect {
        code: "P318",
        name: "expression-without-effect",
        severity: Error,
        category: Validation,
    }
}

impl Check for ExpressionWithoutEffect {
    fn check(&self, cx: &mut Context<'_>) {
        let mut lists: Vec<&[Expr]> = vec![&cx.ast().statements];
        for e in cx.index().exprs_of(super::statements::WITH_STATEMENTS) {
            lists.extend(statement_lists(e));
        }
        for list in lists {
            let Some((_, init)) = list.split_last() else {
                continue;
            };
            let Some(i) = init.iter().position(is_idem) else {
                continue;
            };
            let (stmt, next) = (&init[i], &list[i + 1]);
            let what = describe(stmt);
            let same_line = cx
                .source()
                .get(stmt.span.end as usize..next.span.start as usize)
                .is_some_and(|gap| !gap.contains('\n'));
            let d = cx.report(
                head(stmt),
                "this statement has no effect: its value is thrown away",
            );
            d.label(format!("{what}, not used"));
            match &stmt.kind {
                ExprKind::Name(name) if same_line => {
                    d.help(format!(
                        "`{name}` cannot be called without parentheses; write `{name}(...)`"
                    ));
                }
                _ => {
                    d.help("assign the value to a variable, use it, or remove it");
                }
            }
        }
    }
}
