use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::space_after_closing_brace::hugs_closer;
use super::tokens::{self, Kind};

declare_rule! {
    /// ## What it does
    /// Checks what follows a closing bracket `]`: a closing bracket, `,`, `;`, `:`, `[` or a
    /// line break directly, or else a space and something other than those (`] ->`).
    /// As manifest_whitespace_closing_bracket_after.
    ///
    /// As in P482, `] }` is accepted (P481 asks for that space), and so is a method call
    /// right after the bracket (`[1, 2].each`). The fix removes the space before
    /// punctuation, or adds one before a word or operator. Off by default, like every layout
    /// check of this plugin.
    ///
    /// ## Why is this bad?
    /// One consistent spacing makes code easier to scan: `] ,` and `]->` look like typos.
    ///
    /// ## Example
    /// ```puppet
    /// $servers = [['a', 'b'] , ['c']]
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $servers = [['a', 'b'], ['c']]
    /// ```
    pub struct SpaceAfterClosingBracket {
        code: "P490",
        name: "space-after-closing-bracket",
        severity: Warning,
        category: Style,
        puppet_lint: "manifest_whitespace_closing_bracket_after",
        default_enabled: false,
        fixable: true,
    }
}

impl Check for SpaceAfterClosingBracket {
    fn check(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let toks = tokens::of(cx);
        let mut found = Vec::new();
        for (i, t) in toks.iter().enumerate() {
            let Some(next) = toks.get(i + 1).filter(|_| t.kind == Kind::RBrack) else {
                continue;
            };
            if hugs_closer(next) || &source[next.start..next.end] == "." {
                continue;
            }
            if next.kind == Kind::Space {
                let Some(n) = tokens::next_code(toks, i) else {
                    continue;
                };
                if hugs_closer(&toks[n]) && toks[n].kind != Kind::RBrace {
                    found.push((t.start..t.end, next.start..next.end, ""));
                }
            } else {
                found.push((t.start..t.end, t.end..t.end, " "));
            }
        }
        for (bracket, span, replacement) in found {
            let d = cx.report(bracket, "a closing bracket should be followed by punctuation or a line break, or by a space and a word");
            d.label("closing bracket").secondary(span.clone(), "here");
            if replacement.is_empty() {
                d.help("remove the space after the bracket")
                    .fix(Fix::replace("remove the space", span, ""));
            } else {
                d.help("put a space after the bracket")
                    .fix(Fix::replace("add a space", span, " "));
            }
        }
    }
}
