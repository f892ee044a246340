use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

declare_rule! {
    /// ## What it does
    /// Finds empty lines at the start of a manifest, as
    /// manifest_whitespace_newline_beginning_of_file. Only lines with nothing at all on them
    /// are counted. The fix removes them. Off by default, like every layout check of this
    /// plugin.
    ///
    /// ## Why is this bad?
    /// Empty lines before the first line of code or comment are noise, and push the
    /// documentation comment away from the top of the file.
    ///
    /// ## Example
    /// ```puppet
    ///
    /// include ntp
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// include ntp
    /// ```
    pub struct LeadingBlankLines {
        code: "P486",
        name: "leading-blank-lines",
        severity: Warning,
        category: Style,
        puppet_lint: "manifest_whitespace_newline_beginning_of_file",
        default_enabled: false,
        fixable: true,
    }
}

impl Check for LeadingBlankLines {
    fn check(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let mut lines = Vec::new();
        let mut pos = 0;
        while pos < source.len() {
            let len = if source[pos..].starts_with("\r\n") {
                2
            } else if source[pos..].starts_with('\n') {
                1
            } else {
                break;
            };
            lines.push(pos..pos + len);
            pos += len;
        }
        if pos == source.len() {
            // Nothing but empty lines: nothing to keep at the top of.
            return;
        }
        for line in lines {
            cx.report(line.clone(), "the file starts with an empty line")
                .label("empty line")
                .help("start the file with its first line of code or comment")
                .fix(Fix::replace("remove the empty line", line, ""));
        }
    }
}
