//! HOCON data as Hiera's `hocon_data` reads it: Puppet gives a data file's text to the `hocon`
//! gem's `Hocon.parse`, which resolves the document's substitutions and unwraps it into a hash.
//! The syntax and the substitutions are the `hocon-parser` crate's; this module confines it and
//! turns its values into Puppet's as the gem unwraps them.
//!
//! What the crate would read on its own is never given to it:
//! - **Includes** (`include "x.conf"`, `include file(...)`, `url(...)`, `classpath(...)`): the
//!   crate reads them from the file system itself, outside the sandbox, and the gem resolves a
//!   string's includes against the server's working directory. A document with one is not
//!   resolved: [`Hocon::Unknown`] says why, and every value of the file is unknown.
//! - **Environment variables**: a substitution the document does not define (`${HOME}`) is
//!   the compiling server's environment variable for the gem. The crate is given a made-up
//!   environment in which each such name has a marker value; a value that holds a marker is
//!   unknown, naming the variable.
//!
//! A substitution can copy a value many times (`b = ${a}${a}`, `c = ${b}${b}`, ...): a document
//! whose substitutions could make more than [`MAX_RESOLVED`] bytes is not resolved either.

use std::collections::HashMap;

use ::hocon::{HoconValue, ParseOptions, ScalarType, TokenKind};

use crate::eval::value::{Hash, Value};

/// The most bytes the substitutions of a document may produce at worst (each substitution at
/// most doubles the largest value: the text's length times 2 to the number of substitutions).
pub const MAX_RESOLVED: u64 = 64 << 20;

/// What a HOCON document gives.
#[derive(Debug, Clone, PartialEq)]
pub enum Hocon {
    /// The document's value (a hash), with unknowns where an environment variable is read.
    Data(Value),
    /// The document was not resolved; why (every value it holds is unknown).
    Unknown(String),
}

/// The marker around an environment variable's name in the made-up environment.
const MARK: char = '\u{0}';
const MARK_PREFIX: &str = "\u{0}plint-environment-variable:";

/// Reads a HOCON document as `Hocon.parse` does; `Err` is the parse or resolution error, as
/// the gem raises one (Puppet then fails the lookup: "Unable to parse").
pub fn parse(text: &str) -> Result<Hocon, String> {
    let tokens = ::hocon::tokenize(text).map_err(|e| e.to_string())?;
    if let Some(at) = include_at(&tokens) {
        return Ok(Hocon::Unknown(format!(
            "its include at line {}, column {} is not read (an include names a file or URL \
             outside the data plint may read)",
            at.0, at.1
        )));
    }
    let mut env = HashMap::new();
    let mut substitutions: u32 = 0;
    for t in &tokens {
        let Some(s) = &t.subst else { continue };
        substitutions += 1;
        if s.list_suffix {
            return Ok(Hocon::Unknown(format!(
                "its substitution at line {}, column {} lists environment variables, which \
                 are the server's",
                t.line, t.col
            )));
        }
        let name = s
            .segments
            .iter()
            .map(|s| s.text.as_str())
            .collect::<Vec<_>>()
            .join(".");
        env.entry(name.clone())
            .or_insert_with(|| format!("{MARK_PREFIX}{name}{MARK}"));
    }
    let worst = (text.len() as u64).saturating_mul(1u64 << substitutions.min(63));
    if substitutions > 0 && (substitutions >= 63 || worst > MAX_RESOLVED) {
        return Ok(Hocon::Unknown(format!(
            "its {substitutions} substitutions could make more than {} MiB of data, which \
             plint does not resolve",
            MAX_RESOLVED >> 20
        )));
    }
    let config = ::hocon::parse_string_with_options(text, ParseOptions::defaults().with_env(env))
        .map_err(|e| e.to_string())?;
    let mut out = Hash::with_capacity(config.keys().len());
    for key in config.keys() {
        let quoted = format!("\"{}\"", key.replace('\\', "\\\\").replace('"', "\\\""));
        if let Some(v) = config.get(&quoted) {
            out.insert(Value::string(key), value(v));
        }
    }
    Ok(Hocon::Data(Value::hash(out)))
}

/// Where the first include directive is (line, column): an unquoted word that begins with
/// `include` where a key may start (the beginning of the document, of a line, or after `{` or
/// `,` in an object). Inside an array such a word is a value.
fn include_at(tokens: &[::hocon::Token]) -> Option<(usize, usize)> {
    // Whether each open bracket is an object's (the document's root is one, braces or not).
    let mut objects = vec![true];
    let mut key_position = true;
    for t in tokens {
        match t.kind {
            TokenKind::LBrace => {
                objects.push(true);
                key_position = true;
                continue;
            }
            TokenKind::LBracket => {
                objects.push(false);
                key_position = false;
                continue;
            }
            TokenKind::RBrace | TokenKind::RBracket => {
                if objects.len() > 1 {
                    objects.pop();
                }
                key_position = false;
                continue;
            }
            TokenKind::Comma | TokenKind::Newline => {
                key_position = objects.last() == Some(&true);
                continue;
            }
            TokenKind::Unquoted
                if key_position && !t.is_quoted && t.value.starts_with("include") =>
            {
                return Some((t.line, t.col));
            }
            _ => {}
        }
        key_position = false;
    }
    None
}

/// A resolved value as the gem unwraps it.
fn value(v: &HoconValue) -> Value {
    match v {
        HoconValue::Object(fields) => {
            let mut out = Hash::with_capacity(fields.len());
            for (k, e) in fields {
                out.insert(Value::string(k.as_str()), value(e));
            }
            Value::hash(out)
        }
        HoconValue::Array(items) => Value::array(items.iter().map(value).collect()),
        HoconValue::Scalar(s) => match s.value_type {
            ScalarType::Null => Value::Undef,
            ScalarType::Boolean => Value::Boolean(s.raw == "true"),
            ScalarType::Number => number(&s.raw),
            _ => string(&s.raw),
        },
        // Only an unresolved document has placeholders: this one is resolved.
        _ => Value::unknown("Any", "an unresolved HOCON substitution"),
    }
}

/// A string, unknown when it holds an environment variable's marker.
fn string(s: &str) -> Value {
    match s.find(MARK_PREFIX) {
        None => Value::string(s),
        Some(at) => {
            let rest = &s[at + MARK_PREFIX.len()..];
            let name = rest.split(MARK).next().unwrap_or(rest);
            Value::unknown(
                "String",
                &format!(
                    "the Puppet server's environment variable `{name}` (a HOCON substitution)"
                ),
            )
        }
    }
}

/// A number as the gem reads it: with `.`, `e` or `E`, Ruby's `Float()`, an Integer when it
/// is whole; else Ruby's `Integer()`, which reads a leading `0` as octal and refuses a digit
/// 8 or 9 after it (the text is then a string).
fn number(raw: &str) -> Value {
    if raw.contains(['.', 'e', 'E']) {
        return match raw.parse::<f64>() {
            Ok(f) if f.is_finite() && f.fract() == 0.0 => whole(f),
            Ok(f) if f.is_finite() => Value::Float(f),
            _ => string(raw),
        };
    }
    let (negative, digits) = match raw.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, raw),
    };
    let parsed = match digits.strip_prefix('0') {
        Some(octal) if !octal.is_empty() => i64::from_str_radix(octal, 8),
        _ => digits.parse::<i64>(),
    };
    match parsed {
        Ok(n) => Value::Integer(if negative { -n } else { n }),
        Err(e) if matches!(e.kind(), std::num::IntErrorKind::PosOverflow) => {
            Value::unknown("Integer", "a HOCON integer beyond 64 bits")
        }
        Err(_) => string(raw),
    }
}

/// A whole float as the gem unwraps it: an Integer.
fn whole(f: f64) -> Value {
    // 2^63: i64's range is [-2^63, 2^63).
    const LIMIT: f64 = 9_223_372_036_854_775_808.0;
    if (-LIMIT..LIMIT).contains(&f) {
        Value::Integer(f as i64)
    } else {
        Value::unknown("Integer", "a HOCON integer beyond 64 bits")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(text: &str) -> Hash {
        match parse(text).unwrap() {
            Hocon::Data(Value::Hash(h)) => (*h).clone(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn includes_are_found_where_a_key_may_start() {
        for text in [
            "include \"x.conf\"\n",
            "a = 1\ninclude file(\"/etc/passwd\")\n",
            "a { include required(file(\"x\")) }\n",
            "a = 1, include url(\"http://example.com/x\")\n",
            "\u{feff}include\"x\"",
            "a = 1 # c\r\ninclude \"x\"",
            "a = [{ include \"x\" }]",
            "a = ${b} { include \"x\" }\nb = {}",
        ] {
            assert!(
                matches!(parse(text), Ok(Hocon::Unknown(m)) if m.contains("include")),
                "{text}"
            );
        }
        // A value, quoted or in an array, is not one.
        let d = data("a = [include, x]\nb = \"include\"\nc = included\n");
        assert_eq!(d.get_str("b"), Some(&Value::string("include")));
    }

    #[test]
    fn environment_variables_are_unknown() {
        let d = data("a = ${HOME}\nb = \"x\"${?PATH}\nc = ${a}\nd = 1\ne = ${d}\n");
        for k in ["a", "b", "c"] {
            let v = d.get_str(k).unwrap();
            assert!(v.is_unknown(), "{k}: {v:?}");
        }
        assert!(
            format!("{:?}", d.get_str("a")).contains("`HOME`"),
            "{:?}",
            d.get_str("a")
        );
        assert_eq!(d.get_str("e"), Some(&Value::Integer(1)));
    }

    #[test]
    fn numbers_as_ruby_reads_them() {
        let d =
            data("a = 2.0\nb = 1.5\nc = 1e3\nd = 010\ne = 09\nf = -5\ng = 99999999999999999999\n");
        assert_eq!(d.get_str("a"), Some(&Value::Integer(2)));
        assert_eq!(d.get_str("b"), Some(&Value::Float(1.5)));
        assert_eq!(d.get_str("c"), Some(&Value::Integer(1000)));
        assert_eq!(d.get_str("d"), Some(&Value::Integer(8)));
        assert_eq!(d.get_str("e"), Some(&Value::string("09")));
        assert_eq!(d.get_str("f"), Some(&Value::Integer(-5)));
        assert!(d.get_str("g").unwrap().is_unknown());
    }

    #[test]
    fn copies_that_could_explode_are_not_resolved() {
        let mut text = String::from("a0 = \"xxxxxxxxxxxxxxxx\"\n");
        for i in 1..40 {
            text.push_str(&format!("a{i} = ${{a{}}}${{a{}}}\n", i - 1, i - 1));
        }
        assert!(matches!(parse(&text), Ok(Hocon::Unknown(m)) if m.contains("substitutions")));
    }
}
