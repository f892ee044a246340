//! What the `metadata.json` rules share: the parsed file, where its keys and values are in the
//! text, and the syntax of module names, versions and version ranges (as Puppet's
//! `semantic_puppet` reads them).

use std::ops::Range;
use std::sync::LazyLock;

use fancy_regex::Regex;
use serde_json::{Map, Value};

/// A `metadata.json` that does not parse: where and why.
#[derive(Debug, Clone)]
pub struct JsonError {
    pub offset: usize,
    pub message: String,
}

/// Parses a `metadata.json`: its top-level object, or why it is not one.
pub fn parse(text: &str) -> Result<Map<String, Value>, JsonError> {
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(JsonError {
            offset: text.len() - text.trim_start().len(),
            message: "the file is not a JSON object".into(),
        }),
        Err(e) => {
            let offset = offset_of(text, e.line(), e.column());
            // serde_json's message ends with its own " at line L column C".
            let message = e.to_string();
            let message = match message.rfind(" at line ") {
                Some(i) => message[..i].to_string(),
                None => message,
            };
            Err(JsonError { offset, message })
        }
    }
}

/// The byte offset of a 1-based line and a 1-based column (serde_json's, counted in bytes).
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    crate::report::floor_char_boundary(text, start + column.saturating_sub(1))
}

/// The span of `"key"` written as a key of the top-level object (followed by `:`), or the
/// span of the object's `{` when there is none.
pub fn key_span(text: &str, key: &str) -> Range<usize> {
    let quoted = serde_json::to_string(key).unwrap_or_default();
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' | b'[' => depth += 1,
            b'}' | b']' => depth = depth.saturating_sub(1),
            b'"' => {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                let end = (i + 1).min(bytes.len());
                if depth == 1
                    && text.get(start..end) == Some(quoted.as_str())
                    && text[end..].trim_start().starts_with(':')
                {
                    return start..end;
                }
            }
            _ => {}
        }
        i += 1;
    }
    let brace = text.find('{').unwrap_or(0);
    brace..(brace + 1).min(text.len())
}

/// The span of `value` (a string, as JSON writes it) at or after `from`, else the span at
/// `from`... as found; `fallback` when the text does not hold it.
pub fn value_span(text: &str, value: &str, from: usize, fallback: Range<usize>) -> Range<usize> {
    let quoted = serde_json::to_string(value).unwrap_or_default();
    match text.get(from..).and_then(|t| t.find(&quoted)) {
        Some(i) => from + i..from + i + quoted.len(),
        None => fallback,
    }
}

/// A module's full name as the Forge writes it: `author-module` (or the older
/// `author/module`): the author letters and digits, the module a lower-case letter, then
/// lower-case letters, digits and underscores.
pub fn is_full_module_name(name: &str) -> bool {
    static NAME: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\A[A-Za-z0-9]+[-/][a-z][a-z0-9_]*\z").unwrap());
    NAME.is_match(name).unwrap_or(false)
}

/// A Semantic Version 2.0 (`1.2.3`, `1.0.0-rc.1+build.5`).
pub fn is_semver(v: &str) -> bool {
    static SEMVER: LazyLock<Regex> = LazyLock::new(|| {
        let nr = "(?:0|[1-9][0-9]*)";
        let parts = "[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*";
        Regex::new(&format!(r"\A{nr}\.{nr}\.{nr}(?:-{parts})?(?:\+{parts})?\z")).unwrap()
    });
    SEMVER.is_match(v).unwrap_or(false)
}

/// A version range as Puppet reads it (`>= 1.0.0 < 2.0.0`, `1.x`, `~> 1.2`, `^2`,
/// `1.0.0 - 1.3.9`, `>=1 <2 || >=3`): `None` when it does not parse, else whether every
/// alternative has an upper bound.
pub fn version_range(range: &str) -> Option<Bounded> {
    static OP_SPACE: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"([><=~^])(?:\s+|\s*v)").unwrap());
    static OR: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\s*\|\|\s*").unwrap());
    static HYPHEN: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(&format!(r"\A({PARTIAL})\s+-\s+({PARTIAL})\z")).unwrap());
    static SIMPLE: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(&format!(r"\A(<=|>=|~>|~=|[<>=~^])?({PARTIAL})\z")).unwrap());
    const PARTIAL: &str = r"(?:x|X|\*|0|[1-9][0-9]*)(?:\.(?:x|X|\*|0|[1-9][0-9]*)(?:\.(?:x|X|\*|0|[1-9][0-9]*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?)?)?";
    let joined = OP_SPACE.replace_all(range.trim(), "$1");
    let mut bounded = true;
    for alternative in OR.split(&joined) {
        let alternative = alternative.ok()?;
        if HYPHEN.is_match(alternative).ok()? {
            continue;
        }
        let mut upper = false;
        for simple in alternative.split_whitespace() {
            let caps = SIMPLE.captures(simple).ok()??;
            let op = caps.get(1).map_or("", |m| m.as_str());
            let version = caps.get(2).map_or("", |m| m.as_str());
            upper |= match op {
                "<" | "<=" | "~" | "~>" | "~=" | "^" => true,
                ">" | ">=" => false,
                // `=` or none: an exact version, or a partial one (`1.x`, `1`) bounded above,
                // except any version (`*`).
                _ => !matches!(version, "*" | "x" | "X"),
            };
        }
        // An empty alternative (`""`) is any version.
        bounded &= upper;
    }
    Some(if bounded { Bounded::Yes } else { Bounded::No })
}

/// Whether a version range has an upper bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bounded {
    Yes,
    No,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        for (r, want) in [
            (">= 4.13.1 < 7.0.0", Some(Bounded::Yes)),
            (">=1.0.0", Some(Bounded::No)),
            (">= 2.2.1", Some(Bounded::No)),
            ("1.x", Some(Bounded::Yes)),
            ("1.2.3", Some(Bounded::Yes)),
            ("~> 1.2", Some(Bounded::Yes)),
            ("^2", Some(Bounded::Yes)),
            ("1.0.0 - 1.3.9", Some(Bounded::Yes)),
            (">=1 <2 || >=3", Some(Bounded::No)),
            (">=1 <2 || 3.x", Some(Bounded::Yes)),
            ("*", Some(Bounded::No)),
            ("", Some(Bounded::No)),
            (">=v1.0.0 < 2", Some(Bounded::Yes)),
            (">= v1.0.0", None),
            ("1.0.0 to 2.0.0", None),
            (">=1.0.0 <2.0.0,", None),
            ("latest", None),
        ] {
            assert_eq!(version_range(r), want, "{r:?}");
        }
    }

    #[test]
    fn names_and_versions() {
        assert!(is_full_module_name("puppetlabs-apache"));
        assert!(is_full_module_name("puppetlabs/stdlib"));
        assert!(!is_full_module_name("apache"));
        assert!(!is_full_module_name("puppetlabs-Apache"));
        assert!(is_semver("1.2.3"));
        assert!(is_semver("1.0.0-rc.1+b.5"));
        assert!(!is_semver("1.2"));
        assert!(!is_semver("01.2.3"));
    }

    #[test]
    fn syntax_errors_have_a_place() {
        let e = parse("{\n  \"name\": \"a-b\",\n  \"version\" \"1.0.0\"\n}\n").unwrap_err();
        assert_eq!(e.offset, 31, "{e:?}");
        assert!(parse("[1]").is_err());
        assert_eq!(key_span("{ \"a\" : 1, \"b\": \"a\" }", "b"), 11..14);
        let nested = "{ \"deps\": [{\"name\": \"x\"}], \"name\": \"m\" }";
        assert_eq!(&nested[key_span(nested, "name")], "\"name\"");
        assert_eq!(key_span(nested, "name").start, 27);
    }
}
