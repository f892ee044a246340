//! YAML loading as Puppet reads YAML (Hiera data, `hiera.yaml`, fact files): Ruby's Psych with
//! `safe_load` semantics.
//!
//! The YAML syntax is libyaml's, as Psych reads it ([`crate::yaml`]); the meaning of each
//! scalar is resolved here the way Psych resolves it (YAML 1.1 flavoured): plain `yes`/`no`/`on`/`off`/`true`/
//! `false` (any case) are booleans, `~`/`null`/empty are undef, integers in decimal, `0x`
//! hexadecimal, `0b` binary, leading-`0` octal, with `_` and `,` separators, sexagesimal
//! `1:30`, floats need a `.` (`1e5` stays a string), `.inf`/`.nan`. Quoted and block scalars
//! are always strings. Anchors, aliases and `<<` merge keys work; only the first document is
//! read. What `safe_load` refuses (dates, times, Ruby objects) is an error, as in Puppet.

use std::collections::HashMap;
use std::sync::OnceLock;

use fancy_regex::Regex;

use super::value::{Hash, Value};
pub use crate::yaml::YamlError;
use crate::yaml::{Event, Pos};

/// The deepest nesting of collections accepted (a guard against stack exhaustion by hostile
/// input; Puppet data is never this deep).
const MAX_DEPTH: usize = 512;

/// The most values a document may hold once its aliases are expanded (a guard against
/// "billion laughs" documents, whose expansion would make every later walk endless).
const MAX_EXPANDED: u64 = 5_000_000;

/// Loads the first document of `text` as Psych's `safe_load` does (with symbols allowed, as
/// Hiera allows them; a symbol becomes the string of its name). An empty document is undef.
pub fn parse(text: &str) -> Result<Value, YamlError> {
    let mut loader = Loader::default();
    for next in crate::yaml::events(text) {
        let (event, at) = next?;
        match event {
            Event::DocumentStart => {}
            Event::DocumentEnd => {
                // Psych's safe_load stops at the end of the first document.
                break;
            }
            Event::Alias { anchor } => {
                let (value, size) = match loader.anchors.get(&anchor) {
                    Some(Some(v)) => v.clone(),
                    Some(None) => {
                        return Err(at.error(
                            "an alias refers to a collection that contains it (recursive data)",
                        ));
                    }
                    None => return Err(at.error(format!("Unknown alias: {anchor}"))),
                };
                loader.complete(
                    Done {
                        value,
                        kind: NodeKind::Alias,
                        str_tag: false,
                        size,
                    },
                    at,
                )?;
            }
            Event::Scalar {
                value: text,
                plain,
                anchor,
                tag,
            } => {
                let str_tag = tag.as_deref().is_some_and(is_str_tag);
                let value =
                    resolve_scalar(&text, plain, tag.as_deref()).map_err(|m| at.error(m))?;
                if let Some(anchor) = anchor {
                    loader.anchors.insert(anchor, Some((value.clone(), 1)));
                }
                loader.complete(
                    Done {
                        value,
                        kind: NodeKind::Scalar,
                        str_tag,
                        size: 1,
                    },
                    at,
                )?;
            }
            Event::SequenceStart { anchor, tag } => {
                if let Some(t) = tag.as_deref() {
                    check_collection_tag(t, false).map_err(|m| at.error(m))?;
                }
                loader.open(Frame::Seq(Vec::new()), anchor, at)?;
            }
            Event::MappingStart { anchor, tag } => {
                if let Some(t) = tag.as_deref() {
                    check_collection_tag(t, true).map_err(|m| at.error(m))?;
                }
                loader.open(
                    Frame::Map {
                        hash: Hash::new(),
                        key: None,
                    },
                    anchor,
                    at,
                )?;
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let (frame, anchor, size) = match loader.stack.pop() {
                    Some(f) => f,
                    None => return Err(at.error("unbalanced collection end")),
                };
                let (value, kind) = match frame {
                    Frame::Seq(items) => (Value::array(items), NodeKind::Sequence),
                    Frame::Map { hash, .. } => (Value::hash(hash), NodeKind::Mapping),
                };
                if let Some(anchor) = anchor {
                    loader.anchors.insert(anchor, Some((value.clone(), size)));
                }
                loader.complete(
                    Done {
                        value,
                        kind,
                        str_tag: false,
                        size,
                    },
                    at,
                )?;
            }
        }
    }
    Ok(loader.result.unwrap_or(Value::Undef))
}

/// Loads JSON as Puppet's JSON data files are read: objects keep their key order, numbers
/// with a fraction or exponent are floats.
pub fn parse_json(text: &str) -> Result<Value, YamlError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(v) => json_to_value(&v).map_err(|message| YamlError {
            message,
            ..YamlError::default()
        }),
        Err(e) => Err(YamlError {
            message: json_error_message(&e),
            line: e.line(),
            column: e.column(),
            found: None,
        }),
    }
}

fn json_error_message(e: &serde_json::Error) -> String {
    // serde_json's Display appends " at line L column C"; the position is kept apart.
    let full = e.to_string();
    match full.rfind(" at line ") {
        Some(i) => full[..i].to_string(),
        None => full,
    }
}

/// A JSON value as a Puppet value.
pub fn json_to_value(v: &serde_json::Value) -> Result<Value, String> {
    Ok(match v {
        serde_json::Value::Null => Value::Undef,
        serde_json::Value::Bool(b) => Value::Boolean(*b),
        serde_json::Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                Value::Integer(i)
            } else if n.is_u64() {
                return Err(format!("integer {n} is out of Puppet's 64-bit range"));
            } else {
                Value::Float(n.as_f64().unwrap_or(f64::NAN))
            }
        }
        serde_json::Value::String(s) => Value::string(s.as_str()),
        serde_json::Value::Array(a) => {
            Value::array(a.iter().map(json_to_value).collect::<Result<_, _>>()?)
        }
        serde_json::Value::Object(o) => {
            let mut h = Hash::with_capacity(o.len());
            for (k, v) in o {
                h.insert(Value::string(k.as_str()), json_to_value(v)?);
            }
            Value::hash(h)
        }
    })
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum NodeKind {
    Scalar,
    Sequence,
    Mapping,
    Alias,
}

/// A node whose value is complete.
struct Done {
    value: Value,
    kind: NodeKind,
    /// The node was tagged `!!str` (a `<<` key tagged so is an ordinary key).
    str_tag: bool,
    /// How many values the node holds with its aliases expanded.
    size: u64,
}

enum Frame {
    Seq(Vec<Value>),
    Map {
        hash: Hash,
        /// The key read, waiting for its value; `true` when it is a merge key (`<<`).
        key: Option<(Value, bool)>,
    },
}

#[derive(Default)]
struct Loader {
    /// Open collections with their anchor and expanded size so far.
    stack: Vec<(Frame, Option<String>, u64)>,
    /// Anchored values (and their expanded sizes) by anchor; `None` while the anchored
    /// collection is still open. An anchor defined again names the later node, as in Psych.
    anchors: HashMap<String, Option<(Value, u64)>>,
    result: Option<Value>,
}

impl Loader {
    fn open(&mut self, frame: Frame, anchor: Option<String>, at: Pos) -> Result<(), YamlError> {
        if self.stack.len() >= MAX_DEPTH {
            return Err(at.error("the document nests collections too deeply"));
        }
        if let Some(anchor) = &anchor {
            self.anchors.insert(anchor.clone(), None);
        }
        self.stack.push((frame, anchor, 1));
        Ok(())
    }

    fn complete(&mut self, done: Done, at: Pos) -> Result<(), YamlError> {
        let Some((frame, _, size)) = self.stack.last_mut() else {
            if self.result.is_none() {
                self.result = Some(done.value);
            }
            return Ok(());
        };
        *size = size.saturating_add(done.size);
        if *size > MAX_EXPANDED {
            return Err(
                at.error("the document holds too many values once its aliases are expanded")
            );
        }
        match frame {
            Frame::Seq(items) => items.push(done.value),
            Frame::Map { hash, key } => match key.take() {
                None => {
                    let is_merge =
                        matches!(&done.value, Value::String(s) if s == "<<") && !done.str_tag;
                    *key = Some((done.value, is_merge));
                }
                Some((k, false)) => hash.insert(k, done.value),
                Some((k, true)) => merge_key(hash, k, done),
            },
        }
        Ok(())
    }
}

/// `<<: value` in a mapping: a mapping (or an alias of one) is merged in, a sequence of
/// mappings is merged in with the earlier ones winning; anything else is an ordinary entry.
fn merge_key(hash: &mut Hash, key: Value, done: Done) {
    match (done.kind, &done.value) {
        (NodeKind::Mapping | NodeKind::Alias, Value::Hash(h)) => {
            for (k, v) in h.iter() {
                hash.insert(k.clone(), v.clone());
            }
        }
        (NodeKind::Sequence, Value::Array(items))
            if items.iter().all(|i| matches!(i, Value::Hash(_))) =>
        {
            let mut merged = Hash::new();
            for item in items.iter().rev() {
                if let Value::Hash(h) = item {
                    for (k, v) in h.iter() {
                        merged.insert(k.clone(), v.clone());
                    }
                }
            }
            for (k, v) in merged.into_entries() {
                hash.insert(k, v);
            }
        }
        _ => hash.insert(key, done.value),
    }
}

/// The name of a tag of YAML's core schema (`!!str`, in full `tag:yaml.org,2002:str`).
fn core_tag(tag: &str) -> Option<&str> {
    tag.strip_prefix("tag:yaml.org,2002:")
}

fn is_str_tag(tag: &str) -> bool {
    core_tag(tag) == Some("str")
}

/// A local tag (`!ruby/sym`, `!foo`): its name without the `!`.
fn local_tag(tag: &str) -> Option<&str> {
    tag.strip_prefix('!')
}

fn disallowed(class: &str) -> String {
    format!("Tried to load unspecified class: {class}")
}

/// Refuses the tags of collections that `safe_load` refuses (Ruby objects, sets, ordered maps,
/// a mapping tagged as a string); any other tag leaves the collection as it is.
fn check_collection_tag(tag: &str, mapping: bool) -> Result<(), String> {
    let name = match (core_tag(tag), local_tag(tag)) {
        (Some(core), _) => match core {
            "set" | "omap" | "str" => core,
            _ => return Ok(()),
        },
        (None, Some(local)) => local,
        (None, None) => return Ok(()),
    };
    if name == "omap" {
        return Err(disallowed("Psych::Omap"));
    }
    let prefixes: &[&str] = if mapping {
        if name == "set" {
            return Err(disallowed("Psych::Set"));
        }
        if matches!(name, "str" | "ruby/string") {
            return Err("a mapping tagged as a string cannot be loaded".into());
        }
        &[
            "ruby/object",
            "ruby/struct",
            "ruby/exception",
            "ruby/range",
            "ruby/marshalable",
            "ruby/hash:",
            "ruby/hash-with-ivars",
            "ruby/array:",
            "map:",
            "seq:",
        ]
    } else {
        &["ruby/array:", "seq:"]
    };
    for prefix in prefixes {
        if let Some(rest) = name.strip_prefix(prefix) {
            let class = rest.trim_start_matches(':');
            return Err(disallowed(if class.is_empty() { "Object" } else { class }));
        }
    }
    Ok(())
}

/// Psych's `!!float` of a scalar's text.
fn tagged_float(text: &str) -> Result<Value, String> {
    match resolve_plain(text)? {
        Value::Float(f) => Ok(Value::Float(f)),
        Value::Integer(i) => Ok(Value::Float(i as f64)),
        Value::String(s) => ruby_float(&s)
            .map(Value::Float)
            .ok_or_else(|| format!("invalid value for Float(): {s:?}")),
        Value::Undef => Err("can't convert nil into Float".into()),
        Value::Boolean(b) => Err(format!("can't convert {b} into Float")),
        other => Ok(other),
    }
}

/// The value of a scalar, as Psych gives it.
fn resolve_scalar(text: &str, plain: bool, tag: Option<&str>) -> Result<Value, String> {
    // Untagged quoted and block scalars are strings; a tag applies whatever the style.
    let Some(tag) = tag else {
        return if plain {
            resolve_plain(text)
        } else {
            Ok(Value::string(text))
        };
    };
    if let Some(core) = core_tag(tag) {
        return match core {
            "str" => Ok(Value::string(text)),
            "binary" => Ok(decode_binary(text)),
            "float" => tagged_float(text),
            _ => resolve_plain(text),
        };
    }
    let Some(local) = local_tag(tag) else {
        return resolve_plain(text);
    };
    match local {
        "binary" => Ok(decode_binary(text)),
        "float" => tagged_float(text),
        "str" | "ruby/string" => Ok(Value::string(text)),
        "ruby/sym" | "ruby/symbol" => Ok(Value::string(text)),
        "ruby/regexp" => Err(disallowed("Regexp")),
        "ruby/range" => Err(disallowed("Range")),
        "ruby/object:DateTime" => Err(disallowed("DateTime")),
        "ruby/object:BigDecimal" => Err(disallowed("BigDecimal")),
        "ruby/object:Complex" => Err(disallowed("Complex")),
        "ruby/object:Rational" => Err(disallowed("Rational")),
        "ruby/class" | "ruby/module" => Err(disallowed(text)),
        "ruby/encoding" => Err(disallowed("Encoding")),
        _ => {
            if let Some(class) = local
                .strip_prefix("str:")
                .or_else(|| local.strip_prefix("ruby/string:"))
            {
                return Err(disallowed(class));
            }
            if local.starts_with("ruby/sym") {
                return Ok(Value::string(text));
            }
            resolve_plain(text)
        }
    }
}

/// `!!binary`: base64 content (read as `unpack('m')` reads it), a string when it is UTF-8
/// text, else binary.
fn decode_binary(text: &str) -> Value {
    match String::from_utf8(crate::ruby_core::base64::decode(text.as_bytes())) {
        Ok(s) => Value::String(s),
        Err(e) => Value::Binary(std::sync::Arc::new(e.into_bytes())),
    }
}

/// A built-in pattern, compiled on first use into its cell. The cells are immutable constants
/// once set (the same pattern always gives the same regex): no state of a run lives in them.
fn regex(cell: &'static OnceLock<Regex>, src: &str) -> &'static Regex {
    cell.get_or_init(|| Regex::new(src).expect("a valid built-in regex"))
}

fn is_match(cell: &'static OnceLock<Regex>, src: &str, text: &str) -> bool {
    regex(cell, src).is_match(text).unwrap_or(false)
}

/// Ruby's `\s`.
const WS: &str = r" \t\n\x0B\x0C\r";

/// The value of a plain (unquoted, untagged) scalar, as Psych's scalar scanner resolves it.
pub fn resolve_plain(s: &str) -> Result<Value, String> {
    static WORDY: OnceLock<Regex> = OnceLock::new();
    static TIME: OnceLock<Regex> = OnceLock::new();
    static DATE: OnceLock<Regex> = OnceLock::new();
    static SEXA_INT: OnceLock<Regex> = OnceLock::new();
    static SEXA_FLOAT: OnceLock<Regex> = OnceLock::new();
    static FLOAT: OnceLock<Regex> = OnceLock::new();
    static INTEGER: OnceLock<Regex> = OnceLock::new();

    if s.is_empty() {
        return Ok(Value::Undef);
    }
    // Text that starts like a word is a string, unless it is one of the short keywords.
    let wordy = format!(r"\A[^0-9.:\-]?[\p{{Alphabetic}}_{WS}!@#$%\^&*(){{}}<>|/\\~;=]+");
    if s.contains('\n') || is_match(&WORDY, &wordy, s) {
        if s.chars().count() > 5 {
            return Ok(Value::string(s));
        }
        let lower = s.to_ascii_lowercase();
        return Ok(match lower.as_str() {
            "~" | "null" => Value::Undef,
            "yes" | "true" | "on" => Value::Boolean(true),
            "no" | "false" | "off" => Value::Boolean(false),
            _ => Value::string(s),
        });
    }
    let time = format!(
        r"\A-?[0-9]{{4}}-[0-9]{{1,2}}-[0-9]{{1,2}}(?:[Tt]|[{WS}]+)[0-9]{{1,2}}:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[{WS}]*(?:Z|[-+][0-9]{{1,2}}:?(?:[0-9][0-9])?))?\z"
    );
    if is_match(&TIME, &time, s) {
        return Err(disallowed("Time"));
    }
    if is_match(
        &DATE,
        r"\A[0-9]{4}-(?:1[012]|0[0-9]|[0-9])-(?:[12][0-9]|3[01]|0[0-9]|[0-9])\z",
        s,
    ) {
        return Err(disallowed("Date"));
    }
    let lower = s.to_ascii_lowercase();
    match lower.as_str() {
        ".inf" | "+.inf" => return Ok(Value::Float(f64::INFINITY)),
        "-.inf" => return Ok(Value::Float(f64::NEG_INFINITY)),
        ".nan" => return Ok(Value::Float(f64::NAN)),
        _ => {}
    }
    if s.starts_with(':') && s.len() > 1 {
        // A symbol: its name, without quotes if it is quoted.
        let name = &s[1..];
        for q in ['"', '\''] {
            if let Some(inner) = name.strip_prefix(q)
                && let Some(end) = inner.find(q)
            {
                let sym = &inner[..end];
                return Ok(Value::string(sym.strip_prefix(':').unwrap_or(sym)));
            }
        }
        return Ok(Value::string(name));
    }
    if is_match(&SEXA_INT, r"\A[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}\z", s) {
        let parts: Vec<&str> = s.split(':').collect();
        let mut total: i64 = 0;
        for (e, part) in parts.iter().enumerate() {
            let weight = 60i64.pow((e as i64 - 2).unsigned_abs() as u32);
            total = ruby_to_i(part)
                .checked_mul(weight)
                .and_then(|v| total.checked_add(v))
                .ok_or_else(|| format!("integer {s} is out of Puppet's 64-bit range"))?;
        }
        return Ok(Value::Integer(total));
    }
    if is_match(
        &SEXA_FLOAT,
        r"\A[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}\.[0-9_]*\z",
        s,
    ) {
        let parts: Vec<&str> = s.split(':').collect();
        let mut total = 0.0;
        for (e, part) in parts.iter().enumerate() {
            let weight = 60f64.powi((e as i32 - 2).abs());
            total += ruby_to_f(part) * weight;
        }
        return Ok(Value::Float(total));
    }
    if is_match(
        &FLOAT,
        r"\A[-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?\z",
        s,
    ) {
        if matches!(s, "." | "-." | "+.") {
            return Ok(Value::string(s));
        }
        let cleaned: String = s.chars().filter(|c| *c != '_' && *c != ',').collect();
        let cleaned = match cleaned.find('.') {
            Some(i) if i + 1 == cleaned.len() => cleaned[..i].to_string(),
            Some(i) if matches!(cleaned.as_bytes().get(i + 1), Some(b'e' | b'E')) => {
                format!("{}{}", &cleaned[..i], &cleaned[i + 1..])
            }
            _ => cleaned,
        };
        return ruby_float(&cleaned)
            .map(Value::Float)
            .ok_or_else(|| format!("invalid value for Float(): {s:?}"));
    }
    if is_match(
        &INTEGER,
        r"\A(?:[-+]?0b[0-1_,]+|[-+]?0[0-7_,]+|[-+]?(?:0|[1-9](?:[0-9]|,[0-9]|_[0-9])*)|[-+]?0x[0-9a-fA-F_,]+)\z",
        s,
    ) {
        return parse_int(s);
    }
    Ok(Value::string(s))
}

/// Ruby's `Integer()` of an integer literal whose `_` and `,` separators are dropped.
fn parse_int(s: &str) -> Result<Value, String> {
    let cleaned: String = s.chars().filter(|c| *c != '_' && *c != ',').collect();
    let (neg, digits) = match cleaned.as_bytes().first() {
        Some(b'-') => (true, &cleaned[1..]),
        Some(b'+') => (false, &cleaned[1..]),
        _ => (false, cleaned.as_str()),
    };
    let (radix, body) = if let Some(b) = digits.strip_prefix("0x") {
        (16, b)
    } else if let Some(b) = digits.strip_prefix("0b") {
        (2, b)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (8, &digits[1..])
    } else {
        (10, digits)
    };
    if body.is_empty() {
        return Err(format!("invalid value for Integer(): {s:?}"));
    }
    let magnitude = u64::from_str_radix(body, radix)
        .map_err(|_| format!("integer {s} is out of Puppet's 64-bit range"))?;
    let value = if neg {
        0i64.checked_sub_unsigned(magnitude)
    } else {
        i64::try_from(magnitude).ok()
    };
    value
        .map(Value::Integer)
        .ok_or_else(|| format!("integer {s} is out of Puppet's 64-bit range"))
}

/// Ruby's `Float()` of a cleaned decimal literal.
fn ruby_float(s: &str) -> Option<f64> {
    let t = s.trim_matches(|c: char| c.is_ascii_whitespace());
    if t.is_empty() || t.ends_with('.') || t.contains("._") {
        return None;
    }
    t.parse::<f64>().ok()
}

/// Ruby's `String#to_i`: the leading integer (an optional sign, digits with single `_`
/// between them), 0 when there is none.
fn ruby_to_i(s: &str) -> i64 {
    let (neg, rest) = split_sign(s);
    let mut v: i64 = 0;
    for d in leading_digits(rest).bytes() {
        v = v.saturating_mul(10).saturating_add(i64::from(d - b'0'));
    }
    if neg { -v } else { v }
}

/// Ruby's `String#to_f` of a sexagesimal part: the leading decimal number.
fn ruby_to_f(s: &str) -> f64 {
    let (neg, rest) = split_sign(s);
    let int = leading_digits(rest);
    let mut text = int.clone();
    let after = &rest[rest.len().min(consumed_len(rest))..];
    if let Some(frac) = after.strip_prefix('.') {
        let f = leading_digits(frac);
        if !f.is_empty() {
            text.push('.');
            text.push_str(&f);
        }
    }
    let v = text.parse::<f64>().unwrap_or(0.0);
    if neg { -v } else { v }
}

fn split_sign(s: &str) -> (bool, &str) {
    match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    }
}

/// The leading digits of `s` with single underscores between digits dropped.
fn leading_digits(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            out.push(b[i] as char);
            i += 1;
        } else if b[i] == b'_' && !out.is_empty() && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
            i += 1;
        } else {
            break;
        }
    }
    out
}

/// How many bytes [`leading_digits`] read.
fn consumed_len(s: &str) -> usize {
    let b = s.as_bytes();
    let mut i = 0;
    let mut any = false;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            any = true;
            i += 1;
        } else if b[i] == b'_' && any && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
            i += 1;
        } else {
            break;
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn y(s: &str) -> Value {
        parse(s).unwrap()
    }

    #[test]
    fn plain_scalars_resolve_as_psych() {
        assert_eq!(y("yes"), Value::Boolean(true));
        assert_eq!(y("Off"), Value::Boolean(false));
        assert_eq!(y("y"), Value::string("y"));
        assert_eq!(y("~"), Value::Undef);
        assert_eq!(y("0x1F"), Value::Integer(31));
        assert_eq!(y("017"), Value::Integer(15));
        assert_eq!(y("0o17"), Value::string("0o17"));
        assert_eq!(y("1_000"), Value::Integer(1000));
        assert_eq!(y("1e5"), Value::string("1e5"));
        assert_eq!(y("1.5e+3"), Value::Float(1500.0));
        assert_eq!(y("1:30"), Value::Integer(5400));
        assert_eq!(y("'yes'"), Value::string("yes"));
        assert_eq!(y(""), Value::Undef);
    }

    #[test]
    fn errors_have_positions() {
        let e = parse("a: [1, 2\nb: 3\n").unwrap_err();
        assert!(e.line >= 1, "{e:?}");
        assert!(parse("a: 2024-01-01").unwrap_err().message.contains("Date"));
        assert!(parse("a: &x [*x]").is_err());
    }
}
