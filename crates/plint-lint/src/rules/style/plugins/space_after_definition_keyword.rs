use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::definitions::definitions;

declare_rule! {
    /// ## What it does
    /// Checks that `class` or `define` is followed by exactly one space before the name, as
    /// manifest_whitespace_class_name_single_space_before. The fix sets one space (not
    /// across a comment). Off by default, like every layout check of this plugin.
    ///
    /// ## Why is this bad?
    /// `grep 'class ntp'` should find the class; odd spacing hides it.
    ///
    /// ## Example
    /// ```puppet
    /// class  ntp { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class ntp { }
    /// ```
    pub struct SpaceAfterDefinitionKeyword {
        code: "P492",
        name: "space-after-definition-keyword",
        severity: Warning,
        category: Style,
        puppet_lint: "manifest_whitespace_class_name_single_space_before",
        default_enabled: false,
        fixable: true,
    }
}

impl Check for SpaceAfterDefinitionKeyword {
    fn check(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let mut found = Vec::new();
        for d in definitions(cx.ast(), source) {
            let gap = d.keyword.end as usize..d.name.start as usize;
            let text = &source[gap.clone()];
            if text != " " {
                found.push((d.keyword, gap, text.trim().is_empty()));
            }
        }
        for (keyword, gap, fixable) in found {
            let word = cx.text(keyword).to_string();
            let d = cx.report(
                keyword,
                format!("`{word}` should be followed by a single space"),
            );
            d.label(word.clone())
                .help("put exactly one space between the keyword and the name");
            if fixable {
                d.fix(Fix::replace("leave a single space", gap, " "));
            }
        }
    }
}
