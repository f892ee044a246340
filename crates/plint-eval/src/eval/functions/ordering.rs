//! Puppet 7's core functions that order values: `sort`, `min`, `max`, `compare` and
//! `versioncmp`, with Ruby's comparison of values they share.

use std::cmp::Ordering;

use super::{Lambda, arg_error, arity, unknown_if_any};
use crate::eval::error::{EvalError, EvalResult, err};
use crate::eval::value::Value;

/// Ruby's `<=>` for the values `sort`, `min` and `max` compare: numbers with numbers, strings
/// with strings (case-sensitively).
fn ruby_cmp(a: &Value, b: &Value) -> Option<Ordering> {
    match (a, b) {
        (Value::Integer(x), Value::Integer(y)) => Some(x.cmp(y)),
        (Value::Integer(_) | Value::Float(_), Value::Integer(_) | Value::Float(_)) => {
            let f = |v: &Value| match v {
                Value::Integer(i) => *i as f64,
                Value::Float(f) => *f,
                _ => 0.0,
            };
            f(a).partial_cmp(&f(b))
        }
        (Value::String(x), Value::String(y)) => Some(x.cmp(y)),
        (Value::Timestamp(x), Value::Timestamp(y)) | (Value::Timespan(x), Value::Timespan(y)) => {
            Some(x.cmp(y))
        }
        (Value::Array(x), Value::Array(y)) => {
            for (p, q) in x.iter().zip(y.iter()) {
                match ruby_cmp(p, q)? {
                    Ordering::Equal => {}
                    o => return Some(o),
                }
            }
            Some(x.len().cmp(&y.len()))
        }
        _ => None,
    }
}

fn sort_values(name: &str, items: &mut [Value], lambda: Option<&mut dyn Lambda>) -> EvalResult<()> {
    let mut failure: Option<EvalError> = None;
    match lambda {
        Some(l) => {
            // Insertion-stable merge sort driven by the lambda's answers.
            let mut v = items.to_vec();
            merge_sort(&mut v, &mut |a, b| {
                if failure.is_some() {
                    return Ordering::Equal;
                }
                match l.call(vec![a.clone(), b.clone()]) {
                    Ok(Value::Integer(n)) => n.cmp(&0),
                    Ok(Value::Float(f)) => f.partial_cmp(&0.0).unwrap_or(Ordering::Equal),
                    Ok(other) => {
                        failure = Some(EvalError::new(format!(
                            "{name}(): the block must return an Integer, got {}",
                            other.type_name()
                        )));
                        Ordering::Equal
                    }
                    Err(e) => {
                        failure = Some(e);
                        Ordering::Equal
                    }
                }
            });
            items.clone_from_slice(&v);
        }
        None => {
            let mut v = items.to_vec();
            merge_sort(&mut v, &mut |a, b| match ruby_cmp(a, b) {
                Some(o) => o,
                None => {
                    if failure.is_none() {
                        failure = Some(EvalError::new(format!(
                            "comparison of {} with {} failed",
                            a.type_name(),
                            b.type_name()
                        )));
                    }
                    Ordering::Equal
                }
            });
            items.clone_from_slice(&v);
        }
    }
    match failure {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

fn merge_sort(v: &mut [Value], cmp: &mut dyn FnMut(&Value, &Value) -> Ordering) {
    // `sort_by` needs a total order; a merge sort tolerates an inconsistent comparator.
    if v.len() <= 1 {
        return;
    }
    let mid = v.len() / 2;
    merge_sort(&mut v[..mid], cmp);
    merge_sort(&mut v[mid..], cmp);
    let mut merged = Vec::with_capacity(v.len());
    let (mut i, mut j) = (0, mid);
    while i < mid && j < v.len() {
        if cmp(&v[j], &v[i]) == Ordering::Less {
            merged.push(v[j].clone());
            j += 1;
        } else {
            merged.push(v[i].clone());
            i += 1;
        }
    }
    merged.extend_from_slice(&v[i..mid]);
    merged.extend_from_slice(&v[j..]);
    v.clone_from_slice(&merged);
}

pub(super) fn sort(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult {
    arity("sort", &args, 1, 1)?;
    unknown_guard!("sort", args, "Any");
    match &args[0] {
        Value::Array(a) => {
            let mut v = a.as_ref().clone();
            sort_values("sort", &mut v, lambda)?;
            Ok(Value::array(v))
        }
        Value::String(s) => {
            let mut v: Vec<Value> = s.chars().map(|c| Value::string(c.to_string())).collect();
            sort_values("sort", &mut v, lambda)?;
            Ok(Value::string(
                v.iter().map(Value::to_puppet_string).collect::<String>(),
            ))
        }
        _ => Err(arg_error("sort", "a String or an Array", &args)),
    }
}

fn min_max(
    name: &str,
    args: Vec<Value>,
    lambda: Option<&mut dyn Lambda>,
    want: Ordering,
) -> EvalResult {
    unknown_guard!(name, args, "Any");
    let values: Vec<Value> = match args.as_slice() {
        [Value::Array(a)] => a.as_ref().clone(),
        _ => args.clone(),
    };
    if values.is_empty() {
        return if matches!(args.as_slice(), [Value::Array(_)]) {
            Ok(Value::Undef)
        } else {
            Err(arg_error(name, "at least 1 argument", &args))
        };
    }
    if lambda.is_some() {
        let mut sorted = values;
        sort_values(name, &mut sorted, lambda)?;
        return Ok(match want {
            Ordering::Less => sorted[0].clone(),
            _ => sorted[sorted.len() - 1].clone(),
        });
    }
    // Without a lambda, Puppet 7 compares numbers as numbers, two numeric-looking strings (or
    // string forms) as floats (a deprecated conversion it still makes), anything else by the
    // string forms, byte by byte; the first of equal values wins.
    let mut best = values[0].clone();
    for v in &values[1..] {
        if min_max_cmp(v, &best) == want {
            best = v.clone();
        }
    }
    Ok(best)
}

fn min_max_cmp(a: &Value, b: &Value) -> Ordering {
    fn num(v: &Value) -> Option<f64> {
        match v {
            Value::Integer(i) => Some(*i as f64),
            Value::Float(f) => Some(*f),
            _ => None,
        }
    }
    fn numeric_like(s: &str) -> bool {
        let body = s.strip_prefix('-').unwrap_or(s);
        let digits = body.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return false;
        }
        match body.as_bytes().get(digits) {
            None => true,
            Some(b'.' | b'_' | b'e' | b'E') => {
                let rest = &body[digits + 1..];
                !rest.is_empty() && rest.bytes().all(|c| c.is_ascii_digit())
            }
            Some(_) => false,
        }
    }
    if let (Value::Integer(x), Value::Integer(y)) = (a, b) {
        return x.cmp(y);
    }
    if let (Some(x), Some(y)) = (num(a), num(b)) {
        return x.partial_cmp(&y).unwrap_or(Ordering::Equal);
    }
    let (sa, sb) = (a.to_puppet_string(), b.to_puppet_string());
    if numeric_like(&sa) && numeric_like(&sb) {
        let f = |s: &str| s.replace('_', "").parse::<f64>().unwrap_or(0.0);
        return f(&sa).partial_cmp(&f(&sb)).unwrap_or(Ordering::Equal);
    }
    sa.as_bytes().cmp(sb.as_bytes())
}

pub(super) fn min(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult {
    min_max("min", args, lambda, Ordering::Less)
}

pub(super) fn max(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult {
    min_max("max", args, lambda, Ordering::Greater)
}

/// Puppet's version comparison (`versioncmp`): versions split into numbers, words and `-`/`.`
/// separators compared piece by piece.
pub fn versioncmp_str(a: &str, b: &str) -> Ordering {
    fn pieces(s: &str) -> Vec<&str> {
        let mut out = Vec::new();
        let bytes = s.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i];
            let start = i;
            if c == b'-' || c == b'.' {
                i += 1;
            } else if c.is_ascii_digit() {
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
            } else {
                while i < bytes.len()
                    && !bytes[i].is_ascii_digit()
                    && bytes[i] != b'-'
                    && bytes[i] != b'.'
                {
                    i += 1;
                }
            }
            out.push(&s[start..i]);
        }
        out
    }
    let (ax, bx) = (pieces(a), pieces(b));
    for (x, y) in ax.iter().zip(bx.iter()) {
        if x == y {
            continue;
        }
        for sep in ["-", "."] {
            if *x == sep {
                return Ordering::Less;
            }
            if *y == sep {
                return Ordering::Greater;
            }
        }
        let digits = |s: &str| s.bytes().all(|c| c.is_ascii_digit());
        if digits(x) && digits(y) {
            if x.starts_with('0') || y.starts_with('0') {
                return x.to_uppercase().cmp(&y.to_uppercase());
            }
            let (p, q) = (x.trim_start_matches('0'), y.trim_start_matches('0'));
            return p.len().cmp(&q.len()).then_with(|| p.cmp(q));
        }
        return x.to_uppercase().cmp(&y.to_uppercase());
    }
    if ax.len() != bx.len() {
        // Ruby's shift loop stops when one side runs out, then compares the whole strings.
        return a.cmp(b);
    }
    a.cmp(b)
}

pub(super) fn versioncmp(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("versioncmp", &args, 2, 3)?;
    unknown_guard!("versioncmp", args, "Integer");
    match (&args[0], &args[1]) {
        (Value::String(a), Value::String(b)) => Ok(Value::Integer(match versioncmp_str(a, b) {
            Ordering::Less => -1,
            Ordering::Equal => 0,
            Ordering::Greater => 1,
        })),
        _ => Err(arg_error("versioncmp", "two Strings", &args)),
    }
}

pub(super) fn compare(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("compare", &args, 2, 3)?;
    unknown_guard!("compare", args, "Integer");
    let ignore_case = match args.get(2) {
        None => true,
        Some(Value::Boolean(b)) => *b,
        Some(_) => return Err(arg_error("compare", "a Boolean ignore_case", &args)),
    };
    let o = match (&args[0], &args[1]) {
        (Value::String(a), Value::String(b)) => {
            if ignore_case {
                a.to_lowercase().cmp(&b.to_lowercase())
            } else {
                a.cmp(b)
            }
        }
        (a, b) if a.is_numeric() && b.is_numeric() => ruby_cmp(a, b).unwrap_or(Ordering::Equal),
        (Value::Timestamp(a), Value::Timestamp(b)) | (Value::Timespan(a), Value::Timespan(b)) => {
            a.cmp(b)
        }
        _ => {
            return err(format!(
                "compare(): Can only compare values of the same kind (String, Numeric, Timespan, Timestamp, Version), got {} and {}",
                args[0].type_name(),
                args[1].type_name()
            ));
        }
    };
    Ok(Value::Integer(match o {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    }))
}
