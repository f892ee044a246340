use crate::rules::{Check, Context};
use crate::{declare_rule, rule_options};

rule_options! {
    /// The options of `line-over-80-chars`.
    pub struct Options {
        /// The longest line allowed, in characters.
        max_length: usize = 80,
    }
}

declare_rule! {
    /// ## What it does
    /// Finds lines longer than 80 characters: the stricter limit of older style guides, off
    /// by default.
    ///
    /// Lines that contain a URL (`://`) or a `template(` call are not reported, since
    /// splitting them would hurt readability; neither are lines of heredoc text, which cannot
    /// be split without changing the text.
    ///
    /// ## Why is this bad?
    /// Some teams keep code within 80 columns so that it fits terminals and side-by-side
    /// diffs.
    ///
    /// ## Example
    /// ```puppet
    /// $packages = ['openssh-server', 'openssh-client', 'rsync', 'curl', 'wget', 'vim', 'tmux']
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $packages = [
    ///   'openssh-server', 'openssh-client', 'rsync', 'curl', 'wget', 'vim', 'tmux',
    /// ]
    /// ```
    pub struct LineOver80Chars {
        code: "P440",
        name: "line-over-80-chars",
        severity: Warning,
        category: Style,
        options: Options,
        puppet_lint: "80chars",
        default_enabled: false,
    }
}

impl Check for LineOver80Chars {
    fn check(&self, cx: &mut Context<'_>) {
        let max = cx.options::<Options>().max_length;
        super::lines::check_line_length(cx, max);
    }
}
