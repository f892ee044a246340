use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::arrows::{self, Arrow, RESOURCE_BODY};

declare_rule! {
    /// ## What it does
    /// Finds `=>` arrows of a resource declaration written on one line that are not
    /// preceded by exactly one space: `ensure=>file` or `ensure   => file`.
    ///
    /// Resource declarations whose arrows span several lines are left to
    /// `misaligned-arrows`, which aligns them instead.
    ///
    /// ## Why is this bad?
    /// Without alignment to keep, the style guide puts one space on each side of `=>`;
    /// anything else looks like a leftover of alignment or a typo.
    ///
    /// ## Example
    /// ```puppet
    /// package { 'ntp': ensure  => installed }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// package { 'ntp': ensure => installed }
    /// ```
    pub struct IrregularSpaceBeforeArrow {
        code: "P445",
        name: "irregular-space-before-arrow",
        severity: Warning,
        category: Style,
        puppet_lint: "space_before_arrow",
        fixable: true,
    }
}

impl Check for IrregularSpaceBeforeArrow {
    fn check(&self, cx: &mut Context<'_>) {
        let src = cx.source();
        let groups = arrows::groups_of(cx);
        let mut all: Vec<Arrow> = groups.arrows.clone();
        all.sort_by_key(|a| a.at);
        let mut found: Vec<Arrow> = Vec::new();
        for body in groups.groups.iter().filter(|g| g.kind == RESOURCE_BODY) {
            // Every arrow of the body, those of the hashes and selectors in it included.
            let from = all.partition_point(|a| a.at < body.span.start as usize);
            let to = all.partition_point(|a| a.at < body.span.end as usize);
            let inside = &all[from..to];
            let (first, last) = (inside[0].at, inside[inside.len() - 1].at);
            if !src[first..last].contains('\n') {
                found.extend(inside.iter().filter(|a| !single_space_before(src, a.at)));
            }
        }
        found.sort_by_key(|a| a.at);
        found.dedup_by_key(|a| a.at);
        for a in found {
            let gap = a.key.end as usize..a.at;
            let fix = src[gap.clone()]
                .chars()
                .all(char::is_whitespace)
                .then(|| Fix::replace("put one space before `=>`", gap.clone(), " "));
            let d = cx
                .report(a.at..a.at + 2, "`=>` is not preceded by exactly one space")
                .label(if gap.is_empty() {
                    "no space before `=>`"
                } else {
                    "irregular space before `=>`"
                })
                .help("put one space between the key and `=>`");
            if let Some(fix) = fix {
                d.fix(fix);
            }
        }
    }
}

/// Is the `=>` at `at` preceded by exactly one space (and not by more blanks)?
fn single_space_before(src: &str, at: usize) -> bool {
    let before = &src[..at];
    before.ends_with(' ') && !before[..at - 1].ends_with(super::is_blank)
}
