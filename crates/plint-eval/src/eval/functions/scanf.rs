//! `scanf(data, format)`: Ruby's `String#scanf` (the `scanf` library), which Puppet's function
//! calls.
//!
//! The format is cut into atoms: a directive with the white space before it (`%d`, ` %5s`,
//! `%*[a-z]`, `%%`), or a run of other characters, which must appear literally (white space
//! between atoms is dropped). The atoms read the string from the front one after the other;
//! before each, white space of the string is skipped, except for `%c` written without white
//! space before it and for `%[...]` without `*`. Scanning stops at the first atom that does not
//! match, or when the string is used up; the result holds the values read until then (the
//! `%*` directives and literals give none).
//!
//! Directives: `%d` `%u` (decimal), `%i` (with a `0x` or `0` base prefix), `%x` (hexadecimal),
//! `%o` (octal), `%f` `%e` `%g` `%a` (a Float), `%s` (a word), `%c` (one character, up to N
//! with a width), `%[set]` (a run of the set's characters); a width limits what a directive
//! reads. Upper-case `%D`, `%I`, `%U`, `%O`, `%S`, `%C` are literal text, as in Ruby.

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

/// What an atom reads.
#[derive(Debug, Clone, PartialEq)]
enum Conv {
    Dec,
    Int,
    Hex,
    Oct,
    Float,
    Word,
    /// `%c`, `%Nc`; `spaced` when white space precedes it in the format.
    Chars {
        spaced: bool,
    },
    /// `%[set]` as (ranges, negated).
    Set(Vec<(char, char)>, bool),
    Percent,
    Literal(String),
}

#[derive(Debug)]
struct Atom {
    conv: Conv,
    skip: bool,
    width: Option<usize>,
    /// Whether the string's leading white space is kept for this atom.
    counts_space: bool,
}

/// The named classes `%[[:alpha:]]` can use.
fn named_class(name: &str) -> Option<Vec<(char, char)>> {
    Some(match name {
        "alpha" => vec![('a', 'z'), ('A', 'Z')],
        "digit" => vec![('0', '9')],
        "alnum" => vec![('a', 'z'), ('A', 'Z'), ('0', '9')],
        "upper" => vec![('A', 'Z')],
        "lower" => vec![('a', 'z')],
        "xdigit" => vec![('0', '9'), ('a', 'f'), ('A', 'F')],
        "space" => vec![(' ', ' '), ('\t', '\r')],
        "blank" => vec![(' ', ' '), ('\t', '\t')],
        "word" => vec![('a', 'z'), ('A', 'Z'), ('0', '9'), ('_', '_')],
        "punct" => vec![('!', '/'), (':', '@'), ('[', '`'), ('{', '~')],
        _ => return None,
    })
}

/// A bracket set's body (`a-z_`, `^0-9`) as ranges.
fn set_ranges(body: &[char]) -> (Vec<(char, char)>, bool) {
    let negate = body.first() == Some(&'^');
    let body = if negate { &body[1..] } else { body };
    let mut ranges = Vec::new();
    let mut j = 0;
    while j < body.len() {
        let mut c = body[j];
        if c == '\\' && j + 1 < body.len() {
            j += 1;
            c = body[j];
        }
        if body.get(j + 1) == Some(&'-') && j + 2 < body.len() {
            ranges.push((c, body[j + 2]));
            j += 3;
        } else {
            ranges.push((c, c));
            j += 1;
        }
    }
    (ranges, negate)
}

/// Cuts a format into atoms as Ruby's scanf does.
fn atoms(format: &str) -> Vec<Atom> {
    let f: Vec<char> = format.chars().collect();
    let mut out = Vec::new();
    if f.iter().all(|c| c.is_whitespace()) {
        return out;
    }
    let mut p = 0;
    while p < f.len() {
        // `\s*%` then `%`, or `*? digits* (class | letter)`.
        let mut q = p;
        while q < f.len() && f[q].is_whitespace() {
            q += 1;
        }
        let spaced = q > p;
        if f.get(q) == Some(&'%')
            && let Some((atom, end)) = directive(&f, q, spaced)
        {
            out.push(atom);
            p = end;
            continue;
        }
        if f[p] == '%' || f[p].is_whitespace() {
            p += 1;
            continue;
        }
        let start = p;
        while p < f.len() && f[p] != '%' && !f[p].is_whitespace() {
            p += 1;
        }
        out.push(Atom {
            conv: Conv::Literal(f[start..p].iter().collect()),
            skip: false,
            width: None,
            counts_space: false,
        });
    }
    out
}

/// The directive whose `%` is at `q`; its atom and where it ends.
fn directive(f: &[char], q: usize, spaced: bool) -> Option<(Atom, usize)> {
    let mut j = q + 1;
    if f.get(j) == Some(&'%') {
        let atom = Atom {
            conv: Conv::Percent,
            skip: false,
            width: None,
            counts_space: false,
        };
        return Some((atom, j + 1));
    }
    let skip = f.get(j) == Some(&'*');
    if skip {
        j += 1;
    }
    let mut width: Option<usize> = None;
    while let Some(d) = f.get(j).and_then(|c| c.to_digit(10)) {
        width = Some(
            width
                .unwrap_or(0)
                .saturating_mul(10)
                .saturating_add(d as usize),
        );
        j += 1;
    }
    let c = *f.get(j)?;
    if c == '[' {
        // `[[:name:]]` or `[...]` (up to the first `]`).
        let (conv, end) = if f.get(j + 1) == Some(&'[') && f.get(j + 2) == Some(&':') {
            let close = (j + 3..f.len()).find(|&k| f[k] == ':')?;
            if f.get(close + 1) != Some(&']') || f.get(close + 2) != Some(&']') {
                return None;
            }
            let name: String = f[j + 3..close].iter().collect();
            (Conv::Set(named_class(&name)?, false), close + 3)
        } else {
            let close = (j + 1..f.len()).find(|&k| f[k] == ']')?;
            let (ranges, negate) = set_ranges(&f[j + 1..close]);
            (Conv::Set(ranges, negate), close + 1)
        };
        let atom = Atom {
            conv,
            skip,
            width,
            counts_space: !skip,
        };
        return Some((atom, end));
    }
    let conv = match c {
        'd' | 'u' => Conv::Dec,
        'i' => Conv::Int,
        'x' | 'X' => Conv::Hex,
        'o' => Conv::Oct,
        'f' | 'F' | 'e' | 'E' | 'g' | 'G' | 'a' | 'A' => Conv::Float,
        's' => Conv::Word,
        'c' => Conv::Chars { spaced },
        // Ruby's scanf accepts these letters in a format but reads them as literal text.
        'D' | 'I' | 'U' | 'O' | 'S' | 'C' => Conv::Literal(f[q..=j].iter().collect()),
        _ => return None,
    };
    let counts_space = matches!(conv, Conv::Chars { spaced: false });
    Some((
        Atom {
            conv,
            skip,
            width,
            counts_space,
        },
        j + 1,
    ))
}

/// Scans `data` with `format` as Ruby's `String#scanf` does.
pub fn scan(data: &str, format: &str) -> Vec<Value> {
    let input: Vec<char> = data.chars().collect();
    let mut pos = 0;
    let mut out = Vec::new();
    for atom in atoms(format) {
        if !atom.counts_space {
            while pos < input.len() && input[pos].is_whitespace() {
                pos += 1;
            }
        }
        let Some((len, value)) = read(&atom, &input[pos..]) else {
            break;
        };
        pos += len;
        if let Some(v) = value
            && !atom.skip
        {
            out.push(v);
        }
        if pos >= input.len() {
            break;
        }
    }
    out
}

fn is_oct(c: char) -> bool {
    c.is_digit(8)
}

/// The length of the run of `f` characters at `s[from..]`, at most `max`.
fn run(s: &[char], from: usize, max: usize, f: impl Fn(char) -> bool) -> usize {
    s.get(from..)
        .unwrap_or(&[])
        .iter()
        .take(max)
        .take_while(|c| f(**c))
        .count()
}

fn sign_len(s: &[char]) -> usize {
    usize::from(matches!(s.first(), Some('+' | '-')))
}

/// `0x`/`0X` at `s[at..]`.
fn hex_prefix(s: &[char], at: usize) -> bool {
    s.get(at) == Some(&'0') && matches!(s.get(at + 1), Some('x' | 'X'))
}

/// The length of an optionally signed run of digits (`digit`) at the start of `s`, at most
/// `width` characters long when a width is given.
fn signed_digits(s: &[char], width: Option<usize>, digit: fn(char) -> bool) -> Option<usize> {
    match width {
        None => {
            let sg = sign_len(s);
            let d = run(s, sg, usize::MAX, digit);
            (d > 0).then_some(sg + d)
        }
        Some(n) => {
            if n > 1 && sign_len(s) == 1 {
                let d = run(s, 1, n - 1, digit);
                if d > 0 {
                    return Some(1 + d);
                }
            }
            let d = run(s, 0, n, digit);
            (d > 0).then_some(d)
        }
    }
}

/// Reads one atom at the start of `s`: the characters taken and the value (none for
/// literals).
fn read(atom: &Atom, s: &[char]) -> Option<(usize, Option<Value>)> {
    let text = |n: usize| s[..n].iter().collect::<String>();
    let w = atom.width;
    let len = match &atom.conv {
        Conv::Literal(l) => {
            let l: Vec<char> = l.chars().collect();
            return s.starts_with(&l).then_some((l.len(), None));
        }
        Conv::Percent => {
            let n = run(s, 0, usize::MAX, char::is_whitespace);
            return (s.get(n) == Some(&'%')).then_some((n + 1, None));
        }
        Conv::Dec => signed_digits(s, w, |c| c.is_ascii_digit())?,
        Conv::Int => match w {
            None => {
                let sg = sign_len(s);
                if s.get(sg) == Some(&'0') {
                    let o = run(s, sg + 1, usize::MAX, is_oct);
                    let x = if hex_prefix(s, sg) {
                        run(s, sg + 2, usize::MAX, |c| c.is_ascii_hexdigit())
                    } else {
                        0
                    };
                    if o > 0 {
                        sg + 1 + o
                    } else if x > 0 {
                        sg + 2 + x
                    } else {
                        return None;
                    }
                } else if s.get(sg).is_some_and(|c| ('1'..='9').contains(c)) {
                    sg + 1 + run(s, sg + 1, usize::MAX, |c| c.is_ascii_digit())
                } else {
                    return None;
                }
            }
            Some(n) => width_int(s, n)?,
        },
        Conv::Hex => match w {
            None => {
                let sg = sign_len(s);
                let from = if hex_prefix(s, sg) && run(s, sg + 2, 1, |c| c.is_ascii_hexdigit()) > 0
                {
                    sg + 2
                } else {
                    sg
                };
                let d = run(s, from, usize::MAX, |c| c.is_ascii_hexdigit());
                (d > 0).then_some(from + d)?
            }
            Some(n) => width_hex(s, n)?,
        },
        Conv::Oct => signed_digits(s, w, is_oct)?,
        Conv::Float => {
            let l = float_len(s)?;
            match w {
                None => l,
                Some(n) => {
                    let t = run(s, 0, n, |c| !c.is_whitespace());
                    (t > 0).then_some(t)?
                }
            }
        }
        Conv::Word => {
            let t = run(s, 0, w.unwrap_or(usize::MAX), |c| !c.is_whitespace());
            (t > 0).then_some(t)?
        }
        Conv::Chars { .. } => {
            let t = s.len().min(w.unwrap_or(1));
            (t > 0).then_some(t)?
        }
        Conv::Set(ranges, negate) => {
            let inside = |c: char| ranges.iter().any(|(lo, hi)| *lo <= c && c <= *hi) != *negate;
            let t = run(s, 0, w.unwrap_or(usize::MAX), inside);
            (t > 0).then_some(t)?
        }
    };
    let t = text(len);
    let value = match &atom.conv {
        Conv::Dec => Value::Integer(ruby_int(&t, 10)?),
        Conv::Int => {
            let (neg, body) = split_sign(&t);
            let v = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
                i64::from_str_radix(h, 16).ok()?
            } else if body.len() > 1 && body.starts_with('0') {
                i64::from_str_radix(&body[1..], 8).ok()?
            } else {
                body.parse().ok()?
            };
            Value::Integer(if neg { -v } else { v })
        }
        Conv::Hex => {
            let (neg, body) = split_sign(&t);
            let body = body
                .strip_prefix("0x")
                .or_else(|| body.strip_prefix("0X"))
                .unwrap_or(body);
            let v = i64::from_str_radix(body, 16).ok()?;
            Value::Integer(if neg { -v } else { v })
        }
        Conv::Oct => Value::Integer(ruby_int(&t, 8)?),
        Conv::Float => Value::Float(ruby_to_f(&t)),
        _ => Value::string(t),
    };
    Some((len, Some(value)))
}

fn split_sign(t: &str) -> (bool, &str) {
    match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    }
}

fn ruby_int(t: &str, radix: u32) -> Option<i64> {
    let (neg, body) = split_sign(t);
    let v = i64::from_str_radix(body, radix).ok()?;
    Some(if neg { -v } else { v })
}

/// `%Ni`: Ruby's alternatives, the first that matches.
fn width_int(s: &[char], n: usize) -> Option<usize> {
    let digits = |from: usize, max: usize| run(s, from, max, |c| c.is_ascii_digit());
    let octs = |from: usize, max: usize| run(s, from, max, is_oct);
    let hexs = |from: usize, max: usize| run(s, from, max, |c| c.is_ascii_hexdigit());
    let nonzero = |at: usize| s.get(at).is_some_and(|c| ('1'..='9').contains(c));
    let signed = sign_len(s) == 1;
    if n > 1 && nonzero(0) && digits(1, n - 1) >= 1 {
        return Some(1 + digits(1, n - 1));
    }
    if n > 1 && s.first() == Some(&'0') && octs(1, n - 1) >= 1 {
        return Some(1 + octs(1, n - 1));
    }
    if n > 2 && signed && s.get(1) == Some(&'0') && octs(2, n - 2) >= 1 {
        return Some(2 + octs(2, n - 2));
    }
    if n > 2 && signed && nonzero(1) && digits(2, n - 2) >= 1 {
        return Some(2 + digits(2, n - 2));
    }
    if n > 2 && hex_prefix(s, 0) && hexs(2, n - 2) >= 1 {
        return Some(2 + hexs(2, n - 2));
    }
    if n > 3 && signed && hex_prefix(s, 1) && hexs(3, n - 3) >= 1 {
        return Some(3 + hexs(3, n - 3));
    }
    s.first().is_some_and(char::is_ascii_digit).then_some(1)
}

/// `%Nx`: Ruby's alternatives, the first that matches.
fn width_hex(s: &[char], n: usize) -> Option<usize> {
    let hexs = |from: usize, max: usize| run(s, from, max, |c| c.is_ascii_hexdigit());
    let signed = sign_len(s) == 1;
    if n > 3 && signed && hex_prefix(s, 1) && hexs(3, n - 3) >= 1 {
        return Some(3 + hexs(3, n - 3));
    }
    if n > 2 && hex_prefix(s, 0) && hexs(2, n - 2) >= 1 {
        return Some(2 + hexs(2, n - 2));
    }
    if n > 1 && signed && hexs(1, n - 1) >= 1 {
        return Some(1 + hexs(1, n - 1));
    }
    let h = hexs(0, n);
    (h > 0).then_some(h)
}

/// The length of Ruby scanf's float at the start of `s`: digits not followed by a digit or a
/// dot, or digits with a dot (and an exponent), or a hexadecimal float.
fn float_len(s: &[char]) -> Option<usize> {
    let sg = sign_len(s);
    if hex_prefix(s, sg) {
        let mut p = sg + 2;
        let a = run(s, p, usize::MAX, |c| c.is_ascii_hexdigit());
        p += a;
        let mut frac = 0;
        if s.get(p) == Some(&'.') {
            frac = run(s, p + 1, usize::MAX, |c| c.is_ascii_hexdigit());
            p += 1 + frac;
        }
        if (a > 0 || frac > 0) && matches!(s.get(p), Some('p' | 'P')) {
            let es = p + 1 + sign_len(&s[p + 1..]);
            let e = run(s, es, usize::MAX, |c| c.is_ascii_digit());
            if e > 0 {
                return Some(es + e);
            }
        }
    }
    let d = run(s, sg, usize::MAX, |c| c.is_ascii_digit());
    if d > 0 && !matches!(s.get(sg + d), Some('.')) {
        // `\d+(?![\d.])`
        return Some(sg + d);
    }
    // `\d*\.\d*([eE][-+]?\d+)?`
    if s.get(sg + d) != Some(&'.') {
        return None;
    }
    let mut p = sg + d + 1;
    p += run(s, p, usize::MAX, |c| c.is_ascii_digit());
    if matches!(s.get(p), Some('e' | 'E')) {
        let es = p + 1 + sign_len(s.get(p + 1..).unwrap_or(&[]));
        let e = run(s, es, usize::MAX, |c| c.is_ascii_digit());
        if e > 0 {
            p = es + e;
        }
    }
    Some(p)
}

/// Ruby's `String#to_f` (the longest leading decimal number, else 0.0), with scanf's
/// handling of hexadecimal floats and of `1.e5`.
fn ruby_to_f(t: &str) -> f64 {
    let s: Vec<char> = t.chars().collect();
    let sg = sign_len(&s);
    let neg = s.first() == Some(&'-');
    if hex_prefix(&s, sg) {
        let body: String = s[sg + 2..].iter().collect();
        if let Some((mant, exp)) = body.split_once(['p', 'P'])
            && let Ok(e) = exp.parse::<i32>()
        {
            let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
            let mut v = if int.is_empty() {
                0.0
            } else {
                i64::from_str_radix(int, 16).unwrap_or(0) as f64
            };
            if !frac.is_empty() {
                v += i64::from_str_radix(frac, 16).unwrap_or(0) as f64
                    / 16f64.powi(frac.len() as i32);
            }
            let v = v * 2f64.powi(e);
            return if neg { -v } else { v };
        }
    }
    // The longest prefix `[-+]?(\d+(\.\d+)?|\.\d+)([eE][-+]?\d+)?`, and `1.e5` as `1e5`.
    let d = run(&s, sg, usize::MAX, |c| c.is_ascii_digit());
    let mut end = sg + d;
    let mut text: String = s[..end].iter().collect();
    if s.get(end) == Some(&'.') {
        let f = run(&s, end + 1, usize::MAX, |c| c.is_ascii_digit());
        if f > 0 {
            text.extend(&s[end..end + 1 + f]);
            end += 1 + f;
        } else if d > 0 {
            end += 1;
        }
    }
    if d == 0 && !text.contains('.') {
        return 0.0;
    }
    if matches!(s.get(end), Some('e' | 'E')) {
        let es = end + 1 + sign_len(s.get(end + 1..).unwrap_or(&[]));
        let e = run(&s, es, usize::MAX, |c| c.is_ascii_digit());
        if e > 0 {
            text.push('e');
            text.extend(&s[end + 1..es + e]);
        }
    }
    text.parse().unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::scan;
    use crate::eval::value::Value;

    fn s(v: &str) -> Value {
        Value::string(v)
    }
    fn i(v: i64) -> Value {
        Value::Integer(v)
    }

    /// Results of Ruby's scanf library (Debian's ruby-scanf 1.0.0).
    #[test]
    fn directives() {
        assert_eq!(scan("42", "%i"), vec![i(42)]);
        assert_eq!(scan("123 abc", "%d%s"), vec![i(123), s("abc")]);
        assert_eq!(scan("  -7,0x1f", "%d,%x"), vec![i(-7), i(31)]);
        assert_eq!(scan("0x1f 017 9", "%i %i %i"), vec![i(31), i(15), i(9)]);
        assert_eq!(scan("3.25e2 x", "%f"), vec![Value::Float(325.0)]);
        assert_eq!(scan("1e5", "%f%s"), vec![Value::Float(1.0), s("e5")]);
        assert_eq!(scan("ab", "%c"), vec![s("a")]);
        assert_eq!(scan(" ab", "%c"), vec![s(" ")]);
        assert_eq!(scan(" ab", " %c"), vec![s("a")]);
        assert_eq!(scan("abcdef", "%3c%s"), vec![s("abc"), s("def")]);
        assert_eq!(scan("12345", "%2d%d"), vec![i(12), i(345)]);
        assert_eq!(scan("abc123", "%[a-c]%d"), vec![s("abc"), i(123)]);
        assert_eq!(scan("x: 5", "%*[^:]: %d"), vec![i(5)]);
        assert_eq!(scan("100%", "%d%%"), vec![i(100)]);
        assert_eq!(scan("1 - 2", "%d-%d"), vec![i(1), i(2)]);
        assert_eq!(scan("ab12", "%[[:alpha:]]%d"), vec![s("ab"), i(12)]);
        assert_eq!(scan("-017", "%o"), vec![i(-15)]);
        assert_eq!(scan("0x1fz", "%4i"), vec![i(31)]);
        assert_eq!(scan("5", "%3i"), vec![i(5)]);
        assert_eq!(scan("2.71828", "%4f"), vec![Value::Float(2.71)]);
    }

    #[test]
    fn stops_at_the_first_mismatch() {
        assert_eq!(scan("abc", "%d"), Vec::<Value>::new());
        assert_eq!(scan("0", "%i"), Vec::<Value>::new());
        assert_eq!(scan("1 a 2", "%d %d %d"), vec![i(1)]);
        assert_eq!(scan("1-2", "%d:%d"), vec![i(1)]);
        assert_eq!(scan("", "%s"), Vec::<Value>::new());
        assert_eq!(scan("5", "   "), Vec::<Value>::new());
        assert_eq!(scan("%D5", "%D%d"), vec![i(5)]);
    }
}
