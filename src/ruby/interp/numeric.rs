//! The methods of Ruby's Integer and Float.

use super::value::*;
use super::{Blk, Interp, R};

impl Interp<'_> {
    pub(crate) fn numeric_method(
        &mut self,
        recv: &Value,
        name: &str,
        args: &[Value],
        blk: Option<&Blk>,
    ) -> R<Option<Value>> {
        let _ = (recv, name, args, blk);
        Ok(None)
    }
}

/// `Float#to_i`.
pub(crate) fn float_to_int(f: f64) -> Value {
    Value::Int(f.trunc() as i64)
}

/// `Integer("...")`: the text as Ruby's `Integer()` reads it, or `None`.
pub(crate) fn parse_integer_strict(s: &str, base: Option<u32>) -> Option<Value> {
    let _ = base;
    s.trim()
        .replace('_', "")
        .parse::<i64>()
        .ok()
        .map(Value::Int)
}

/// `Float("...")`.
pub(crate) fn parse_float_strict(s: &str) -> Option<f64> {
    s.trim().replace('_', "").parse::<f64>().ok()
}
