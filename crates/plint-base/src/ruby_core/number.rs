//! Ruby's strict conversions of text to numbers: `Integer("...")` and `Float("...")`, as
//! `format`'s directives and the interpreter's `Integer()`/`Float()` apply them.

use num_bigint::BigInt;
use num_traits::ToPrimitive;

/// The characters `Integer()` and `Float()` ignore around a number.
pub fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r' | '\0')
}

/// `Integer(s)` (or `Integer(s, base)`): the whole text, blanks around it aside, is one integer
/// with an optional sign, a `0x`, `0b`, `0o` or `0` prefix when no base is given, and single
/// underscores between digits.
pub fn integer(s: &str, base: Option<u32>) -> Option<BigInt> {
    let t = s.trim_matches(is_space);
    let (neg, t) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let lower = t.to_ascii_lowercase();
    let (base, digits) = match base {
        Some(b) => (b, lower.as_str()),
        None => {
            if let Some(r) = lower.strip_prefix("0x") {
                (16, r)
            } else if let Some(r) = lower.strip_prefix("0b") {
                (2, r)
            } else if let Some(r) = lower.strip_prefix("0o") {
                (8, r)
            } else if lower.len() > 1 && lower.starts_with('0') {
                (8, &lower[1..])
            } else {
                (10, lower.as_str())
            }
        }
    };
    if digits.is_empty()
        || digits.starts_with('_')
        || digits.ends_with('_')
        || digits.contains("__")
    {
        return None;
    }
    let clean: String = digits.chars().filter(|c| *c != '_').collect();
    if !clean.chars().all(|c| c.is_digit(base)) {
        return None;
    }
    let v = BigInt::parse_bytes(clean.as_bytes(), base)?;
    Some(if neg { -v } else { v })
}

/// `Float(s)`: the whole text, blanks around it aside, is one decimal number (a leading `0` is
/// not octal) or a hexadecimal integer (`0x1f`).
pub fn float(s: &str) -> Option<f64> {
    let t = s.trim_matches(is_space);
    let unsigned = t.strip_prefix(['-', '+']).unwrap_or(t);
    if unsigned.starts_with("0x") || unsigned.starts_with("0X") {
        return integer(t, None).and_then(|i| i.to_f64());
    }
    if t.is_empty()
        || t.starts_with('_')
        || t.ends_with('_')
        || t.contains("__")
        || t.ends_with('.')
    {
        return None;
    }
    let clean: String = t.chars().filter(|c| *c != '_').collect();
    if clean
        .chars()
        .any(|c| c.is_ascii_alphabetic() && c != 'e' && c != 'E')
    {
        return None;
    }
    clean.parse().ok()
}
