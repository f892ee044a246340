//! Formatting: Ruby's `sprintf` (Puppet's `sprintf` calls it), Ruby's `to_s` and `inspect`
//! forms of values (what Ruby functions produce when they print a value), JSON and base64.

use super::{Lambda, arg_error};
use crate::eval::error::{EvalError, EvalResult, err};
use crate::eval::value::Value;

/// Ruby's `to_s` of a value as a Ruby function sees it: strings as they are, `undef` empty,
/// collections in their `inspect` form.
pub fn ruby_to_s(v: &Value) -> String {
    match v {
        Value::Undef => String::new(),
        Value::Array(_) | Value::Hash(_) => ruby_inspect(v),
        Value::Regexp(r) => format!("(?-mix:{r})"),
        other => other.to_puppet_string(),
    }
}

/// Ruby's `inspect` of a value: `"str"`, `nil`, `[1, "a"]`, `{"a"=>1}`.
pub fn ruby_inspect(v: &Value) -> String {
    let mut out = String::new();
    inspect_into(v, &mut out);
    out
}

fn inspect_into(v: &Value, out: &mut String) {
    match v {
        Value::String(s) => crate::ruby_core::inspect::inspect_into(s, out),
        Value::Undef => out.push_str("nil"),
        Value::Default => out.push_str(":default"),
        Value::Regexp(r) => {
            out.push('/');
            out.push_str(r);
            out.push('/');
        }
        Value::Array(a) => {
            out.push('[');
            for (i, e) in a.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                inspect_into(e, out);
            }
            out.push(']');
        }
        Value::Hash(h) => {
            out.push('{');
            for (i, (k, e)) in h.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                inspect_into(k, out);
                out.push_str("=>");
                inspect_into(e, out);
            }
            out.push('}');
        }
        other => out.push_str(&other.to_puppet_string()),
    }
}

// --------------------------------------------------------------------------- sprintf

/// Puppet's values as the Ruby objects `Kernel#format` receives (a hash's keys as symbols,
/// as Puppet's `sprintf` passes them).
impl crate::ruby_core::sprintf::Arg for Value {
    fn view(&self) -> crate::ruby_core::sprintf::View<Self> {
        use crate::ruby_core::sprintf::View;
        match self {
            Value::Undef => View::Nil,
            Value::Boolean(b) => View::Bool(*b),
            Value::Integer(i) => View::Int((*i).into()),
            Value::Float(f) => View::Float(*f),
            Value::String(s) => View::Str(s.clone()),
            Value::Hash(h) => {
                let h = h.clone();
                View::Hash(Box::new(move |k| h.get_str(k).cloned()))
            }
            other => View::Other {
                class: other.type_name(),
                to_s: ruby_to_s(other),
                inspect: ruby_inspect(other),
            },
        }
    }

    fn inspect(&self) -> String {
        ruby_inspect(self)
    }
}

/// Ruby's `format` of Puppet's values (`sprintf()`, `String(x, fmt)`): the text, an unknown
/// String where plint does not write what Ruby would, or Ruby's error.
pub fn sprintf(fmt: &str, args: &[Value]) -> EvalResult<Value> {
    use crate::ruby_core::sprintf::{Error, sprintf};
    if let Some(u) = args.iter().find_map(Value::first_unknown) {
        return Ok(Value::unknown(
            "String",
            &format!("sprintf() of {}", u.origin),
        ));
    }
    // A width or precision past the string budget would only exhaust memory.
    const MAX: usize = crate::eval::budget::MAX_STRING_BYTES;
    match sprintf(fmt, args, MAX) {
        Ok(text) => Ok(Value::string(text)),
        Err(Error::Raise { message, .. }) => err(message),
        Err(Error::TooLarge) => Err(crate::eval::budget::string_too_long(MAX)),
        Err(Error::Unsupported(what)) => Ok(Value::unknown("String", &what)),
    }
}

pub(super) fn sprintf_fn(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    if let Some(u) = super::unknown_if_any("sprintf", &args, "String") {
        return Ok(u);
    }
    let Some(Value::String(fmt)) = args.first() else {
        return Err(arg_error("sprintf", "a format String", &args));
    };
    sprintf(fmt, &args[1..])
}

// --------------------------------------------------------------------------- JSON

/// Ruby's `JSON.generate` (compact) or `JSON.pretty_generate`.
pub fn to_json(v: &Value, pretty: bool) -> EvalResult<String> {
    let mut w = crate::ruby_core::json::Writer::new(pretty);
    json_into(v, &mut w)?;
    Ok(w.finish())
}

fn json_into(v: &Value, w: &mut crate::ruby_core::json::Writer) -> EvalResult<()> {
    match v {
        Value::Undef => w.null(),
        Value::Boolean(b) => w.bool(*b),
        Value::Integer(i) => w.integer(&i.to_string()),
        Value::Float(f) => w.float(*f).map_err(|e| EvalError::new(e.to_string()))?,
        Value::String(s) => w.string(s),
        Value::Array(a) => {
            w.begin_array();
            for e in a.iter() {
                json_into(e, w)?;
            }
            w.end_array();
        }
        Value::Hash(h) => {
            w.begin_object();
            for (k, e) in h.iter() {
                w.key(&ruby_to_s(k));
                json_into(e, w)?;
            }
            w.end_object();
        }
        Value::Unknown(_) => return err("an unknown value cannot be written as JSON"),
        other => w.string(&ruby_to_s(other)),
    }
    Ok(())
}
