use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::ExprKind;

declare_rule! {
    /// ## What it does
    /// Finds classes and defined types whose name contains a dash (`-`).
    ///
    /// puppet-lint reports this as an error; plint reports it as a warning, as it does every
    /// style rule. Where Puppet rejects the name, `invalid-definition-name` (P322) reports
    /// an error too.
    ///
    /// ## Why is this bad?
    /// A dash is not allowed in class and defined type names: Puppet 4 and later either
    /// reject the name or cannot refer to it (`Class['a-b']`, `a-b::c` do not parse as
    /// names), and the autoloader cannot map it to a file.
    ///
    /// ## Example
    /// ```puppet
    /// define web::virtual-host { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// define web::virtual_host { }
    /// ```
    pub struct NamesContainingDash {
        code: "P406",
        name: "name-containing-dash",
        severity: Warning,
        category: Style,
        puppet_lint: "names_containing_dash",
    }
}

impl Check for NamesContainingDash {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        for e in cx.index().exprs_of(&[Kind::Class, Kind::Define]) {
            match &e.kind {
                ExprKind::Class(c) if c.name.name.contains('-') => {
                    found.push(("class", c.name.clone()))
                }
                ExprKind::Define(d) if d.name.name.contains('-') => {
                    found.push(("defined type", d.name.clone()))
                }
                _ => {}
            }
        }
        for (kind, name) in found {
            cx.report(
                name.span,
                format!("the {kind} name `{}` contains a dash", name.name),
            )
            .label("dash in a name")
            .help(format!(
                "use an underscore instead: `{}`",
                name.name.replace('-', "_")
            ));
        }
    }
}
