//! What one compilation found, as data: its findings in the order met, which of them are the
//! errors that fail it, the unknown conditions already reported, the facts read that the node
//! lacks, and (when asked) the variable reads and `notice` messages.

use std::collections::HashSet;

use super::input::{CompileOutput, VariableRead};
use super::loader::FileId;
use crate::eval::catalog::Catalog;
use crate::eval::diag::EvalDiag;
use crate::eval::facts::MissingFact;

pub(crate) struct Findings {
    diags: Vec<EvalDiag>,
    /// The errors reported, as indices in `diags`, in the order met.
    errors: Vec<usize>,
    /// Errors recorded and gone past (see `eval_body`): the compilation has failed.
    errors_recovered: usize,
    /// Unknown conditions already reported (file, offset).
    reported_unknown: HashSet<(FileId, u32)>,
    /// Facts the code read that the node's facts lack, in the order first read.
    missing_facts: Vec<MissingFact>,
    /// The variable reads of the manifests, when they are recorded.
    variable_reads: Option<Vec<VariableRead>>,
    /// The messages of `notice(...)` calls, in order, when they are recorded (snippets).
    notices: Option<Vec<String>>,
}

impl Findings {
    /// No findings yet; variable reads are recorded when `record_variable_reads` asks.
    pub fn new(record_variable_reads: bool) -> Self {
        Findings {
            diags: Vec::new(),
            errors: Vec::new(),
            errors_recovered: 0,
            reported_unknown: HashSet::new(),
            missing_facts: Vec::new(),
            variable_reads: record_variable_reads.then(Vec::new),
            notices: None,
        }
    }

    /// Adds a finding that does not fail the compilation.
    pub fn push(&mut self, d: EvalDiag) {
        self.diags.push(d);
    }

    /// Adds a finding that is an error of the compilation.
    pub fn push_error(&mut self, d: EvalDiag) {
        self.errors.push(self.diags.len());
        self.diags.push(d);
    }

    /// Whether a finding already reported is such.
    pub fn any(&self, f: impl FnMut(&EvalDiag) -> bool) -> bool {
        self.diags.iter().any(f)
    }

    /// How many findings there are: a mark for [`Findings::recovered_since`].
    pub fn mark(&self) -> usize {
        self.diags.len()
    }

    /// Counts an error gone past, reported since `mark`; the same finding reported before
    /// (the same kind, from the same templates) is not kept twice.
    pub fn recovered_since(&mut self, mark: usize) {
        self.errors_recovered += 1;
        if self.diags.len() > mark {
            let new = &self.diags[mark];
            let same = |d: &EvalDiag| d.kind == new.kind && d.in_templates == new.in_templates;
            if self.diags[..mark].iter().any(same) {
                self.diags.truncate(mark);
                self.errors.retain(|&i| i < mark);
            }
        }
    }

    /// Whether an error was gone past: the compilation has failed.
    pub fn failed(&self) -> bool {
        self.errors_recovered > 0
    }

    /// Whether the unknown condition at `offset` of `file` is met for the first time (and so
    /// to be reported).
    pub fn first_unknown_condition(&mut self, file: FileId, offset: u32) -> bool {
        self.reported_unknown.insert((file, offset))
    }

    /// Whether the missing fact read as `read` is already recorded.
    pub fn has_missing_fact(&self, read: &str) -> bool {
        self.missing_facts.iter().any(|m| m.read == read)
    }

    pub fn push_missing_fact(&mut self, m: MissingFact) {
        self.missing_facts.push(m);
    }

    /// Whether variable reads are recorded.
    pub fn records_variable_reads(&self) -> bool {
        self.variable_reads.is_some()
    }

    /// Records a variable read, when they are recorded.
    pub fn push_variable_read(&mut self, read: VariableRead) {
        if let Some(reads) = &mut self.variable_reads {
            reads.push(read);
        }
    }

    /// From now on, records the messages of `notice(...)` calls.
    pub fn record_notices(&mut self) {
        self.notices = Some(Vec::new());
    }

    /// Whether the messages of `notice(...)` calls are recorded.
    pub fn records_notices(&self) -> bool {
        self.notices.is_some()
    }

    /// Records the message of a `notice(...)` call, when they are recorded.
    pub fn push_notice(&mut self, message: String) {
        if let Some(notices) = &mut self.notices {
            notices.push(message);
        }
    }

    /// The findings and the notices recorded, for a snippet's output.
    pub fn into_snippet_parts(self) -> (Vec<EvalDiag>, Vec<String>) {
        (self.diags, self.notices.unwrap_or_default())
    }

    /// The output of the compilation: its catalog when it succeeded, else what it built as far
    /// as it went (`failed`, if any) and its errors.
    pub fn into_output(self, catalog: Option<Catalog>, failed: Option<Catalog>) -> CompileOutput {
        let errors = if catalog.is_some() {
            Vec::new()
        } else {
            self.errors
        };
        CompileOutput {
            catalog,
            failed,
            errors,
            diags: self.diags,
            missing_facts: self.missing_facts,
            variable_reads: self.variable_reads.unwrap_or_default(),
        }
    }
}
