//! `P218` unevaluated-function: the catalog rule for `EvalDiagKind::NotEvaluated`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::{EvalDiag, EvalDiagKind};

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
    fn kinds(&self) -> &'static [EvalDiagKind] {
        &[EvalDiagKind::NotEvaluated]
    }

    fn label(&self, _diag: &EvalDiag) -> String {
        "not evaluated: result unknown, side effects missing".to_string()
    }

    fn help(&self, _diag: &EvalDiag) -> String {
        "nothing to fix: this note says what the catalog may lack".to_string()
    }
}
