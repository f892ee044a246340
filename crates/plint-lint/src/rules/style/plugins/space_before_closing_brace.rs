use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::definitions::{is_indent, is_single_space};
use super::tokens::{self, Kind};

declare_rule! {
    /// ## What it does
    /// Checks what precedes a closing brace `}`: exactly one space on the same line, or a
    /// single line break (with the line's indentation) and no blank line; an empty pair is
    /// written `{}`. As manifest_whitespace_closing_brace_before.
    ///
    /// Spaces at the end of the line before a brace on its own line count as wrong. The fix
    /// sets one space, removes the blank lines or the trailing spaces, or closes up `{ }`.
    /// Off by default, like every layout check of this plugin.
    ///
    /// ## Why is this bad?
    /// One consistent spacing makes code easier to scan; a blank line closing a block is
    /// wasted space.
    ///
    /// ## Example
    /// ```puppet
    /// $ports = { 'http' => 80}
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $ports = { 'http' => 80 }
    /// ```
    pub struct SpaceBeforeClosingBrace {
        code: "P481",
        name: "space-before-closing-brace",
        severity: Warning,
        category: Style,
        puppet_lint: "manifest_whitespace_closing_brace_before",
        default_enabled: false,
        fixable: true,
    }
}

impl Check for SpaceBeforeClosingBrace {
    fn check(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let toks = tokens::of(cx);
        let mut found = Vec::new();
        for (i, t) in toks.iter().enumerate() {
            if t.kind != Kind::RBrace || i == 0 || toks[i - 1].kind == Kind::LBrace {
                continue;
            }
            let Some(p) = tokens::prev_code(toks, i) else {
                continue;
            };
            let after_open = toks[p].kind == Kind::LBrace;
            let ok = (!after_open && p + 2 == i && is_single_space(toks, i - 1, source))
                || (p + 3 == i && is_indent(toks, i - 1))
                || (p + 2 == i && toks[i - 1].kind == Kind::Newline);
            if ok {
                continue;
            }
            let gap = toks[p].end..t.start;
            let text = &source[gap.clone()];
            let replacement = match text.rfind('\n') {
                Some(nl) => format!("\n{}", &text[nl + 1..]),
                None if after_open => String::new(),
                None => " ".to_string(),
            };
            found.push((t.start..t.end, gap, replacement));
        }
        for (brace, gap, replacement) in found {
            let what = if replacement.is_empty() {
                "write `{}`"
            } else if replacement == " " {
                "leave a single space"
            } else {
                "leave a single line break"
            };
            cx.report(brace, "a closing brace should follow a single space or a single line break")
                .label("closing brace")
                .help("put one space before the brace, or put it on the next line with no blank line before")
                .fix(Fix::replace(what, gap, replacement));
        }
    }
}
