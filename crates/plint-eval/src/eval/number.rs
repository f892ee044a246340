//! Numbers: Puppet's conversion of strings to numbers, and Ruby's printing of floats.

/// A number converted from a string.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Num {
    Int(i64),
    Float(f64),
}

/// Parses an integer as Ruby's `Integer()` does for the digits Puppet's numeric pattern lets
/// through: `0x1F` hexadecimal, a leading `0` octal, otherwise decimal. `None` when the digits
/// are invalid for the radix (`08`) or the value does not fit in 64 bits.
fn ruby_integer(digits: &str) -> Option<i64> {
    if let Some(hex) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        return i64::from_str_radix(hex, 16).ok();
    }
    if digits.len() > 1 && digits.starts_with('0') {
        return i64::from_str_radix(&digits[1..], 8).ok();
    }
    digits.parse().ok()
}

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// Puppet's conversion of a string to a number (for arithmetic): optional blanks, an optional
/// sign, a decimal, octal or hexadecimal integer or a decimal float (`1.5`, `1e3`, `2.5E-2`),
/// optional blanks. A leading `::` is ignored. `None` when the string is not a number.
pub fn string_to_number(s: &str) -> Option<Num> {
    let s = s.strip_prefix("::").unwrap_or(s);
    let s = s.trim_matches(is_blank);
    let (neg, rest) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let rest = rest.trim_start_matches(is_blank);
    if rest.is_empty() {
        return None;
    }
    let b = rest.as_bytes();
    if b.len() > 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
        if !b[2..].iter().all(u8::is_ascii_hexdigit) {
            return None;
        }
        let v = ruby_integer(rest)?;
        return Some(Num::Int(if neg { v.checked_neg()? } else { v }));
    }
    // Integer part: digits.
    let int_end = b
        .iter()
        .position(|c| !c.is_ascii_digit())
        .unwrap_or(b.len());
    if int_end == 0 {
        return None;
    }
    let int_part = &rest[..int_end];
    let mut i = int_end;
    let mut has_frac = false;
    if i < b.len() && b[i] == b'.' {
        let start = i + 1;
        let end = b[start..]
            .iter()
            .position(|c| !c.is_ascii_digit())
            .map_or(b.len(), |p| start + p);
        if end == start {
            return None;
        }
        i = end;
        has_frac = true;
    }
    let mut has_exp = false;
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut start = i + 1;
        if start < b.len() && b[start] == b'-' {
            start += 1;
        }
        let end = b[start..]
            .iter()
            .position(|c| !c.is_ascii_digit())
            .map_or(b.len(), |p| start + p);
        if end == start {
            return None;
        }
        i = end;
        has_exp = true;
    }
    if i != b.len() {
        return None;
    }
    if has_frac || has_exp {
        // The integer part must be valid for Ruby's Integer() (octal when it has a leading 0).
        let int_val = ruby_integer(int_part)?;
        let frac_exp = &rest[int_end..];
        if int_val == 0
            && frac_exp
                .trim_start_matches('.')
                .trim_start_matches('0')
                .starts_with(['e', 'E'])
        {
            // `0e1`, `0.0e1`: zero raised to a power is not converted.
            return None;
        }
        let v: f64 = rest.parse().ok()?;
        if v.is_infinite() {
            return None;
        }
        return Some(Num::Float(if neg { -v } else { v }));
    }
    let v = ruby_integer(int_part)?;
    Some(Num::Int(if neg { v.checked_neg()? } else { v }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_strings() {
        assert_eq!(string_to_number("0x1F"), Some(Num::Int(31)));
        assert_eq!(string_to_number("017"), Some(Num::Int(15)));
        assert_eq!(string_to_number("08"), None);
        assert_eq!(string_to_number(" 12 "), Some(Num::Int(12)));
        assert_eq!(string_to_number("- 3"), Some(Num::Int(-3)));
        assert_eq!(string_to_number("1e3"), Some(Num::Float(1000.0)));
        assert_eq!(string_to_number(".5"), None);
        assert_eq!(string_to_number("0.0e1"), None);
        assert_eq!(string_to_number("09.5"), None);
        assert_eq!(string_to_number("::3"), Some(Num::Int(3)));
        assert_eq!(string_to_number("abc"), None);
        assert_eq!(string_to_number(""), None);
    }
}
