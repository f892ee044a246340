//! `P218` unevaluated-function: the catalog rule for `EvalDiagKind::NotEvaluated`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::{EvalDiag, NotEvaluated};

declare_rule! {
    /// ## What it does
    /// Notes a call of a function that plint did not evaluate while compiling the catalog: a
    /// module's Ruby function (`lib/puppet/functions/*.rb`, `lib/puppet/parser/functions/*.rb`),
    /// or a built-in that asks a Puppet server (`puppetdb_query`). Its result is an unknown value (of the function's declared return type), and
    /// what the function does besides returning a value — declaring classes or resources with
    /// `call_function('include', ...)`, setting variables — is missing from the catalog. Noted
    /// once per function and node, at its first call. Found by `plint --evaluate`.
    ///
    /// ## Why is this bad?
    /// Nothing is wrong with the manifest; but the catalog plint computed may lack what the
    /// function declares, and the checks made on it do not cover that.
    ///
    /// ## Example
    /// ```puppet
    /// $web_servers = puppetdb_query('nodes[certname] { facts { name = "role" and value = "web" } }')
    /// ```
    ///
    /// A module's function `role()` that declares the role's class with
    /// `call_function('include', "role::${name}")` is noted the same way, and the role's class
    /// is missing from the catalog.
    ///
    /// ## Use instead
    /// ```puppet
    /// $web_servers = lookup('web_servers', Array[String], 'first', [])
    /// ```
    pub struct UnevaluatedFunction {
        code: "P218",
        name: "unevaluated-function",
        severity: Info,
        category: Catalog,
    }
}

impl CatalogRule for UnevaluatedFunction {
    fn label(&self, _diag: &EvalDiag) -> String {
        "not evaluated: result unknown, side effects missing".to_string()
    }

    fn help(&self, _diag: &EvalDiag) -> String {
        "nothing to fix: this note says what the catalog may lack".to_string()
    }
}

/// The function not evaluated, and what that leaves out.
pub(super) fn message(what: &NotEvaluated) -> String {
    match what {
        NotEvaluated::RubyFunction { function, path } => format!(
            "`{function}()` is a Ruby function ({path}) that plint does not evaluate: its result \
             is unknown, and whatever it declares or sets (classes, resources, variables) is \
             missing from the catalog"
        ),
        NotEvaluated::Builtin { function } => format!(
            "`{function}()` is a built-in function that plint does not evaluate (it needs a \
             Puppet server or its data): its result is unknown"
        ),
        NotEvaluated::Partly {
            function,
            path,
            why,
        } => format!(
            "`{function}()` is a Ruby function ({path}) that plint could not evaluate fully \
             ({why}): its result is unknown, and what it declares or sets after that is missing \
             from the catalog"
        ),
        NotEvaluated::Hiera { note } => note.clone(),
    }
}
