//! Evaluation errors, as data, and the control flow that travels the same way (`break`,
//! `next`, `return`).

use std::fmt;

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
}

/// An error (or control-flow signal) raised while evaluating, with the span of the expression
/// Puppet would blame, when it is known.
#[derive(Debug, Clone, PartialEq)]
pub struct EvalError {
    pub kind: ErrorKind,
    pub message: String,
    pub span: Option<Span>,
}

impl EvalError {
    pub fn new(message: impl Into<String>) -> Self {
        EvalError {
            kind: ErrorKind::Error,
            message: message.into(),
            span: None,
        }
    }

    /// A function's argument of a type it does not accept.
    pub fn argument_type(message: impl Into<String>) -> Self {
        EvalError {
            kind: ErrorKind::ArgumentType,
            message: message.into(),
            span: None,
        }
    }

    pub fn fail(message: impl Into<String>) -> Self {
        EvalError {
            kind: ErrorKind::Fail,
            message: message.into(),
            span: None,
        }
    }

    pub fn control(kind: ErrorKind) -> Self {
        EvalError {
            kind,
            message: String::new(),
            span: None,
        }
    }

    /// Sets the span if none is set yet (the innermost blame wins).
    pub fn at(mut self, span: Span) -> Self {
        if self.span.is_none() {
            self.span = Some(span);
        }
        self
    }

    pub fn is_error(&self) -> bool {
        matches!(
            self.kind,
            ErrorKind::Error | ErrorKind::ArgumentType | ErrorKind::Fail | ErrorKind::Budget
        )
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
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
