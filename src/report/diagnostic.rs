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
}
