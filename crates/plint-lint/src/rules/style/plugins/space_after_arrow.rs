use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::definitions::is_single_space;
use super::tokens::{self, Kind};

declare_rule! {
    /// ## What it does
    /// Checks that a `=>` is followed by exactly one space, as
    /// manifest_whitespace_arrows_single_space_after: not none, not several, and not a line
    /// break (the value belongs on the arrow's line).
    ///
    /// The fix sets one space, which also moves a value written on the next line up to the
    /// arrow. Off by default, like every layout check of this plugin.
    ///
    /// ## Why is this bad?
    /// Alignment goes before the arrow (`arrow_alignment`); after it, one space keeps
    /// values where the eye expects them.
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd': ensure =>  file, mode =>'0644' }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// file { '/etc/motd': ensure => file, mode => '0644' }
    /// ```
    pub struct SpaceAfterArrow {
        code: "P491",
        name: "space-after-arrow",
        severity: Warning,
        category: Style,
        puppet_lint: "manifest_whitespace_arrows_single_space_after",
        default_enabled: false,
        fixable: true,
    }
}

impl Check for SpaceAfterArrow {
    fn check(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let toks = tokens::of(cx);
        let mut found = Vec::new();
        for (i, t) in toks.iter().enumerate() {
            if t.kind != Kind::FArrow || i + 1 >= toks.len() || is_single_space(toks, i + 1, source)
            {
                continue;
            }
            // Up to the next token that is not blank (a comment keeps its line).
            let end = match tokens::next_code(toks, i) {
                Some(n) if toks[n].kind != Kind::Comment => toks[n].start,
                _ => toks[i + 1..]
                    .iter()
                    .take_while(|t| t.kind == Kind::Space)
                    .last()
                    .map_or(t.end, |s| s.end),
            };
            found.push((t.start..t.end, t.end..end));
        }
        for (arrow, gap) in found {
            cx.report(arrow, "an arrow should be followed by a single space")
                .label("arrow")
                .help("put exactly one space after `=>`, and the value on the same line")
                .fix(Fix::replace("leave a single space", gap, " "));
        }
    }
}
