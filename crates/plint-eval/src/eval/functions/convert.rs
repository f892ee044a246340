//! Type conversion: `Integer('0x1F')`, `String(1.5)`, `Array($x, true)`, ... (Puppet's `new`
//! for the core data types).

use super::format::sprintf;
use super::iter::iterable;
use super::{BuiltinFn, Lambda, arg_error};
use crate::eval::error::{EvalError, EvalResult, err};
use crate::eval::value::{Hash, Value};
use crate::types::Type;

pub(super) const FUNCTIONS: &[(&str, BuiltinFn)] = &[("new", new_fn)];

fn new_fn(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult {
    let Some((Value::Type(t), rest)) = args.split_first() else {
        return Err(arg_error("new", "a Type and the value to convert", &args));
    };
    let v = new_value(t.ty(), rest.to_vec())?;
    match lambda {
        Some(l) => l.call(vec![v]),
        None => Ok(v),
    }
}

/// Creates a value of the type from the arguments, as `Type(args)` / `Type.new(args)` does.
pub fn new_value(t: &Type, args: Vec<Value>) -> EvalResult {
    if args.iter().any(Value::contains_unknown) {
        return Ok(Value::unknown_of(
            crate::eval::value::TypeVal::new(t.clone()),
            &format!("{}() of an unknown value", t.name()),
        ));
    }
    let name = t.name().to_string();
    match t {
        Type::Timestamp(_) => return crate::eval::time::new_timestamp(&args),
        Type::Timespan(_) => return crate::eval::time::new_timespan(&args),
        _ => {}
    }
    let Some(first) = args.first() else {
        return err(format!("'new' of {name} expects at least 1 argument"));
    };
    let v = match t {
        Type::Integer(_) => to_integer(first, args.get(1))?,
        Type::Float(_) => to_float(first)?,
        Type::Numeric => to_numeric(first)?,
        Type::Boolean(_) => to_boolean(first)?,
        Type::String(_) => match (first, args.get(1)) {
            // A Binary's `%s` is its bytes as UTF-8 text (base64 is its `%B`).
            (Value::Binary(bytes), Some(Value::String(fmt))) if fmt == "%s" => Value::string(
                String::from_utf8(bytes.to_vec())
                    .map_err(|_| EvalError::new("String(): the Binary is not valid UTF-8 text"))?,
            ),
            (_, Some(Value::String(fmt))) => sprintf(fmt, &args[..1])?,
            _ => Value::string(string_of(first, true)),
        },
        Type::Array(_) | Type::Tuple(_) => {
            let wrap = args.get(1).is_some_and(|w| w.truthy() == Some(true));
            to_array(first, wrap, &args)?
        }
        Type::Hash(_) | Type::Struct(_) => to_hash(first, &args)?,
        Type::Sensitive(_) => Value::Sensitive(std::sync::Arc::new(first.clone())),
        Type::Optional(Some(inner)) => {
            if first.is_undef() {
                Value::Undef
            } else {
                return new_value(inner, args);
            }
        }
        _ => {
            return err(format!(
                "Creation of new instance of type '{name}' is not supported"
            ));
        }
    };
    Ok(v)
}

fn cannot(s: &str, name: &str) -> EvalError {
    EvalError::new(format!("The string '{s}' cannot be converted to {name}"))
}

/// Parses an integer string as `Integer.new` does: an optional sign, then `0x`/`0X` hex, `0b`
/// binary, a leading `0` octal, or decimal; nothing else (no blanks, no fraction).
fn parse_integer(s: &str, radix: Option<u32>) -> Option<i64> {
    let (neg, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let (digits, base) = match radix {
        Some(16) if body.starts_with("0x") || body.starts_with("0X") => (&body[2..], 16),
        Some(2) if body.starts_with("0b") || body.starts_with("0B") => (&body[2..], 2),
        Some(r) => {
            // Without a prefix, the digits must read as a decimal number.
            if !body.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            (body, r)
        }
        None => {
            if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
                (h, 16)
            } else if let Some(b) = body.strip_prefix("0b").or_else(|| body.strip_prefix("0B")) {
                (b, 2)
            } else if body.len() > 1 && body.starts_with('0') {
                (&body[1..], 8)
            } else {
                (body, 10)
            }
        }
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(base)) {
        return None;
    }
    // The magnitude may be 2^63 for a negative number (`-9223372036854775808`).
    let v = i128::from(u64::from_str_radix(digits, base).ok()?);
    i64::try_from(if neg { -v } else { v }).ok()
}

fn to_integer(v: &Value, radix: Option<&Value>) -> EvalResult {
    let radix = match radix {
        None | Some(Value::Default) => None,
        Some(Value::Integer(r)) if matches!(r, 2 | 8 | 10 | 16) => Some(*r as u32),
        Some(other) => return err(format!("Illegal radix: {}", other.to_puppet_string())),
    };
    Ok(Value::Integer(match v {
        Value::Integer(i) => *i,
        Value::Float(f) => {
            if !f.is_finite() {
                return err("The value cannot be converted to Integer");
            }
            // 2^63 and beyond (a Ruby bignum in Puppet) do not fit in Puppet's 64 bits.
            let t = f.trunc();
            if !(-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&t) {
                return err(format!(
                    "The value {} cannot be converted to Integer: it is outside of Puppet's \
                     Integer range",
                    crate::ruby_core::float::to_s(*f)
                ));
            }
            t as i64
        }
        Value::Boolean(b) => i64::from(*b),
        Value::String(s) => parse_integer(s, radix).ok_or_else(|| cannot(s, "Integer"))?,
        Value::Timestamp(n) | Value::Timespan(n) => n.div_euclid(crate::eval::time::NS_PER_SEC),
        other => {
            return err(format!(
                "Value of type {} cannot be converted to Integer",
                other.type_name()
            ));
        }
    }))
}

fn parse_float(s: &str) -> Option<f64> {
    let b = s.as_bytes();
    let body = s.trim_start_matches(['-', '+']);
    if body.is_empty() || !body.as_bytes()[0].is_ascii_digit() {
        return None;
    }
    if body.starts_with("0x") || body.starts_with("0X") || body.starts_with("0b") {
        return parse_integer(s, None).map(|i| i as f64);
    }
    if b.iter().any(|c| c.is_ascii_whitespace()) {
        return None;
    }
    s.parse::<f64>().ok().filter(|f| f.is_finite())
}

fn to_float(v: &Value) -> EvalResult {
    Ok(Value::Float(match v {
        Value::Integer(i) => *i as f64,
        Value::Float(f) => *f,
        Value::Boolean(b) => f64::from(u8::from(*b)),
        Value::String(s) => parse_float(s).ok_or_else(|| cannot(s, "Float"))?,
        Value::Timestamp(n) | Value::Timespan(n) => *n as f64 / 1e9,
        other => {
            return err(format!(
                "Value of type {} cannot be converted to Float",
                other.type_name()
            ));
        }
    }))
}

fn to_numeric(v: &Value) -> EvalResult {
    match v {
        Value::String(s) => match crate::eval::number::string_to_number(s) {
            Some(crate::eval::number::Num::Int(i)) => Ok(Value::Integer(i)),
            Some(crate::eval::number::Num::Float(f)) => Ok(Value::Float(f)),
            None => Err(cannot(s, "Numeric")),
        },
        Value::Boolean(b) => Ok(Value::Integer(i64::from(*b))),
        Value::Integer(_) | Value::Float(_) => Ok(v.clone()),
        Value::Timestamp(n) | Value::Timespan(n) => Ok(Value::Float(*n as f64 / 1e9)),
        other => err(format!(
            "Value of type {} cannot be converted to Numeric",
            other.type_name()
        )),
    }
}

fn to_boolean(v: &Value) -> EvalResult {
    Ok(Value::Boolean(match v {
        Value::Boolean(b) => *b,
        Value::Integer(i) => *i != 0,
        Value::Float(f) => *f != 0.0,
        Value::String(s) => match s.to_lowercase().as_str() {
            "true" | "yes" | "y" => true,
            "false" | "no" | "n" => false,
            _ => return Err(cannot(s, "Boolean")),
        },
        other => {
            return err(format!(
                "Value of type {} cannot be converted to Boolean",
                other.type_name()
            ));
        }
    }))
}

/// `String(value)`: Puppet's string conversion (`%s` of its string converter): strings as
/// they are at the top and quoted inside collections, floats with six decimals, regexps as
/// their source, `undef` empty at the top and `undef` inside collections.
pub fn string_of(v: &Value, top: bool) -> String {
    match v {
        Value::String(s) if top => s.clone(),
        // A string inside a collection as Puppet's `StringConverter` writes it (`%p`).
        Value::String(s) => crate::types::puppet_quote(s),
        Value::Undef if top => String::new(),
        Value::Undef => "undef".into(),
        Value::Float(f) if top => {
            if f.is_finite() {
                format!("{f:.6}")
            } else {
                crate::ruby_core::float::to_s(*f)
            }
        }
        Value::Regexp(r) if top => r.to_string(),
        Value::Array(a) => format!(
            "[{}]",
            a.iter()
                .map(|e| string_of(e, false))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::Hash(h) => format!(
            "{{{}}}",
            h.iter()
                .map(|(k, e)| format!("{} => {}", string_of(k, false), string_of(e, false)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => other.to_puppet_string(),
    }
}

fn to_array(v: &Value, wrap: bool, args: &[Value]) -> EvalResult {
    match v {
        Value::Array(_) => Ok(v.clone()),
        Value::Undef if wrap => Ok(Value::array(Vec::new())),
        _ if wrap => Ok(Value::array(vec![v.clone()])),
        _ => match iterable(v) {
            Some(items) => Ok(Value::array(items.items)),
            None => Err(arg_error(
                "new",
                "an Iterable value to convert to Array",
                args,
            )),
        },
    }
}

fn to_hash(v: &Value, args: &[Value]) -> EvalResult {
    match v {
        Value::Hash(_) => Ok(v.clone()),
        Value::Array(a) => {
            let mut h = Hash::new();
            if !a.is_empty()
                && a.iter()
                    .all(|e| matches!(e, Value::Array(p) if p.len() == 2))
            {
                for e in a.iter() {
                    let p = e.as_array().unwrap_or(&[]);
                    h.insert(p[0].clone(), p[1].clone());
                }
            } else {
                if a.len() % 2 != 0 {
                    return err("odd number of arguments for Hash");
                }
                for kv in a.chunks(2) {
                    h.insert(kv[0].clone(), kv[1].clone());
                }
            }
            Ok(Value::hash(h))
        }
        _ => Err(arg_error(
            "new",
            "an Array or Hash to convert to Hash",
            args,
        )),
    }
}
