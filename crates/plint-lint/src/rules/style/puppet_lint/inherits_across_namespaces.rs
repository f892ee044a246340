use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::ExprKind;

declare_rule! {
    /// ## What it does
    /// Finds classes that inherit from a class of another module.
    ///
    /// ## Why is this bad?
    /// Inheritance ties a class to the internals of its parent: every variable and resource
    /// of the parent becomes part of the child. Within one module that is a design choice;
    /// across modules it couples two independently released pieces of code.
    ///
    /// ## Example
    /// ```puppet
    /// class web::server inherits apache::params { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class web::server inherits web::params { }
    /// ```
    pub struct InheritsAcrossNamespaces {
        code: "P405",
        name: "inherits-across-namespaces",
        severity: Warning,
        category: Style,
        puppet_lint: "inherits_across_namespaces",
    }
}

fn module_of(name: &str) -> &str {
    let name = name.trim_start_matches("::");
    name.split("::").next().unwrap_or(name)
}

impl Check for InheritsAcrossNamespaces {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        for e in cx.index().exprs_of(&[Kind::Class]) {
            if let ExprKind::Class(c) = &e.kind
                && let Some(parent) = &c.parent
                && module_of(&parent.name) != module_of(&c.name.name)
            {
                found.push((c.name.name.clone(), parent.clone()));
            }
        }
        for (class, parent) in found {
            cx.report(
                parent.span,
                format!(
                    "the class `{class}` inherits from `{}`, a class of the module `{}`",
                    parent.name,
                    module_of(&parent.name)
                ),
            )
            .label("another module's class")
            .help(format!(
                "inherit only from classes of the module `{}`, or pass what you need as parameters",
                module_of(&class)
            ));
        }
    }
}
