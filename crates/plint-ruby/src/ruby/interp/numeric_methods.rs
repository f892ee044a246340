//! The methods of Ruby's Integer and Float, one function each (or each small group), and
//! [`METHODS`], the table [`Interp::numeric_method`] dispatches by after its fast paths on small
//! integers (checked against Ruby's own lists of Integer's and Float's methods,
//! `known_methods::INTEGER` and `known_methods::FLOAT`).

use num_bigint::BigInt;
use num_integer::Integer as _;
use num_traits::{Signed, ToPrimitive, Zero};

use super::numeric::*;
use super::value::*;
use super::{Interp, R};

/// Integer's and Float's methods: each name and the function that answers it.
pub(super) const METHODS: &[(&str, NumMethod)] = &[
    ("+", arithmetic),
    ("-", arithmetic),
    ("*", arithmetic),
    ("/", arithmetic),
    ("%", arithmetic),
    ("modulo", arithmetic),
    ("**", arithmetic),
    ("pow", arithmetic),
    ("div", arithmetic),
    ("fdiv", arithmetic),
    ("<", compare),
    (">", compare),
    ("<=", compare),
    (">=", compare),
    ("<=>", compare),
    ("==", compare),
    ("===", compare),
    ("between?", compare),
    ("divmod", divmod),
    ("-@", uminus),
    ("+@", uplus),
    ("abs", absolute),
    ("magnitude", absolute),
    ("to_i", to_integer),
    ("to_int", to_integer),
    ("truncate", to_integer),
    ("to_f", to_float),
    ("to_s", to_s),
    ("inspect", to_s),
    ("chr", chr),
    ("ord", ord),
    ("zero?", zero_p),
    ("positive?", positive_p),
    ("negative?", negative_p),
    ("nonzero?", nonzero_p),
    ("even?", parity),
    ("odd?", parity),
    ("integer?", integer_p),
    ("finite?", finite_p),
    ("infinite?", infinite_p),
    ("nan?", nan_p),
    ("succ", successor),
    ("next", successor),
    ("pred", pred),
    ("floor", rounding),
    ("ceil", rounding),
    ("round", rounding),
    ("times", iterate),
    ("upto", iterate),
    ("downto", iterate),
    ("step", iterate),
    ("digits", digits),
    ("bit_length", bit_length),
    ("size", size),
    ("&", bitwise),
    ("|", bitwise),
    ("^", bitwise),
    ("<<", bitwise),
    (">>", bitwise),
    ("~", invert),
    ("gcd", gcd_lcm),
    ("lcm", gcd_lcm),
    ("coerce", coerce),
    ("clamp", clamp),
];

/// `Numeric#+`, `Numeric#-`, `Numeric#*`, `Numeric#/`, `Numeric#%`, `Numeric#modulo`, `Numeric#**`, `Numeric#pow`, `Numeric#div`, `Numeric#fdiv`.
fn arithmetic(interp: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall {
        recv,
        name,
        args,
        x,
        ..
    } = c;
    let a0 = args.first();
    let Some(y) = a0.and_then(num) else {
        let other = a0.cloned().unwrap_or(Value::Nil);
        if let Value::Unknown(_) = other {
            return Ok(Some(other));
        }
        return interp.raise(
            "TypeError",
            format!(
                "{} can't be coerced into {}",
                super::string::conv_name(&other),
                recv.class_name()
            ),
        );
    };
    Ok(Some(interp.arith(name, x, y)?))
}

/// `Numeric#<`, `Numeric#>`, `Numeric#<=`, `Numeric#>=`, `Numeric#<=>`, `Numeric#==`, `Numeric#===`, `Numeric#between?`.
fn compare(interp: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall {
        recv,
        name,
        args,
        x,
        ..
    } = c;
    let a0 = args.first();
    if name == "between?" {
        let lo = interp.numeric_method(recv, ">=", &args[..1.min(args.len())], None)?;
        let hi = interp.numeric_method(recv, "<=", &args[1.min(args.len())..], None)?;
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
        return interp.raise(
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
        ("<=>", Some(o)) => Ok(Some(Value::Int(o as i64))),
        ("<=>", None) => Ok(Some(Value::Nil)),
        ("==" | "===", o) => Ok(Some(Value::Bool(o == Some(std::cmp::Ordering::Equal)))),
        (_, None) => Ok(Some(Value::Bool(false))),
        ("<", Some(o)) => Ok(Some(Value::Bool(o.is_lt()))),
        (">", Some(o)) => Ok(Some(Value::Bool(o.is_gt()))),
        ("<=", Some(o)) => Ok(Some(Value::Bool(o.is_le()))),
        (_, Some(o)) => Ok(Some(Value::Bool(o.is_ge()))),
    }
}

/// `Numeric#divmod`.
fn divmod(interp: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { args, x, .. } = c;
    let a0 = args.first();
    let Some(y) = a0.and_then(num) else {
        return Ok(Some(interp.unknown("Numeric#divmod of a non-number")));
    };
    let y2 = match &y {
        Num::I(i) => Num::I(i.clone()),
        Num::F(f) => Num::F(*f),
    };
    let x2 = match &x {
        Num::I(i) => Num::I(i.clone()),
        Num::F(f) => Num::F(*f),
    };
    let q = interp.arith("div", x, y)?;
    let m = interp.arith("%", x2, y2)?;
    Ok(Some(Value::array(vec![q, m])))
}

/// `Numeric#-@`.
fn uminus(_: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { x, .. } = c;
    Ok(Some(match x {
        Num::I(i) => int_value(-i),
        Num::F(f) => Value::Float(-f),
    }))
}

/// `Numeric#+@`.
fn uplus(_: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { recv, .. } = c;
    Ok(Some(recv.clone()))
}

/// `Numeric#abs`, `Numeric#magnitude`.
fn absolute(_: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { x, .. } = c;
    Ok(Some(match x {
        Num::I(i) => int_value(i.abs()),
        Num::F(f) => Value::Float(f.abs()),
    }))
}

/// `Numeric#to_i`, `Numeric#to_int`, `Numeric#truncate`.
fn to_integer(interp: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { recv, x, .. } = c;
    Ok(Some(match x {
        Num::I(_) => recv.clone(),
        Num::F(f) => {
            if f.is_nan() || f.is_infinite() {
                return interp.raise("FloatDomainError", crate::ruby_core::float::to_s(f));
            }
            float_to_int(f)
        }
    }))
}

/// `Numeric#to_f`.
fn to_float(_: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { x, .. } = c;
    Ok(Some(Value::Float(to_f(&x))))
}

/// `Numeric#to_s`, `Numeric#inspect`.
fn to_s(interp: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { args, x, .. } = c;
    let a0 = args.first();
    Ok(Some(match &x {
        Num::I(i) => {
            let base = match a0 {
                Some(v) => interp.int_arg(v)? as u32,
                None => 10,
            };
            if !(2..=36).contains(&base) {
                return interp.raise("ArgumentError", format!("invalid radix {base}"));
            }
            Value::str(i.to_str_radix(base))
        }
        Num::F(f) => Value::str(crate::ruby_core::float::to_s(*f)),
    }))
}

/// `Numeric#chr`.
fn chr(interp: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { x, .. } = c;
    Ok(Some(match &x {
        Num::I(i) => match i.to_u32().and_then(char::from_u32) {
            Some(c) if (c as u32) < 256 => Value::str(c.to_string()),
            _ => return interp.raise("RangeError", format!("{i} out of char range")),
        },
        Num::F(_) => return Ok(None),
    }))
}

/// `Numeric#ord`.
fn ord(_: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { recv, .. } = c;
    Ok(Some(recv.clone()))
}

/// `Numeric#zero?`.
fn zero_p(_: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { x, .. } = c;
    Ok(Some(Value::Bool(to_f(&x) == 0.0)))
}

/// `Numeric#positive?`.
fn positive_p(_: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { x, .. } = c;
    Ok(Some(Value::Bool(to_f(&x) > 0.0)))
}

/// `Numeric#negative?`.
fn negative_p(_: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { x, .. } = c;
    Ok(Some(Value::Bool(to_f(&x) < 0.0)))
}

/// `Numeric#nonzero?`.
fn nonzero_p(_: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { recv, x, .. } = c;
    if to_f(&x) == 0.0 {
        Ok(Some(Value::Nil))
    } else {
        Ok(Some(recv.clone()))
    }
}

/// `Numeric#even?`, `Numeric#odd?`.
fn parity(_: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { name, x, .. } = c;
    Ok(Some(match &x {
        Num::I(i) => Value::Bool(i.is_even() == (name == "even?")),
        Num::F(_) => return Ok(None),
    }))
}

/// `Numeric#integer?`.
fn integer_p(_: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { is_int, .. } = c;
    Ok(Some(Value::Bool(is_int)))
}

/// `Numeric#finite?`.
fn finite_p(_: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { x, .. } = c;
    Ok(Some(Value::Bool(to_f(&x).is_finite())))
}

/// `Numeric#infinite?`.
fn infinite_p(_: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { x, .. } = c;
    let f = to_f(&x);
    if f.is_infinite() {
        Ok(Some(Value::Int(if f > 0.0 { 1 } else { -1 })))
    } else {
        Ok(Some(Value::Nil))
    }
}

/// `Numeric#nan?`.
fn nan_p(_: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { x, .. } = c;
    Ok(Some(Value::Bool(to_f(&x).is_nan())))
}

/// `Numeric#succ`, `Numeric#next`.
fn successor(interp: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { x, .. } = c;
    Ok(Some(interp.arith("+", x, Num::I(BigInt::from(1)))?))
}

/// `Numeric#pred`.
fn pred(interp: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { x, .. } = c;
    Ok(Some(interp.arith("-", x, Num::I(BigInt::from(1)))?))
}

/// `Numeric#floor`, `Numeric#ceil`, `Numeric#round` (`truncate` is `to_i`'s).
fn rounding(interp: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall {
        recv,
        name,
        args,
        x,
        ..
    } = c;
    let a0 = args.first();
    let digits = match a0 {
        Some(Value::Int(d)) => (*d).clamp(-400, 400),
        Some(Value::Hash(_)) | None => 0,
        Some(v) => interp.int_arg(v)?,
    };
    let half_even = matches!(a0.or(args.get(1)), Some(Value::Hash(h)) if h.borrow().get(&Value::sym("half")).is_some_and(|v| v.to_s() == "even"));
    match x {
        Num::I(i) => {
            if digits >= 0 {
                Ok(Some(recv.clone()))
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
                Ok(Some(int_value(res)))
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
                Ok(Some(Value::Float(r)))
            } else {
                if f.is_nan() || f.is_infinite() {
                    return interp.raise("FloatDomainError", crate::ruby_core::float::to_s(f));
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
                    Ok(Some(float_to_int((r / m).round() * m)))
                } else {
                    Ok(Some(float_to_int(r)))
                }
            }
        }
    }
}

/// `Numeric#times`, `Numeric#upto`, `Numeric#downto`, `Numeric#step`.
fn iterate(interp: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall {
        recv,
        name,
        args,
        blk,
        x,
        ..
    } = c;
    let a0 = args.first();
    let Num::I(start) = &x else { return Ok(None) };
    let start = start.to_i64().unwrap_or(0);
    let (lo, hi, step): (i64, i64, i64) = match name {
        "times" => (0, start - 1, 1),
        "upto" => (start, interp.int_arg(a0.unwrap_or(&Value::Nil))?, 1),
        "downto" => (start, interp.int_arg(a0.unwrap_or(&Value::Nil))?, -1),
        _ => (
            start,
            interp.int_arg(a0.unwrap_or(&Value::Nil))?,
            match args.get(1) {
                Some(v) => interp.int_arg(v)?,
                None => 1,
            },
        ),
    };
    if step == 0 {
        return interp.raise("ArgumentError", "step can't be 0");
    }
    let mut items = Vec::new();
    let mut i = lo;
    while (step > 0 && i <= hi) || (step < 0 && i >= hi) {
        interp.step()?;
        items.push(Value::Int(i));
        interp.check_len_size(items.len())?;
        i += step;
    }
    match blk {
        Some(b) => {
            for it in items {
                interp.call_block(b, vec![it])?;
            }
            Ok(Some(recv.clone()))
        }
        None => Ok(Some(Value::array(items))),
    }
}

/// `Numeric#digits`.
fn digits(interp: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { x, .. } = c;
    Ok(Some(match &x {
        Num::I(i) if !i.is_negative() => Value::array(
            i.to_string()
                .bytes()
                .rev()
                .map(|b| Value::Int((b - b'0') as i64))
                .collect(),
        ),
        _ => return interp.raise("Math::DomainError", "out of domain"),
    }))
}

/// `Numeric#bit_length`.
fn bit_length(_: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { x, .. } = c;
    Ok(Some(match &x {
        Num::I(i) => Value::Int(i.bits() as i64),
        _ => return Ok(None),
    }))
}

/// `Numeric#size`.
fn size(_: &mut Interp<'_>, _c: NumCall<'_>) -> R<Option<Value>> {
    Ok(Some(Value::Int(8)))
}

/// `Numeric#&`, `Numeric#|`, `Numeric#^`, `Numeric#<<`, `Numeric#>>`.
fn bitwise(_: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { name, args, x, .. } = c;
    let a0 = args.first();
    let (Num::I(a), Some(Num::I(b))) = (&x, a0.and_then(num)) else {
        return Ok(None);
    };
    match name {
        "&" => Ok(Some(int_value(a & b))),
        "|" => Ok(Some(int_value(a | b))),
        "^" => Ok(Some(int_value(a ^ b))),
        "<<" | ">>" => {
            let sh = b.to_i64().unwrap_or(0).clamp(-1_000_000, 1_000_000);
            let sh = if name == ">>" { -sh } else { sh };
            if sh > 4096 {
                return Err(super::Ctrl::Budget("an integer too large".into()));
            }
            if sh >= 0 {
                Ok(Some(int_value(a << sh as usize)))
            } else {
                Ok(Some(int_value(a >> (-sh) as usize)))
            }
        }
        _ => Ok(None),
    }
}

/// `Numeric#~`.
fn invert(_: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { x, .. } = c;
    Ok(Some(match x {
        Num::I(a) => int_value(-a - 1),
        _ => return Ok(None),
    }))
}

/// `Numeric#gcd`, `Numeric#lcm`.
fn gcd_lcm(_: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { name, args, x, .. } = c;
    let a0 = args.first();
    Ok(Some(match (&x, a0.and_then(num)) {
        (Num::I(a), Some(Num::I(b))) => {
            int_value(if name == "gcd" { a.gcd(&b) } else { a.lcm(&b) })
        }
        _ => return Ok(None),
    }))
}

/// `Numeric#coerce`.
fn coerce(_: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { recv, args, .. } = c;
    let a0 = args.first();
    let y = a0.cloned().unwrap_or(Value::Nil);
    Ok(Some(Value::array(vec![y, recv.clone()])))
}

/// `Numeric#clamp`.
fn clamp(interp: &mut Interp<'_>, c: NumCall<'_>) -> R<Option<Value>> {
    let NumCall { recv, args, .. } = c;
    let a0 = args.first();
    let lo = a0.cloned().unwrap_or(Value::Nil);
    let hi = args.get(1).cloned().unwrap_or(Value::Nil);
    let below = interp.numeric_method(recv, "<", std::slice::from_ref(&lo), None)?;
    let above = interp.numeric_method(recv, ">", std::slice::from_ref(&hi), None)?;
    if below.is_some_and(|v| v.truthy()) {
        Ok(Some(lo))
    } else if above.is_some_and(|v| v.truthy()) {
        Ok(Some(hi))
    } else {
        Ok(Some(recv.clone()))
    }
}
