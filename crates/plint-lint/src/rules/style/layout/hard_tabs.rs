use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check, queries};

declare_rule! {
    /// ## What it does
    /// Finds tab characters in the whitespace of code: indentation and the spaces between
    /// tokens.
    ///
    /// Tabs inside strings, heredocs and comments are not reported: in strings and heredocs
    /// they are data (and a heredoc's end line decides how much indentation is removed).
    ///
    /// puppet-lint reports this as an error; plint reports it as a warning, as it does every
    /// style rule: Puppet accepts the code.
    ///
    /// ## Why is this bad?
    /// A tab is shown at a different width by every editor, so indentation and alignment made
    /// with tabs look broken to others. The style guide asks for spaces only.
    ///
    /// ## Example
    /// ```puppet
    /// class ntp {
    ///   package { 'ntp':	ensure => installed }
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class ntp {
    ///   package { 'ntp': ensure => installed }
    /// }
    /// ```
    pub struct HardTabs {
        code: "P443",
        name: "hard-tab",
        severity: Warning,
        category: Style,
        puppet_lint: "hard_tabs",
        fixable: true,
    }
}

impl Check for HardTabs {
    fn check(&self, cx: &mut Context<'_>) {
        let src = cx.source();
        let ast = cx.ast();
        let literals = cx.literal_spans();
        let mut comments = ast.comments.iter().map(|c| c.span).peekable();
        let bytes = src.as_bytes();
        let mut found = Vec::new();
        let mut i = 0;
        while let Some(tab) = memchr::memchr(b'\t', &bytes[i..]) {
            i += tab;
            // The whole run of spaces and tabs around this tab.
            let mut start = i;
            while start > 0 && matches!(bytes[start - 1], b' ' | b'\t') {
                start -= 1;
            }
            let mut end = i;
            while end < bytes.len() && matches!(bytes[end], b' ' | b'\t') {
                end += 1;
            }
            while comments.next_if(|c| (c.end as usize) <= i).is_some() {}
            let in_comment = comments
                .peek()
                .is_some_and(|c| (c.start as usize) <= i && i < c.end as usize);
            if !in_comment && !queries::in_spans(literals, i) {
                found.push(start..end);
            }
            i = end;
        }
        for span in found {
            let text = src[span.clone()].replace('\t', "  ");
            cx.report(span.clone(), "tab character in whitespace")
                .label("tab here")
                .help("indent and align with spaces")
                .fix(Fix::replace("replace each tab with two spaces", span, text));
        }
    }
}
