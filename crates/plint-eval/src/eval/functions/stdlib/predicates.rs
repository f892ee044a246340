//! stdlib's type predicates: `is_array`, `is_hash`, `is_bool`, `is_string`, `is_integer`,
//! `is_float`, `is_numeric`.

use super::*;

pub(super) fn is_type(name: &str, args: &[Value], f: impl Fn(&Value) -> bool) -> EvalResult {
    arity(name, args, 1, 1)?;
    unknown_guard!(name, args, "Boolean");
    Ok(Value::Boolean(f(&args[0])))
}

pub(super) fn is_array(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    is_type("is_array", &args, |v| matches!(v, Value::Array(_)))
}

pub(super) fn is_hash(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    is_type("is_hash", &args, |v| matches!(v, Value::Hash(_)))
}

pub(super) fn is_bool(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    is_type("is_bool", &args, |v| matches!(v, Value::Boolean(_)))
}

pub(super) fn is_string(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    // A string that reads as a number is not a string here.
    is_type("is_string", &args, |v| match v {
        Value::String(s) => crate::eval::number::string_to_number(s).is_none(),
        _ => false,
    })
}

pub(super) fn is_integer(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    is_type("is_integer", &args, |v| match v {
        Value::Integer(_) => true,
        Value::String(s) => {
            let t = s.strip_prefix('-').unwrap_or(s);
            !t.is_empty()
                && t.bytes().all(|c| c.is_ascii_digit())
                && (t == "0" || !t.starts_with('0'))
        }
        _ => false,
    })
}

pub(super) fn is_float(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    is_type("is_float", &args, |v| match v {
        Value::Float(_) => true,
        Value::String(s) => matches!(
            crate::eval::number::string_to_number(s),
            Some(crate::eval::number::Num::Float(_))
        ),
        _ => false,
    })
}

pub(super) fn is_numeric(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    is_type("is_numeric", &args, |v| match v {
        Value::Integer(_) | Value::Float(_) => true,
        Value::String(s) => {
            let t = s.strip_prefix('-').unwrap_or(s);
            let (int, frac) = t.split_once('.').unwrap_or((t, ""));
            let (frac, exp) = match frac.split_once(['e', 'E']) {
                Some((f, e)) => (f, Some(e)),
                None => (frac, None),
            };
            !int.is_empty()
                && int.bytes().all(|c| c.is_ascii_digit())
                && frac.bytes().all(|c| c.is_ascii_digit())
                && (!t.contains('.') || !frac.is_empty())
                && exp.is_none_or(|e| {
                    let e = e.strip_prefix(['-', '+']).unwrap_or(e);
                    !e.is_empty() && e.bytes().all(|c| c.is_ascii_digit())
                })
        }
        _ => false,
    })
}
