//! The methods of NilClass, TrueClass/FalseClass, Symbol, Range, Regexp, MatchData, IPAddr;
//! the exception classes; the text functions the class methods (`class_methods.rs`) share
//! with the other methods (JSON, Base64, digests, shell words).

use super::value::*;
use super::{Blk, Interp, R};

/// The superclass of an exception class the subset knows.
pub(crate) fn superclass(class: &str) -> Option<&'static str> {
    Some(match class {
        "StandardError" | "ScriptError" | "NoMemoryError" | "SystemExit" | "SignalException"
        | "SecurityError" | "SystemStackError" => "Exception",
        "ArgumentError"
        | "EncodingError"
        | "FiberError"
        | "IOError"
        | "IndexError"
        | "LocalJumpError"
        | "NameError"
        | "RangeError"
        | "RegexpError"
        | "RuntimeError"
        | "TypeError"
        | "ZeroDivisionError"
        | "ThreadError"
        | "NotImplementedError" => "StandardError",
        "KeyError" | "StopIteration" => "IndexError",
        "NoMethodError" => "NameError",
        "FloatDomainError" => "RangeError",
        "FrozenError" => "RuntimeError",
        "Encoding::CompatibilityError" => "EncodingError",
        "UncaughtThrowError" => "ArgumentError",
        "JSON::ParserError" | "SystemCallError" => "StandardError",
        "Errno::ENOENT" | "Errno::ENOTDIR" | "Errno::EISDIR" | "Errno::EACCES" => "SystemCallError",
        "Psych::SyntaxError" | "Psych::DisallowedClass" => "Psych::Exception",
        "Psych::Exception" => "RuntimeError",
        "IPAddr::InvalidAddressError" => "ArgumentError",
        "Puppet::Error" => "RuntimeError",
        "Puppet::ParseError" | "Puppet::DevError" | "Puppet::ParseErrorWithIssue" => {
            "Puppet::Error"
        }
        _ => return None,
    })
}

impl Interp<'_> {
    pub(crate) fn nil_method(&mut self, name: &str, args: &[Value]) -> R<Option<Value>> {
        let _ = args;
        Ok(Some(match name {
            "to_s" => Value::str(""),
            "to_a" => Value::array(Vec::new()),
            "to_h" => Value::hash(Vec::new()),
            "to_i" => Value::Int(0),
            "to_f" => Value::Float(0.0),
            "inspect" => Value::str("nil"),
            "&" => Value::Bool(false),
            "|" => Value::Bool(args.first().is_some_and(|v| v.truthy())),
            _ => return Ok(None),
        }))
    }

    pub(crate) fn bool_method(
        &mut self,
        recv: &Value,
        name: &str,
        args: &[Value],
    ) -> R<Option<Value>> {
        let b = recv.truthy();
        let o = args.first().is_some_and(|v| v.truthy());
        Ok(Some(match name {
            "&" => Value::Bool(b && o),
            "|" => Value::Bool(b || o),
            "^" => Value::Bool(b != o),
            _ => return Ok(None),
        }))
    }

    pub(crate) fn symbol_method(
        &mut self,
        recv: &Value,
        name: &str,
        args: &[Value],
        blk: Option<&Blk>,
    ) -> R<Option<Value>> {
        let Value::Sym(s) = recv else { return Ok(None) };
        let as_str = Value::str(s.to_string());
        Ok(Some(match name {
            "to_s" | "id2name" | "name" => Value::str(s.to_string()),
            "to_sym" => recv.clone(),
            "to_proc" => recv.clone(),
            "call" => match args.split_first() {
                Some((r, rest)) => self.call_method(r.clone(), s, rest.to_vec(), None)?,
                None => return self.raise("ArgumentError", "no receiver given"),
            },
            "==" | "===" => Value::Bool(matches!(args.first(), Some(Value::Sym(o)) if o == s)),
            "<=>" => match args.first() {
                Some(Value::Sym(o)) => Value::Int(s.cmp(o) as i64),
                _ => Value::Nil,
            },
            "length" | "size" | "upcase" | "downcase" | "capitalize" | "start_with?"
            | "end_with?" | "empty?" | "[]" | "=~" | "match" | "match?" | "swapcase" | "succ" => {
                let r = self.string_method(&as_str, name, args, blk)?;
                match r {
                    Some(Value::Str(t))
                        if matches!(
                            name,
                            "upcase" | "downcase" | "capitalize" | "swapcase" | "succ"
                        ) =>
                    {
                        Value::sym(&t.borrow().text)
                    }
                    Some(v) => v,
                    None => return Ok(None),
                }
            }
            _ => return Ok(None),
        }))
    }

    pub(crate) fn range_method(
        &mut self,
        recv: &Value,
        name: &str,
        args: &[Value],
        blk: Option<&Blk>,
    ) -> R<Option<Value>> {
        let Value::Range(r) = recv else {
            return Ok(None);
        };
        let a0 = args.first();
        Ok(Some(match name {
            "first" | "begin" | "min" if a0.is_none() && blk.is_none() => {
                if name == "min"
                    && matches!((&r.lo, &r.hi), (Value::Int(a), Value::Int(b)) if a > b || (r.exclusive && a == b))
                {
                    Value::Nil
                } else {
                    r.lo.clone()
                }
            }
            "last" | "end" if a0.is_none() => r.hi.clone(),
            "max" if a0.is_none() && blk.is_none() => match (&r.lo, &r.hi) {
                (Value::Int(a), Value::Int(b)) => {
                    let e = if r.exclusive { b.saturating_sub(1) } else { *b };
                    if e < *a { Value::Nil } else { Value::Int(e) }
                }
                _ => r.hi.clone(),
            },
            "exclude_end?" => Value::Bool(r.exclusive),
            "include?" | "member?" | "===" | "cover?" => {
                let v = a0.cloned().unwrap_or(Value::Nil);
                let lo_ok = match &r.lo {
                    Value::Nil => true,
                    lo => match self.compare(lo, &v) {
                        Ok(o) => o.is_le(),
                        Err(super::Ctrl::Raise(..)) => return Ok(Some(Value::Bool(false))),
                        Err(e) => return Err(e),
                    },
                };
                let hi_ok = match &r.hi {
                    Value::Nil => true,
                    hi => match self.compare(&v, hi) {
                        Ok(o) => {
                            if r.exclusive {
                                o.is_lt()
                            } else {
                                o.is_le()
                            }
                        }
                        Err(super::Ctrl::Raise(..)) => return Ok(Some(Value::Bool(false))),
                        Err(e) => return Err(e),
                    },
                };
                Value::Bool(lo_ok && hi_ok)
            }
            "size" | "count" | "length" if a0.is_none() && blk.is_none() => match (&r.lo, &r.hi) {
                (Value::Int(a), Value::Int(b)) => {
                    let e = if r.exclusive {
                        i128::from(*b) - 1
                    } else {
                        i128::from(*b)
                    };
                    super::numeric::int_value(num_bigint::BigInt::from(
                        (e - i128::from(*a) + 1).max(0),
                    ))
                }
                _ => return Ok(None),
            },
            "to_s" => Value::str(recv.to_s()),
            "inspect" => Value::str(recv.inspect()),
            "step" | "%" => {
                let st = self.int_arg(a0.unwrap_or(&Value::Int(1)))?;
                if st <= 0 {
                    return self.raise("ArgumentError", "step can't be negative");
                }
                let items: Vec<Value> = self
                    .range_items(r)?
                    .into_iter()
                    .step_by(st as usize)
                    .collect();
                match blk {
                    Some(b) => {
                        for x in items {
                            self.call_block(b, vec![x])?;
                        }
                        recv.clone()
                    }
                    None => Value::array(items),
                }
            }
            _ => {
                if matches!((&r.lo, &r.hi), (Value::Str(_), Value::Str(_))) {
                    let lo = r.lo.clone();
                    let items =
                        self.string_method(&lo, "upto", std::slice::from_ref(&r.hi), None)?;
                    let mut items = match items {
                        Some(Value::Array(a)) => a.borrow().items.clone(),
                        _ => Vec::new(),
                    };
                    if r.exclusive {
                        items.pop();
                    }
                    return self.enum_method(recv, items, name, args, blk);
                }
                let items = self.range_items(r)?;
                return self.enum_method(recv, items, name, args, blk);
            }
        }))
    }

    pub(crate) fn regexp_method(
        &mut self,
        recv: &Value,
        name: &str,
        args: &[Value],
    ) -> R<Option<Value>> {
        let Value::Regexp(re) = recv else {
            return Ok(None);
        };
        let re = re.clone();
        let a0 = args.first().cloned().unwrap_or(Value::Nil);
        Ok(Some(match name {
            "=~" | "match" | "match?" | "===" => {
                let text = match &a0 {
                    Value::Nil => {
                        if name == "match" || name == "=~" {
                            self.last_match = None;
                        }
                        return Ok(Some(if name == "match?" || name == "===" {
                            Value::Bool(false)
                        } else {
                            Value::Nil
                        }));
                    }
                    Value::Sym(s) => s.to_string(),
                    Value::Str(s) => s.borrow().text.clone(),
                    _ if name == "===" => return Ok(Some(Value::Bool(false))),
                    other => self.str_arg(other)?,
                };
                let m = self.search(&re, &text, 0)?;
                match name {
                    "match?" => Value::Bool(m.is_some()),
                    "===" => {
                        let hit = m.is_some();
                        self.last_match = m;
                        Value::Bool(hit)
                    }
                    "=~" => {
                        let pos = m
                            .as_ref()
                            .and_then(|m| m.groups[0])
                            .map(|(a, _)| super::string::char_index(&text, a));
                        self.last_match = m;
                        pos.map(|p| Value::Int(p as i64)).unwrap_or(Value::Nil)
                    }
                    _ => {
                        self.last_match = m.clone();
                        m.map(Value::Match).unwrap_or(Value::Nil)
                    }
                }
            }
            "source" => Value::str(re.source.clone()),
            "to_s" => Value::str(re.to_s()),
            "inspect" => Value::str(re.inspect()),
            "names" => Value::array(re.names().into_iter().map(|(n, _)| Value::str(n)).collect()),
            "options" => Value::Int(
                i64::from(re.flags.ignore_case)
                    | i64::from(re.flags.extended) << 1
                    | i64::from(re.flags.multiline) << 2,
            ),
            "casefold?" => Value::Bool(re.flags.ignore_case),
            _ => return Ok(None),
        }))
    }

    pub(crate) fn match_method(
        &mut self,
        recv: &Value,
        name: &str,
        args: &[Value],
    ) -> R<Option<Value>> {
        let Value::Match(m) = recv else {
            return Ok(None);
        };
        let group = |v: Option<&str>| v.map(Value::str).unwrap_or(Value::Nil);
        Ok(Some(match name {
            "[]" => match (args.first(), args.get(1)) {
                // `m[start, length]` and `m[range]`: like `m.to_a[...]`.
                (Some(Value::Int(start)), Some(Value::Int(len))) => {
                    let all: Vec<Value> = (0..m.groups.len()).map(|i| group(m.group(i))).collect();
                    let n = all.len() as i64;
                    let start = if *start < 0 { n + start } else { *start };
                    if start < 0 || start > n || *len < 0 {
                        Value::Nil
                    } else {
                        let end = (start + len).min(n);
                        Value::array(all[start as usize..end as usize].to_vec())
                    }
                }
                (Some(Value::Int(i)), _) => {
                    let n = m.groups.len() as i64;
                    let i = if *i < 0 { n + i } else { *i };
                    if i < 0 {
                        Value::Nil
                    } else {
                        group(m.group(i as usize))
                    }
                }
                (Some(Value::Str(s)), _) => {
                    let n = s.borrow().text.clone();
                    match m.names.iter().find(|(x, _)| *x == n) {
                        Some((_, i)) => group(m.group(*i)),
                        None => {
                            return self.raise(
                                "IndexError",
                                format!("undefined group name reference: {n}"),
                            );
                        }
                    }
                }
                (Some(Value::Sym(s)), _) => {
                    match m.names.iter().find(|(x, _)| x.as_str() == &**s) {
                        Some((_, i)) => group(m.group(*i)),
                        None => {
                            return self.raise(
                                "IndexError",
                                format!("undefined group name reference: {s}"),
                            );
                        }
                    }
                }
                _ => return Ok(None),
            },
            "captures" => Value::array((1..m.groups.len()).map(|i| group(m.group(i))).collect()),
            "named_captures" => Value::hash(
                m.names
                    .iter()
                    .map(|(n, i)| (Value::str(n.clone()), group(m.group(*i))))
                    .collect(),
            ),
            "names" => Value::array(m.names.iter().map(|(n, _)| Value::str(n.clone())).collect()),
            "to_a" => Value::array((0..m.groups.len()).map(|i| group(m.group(i))).collect()),
            "to_s" => group(m.group(0)),
            "pre_match" => Value::str(m.groups[0].map(|(a, _)| &m.subject[..a]).unwrap_or("")),
            "post_match" => Value::str(m.groups[0].map(|(_, b)| &m.subject[b..]).unwrap_or("")),
            "size" | "length" => Value::Int(m.groups.len() as i64),
            "string" => Value::frozen_str(m.subject.to_string()),
            "begin" | "end" => {
                let i = self.int_arg(args.first().unwrap_or(&Value::Int(0)))? as usize;
                match m.groups.get(i).copied().flatten() {
                    Some((a, b)) => Value::Int(super::string::char_index(
                        &m.subject,
                        if name == "begin" { a } else { b },
                    ) as i64),
                    None => Value::Nil,
                }
            }
            "values_at" => {
                let mut out = Vec::new();
                for a in args {
                    let i = self.int_arg(a)? as usize;
                    out.push(group(m.group(i)));
                }
                Value::array(out)
            }
            _ => return Ok(None),
        }))
    }

    /// The methods of an `IPAddr` (a plain address, without a prefix).
    pub(crate) fn ipaddr_method(
        &mut self,
        o: &Opaque,
        name: &str,
        args: &[Value],
    ) -> R<Option<Value>> {
        let Ok(ip) = o.text.parse::<std::net::IpAddr>() else {
            return Ok(None);
        };
        Ok(Some(match name {
            "ipv4?" => Value::Bool(ip.is_ipv4()),
            "ipv6?" => Value::Bool(ip.is_ipv6()),
            "to_s" => Value::str(o.text.clone()),
            "to_string" => Value::str(match ip {
                std::net::IpAddr::V4(v) => v.to_string(),
                std::net::IpAddr::V6(v) => v
                    .segments()
                    .iter()
                    .map(|s| format!("{s:04x}"))
                    .collect::<Vec<_>>()
                    .join(":"),
            }),
            "loopback?" => Value::Bool(ip.is_loopback()),
            "==" => Value::Bool(matches!(args.first(), Some(Value::Opaque(p)) if p.text == o.text)),
            _ => return Ok(None),
        }))
    }

    /// The integers of a range.
    pub(crate) fn range_items(&mut self, r: &RRange) -> R<Vec<Value>> {
        match (&r.lo, &r.hi) {
            (Value::Int(a), Value::Int(b)) => {
                let end = if r.exclusive { b.saturating_sub(1) } else { *b };
                let n = (i128::from(end) - i128::from(*a) + 1).max(0);
                self.check_len(usize::try_from(n).unwrap_or(usize::MAX))?;
                Ok((*a..=end).map(Value::Int).collect())
            }
            _ => Err(super::Ctrl::Unknown(
                self.origin("iteration over a non-integer range"),
            )),
        }
    }
}

/// `Shellwords.escape`.
pub(crate) fn shellescape(s: &str) -> String {
    if s.is_empty() {
        return "''".into();
    }
    let mut out = String::new();
    for c in s.chars() {
        if c == '\n' {
            out.push_str("'\n'");
        } else if c.is_ascii_alphanumeric() || "_-.,:+/@".contains(c) || !c.is_ascii() {
            out.push(c);
        } else {
            out.push('\\');
            out.push(c);
        }
    }
    out
}

/// `Shellwords.split`; `None` on an unmatched quote.
pub(crate) fn shellsplit(s: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if in_word {
                    out.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(x) => cur.push(x),
                        None => return None,
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(x @ ('"' | '\\' | '$' | '`')) => cur.push(x),
                            Some('\n') => {}
                            Some(x) => {
                                cur.push('\\');
                                cur.push(x);
                            }
                            None => return None,
                        },
                        Some(x) => cur.push(x),
                        None => return None,
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(x) = chars.next()
                    && x != '\n'
                {
                    cur.push(x);
                }
            }
            x => {
                in_word = true;
                cur.push(x);
            }
        }
    }
    if in_word {
        out.push(cur);
    }
    Some(out)
}

/// `JSON.generate` / `pretty_generate` / `to_json`; `None` for a value JSON cannot write here.
pub(crate) fn to_json(v: &Value, pretty: bool) -> Option<String> {
    let mut w = crate::ruby_core::json::Writer::new(pretty);
    write_json(v, &mut w)?;
    Some(w.finish())
}

fn write_json(v: &Value, w: &mut crate::ruby_core::json::Writer) -> Option<()> {
    match v {
        Value::Nil => w.null(),
        Value::Bool(b) => w.bool(*b),
        Value::Int(i) => w.integer(&i.to_string()),
        Value::Big(b) => w.integer(&b.to_string()),
        Value::Float(f) => w.float(*f).ok()?,
        Value::Str(s) => w.string(&s.borrow().text),
        Value::Sym(s) => w.string(s),
        Value::Array(a) => {
            let items = a.borrow().items.clone();
            w.begin_array();
            for x in &items {
                write_json(x, w)?;
            }
            w.end_array();
        }
        Value::Hash(h) => {
            let pairs: Vec<(Value, Value)> = h.borrow().map.values().cloned().collect();
            w.begin_object();
            for (k, x) in &pairs {
                w.key(&k.to_s());
                write_json(x, w)?;
            }
            w.end_object();
        }
        _ => return None,
    }
    Some(())
}

/// A JSON document as Ruby values.
pub(crate) fn from_json(j: &serde_json::Value) -> Value {
    match j {
        serde_json::Value::Null => Value::Nil,
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(i) => Value::Int(i),
            None => Value::Float(n.as_f64().unwrap_or(0.0)),
        },
        serde_json::Value::String(s) => Value::str(s.clone()),
        serde_json::Value::Array(a) => Value::array(a.iter().map(from_json).collect()),
        serde_json::Value::Object(o) => Value::hash(
            o.iter()
                .map(|(k, v)| (Value::str(k.clone()), from_json(v)))
                .collect(),
        ),
    }
}

/// Base64's functions on bytes: the encoded text (ASCII) or the decoded bytes; `None` where
/// Ruby raises `ArgumentError` or for a name Base64 does not have.
pub(crate) fn base64(name: &str, t: &[u8]) -> Option<Vec<u8>> {
    use crate::ruby_core::base64 as b64;
    match name {
        "strict_encode64" => Some(b64::strict_encode(t).into_bytes()),
        "urlsafe_encode64" => Some(b64::urlsafe_encode(t, true).into_bytes()),
        "encode64" => Some(b64::encode64(t).into_bytes()),
        "decode64" => Some(b64::decode(t)),
        "strict_decode64" => b64::strict_decode(t),
        "urlsafe_decode64" => b64::urlsafe_decode(t),
        _ => None,
    }
}

/// The digest of `data` by `class` (`Digest::MD5`, `Digest::SHA1`, `Digest::SHA256`).
pub(crate) fn digest(class: &str, data: &[u8]) -> Vec<u8> {
    use sha2::Digest;
    match class {
        "Digest::MD5" => md5::Md5::digest(data).to_vec(),
        "Digest::SHA1" => sha1::Sha1::digest(data).to_vec(),
        _ => sha2::Sha256::digest(data).to_vec(),
    }
}
