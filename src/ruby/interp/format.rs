//! `Kernel#format` / `String#%`: Ruby's directives `%s %d %i %f %e %g %x %o %b %c %p %%`,
//! flags `-+ 0#`, width and precision (also `*`), and `%<name>s` / `%{name}` with a hash.

use super::value::*;
use super::{Interp, R};

impl Interp<'_> {
    pub(crate) fn sprintf(&mut self, fmt: &str, args: &[Value]) -> R<String> {
        let chars: Vec<char> = fmt.chars().collect();
        let mut out = String::new();
        let mut i = 0;
        let mut next_arg = 0usize;
        let hash = match args.first() {
            Some(Value::Hash(h)) => Some(h.clone()),
            _ => None,
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
                return self.raise(
                    "ArgumentError",
                    "incomplete format specifier; use %% (double %) instead",
                );
            }
            if chars[i] == '%' {
                out.push('%');
                i += 1;
                continue;
            }
            let mut minus = false;
            let mut plus = false;
            let mut space = false;
            let mut zero = false;
            let mut alt = false;
            let mut named: Option<Value> = None;
            loop {
                match chars.get(i) {
                    Some('-') => minus = true,
                    Some('+') => plus = true,
                    Some(' ') => space = true,
                    Some('0') => zero = true,
                    Some('#') => alt = true,
                    Some('<') | Some('{') => {
                        let close = if chars[i] == '<' { '>' } else { '}' };
                        let brace = chars[i] == '{';
                        let start = i + 1;
                        let Some(end) = chars[start..].iter().position(|c| *c == close) else {
                            return self
                                .raise("ArgumentError", "malformed name - unmatched parenthesis");
                        };
                        let name: String = chars[start..start + end].iter().collect();
                        i = start + end;
                        let Some(h) = &hash else {
                            return self.raise("ArgumentError", "one hash required");
                        };
                        let v = h.borrow().get(&Value::sym(&name));
                        let Some(v) = v else {
                            return self.raise("KeyError", format!("key<{name}> not found"));
                        };
                        if brace {
                            out.push_str(&self.text(&v)?);
                            named = None;
                            i += 1;
                            break;
                        }
                        named = Some(v);
                    }
                    _ => break,
                }
                i += 1;
            }
            if i > 0 && chars.get(i - 1) == Some(&'}') && named.is_none() {
                continue;
            }
            let mut width: Option<usize> = None;
            if chars.get(i) == Some(&'*') {
                let w = self.int_arg(args.get(next_arg).unwrap_or(&Value::Nil))?;
                next_arg += 1;
                if w < 0 {
                    minus = true;
                }
                width = Some(w.unsigned_abs() as usize);
                i += 1;
            } else {
                let mut w = String::new();
                while let Some(d) = chars.get(i).filter(|c| c.is_ascii_digit()) {
                    w.push(*d);
                    i += 1;
                }
                if !w.is_empty() {
                    width = w.parse().ok();
                }
            }
            let mut prec: Option<usize> = None;
            if chars.get(i) == Some(&'.') {
                i += 1;
                if chars.get(i) == Some(&'*') {
                    let p = self.int_arg(args.get(next_arg).unwrap_or(&Value::Nil))?;
                    next_arg += 1;
                    prec = Some(p.max(0) as usize);
                    i += 1;
                } else {
                    let mut p = String::new();
                    while let Some(d) = chars.get(i).filter(|c| c.is_ascii_digit()) {
                        p.push(*d);
                        i += 1;
                    }
                    prec = Some(p.parse().unwrap_or(0));
                }
            }
            if chars.get(i) == Some(&'<') && named.is_none() {
                // `%-10<name>s`: the name after the width.
                let start = i + 1;
                if let Some(end) = chars[start..].iter().position(|c| *c == '>') {
                    let name: String = chars[start..start + end].iter().collect();
                    i = start + end + 1;
                    if let Some(h) = &hash {
                        named = h.borrow().get(&Value::sym(&name));
                    }
                }
            }
            let Some(&conv) = chars.get(i) else {
                return self.raise("ArgumentError", "malformed format string - %");
            };
            i += 1;
            if width.is_some_and(|w| w > self.budget.max_string) || prec.is_some_and(|p| p > 10_000)
            {
                return Err(super::Ctrl::Budget("a format width too large".into()));
            }
            let arg = match named.take() {
                Some(v) => v,
                None => {
                    let v = args.get(next_arg).cloned();
                    next_arg += 1;
                    match v {
                        Some(v) => v,
                        None => return self.raise("ArgumentError", "too few arguments"),
                    }
                }
            };
            if let Some(o) = self.deep_unknown(&arg) {
                return Err(super::Ctrl::Unknown(o));
            }
            let body = match conv {
                's' | 'p' => {
                    let t = if conv == 'p' {
                        arg.inspect()
                    } else {
                        let v = self.stringify(&arg)?;
                        self.text(&v)?
                    };
                    match prec {
                        Some(p) => t.chars().take(p).collect(),
                        None => t,
                    }
                }
                'd' | 'i' | 'u' => {
                    let n = self.format_int(&arg)?;
                    let (neg, digits) = match n.strip_prefix('-') {
                        Some(d) => (true, d.to_string()),
                        None => (false, n),
                    };
                    let digits = match prec {
                        Some(p) if digits.len() < p => {
                            format!("{}{digits}", "0".repeat(p - digits.len()))
                        }
                        _ => digits,
                    };
                    sign_pad(
                        neg,
                        plus,
                        space,
                        digits,
                        width,
                        zero && prec.is_none() && !minus,
                    )
                }
                'f' | 'e' | 'E' | 'g' | 'G' => {
                    let f = match &arg {
                        Value::Int(x) => *x as f64,
                        Value::Float(x) => *x,
                        Value::Str(s) => match super::numeric::parse_float_strict(&s.borrow().text)
                        {
                            Some(f) => f,
                            None => {
                                return self.raise(
                                    "ArgumentError",
                                    format!("invalid value for Float(): {}", arg.inspect()),
                                );
                            }
                        },
                        Value::Nil => {
                            return self.raise("TypeError", "can't convert nil into Float");
                        }
                        other => {
                            return self.raise(
                                "TypeError",
                                format!("can't convert {} into Float", other.class_name()),
                            );
                        }
                    };
                    let p = prec.unwrap_or(6);
                    if !f.is_finite() {
                        let t = if f.is_nan() { "NaN" } else { "Inf" };
                        sign_pad(f < 0.0, plus, space, t.to_string(), width, false)
                    } else {
                        let t = match conv {
                            'f' => format!("{:.*}", p, f.abs()),
                            'e' | 'E' => {
                                let t = exp_form(f.abs(), p);
                                if conv == 'E' { t.to_uppercase() } else { t }
                            }
                            _ => {
                                let p = if p == 0 { 1 } else { p };
                                let exp = if f == 0.0 {
                                    0
                                } else {
                                    f.abs().log10().floor() as i32
                                };
                                let t = if exp < -4 || exp >= p as i32 {
                                    let t = exp_form(f.abs(), p - 1);
                                    if alt { t } else { strip_zeros_exp(&t) }
                                } else {
                                    let decimals = (p as i32 - 1 - exp).max(0) as usize;
                                    let t = format!("{:.*}", decimals, f.abs());
                                    if alt || !t.contains('.') {
                                        t
                                    } else {
                                        t.trim_end_matches('0').trim_end_matches('.').to_string()
                                    }
                                };
                                if conv == 'G' { t.to_uppercase() } else { t }
                            }
                        };
                        sign_pad(
                            f.is_sign_negative() && f != 0.0,
                            plus,
                            space,
                            t,
                            width,
                            zero && !minus,
                        )
                    }
                }
                'x' | 'X' | 'o' | 'b' | 'B' => {
                    let n = self.format_int(&arg)?;
                    let big: num_bigint::BigInt = n.parse().unwrap_or_default();
                    let radix = match conv {
                        'x' | 'X' => 16,
                        'o' => 8,
                        _ => 2,
                    };
                    let neg = big < num_bigint::BigInt::from(0);
                    let mag = if neg { -big } else { big };
                    let mut digits = mag.to_str_radix(radix);
                    if conv == 'X' {
                        digits = digits.to_uppercase();
                    }
                    if let Some(p) = prec
                        && digits.len() < p
                    {
                        digits = format!("{}{digits}", "0".repeat(p - digits.len()));
                    }
                    let prefix = if alt {
                        match conv {
                            'x' => "0x",
                            'X' => "0X",
                            'o' => "0",
                            'b' => "0b",
                            _ => "0B",
                        }
                    } else {
                        ""
                    };
                    if neg && !plus && !space {
                        // Ruby writes negative numbers in two's complement ("..f") here: rare.
                        return Err(super::Ctrl::Unknown(
                            self.origin("format of a negative number in base"),
                        ));
                    }
                    let digits = format!("{prefix}{digits}");
                    sign_pad(neg, plus, space, digits, width, zero && !minus)
                }
                'c' => match &arg {
                    Value::Int(n) => char::from_u32(*n as u32)
                        .map(String::from)
                        .unwrap_or_default(),
                    other => {
                        let t = self.text(other)?;
                        t.chars().next().map(String::from).unwrap_or_default()
                    }
                },
                other => {
                    return self.raise(
                        "ArgumentError",
                        format!("malformed format string - %{other}"),
                    );
                }
            };
            let len = body.chars().count();
            let padded = match width {
                Some(w) if len < w => {
                    if minus {
                        format!("{body}{}", " ".repeat(w - len))
                    } else {
                        format!("{}{body}", " ".repeat(w - len))
                    }
                }
                _ => body,
            };
            out.push_str(&padded);
            self.check_str_size(out.len())?;
        }
        Ok(out)
    }

    fn format_int(&mut self, arg: &Value) -> R<String> {
        Ok(match arg {
            Value::Int(n) => n.to_string(),
            Value::Big(b) => b.to_string(),
            Value::Float(f) => {
                if !f.is_finite() {
                    return self.raise("FloatDomainError", crate::ruby_core::float::to_s(*f));
                }
                format!("{:.0}", f.floor())
            }
            Value::Str(s) => match super::numeric::parse_integer_strict(&s.borrow().text, None) {
                Some(v) => v.to_s(),
                None => {
                    return self.raise(
                        "ArgumentError",
                        format!("invalid value for Integer(): {}", arg.inspect()),
                    );
                }
            },
            Value::Nil => return self.raise("TypeError", "can't convert nil into Integer"),
            other => {
                return self.raise(
                    "TypeError",
                    format!("can't convert {} into Integer", other.class_name()),
                );
            }
        })
    }
}

fn sign_pad(
    neg: bool,
    plus: bool,
    space: bool,
    digits: String,
    width: Option<usize>,
    zero: bool,
) -> String {
    let sign = if neg {
        "-"
    } else if plus {
        "+"
    } else if space {
        " "
    } else {
        ""
    };
    match width {
        Some(w) if zero && sign.len() + digits.len() < w => {
            format!(
                "{sign}{}{digits}",
                "0".repeat(w - sign.len() - digits.len())
            )
        }
        _ => format!("{sign}{digits}"),
    }
}

fn exp_form(f: f64, p: usize) -> String {
    let t = format!("{:.*e}", p, f);
    let (m, e) = t.split_once('e').unwrap_or((&t, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    format!("{m}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
}

fn strip_zeros_exp(t: &str) -> String {
    match t.split_once('e') {
        Some((m, e)) if m.contains('.') => {
            format!("{}e{e}", m.trim_end_matches('0').trim_end_matches('.'))
        }
        _ => t.to_string(),
    }
}
