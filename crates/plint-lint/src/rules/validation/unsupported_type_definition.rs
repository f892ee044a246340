use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Expr, ExprKind, StringKind};

declare_rule! {
    /// ## What it does
    /// Finds the forms of `type` that Puppet 7 does not support: a type definition with a
    /// body (`type Mymod::Thing { ... }`), and a type mapping (`type Runtime[...] = ...`)
    /// whose sides do not match one of its two forms (`Runtime['ruby', 'Name'] = Type`, or
    /// `Runtime['ruby', [/regexp/, 'replacement']] = [/regexp/, 'replacement']`).
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`UNSUPPORTED_EXPRESSION`, `ILLEGAL_SINGLE_TYPE_MAPPING`,
    /// `ILLEGAL_REGEXP_TYPE_MAPPING`).
    ///
    /// ## Example
    /// ```puppet
    /// type Mymod::Endpoint inherits Mymod::Base {
    ///   $host = 'localhost'
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// type Mymod::Endpoint = Object[{
    ///   parent     => Mymod::Base,
    ///   attributes => { host => { type => String, value => 'localhost' } },
    /// }]
    /// ```
    pub struct UnsupportedTypeDefinition {
        code: "P327",
        name: "unsupported-type-definition",
        severity: Error,
        category: Validation,
    }
}

/// `[/regexp/, 'replacement']`
fn pattern_with_replacement(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Array(v) => {
            v.len() == 2
                && matches!(v[0].kind, ExprKind::Regex(_))
                && matches!(&v[1].kind, ExprKind::String(s)
                    if !matches!(s.kind, StringKind::Heredoc(_)) && !s.is_interpolated())
        }
        _ => false,
    }
}

fn is_type_ref(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Access { target, .. } => matches!(target.kind, ExprKind::TypeRef(_)),
        ExprKind::TypeRef(_) => true,
        _ => false,
    }
}

/// What is wrong with `type <name> = <value>` when the name is not a plain reference.
fn mapping_problem(name: &Expr, value: &Expr) -> Option<&'static str> {
    let ExprKind::Access { target, args } = &name.kind else {
        return Some("only `Runtime[...]` can be mapped to a type");
    };
    if !matches!(&target.kind, ExprKind::TypeRef(n) if n == "Runtime") {
        return Some("only `Runtime[...]` can be mapped to a type");
    }
    let regexp_form = args.len() == 2 && pattern_with_replacement(&args[1]);
    let ok = if pattern_with_replacement(value) {
        regexp_form
    } else {
        is_type_ref(value) && !regexp_form
    };
    (!ok).then_some(if regexp_form {
        "a mapping by regular expression needs `[/regexp/, 'replacement']` on the right"
    } else {
        "a mapping of one runtime name needs a type on the right"
    })
}

impl Check for UnsupportedTypeDefinition {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx
            .index()
            .exprs_of(&[Kind::TypeDefinition, Kind::TypeAlias])
        {
            match &e.kind {
                ExprKind::TypeDefinition(t) => {
                    cx.report(
                        t.name.span,
                        format!(
                            "type definitions with a body (`type {} {{ }}`) are not supported",
                            t.name.name
                        ),
                    )
                    .label("unsupported type definition")
                    .help("define an alias of an Object type: `type Name = Object[{ ... }]`");
                }
                ExprKind::TypeAlias(t)
                    if !matches!(t.name.kind, ExprKind::TypeRef(_) | ExprKind::Error) =>
                {
                    if let Some(problem) = mapping_problem(&t.name, &t.value) {
                        cx.report(t.name.span, format!("invalid type mapping: {problem}"))
                            .label("unsupported mapping")
                            .help("map `Runtime['ruby', 'Name']` to a type, or `Runtime['ruby', [/re/, 'repl']]` to `[/re/, 'repl']`");
                    }
                }
                _ => {}
            }
        }
    }
}
