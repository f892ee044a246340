//! What a rule sees of one file, and how it reports.

use std::ops::Range;

use super::RuleInfo;
use crate::report::{Diagnostic, Fix, Severity};
use crate::syntax::ast::{File, Span};

/// The file being checked.
#[derive(Debug, Clone, Copy)]
pub struct FileInfo<'a> {
    /// The path as given or found (forward slashes not guaranteed).
    pub path: &'a str,
    pub source: &'a str,
    pub ast: &'a File,
}

/// A rule's view of one file, and the sink for its findings.
pub struct Context<'a> {
    pub file: FileInfo<'a>,
    rule: &'static RuleInfo,
    severity: Severity,
    diagnostics: &'a mut Vec<Diagnostic>,
}

impl<'a> Context<'a> {
    pub fn new(
        file: FileInfo<'a>,
        rule: &'static RuleInfo,
        severity: Severity,
        diagnostics: &'a mut Vec<Diagnostic>,
    ) -> Self {
        Context {
            file,
            rule,
            severity,
            diagnostics,
        }
    }

    pub fn source(&self) -> &'a str {
        self.file.source
    }

    pub fn ast(&self) -> &'a File {
        self.file.ast
    }

    /// The text of a span.
    pub fn text(&self, span: Span) -> &'a str {
        self.file.source.get(span.range()).unwrap_or("")
    }

    /// Reports a finding of this rule at `span`; the returned diagnostic can be given a
    /// label, secondary labels, help and a fix.
    pub fn report(
        &mut self,
        span: impl Into<Range<usize>>,
        message: impl Into<String>,
    ) -> &mut Diagnostic {
        let mut d = Diagnostic::new(
            self.rule.code,
            self.rule.name,
            self.severity,
            span.into(),
            message,
        );
        d.puppet_lint = self.rule.puppet_lint;
        self.diagnostics.push(d);
        self.diagnostics.last_mut().expect("just pushed")
    }
}

/// Builder-style helpers on a reported diagnostic.
pub trait DiagnosticExt {
    fn label(&mut self, label: impl Into<String>) -> &mut Self;
    fn secondary(&mut self, span: impl Into<Range<usize>>, label: impl Into<String>) -> &mut Self;
    fn help(&mut self, help: impl Into<String>) -> &mut Self;
    fn fix(&mut self, fix: Fix) -> &mut Self;
}

impl DiagnosticExt for Diagnostic {
    fn label(&mut self, label: impl Into<String>) -> &mut Self {
        self.label = label.into();
        self
    }

    fn secondary(&mut self, span: impl Into<Range<usize>>, label: impl Into<String>) -> &mut Self {
        self.labels.push(crate::report::Label {
            span: span.into(),
            message: label.into(),
        });
        self
    }

    fn help(&mut self, help: impl Into<String>) -> &mut Self {
        self.help = Some(help.into());
        self
    }

    fn fix(&mut self, fix: Fix) -> &mut Self {
        self.fix = Some(fix);
        self
    }
}
