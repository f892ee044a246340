//! Ruby's `Kernel#format` (`sprintf`, `String#%`), which Puppet's `sprintf()` calls: flags
//! `-+ 0#`, width and precision (also `*` and `*N$`), the directives `d i u x X o b B f e E g
//! G c s p %`, numbered arguments (`%2$s`) and named ones (`%<name>s`, `%{name}`) from a hash,
//! and the errors Ruby raises for a bad format or argument.
//!
//! A caller gives its values through [`Arg`]; the conversions (`Integer()`, `Float()`, `to_s`,
//! `inspect`) follow Ruby's rules here. Floats are written as Ruby's `BSD__dtoa` writes them:
//! rounded half to even from the shortest digits that read back as the float when fewer digits
//! are asked for, and from the float's exact value when as many or more are.

use num_bigint::BigInt;
use num_traits::{FromPrimitive, Signed, ToPrimitive, Zero};

/// A hash's value at a symbol key (`None` for a key it does not have).
pub type HashGet<A> = Box<dyn Fn(&str) -> Option<A>>;

/// An argument as `format` sees it.
pub enum View<A> {
    Nil,
    Bool(bool),
    Int(BigInt),
    Float(f64),
    Str(String),
    /// A hash, with its value at a symbol key (`None` for a key it does not have).
    Hash(HashGet<A>),
    /// Any other object: its class, `to_s` and `inspect`.
    Other {
        class: String,
        to_s: String,
        inspect: String,
    },
}

/// A value `format` can take.
pub trait Arg: Sized {
    fn view(&self) -> View<Self>;
    /// Its `inspect` (`%p`), which the caller writes for collections.
    fn inspect(&self) -> String;
}

/// Why `format` gives no text.
#[derive(Debug, Clone, PartialEq)]
pub enum Error {
    /// Ruby raises `class` with `message`.
    Raise {
        class: &'static str,
        message: String,
    },
    /// The text would pass `max_len` bytes.
    TooLarge,
    /// What plint does not write (a negative number in base 16, 8 or 2, which Ruby writes in
    /// two's complement; `%a`).
    Unsupported(String),
}

fn raise<T>(class: &'static str, message: impl Into<String>) -> Result<T, Error> {
    Err(Error::Raise {
        class,
        message: message.into(),
    })
}

fn arg_error<T>(message: impl Into<String>) -> Result<T, Error> {
    raise("ArgumentError", message)
}

#[derive(Default, Clone)]
struct Spec {
    minus: bool,
    plus: bool,
    space: bool,
    zero: bool,
    alt: bool,
    width: Option<usize>,
    precision: Option<usize>,
}

/// How the directive's argument is named: the next one, by number, or by name.
#[derive(PartialEq, Clone, Copy)]
enum Naming {
    None,
    Next(usize),
    Numbered,
    Named,
}

struct Args<'a, A> {
    args: &'a [A],
    naming: Naming,
}

impl<A: Arg> Args<'_, A> {
    fn next(&mut self) -> Result<&A, Error> {
        let n = match self.naming {
            Naming::None => 0,
            Naming::Next(n) => n,
            Naming::Numbered => return arg_error("unnumbered(1) mixed with numbered"),
            Naming::Named => return arg_error("unnumbered(1) mixed with named"),
        };
        self.naming = Naming::Next(n + 1);
        self.args
            .get(n)
            .map_or_else(|| arg_error("too few arguments"), Ok)
    }

    fn numbered(&mut self, n: usize) -> Result<&A, Error> {
        match self.naming {
            Naming::Next(k) => return arg_error(format!("numbered({n}) after unnumbered({k})")),
            Naming::Named => return arg_error(format!("numbered({n}) after named")),
            _ => {}
        }
        self.naming = Naming::Numbered;
        if n == 0 {
            return arg_error("invalid index - 0$");
        }
        self.args
            .get(n - 1)
            .map_or_else(|| arg_error("too few arguments"), Ok)
    }

    fn named(&mut self, name: &str, open: char) -> Result<A, Error> {
        let close = if open == '<' { '>' } else { '}' };
        match self.naming {
            Naming::Next(k) => {
                return arg_error(format!("named{open}{name}{close} after unnumbered({k})"));
            }
            Naming::Numbered => {
                return arg_error(format!("named{open}{name}{close} after numbered"));
            }
            _ => {}
        }
        self.naming = Naming::Named;
        let [only] = self.args else {
            return arg_error("one hash required");
        };
        let View::Hash(get) = only.view() else {
            return arg_error("one hash required");
        };
        get(name).map_or_else(
            || raise("KeyError", format!("key{open}{name}{close} not found")),
            Ok,
        )
    }
}

/// `format(fmt, *args)`, or why Ruby raises; `max_len` bounds the text.
pub fn sprintf<A: Arg>(fmt: &str, args: &[A], max_len: usize) -> Result<String, Error> {
    let chars: Vec<char> = fmt.chars().collect();
    let mut out = String::new();
    let mut args = Args {
        args,
        naming: Naming::None,
    };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        if c != '%' {
            out.push(c);
            continue;
        }
        let Some(&first) = chars.get(i) else {
            return arg_error("incomplete format specifier; use %% (double %) instead");
        };
        if first == '%' {
            out.push('%');
            i += 1;
            continue;
        }
        let mut spec = Spec::default();
        let mut named: Option<A> = None;
        let mut numbered: Option<usize> = None;
        // Flags, a position, a name, a width, a precision, in Ruby's order.
        loop {
            let Some(&c) = chars.get(i) else {
                return arg_error("incomplete format specifier; use %% (double %) instead");
            };
            match c {
                '-' => spec.minus = true,
                '+' => spec.plus = true,
                ' ' => spec.space = true,
                '0' => spec.zero = true,
                '#' => spec.alt = true,
                '1'..='9' => {
                    let (n, end) = number(&chars, i);
                    if chars.get(end) == Some(&'$') {
                        numbered = Some(n);
                        i = end + 1;
                        continue;
                    }
                    spec.width = Some(n);
                    i = end;
                    break;
                }
                '<' | '{' => {
                    let close = if c == '<' { '>' } else { '}' };
                    let Some(len) = chars[i + 1..].iter().position(|&x| x == close) else {
                        return arg_error("malformed name - unmatched parenthesis");
                    };
                    let name: String = chars[i + 1..i + 1 + len].iter().collect();
                    let v = args.named(&name, c)?;
                    i += len + 2;
                    if c == '{' {
                        let text = to_s(&v);
                        out.push_str(&pad(text, &spec, false));
                        named = None;
                        spec.width = Some(usize::MAX);
                        break;
                    }
                    named = Some(v);
                    continue;
                }
                '*' => {
                    i += 1;
                    let w = match star_position(&chars, &mut i) {
                        Some(n) => integer(args.numbered(n)?)?,
                        None => integer(args.next()?)?,
                    };
                    if w.is_negative() {
                        spec.minus = true;
                    }
                    spec.width = Some(w.abs().to_usize().unwrap_or(usize::MAX));
                    break;
                }
                _ => break,
            }
            i += 1;
        }
        if spec.width == Some(usize::MAX) && named.is_none() && chars.get(i - 1) == Some(&'}') {
            if out.len() > max_len {
                return Err(Error::TooLarge);
            }
            continue;
        }
        if chars.get(i) == Some(&'.') {
            i += 1;
            if chars.get(i) == Some(&'*') {
                i += 1;
                let p = match star_position(&chars, &mut i) {
                    Some(n) => integer(args.numbered(n)?)?,
                    None => integer(args.next()?)?,
                };
                spec.precision = if p.is_negative() {
                    None
                } else {
                    Some(p.to_usize().unwrap_or(usize::MAX))
                };
            } else {
                let (n, end) = number(&chars, i);
                spec.precision = Some(n);
                i = end;
            }
        }
        // `%-10<name>s`: a name after the width.
        if chars.get(i) == Some(&'<') && named.is_none() {
            let Some(len) = chars[i + 1..].iter().position(|&x| x == '>') else {
                return arg_error("malformed name - unmatched parenthesis");
            };
            let name: String = chars[i + 1..i + 1 + len].iter().collect();
            named = Some(args.named(&name, '<')?);
            i += len + 2;
        }
        let Some(&conv) = chars.get(i) else {
            return arg_error("incomplete format specifier; use %% (double %) instead");
        };
        i += 1;
        if spec.width.is_some_and(|w| w > max_len) || spec.precision.is_some_and(|p| p > max_len) {
            return Err(Error::TooLarge);
        }
        if conv == '%' {
            return arg_error("invalid format character - %");
        }
        if !"diuxXobBfeEgGcsp".contains(conv) {
            if conv == 'a' || conv == 'A' {
                return Err(Error::Unsupported(format!("format's %{conv}")));
            }
            return arg_error(format!("malformed format string - %{conv}"));
        }
        let text = {
            let arg = match (&named, numbered) {
                (Some(v), _) => v,
                (None, Some(n)) => args.numbered(n)?,
                (None, None) => args.next()?,
            };
            directive(conv, &spec, arg)?
        };
        out.push_str(&text);
        if out.len() > max_len {
            return Err(Error::TooLarge);
        }
    }
    Ok(out)
}

/// The digits at `i` as a number (as large as can be when too large), and where they end.
fn number(chars: &[char], i: usize) -> (usize, usize) {
    let mut end = i;
    while chars.get(end).is_some_and(char::is_ascii_digit) {
        end += 1;
    }
    let n = chars[i..end]
        .iter()
        .collect::<String>()
        .parse()
        .unwrap_or(usize::MAX);
    (n, end)
}

/// After a `*`: `N$` names the argument.
fn star_position(chars: &[char], i: &mut usize) -> Option<usize> {
    let (n, end) = number(chars, *i);
    if end > *i && chars.get(end) == Some(&'$') {
        *i = end + 1;
        return Some(n);
    }
    None
}

fn class_of<A>(v: &View<A>) -> String {
    match v {
        View::Nil => "nil".into(),
        View::Bool(true) => "true".into(),
        View::Bool(false) => "false".into(),
        View::Int(_) => "Integer".into(),
        View::Float(_) => "Float".into(),
        View::Str(_) => "String".into(),
        View::Hash(_) => "Hash".into(),
        View::Other { class, .. } => class.clone(),
    }
}

fn to_s<A: Arg>(a: &A) -> String {
    match a.view() {
        View::Nil => String::new(),
        View::Bool(b) => b.to_string(),
        View::Int(i) => i.to_string(),
        View::Float(f) => super::float::to_s(f),
        View::Str(s) => s,
        View::Hash(_) => a.inspect(),
        View::Other { to_s, .. } => to_s,
    }
}

/// `Integer()` of an argument.
fn integer<A: Arg>(a: &A) -> Result<BigInt, Error> {
    match a.view() {
        View::Int(i) => Ok(i),
        View::Float(f) if !f.is_finite() => raise("FloatDomainError", super::float::to_s(f)),
        View::Float(f) => Ok(BigInt::from_f64(f.trunc()).unwrap_or_default()),
        View::Str(s) => super::number::integer(&s, None).map_or_else(
            || {
                arg_error(format!(
                    "invalid value for Integer(): {}",
                    super::inspect::inspect(&s)
                ))
            },
            Ok,
        ),
        View::Nil => raise("TypeError", "can't convert nil into Integer"),
        other => raise(
            "TypeError",
            format!("can't convert {} into Integer", class_of(&other)),
        ),
    }
}

/// `Float()` of an argument.
fn float<A: Arg>(a: &A) -> Result<f64, Error> {
    match a.view() {
        View::Int(i) => Ok(i.to_f64().unwrap_or(f64::INFINITY)),
        View::Float(f) => Ok(f),
        View::Str(s) => super::number::float(&s).map_or_else(
            || arg_error(format!("invalid value for Float(): {}", bytes_inspect(&s))),
            Ok,
        ),
        View::Nil => raise("TypeError", "can't convert nil into Float"),
        other => raise(
            "TypeError",
            format!("can't convert {} into Float", class_of(&other)),
        ),
    }
}

/// A string quoted as `Float()`'s message quotes it: its bytes, those past ASCII as `\xHH`.
fn bytes_inspect(s: &str) -> String {
    if s.is_ascii() {
        return super::inspect::inspect(s);
    }
    let ascii: String = s
        .bytes()
        .map(|b| {
            if b.is_ascii() {
                (b as char).to_string()
            } else {
                format!("\u{1}{b:02X}")
            }
        })
        .collect();
    super::inspect::inspect(&ascii).replace("\\u0001", "\\x")
}

fn directive<A: Arg>(conv: char, spec: &Spec, arg: &A) -> Result<String, Error> {
    Ok(match conv {
        'd' | 'i' | 'u' => {
            let v = integer(arg)?;
            let mut digits = v.abs().to_string();
            let mut spec = spec.clone();
            if spec.precision == Some(0) && v.is_zero() {
                digits.clear();
            }
            if let Some(p) = spec.precision {
                spec.zero = false;
                if digits.len() < p {
                    digits = format!("{}{digits}", "0".repeat(p - digits.len()));
                }
            }
            pad(signed(v.is_negative(), digits, &spec), &spec, true)
        }
        'x' | 'X' | 'o' | 'b' | 'B' => {
            let v = integer(arg)?;
            let base = match conv {
                'x' | 'X' => 16,
                'o' => 8,
                _ => 2,
            };
            if v.is_negative() && !spec.plus && !spec.space {
                return Err(Error::Unsupported(
                    "format of a negative number in base 16, 8 or 2".into(),
                ));
            }
            let mut digits = v.abs().to_str_radix(base);
            if conv == 'X' {
                digits = digits.to_uppercase();
            }
            let mut spec = spec.clone();
            if let Some(p) = spec.precision {
                spec.zero = false;
                if digits.len() < p {
                    digits = format!("{}{digits}", "0".repeat(p - digits.len()));
                }
            }
            if spec.alt && !(v.is_zero() && conv != 'o') {
                let prefix = match conv {
                    'x' => "0x",
                    'X' => "0X",
                    'o' if !digits.starts_with('0') => "0",
                    'o' => "",
                    'b' => "0b",
                    _ => "0B",
                };
                digits = format!("{prefix}{digits}");
            }
            pad(signed(v.is_negative(), digits, &spec), &spec, true)
        }
        'f' | 'e' | 'E' | 'g' | 'G' => {
            let f = float(arg)?;
            let neg = f.is_sign_negative() && !f.is_nan();
            if !f.is_finite() {
                let body = if f.is_nan() { "NaN" } else { "Inf" };
                let mut spec = spec.clone();
                spec.zero = false;
                return Ok(pad(signed(neg, body.into(), &spec), &spec, true));
            }
            let p = spec.precision.unwrap_or(6);
            let body = match conv {
                'f' => fixed(f.abs(), p, spec.alt)?,
                'e' | 'E' => exponent(f.abs(), p, conv == 'E', spec.alt)?,
                _ => general(f.abs(), p, conv == 'G', spec.alt)?,
            };
            pad(signed(neg, body, spec), spec, true)
        }
        'c' => {
            let text = match arg.view() {
                View::Int(n) => {
                    let Some(n) = n.to_i64() else {
                        return raise("RangeError", "bignum too big to convert into `long'");
                    };
                    if n > i64::from(i32::MAX) {
                        return raise(
                            "RangeError",
                            format!("integer {n} too big to convert to `int'"),
                        );
                    }
                    if n < i64::from(i32::MIN) {
                        return raise(
                            "RangeError",
                            format!("integer {n} too small to convert to `int'"),
                        );
                    }
                    if n < 0 {
                        return arg_error("invalid character");
                    }
                    match u32::try_from(n).ok().and_then(char::from_u32) {
                        Some(c) => c.to_string(),
                        None => return arg_error("invalid character"),
                    }
                }
                View::Str(s) => {
                    let mut chars = s.chars();
                    match (chars.next(), chars.next()) {
                        (Some(c), None) => c.to_string(),
                        _ => return arg_error("%c requires a character"),
                    }
                }
                View::Nil => {
                    return raise("TypeError", "no implicit conversion from nil to integer");
                }
                other => {
                    return raise(
                        "TypeError",
                        format!(
                            "no implicit conversion of {} into Integer",
                            class_of(&other)
                        ),
                    );
                }
            };
            pad(text, spec, false)
        }
        _ => {
            let mut text = if conv == 's' {
                to_s(arg)
            } else {
                arg.inspect()
            };
            if let Some(p) = spec.precision {
                text = text.chars().take(p).collect();
            }
            pad(text, spec, false)
        }
    })
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
        // Zeros go after the sign and a base prefix.
        let sign_len = usize::from(s.starts_with(['-', '+', ' ']));
        let (sign, rest) = s.split_at(sign_len);
        let prefix_len = if ["0x", "0X", "0b", "0B"].iter().any(|p| rest.starts_with(p)) {
            2
        } else {
            0
        };
        let (prefix, rest) = rest.split_at(prefix_len);
        format!("{sign}{prefix}{}{rest}", "0".repeat(fill))
    } else {
        format!("{}{s}", " ".repeat(fill))
    }
}

/// `k` significant digits of `f` (finite, not negative) and the decimal point's place
/// (`f ≈ 0.DIGITS × 10^point`), as Ruby's `BSD__dtoa` gives them:
/// - as many digits as the shortest that read back as `f`, or more: the exact value's, rounded
///   half to even;
/// - none (`k` = 0): `1` one place up when `f` is over half of it, else nothing;
/// - fewer: the shortest digits rounded, half to even at an exact `5`. Where those digits are
///   within a few units of a tie (`…5000…1`, `…4999…`) Ruby's result depends on its floating
///   point steps: [`Error::Unsupported`].
fn digits(f: f64, k: i64) -> Result<(Vec<u8>, i64), Error> {
    if f == 0.0 {
        return Ok((vec![b'0'; k.max(1) as usize], 1));
    }
    let (shortest, point) = super::float::shortest_digits(f);
    let shortest = shortest.into_bytes();
    let point = i64::from(point);
    if k >= shortest.len() as i64 {
        let sci = format!("{:.*e}", (k - 1) as usize, f);
        let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
        let exp: i64 = exp.parse().unwrap_or(0);
        return Ok((mant.bytes().filter(u8::is_ascii_digit).collect(), exp + 1));
    }
    if k < 0 {
        return Ok((Vec::new(), point));
    }
    if k == 0 {
        let half = i32::try_from(point - 1).unwrap_or(i32::MIN);
        return Ok(
            if super::float::compare_exact(f, 5, half) == std::cmp::Ordering::Greater {
                (vec![b'1'], point + 1)
            } else {
                (Vec::new(), point)
            },
        );
    }
    let k = k as usize;
    let mut out = shortest[..k].to_vec();
    let next = shortest[k];
    let rest = &shortest[k + 1..];
    let rest_nonzero = rest.iter().any(|&d| d != b'0');
    if (next == b'5' && rest_nonzero && rest.starts_with(b"000"))
        || (next == b'4' && rest.starts_with(b"999"))
    {
        return Err(Error::Unsupported(
            "format of a float this near a rounding tie".into(),
        ));
    }
    let prev_odd = (out[k - 1] - b'0') % 2 == 1;
    let mut point = point;
    if next > b'5' || (next == b'5' && (rest_nonzero || prev_odd)) {
        let mut j = k;
        loop {
            if j == 0 {
                out.insert(0, b'1');
                out.pop();
                point += 1;
                break;
            }
            j -= 1;
            if out[j] == b'9' {
                out[j] = b'0';
            } else {
                out[j] += 1;
                break;
            }
        }
    }
    Ok((out, point))
}

/// `%.<p>f`.
fn fixed(f: f64, p: usize, alt: bool) -> Result<String, Error> {
    let point = if f == 0.0 {
        1
    } else {
        i64::from(super::float::shortest_digits(f).1)
    };
    let (ds, point) = digits(f, point + p as i64)?;
    let digit = |i: i64| -> char {
        if i >= 0 && (i as usize) < ds.len() {
            ds[i as usize] as char
        } else {
            '0'
        }
    };
    let mut out = String::new();
    if point <= 0 {
        out.push('0');
    } else {
        (0..point).for_each(|i| out.push(digit(i)));
    }
    if p > 0 || alt {
        out.push('.');
    }
    (point..point + p as i64).for_each(|i| out.push(digit(i)));
    Ok(out)
}

/// `%.<p>e`.
fn exponent(f: f64, p: usize, upper: bool, alt: bool) -> Result<String, Error> {
    let (ds, point) = digits(f, p as i64 + 1)?;
    let exp = if f == 0.0 { 0 } else { point - 1 };
    let mut out = String::new();
    out.push(ds[0] as char);
    if p > 0 || alt {
        out.push('.');
    }
    ds[1..].iter().for_each(|&d| out.push(d as char));
    out.push(if upper { 'E' } else { 'e' });
    out.push(if exp < 0 { '-' } else { '+' });
    out.push_str(&format!("{:02}", exp.abs()));
    Ok(out)
}

/// `%.<p>g`.
fn general(f: f64, p: usize, upper: bool, alt: bool) -> Result<String, Error> {
    let p = p.max(1);
    let (kept, point) = digits(f, p as i64)?;
    let exp = if f == 0.0 { 0 } else { point - 1 };
    // Digits rounded down at an exact tie that end in a zero: Ruby keeps that zero (`%.4g` of
    // 0.13205 is `0.1320`) where the rule it follows is not known here.
    if !alt && f != 0.0 && kept.last() == Some(&b'0') {
        let (shortest, _) = super::float::shortest_digits(f);
        if shortest.len() == p + 1 && shortest.ends_with('5') {
            return Err(Error::Unsupported(
                "%g of a float rounded down at a tie to a zero".into(),
            ));
        }
    }
    let mut out = if exp < -4 || exp >= p as i64 {
        exponent(f, p - 1, upper, alt)?
    } else {
        fixed(f, (p as i64 - 1 - exp).max(0) as usize, alt)?
    };
    if !alt {
        let (mant, rest) = match out.find(['e', 'E']) {
            Some(i) => (out[..i].to_string(), out[i..].to_string()),
            None => (out.clone(), String::new()),
        };
        let mant = if mant.contains('.') {
            mant.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            mant
        };
        out = format!("{mant}{rest}");
    }
    Ok(out)
}
