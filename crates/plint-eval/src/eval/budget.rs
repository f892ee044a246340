//! The budgets that bound one node's compilation in time and memory, so that hostile manifests
//! (endless or nested iteration, strings or collections that double at each step, defines that
//! declare two instances of themselves, Hiera data that interpolates itself twice per level)
//! end with a finding instead of a hang or an aborted process.
//!
//! Sizes are checked *before* a string or collection is built: nothing larger than its budget
//! is ever allocated. An exhausted budget is an error of kind [`ErrorKind::Budget`], reported as
//! `evaluation-budget-exceeded` (P217); the node's compilation stops there, the other nodes of a
//! run are compiled as usual.

use std::time::Duration;

use super::error::{ErrorKind, EvalError};
use super::value::Value;

/// The limits of one compilation. [`Budgets::default`] is what `plint --evaluate` uses.
#[derive(Debug, Clone, PartialEq)]
pub struct Budgets {
    /// Evaluation steps: expressions evaluated, lambda calls (one per iteration, so that an
    /// empty lambda still costs), Hiera lookups.
    pub steps: u64,
    /// Wall time of one node's compilation.
    pub wall_time: Duration,
    /// The largest string (in bytes) an interpolation, operator or function may build.
    pub string_bytes: usize,
    /// The largest array or hash (in elements, nested ones counted) an operator, a literal or a
    /// function may build.
    pub collection_elements: usize,
    /// Resources in the catalog (classes and define instances included).
    pub resources: usize,
    /// Hiera lookups and interpolations (`%{...}`) for one node.
    pub hiera_interpolations: u64,
    /// The text one EPP template renders, in bytes.
    pub template_bytes: usize,
}

/// The largest string a built-in function builds (`sprintf` widths, padding, repetition).
pub const MAX_STRING_BYTES: usize = 64 * 1024 * 1024;
/// The most elements a built-in function builds or iterates over in one call.
pub const MAX_ELEMENTS: usize = 10_000_000;

impl Default for Budgets {
    fn default() -> Self {
        Budgets {
            steps: 20_000_000,
            wall_time: Duration::from_secs(60),
            string_bytes: MAX_STRING_BYTES,
            collection_elements: MAX_ELEMENTS,
            resources: 200_000,
            hiera_interpolations: 100_000,
            template_bytes: MAX_STRING_BYTES,
        }
    }
}

impl Budgets {
    /// Sets one budget from `NAME=N` (the names of `--eval-budget`).
    pub fn set(&mut self, setting: &str) -> Result<(), String> {
        let (name, n) = setting
            .split_once('=')
            .ok_or_else(|| format!("`{setting}`: expected NAME=N"))?;
        let n: u64 = n
            .trim()
            .parse()
            .map_err(|_| format!("`{setting}`: N must be a whole number"))?;
        let size = usize::try_from(n).unwrap_or(usize::MAX);
        match name.trim() {
            "steps" => self.steps = n,
            "time" => self.wall_time = Duration::from_secs(n),
            "string" => self.string_bytes = size,
            "elements" => self.collection_elements = size,
            "resources" => self.resources = size,
            "hiera" => self.hiera_interpolations = n,
            "template" => self.template_bytes = size,
            other => {
                return Err(format!(
                    "unknown budget `{other}` (steps, time, string, elements, resources, hiera, \
                     template)"
                ));
            }
        }
        Ok(())
    }
}

/// The error for an exhausted budget: `what` names it ("string size", "iterations"), `limit`
/// is its value with its unit.
pub fn exceeded(what: &str, limit: impl std::fmt::Display) -> EvalError {
    EvalError {
        kind: ErrorKind::Budget,
        ..EvalError::new(format!(
            "The evaluation exceeded its budget of {what} ({limit})"
        ))
    }
}

/// The error for a string that would be longer than `max` bytes.
pub fn string_too_long(max: usize) -> EvalError {
    exceeded("string size", format!("{max} bytes"))
}

/// The error for a collection that would hold more than `max` elements.
pub fn too_many_elements(max: usize) -> EvalError {
    exceeded("collection size", format!("{max} elements"))
}

/// Checks that a string of `len` bytes may be built.
pub fn check_string(len: usize, max: usize) -> Result<(), EvalError> {
    if len > max {
        Err(string_too_long(max))
    } else {
        Ok(())
    }
}

/// The deepest nesting of arrays and hashes a value may have (deeper values would overflow the
/// stack of every recursive walk, their drop included).
pub const MAX_NESTING: usize = 1000;

/// The number of elements of `v`, nested arrays and hashes counted (keys and values, one more
/// for each 8 levels of nesting), strings counted by their length in 16-byte units, stopping
/// as soon as it passes `max`: the cost is
/// at most `max` however much `v` shares its parts. The error when it passes `max` or nests
/// deeper than [`MAX_NESTING`].
pub fn deep_size(v: &Value, max: usize) -> Result<usize, EvalError> {
    fn walk(v: &Value, n: &mut usize, max: usize, depth: usize) -> Result<(), EvalError> {
        // A nested element costs more: written out (pretty JSON or YAML) it is indented.
        *n += 1 + depth / 8;
        if depth > MAX_NESTING {
            return Err(exceeded("nesting depth", format!("{MAX_NESTING} levels")));
        }
        match v {
            Value::String(s) => *n += s.len() / 16,
            Value::Array(a) => {
                for e in a.iter() {
                    walk(e, n, max, depth + 1)?;
                }
            }
            Value::Hash(h) => {
                for (k, e) in h.iter() {
                    walk(k, n, max, depth + 1)?;
                    walk(e, n, max, depth + 1)?;
                }
            }
            Value::Sensitive(s) => walk(s, n, max, depth + 1)?,
            _ => {}
        }
        if *n > max {
            return Err(too_many_elements(max));
        }
        Ok(())
    }
    let mut n = 0;
    walk(v, &mut n, max, 0)?;
    Ok(n)
}

/// Checks that `v` is within `max` elements (see [`deep_size`]); only collections are walked.
pub fn check_value(v: &Value, max: usize) -> Result<(), EvalError> {
    match v {
        Value::Array(_) | Value::Hash(_) | Value::Sensitive(_) => deep_size(v, max).map(|_| ()),
        Value::String(s) => check_string(s.len(), MAX_STRING_BYTES),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_size_stops_early_on_shared_parts() {
        let mut v = Value::array(vec![Value::Integer(1)]);
        for _ in 0..64 {
            v = Value::array(vec![v.clone(), v]);
        }
        assert!(deep_size(&v, 1000).is_err());
        assert!(check_value(&v, 1000).is_err());
        assert_eq!(deep_size(&Value::array(vec![Value::Integer(1)]), 10), Ok(2));
        let mut deep = Value::Integer(1);
        for _ in 0..2000 {
            deep = Value::array(vec![deep]);
        }
        let e = deep_size(&deep, usize::MAX).unwrap_err();
        assert!(e.message.contains("nesting depth"), "{}", e.message);
    }
}
