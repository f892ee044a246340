use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::tokens::{self, Kind, Token};

declare_rule! {
    /// ## What it does
    /// Checks what follows a closing brace `}`: a closing bracket, `,`, `;`, `:`, `[` or a
    /// line break directly, or else a space and something other than those (`} else`,
    /// `} ->`). As manifest_whitespace_closing_brace_after.
    ///
    /// Two deviations from the plugin keep its checks from contradicting each other and
    /// method chains usable: `} }` is accepted (P481 asks for that space), and so is a
    /// method call right after the brace (`}.each`). The fix removes the space before
    /// punctuation, or adds one before a word or operator. Off by default, like every layout
    /// check of this plugin.
    ///
    /// ## Why is this bad?
    /// One consistent spacing makes code easier to scan: `}else` and `} ,` look like typos.
    ///
    /// ## Example
    /// ```puppet
    /// if $facts['os']['family'] == 'Debian' {
    ///   $package = 'ntp'
    /// }else {
    ///   $package = 'chrony'
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// if $facts['os']['family'] == 'Debian' {
    ///   $package = 'ntp'
    /// } else {
    ///   $package = 'chrony'
    /// }
    /// ```
    pub struct SpaceAfterClosingBrace {
        code: "P482",
        name: "space-after-closing-brace",
        severity: Warning,
        category: Style,
        puppet_lint: "manifest_whitespace_closing_brace_after",
        default_enabled: false,
        fixable: true,
    }
}

/// What may follow a closing bracket without a space.
pub(super) fn hugs_closer(t: &Token) -> bool {
    matches!(
        t.kind,
        Kind::RBrace
            | Kind::RBrack
            | Kind::RParen
            | Kind::Semi
            | Kind::Comma
            | Kind::Colon
            | Kind::Newline
            | Kind::LBrack
    )
}

impl Check for SpaceAfterClosingBrace {
    fn check(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let toks = tokens::of(cx);
        let mut found = Vec::new();
        for (i, t) in toks.iter().enumerate() {
            let Some(next) = toks.get(i + 1).filter(|_| t.kind == Kind::RBrace) else {
                continue;
            };
            if hugs_closer(next) || &source[next.start..next.end] == "." {
                continue;
            }
            if next.kind == Kind::Space {
                let Some(n) = tokens::next_code(toks, i) else {
                    continue;
                };
                if !hugs_closer(&toks[n]) || toks[n].kind == Kind::RBrace {
                    continue;
                }
                found.push((t.start..t.end, next.start..next.end, ""));
            } else {
                found.push((t.start..t.end, t.end..t.end, " "));
            }
        }
        for (brace, span, replacement) in found {
            let d = cx.report(brace, "a closing brace should be followed by punctuation or a line break, or by a space and a word");
            d.label("closing brace").secondary(span.clone(), "here");
            if replacement.is_empty() {
                d.help("remove the space after the brace").fix(Fix::replace(
                    "remove the space",
                    span,
                    "",
                ));
            } else {
                d.help("put a space after the brace")
                    .fix(Fix::replace("add a space", span, " "));
            }
        }
    }
}
