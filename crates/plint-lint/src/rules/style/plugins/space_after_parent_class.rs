use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::definitions::inherits;

declare_rule! {
    /// ## What it does
    /// Checks that the parent class after `inherits` is followed by exactly one space and
    /// then the class's `{`, as manifest_whitespace_inherits_name_single_space_after.
    ///
    /// Space holding a comment is not checked. The fix sets one space. Off by default, like
    /// every layout check of this plugin.
    ///
    /// ## Why is this bad?
    /// One consistent spacing makes definitions easy to find and read.
    ///
    /// ## Example
    /// ```puppet
    /// class ntp inherits ntp::params{ }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class ntp inherits ntp::params { }
    /// ```
    pub struct SpaceAfterParentClass {
        code: "P496",
        name: "space-after-parent-class",
        severity: Warning,
        category: Style,
        puppet_lint: "manifest_whitespace_inherits_name_single_space_after",
        default_enabled: false,
        fixable: true,
    }
}

impl Check for SpaceAfterParentClass {
    fn check(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let mut found = Vec::new();
        for (_, parent, brace) in inherits(cx.ast(), source) {
            let gap = parent.end as usize..brace;
            let text = &source[gap.clone()];
            if text != " " && text.trim().is_empty() {
                found.push((parent, gap));
            }
        }
        for (parent, gap) in found {
            let name = cx.text(parent).to_string();
            cx.report(
                parent,
                format!("the parent class `{name}` should be followed by a single space"),
            )
            .label("parent class")
            .help("put exactly one space between the parent class and the `{`")
            .fix(Fix::replace("leave a single space", gap, " "));
        }
    }
}
