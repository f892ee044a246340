use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, Span};

declare_rule! {
    /// ## What it does
    /// Finds classes and defined types defined inside a class.
    ///
    /// ## Why is this bad?
    /// A nested definition exists only once the outer class has been evaluated, its full
    /// name is not where the autoloader looks for it, and readers expect one definition per
    /// file. Put each in its own file.
    ///
    /// ## Example
    /// ```puppet
    /// class web {
    ///   define vhost ($port) { }
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class web {
    ///   web::vhost { 'default': port => 80 }
    /// }
    /// ```
    pub struct NestedClassesOrDefines {
        code: "P408",
        name: "nested-class-or-define",
        severity: Warning,
        category: Style,
        puppet_lint: "nested_classes_or_defines",
    }
}

impl Check for NestedClassesOrDefines {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found: Vec<(&str, String, Span, Span)> = Vec::new();
        let index = cx.index();
        for (i, e) in index.of(&[Kind::Class, Kind::Define]) {
            let (kind, name) = match &e.kind {
                ExprKind::Class(c) => ("class", &c.name),
                ExprKind::Define(d) => ("defined type", &d.name),
                _ => continue,
            };
            let outer = index.ancestors(i).find_map(|a| match &a.kind {
                ExprKind::Class(c) => Some(&c.name),
                _ => None,
            });
            if let Some(outer) = outer {
                let keyword = Span::new(e.span.start as usize, name.span.start as usize);
                found.push((
                    kind,
                    name.name.clone(),
                    keyword.cover(name.span),
                    outer.span,
                ));
            }
        }
        for (kind, name, span, outer) in found {
            cx.report(
                span,
                format!("the {kind} `{name}` is defined inside a class"),
            )
            .label("nested definition")
            .secondary(outer, "inside this class")
            .help("move it to its own file in the module's `manifests` folder");
        }
    }
}
