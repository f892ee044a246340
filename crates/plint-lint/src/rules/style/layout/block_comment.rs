use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::CommentKind;

use super::comments::Found;

declare_rule! {
    /// ## What it does
    /// Finds comments written as `/* ... */`.
    ///
    /// ## Why is this bad?
    /// The style guide uses `#` comments only; one comment syntax keeps manifests uniform
    /// and lets tools (documentation, suppressions) read every comment the same way.
    ///
    /// ## Example
    /// ```puppet
    /// /* Install the NTP daemon */
    /// package { 'ntp': ensure => installed }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// # Install the NTP daemon
    /// package { 'ntp': ensure => installed }
    /// ```
    pub struct BlockComment {
        code: "P431",
        name: "block-comment",
        severity: Warning,
        category: Style,
        puppet_lint: "star_comments",
        fixable: true,
    }
}

/// The comment's text lines without the `/*`, `*/` and the ` * ` decoration of each line;
/// blank first and last lines are dropped.
fn text_lines(comment: &str) -> Vec<&str> {
    let inner = &comment[2..comment.len().saturating_sub(2).max(2)];
    let mut lines: Vec<&str> = inner
        .lines()
        .map(|l| {
            let l = l.trim();
            match l.strip_prefix('*') {
                Some(rest) if rest.is_empty() || rest.starts_with(' ') => rest.trim_start(),
                _ => l,
            }
        })
        .collect();
    while lines.first().is_some_and(|l| l.is_empty()) {
        lines.remove(0);
    }
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

impl Check for BlockComment {
    fn check(&self, cx: &mut Context<'_>) {
        let src = cx.source();
        // A `//` comment derails the parse (Puppet reads a regex there): in a file that has
        // one, comments are found by a lexical scan instead.
        let scanned = super::comments::scan(cx);
        let comments: Vec<_> = if scanned.iter().any(|f| matches!(f, Found::Slash(..))) {
            scanned
                .iter()
                .filter_map(|f| match *f {
                    Found::Block(start, end) => Some(start..end),
                    Found::Slash(..) => None,
                })
                .collect()
        } else {
            cx.ast()
                .comments
                .iter()
                .filter(|c| c.kind == CommentKind::Block)
                .map(|c| c.span.range())
                .collect()
        };
        for span in comments {
            let line_start = src[..span.start].rfind('\n').map_or(0, |i| i + 1);
            let rest_of_line = src[span.end..].split('\n').next().unwrap_or("");
            // Turning it into `#` lines is only safe when no code follows it on its line.
            let fix = rest_of_line.trim().is_empty().then(|| {
                let prefix = &src[line_start..span.start];
                let indent: String = if prefix.trim().is_empty() {
                    prefix.to_string()
                } else {
                    " ".repeat(prefix.chars().count())
                };
                let lines = text_lines(&src[span.clone()]);
                let text = lines
                    .iter()
                    .map(|l| {
                        if l.is_empty() {
                            "#".to_string()
                        } else {
                            format!("# {l}")
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(&format!("\n{indent}"));
                let text = if text.is_empty() {
                    "#".to_string()
                } else {
                    text
                };
                Fix::replace("rewrite as `#` comments", span.clone(), text)
            });
            let d = cx
                .report(span, "comment written as `/* ... */`")
                .label("block comment")
                .help("write comments with `#`");
            if let Some(fix) = fix {
                d.fix(fix);
            }
        }
    }
}
