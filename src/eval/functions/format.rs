//! Formatting: Ruby's `sprintf` (Puppet's `sprintf` calls it), Ruby's `to_s` and `inspect`
//! forms of values (what Ruby functions produce when they print a value), JSON and base64.

use super::{Lambda, arg_error};
use crate::eval::error::{EvalError, EvalResult, err};
use crate::eval::number::{Num, string_to_number};
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

struct Spec {
    minus: bool,
    plus: bool,
    space: bool,
    zero: bool,
    alt: bool,
    width: Option<usize>,
    precision: Option<usize>,
}

fn pad(s: String, spec: &Spec, numeric: bool) -> String {
    let Some(w) = spec.width else { return s };
    let len = s.chars().count();
    if len >= w {
        return s;
    }
    let fill = w - len;
    if spec.minus {
        format!("{s}{}", " ".repeat(fill))
    } else if spec.zero && numeric {
        // Zeros go after the sign (and after a 0x prefix).
        let (sign, rest) = match s.chars().next() {
            Some(c @ ('-' | '+' | ' ')) => (c.to_string(), s[1..].to_string()),
            _ => (String::new(), s.clone()),
        };
        let (prefix, rest) =
            if rest.starts_with("0x") || rest.starts_with("0X") || rest.starts_with("0b") {
                (rest[..2].to_string(), rest[2..].to_string())
            } else {
                (String::new(), rest)
            };
        format!("{sign}{prefix}{}{rest}", "0".repeat(fill))
    } else {
        format!("{}{s}", " ".repeat(fill))
    }
}

/// Ruby's `Integer()` of a format argument.
fn to_int(v: &Value) -> EvalResult<i64> {
    match v {
        Value::Integer(i) => Ok(*i),
        Value::Float(f) => {
            let t = f.floor();
            if !t.is_finite() || t < i64::MIN as f64 || t >= i64::MAX as f64 {
                return err(format!(
                    "{} is outside of Puppet's Integer range",
                    crate::ruby_core::float::to_s(*f)
                ));
            }
            Ok(t as i64)
        }
        Value::String(s) => match string_to_number(s) {
            Some(Num::Int(i)) => Ok(i),
            _ => err(format!("invalid value for Integer(): \"{s}\"")),
        },
        Value::Undef => err("can't convert nil into Integer"),
        other => err(format!("can't convert {} into Integer", other.type_name())),
    }
}

fn to_float(v: &Value) -> EvalResult<f64> {
    match v {
        Value::Integer(i) => Ok(*i as f64),
        Value::Float(f) => Ok(*f),
        Value::String(s) => match string_to_number(s) {
            Some(Num::Int(i)) => Ok(i as f64),
            Some(Num::Float(f)) => Ok(f),
            None => err(format!("invalid value for Float(): \"{s}\"")),
        },
        Value::Undef => err("can't convert nil into Float"),
        other => err(format!("can't convert {} into Float", other.type_name())),
    }
}

fn signed(neg: bool, digits: String, spec: &Spec) -> String {
    if neg {
        format!("-{digits}")
    } else if spec.plus {
        format!("+{digits}")
    } else if spec.space {
        format!(" {digits}")
    } else {
        digits
    }
}

/// C's `%e` exponent form with at least two exponent digits.
fn exp_form(f: f64, prec: usize, upper: bool) -> String {
    let s = format!("{:.*e}", prec, f);
    let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    let e_char = if upper { 'E' } else { 'e' };
    format!("{m}{e_char}{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
}

fn g_form(f: f64, prec: usize, upper: bool, alt: bool) -> String {
    let p = if prec == 0 { 1 } else { prec };
    if f == 0.0 {
        return if alt {
            format!("{:.*}", p - 1, 0.0)
        } else {
            "0".into()
        };
    }
    let exp = f.abs().log10().floor() as i32;
    // Decide on the exponent after rounding to p significant digits.
    let rounded = exp_form(f, p - 1, false);
    let exp = rounded
        .split_once('e')
        .and_then(|(_, e)| e.parse::<i32>().ok())
        .unwrap_or(exp);
    let mut s = if exp < -4 || exp >= p as i32 {
        exp_form(f, p - 1, upper)
    } else {
        format!("{:.*}", (p as i32 - 1 - exp).max(0) as usize, f)
    };
    if !alt {
        // Remove trailing zeros of the fraction.
        let (mant, rest) = match s.find(['e', 'E']) {
            Some(i) => (s[..i].to_string(), s[i..].to_string()),
            None => (s.clone(), String::new()),
        };
        let mant = if mant.contains('.') {
            mant.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            mant
        };
        s = format!("{mant}{rest}");
    }
    s
}

fn radix(v: i64, base: u32, upper: bool, spec: &Spec) -> String {
    let neg = v < 0;
    let a = v.unsigned_abs();
    let mut digits = match base {
        16 if upper => format!("{a:X}"),
        16 => format!("{a:x}"),
        8 => format!("{a:o}"),
        _ => format!("{a:b}"),
    };
    if let Some(p) = spec.precision
        && digits.len() < p
    {
        digits = format!("{}{digits}", "0".repeat(p - digits.len()));
    }
    if spec.alt && a != 0 {
        digits = match base {
            16 if upper => format!("0X{digits}"),
            16 => format!("0x{digits}"),
            8 => format!("0{digits}"),
            _ => format!("0b{digits}"),
        };
    }
    signed(neg, digits, spec)
}

fn format_one(conv: char, spec: &Spec, arg: &Value) -> EvalResult<String> {
    Ok(match conv {
        'd' | 'i' | 'u' => {
            let v = to_int(arg)?;
            let mut digits = v.unsigned_abs().to_string();
            if let Some(p) = spec.precision
                && digits.len() < p
            {
                digits = format!("{}{digits}", "0".repeat(p - digits.len()));
            }
            pad(signed(v < 0, digits, spec), spec, true)
        }
        'f' => {
            let f = to_float(arg)?;
            let p = spec.precision.unwrap_or(6);
            let body = if f.is_finite() {
                ruby_fixed(f.abs(), p)
            } else if f.is_nan() {
                "NaN".into()
            } else {
                "Inf".into()
            };
            pad(
                signed(
                    f.is_sign_negative() && f != 0.0 || (f == 0.0 && f.is_sign_negative()),
                    body,
                    spec,
                ),
                spec,
                f.is_finite(),
            )
        }
        'e' | 'E' => {
            let f = to_float(arg)?;
            let body = exp_form(f.abs(), spec.precision.unwrap_or(6), conv == 'E');
            pad(signed(f < 0.0, body, spec), spec, true)
        }
        'g' | 'G' => {
            let f = to_float(arg)?;
            let body = g_form(f.abs(), spec.precision.unwrap_or(6), conv == 'G', spec.alt);
            pad(signed(f < 0.0, body, spec), spec, true)
        }
        'x' | 'X' => pad(radix(to_int(arg)?, 16, conv == 'X', spec), spec, true),
        'o' => pad(radix(to_int(arg)?, 8, false, spec), spec, true),
        'b' | 'B' => pad(radix(to_int(arg)?, 2, false, spec), spec, true),
        'c' => {
            let s = match arg {
                Value::Integer(i) => char::from_u32(*i as u32)
                    .map(String::from)
                    .unwrap_or_default(),
                Value::String(s) => s.chars().next().map(String::from).unwrap_or_default(),
                other => {
                    return err(format!(
                        "%c requires a character, got {}",
                        other.type_name()
                    ));
                }
            };
            pad(s, spec, false)
        }
        's' | 'p' => {
            let mut s = if conv == 's' {
                ruby_to_s(arg)
            } else {
                ruby_inspect(arg)
            };
            if let Some(p) = spec.precision {
                s = s.chars().take(p).collect();
            }
            pad(s, spec, false)
        }
        other => return err(format!("malformed format string - %{other}")),
    })
}

/// Ruby's `format`: flags `-+ 0#`, width and precision (also `*`), conversions
/// `d i u f e E g G x X o b B c s p %`, positional arguments `%2$s`, and named references
/// `%<name>s` / `%{name}` into a hash argument.
pub fn sprintf(fmt: &str, args: &[Value]) -> EvalResult<String> {
    let mut out = String::new();
    let chars: Vec<char> = fmt.chars().collect();
    let mut i = 0;
    let mut next_arg = 0;
    let mut numbered = false;
    let hash = match args {
        [Value::Hash(h)] => Some(h.clone()),
        _ => None,
    };
    // Ruby refuses to mix the three ways of naming an argument: next, numbered, named.
    let mut named_seen = false;
    let named = |name: &str, open: char, next_arg: usize, numbered: bool| -> EvalResult<Value> {
        let close = if open == '<' { '>' } else { '}' };
        if next_arg > 0 {
            return err(format!(
                "named{open}{name}{close} after unnumbered({next_arg})"
            ));
        }
        if numbered {
            return err(format!("named{open}{name}{close} after numbered"));
        }
        let Some(h) = &hash else {
            return err("one hash required");
        };
        h.get_str(name)
            .cloned()
            .ok_or_else(|| EvalError::new(format!("key<{name}> not found")))
    };
    while i < chars.len() {
        let c = chars[i];
        if c != '%' {
            out.push(c);
            i += 1;
            continue;
        }
        i += 1;
        if i >= chars.len() {
            return err("incomplete format specifier; use %% (double %) instead");
        }
        if chars[i] == '%' {
            out.push('%');
            i += 1;
            continue;
        }
        let mut spec = Spec {
            minus: false,
            plus: false,
            space: false,
            zero: false,
            alt: false,
            width: None,
            precision: None,
        };
        let mut named_arg: Option<Value> = None;
        loop {
            match chars.get(i) {
                // `%2$s`: the argument at a position (from 1), not the next one.
                Some('1'..='9') => {
                    let start = i;
                    let mut end = i;
                    while chars.get(end).is_some_and(char::is_ascii_digit) {
                        end += 1;
                    }
                    if chars.get(end) != Some(&'$') {
                        break;
                    }
                    let n: usize = chars[start..end]
                        .iter()
                        .collect::<String>()
                        .parse()
                        .unwrap_or(usize::MAX);
                    if next_arg > 0 {
                        return err(format!("numbered({n}) after unnumbered({next_arg})"));
                    }
                    if named_seen {
                        return err(format!("numbered({n}) after named"));
                    }
                    numbered = true;
                    named_arg = Some(
                        args.get(n - 1)
                            .cloned()
                            .ok_or_else(|| EvalError::new("too few arguments"))?,
                    );
                    i = end;
                }
                Some('-') => spec.minus = true,
                Some('+') => spec.plus = true,
                Some(' ') => spec.space = true,
                Some('0') => spec.zero = true,
                Some('#') => spec.alt = true,
                Some('<') => {
                    let end = chars[i..].iter().position(|&c| c == '>').map(|p| i + p);
                    let Some(end) = end else {
                        return err("malformed name - unmatched parenthesis");
                    };
                    let name: String = chars[i + 1..end].iter().collect();
                    named_arg = Some(named(&name, '<', next_arg, numbered)?);
                    named_seen = true;
                    i = end;
                }
                Some('{') => {
                    let end = chars[i..].iter().position(|&c| c == '}').map(|p| i + p);
                    let Some(end) = end else {
                        return err("malformed name - unmatched parenthesis");
                    };
                    let name: String = chars[i + 1..end].iter().collect();
                    let v = named(&name, '{', next_arg, numbered)?;
                    named_seen = true;
                    let s = ruby_to_s(&v);
                    out.push_str(&pad(s, &spec, false));
                    i = end + 1;
                    named_arg = None;
                    spec.width = Some(usize::MAX);
                    break;
                }
                _ => break,
            }
            i += 1;
        }
        if spec.width == Some(usize::MAX) {
            continue;
        }
        let take_arg = move |next_arg: &mut usize| -> EvalResult<Value> {
            if numbered {
                return err(format!("unnumbered({}) mixed with numbered", *next_arg + 1));
            }
            if named_seen {
                return err(format!("unnumbered({}) mixed with named", *next_arg + 1));
            }
            let v = args
                .get(*next_arg)
                .cloned()
                .ok_or_else(|| EvalError::new("too few arguments"))?;
            *next_arg += 1;
            Ok(v)
        };
        // Width.
        if chars.get(i) == Some(&'*') {
            i += 1;
            let w = match star_position(&chars, &mut i) {
                Some(n) if next_arg > 0 => {
                    return err(format!("numbered({n}) after unnumbered({next_arg})"));
                }
                Some(n) => args
                    .get(n - 1)
                    .cloned()
                    .ok_or_else(|| EvalError::new("too few arguments"))?,
                None => take_arg(&mut next_arg)?,
            };
            let w = to_int(&w)?;
            if w < 0 {
                spec.minus = true;
            }
            spec.width = Some(w.unsigned_abs() as usize);
        } else {
            let start = i;
            while chars.get(i).is_some_and(char::is_ascii_digit) {
                i += 1;
            }
            if i > start {
                // A width too large for a number is as large as can be (and over budget).
                spec.width = Some(
                    chars[start..i]
                        .iter()
                        .collect::<String>()
                        .parse()
                        .unwrap_or(usize::MAX),
                );
            }
        }
        if chars.get(i) == Some(&'.') {
            i += 1;
            if chars.get(i) == Some(&'*') {
                i += 1;
                let p = match star_position(&chars, &mut i) {
                    Some(n) if next_arg > 0 => {
                        return err(format!("numbered({n}) after unnumbered({next_arg})"));
                    }
                    Some(n) => args
                        .get(n - 1)
                        .cloned()
                        .ok_or_else(|| EvalError::new("too few arguments"))?,
                    None => take_arg(&mut next_arg)?,
                };
                spec.precision = Some(to_int(&p)?.max(0) as usize);
            } else {
                let start = i;
                while chars.get(i).is_some_and(char::is_ascii_digit) {
                    i += 1;
                }
                spec.precision = Some(
                    chars[start..i]
                        .iter()
                        .collect::<String>()
                        .parse()
                        .unwrap_or(usize::MAX),
                );
            }
        }
        // A width or precision this large would only exhaust memory: over the string budget,
        // it is refused before anything is built.
        const MAX_WIDTH: usize = crate::eval::budget::MAX_STRING_BYTES;
        if spec.width.is_some_and(|w| w > MAX_WIDTH)
            || spec.precision.is_some_and(|p| p > MAX_WIDTH)
        {
            return Err(crate::eval::budget::string_too_long(MAX_WIDTH));
        }
        if named_arg.is_none() && chars.get(i) == Some(&'<') {
            let end = chars[i..].iter().position(|&c| c == '>').map(|p| i + p);
            let Some(end) = end else {
                return err("malformed name - unmatched parenthesis");
            };
            let name: String = chars[i + 1..end].iter().collect();
            named_arg = Some(named(&name, '<', next_arg, numbered)?);
            named_seen = true;
            i = end + 1;
        }
        let Some(&conv) = chars.get(i) else {
            return err("malformed format string - %");
        };
        i += 1;
        let arg = match named_arg {
            Some(v) => v,
            None => take_arg(&mut next_arg)?,
        };
        let piece = format_one(conv, &spec, &arg)?;
        crate::eval::budget::check_string(out.len().saturating_add(piece.len()), MAX_WIDTH)?;
        out.push_str(&piece);
    }
    Ok(out)
}

/// After `*` in a width or precision: the position `N$` of the argument that gives it
/// (`%1$*2$d`), consumed; `None` (nothing consumed) for the next argument.
fn star_position(chars: &[char], i: &mut usize) -> Option<usize> {
    let mut end = *i;
    while chars.get(end).is_some_and(char::is_ascii_digit) {
        end += 1;
    }
    if end == *i || chars.get(end) != Some(&'$') {
        return None;
    }
    let n = chars[*i..end].iter().collect::<String>().parse().ok()?;
    if n == 0 {
        return None;
    }
    *i = end + 1;
    Some(n)
}

pub(super) fn sprintf_fn(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    if let Some(u) = super::unknown_if_any("sprintf", &args, "String") {
        return Ok(u);
    }
    let Some(Value::String(fmt)) = args.first() else {
        return Err(arg_error("sprintf", "a format String", &args));
    };
    Ok(Value::string(sprintf(fmt, &args[1..])?))
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

/// `%.<p>f` of a finite, non-negative float as Ruby's sprintf writes it: the shortest decimal
/// that reads back as the float, rounded half to even at `p` fraction digits (`2.345` -> `2.34`,
/// `2.675` -> `2.68`, where rounding the exact binary value would give `2.35` and `2.67`).
fn ruby_fixed(f: f64, p: usize) -> String {
    let sci = format!("{f:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i64 = exp.parse().unwrap_or(0);
    let mut digits: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).collect();
    // The value is 0.DIGITS x 10^point.
    let mut point = exp + 1;
    let keep = point + p as i64;
    if keep < 0 {
        digits.clear();
    } else if (keep as usize) < digits.len() {
        let k = keep as usize;
        let next = digits[k];
        let rest_nonzero = digits[k + 1..].iter().any(|&d| d != b'0');
        let prev_odd = k > 0 && (digits[k - 1] - b'0') % 2 == 1;
        digits.truncate(k);
        if next > b'5' || (next == b'5' && (rest_nonzero || prev_odd)) {
            let mut i = k;
            loop {
                if i == 0 {
                    digits.insert(0, b'1');
                    point += 1;
                    break;
                }
                i -= 1;
                if digits[i] == b'9' {
                    digits[i] = b'0';
                } else {
                    digits[i] += 1;
                    break;
                }
            }
        }
    }
    // Integer part and exactly p fraction digits.
    let digit = |i: i64| -> char {
        if i >= 0 && (i as usize) < digits.len() {
            digits[i as usize] as char
        } else {
            '0'
        }
    };
    let mut out = String::new();
    if point <= 0 {
        out.push('0');
    } else {
        for i in 0..point {
            out.push(digit(i));
        }
    }
    if p > 0 {
        out.push('.');
        for i in point..point + p as i64 {
            out.push(digit(i));
        }
    }
    out
}

#[cfg(test)]
mod ruby_fixed_tests {
    use super::ruby_fixed;

    #[test]
    fn rounds_the_shortest_decimal_half_to_even_as_ruby() {
        // Ruby 3: printf("%.2f %.1f %.0f", x, x, x)
        let cases: &[(f64, [&str; 3])] = &[
            (2.345, ["2.34", "2.3", "2"]),
            (2.355, ["2.36", "2.4", "2"]),
            (2.335, ["2.34", "2.3", "2"]),
            (0.125, ["0.12", "0.1", "0"]),
            (0.375, ["0.38", "0.4", "0"]),
            (1.005, ["1.00", "1.0", "1"]),
            (2.675, ["2.68", "2.7", "3"]),
            (0.5, ["0.50", "0.5", "0"]),
            (1.5, ["1.50", "1.5", "2"]),
            (2.5, ["2.50", "2.5", "2"]),
            (1.45, ["1.45", "1.4", "1"]),
            (1.55, ["1.55", "1.6", "2"]),
            (9.995, ["10.00", "10.0", "10"]),
            (0.0, ["0.00", "0.0", "0"]),
            (1234.5678, ["1234.57", "1234.6", "1235"]),
            (0.001, ["0.00", "0.0", "0"]),
            (
                1e20,
                [
                    "100000000000000000000.00",
                    "100000000000000000000.0",
                    "100000000000000000000",
                ],
            ),
        ];
        for (x, want) in cases {
            for (p, w) in [2, 1, 0].iter().zip(want) {
                assert_eq!(ruby_fixed(*x, *p), *w, "{x} %.{p}f");
            }
        }
        assert_eq!(ruby_fixed(3.0, 6), "3.000000");
    }
}
