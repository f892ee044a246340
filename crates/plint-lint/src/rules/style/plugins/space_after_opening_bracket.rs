use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::tokens::{self, Kind};

declare_rule! {
    /// ## What it does
    /// Checks that an opening bracket `[` is followed directly by the first element or by a
    /// single line break (no space, no blank line), as
    /// manifest_whitespace_opening_bracket_after. The fix removes the space or the blank
    /// lines. Off by default, like every layout check of this plugin.
    ///
    /// ## Why is this bad?
    /// One consistent spacing makes code easier to scan and keeps diffs about content.
    ///
    /// ## Example
    /// ```puppet
    /// $servers = [ 'a', 'b']
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $servers = ['a', 'b']
    /// ```
    pub struct SpaceAfterOpeningBracket {
        code: "P488",
        name: "space-after-opening-bracket",
        severity: Warning,
        category: Style,
        puppet_lint: "manifest_whitespace_opening_bracket_after",
        default_enabled: false,
        fixable: true,
    }
}

impl Check for SpaceAfterOpeningBracket {
    fn check(&self, cx: &mut Context<'_>) {
        let toks = tokens::of(cx);
        let mut found = Vec::new();
        for (i, t) in toks.iter().enumerate() {
            let Some(next) = toks.get(i + 1).filter(|_| t.kind == Kind::LBrack) else {
                continue;
            };
            match next.kind {
                Kind::Space => found.push((t.start..t.end, next.start..next.end, false)),
                Kind::Newline => {
                    let blank = toks[i + 2..]
                        .iter()
                        .take_while(|t| t.kind == Kind::Newline)
                        .last();
                    if let Some(last) = blank {
                        found.push((t.start..t.end, next.end..last.end, true));
                    }
                }
                _ => {}
            }
        }
        for (bracket, span, blank) in found {
            let (message, what) = if blank {
                ("an array opens with a blank line", "remove the blank lines")
            } else {
                (
                    "an opening bracket is followed by a space",
                    "remove the space",
                )
            };
            cx.report(bracket, message)
                .label("opening bracket")
                .secondary(span.clone(), "here")
                .help("put the first element right after the bracket, or on the next line")
                .fix(Fix::replace(what, span, ""));
        }
    }
}
