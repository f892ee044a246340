use crate::rules::{Check, Context};
use crate::{declare_rule, rule_options};

rule_options! {
    /// The options of `line-too-long`.
    pub struct Options {
        /// The longest line allowed, in characters.
        max_length: usize = 140,
    }
}

declare_rule! {
    /// ## What it does
    /// Finds lines longer than 140 characters.
    ///
    /// Lines that contain a URL (`://`) or a `template(` call are not reported, since
    /// splitting them would hurt readability; neither are lines of heredoc text, which cannot
    /// be split without changing the text.
    ///
    /// ## Why is this bad?
    /// Long lines are hard to read side by side and in reviews; the style guide sets the
    /// limit at 140 characters.
    ///
    /// ## Example
    /// ```puppet
    /// $packages = ['openssh-server', 'openssh-client', 'rsync', 'curl', 'wget', 'vim', 'tmux', 'htop', 'git', 'make', 'gcc', 'strace', 'lsof', 'tcpdump']
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $packages = [
    ///   'openssh-server', 'openssh-client', 'rsync', 'curl', 'wget',
    ///   'vim', 'tmux', 'htop', 'git', 'make', 'gcc', 'strace', 'lsof', 'tcpdump',
    /// ]
    /// ```
    pub struct LineTooLong {
        code: "P439",
        name: "line-too-long",
        severity: Warning,
        category: Style,
        options: Options,
        puppet_lint: "140chars",
    }
}

impl Check for LineTooLong {
    fn check(&self, cx: &mut Context<'_>) {
        let max = cx.options::<Options>().max_length;
        super::lines::check_line_length(cx, max);
    }
}
