use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

declare_rule! {
    /// ## What it does
    /// Finds comments started with `//`.
    ///
    /// Comments are found by a lexical scan (strings, `#` and `/* */` comments, regexes and
    /// heredoc texts are skipped), since the parse of such a file is not to be trusted.
    /// `--fix` changes only files that parse: when the words of a `//` comment do not happen
    /// to parse as code, the file has a syntax error and the comment must be fixed by hand.
    ///
    /// ## Why is this bad?
    /// Puppet has no `//` comments: it reads `//` as an empty regular expression and the rest
    /// of the line as code, so the manifest fails to compile or means something else. Comments
    /// start with `#`.
    ///
    /// ## Example
    /// ```puppet
    /// // Install the NTP daemon
    /// package { 'ntp': ensure => installed }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// # Install the NTP daemon
    /// package { 'ntp': ensure => installed }
    /// ```
    pub struct SlashComment {
        code: "P430",
        name: "slash-comment",
        severity: Warning,
        category: Style,
        puppet_lint: "slash_comments",
        fixable: true,
    }
}

impl Check for SlashComment {
    fn check(&self, cx: &mut Context<'_>) {
        let src = cx.source();
        let found: Vec<_> = super::comments::scan(cx)
            .into_iter()
            .filter_map(|f| match f {
                super::comments::Found::Slash(start, end) => Some(start..end),
                super::comments::Found::Block(..) => None,
            })
            .collect();
        for span in found {
            let text = src[span.clone()].trim_end_matches(['\r', ' ', '\t']);
            let end = span.start + text.len();
            cx.report(span.start..end, "comment started with `//`")
                .label("Puppet reads this as code")
                .help("start comments with `#`")
                .fix(Fix::replace(
                    "start the comment with `#`",
                    span.start..span.start + 2,
                    "#",
                ));
        }
    }
}
