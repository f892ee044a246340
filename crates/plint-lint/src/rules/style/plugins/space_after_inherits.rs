use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::definitions::inherits;

declare_rule! {
    /// ## What it does
    /// Checks that `inherits` is followed by exactly one space before the parent class's
    /// name, as manifest_whitespace_inherits_name_single_space_before. The fix sets one
    /// space. Off by default, like every layout check of this plugin.
    ///
    /// ## Why is this bad?
    /// One consistent spacing makes definitions easy to find and read.
    ///
    /// ## Example
    /// ```puppet
    /// class ntp inherits  ntp::params { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class ntp inherits ntp::params { }
    /// ```
    pub struct SpaceAfterInherits {
        code: "P495",
        name: "space-after-inherits",
        severity: Warning,
        category: Style,
        puppet_lint: "manifest_whitespace_inherits_name_single_space_before",
        default_enabled: false,
        fixable: true,
    }
}

impl Check for SpaceAfterInherits {
    fn check(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let mut found = Vec::new();
        for (keyword, parent, _) in inherits(cx.ast(), source) {
            let gap = keyword.end as usize..parent.start as usize;
            if &source[gap.clone()] != " " {
                found.push((keyword, gap));
            }
        }
        for (keyword, gap) in found {
            cx.report(keyword, "`inherits` should be followed by a single space")
                .label("inherits")
                .help("put exactly one space between `inherits` and the parent class")
                .fix(Fix::replace("leave a single space", gap, " "));
        }
    }
}
