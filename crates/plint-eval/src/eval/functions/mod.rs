//! Pure built-in functions, in Rust: Puppet 7's core functions that compute a value from their
//! arguments, and the most used stdlib functions. A registry maps names to implementations.
//!
//! A function receives its evaluated arguments and, for iteration functions, the call's lambda
//! through the [`Lambda`] callback, which the evaluator implements for Puppet lambdas. Functions
//! that need the catalog or the scope (include, lookup, defined, notice, ...) are the
//! evaluator's, not here.

/// Returns an unknown of type `$ty` from the function when any argument holds an unknown.
macro_rules! unknown_guard {
    ($name:expr, $args:expr, $ty:expr) => {
        if let Some(u) = unknown_if_any($name, &$args, $ty) {
            return Ok(u);
        }
    };
}

mod convert;
mod core;
mod digest;
mod format;
mod host;
mod iter;
mod openstacklib;
mod ordering;
mod random;
mod scanf;
mod stdlib;
mod stdlib_extra;
mod translate;
mod validate;

use std::collections::HashMap;
use std::sync::LazyLock;

use super::error::{EvalError, EvalResult};
use super::value::Value;
use crate::types::RegexCache;

pub use convert::{new_value, string_of};
pub use core::log_message as core_log_message;
pub use format::{ruby_inspect, sprintf, to_json};
pub(crate) use iter::block_arity;
pub use ordering::versioncmp_str;
pub use random::{RubyRandom, call_fqdn, is_fqdn_function};

/// A lambda given to a function call, as the function sees it.
pub trait Lambda {
    /// The number of parameters the lambda declares (functions such as `each` choose their
    /// behaviour by it).
    fn param_count(&self) -> usize;
    /// Calls the lambda with the given arguments. `next(v)` inside it yields `Ok(v)`; `break()`
    /// yields an error of kind `Break`, which iteration functions stop on.
    fn call(&mut self, args: Vec<Value>) -> EvalResult;
}

/// A built-in function: the evaluated arguments and the lambda, if the call has one.
pub type BuiltinFn = fn(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult;

/// A built-in function that matches regexps: [`BuiltinFn`]'s arguments and the compilation's
/// compiled regexps.
pub type RegexFn =
    fn(args: Vec<Value>, lambda: Option<&mut dyn Lambda>, regexes: &RegexCache) -> EvalResult;

/// A registered built-in function.
#[derive(Clone, Copy)]
pub enum Builtin {
    Plain(BuiltinFn),
    Regex(RegexFn),
}

impl Builtin {
    /// Calls the function; one that matches regexps compiles them into `regexes`.
    pub fn call(
        self,
        args: Vec<Value>,
        lambda: Option<&mut dyn Lambda>,
        regexes: &RegexCache,
    ) -> EvalResult {
        match self {
            Builtin::Plain(f) => f(args, lambda),
            Builtin::Regex(f) => f(args, lambda, regexes),
        }
    }
}

/// Every pure built-in function by name. Immutable: built once from the modules' static
/// tables and never written afterwards, so it holds no state of a run.
static REGISTRY: LazyLock<HashMap<&'static str, Builtin>> = LazyLock::new(|| {
    let mut m: HashMap<&'static str, Builtin> = HashMap::new();
    for (name, f) in iter::FUNCTIONS
        .iter()
        .chain(core::FUNCTIONS)
        .chain(stdlib::FUNCTIONS)
        .chain(convert::FUNCTIONS)
        .chain(stdlib_extra::FUNCTIONS)
        .chain(validate::FUNCTIONS)
        .chain(openstacklib::FUNCTIONS)
        .chain(digest::FUNCTIONS)
        .chain(random::FUNCTIONS)
        .chain(scanf::FUNCTIONS)
        .chain(host::FUNCTIONS)
        .chain(translate::FUNCTIONS)
    {
        m.insert(name, Builtin::Plain(*f));
    }
    for (name, f) in iter::REGEX_FUNCTIONS
        .iter()
        .chain(core::REGEX_FUNCTIONS)
        .chain(stdlib::REGEX_FUNCTIONS)
        .chain(stdlib_extra::REGEX_FUNCTIONS)
        .chain(validate::REGEX_FUNCTIONS)
    {
        m.insert(name, Builtin::Regex(*f));
    }
    m
});

/// The implementation of a pure built-in function, by name (without a leading `::`).
pub fn lookup(name: &str) -> Option<Builtin> {
    REGISTRY
        .get(name.strip_prefix("::").unwrap_or(name))
        .copied()
}

/// The names of every registered function, sorted.
pub fn names() -> Vec<&'static str> {
    let mut v: Vec<&'static str> = REGISTRY.keys().copied().collect();
    v.sort_unstable();
    v
}

/// Calls a registered function. Arguments that are (or contain) unknown values make the
/// result an unknown value, except for the functions that pass values through untouched.
pub fn call(
    name: &str,
    args: Vec<Value>,
    lambda: Option<&mut dyn Lambda>,
    regexes: &RegexCache,
) -> Option<EvalResult> {
    let f = lookup(name)?;
    Some(f.call(args, lambda, regexes))
}

// --------------------------------------------------------------------------- helpers

/// The error for arguments that match no signature of the function.
pub(crate) fn arg_error(name: &str, expected: &str, args: &[Value]) -> EvalError {
    let got: Vec<String> = args.iter().map(Value::type_name).collect();
    EvalError::argument_type(format!(
        "'{name}' expects {expected}, got {}",
        if got.is_empty() {
            "none".to_string()
        } else {
            got.join(", ")
        }
    ))
}

pub(crate) fn arity(name: &str, args: &[Value], min: usize, max: usize) -> EvalResult<()> {
    if args.len() < min || args.len() > max {
        let expected = if min == max {
            format!("{min} argument{}", if min == 1 { "" } else { "s" })
        } else if max == usize::MAX {
            format!("at least {min} arguments")
        } else {
            format!("between {min} and {max} arguments")
        };
        return Err(EvalError::new(format!(
            "'{name}' expects {expected}, got {}",
            args.len()
        )));
    }
    Ok(())
}

/// An unknown result when any argument holds an unknown value.
pub(crate) fn unknown_if_any(name: &str, args: &[Value], ty: &str) -> Option<Value> {
    if args.iter().any(Value::contains_unknown) {
        Some(Value::unknown(
            ty,
            &Value::origin_among(args, &format!("{name}() of an unknown value")),
        ))
    } else {
        None
    }
}

/// Appends `v` to `out`, the elements of nested arrays one by one.
pub(crate) fn flatten_into(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::Array(a) => a.iter().for_each(|e| flatten_into(e, out)),
        other => out.push(other.clone()),
    }
}

/// `call(name, args...)`: the name of the function to call, or (`Err`) the call's result when
/// there is none (an unknown name, a wrong argument).
pub(crate) fn call_target(args: &[Value]) -> Result<String, EvalResult> {
    match args.first() {
        Some(Value::String(f)) => Ok(f.clone()),
        Some(Value::Unknown(_)) => Err(Ok(Value::unknown(
            "Any",
            "call() of a function whose name is not known",
        ))),
        Some(other) => Err(Err(EvalError::new(format!(
            "'call' parameter 'function_name' expects a String value, got {}",
            other.type_name()
        )))),
        None => Err(Err(EvalError::new(
            "'call' expects at least 1 argument, got none",
        ))),
    }
}

pub(crate) fn need_lambda<'a>(
    name: &str,
    lambda: Option<&'a mut dyn Lambda>,
) -> EvalResult<&'a mut dyn Lambda> {
    lambda.ok_or_else(|| EvalError::new(format!("'{name}' expects a block")))
}
