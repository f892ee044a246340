use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{AttributeOp, ExprKind};

declare_rule! {
    /// ## What it does
    /// Finds a resource body with more than one `* =>` (attributes from a hash).
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`MULTIPLE_ATTRIBUTES_UNFOLD`): a resource body can take
    /// its attributes from one hash only.
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd':
    ///   * => $defaults,
    ///   * => $overrides,
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// file { '/etc/motd':
    ///   * => $defaults + $overrides,
    /// }
    /// ```
    pub struct MultipleAttributeSplats {
        code: "P311",
        name: "multiple-attribute-splats",
        severity: Error,
        category: Validation,
    }
}

impl Check for MultipleAttributeSplats {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx.index().exprs_of(&[Kind::Resource]) {
            let ExprKind::Resource(r) = &e.kind else {
                continue;
            };
            for body in &r.bodies {
                let mut splats = body
                    .attributes
                    .iter()
                    .filter(|a| a.op == AttributeOp::Splat);
                let Some(first) = splats.next() else {
                    continue;
                };
                for extra in splats {
                    cx.report(extra.span, "a resource body can have only one `* =>`")
                        .label("second `* =>`")
                        .secondary(first.span, "first `* =>` here")
                        .help("merge the hashes into one: `* => $a + $b`");
                }
            }
        }
    }
}
