use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::tokens::{self, Kind};

declare_rule! {
    /// ## What it does
    /// Finds two or more empty lines in a row, as manifest_whitespace_two_empty_lines: each
    /// empty line that follows another empty line is reported. Lines holding only spaces
    /// count as empty; lines inside multi-line strings, heredocs and comments do not count.
    ///
    /// The fix removes the extra empty lines. Off by default, like every layout check of
    /// this plugin.
    ///
    /// ## Why is this bad?
    /// One empty line separates sections; more are wasted space that editors and people add
    /// inconsistently.
    ///
    /// ## Example
    /// ```puppet
    /// include ntp
    ///
    ///
    /// include ssh
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// include ntp
    ///
    /// include ssh
    /// ```
    pub struct ConsecutiveBlankLines {
        code: "P485",
        name: "consecutive-blank-lines",
        severity: Warning,
        category: Style,
        puppet_lint: "manifest_whitespace_two_empty_lines",
        default_enabled: false,
        fixable: true,
    }
}

impl Check for ConsecutiveBlankLines {
    fn check(&self, cx: &mut Context<'_>) {
        let toks = tokens::of(cx);
        // A line is empty when only spaces lie between the line break before it and its
        // own; `prev_empty` says whether the line before this one was.
        let (mut last, mut prev_empty, mut only_spaces) = (None::<usize>, false, true);
        let mut found = Vec::new();
        for t in toks {
            match t.kind {
                Kind::Newline => {
                    let empty = only_spaces && last.is_some();
                    if let (true, true, Some(l)) = (empty, prev_empty, last) {
                        found.push(l..t.end);
                    }
                    (last, prev_empty, only_spaces) = (Some(t.end), empty, true);
                }
                Kind::Space => {}
                _ => only_spaces = false,
            }
        }
        for line in found {
            cx.report(line.clone(), "a second empty line in a row")
                .label("empty line")
                .help("leave at most one empty line")
                .fix(Fix::replace("remove the empty line", line, ""));
        }
    }
}
