//! `scanf(data, format)`: Ruby's `String#scanf`, which Puppet's function calls. The format's
//! directives read values from the front of the string one after the other; the result holds
//! the values read until the first directive that does not match.
//!
//! Directives: `%d` `%u` (decimal integer), `%i` (integer with a `0x`/`0` base prefix), `%x`
//! (hexadecimal), `%o` (octal), `%f` `%e` `%g` `%a` (float), `%s` (a word), `%c` (characters,
//! one unless a width is given, white space included), `%[set]` (a run of the set's
//! characters), `%%`; `*` after `%` reads without storing, a number gives the maximum width.
//! White space in the format skips any white space; other characters must match exactly.

use super::{BuiltinFn, Lambda, arg_error};
use crate::eval::error::EvalResult;
use crate::eval::value::Value;

pub(super) const FUNCTIONS: &[(&str, BuiltinFn)] = &[("scanf", scanf)];

fn scanf(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult {
    if args.len() != 2 {
        return Err(arg_error("scanf", "2 arguments", &args));
    }
    if args.iter().any(Value::contains_unknown) {
        return Ok(Value::unknown("Any", "scanf() of an unknown value"));
    }
    let (Value::String(data), Value::String(format)) = (&args[0], &args[1]) else {
        return Err(arg_error("scanf", "String data, String format", &args));
    };
    let result = Value::array(scan(data, format));
    match lambda {
        Some(l) => l.call(vec![result]),
        None => Ok(result),
    }
}

enum Conv {
    Dec,
    Int,
    Hex,
    Oct,
    Float,
    Word,
    Chars,
    Set(Vec<(char, char)>, bool),
}

/// Scans `data` with `format` as Ruby's `String#scanf` does.
pub fn scan(data: &str, format: &str) -> Vec<Value> {
    let input: Vec<char> = data.chars().collect();
    let fmt: Vec<char> = format.chars().collect();
    let mut pos = 0;
    let mut i = 0;
    let mut out = Vec::new();
    while i < fmt.len() {
        let c = fmt[i];
        if c.is_whitespace() {
            while i < fmt.len() && fmt[i].is_whitespace() {
                i += 1;
            }
            while pos < input.len() && input[pos].is_whitespace() {
                pos += 1;
            }
            continue;
        }
        if c != '%' || fmt.get(i + 1) == Some(&'%') {
            // A literal character (`%%` is a literal `%`).
            if input.get(pos) != Some(&c) {
                break;
            }
            pos += 1;
            i += if c == '%' { 2 } else { 1 };
            continue;
        }
        // A directive: %[*][width][length modifiers]conversion
        let mut j = i + 1;
        let store = fmt.get(j) != Some(&'*');
        if !store {
            j += 1;
        }
        let mut width: Option<usize> = None;
        while let Some(d) = fmt.get(j).and_then(|c| c.to_digit(10)) {
            width = Some(
                width
                    .unwrap_or(0)
                    .saturating_mul(10)
                    .saturating_add(d as usize),
            );
            j += 1;
        }
        while matches!(fmt.get(j), Some('h' | 'l' | 'L' | 'q')) {
            j += 1;
        }
        let Some(&conv_char) = fmt.get(j) else {
            break;
        };
        j += 1;
        let conv = match conv_char {
            'd' | 'D' | 'u' | 'U' => Conv::Dec,
            'i' | 'I' => Conv::Int,
            'x' | 'X' => Conv::Hex,
            'o' | 'O' => Conv::Oct,
            'f' | 'e' | 'E' | 'g' | 'G' | 'a' | 'A' => Conv::Float,
            's' | 'S' => Conv::Word,
            'c' | 'C' => Conv::Chars,
            '[' => {
                let start = j;
                let negate = fmt.get(j) == Some(&'^');
                if negate {
                    j += 1;
                }
                let mut ranges = Vec::new();
                let mut first = true;
                while j < fmt.len() && (fmt[j] != ']' || first) {
                    first = false;
                    if fmt.get(j + 1) == Some(&'-') && fmt.get(j + 2).is_some_and(|c| *c != ']') {
                        ranges.push((fmt[j], fmt[j + 2]));
                        j += 3;
                    } else {
                        ranges.push((fmt[j], fmt[j]));
                        j += 1;
                    }
                }
                if j >= fmt.len() || j == start {
                    break;
                }
                j += 1;
                Conv::Set(ranges, negate)
            }
            _ => break,
        };
        i = j;
        if !matches!(conv, Conv::Chars | Conv::Set(..)) {
            while pos < input.len() && input[pos].is_whitespace() {
                pos += 1;
            }
        }
        let avail = &input[pos..input
            .len()
            .min(pos.saturating_add(width.unwrap_or(usize::MAX)))];
        let Some((len, value)) = read(&conv, avail, width) else {
            break;
        };
        pos += len;
        if store {
            out.push(value);
        }
    }
    out
}

/// Reads one value at the start of `s`: the number of characters taken and the value.
fn read(conv: &Conv, s: &[char], width: Option<usize>) -> Option<(usize, Value)> {
    let text = |n: usize| s[..n].iter().collect::<String>();
    let sign = usize::from(matches!(s.first(), Some('+' | '-')));
    let run = |from: usize, f: &dyn Fn(char) -> bool| {
        from + s[from.min(s.len())..].iter().take_while(|c| f(**c)).count()
    };
    let int = |digits_from: usize, end: usize, radix: u32| -> Option<(usize, Value)> {
        if end <= digits_from {
            return None;
        }
        let digits: String = s[digits_from..end].iter().collect();
        let v = i64::from_str_radix(&digits, radix).ok()?;
        Some((end, Value::Integer(if s[0] == '-' { -v } else { v })))
    };
    match conv {
        Conv::Dec => int(sign, run(sign, &|c| c.is_ascii_digit()), 10),
        Conv::Oct => int(sign, run(sign, &|c| c.is_digit(8)), 8),
        Conv::Hex => {
            let from = if s.len() > sign + 2
                && s[sign] == '0'
                && matches!(s[sign + 1], 'x' | 'X')
                && s[sign + 2].is_ascii_hexdigit()
            {
                sign + 2
            } else {
                sign
            };
            int(from, run(from, &|c| c.is_ascii_hexdigit()), 16)
        }
        Conv::Int => {
            if s.get(sign) == Some(&'0') {
                if matches!(s.get(sign + 1), Some('x' | 'X'))
                    && s.get(sign + 2).is_some_and(char::is_ascii_hexdigit)
                {
                    int(sign + 2, run(sign + 2, &|c| c.is_ascii_hexdigit()), 16)
                } else {
                    let end = run(sign + 1, &|c| c.is_digit(8));
                    if end == sign + 1 {
                        Some((end, Value::Integer(0)))
                    } else {
                        int(sign + 1, end, 8)
                    }
                }
            } else {
                int(sign, run(sign, &|c| c.is_ascii_digit()), 10)
            }
        }
        Conv::Float => {
            let int_end = run(sign, &|c| c.is_ascii_digit());
            let mut end = int_end;
            if s.get(end) == Some(&'.') {
                let frac_end = run(end + 1, &|c| c.is_ascii_digit());
                if frac_end > end + 1 || int_end > sign {
                    end = frac_end;
                }
            }
            if end == sign || (end == sign + 1 && s[sign] == '.') {
                return None;
            }
            if matches!(s.get(end), Some('e' | 'E')) {
                let esign = end + 1 + usize::from(matches!(s.get(end + 1), Some('+' | '-')));
                let exp_end = run(esign, &|c| c.is_ascii_digit());
                if exp_end > esign {
                    end = exp_end;
                }
            }
            let f: f64 = text(end).parse().ok()?;
            Some((end, Value::Float(f)))
        }
        Conv::Word => {
            let end = run(0, &|c| !c.is_whitespace());
            (end > 0).then(|| (end, Value::string(text(end))))
        }
        Conv::Chars => {
            let n = width.unwrap_or(1);
            (s.len() >= n).then(|| (n, Value::string(text(n))))
        }
        Conv::Set(ranges, negate) => {
            let end = run(0, &|c| {
                ranges.iter().any(|(lo, hi)| *lo <= c && c <= *hi) != *negate
            });
            (end > 0).then(|| (end, Value::string(text(end))))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::scan;
    use crate::eval::value::Value;

    fn s(v: &str) -> Value {
        Value::string(v)
    }

    #[test]
    fn directives() {
        assert_eq!(scan("42", "%i"), vec![Value::Integer(42)]);
        assert_eq!(scan("123 abc", "%d%s"), vec![Value::Integer(123), s("abc")]);
        assert_eq!(
            scan("  -7,0x1f", "%d,%x"),
            vec![Value::Integer(-7), Value::Integer(31)]
        );
        assert_eq!(
            scan("0x1f 017 9", "%i %i %i"),
            vec![Value::Integer(31), Value::Integer(15), Value::Integer(9)]
        );
        assert_eq!(scan("3.25e2 x", "%f"), vec![Value::Float(325.0)]);
        assert_eq!(scan("ab", "%c"), vec![s("a")]);
        assert_eq!(scan("abcdef", "%3c%s"), vec![s("abc"), s("def")]);
        assert_eq!(
            scan("12345", "%2d%d"),
            vec![Value::Integer(12), Value::Integer(345)]
        );
        assert_eq!(
            scan("abc123", "%[a-c]%d"),
            vec![s("abc"), Value::Integer(123)]
        );
        assert_eq!(scan("x: 5", "%*[^:]: %d"), vec![Value::Integer(5)]);
        assert_eq!(scan("100%", "%d%%"), vec![Value::Integer(100)]);
    }

    #[test]
    fn stops_at_the_first_mismatch() {
        assert_eq!(scan("abc", "%d"), Vec::<Value>::new());
        assert_eq!(scan("1 a 2", "%d %d %d"), vec![Value::Integer(1)]);
        assert_eq!(scan("1-2", "%d:%d"), vec![Value::Integer(1)]);
        assert_eq!(scan("", "%s"), Vec::<Value>::new());
    }
}
