use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, Parameter};

declare_rule! {
    /// ## What it does
    /// Finds a "captures rest" parameter (`*$rest`) where it cannot be: in a class or defined
    /// type, or before the last parameter of a lambda.
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`CAPTURES_REST_NOT_SUPPORTED`, `CAPTURES_REST_NOT_LAST`):
    /// classes and defined types take named parameters only, and a lambda's rest parameter
    /// collects the arguments after all others, so it must come last.
    ///
    /// ## Example
    /// ```puppet
    /// $pairs.each |*$rest, $last| { notice($last) }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $pairs.each |$first, *$rest| { notice($first) }
    /// ```
    pub struct MisplacedCapturesRest {
        code: "P314",
        name: "misplaced-captures-rest",
        severity: Error,
        category: Validation,
    }
}

impl Check for MisplacedCapturesRest {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx
            .index()
            .exprs_of(&[Kind::Class, Kind::Define, Kind::Call, Kind::MethodCall])
        {
            let (kind, params): (&str, &[Parameter]) = match &e.kind {
                ExprKind::Class(c) => ("class", &c.params),
                ExprKind::Define(d) => ("defined type", &d.params),
                ExprKind::Call(c) => match &c.lambda {
                    Some(l) => ("", &l.params),
                    None => continue,
                },
                ExprKind::MethodCall(m) => match &m.lambda {
                    Some(l) => ("", &l.params),
                    None => continue,
                },
                _ => continue,
            };
            let last = params.len().saturating_sub(1);
            for (i, p) in params.iter().enumerate() {
                if !p.captures_rest {
                    continue;
                }
                let name = &p.name.name;
                if !kind.is_empty() {
                    cx.report(
                        p.span,
                        format!("a {kind} cannot have a captures-rest parameter (`*${name}`)"),
                    )
                    .label("captures rest")
                    .help(format!("take the values as an array: `Array ${name}`"));
                } else if i != last {
                    cx.report(
                        p.span,
                        format!("the captures-rest parameter `*${name}` must be the last one"),
                    )
                    .label("not last")
                    .help("move it after the other parameters");
                }
            }
        }
    }
}
