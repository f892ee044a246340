use crate::rules::Kind;
use rustc_hash::FxHashSet as HashSet;

use crate::declare_rule;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check, queries};
use crate::syntax::ast::{Expr, ExprKind, Lambda, Span};

declare_rule! {
    /// ## What it does
    /// Finds unqualified variables in a class or defined type that are not defined there:
    /// not a parameter, not assigned anywhere in its body (conditionals included), not a
    /// parameter of or assigned in an enclosing lambda, not a match variable (`$0`, `$1`),
    /// and not one that Puppet always defines (`$facts`, `$trusted`, `$server_facts`,
    /// `$title`, `$name`, `$module_name`, the metaparameters...). Such a variable is looked
    /// up in top scope (or in the parent class).
    ///
    /// Lambda parameters are known exactly, wherever the lambda is (puppet-lint guesses
    /// them by line and reports many of them), and a variable assigned in one class does
    /// not count as defined in the next class of the same file.
    ///
    /// ## Why is this bad?
    /// An unqualified variable that is not local silently reads whatever a top-scope
    /// variable, a node definition or an inherited class left there, or `undef`. Write
    /// `$facts['name']` for facts and the full name (`$ntp::params::servers`) for another
    /// class's variables.
    ///
    /// ## Example
    /// ```puppet
    /// class web {
    ///   file { '/var/www': owner => $web_user }
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class web (String $web_user = 'www-data') {
    ///   $sites = ['a', 'b']
    ///   $sites.each |$site| {
    ///     file { "/var/www/${site}": owner => $web_user }
    ///   }
    /// }
    /// ```
    pub struct VariableScope {
        code: "P411",
        name: "unqualified-top-scope-variable",
        severity: Warning,
        category: Style,
        puppet_lint: "variable_scope",
    }
}

/// Variables Puppet defines in every class or defined type (and the metaparameters,
/// which puppet-lint accepts too).
fn is_always_defined(name: &str) -> bool {
    matches!(
        name,
        "name"
            | "title"
            | "module_name"
            | "caller_module_name"
            | "environment"
            | "clientcert"
            | "clientversion"
            | "servername"
            | "serverip"
            | "serverversion"
            | "facts"
            | "trusted"
            | "server_facts"
            | "settings"
            | "alias"
            | "audit"
            | "before"
            | "loglevel"
            | "noop"
            | "notify"
            | "require"
            | "schedule"
            | "stage"
            | "subscribe"
            | "tag"
    )
}

/// The lambda of a call, if it has one.
fn lambda_of(e: &Expr) -> Option<&Lambda> {
    match &e.kind {
        ExprKind::Call(c) => c.lambda.as_ref(),
        ExprKind::MethodCall(m) => m.lambda.as_ref(),
        _ => None,
    }
}

/// The innermost scope (a definition or a lambda) that contains `span`, as its span, among
/// `ancestors` (innermost first).
fn scope_of<'a>(span: Span, ancestors: impl Iterator<Item = &'a Expr>) -> Option<(Span, bool)> {
    ancestors.into_iter().find_map(|a| {
        if let Some(l) = lambda_of(a).filter(|l| l.span.contains(span)) {
            return Some((l.span, false));
        }
        a.is_definition().then_some((a.span, true))
    })
}

/// The variables an assignment's left side defines.
fn targets<'a>(left: &'a Expr, out: &mut Vec<&'a str>) {
    match &left.kind {
        ExprKind::Variable(v) => out.push(v),
        ExprKind::Array(items) => items.iter().for_each(|i| targets(i, out)),
        _ => {}
    }
}

/// Adds the spans of `e` and of every expression in it to `spans`.
/// How many expressions `e` is made of, itself included: the length of its run in the
/// file's pre-order list.
fn size(e: &Expr) -> usize {
    let mut n = 1;
    // The AST is at most about `syntax::lower::MAX_DEPTH` deep: recursion is safe.
    e.for_each_child(&mut |c| n += size(c));
    n
}

impl Check for VariableScope {
    fn check(&self, cx: &mut Context<'_>) {
        // The names defined per scope (definition or lambda span), and the references; the
        // scopes that see each reference are a range of `scopes`.
        let index = cx.index();
        // Only the variables of classes and defined types are checked.
        if index.of(&[Kind::Class]).next().is_none() && index.of(&[Kind::Define]).next().is_none() {
            return;
        }
        // Most variables are references, most seen by one scope: the lists rarely grow.
        let variables = index.of(&[Kind::Variable]).size_hint().0;
        // Parameters and assigned names: a few dozen in most files.
        let mut defined: HashSet<(Span, &str)> =
            HashSet::with_capacity_and_hasher(64, Default::default());
        let mut scopes: Vec<Span> = Vec::with_capacity(variables);
        let mut refs: Vec<(&str, Span, std::ops::Range<usize>, &'static str)> =
            Vec::with_capacity(variables);
        // The targets of one assignment (reused).
        let mut names = Vec::new();
        // The positions of the expressions assigned to (the left sides of the assignments
        // met, each the run of positions right after its assignment's, as the left side is
        // listed first), innermost last: the runs nest as the expressions do.
        let mut assigned: Vec<std::ops::Range<usize>> = Vec::new();
        let name_bytes = index.name_bytes();
        for (i, e) in index.of(queries::ASSIGNMENTS_VARIABLES_AND_PARAMETERS) {
            while assigned.last().is_some_and(|r| r.end <= i) {
                assigned.pop();
            }
            match &e.kind {
                ExprKind::Assignment { left, .. } => {
                    names.clear();
                    targets(left, &mut names);
                    assigned.push(i + 1..i + 1 + size(left));
                    if let Some((scope, _)) = scope_of(e.span, index.ancestors(i)) {
                        defined.extend(names.iter().map(|&n| (scope, n)));
                    }
                }
                ExprKind::Variable(v) if !assigned.last().is_some_and(|r| r.contains(&i)) => {
                    let bytes = name_bytes[i];
                    if (bytes.has_colon() && queries::has_double_colon(v))
                        || bytes.is_digits()
                        || is_always_defined(v)
                    {
                        continue;
                    }
                    // The scopes that see this variable, innermost first, up to the
                    // definition; only classes and defined types are checked.
                    let first = scopes.len();
                    let mut checked = false;
                    for a in index.ancestors(i) {
                        if let Some(l) = lambda_of(a).filter(|l| l.span.contains(e.span)) {
                            scopes.push(l.span);
                        } else if a.is_definition() {
                            scopes.push(a.span);
                            let kind = match &a.kind {
                                ExprKind::Class(_) => "class",
                                ExprKind::Define(_) => "defined type",
                                _ => break,
                            };
                            refs.push((v, e.span, first..scopes.len(), kind));
                            checked = true;
                            break;
                        }
                    }
                    if !checked {
                        scopes.truncate(first);
                    }
                }
                ExprKind::Variable(_) => {}
                _ => {
                    if let Some(params) = queries::parameters(e) {
                        let owner = lambda_of(e).map_or(e.span, |l| l.span);
                        defined.extend(params.iter().map(|p| (owner, p.name.name.as_str())));
                    }
                }
            }
        }
        for (name, span, seen_by, kind) in refs {
            let known = scopes[seen_by]
                .iter()
                .any(|&s| defined.contains(&(s, name)));
            if known {
                continue;
            }
            let help = match crate::defs::facts::legacy(name).and_then(|l| l.access) {
                Some(access) => format!("`${name}` is a fact: read it as `$facts{access}`"),
                None => format!(
                    "assign `${name}` here or make it a parameter; write `$<class>::{name}` for another class's variable, `$::{name}` for a top-scope one"
                ),
            };
            cx.report(
                span,
                format!("the variable `${name}` is not defined in this {kind}"),
            )
            .label("looked up in top scope")
            .help(help);
        }
    }
}
