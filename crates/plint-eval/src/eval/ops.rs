//! The operators of the Puppet language on values, with Puppet 7's exact rules:
//! arithmetic with numeric strings, collection `+ - <<`, `==` (case-insensitive strings, deep
//! collections), ordering comparisons, `in`, `=~`, case/selector matching, `[]` access, and
//! truthiness.
//!
//! Operations on an [unknown](Value::Unknown) operand give an unknown result of the operator's
//! result type; they never guess.

use std::cmp::Ordering;

use super::error::{EvalError, EvalResult, err};
use super::number::{Num, string_to_number};
use super::regex::{self, Captures, RegexCache};
use super::value::{Hash, TypeVal, Value};
use crate::syntax::ast::BinaryOp;

mod access;

pub use access::{access, access_type, type_param_string};

/// `a` or `an` before a type name, as Puppet's messages say "an Array", "a Hash".
pub fn a_an(value: &Value) -> String {
    let name = value.type_name();
    let article = match name.chars().next() {
        Some('A' | 'E' | 'I' | 'O' | 'U') => "an",
        _ => "a",
    };
    format!("{article} {name}")
}

/// A value as Puppet quotes it in error messages: strings in single quotes, others in their
/// string form.
pub fn quoted(value: &Value) -> String {
    match value {
        Value::String(s) => format!("'{s}'"),
        Value::Undef => "undef".into(),
        other => format!("'{}'", other.to_puppet_string()),
    }
}

fn unknown_of(ty: &str, why: &str) -> Value {
    Value::unknown(ty, why)
}

/// Converts a value to a number for arithmetic: numbers as they are, numeric strings converted
/// (see [`string_to_number`]); anything else is an error.
pub fn coerce_numeric(v: &Value) -> EvalResult<Num> {
    match v {
        Value::Integer(i) => Ok(Num::Int(*i)),
        Value::Float(f) => Ok(Num::Float(*f)),
        Value::String(s) => string_to_number(s).ok_or_else(|| {
            EvalError::new(format!("The value '{s}' cannot be converted to Numeric."))
        }),
        other => err(format!(
            "The value '{}' cannot be converted to Numeric.",
            other.to_puppet_string()
        )),
    }
}

fn num_value(n: Num) -> Value {
    match n {
        Num::Int(i) => Value::Integer(i),
        Num::Float(f) => Value::Float(f),
    }
}

fn check_int(op: &str, v: i128) -> EvalResult {
    if v < i64::MIN as i128 || v > i64::MAX as i128 {
        let hex = if v < 0 {
            format!("-0x{:x}", -v)
        } else {
            format!("+0x{v:x}")
        };
        return err(format!(
            "A '{op}' expression resulted in a value outside of Puppet Integer {} range, got '{hex}'",
            if v < 0 { "min" } else { "max" }
        ));
    }
    Ok(Value::Integer(v as i64))
}

fn check_float(op: &str, f: f64) -> EvalResult {
    if f.is_infinite() {
        return err(format!("The result of the {op} expression is Infinity"));
    }
    Ok(Value::Float(f))
}

/// Ruby's shift of an integer (a negative count shifts the other way), in 128 bits, with
/// Puppet's range check.
fn shift(op: &str, x: i64, count: i64, left: bool) -> EvalResult {
    let left = if count < 0 { !left } else { left };
    let n = count.unsigned_abs();
    let x = x as i128;
    let v = if left {
        if x == 0 {
            0
        } else if n >= 64 {
            // Certainly out of range: report the exact value where it is small enough to print.
            return if n < 126 {
                check_int(op, x << n)
            } else {
                err(format!(
                    "A '{op}' expression resulted in a value outside of Puppet Integer max range"
                ))
            };
        } else {
            x << n
        }
    } else if n >= 127 {
        if x < 0 { -1 } else { 0 }
    } else {
        x >> n
    };
    check_int(op, v)
}

/// Integer division and remainder as Ruby computes them: rounded toward negative infinity, the
/// remainder with the divisor's sign.
fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn floor_mod(a: i128, b: i128) -> i128 {
    let r = a % b;
    if r != 0 && ((r < 0) != (b < 0)) {
        r + b
    } else {
        r
    }
}

/// Arithmetic on two numbers (`+ - * / % << >>`).
pub fn arithmetic(op: BinaryOp, left: &Value, right: &Value) -> EvalResult {
    let sym = op.as_str();
    if matches!(left, Value::Timestamp(_) | Value::Timespan(_)) {
        return time_arithmetic(op, left, right);
    }
    let l = coerce_numeric(left)?;
    let r = coerce_numeric(right)?;
    match (l, r) {
        (Num::Int(a), Num::Int(b)) => {
            let (a, b) = (a as i128, b as i128);
            match op {
                BinaryOp::Add => check_int(sym, a + b),
                BinaryOp::Sub => check_int(sym, a - b),
                BinaryOp::Mul => check_int(sym, a * b),
                BinaryOp::Div if b == 0 => err("Division by 0"),
                BinaryOp::Div => check_int(sym, floor_div(a, b)),
                BinaryOp::Mod if b == 0 => err("Division by 0"),
                BinaryOp::Mod => check_int(sym, floor_mod(a, b)),
                BinaryOp::Shl => shift(sym, a as i64, b as i64, true),
                BinaryOp::Shr => shift(sym, a as i64, b as i64, false),
                _ => err(format!("Unsupported operator '{sym}'")),
            }
        }
        (l, r) => {
            let lf = matches!(l, Num::Float(_));
            let to_f = |n: Num| match n {
                Num::Int(i) => i as f64,
                Num::Float(f) => f,
            };
            let (a, b) = (to_f(l), to_f(r));
            match op {
                BinaryOp::Add => check_float(sym, a + b),
                BinaryOp::Sub => check_float(sym, a - b),
                BinaryOp::Mul => check_float(sym, a * b),
                BinaryOp::Div => check_float(sym, a / b),
                BinaryOp::Mod if lf => err(format!(
                    "Operator '%' is not applicable to {}.",
                    a_an(&num_value(l))
                )),
                BinaryOp::Mod => err(format!(
                    "Operator '%' is not applicable to {} when right side is {}.",
                    a_an(&num_value(l)),
                    a_an(&num_value(r))
                )),
                BinaryOp::Shl | BinaryOp::Shr => err(format!(
                    "Operator '{sym}' is not applicable to {}.",
                    a_an(&num_value(l))
                )),
                _ => err(format!("Unsupported operator '{sym}'")),
            }
        }
    }
}

/// Arithmetic with a Timestamp or a Timespan on the left, as Puppet's time values define it.
fn time_arithmetic(op: BinaryOp, left: &Value, right: &Value) -> EvalResult {
    let sym = op.as_str();
    let secs = |v: &Value| crate::eval::time::seconds_to_nanos(v);
    let overflow = || EvalError::new(format!("integer overflow in '{sym}'"));
    let kind = |v: &Value| a_an(v).to_string();
    match (op, left, right) {
        (BinaryOp::Add, Value::Timestamp(a), Value::Timespan(b))
        | (BinaryOp::Add, Value::Timespan(b), Value::Timestamp(a)) => {
            a.checked_add(*b).map(Value::Timestamp).ok_or_else(overflow)
        }
        (BinaryOp::Add, Value::Timespan(a), Value::Timespan(b)) => {
            a.checked_add(*b).map(Value::Timespan).ok_or_else(overflow)
        }
        (BinaryOp::Sub, Value::Timestamp(a), Value::Timestamp(b))
        | (BinaryOp::Sub, Value::Timespan(a), Value::Timespan(b)) => {
            a.checked_sub(*b).map(Value::Timespan).ok_or_else(overflow)
        }
        (BinaryOp::Sub, Value::Timestamp(a), Value::Timespan(b)) => {
            a.checked_sub(*b).map(Value::Timestamp).ok_or_else(overflow)
        }
        (BinaryOp::Add | BinaryOp::Sub, Value::Timestamp(a) | Value::Timespan(a), r)
            if r.is_numeric() =>
        {
            let n = secs(r).ok_or_else(overflow)?;
            let v = if op == BinaryOp::Add {
                a.checked_add(n)
            } else {
                a.checked_sub(n)
            }
            .ok_or_else(overflow)?;
            Ok(if matches!(left, Value::Timestamp(_)) {
                Value::Timestamp(v)
            } else {
                Value::Timespan(v)
            })
        }
        (BinaryOp::Mul, Value::Timespan(a), Value::Integer(b)) => {
            a.checked_mul(*b).map(Value::Timespan).ok_or_else(overflow)
        }
        (BinaryOp::Mul, Value::Timespan(a), Value::Float(b)) => {
            let v = *a as f64 * b;
            if v.is_finite() && v.abs() < 9.2e18 {
                Ok(Value::Timespan(v as i64))
            } else {
                Err(overflow())
            }
        }
        (BinaryOp::Div, Value::Timespan(a), Value::Timespan(b)) => {
            Ok(Value::Float(*a as f64 / *b as f64))
        }
        (BinaryOp::Div, Value::Timespan(_), Value::Integer(0)) => err("Division by 0"),
        (BinaryOp::Div, Value::Timespan(a), Value::Integer(b)) => {
            Ok(Value::Timespan(
                floor_div(i128::from(*a), i128::from(*b)) as i64
            ))
        }
        (BinaryOp::Div, Value::Timespan(a), Value::Float(b)) => {
            let v = (*a as f64 / b).floor();
            if v.is_finite() && v.abs() < 9.2e18 {
                Ok(Value::Timespan(v as i64))
            } else {
                err("Division by 0")
            }
        }
        (BinaryOp::Add, l, r) => err(format!(
            "{} cannot be added to {}",
            upcase_first(&kind(r)),
            kind(l)
        )),
        (BinaryOp::Sub, l, r) => err(format!(
            "{} cannot be subtracted from {}",
            upcase_first(&kind(r)),
            kind(l)
        )),
        (_, l, _) => err(format!(
            "Operator '{sym}' is not applicable to {}.",
            kind(l)
        )),
    }
}

fn upcase_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Ruby's `==` (used by collection `-`): numbers by value, strings exactly, collections deep.
pub fn ruby_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Integer(x), Value::Float(y)) | (Value::Float(y), Value::Integer(x)) => {
            *x as f64 == *y
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| ruby_eq(p, q))
        }
        (Value::Hash(x), Value::Hash(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| ruby_eq(v, w)))
        }
        _ => a.strict_eq(b),
    }
}

/// `x + y` where `x` is an Array or a Hash.
pub fn concatenate(left: &Value, right: &Value) -> EvalResult {
    // The result's length is bounded before anything is copied.
    let len = |v: &Value| match v {
        Value::Array(a) => a.len(),
        Value::Hash(h) => h.len(),
        _ => 1,
    };
    let max = crate::eval::budget::MAX_ELEMENTS;
    if len(left).saturating_add(len(right)) > max {
        return Err(crate::eval::budget::too_many_elements(max));
    }
    match left {
        Value::Array(a) => {
            let mut out = a.as_ref().clone();
            match right {
                Value::Array(b) => out.extend(b.iter().cloned()),
                Value::Hash(h) => out.extend(
                    h.iter()
                        .map(|(k, v)| Value::array(vec![k.clone(), v.clone()])),
                ),
                other => out.push(other.clone()),
            }
            Ok(Value::array(out))
        }
        Value::Hash(h) => {
            let mut out = h.as_ref().clone();
            match right {
                Value::Hash(b) => {
                    for (k, v) in b.iter() {
                        out.insert(k.clone(), v.clone());
                    }
                }
                Value::Array(b) => {
                    let all_arrays =
                        !b.is_empty() && b.iter().all(|e| matches!(e, Value::Array(_)));
                    if all_arrays {
                        for e in b.iter() {
                            let pair = e.as_array().unwrap_or(&[]);
                            match pair.len() {
                                1 => out.insert(pair[0].clone(), Value::Undef),
                                2 => out.insert(pair[0].clone(), pair[1].clone()),
                                n => {
                                    return err(format!(
                                        "invalid number of elements ({n} for 1..2)"
                                    ));
                                }
                            }
                        }
                    } else {
                        if b.len() % 2 != 0 {
                            return err("odd number of arguments for Hash");
                        }
                        for kv in b.chunks(2) {
                            out.insert(kv[0].clone(), kv[1].clone());
                        }
                    }
                }
                _ => return err("Can only append Array or Hash to a Hash"),
            }
            Ok(Value::hash(out))
        }
        other => concatenate(&Value::array(vec![other.clone()]), right),
    }
}

/// `x - y` where `x` is an Array or a Hash.
pub fn delete(left: &Value, right: &Value) -> EvalResult {
    match left {
        Value::Array(a) => {
            let remove: Vec<Value> = match right {
                Value::Array(b) => b.as_ref().clone(),
                Value::Hash(h) => h
                    .iter()
                    .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
                    .collect(),
                other => vec![other.clone()],
            };
            // Values that equal only what they strictly equal are looked up in a set (linear
            // time for big arrays); floats and collections (`1 == 1.0`) are compared one by one.
            let simple =
                |v: &Value| !matches!(v, Value::Float(_) | Value::Array(_) | Value::Hash(_));
            let set: Option<crate::eval::value::ValueSet> = remove
                .iter()
                .all(simple)
                .then(|| remove.iter().cloned().collect());
            let removed = |e: &Value| match &set {
                Some(set) if simple(e) => set.contains(e),
                _ => remove.iter().any(|r| ruby_eq(e, r)),
            };
            Ok(Value::array(
                a.iter().filter(|e| !removed(e)).cloned().collect(),
            ))
        }
        Value::Hash(h) => {
            let mut out = h.as_ref().clone();
            match right {
                Value::Array(b) => out.remove_all(b.iter()),
                Value::Hash(b) => out.remove_all(b.keys()),
                other => {
                    out.remove(other);
                }
            }
            Ok(Value::hash(out))
        }
        _ => err("Can only delete from an Array or Hash."),
    }
}

/// The result type of an operator applied to unknown operands.
fn unknown_result(op: BinaryOp, left: &Value, right: &Value) -> Value {
    let why = Value::origin_among(
        [left, right],
        &format!("operator '{}' on an unknown value", op.as_str()),
    );
    match op {
        BinaryOp::Add | BinaryOp::Sub | BinaryOp::Shl if matches!(left, Value::Array(_)) => {
            unknown_of("Array", &why)
        }
        BinaryOp::Add | BinaryOp::Sub if matches!(left, Value::Hash(_)) => unknown_of("Hash", &why),
        BinaryOp::Add
        | BinaryOp::Sub
        | BinaryOp::Mul
        | BinaryOp::Div
        | BinaryOp::Mod
        | BinaryOp::Shl
        | BinaryOp::Shr => unknown_of("Any", &why),
        _ => unknown_of("Boolean", &why),
    }
}

/// A binary operator other than `and`, `or`, `=~`, `!~` and `in` (which need the caller: short
/// circuit, match variables).
pub fn binary(op: BinaryOp, left: &Value, right: &Value) -> EvalResult {
    // Collection operators apply to known collections even when their elements are unknown.
    let collection = matches!(left, Value::Array(_) | Value::Hash(_))
        && matches!(op, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Shl);
    if collection {
        if let Value::Unknown(u) = right {
            // `<<` appends whatever the value is; `+` appends a value that cannot be a
            // collection; otherwise the result depends on the unknown.
            let scalar = crate::types::is_assignable(
                &crate::types::Type::Scalar,
                u.ty.ty(),
                &crate::types::NoAliases,
            );
            let appends = match op {
                BinaryOp::Shl => true,
                BinaryOp::Add => scalar && matches!(left, Value::Array(_)),
                _ => false,
            };
            if !appends {
                return Ok(unknown_result(op, left, right));
            }
        }
        return match op {
            BinaryOp::Add => concatenate(left, right),
            BinaryOp::Sub => delete(left, right),
            _ => match left {
                Value::Array(a) => {
                    if a.len() >= crate::eval::budget::MAX_ELEMENTS {
                        return Err(crate::eval::budget::too_many_elements(
                            crate::eval::budget::MAX_ELEMENTS,
                        ));
                    }
                    let mut out = a.as_ref().clone();
                    out.push(right.clone());
                    Ok(Value::array(out))
                }
                _ => err(format!(
                    "Operator '<<' is not applicable to {}.",
                    a_an(left)
                )),
            },
        };
    }
    if left.contains_unknown() || right.contains_unknown() {
        return Ok(unknown_result(op, left, right));
    }
    match op {
        BinaryOp::Add
        | BinaryOp::Sub
        | BinaryOp::Mul
        | BinaryOp::Div
        | BinaryOp::Mod
        | BinaryOp::Shl
        | BinaryOp::Shr => arithmetic(op, left, right),
        BinaryOp::Eq => Ok(Value::Boolean(equals(left, right))),
        BinaryOp::Ne => Ok(Value::Boolean(!equals(left, right))),
        BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => {
            if let Value::Type(_) = left {
                return compare_types(op, left, right);
            }
            let ord = compare(left, right).map_err(|detail| {
                EvalError::new(format!(
                    "Comparison of: {} {} {}, is not possible. Caused by '{}'.",
                    left.type_name(),
                    op.as_str(),
                    right.type_name(),
                    detail
                ))
            })?;
            Ok(Value::Boolean(match op {
                BinaryOp::Lt => ord == Ordering::Less,
                BinaryOp::Le => ord != Ordering::Greater,
                BinaryOp::Gt => ord == Ordering::Greater,
                _ => ord != Ordering::Less,
            }))
        }
        _ => err(format!(
            "Operator '{}' must be evaluated by the caller",
            op.as_str()
        )),
    }
}

/// Ordering comparison of types is assignability: `A <= B` when an `A` can be given where a
/// `B` is expected, `A < B` when also `A != B`.
fn compare_types(op: BinaryOp, left: &Value, right: &Value) -> EvalResult {
    let (Value::Type(a), Value::Type(b)) = (left, right) else {
        return Ok(Value::Boolean(false));
    };
    let le = super::value_type::type_le(a, b);
    let ge = super::value_type::type_le(b, a);
    let eq = a == b;
    let r = match op {
        BinaryOp::Lt => le.map(|x| x && !eq),
        BinaryOp::Le => le,
        BinaryOp::Gt => ge.map(|x| x && !eq),
        _ => ge,
    };
    Ok(match r {
        Some(b) => Value::Boolean(b),
        None => unknown_of("Boolean", "comparison of types that need the index"),
    })
}

/// Puppet's `==`: strings case-insensitively (ASCII case folding), numbers by value (`1 == 1.0`),
/// arrays and hashes deeply; a string never equals a number.
pub fn equals(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::String(x), Value::String(y)) => x.eq_ignore_ascii_case(y),
        (Value::String(_), _) => false,
        (Value::Integer(x), Value::Integer(y)) => x == y,
        (Value::Integer(x), Value::Float(y)) | (Value::Float(y), Value::Integer(x)) => {
            *x as f64 == *y
        }
        (Value::Float(x), Value::Float(y)) => x == y,
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| equals(p, q))
        }
        (Value::Hash(x), Value::Hash(y)) => {
            // Puppet looks each key of the left up in the right exactly; a missing key is undef.
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| equals(y.get(k).unwrap_or(&Value::Undef), v))
        }
        (Value::Resource(x), Value::Resource(y)) => {
            x.type_name.eq_ignore_ascii_case(&y.type_name) && x.title == y.title
        }
        _ => a.strict_eq(b),
    }
}

/// ASCII case-insensitive ordering of strings (Ruby's `casecmp`).
fn casecmp(a: &str, b: &str) -> Ordering {
    let x = a.bytes().map(|c| c.to_ascii_lowercase());
    let y = b.bytes().map(|c| c.to_ascii_lowercase());
    x.cmp(y)
}

/// Puppet's ordering of two values: strings with strings (case-insensitively), numbers with
/// numbers. Anything else cannot be compared: the error is the reason.
pub fn compare(a: &Value, b: &Value) -> Result<Ordering, String> {
    match (a, b) {
        (Value::String(x), Value::String(y)) => Ok(casecmp(x, y)),
        (Value::String(_), _) => Err("A String is not comparable to a non String".into()),
        (Value::Integer(x), Value::Integer(y)) => Ok(x.cmp(y)),
        (Value::Integer(_) | Value::Float(_), Value::Integer(_) | Value::Float(_)) => {
            let f = |v: &Value| match v {
                Value::Integer(i) => *i as f64,
                Value::Float(f) => *f,
                _ => 0.0,
            };
            f(a).partial_cmp(&f(b))
                .ok_or_else(|| "NaN is not comparable".to_string())
        }
        (Value::Integer(_) | Value::Float(_), _) => {
            Err("A Numeric is not comparable to non Numeric".into())
        }
        (Value::Timestamp(x), Value::Timestamp(y)) | (Value::Timespan(x), Value::Timespan(y)) => {
            Ok(x.cmp(y))
        }
        (Value::Timestamp(x) | Value::Timespan(x), Value::Integer(y)) => {
            Ok(x.div_euclid(crate::eval::time::NS_PER_SEC).cmp(y))
        }
        (Value::Timestamp(x) | Value::Timespan(x), Value::Float(y)) => (*x as f64 / 1e9)
            .partial_cmp(y)
            .ok_or_else(|| "NaN is not comparable".to_string()),
        _ => {
            Err("Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable".into())
        }
    }
}

/// The outcome of an operation that may set the match variables.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchOutcome {
    /// `true`/`false`, or an unknown Boolean.
    pub value: Value,
    /// `Some` when a regular expression matched: the new `$0..$n`.
    pub captures: Option<Captures>,
}

impl MatchOutcome {
    fn plain(b: bool) -> Self {
        MatchOutcome {
            value: Value::Boolean(b),
            captures: None,
        }
    }

    /// An unknown outcome that keeps the origin of the unknown among `values`.
    fn unknown(values: [&Value; 2], why: &str) -> Self {
        MatchOutcome {
            value: unknown_of("Boolean", &Value::origin_among(values, why)),
            captures: None,
        }
    }
}

fn regex_error(e: String) -> EvalError {
    EvalError::new(format!(
        "Can not convert right match operand to a regular expression. Caused by '{e}'."
    ))
}

/// `left =~ right` (and `!~` with `negate`): `right` a regexp, a string taken as a regexp, or a
/// type (an instance check). The left of a regexp match must be a string.
pub fn match_op(
    regexes: &RegexCache,
    left: &Value,
    right: &Value,
    negate: bool,
) -> EvalResult<MatchOutcome> {
    if left.contains_unknown() || right.contains_unknown() {
        return Ok(MatchOutcome::unknown(
            [left, right],
            "match on an unknown value",
        ));
    }
    let flip = |b: bool| if negate { !b } else { b };
    if let Value::Type(t) = right {
        return Ok(match instance_of(regexes, left, t) {
            Some(b) => MatchOutcome::plain(flip(b)),
            None => {
                MatchOutcome::unknown([&Value::Undef, &Value::Undef], "instance check of a type")
            }
        });
    }
    let src: &str = match right {
        Value::Regexp(r) => r,
        Value::String(s) => s,
        other => {
            return Err(regex_error(format!(
                "no implicit conversion of {} into String",
                other.type_name()
            )));
        }
    };
    regex::compile(regexes, src).map_err(regex_error)?;
    let Value::String(text) = left else {
        return err(format!(
            "Left match operand must result in a String value. Got {}.",
            a_an(left)
        ));
    };
    let caps = regex::captures(regexes, src, text)
        .map_err(|f| regex::failure_error(src, f, regex_error))?;
    let matched = caps.is_some();
    Ok(MatchOutcome {
        value: Value::Boolean(flip(matched)),
        captures: caps,
    })
}

/// Matching of a case option or selector entry: a regexp matches strings (setting the match
/// variables), a type matches its instances, `default` matches anything, arrays and hashes match
/// element-wise, anything else by `==`.
pub fn case_match(
    regexes: &RegexCache,
    value: &Value,
    pattern: &Value,
) -> EvalResult<MatchOutcome> {
    if value.contains_unknown() || pattern.contains_unknown() {
        return Ok(MatchOutcome::unknown(
            [value, pattern],
            "case match on an unknown value",
        ));
    }
    let mut caps = None;
    let b = case_match_inner(regexes, value, pattern, &mut caps)?;
    Ok(match b {
        Some(b) => MatchOutcome {
            value: Value::Boolean(b),
            captures: caps,
        },
        None => MatchOutcome::unknown([&Value::Undef, &Value::Undef], "instance check of a type"),
    })
}

fn case_match_inner(
    regexes: &RegexCache,
    value: &Value,
    pattern: &Value,
    caps: &mut Option<Captures>,
) -> EvalResult<Option<bool>> {
    Ok(match pattern {
        Value::Regexp(r) => {
            let Value::String(s) = value else {
                return Ok(Some(false));
            };
            let c = regex::captures(regexes, r, s)
                .map_err(|f| regex::failure_error(r, f, regex_error))?;
            let m = c.is_some();
            if m {
                *caps = c;
            }
            Some(m)
        }
        Value::Type(t) => instance_of(regexes, value, t),
        Value::Default => Some(true),
        Value::Array(p) => {
            let Value::Array(v) = value else {
                return Ok(Some(false));
            };
            if v.len() != p.len() {
                return Ok(Some(false));
            }
            for (x, y) in v.iter().zip(p.iter()) {
                match case_match_inner(regexes, x, y, caps)? {
                    Some(true) => {}
                    other => return Ok(other),
                }
            }
            Some(true)
        }
        Value::Hash(p) => {
            let Value::Hash(v) = value else {
                return Ok(Some(false));
            };
            for (k, y) in p.iter() {
                let x = v.get(k).unwrap_or(&Value::Undef);
                match case_match_inner(regexes, x, y, caps)? {
                    Some(true) => {}
                    other => return Ok(other),
                }
            }
            Some(true)
        }
        _ => Some(equals(value, pattern)),
    })
}

/// `needle in haystack`.
pub fn in_op(regexes: &RegexCache, needle: &Value, haystack: &Value) -> EvalResult<MatchOutcome> {
    if needle.contains_unknown() || haystack.contains_unknown() {
        return Ok(MatchOutcome::unknown(
            [needle, haystack],
            "'in' on an unknown value",
        ));
    }
    match haystack {
        Value::String(s) => match needle {
            Value::String(n) => Ok(MatchOutcome::plain(
                s.to_lowercase().contains(&n.to_lowercase()),
            )),
            Value::Regexp(r) => {
                let caps = regex::captures(regexes, r, s)
                    .map_err(|f| regex::failure_error(r, f, regex_error))?;
                Ok(MatchOutcome {
                    value: Value::Boolean(caps.is_some()),
                    captures: caps,
                })
            }
            _ => Ok(MatchOutcome::plain(false)),
        },
        Value::Array(items) => in_array(regexes, needle, items),
        Value::Hash(h) => {
            let keys: Vec<Value> = h.keys().cloned().collect();
            in_array(regexes, needle, &keys)
        }
        _ => Ok(MatchOutcome::plain(false)),
    }
}

fn in_array(regexes: &RegexCache, needle: &Value, items: &[Value]) -> EvalResult<MatchOutcome> {
    match needle {
        Value::Regexp(r) => {
            for e in items {
                if let Value::String(s) = e
                    && let Some(c) = regex::captures(regexes, r, s)
                        .map_err(|f| regex::failure_error(r, f, regex_error))?
                {
                    return Ok(MatchOutcome {
                        value: Value::Boolean(true),
                        captures: Some(c),
                    });
                }
            }
            Ok(MatchOutcome::plain(false))
        }
        Value::String(_) => {
            let mut unknown = false;
            for e in items {
                let mut caps = None;
                match case_match_inner(regexes, needle, e, &mut caps)? {
                    Some(true) => {
                        return Ok(MatchOutcome {
                            value: Value::Boolean(true),
                            captures: caps,
                        });
                    }
                    Some(false) => {}
                    None => unknown = true,
                }
            }
            Ok(if unknown {
                MatchOutcome::unknown([&Value::Undef, &Value::Undef], "instance check of a type")
            } else {
                MatchOutcome::plain(false)
            })
        }
        Value::Type(t) => {
            let mut unknown = false;
            for e in items {
                match instance_of(regexes, e, t) {
                    Some(true) => return Ok(MatchOutcome::plain(true)),
                    Some(false) => {}
                    None => unknown = true,
                }
            }
            Ok(if unknown {
                MatchOutcome::unknown([&Value::Undef, &Value::Undef], "instance check of a type")
            } else {
                MatchOutcome::plain(false)
            })
        }
        _ => Ok(MatchOutcome::plain(items.iter().any(|e| equals(e, needle)))),
    }
}

/// Whether `value` is an instance of the type; `None` when it cannot be decided here.
pub fn instance_of(regexes: &RegexCache, value: &Value, ty: &TypeVal) -> Option<bool> {
    super::value_type::instance_of(regexes, value, ty)
}

/// `!value`.
pub fn not(v: &Value) -> Value {
    match v.truthy() {
        Some(b) => Value::Boolean(!b),
        None => unknown_of("Boolean", "negation of an unknown value"),
    }
}

/// Unary minus: numbers and numeric strings.
pub fn negate(v: &Value) -> EvalResult {
    if v.is_unknown() {
        return Ok(unknown_of("Numeric", "negation of an unknown value"));
    }
    match coerce_numeric(v)? {
        Num::Int(i) => check_int("-", -(i as i128)),
        Num::Float(f) => Ok(Value::Float(-f)),
    }
}

/// Builds a hash from key/value pairs (for function implementations).
pub fn hash_of(pairs: Vec<(Value, Value)>) -> Value {
    Value::hash(pairs.into_iter().collect::<Hash>())
}
