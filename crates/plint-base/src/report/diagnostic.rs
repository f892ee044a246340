//! The one diagnostic type every stage produces.

use std::ops::Range;

/// How serious a finding is. Ordered: `Info < Warning < Error`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Info,
    Warning,
    Error,
}

impl Severity {
    /// The lowercase name used in JSON, SARIF levels and config files.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// A secondary location ("opened here", "first declared here").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// Byte range in the same file as the diagnostic.
    pub span: Range<usize>,
    pub message: String,
}

/// One replacement of a byte range of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    pub span: Range<usize>,
    pub replacement: String,
}

/// How to fix a finding: edits that apply together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    /// What the fix does, e.g. "quote the title".
    pub message: String,
    /// Non-overlapping edits, applied together or not at all.
    pub edits: Vec<Edit>,
    /// A safe fix keeps the manifest's meaning; `--fix` applies only safe fixes.
    pub safe: bool,
}

impl Fix {
    pub fn safe(message: impl Into<String>, edits: Vec<Edit>) -> Self {
        Fix {
            message: message.into(),
            edits,
            safe: true,
        }
    }

    /// A single replacement.
    pub fn replace(
        message: impl Into<String>,
        span: Range<usize>,
        text: impl Into<String>,
    ) -> Self {
        Fix::safe(
            message,
            vec![Edit {
                span,
                replacement: text.into(),
            }],
        )
    }
}

/// A finding about one file.
///
/// `span` is a byte range into the file's text (the text as plint read it, after any lossy
/// UTF-8 decoding); line and column are computed from it when reporting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable code such as `P001`.
    pub code: &'static str,
    /// The rule's kebab-case name, such as `syntax-error`.
    pub rule: &'static str,
    pub severity: Severity,
    /// What is wrong, identifiers in backticks.
    pub message: String,
    /// Primary location.
    pub span: Range<usize>,
    /// Short label under the primary span (may be empty).
    pub label: String,
    /// Secondary locations.
    pub labels: Vec<Label>,
    /// What to do about it.
    pub help: Option<String>,
    /// The puppet-lint check this finding corresponds to, if any.
    pub puppet_lint: Option<&'static str>,
    /// An automatic fix, if the rule has one.
    pub fix: Option<Fix>,
    /// Kept though a control comment suppresses it (`--show-ignored`): the comment's reason,
    /// empty when it gives none. Such a finding is shown apart and counts for nothing.
    pub ignored: Option<String>,
}

impl Diagnostic {
    pub fn new(
        code: &'static str,
        rule: &'static str,
        severity: Severity,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            code,
            rule,
            severity,
            message: message.into(),
            span,
            label: String::new(),
            labels: Vec::new(),
            help: None,
            puppet_lint: None,
            fix: None,
            ignored: None,
        }
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    pub fn with_secondary(mut self, span: Range<usize>, message: impl Into<String>) -> Self {
        self.labels.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.fix = Some(fix);
        self
    }
}
