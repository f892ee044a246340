use super::scope_analysis;
use crate::declare_rule;
use crate::infer::scope::ScopeDiag;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

declare_rule! {
    /// ## What it does
    /// Finds a variable read where nothing can have defined it: no parameter, no assignment
    /// earlier in the same scope (or an enclosing lambda's scope, or an inherited class),
    /// no fact and no variable Puppet sets itself (`$facts`, `$trusted`, `$title`, ...).
    /// A qualified variable (`$apache::port`) is checked when the class it names is known:
    /// defined in the file or in the program's index.
    ///
    /// A top-scope variable read as `$::name` that nothing sets is a warning, not an error:
    /// a node classifier (ENC) or the server may set it (list those in
    /// `known-top-scope-variables` in `plint.toml`), and it is not reported at all while a
    /// module the code declares it needs is not installed (its custom facts are unknown).
    ///
    /// A class or defined type sees the variables a node definition assigns (it may be
    /// declared from that node); `$::name` reads top scope only, and a function does not see node scope.
    ///
    /// Match variables (`$1`) and facts read as `$osfamily` or `$::osfamily` are never
    /// reported; neither are variables tested with `defined('$x')` or read with
    /// `getvar('x')`. Puppet evaluates a scope in order, so a read before the assignment
    /// is undefined too.
    ///
    /// ## Why is this bad?
    /// Puppet 8 fails the compilation (its `strict_variables` is on by default): an error.
    /// Puppet 7 evaluates an unknown variable to `undef` with a warning, so with
    /// `puppet-version = 7` it is a warning (an error again with `--strict-variables`): a
    /// misspelled name silently becomes an empty value.
    ///
    /// ## Example
    /// ```puppet
    /// class web (String $user = 'www-data') {
    ///   file { '/var/www': owner => $usr }
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class web (String $user = 'www-data') {
    ///   file { '/var/www': owner => $user }
    /// }
    /// ```
    pub struct UndefinedVariable {
        code: "P112",
        name: "undefined-variable",
        severity: Error,
        category: Types,
        puppet_setting: StrictVariables,
    }
}

impl Check for UndefinedVariable {
    fn check(&self, cx: &mut Context<'_>) {
        // While a declared module is absent, its custom facts are unknown.
        let facts_unknown = !cx.absent_modules().is_empty();
        let world = cx.program().world();
        for d in scope_analysis::analyze(cx) {
            let ScopeDiag::Undefined { name, span } = d else {
                continue;
            };
            let qualified = name.trim_start_matches("::").contains("::");
            // `$::x`: a top-scope variable, which an ENC, the server or a module that is not
            // installed (its custom facts) may set.
            if let Some(top) = name.strip_prefix("::").filter(|n| !n.contains("::")) {
                if facts_unknown || world.is_known_top_scope(top) {
                    continue;
                }
                let d = cx
                    .report(*span, format!("the variable `${name}` is not defined"))
                    .label("no manifest, fact or function of the program sets it");
                d.severity = crate::report::Severity::Warning;
                d.help(format!(
                    "if the node classifier (ENC) or the server sets it, list `{top}` in \
                     `known-top-scope-variables` in `plint.toml`; otherwise set it, or read a \
                     fact through `$facts['{top}']`"
                ));
                continue;
            }
            let d = cx
                .report(*span, format!("the variable `${name}` is not defined"))
                .label("undefined variable");
            if qualified {
                let (class, var) = name.rsplit_once("::").unwrap_or(("", name));
                d.help(format!(
                    "class `{}` has no parameter or variable `${var}`",
                    class.trim_start_matches("::")
                ));
            } else {
                d.help("define it before this point, declare it as a parameter, or use a fact through `$facts['name']`");
            }
        }
    }
}
