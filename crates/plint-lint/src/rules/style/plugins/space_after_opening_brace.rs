use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::definitions::is_single_space;
use super::tokens::{self, Kind};

declare_rule! {
    /// ## What it does
    /// Checks that an opening brace `{` is followed by exactly one space or by a single line
    /// break (no blank line), as manifest_whitespace_opening_brace_after.
    ///
    /// A brace directly followed by `[`, `{` or `}` is accepted. The fix sets one space,
    /// inserts one, or removes the blank lines. Off by default, like every layout check of
    /// this plugin.
    ///
    /// ## Why is this bad?
    /// One consistent spacing makes code easier to scan; a blank line opening a block is
    /// wasted space.
    ///
    /// ## Example
    /// ```puppet
    /// $ports = {'http' => 80}
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $ports = { 'http' => 80 }
    /// ```
    pub struct SpaceAfterOpeningBrace {
        code: "P480",
        name: "space-after-opening-brace",
        severity: Warning,
        category: Style,
        puppet_lint: "manifest_whitespace_opening_brace_after",
        default_enabled: false,
        fixable: true,
    }
}

impl Check for SpaceAfterOpeningBrace {
    fn check(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let toks = tokens::of(cx);
        let mut found = Vec::new();
        for (i, t) in toks.iter().enumerate() {
            let Some(next) = toks.get(i + 1).filter(|_| t.kind == Kind::LBrace) else {
                continue;
            };
            if is_single_space(toks, i + 1, source)
                || matches!(next.kind, Kind::LBrack | Kind::LBrace | Kind::RBrace)
            {
                continue;
            }
            let (span, replacement, what) = match next.kind {
                Kind::Newline => {
                    let blank_end = toks[i + 1..]
                        .iter()
                        .skip(1)
                        .take_while(|t| t.kind == Kind::Newline)
                        .last();
                    let Some(last) = blank_end else {
                        continue;
                    };
                    (next.end..last.end, "", "remove the blank lines")
                }
                Kind::Space => (next.start..next.end, " ", "leave a single space"),
                _ => (t.end..t.end, " ", "add a space"),
            };
            found.push((t.start..t.end, span, replacement, what));
        }
        for (brace, span, replacement, what) in found {
            let blank = replacement.is_empty();
            cx.report(
                brace,
                if blank {
                    "a block opens with a blank line"
                } else {
                    "an opening brace should be followed by a single space or a line break"
                },
            )
            .label("opening brace")
            .secondary(span.clone(), if blank { "blank line" } else { "here" })
            .help("follow an opening brace with one space, or with one line break")
            .fix(Fix::replace(what, span, replacement));
        }
    }
}
