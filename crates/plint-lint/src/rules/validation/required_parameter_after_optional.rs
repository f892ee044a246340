use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, Parameter};

declare_rule! {
    /// ## What it does
    /// Finds a required parameter (one without a default) after an optional one (with a
    /// default, or `*$rest`) in a function or a lambda.
    ///
    /// ## Why is this bad?
    /// Function and lambda arguments are positional, so a required parameter after an
    /// optional one can never be left out. Puppet fails whenever the function or lambda is
    /// called (`REQUIRED_PARAMETER_AFTER_OPTIONAL`). Classes and defined types take their
    /// parameters by name and may order them freely.
    ///
    /// ## Example
    /// ```puppet
    /// function mymod::greet(String $greeting = 'hello', String $name) >> String {
    ///   "${greeting} ${name}"
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// function mymod::greet(String $name, String $greeting = 'hello') >> String {
    ///   "${greeting} ${name}"
    /// }
    /// ```
    pub struct RequiredParameterAfterOptional {
        code: "P337",
        name: "required-parameter-after-optional",
        severity: Error,
        category: Validation,
    }
}

impl Check for RequiredParameterAfterOptional {
    fn check(&self, cx: &mut Context<'_>) {
        let kinds = [Kind::Function, Kind::Call, Kind::MethodCall];
        for e in cx.index().exprs_of(&kinds) {
            // A lambda's `*$rest` before other parameters is P314's business.
            let (params, rest_counts): (&[Parameter], bool) = match &e.kind {
                ExprKind::Function(f) => (&f.params, true),
                ExprKind::Call(c) => match &c.lambda {
                    Some(l) => (&l.params, false),
                    None => continue,
                },
                ExprKind::MethodCall(m) => match &m.lambda {
                    Some(l) => (&l.params, false),
                    None => continue,
                },
                _ => continue,
            };
            let mut first_optional: Option<&Parameter> = None;
            for p in params {
                if p.default.is_some() || (p.captures_rest && rest_counts) {
                    first_optional.get_or_insert(p);
                    continue;
                }
                if p.captures_rest {
                    continue;
                }
                let Some(optional) = first_optional else {
                    continue;
                };
                cx.report(
                    p.name.span,
                    format!(
                        "the required parameter `${}` comes after an optional one",
                        p.name.name
                    ),
                )
                .label("required, but after an optional parameter")
                .secondary(optional.span, "optional parameter")
                .help("move the required parameters first, or give this one a default");
            }
        }
    }
}
