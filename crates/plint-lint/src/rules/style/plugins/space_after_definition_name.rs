use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::definitions::definitions;

declare_rule! {
    /// ## What it does
    /// Checks that the name of a class or defined type is followed by exactly one space and
    /// then its `(` or `{`, as manifest_whitespace_class_name_single_space_after.
    ///
    /// A name followed by `inherits` is not checked here (the plugin reports every such
    /// class; the spacing around `inherits` is left to its own checks). The fix sets one
    /// space. Off by default, like every layout check of this plugin.
    ///
    /// ## Why is this bad?
    /// One consistent spacing makes definitions easy to find and read.
    ///
    /// ## Example
    /// ```puppet
    /// class ntp(String $server) { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class ntp (String $server) { }
    /// ```
    pub struct SpaceAfterDefinitionName {
        code: "P493",
        name: "space-after-definition-name",
        severity: Warning,
        category: Style,
        puppet_lint: "manifest_whitespace_class_name_single_space_after",
        default_enabled: false,
        fixable: true,
    }
}

impl Check for SpaceAfterDefinitionName {
    fn check(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let mut found = Vec::new();
        for d in definitions(cx.ast(), source) {
            let Some(next) = d.after_name else {
                continue;
            };
            let gap = d.name.end as usize..next;
            if &source[gap.clone()] != " " {
                found.push((d.name, gap));
            }
        }
        for (name, gap) in found {
            let word = cx.text(name).to_string();
            cx.report(
                name,
                format!("the name `{word}` should be followed by a single space"),
            )
            .label("name")
            .help("put exactly one space between the name and its `(` or `{`")
            .fix(Fix::replace("leave a single space", gap, " "));
        }
    }
}
