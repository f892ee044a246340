use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, Span};

use super::definition_not_at_top_level::kind_name;

declare_rule! {
    /// ## What it does
    /// Finds a class, defined type, function or type alias whose name breaks Puppet's naming
    /// rules. Classes, defined types and functions have lower-case names: segments separated
    /// by `::`, each a lower-case letter followed by letters, digits and `_`
    /// (`apache::vhost`). Type aliases have the same shape with capitals (`Apache::Port`).
    /// Neither starts with `::`.
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`ILLEGAL_DEFINITION_NAME`): the definition could never be
    /// referenced or autoloaded.
    ///
    /// ## Example
    /// ```puppet
    /// class Apache::Vhost_config { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class apache::vhost_config { }
    /// ```
    pub struct InvalidDefinitionName {
        code: "P322",
        name: "invalid-definition-name",
        severity: Error,
        category: Validation,
    }
}

/// Segments separated by `::`, each starting with a letter accepted by `first`, followed by
/// ASCII letters, digits and `_`.
fn is_name(name: &str, first: fn(char) -> bool) -> bool {
    name.split("::").all(|seg| {
        let mut chars = seg.chars();
        chars.next().is_some_and(first) && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

impl Check for InvalidDefinitionName {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx
            .index()
            .exprs_of(&[Kind::Class, Kind::Define, Kind::Function, Kind::TypeAlias])
        {
            let (name, span, upper): (&str, Span, bool) = match &e.kind {
                ExprKind::Class(c) => (&c.name.name, c.name.span, false),
                ExprKind::Define(d) => (&d.name.name, d.name.span, false),
                ExprKind::Function(f) => (&f.name.name, f.name.span, false),
                ExprKind::TypeAlias(t) => match &t.name.kind {
                    ExprKind::TypeRef(n) => (n, t.name.span, true),
                    _ => continue,
                },
                _ => continue,
            };
            if name.is_empty() {
                continue;
            }
            let valid = if upper {
                is_name(name, |c| c.is_ascii_uppercase())
            } else {
                is_name(name, |c| c.is_ascii_lowercase())
            };
            if valid {
                continue;
            }
            let kind = kind_name(e);
            let help = if upper {
                "start each `::`-separated segment with a capital letter, then use letters, \
                 digits and `_` (`Mymod::Port`)"
            } else {
                "write the name in lower case: each `::`-separated segment starts with a letter, \
                 then letters, digits and `_` (`mymod::server`)"
            };
            cx.report(span, format!("`{name}` is not a valid {kind} name"))
                .label("invalid name")
                .help(help);
        }
    }
}
