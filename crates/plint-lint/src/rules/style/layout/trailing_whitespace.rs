use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check, queries};
use crate::syntax::ast::CommentKind;

declare_rule! {
    /// ## What it does
    /// Finds spaces and tabs at the end of a line of code.
    ///
    /// Text inside strings and heredocs is data and is left alone: removing its trailing
    /// spaces would change the value. Comments are left alone too, as puppet-lint does.
    ///
    /// puppet-lint reports this as an error; plint reports it as a warning, as it does every
    /// style rule: Puppet accepts the code.
    ///
    /// ## Why is this bad?
    /// Trailing whitespace is invisible, makes diffs noisy when an editor strips it, and the
    /// style guide forbids it.
    ///
    /// ## Example
    /// ```puppet
    #[doc = " $port = 8080   "]
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $port = 8080
    /// ```
    pub struct TrailingWhitespace {
        code: "P444",
        name: "trailing-whitespace",
        severity: Warning,
        category: Style,
        puppet_lint: "trailing_whitespace",
        fixable: true,
    }
}

impl Check for TrailingWhitespace {
    fn check(&self, cx: &mut Context<'_>) {
        let ast = cx.ast();
        let literals = cx.literal_spans();
        let mut comments = ast.comments.iter().peekable();
        let mut found = Vec::new();
        let src = cx.source();
        for range in cx.line_ranges() {
            // Most lines end in a character that is not blank: an ASCII one is enough to
            // tell, without taking the line's text.
            let bytes = &src.as_bytes()[range.clone()];
            let mut n = bytes.len();
            while n > 0 && matches!(bytes[n - 1], b'\n' | b'\r') {
                n -= 1;
            }
            if n == 0
                || (bytes[n - 1].is_ascii() && !matches!(bytes[n - 1], b' ' | b'\t' | 0x0b | 0x0c))
            {
                continue;
            }
            let (line_start, line) = (range.start, &src[range]);
            let body = line.trim_end_matches(['\n', '\r']);
            if body.ends_with(super::is_blank) {
                let content = body.trim_end_matches(super::is_blank);
                let start = line_start + content.len();
                while comments
                    .next_if(|c| (c.span.end as usize) < start)
                    .is_some()
                {}
                // A line comment's span may stop before its trailing blanks.
                let in_comment = comments.peek().is_some_and(|c| {
                    let end = c.span.end as usize + usize::from(c.kind == CommentKind::Line);
                    (c.span.start as usize) <= start && start < end
                });
                if !in_comment && !queries::in_spans(literals, start) {
                    found.push(start..line_start + body.len());
                }
            }
        }
        for span in found {
            cx.report(span.clone(), "trailing whitespace")
                .label("whitespace at the end of the line")
                .help("remove it")
                .fix(Fix::replace("remove the trailing whitespace", span, ""));
        }
    }
}
