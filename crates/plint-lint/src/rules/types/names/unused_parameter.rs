use rustc_hash::FxHashSet;

use super::scope_analysis;
use crate::declare_rule;
use crate::defs::model::FunctionDef;
use crate::infer::scope::{ScopeDiag, UnusedKind};
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, Lambda, Span};
use crate::types::Type;

declare_rule! {
    /// ## What it does
    /// Finds a parameter of a defined type, a function, a plan or a lambda that its body
    /// never reads. Class parameters are not checked (other classes read them as
    /// `$class::name`), nor are the parameters of a definition that calls `template()`,
    /// `inline_template()`, `epp()` or `inline_epp()` (templates read variables by name),
    /// nor names starting with `_`.
    ///
    /// A lambda's parameters are positional, and their number often decides what each one
    /// gets: `$h.each |$k, $v|` gives a key and a value, `$h.each |$pair|` a `[key, value]`
    /// pair, and `reduce` takes exactly two. So a lambda parameter is reported only when
    /// it and every parameter after it are unused, and one signature of the called function
    /// (its `Callable[min, max]` block) accepts the lambda both as written and without them.
    /// No core function does; a module's function may.
    ///
    /// ## Why is this bad?
    /// Callers set a value that changes nothing, or the body reads a misspelled name.
    ///
    /// ## Example
    /// ```puppet
    /// define app::site (String $root, String $owner) {
    ///   file { $root: ensure => directory }
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// define app::site (String $root, String $owner) {
    ///   file { $root: ensure => directory, owner => $owner }
    /// }
    /// ```
    pub struct UnusedParameter {
        code: "P115",
        name: "unused-parameter",
        severity: Warning,
        category: Types,
    }
}

impl Check for UnusedParameter {
    fn check(&self, cx: &mut Context<'_>) {
        let diags = scope_analysis::analyze(cx);
        let unused_lambda_params: FxHashSet<Span> = diags
            .iter()
            .filter_map(|d| match d {
                ScopeDiag::Unused {
                    span,
                    kind: UnusedKind::LambdaParameter,
                    ..
                } => Some(*span),
                _ => None,
            })
            .collect();
        let removable = if unused_lambda_params.is_empty() {
            Default::default()
        } else {
            removable_lambda_params(cx, &unused_lambda_params)
        };
        for d in diags {
            let ScopeDiag::Unused { name, span, kind } = d else {
                continue;
            };
            let help = match kind {
                UnusedKind::Variable => continue,
                UnusedKind::Parameter => {
                    format!("use it, remove it, or rename it `$_{name}` if it is on purpose")
                }
                UnusedKind::LambdaParameter => match removable.iter().find(|r| r.0 == *span) {
                    Some((_, function)) => format!(
                        "remove it: `{function}` also accepts the lambda without it (or rename it `$_{name}`)"
                    ),
                    None => continue,
                },
            };
            cx.report(*span, format!("the parameter `${name}` is never used"))
                .label("never read")
                .help(help);
        }
    }
}

/// The unused lambda parameters (`unused`, by the span of their name) that can be removed,
/// with the called function's name: those after the last used parameter of their lambda,
/// when one signature of the function accepts the lambda with and without them.
fn removable_lambda_params(cx: &Context<'_>, unused: &FxHashSet<Span>) -> Vec<(Span, String)> {
    let mut calls: Vec<(&str, &Lambda)> = Vec::new();
    cx.ast().walk(&mut |e| match &e.kind {
        ExprKind::Call(c) => {
            if let (Some(name), Some(l)) = (c.name(), &c.lambda) {
                calls.push((name, l));
            }
        }
        ExprKind::MethodCall(m) => {
            if let Some(l) = &m.lambda {
                calls.push((m.method.name.as_str(), l));
            }
        }
        _ => {}
    });
    let mut out = Vec::new();
    for (name, lambda) in calls {
        let n = lambda.params.len();
        // The parameters from `first` on are all unused.
        let first = lambda
            .params
            .iter()
            .rposition(|p| !unused.contains(&p.name.span))
            .map_or(0, |i| i + 1);
        if first == n {
            continue;
        }
        let name = name.strip_prefix("::").unwrap_or(name);
        let Some(def) = callee(cx, name) else {
            continue;
        };
        for (i, p) in lambda.params.iter().enumerate().skip(first) {
            if accepts_counts(def, i, n) {
                out.push((p.name.span, name.to_string()));
            }
        }
    }
    out
}

/// The function `name`: the program's, else Puppet's.
fn callee<'a>(cx: &Context<'a>, name: &str) -> Option<&'a FunctionDef> {
    cx.program()
        .function(name)
        .or_else(|| crate::defs::builtins::function(name))
}

/// Whether one signature of `def` takes a lambda of `fewer` parameters and of `count`, with a
/// block type that says how many (`Callable[1, 2]`): a bare `Callable` may look at the
/// lambda's arity, as `slice` does, so it tells nothing.
fn accepts_counts(def: &FunctionDef, fewer: usize, count: usize) -> bool {
    def.signatures.iter().any(|s| {
        let Some(block) = &s.block else {
            return false;
        };
        let Ok(Type::Callable(c)) = crate::types::parse(&block.ty) else {
            return false;
        };
        let Some(params) = &c.params else {
            return false;
        };
        let range = params.size_range();
        let (lo, hi) = (range.lo(), range.hi());
        hi < i128::MAX && lo <= fewer as i128 && count as i128 <= hi
    })
}
