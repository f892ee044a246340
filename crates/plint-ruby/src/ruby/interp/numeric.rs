//! The methods of Ruby's Integer (64 bits, growing to arbitrary size as Ruby does) and Float.

use std::rc::Rc;

use num_bigint::BigInt;
use num_integer::Integer as _;
use num_traits::{Signed, ToPrimitive, Zero};

use super::value::*;
use super::{Blk, Interp, R};

/// A number as an arbitrary-size integer or a float.
pub(super) enum Num {
    I(BigInt),
    F(f64),
}

pub(super) fn num(v: &Value) -> Option<Num> {
    match v {
        Value::Int(i) => Some(Num::I(BigInt::from(*i))),
        Value::Big(b) => Some(Num::I((**b).clone())),
        Value::Float(f) => Some(Num::F(*f)),
        _ => None,
    }
}

/// An integer value, small when it fits.
pub(crate) fn int_value(b: BigInt) -> Value {
    match b.to_i64() {
        Some(i) => Value::Int(i),
        None => Value::Big(Rc::new(b)),
    }
}

pub(super) fn to_f(n: &Num) -> f64 {
    match n {
        Num::I(i) => i.to_f64().unwrap_or(f64::INFINITY),
        Num::F(f) => *f,
    }
}

impl Interp<'_> {
    /// The methods of Integer and Float: fast paths on small integers, then the function
    /// [`numeric_methods::METHODS`](super::numeric_methods::METHODS) names; `None` for a name
    /// it lacks.
    pub(crate) fn numeric_method(
        &mut self,
        recv: &Value,
        name: &str,
        args: &[Value],
        blk: Option<&Blk>,
    ) -> R<Option<Value>> {
        let a0 = args.first();
        // Fast paths on small integers.
        if let (Value::Int(a), Some(Value::Int(b))) = (recv, a0) {
            let (a, b) = (*a, *b);
            let r = match name {
                "+" => a.checked_add(b).map(Value::Int),
                "-" => a.checked_sub(b).map(Value::Int),
                "*" => a.checked_mul(b).map(Value::Int),
                "<" => Some(Value::Bool(a < b)),
                ">" => Some(Value::Bool(a > b)),
                "<=" => Some(Value::Bool(a <= b)),
                ">=" => Some(Value::Bool(a >= b)),
                "==" | "===" => Some(Value::Bool(a == b)),
                "<=>" => Some(Value::Int((a > b) as i64 - (a < b) as i64)),
                _ => None,
            };
            if let Some(r) = r {
                return Ok(Some(r));
            }
        }
        let Some(x) = num(recv) else { return Ok(None) };
        let is_int = matches!(x, Num::I(_));
        let Some(method) = super::find_method(super::numeric_methods::METHODS, name) else {
            return Ok(None);
        };
        method(
            self,
            NumCall {
                recv,
                name,
                args,
                blk,
                x,
                is_int,
            },
        )
    }

    pub(super) fn arith(&mut self, op: &str, x: Num, y: Num) -> R<Value> {
        Ok(match (x, y) {
            (Num::I(a), Num::I(b)) => match op {
                "+" => int_value(a + b),
                "-" => int_value(a - b),
                "*" => {
                    if a.bits() + b.bits() > 64 * 1024 {
                        return Err(super::Ctrl::Budget("an integer too large".into()));
                    }
                    int_value(a * b)
                }
                "/" | "div" => {
                    if b.is_zero() {
                        return self.raise("ZeroDivisionError", "divided by 0");
                    }
                    int_value(a.div_floor(&b))
                }
                "%" | "modulo" => {
                    if b.is_zero() {
                        return self.raise("ZeroDivisionError", "divided by 0");
                    }
                    int_value(a.mod_floor(&b))
                }
                "fdiv" => Value::Float(a.to_f64().unwrap_or(0.0) / b.to_f64().unwrap_or(0.0)),
                _ => {
                    if b.is_negative() {
                        return Ok(self.unknown("Integer#** with a negative exponent (Rational)"));
                    }
                    let e = b.to_u32().unwrap_or(u32::MAX);
                    if (a.bits() as u128) * (e as u128) > 64 * 1024 {
                        return Err(super::Ctrl::Budget("an integer too large".into()));
                    }
                    int_value(a.pow(e))
                }
            },
            (x, y) => {
                let (a, b) = (to_f(&x), to_f(&y));
                match op {
                    "+" => Value::Float(a + b),
                    "-" => Value::Float(a - b),
                    "*" => Value::Float(a * b),
                    "/" | "fdiv" => Value::Float(a / b),
                    "div" => {
                        if b == 0.0 {
                            return self.raise("ZeroDivisionError", "divided by 0");
                        }
                        float_to_int((a / b).floor())
                    }
                    "%" | "modulo" => {
                        let r = a % b;
                        Value::Float(if r != 0.0 && (r < 0.0) != (b < 0.0) {
                            r + b
                        } else {
                            r
                        })
                    }
                    _ => Value::Float(a.powf(b)),
                }
            }
        })
    }
}

pub(super) fn round_half_up(f: f64, digits: i32) -> f64 {
    let m = 10f64.powi(digits);
    let x = f * m;
    let r = x.round();
    // Ruby checks whether the decimal text rounds up; use the shortest text to decide ties.
    let text = format!("{}", f);
    if let Some(dot) = text.find('.') {
        let decimals = &text[dot + 1..];
        if decimals.len() as i32 <= digits {
            return f;
        }
    }
    r / m
}

/// `Float#to_i`.
pub(crate) fn float_to_int(f: f64) -> Value {
    let t = f.trunc();
    if t.abs() < 9.0e18 {
        Value::Int(t as i64)
    } else {
        let s = format!("{t:.0}");
        s.parse::<BigInt>().map(int_value).unwrap_or(Value::Int(0))
    }
}

/// `String#to_i(base)`: the leading integer, 0 when none.
pub(crate) fn str_to_i(s: &str, base: u32) -> Value {
    let t = s.trim_start_matches(super::string::is_ruby_space);
    let (neg, t) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let t = match base {
        16 => t
            .strip_prefix("0x")
            .or_else(|| t.strip_prefix("0X"))
            .unwrap_or(t),
        2 => t
            .strip_prefix("0b")
            .or_else(|| t.strip_prefix("0B"))
            .unwrap_or(t),
        8 => t
            .strip_prefix("0o")
            .or_else(|| t.strip_prefix("0"))
            .unwrap_or(t),
        _ => t,
    };
    let mut digits = String::new();
    let mut prev_us = true;
    for c in t.chars() {
        if c == '_' && !prev_us {
            prev_us = true;
            continue;
        }
        if c.is_digit(base) {
            digits.push(c);
            prev_us = false;
        } else {
            break;
        }
    }
    if digits.is_empty() {
        return Value::Int(0);
    }
    let v = BigInt::parse_bytes(digits.as_bytes(), base).unwrap_or_default();
    int_value(if neg { -v } else { v })
}

/// `String#to_f`: the leading float, 0.0 when none.
pub(crate) fn str_to_f(s: &str) -> f64 {
    let t = s.trim_start_matches(super::string::is_ruby_space);
    let b = t.as_bytes();
    let mut i = 0;
    let mut out = String::new();
    if i < b.len() && (b[i] == b'-' || b[i] == b'+') {
        out.push(b[i] as char);
        i += 1;
    }
    let mut seen_digit = false;
    while i < b.len() && (b[i].is_ascii_digit() || (b[i] == b'_' && seen_digit)) {
        if b[i] != b'_' {
            out.push(b[i] as char);
        }
        seen_digit = true;
        i += 1;
    }
    if i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() && seen_digit {
        out.push('.');
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            out.push(b[i] as char);
            i += 1;
        }
    }
    if seen_digit && i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        let mut e = String::from("e");
        if j < b.len() && (b[j] == b'-' || b[j] == b'+') {
            e.push(b[j] as char);
            j += 1;
        }
        if j < b.len() && b[j].is_ascii_digit() {
            while j < b.len() && b[j].is_ascii_digit() {
                e.push(b[j] as char);
                j += 1;
            }
            out.push_str(&e);
        }
    }
    out.parse().unwrap_or(0.0)
}

/// `Integer("...")` of the interpreter: [`crate::ruby_core::number::integer`].
pub(crate) fn parse_integer_strict(s: &str, base: Option<u32>) -> Option<Value> {
    crate::ruby_core::number::integer(s, base).map(int_value)
}

/// `Float("...")`: [`crate::ruby_core::number::float`].
pub(crate) fn parse_float_strict(s: &str) -> Option<f64> {
    crate::ruby_core::number::float(s)
}

/// A call of one of Integer's or Float's methods, as its function in the table receives it.
pub(crate) struct NumCall<'a> {
    /// The Integer or Float.
    pub(crate) recv: &'a Value,
    /// The method's name (one function answers several).
    pub(crate) name: &'a str,
    pub(crate) args: &'a [Value],
    pub(crate) blk: Option<&'a Blk>,
    /// Its number.
    pub(super) x: Num,
    /// Whether it is an Integer.
    pub(crate) is_int: bool,
}

/// The function of one of Integer's or Float's methods; `None` when it does not answer.
pub(crate) type NumMethod = fn(&mut Interp<'_>, NumCall<'_>) -> R<Option<Value>>;
