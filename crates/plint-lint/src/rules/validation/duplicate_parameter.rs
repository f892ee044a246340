use crate::rules::Kind;
use rustc_hash::FxHashMap as HashMap;

use crate::declare_rule;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check, queries};

declare_rule! {
    /// ## What it does
    /// Finds a parameter declared twice in one parameter list (of a class, defined type,
    /// function or plan). Puppet does not check lambdas: there the last one wins.
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`DUPLICATE_PARAMETER`): the second declaration would
    /// silently shadow the first.
    ///
    /// ## Example
    /// ```puppet
    /// define web::site(String $port, Integer $port = 80) { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// define web::site(String $host, Integer $port = 80) { }
    /// ```
    pub struct DuplicateParameter {
        code: "P301",
        name: "duplicate-parameter",
        severity: Error,
        category: Validation,
    }
}

impl Check for DuplicateParameter {
    fn check(&self, cx: &mut Context<'_>) {
        // One map for every list (emptied for each): its table is allocated once.
        let mut seen = HashMap::default();
        // Puppet checks definitions, not lambdas.
        for e in cx
            .index()
            .exprs_of(&[Kind::Class, Kind::Define, Kind::Function, Kind::Plan])
        {
            if let Some(params) = queries::parameters(e) {
                seen.clear();
                for p in params {
                    if let Some(first) = seen.insert(p.name.name.as_str(), p.name.span) {
                        cx.report(
                            p.name.span,
                            format!("the parameter `${}` is declared twice", p.name.name),
                        )
                        .label("declared again here")
                        .secondary(first, "first declared here")
                        .help("rename or remove one of them");
                    }
                }
            }
        }
    }
}
