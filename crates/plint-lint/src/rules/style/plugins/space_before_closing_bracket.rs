use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::definitions::is_indent;
use super::tokens::{self, Kind};

declare_rule! {
    /// ## What it does
    /// Checks that a closing bracket `]` follows the last element directly or starts the
    /// next line (no space, no blank line, no trailing spaces before it), as
    /// manifest_whitespace_closing_bracket_before. The fix removes the extra space or lines.
    /// Off by default, like every layout check of this plugin.
    ///
    /// ## Why is this bad?
    /// One consistent spacing makes code easier to scan and keeps diffs about content.
    ///
    /// ## Example
    /// ```puppet
    /// $servers = ['a', 'b' ]
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $servers = ['a', 'b']
    /// ```
    pub struct SpaceBeforeClosingBracket {
        code: "P489",
        name: "space-before-closing-bracket",
        severity: Warning,
        category: Style,
        puppet_lint: "manifest_whitespace_closing_bracket_before",
        default_enabled: false,
        fixable: true,
    }
}

impl Check for SpaceBeforeClosingBracket {
    fn check(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let toks = tokens::of(cx);
        let mut found = Vec::new();
        for (i, t) in toks.iter().enumerate() {
            if t.kind != Kind::RBrack || i == 0 || !toks[i - 1].is_blank() {
                continue;
            }
            let Some(p) = tokens::prev_code(toks, i) else {
                continue;
            };
            let own_line = (p + 3 == i && is_indent(toks, i - 1))
                || (p + 2 == i && toks[i - 1].kind == Kind::Newline);
            if own_line {
                continue;
            }
            let gap = toks[p].end..t.start;
            let text = &source[gap.clone()];
            let replacement = text
                .rfind('\n')
                .map_or(String::new(), |nl| format!("\n{}", &text[nl + 1..]));
            found.push((t.start..t.end, gap, replacement));
        }
        for (bracket, gap, replacement) in found {
            cx.report(
                bracket,
                "a closing bracket should follow the last element, or start a line",
            )
            .label("closing bracket")
            .help("remove the space before the bracket, or put it alone on the next line")
            .fix(Fix::replace("remove the extra space", gap, replacement));
        }
    }
}
