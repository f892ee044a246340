//! The methods of NilClass, TrueClass/FalseClass, Symbol, Range, Regexp, MatchData, Set, and of
//! the classes themselves (`String.new`, `JSON.generate`...); the exception classes.

use std::rc::Rc;

use super::value::*;
use super::{Blk, Interp, R};

/// The superclass of an exception class the subset knows.
pub(crate) fn superclass(class: &str) -> Option<&'static str> {
    Some(match class {
        "StandardError" | "ScriptError" | "NoMemoryError" | "SystemExit" | "SignalException"
        | "SecurityError" | "SystemStackError" => "Exception",
        "ArgumentError"
        | "EncodingError"
        | "FiberError"
        | "IOError"
        | "IndexError"
        | "LocalJumpError"
        | "NameError"
        | "RangeError"
        | "RegexpError"
        | "RuntimeError"
        | "TypeError"
        | "ZeroDivisionError"
        | "ThreadError"
        | "NotImplementedError" => "StandardError",
        "KeyError" | "StopIteration" => "IndexError",
        "NoMethodError" => "NameError",
        "FloatDomainError" => "RangeError",
        "FrozenError" => "RuntimeError",
        "UncaughtThrowError" => "ArgumentError",
        "JSON::ParserError" => "StandardError",
        "Puppet::Error" => "RuntimeError",
        "Puppet::ParseError" | "Puppet::DevError" | "Puppet::ParseErrorWithIssue" => {
            "Puppet::Error"
        }
        _ => return None,
    })
}

impl Interp<'_> {
    pub(crate) fn nil_method(&mut self, name: &str, args: &[Value]) -> R<Option<Value>> {
        let _ = args;
        Ok(Some(match name {
            "to_s" => Value::str(""),
            "to_a" => Value::array(Vec::new()),
            "to_h" => Value::hash(Vec::new()),
            "to_i" => Value::Int(0),
            "to_f" => Value::Float(0.0),
            "inspect" => Value::str("nil"),
            "&" => Value::Bool(false),
            "|" => Value::Bool(args.first().is_some_and(|v| v.truthy())),
            _ => return Ok(None),
        }))
    }

    pub(crate) fn bool_method(
        &mut self,
        recv: &Value,
        name: &str,
        args: &[Value],
    ) -> R<Option<Value>> {
        let b = recv.truthy();
        let o = args.first().is_some_and(|v| v.truthy());
        Ok(Some(match name {
            "&" => Value::Bool(b && o),
            "|" => Value::Bool(b || o),
            "^" => Value::Bool(b != o),
            _ => return Ok(None),
        }))
    }

    pub(crate) fn symbol_method(
        &mut self,
        recv: &Value,
        name: &str,
        args: &[Value],
        blk: Option<&Blk>,
    ) -> R<Option<Value>> {
        let _ = (recv, name, args, blk);
        Ok(None)
    }

    pub(crate) fn range_method(
        &mut self,
        recv: &Value,
        name: &str,
        args: &[Value],
        blk: Option<&Blk>,
    ) -> R<Option<Value>> {
        let _ = (recv, name, args, blk);
        Ok(None)
    }

    pub(crate) fn regexp_method(
        &mut self,
        recv: &Value,
        name: &str,
        args: &[Value],
    ) -> R<Option<Value>> {
        let _ = (recv, name, args);
        Ok(None)
    }

    pub(crate) fn match_method(
        &mut self,
        recv: &Value,
        name: &str,
        args: &[Value],
    ) -> R<Option<Value>> {
        let _ = (recv, name, args);
        Ok(None)
    }

    pub(crate) fn set_method(
        &mut self,
        recv: &Value,
        name: &str,
        args: &[Value],
        blk: Option<&Blk>,
    ) -> R<Option<Value>> {
        let _ = (recv, name, args, blk);
        Ok(None)
    }

    pub(crate) fn class_method(
        &mut self,
        class: &Rc<str>,
        name: &str,
        args: &[Value],
        blk: Option<&Blk>,
    ) -> R<Option<Value>> {
        let _ = (class, name, args, blk);
        Ok(None)
    }

    /// The integers of a range.
    pub(crate) fn range_items(&mut self, r: &RRange) -> R<Vec<Value>> {
        match (&r.lo, &r.hi) {
            (Value::Int(a), Value::Int(b)) => {
                let end = if r.exclusive { *b - 1 } else { *b };
                let n = (end - a + 1).max(0) as usize;
                self.check_len(n)?;
                Ok((*a..=end).map(Value::Int).collect())
            }
            _ => Err(super::Ctrl::Unknown(
                self.origin("iteration over a non-integer range"),
            )),
        }
    }
}
