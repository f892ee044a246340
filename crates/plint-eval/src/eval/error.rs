//! Evaluation errors, as data, and the control flow that travels the same way (`break`,
//! `next`, `return`).

use std::fmt;

use super::diag::{EvalDiagKind, InTemplate};
use super::value::Value;
use crate::syntax::ast::Span;

#[derive(Debug, Clone, PartialEq)]
pub enum ErrorKind {
    /// An evaluation error: what Puppet reports as `Evaluation Error: ...`.
    Error,
    /// A function was given an argument of a type it does not accept (Puppet: "The function
    /// 'each' was called with arguments it does not accept", "parameter 'x' expects ...").
    ArgumentType,
    /// `fail(...)` was called.
    Fail,
    /// A budget of the compilation ran out (steps, string size, resources, ...): see
    /// [`super::budget`].
    Budget,
    /// `break()` inside an iteration's lambda: stops the iteration.
    Break,
    /// `next(value)`: ends the lambda (or function body) with a value.
    Next(Value),
    /// `return(value)`: ends the enclosing function with a value.
    Return(Value),
    /// An error that is one of the compilation's findings of its own (a duplicate declaration,
    /// an unknown class, a parameter's wrong value...), with its fields; its rule writes its
    /// words.
    Finding(Box<Finding>),
}

/// The finding an error is, and the EPP templates it was raised in (innermost first).
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub kind: EvalDiagKind,
    pub in_templates: Vec<InTemplate>,
}

/// An error (or control-flow signal) raised while evaluating, with where Puppet would blame
/// it (the expression's span and its file), when it is known.
#[derive(Debug, Clone, PartialEq)]
pub struct EvalError {
    pub kind: ErrorKind,
    /// Puppet's words for the error; empty for a [`ErrorKind::Finding`], whose rule writes
    /// them.
    pub message: String,
    pub span: Option<Span>,
    /// The file `span` is in: the compiler's id of a loaded file (`compiler::loader::FileId`),
    /// set with the span by the compiler as the error leaves an expression.
    pub file: Option<u32>,
}

impl EvalError {
    pub fn new(message: impl Into<String>) -> Self {
        EvalError {
            kind: ErrorKind::Error,
            message: message.into(),
            span: None,
            file: None,
        }
    }

    /// A function's argument of a type it does not accept.
    pub fn argument_type(message: impl Into<String>) -> Self {
        EvalError {
            kind: ErrorKind::ArgumentType,
            message: message.into(),
            span: None,
            file: None,
        }
    }

    pub fn fail(message: impl Into<String>) -> Self {
        EvalError {
            kind: ErrorKind::Fail,
            message: message.into(),
            span: None,
            file: None,
        }
    }

    pub fn control(kind: ErrorKind) -> Self {
        EvalError {
            kind,
            message: String::new(),
            span: None,
            file: None,
        }
    }

    /// The error that is the finding `kind` (see [`ErrorKind::Finding`]).
    pub fn finding(kind: EvalDiagKind) -> Self {
        EvalError::control(ErrorKind::Finding(Box::new(Finding {
            kind,
            in_templates: Vec::new(),
        })))
    }

    /// Sets the span if none is set yet (the innermost blame wins).
    pub fn at(mut self, span: Span) -> Self {
        if self.span.is_none() {
            self.span = Some(span);
        }
        self
    }

    /// Sets the file and the span if no span is set yet (a place the compiler knows better
    /// than the innermost expression: a resource's declaration, a relationship).
    pub fn located(mut self, file: usize, span: Span) -> Self {
        if self.span.is_none() {
            self.span = Some(span);
            self.file = Some(file as u32);
        }
        self
    }

    /// Sets the file if none is set yet.
    pub fn in_file(mut self, file: usize) -> Self {
        if self.file.is_none() {
            self.file = Some(file as u32);
        }
        self
    }

    /// Says that the error was raised in an EPP template, there: Puppet's words for it end
    /// with the place.
    pub fn in_template(&mut self, line: usize, column: usize) {
        let place = InTemplate { line, column };
        match &mut self.kind {
            ErrorKind::Finding(finding) => finding.in_templates.push(place),
            _ => self.message = format!("{}{place}", self.message),
        }
    }

    /// Puppet's words for the error: its message, or a finding's (its rule's).
    pub fn text(&self) -> String {
        match &self.kind {
            ErrorKind::Finding(_) => self.to_string(),
            _ => self.message.clone(),
        }
    }

    pub fn is_error(&self) -> bool {
        matches!(
            self.kind,
            ErrorKind::Error
                | ErrorKind::ArgumentType
                | ErrorKind::Fail
                | ErrorKind::Budget
                | ErrorKind::Finding(_)
        )
    }
}

/// A finding raised as an error shows Puppet's words for it
/// ([`EvalDiagKind::puppet_message`]), as the report does.
impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Finding(finding) => {
                let words = finding.kind.puppet_message();
                f.write_str(words.as_deref().unwrap_or_default())?;
                finding.in_templates.iter().try_for_each(|p| p.fmt(f))
            }
            ErrorKind::Error | ErrorKind::ArgumentType | ErrorKind::Fail | ErrorKind::Budget => {
                f.write_str(&self.message)
            }
            ErrorKind::Break => f.write_str("break() from context where this is illegal"),
            ErrorKind::Next(_) => f.write_str("next() from context where this is illegal"),
            ErrorKind::Return(_) => f.write_str("return() from context where this is illegal"),
        }
    }
}

impl std::error::Error for EvalError {}

pub type EvalResult<T = Value> = Result<T, EvalError>;

/// Shorthand for an evaluation error result.
pub fn err<T>(message: impl Into<String>) -> EvalResult<T> {
    Err(EvalError::new(message))
}
