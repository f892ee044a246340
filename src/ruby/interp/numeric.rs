//! The methods of Ruby's Integer (64 bits, growing to arbitrary size as Ruby does) and Float.

use std::rc::Rc;

use num_bigint::BigInt;
use num_integer::Integer as _;
use num_traits::{Signed, ToPrimitive, Zero};

use super::value::*;
use super::{Blk, Interp, R};

/// A number as an arbitrary-size integer or a float.
enum Num {
    I(BigInt),
    F(f64),
}

fn num(v: &Value) -> Option<Num> {
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

fn to_f(n: &Num) -> f64 {
    match n {
        Num::I(i) => i.to_f64().unwrap_or(f64::INFINITY),
        Num::F(f) => *f,
    }
}

impl Interp<'_> {
    /// The methods of Integer and Float.
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
        let v = match name {
            "+" | "-" | "*" | "/" | "%" | "modulo" | "**" | "pow" | "div" | "fdiv" => {
                let Some(y) = a0.and_then(num) else {
                    let other = a0.cloned().unwrap_or(Value::Nil);
                    if let Value::Unknown(_) = other {
                        return Ok(Some(other));
                    }
                    return self.raise(
                        "TypeError",
                        format!(
                            "{} can't be coerced into {}",
                            super::string::conv_name(&other),
                            recv.class_name()
                        ),
                    );
                };
                self.arith(name, x, y)?
            }
            "<" | ">" | "<=" | ">=" | "<=>" | "==" | "===" | "between?" => {
                if name == "between?" {
                    let lo = self.numeric_method(recv, ">=", &args[..1.min(args.len())], None)?;
                    let hi = self.numeric_method(recv, "<=", &args[1.min(args.len())..], None)?;
                    return Ok(Some(Value::Bool(
                        lo.is_some_and(|v| v.truthy()) && hi.is_some_and(|v| v.truthy()),
                    )));
                }
                let Some(y) = a0.and_then(num) else {
                    if matches!(name, "==" | "===") {
                        return Ok(Some(Value::Bool(false)));
                    }
                    if name == "<=>" {
                        return Ok(Some(Value::Nil));
                    }
                    let other = a0.cloned().unwrap_or(Value::Nil);
                    return self.raise(
                        "ArgumentError",
                        format!(
                            "comparison of {} with {} failed",
                            recv.class_name(),
                            if matches!(other, Value::Nil) {
                                "nil".to_string()
                            } else if let Value::Str(_) = other {
                                "String".to_string()
                            } else {
                                other.inspect()
                            }
                        ),
                    );
                };
                let ord = match (&x, &y) {
                    (Num::I(a), Num::I(b)) => Some(a.cmp(b)),
                    _ => to_f(&x).partial_cmp(&to_f(&y)),
                };
                match (name, ord) {
                    ("<=>", Some(o)) => Value::Int(o as i64),
                    ("<=>", None) => Value::Nil,
                    ("==" | "===", o) => Value::Bool(o == Some(std::cmp::Ordering::Equal)),
                    (_, None) => Value::Bool(false),
                    ("<", Some(o)) => Value::Bool(o.is_lt()),
                    (">", Some(o)) => Value::Bool(o.is_gt()),
                    ("<=", Some(o)) => Value::Bool(o.is_le()),
                    (_, Some(o)) => Value::Bool(o.is_ge()),
                }
            }
            "divmod" => {
                let Some(y) = a0.and_then(num) else {
                    return Ok(Some(self.unknown("Numeric#divmod of a non-number")));
                };
                let y2 = match &y {
                    Num::I(i) => Num::I(i.clone()),
                    Num::F(f) => Num::F(*f),
                };
                let x2 = match &x {
                    Num::I(i) => Num::I(i.clone()),
                    Num::F(f) => Num::F(*f),
                };
                let q = self.arith("div", x, y)?;
                let m = self.arith("%", x2, y2)?;
                Value::array(vec![q, m])
            }
            "-@" => match x {
                Num::I(i) => int_value(-i),
                Num::F(f) => Value::Float(-f),
            },
            "+@" => recv.clone(),
            "abs" | "magnitude" => match x {
                Num::I(i) => int_value(i.abs()),
                Num::F(f) => Value::Float(f.abs()),
            },
            "to_i" | "to_int" | "truncate" if args.is_empty() => match x {
                Num::I(_) => recv.clone(),
                Num::F(f) => {
                    if f.is_nan() || f.is_infinite() {
                        return self.raise("FloatDomainError", crate::ruby_core::float::to_s(f));
                    }
                    float_to_int(f)
                }
            },
            "to_f" => Value::Float(to_f(&x)),
            "to_s" | "inspect" => match &x {
                Num::I(i) => {
                    let base = match a0 {
                        Some(v) => self.int_arg(v)? as u32,
                        None => 10,
                    };
                    if !(2..=36).contains(&base) {
                        return self.raise("ArgumentError", format!("invalid radix {base}"));
                    }
                    Value::str(i.to_str_radix(base))
                }
                Num::F(f) => Value::str(crate::ruby_core::float::to_s(*f)),
            },
            "chr" => match &x {
                Num::I(i) => match i.to_u32().and_then(char::from_u32) {
                    Some(c) if (c as u32) < 256 => Value::str(c.to_string()),
                    _ => return self.raise("RangeError", format!("{i} out of char range")),
                },
                Num::F(_) => return Ok(None),
            },
            "ord" if is_int => recv.clone(),
            "zero?" => Value::Bool(to_f(&x) == 0.0),
            "positive?" => Value::Bool(to_f(&x) > 0.0),
            "negative?" => Value::Bool(to_f(&x) < 0.0),
            "nonzero?" => {
                if to_f(&x) == 0.0 {
                    Value::Nil
                } else {
                    recv.clone()
                }
            }
            "even?" | "odd?" => match &x {
                Num::I(i) => Value::Bool(i.is_even() == (name == "even?")),
                Num::F(_) => return Ok(None),
            },
            "integer?" => Value::Bool(is_int),
            "finite?" => Value::Bool(to_f(&x).is_finite()),
            "infinite?" => {
                let f = to_f(&x);
                if f.is_infinite() {
                    Value::Int(if f > 0.0 { 1 } else { -1 })
                } else {
                    Value::Nil
                }
            }
            "nan?" => Value::Bool(to_f(&x).is_nan()),
            "succ" | "next" if is_int => self.arith("+", x, Num::I(BigInt::from(1)))?,
            "pred" if is_int => self.arith("-", x, Num::I(BigInt::from(1)))?,
            "floor" | "ceil" | "round" | "truncate" => {
                let digits = match a0 {
                    Some(Value::Int(d)) => (*d).clamp(-400, 400),
                    Some(Value::Hash(_)) | None => 0,
                    Some(v) => self.int_arg(v)?,
                };
                let half_even = matches!(a0.or(args.get(1)), Some(Value::Hash(h)) if h.borrow().get(&Value::sym("half")).is_some_and(|v| v.to_s() == "even"));
                match x {
                    Num::I(i) => {
                        if digits >= 0 {
                            recv.clone()
                        } else {
                            let m = BigInt::from(10).pow((-digits) as u32);
                            let (q, r) = i.div_mod_floor(&m);
                            let down = &q * &m;
                            let res = match name {
                                "floor" => down,
                                "ceil" => {
                                    if r.is_zero() {
                                        down
                                    } else {
                                        down + &m
                                    }
                                }
                                "truncate" => {
                                    if i.is_negative() && !r.is_zero() {
                                        down + &m
                                    } else {
                                        down
                                    }
                                }
                                _ => {
                                    let twice = &r * 2;
                                    if twice > m || (twice == m && !i.is_negative()) {
                                        down + &m
                                    } else {
                                        down
                                    }
                                }
                            };
                            int_value(res)
                        }
                    }
                    Num::F(f) => {
                        if digits > 0 {
                            let m = 10f64.powi(digits as i32);
                            let r = match name {
                                "floor" => (f * m).floor() / m,
                                "ceil" => (f * m).ceil() / m,
                                "truncate" => (f * m).trunc() / m,
                                _ => round_half_up(f, digits as i32),
                            };
                            Value::Float(r)
                        } else {
                            if f.is_nan() || f.is_infinite() {
                                return self
                                    .raise("FloatDomainError", crate::ruby_core::float::to_s(f));
                            }
                            let r = match name {
                                "floor" => f.floor(),
                                "ceil" => f.ceil(),
                                "truncate" => f.trunc(),
                                _ => {
                                    if half_even {
                                        let r = f.round();
                                        if (f - f.trunc()).abs() == 0.5 && r % 2.0 != 0.0 {
                                            r - f.signum()
                                        } else {
                                            r
                                        }
                                    } else {
                                        f.round()
                                    }
                                }
                            };
                            if digits < 0 {
                                let m = 10f64.powi((-digits) as i32);
                                float_to_int((r / m).round() * m)
                            } else {
                                float_to_int(r)
                            }
                        }
                    }
                }
            }
            "times" | "upto" | "downto" | "step" => {
                let Num::I(start) = &x else { return Ok(None) };
                let start = start.to_i64().unwrap_or(0);
                let (lo, hi, step): (i64, i64, i64) = match name {
                    "times" => (0, start - 1, 1),
                    "upto" => (start, self.int_arg(a0.unwrap_or(&Value::Nil))?, 1),
                    "downto" => (start, self.int_arg(a0.unwrap_or(&Value::Nil))?, -1),
                    _ => (
                        start,
                        self.int_arg(a0.unwrap_or(&Value::Nil))?,
                        match args.get(1) {
                            Some(v) => self.int_arg(v)?,
                            None => 1,
                        },
                    ),
                };
                if step == 0 {
                    return self.raise("ArgumentError", "step can't be 0");
                }
                let mut items = Vec::new();
                let mut i = lo;
                while (step > 0 && i <= hi) || (step < 0 && i >= hi) {
                    self.step()?;
                    items.push(Value::Int(i));
                    self.check_len_size(items.len())?;
                    i += step;
                }
                match blk {
                    Some(b) => {
                        for it in items {
                            self.call_block(b, vec![it])?;
                        }
                        recv.clone()
                    }
                    None => Value::array(items),
                }
            }
            "digits" => match &x {
                Num::I(i) if !i.is_negative() => Value::array(
                    i.to_string()
                        .bytes()
                        .rev()
                        .map(|b| Value::Int((b - b'0') as i64))
                        .collect(),
                ),
                _ => return self.raise("Math::DomainError", "out of domain"),
            },
            "bit_length" => match &x {
                Num::I(i) => Value::Int(i.bits() as i64),
                _ => return Ok(None),
            },
            "size" if is_int => Value::Int(8),
            "&" | "|" | "^" | "<<" | ">>" => {
                let (Num::I(a), Some(Num::I(b))) = (&x, a0.and_then(num)) else {
                    return Ok(None);
                };
                match name {
                    "&" => int_value(a & b),
                    "|" => int_value(a | b),
                    "^" => int_value(a ^ b),
                    "<<" | ">>" => {
                        let sh = b.to_i64().unwrap_or(0).clamp(-1_000_000, 1_000_000);
                        let sh = if name == ">>" { -sh } else { sh };
                        if sh > 4096 {
                            return Err(super::Ctrl::Budget("an integer too large".into()));
                        }
                        if sh >= 0 {
                            int_value(a << sh as usize)
                        } else {
                            int_value(a >> (-sh) as usize)
                        }
                    }
                    _ => return Ok(None),
                }
            }
            "~" => match x {
                Num::I(a) => int_value(-a - 1),
                _ => return Ok(None),
            },
            "gcd" | "lcm" => match (&x, a0.and_then(num)) {
                (Num::I(a), Some(Num::I(b))) => {
                    int_value(if name == "gcd" { a.gcd(&b) } else { a.lcm(&b) })
                }
                _ => return Ok(None),
            },
            "coerce" => {
                let y = a0.cloned().unwrap_or(Value::Nil);
                Value::array(vec![y, recv.clone()])
            }
            "hash" | "eql?" => return Ok(None),
            "clamp" => {
                let lo = a0.cloned().unwrap_or(Value::Nil);
                let hi = args.get(1).cloned().unwrap_or(Value::Nil);
                let below = self.numeric_method(recv, "<", std::slice::from_ref(&lo), None)?;
                let above = self.numeric_method(recv, ">", std::slice::from_ref(&hi), None)?;
                if below.is_some_and(|v| v.truthy()) {
                    lo
                } else if above.is_some_and(|v| v.truthy()) {
                    hi
                } else {
                    recv.clone()
                }
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    fn arith(&mut self, op: &str, x: Num, y: Num) -> R<Value> {
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

fn round_half_up(f: f64, digits: i32) -> f64 {
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
