use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Attribute, AttributeOp, ExprKind};

declare_rule! {
    /// ## What it does
    /// Finds the `+>` (append) operator in a resource declaration or in resource defaults.
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`ILLEGAL_ATTRIBUTE_APPEND`): `+>` adds to a value that was
    /// already set, so it only makes sense in a resource override or a collector's attribute
    /// block.
    ///
    /// ## Example
    /// ```puppet
    /// service { 'nginx':
    ///   require +> Package['nginx'],
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// service { 'nginx':
    ///   require => Package['nginx'],
    /// }
    /// Service['nginx'] {
    ///   require +> File['/etc/nginx/nginx.conf'],
    /// }
    /// ```
    pub struct AttributeAppendInResource {
        code: "P310",
        name: "attribute-append-in-resource",
        severity: Error,
        category: Validation,
    }
}

impl Check for AttributeAppendInResource {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx
            .index()
            .exprs_of(&[Kind::Resource, Kind::ResourceDefaults])
        {
            let (where_, attrs): (&str, Vec<&Attribute>) = match &e.kind {
                ExprKind::Resource(r) => (
                    "a resource declaration",
                    r.bodies.iter().flat_map(|b| &b.attributes).collect(),
                ),
                ExprKind::ResourceDefaults(d) => {
                    ("resource defaults", d.attributes.iter().collect())
                }
                _ => continue,
            };
            for a in attrs.into_iter().filter(|a| a.op == AttributeOp::Append) {
                cx.report(
                    a.span,
                    format!("`+>` cannot be used on `{}` in {where_}", a.name.name),
                )
                .label("append operator")
                .help("use `=>` here; `+>` is only for resource overrides and collectors");
            }
        }
    }
}
