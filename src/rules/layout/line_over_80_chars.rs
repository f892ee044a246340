use crate::declare_rule;
use crate::rules::{Context, Check};

/// The longest line allowed by default, in characters.
pub const DEFAULT_MAX_LENGTH: usize = 80;

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
    ///
    /// ## Options
    /// - `max-length` (integer, default 80): the longest line allowed, in characters.
    pub struct LineOver80Chars {
        code: "P440",
        name: "line-over-80-chars",
        severity: Warning,
        category: Style,
        puppet_lint: "80chars",
        default_enabled: false,
    }
}

impl Check for LineOver80Chars {
    fn check(&self, cx: &mut Context<'_>) {
        let max = cx
            .option::<usize>("max-length")
            .unwrap_or(DEFAULT_MAX_LENGTH);
        super::shared::check_line_length(cx, max);
    }
}
