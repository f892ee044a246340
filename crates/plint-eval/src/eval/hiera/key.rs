//! Lookup keys: their segments (`a.b.0`, quoted parts), and the lookup of the segments after
//! the first in the value found.

use super::*;

/// A key segment: a hash key, or an array index.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Seg {
    Str(String),
    Int(i64),
}

impl Seg {
    pub(super) fn as_value(&self) -> Value {
        match self {
            Seg::Str(s) => Value::string(s.as_str()),
            Seg::Int(i) => Value::Integer(*i),
        }
    }

    pub(super) fn text(&self) -> String {
        match self {
            Seg::Str(s) => s.clone(),
            Seg::Int(i) => i.to_string(),
        }
    }
}

/// A lookup key: `ntp::servers`, or a dotted path into a value (`ntp::config.port`,
/// `users."a.b".0`).
pub(super) struct LookupKey {
    pub(super) text: String,
    pub(super) root: String,
    pub(super) segments: Vec<Seg>,
    pub(super) module: Option<String>,
}

impl LookupKey {
    pub(super) fn parse(key: &str) -> Result<Self, HieraError> {
        let mut segs = split_key(key)
            .ok_or_else(|| HieraError::new(format!("Syntax error in key: '{key}'")))?;
        let root = segs.remove(0).text();
        let module = root.find("::").map(|i| {
            if i == 0 {
                root.clone()
            } else {
                root[..i].to_string()
            }
        });
        Ok(LookupKey {
            text: key.to_string(),
            root,
            segments: segs,
            module,
        })
    }
}

/// Splits a dotted key into segments (quoted segments keep their dots, numeric segments are
/// indexes). `None` on a syntax error.
pub(super) fn split_key(key: &str) -> Option<Vec<Seg>> {
    if !key.contains(['\'', '"', '.']) {
        return Some(vec![Seg::Str(key.to_string())]);
    }
    let b = key.as_bytes();
    let mut pos = 0;
    let mut out = Vec::new();
    loop {
        // One token: blanks, a quoted string, blanks; or a run without quotes and dots.
        let start = pos;
        let mut p = pos;
        while p < b.len() && (b[p] as char).is_ascii_whitespace() {
            p += 1;
        }
        let quoted = if p < b.len() && (b[p] == b'"' || b[p] == b'\'') {
            let q = b[p];
            let close = key[p + 1..].find(q as char).map(|i| p + 1 + i);
            match close {
                Some(c) if c > p + 1 => {
                    let inner = key[p + 1..c].to_string();
                    let mut e = c + 1;
                    while e < b.len() && (b[e] as char).is_ascii_whitespace() {
                        e += 1;
                    }
                    pos = e;
                    Some(inner)
                }
                _ => None,
            }
        } else {
            None
        };
        match quoted {
            Some(inner) => out.push(Seg::Str(inner)),
            None => {
                let mut e = start;
                while e < b.len() && !matches!(b[e], b'\'' | b'"' | b'.') {
                    e += 1;
                }
                if e == start {
                    return None;
                }
                let seg = key[start..e].trim();
                pos = e;
                out.push(numeric_segment(seg).unwrap_or_else(|| Seg::Str(seg.to_string())));
            }
        }
        if pos == b.len() {
            return Some(out);
        }
        if b[pos] != b'.' {
            return None;
        }
        pos += 1;
        if pos == b.len() {
            return None;
        }
    }
}

pub(super) fn numeric_segment(s: &str) -> Option<Seg> {
    let (colon, rest) = match s.strip_prefix(':') {
        Some(r) => (true, r),
        None => (false, s),
    };
    let digits = rest.strip_prefix(['+', '-']).unwrap_or(rest);
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    if colon {
        return Some(Seg::Int(0));
    }
    rest.parse().ok().map(Seg::Int)
}

/// Ruby's class name of a value, for messages.
pub(super) fn ruby_class(v: &Value) -> &'static str {
    match v {
        Value::Undef => "NilClass",
        Value::Boolean(true) => "TrueClass",
        Value::Boolean(false) => "FalseClass",
        Value::Integer(_) => "Integer",
        Value::Float(_) => "Float",
        Value::String(_) => "String",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        _ => "Object",
    }
}

/// Digs `segments` into `value`; `None` when a segment is missing.
pub(super) fn sub_lookup(
    key: &str,
    segments: &[Seg],
    mut value: Value,
) -> Result<Option<Value>, HieraError> {
    for seg in segments {
        if value.is_undef() {
            return Ok(None);
        }
        let next = match (&value, seg) {
            (Value::Array(a), Seg::Int(i)) => {
                if *i < 0 || *i as usize >= a.len() {
                    return Ok(None);
                }
                a[*i as usize].clone()
            }
            (Value::Hash(h), _) => match h.get(&seg.as_value()) {
                Some(v) => v.clone(),
                None => return Ok(None),
            },
            _ => {
                return Err(HieraError::new(format!(
                    "Data Provider type mismatch: Got {} when a hash-like object was expected to access value using '{}' from key '{key}'",
                    ruby_class(&value),
                    seg.text()
                )));
            }
        };
        value = next;
    }
    Ok(Some(value))
}

/// A value interpolated into a string, as Ruby's `to_s` prints it.
pub(super) fn ruby_to_s(v: &Value) -> String {
    match v {
        Value::Undef => String::new(),
        Value::String(s) => s.clone(),
        Value::Integer(i) => i.to_string(),
        Value::Float(f) => crate::ruby_core::float::to_s(*f),
        Value::Boolean(b) => b.to_string(),
        Value::Array(_) | Value::Hash(_) => ruby_inspect(v),
        other => other.to_puppet_string(),
    }
}
