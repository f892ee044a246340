use crate::declare_rule;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Rule, RuleInfo, util};

declare_rule! {
    /// ## What it does
    /// Finds lines of code whose indentation is an odd number of characters.
    ///
    /// Lines inside strings, heredocs and block comments are not code and are not checked.
    ///
    /// puppet-lint reports this as an error; plint reports it as a warning, as it does every
    /// style rule: Puppet accepts the code.
    ///
    /// ## Why is this bad?
    /// The style guide indents with two spaces per level; an odd indentation is a
    /// mistake that hides the nesting.
    ///
    /// ## Example
    /// ```puppet
    /// class ntp {
    ///    include ntp::install
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class ntp {
    ///   include ntp::install
    /// }
    /// ```
    pub struct OddIndentation {
        code: "P441",
        name: "odd-indentation",
        severity: Warning,
        category: Style,
        puppet_lint: "2sp_soft_tabs",
    }
}

impl Rule for OddIndentation {
    fn info(&self) -> &'static RuleInfo {
        &Self::INFO
    }

    fn check(&self, cx: &mut Context<'_>) {
        let ast = cx.ast();
        let literals = cx.literal_spans();
        let mut comments = ast.comments.iter().map(|c| c.span).peekable();
        let mut found = Vec::new();
        for (start, line) in cx.lines() {
            // ASCII blanks, counted by bytes, unless a non-ASCII character follows them (it
            // may be a blank too).
            let ascii = line
                .bytes()
                .take_while(|b| matches!(b, b' ' | b'\t' | 0x0b | 0x0c))
                .count();
            let (indent, width) = if line.as_bytes().get(ascii).is_none_or(u8::is_ascii) {
                (ascii, ascii)
            } else {
                let indent = line.len() - line.trim_start_matches(super::is_blank).len();
                (indent, line[..indent].chars().count())
            };
            if width.is_multiple_of(2) {
                continue;
            }
            while comments.next_if(|c| (c.end as usize) <= start).is_some() {}
            let in_comment = comments.peek().is_some_and(|c| (c.start as usize) < start);
            if !in_comment && !util::in_spans(literals, start) {
                found.push((start..start + indent, width));
            }
        }
        for (span, width) in found {
            cx.report(
                span,
                format!(
                    "indentation of {width} character{} is not a multiple of two",
                    if width == 1 { "" } else { "s" }
                ),
            )
            .label("odd indentation")
            .help("indent with two spaces per level");
        }
    }
}
