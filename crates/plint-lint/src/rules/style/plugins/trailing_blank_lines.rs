use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

declare_rule! {
    /// ## What it does
    /// Finds empty lines at the end of a manifest (more than one line break after the last
    /// line), as manifest_whitespace_double_newline_end_of_file. The fix removes them.
    ///
    /// Lines holding only spaces are not counted (they are trailing whitespace). Off by
    /// default, like every layout check of this plugin.
    ///
    /// ## Why is this bad?
    /// Trailing empty lines are noise that editors add and remove at random, making diffs
    /// that change nothing.
    ///
    /// ## Example
    /// ```puppet
    /// include ntp
    ///
    ///
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// include ntp
    /// ```
    pub struct TrailingBlankLines {
        code: "P484",
        name: "trailing-blank-lines",
        severity: Warning,
        category: Style,
        puppet_lint: "manifest_whitespace_double_newline_end_of_file",
        default_enabled: false,
        fixable: true,
    }
}

/// The length of the line break that ends `s` (0 if none).
fn final_break(s: &str) -> usize {
    if s.ends_with("\r\n") {
        2
    } else {
        usize::from(s.ends_with('\n'))
    }
}

impl Check for TrailingBlankLines {
    fn check(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        // Strip every final line break; `content_end` is where the last line's text ends.
        let mut content_end = source.len();
        while final_break(&source[..content_end]) > 0 {
            content_end -= final_break(&source[..content_end]);
        }
        if content_end == 0 {
            return;
        }
        let keep = content_end
            + if source[content_end..].starts_with("\r\n") {
                2
            } else {
                1
            };
        if keep >= source.len() {
            return;
        }
        cx.report(keep..source.len(), "the file ends with empty lines")
            .label("empty lines")
            .help("end the file with a single line break")
            .fix(Fix::replace(
                "remove the empty lines",
                keep..source.len(),
                "",
            ));
    }
}
