use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::definitions::is_single_space;
use super::tokens::{self, Kind};

declare_rule! {
    /// ## What it does
    /// Checks that an opening brace `{` is preceded by exactly one space on the same line
    /// (`class ntp {`, `=> {`), as manifest_whitespace_opening_brace_before.
    ///
    /// A brace right after `[`, `(`, `{`, `:`, `,` or a comment is not checked (the plugin
    /// also reports one after `(`; plint does not). The fix leaves one space, moving the
    /// brace up to the line before if needed. Off by default, like every layout check of
    /// this plugin.
    ///
    /// ## Why is this bad?
    /// One consistent spacing makes code easier to scan and keeps diffs about content.
    ///
    /// ## Example
    /// ```puppet
    /// class ntp
    /// {
    ///   $servers = ['a']
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class ntp {
    ///   $servers = ['a']
    /// }
    /// ```
    pub struct SpaceBeforeOpeningBrace {
        code: "P479",
        name: "space-before-opening-brace",
        severity: Warning,
        category: Style,
        puppet_lint: "manifest_whitespace_opening_brace_before",
        default_enabled: false,
        fixable: true,
    }
}

impl Check for SpaceBeforeOpeningBrace {
    fn check(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let toks = tokens::of(cx);
        let mut found = Vec::new();
        for (i, t) in toks.iter().enumerate() {
            if t.kind != Kind::LBrace {
                continue;
            }
            let Some(p) = tokens::prev_code(toks, i) else {
                continue;
            };
            let exempt = matches!(
                toks[p].kind,
                Kind::LBrack
                    | Kind::LBrace
                    | Kind::LParen
                    | Kind::Colon
                    | Kind::Comma
                    | Kind::Comment
            );
            if exempt || (p + 2 == i && is_single_space(toks, i - 1, source)) {
                continue;
            }
            found.push((toks[p].end, t.start, t.end));
        }
        for (gap_start, brace, brace_end) in found {
            cx.report(
                brace..brace_end,
                "an opening brace should follow a single space",
            )
            .label("expected one space before")
            .help("put exactly one space between the brace and what comes before it")
            .fix(Fix::replace("leave a single space", gap_start..brace, " "));
        }
    }
}
