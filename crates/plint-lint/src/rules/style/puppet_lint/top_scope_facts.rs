use super::fact_reads as facts;
use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

declare_rule! {
    /// ## What it does
    /// Finds facts read as top-scope variables (`$::kernel`) instead of from the `$facts`
    /// hash. Legacy facts (`$::osfamily`) are P421's business; variables that the server
    /// sets at top scope and that are not facts (`$::environment`, `$::servername`,
    /// `$::serverip`, `$::serverversion`) are not reported.
    ///
    /// The fix reads `$facts['name']`. It is marked unsafe: a top-scope variable may also
    /// come from the site manifest or an external node classifier, not from a fact.
    ///
    /// ## Why is this bad?
    /// A top-scope variable can be set by anyone: the site manifest, an ENC, a node
    /// definition. `$facts['name']` is always the fact the node sent.
    ///
    /// ## Example
    /// ```puppet
    /// if $::kernel == 'Linux' { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// if $facts['kernel'] == 'Linux' { }
    /// ```
    pub struct TopScopeFacts {
        code: "P422",
        name: "top-scope-fact",
        severity: Warning,
        category: Style,
        puppet_lint: "top_scope_facts",
        fixable: true,
        fix_safety: Unsafe,
    }
}

/// Top-scope variables that are not facts: `$facts` and `$trusted` themselves, and what the
/// server sets.
const NOT_FACTS: &[&str] = &[
    "facts",
    "trusted",
    "server_facts",
    "environment",
    "servername",
    "serverip",
    "serverversion",
];

impl Check for TopScopeFacts {
    fn check(&self, cx: &mut Context<'_>) {
        let reads = facts::reads_of(cx);
        let mut found = reads
            .iter()
            .filter(|r| {
                r.read.top_scope && r.legacy.is_none() && !NOT_FACTS.contains(&r.read.name.as_str())
            })
            .peekable();
        if found.peek().is_none() {
            return;
        }
        let unbraced = facts::unbraced_of(cx);
        for r in found {
            let read = &r.read;
            let access = facts::top_scope_access(&read.name);
            let new =
                facts::replacement_in_pieces(cx.text(read.span), read.span, unbraced, &access);
            let mut fix = Fix::replace("read the fact from `$facts`", read.span.range(), new);
            fix.safe = false;
            cx.report(
                read.span,
                [
                    "the fact `",
                    &read.name,
                    "` is read as a top-scope variable",
                ]
                .concat(),
            )
            .label("top-scope variable")
            .help(["read it from the facts hash: `$facts['", &read.name, "']`"].concat())
            .fix(fix);
        }
    }
}
