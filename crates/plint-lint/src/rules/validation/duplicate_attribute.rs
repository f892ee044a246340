use crate::rules::Kind;
use rustc_hash::FxHashMap as HashMap;
use std::collections::hash_map::Entry;

use crate::declare_rule;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{AttributeOp, ExprKind, Span};

declare_rule! {
    /// ## What it does
    /// Finds an attribute set twice in one resource body.
    ///
    /// ## Why is this bad?
    /// Puppet fails when it evaluates the declaration (`DUPLICATE_ATTRIBUTE`), and even where
    /// a tool would accept it, one of the two values is silently lost.
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd':
    ///   ensure => file,
    ///   mode   => '0644',
    ///   ensure => present,
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// file { '/etc/motd':
    ///   ensure => file,
    ///   mode   => '0644',
    /// }
    /// ```
    pub struct DuplicateAttribute {
        code: "P333",
        name: "duplicate-attribute",
        severity: Error,
        category: Validation,
        puppet_lint: "duplicate_params",
    }
}

impl Check for DuplicateAttribute {
    fn check(&self, cx: &mut Context<'_>) {
        // One map for every body (emptied for each): its table is allocated once.
        let mut seen: HashMap<&str, Span> = HashMap::default();
        for e in cx.index().exprs_of(&[Kind::Resource]) {
            let ExprKind::Resource(r) = &e.kind else {
                continue;
            };
            for body in &r.bodies {
                seen.clear();
                for a in &body.attributes {
                    if a.op == AttributeOp::Splat || a.name.name.is_empty() {
                        continue;
                    }
                    // One look-up for both the test and the insertion.
                    match seen.entry(a.name.name.as_str()) {
                        Entry::Vacant(slot) => {
                            slot.insert(a.name.span);
                        }
                        Entry::Occupied(first) => {
                            cx.report(
                                a.name.span,
                                format!(
                                    "the attribute `{}` is set twice in this resource",
                                    a.name.name
                                ),
                            )
                            .label("set again here")
                            .secondary(*first.get(), "first set here")
                            .help("remove one of them");
                        }
                    }
                }
            }
        }
    }
}
