//! Ruby regular expressions (Puppet's) on top of `fancy_regex`, with a per-thread cache so a
//! pattern is compiled once.
//!
//! Ruby's syntax differs from Rust's in a few ways that change results: `^` and `$` always match
//! at line boundaries, the `m` flag means "dot matches newline", `\d`, `\w` and `\s` are ASCII,
//! `\h` is a hex digit and `\Z` matches before a final newline. The translation keeps those
//! meanings.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use fancy_regex::Regex;

use super::value::Value;

thread_local! {
    static CACHE: RefCell<HashMap<String, Result<Arc<Regex>, String>>> = RefCell::new(HashMap::new());
}

/// Translates a Ruby pattern to the `fancy_regex` dialect.
fn translate(src: &str) -> String {
    let mut out = String::with_capacity(src.len() + 8);
    out.push_str("(?m)");
    let chars: Vec<char> = src.chars().collect();
    let mut i = 0;
    let mut in_class = 0usize;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\\' if i + 1 < chars.len() => {
                let n = chars[i + 1];
                let rep: Option<&str> = match (n, in_class > 0) {
                    ('d', false) => Some("[0-9]"),
                    ('d', true) => Some("0-9"),
                    ('D', false) => Some("[^0-9]"),
                    ('w', false) => Some("[a-zA-Z0-9_]"),
                    ('w', true) => Some("a-zA-Z0-9_"),
                    ('W', false) => Some("[^a-zA-Z0-9_]"),
                    ('s', false) => Some("[ \\t\\r\\n\\f\\x0B]"),
                    ('s', true) => Some(" \\t\\r\\n\\f\\x0B"),
                    ('S', false) => Some("[^ \\t\\r\\n\\f\\x0B]"),
                    ('h', false) => Some("[0-9a-fA-F]"),
                    ('h', true) => Some("0-9a-fA-F"),
                    ('H', false) => Some("[^0-9a-fA-F]"),
                    ('Z', false) => Some("(?=\\n?\\z)"),
                    ('/', _) => Some("/"),
                    _ => None,
                };
                match rep {
                    Some(r) => out.push_str(r),
                    None => {
                        out.push('\\');
                        out.push(n);
                    }
                }
                i += 2;
                continue;
            }
            '[' => {
                in_class += 1;
                out.push('[');
                // A `]` right after `[` or `[^` is a literal.
                if i + 1 < chars.len() && chars[i + 1] == '^' {
                    out.push('^');
                    i += 1;
                }
                if i + 1 < chars.len() && chars[i + 1] == ']' {
                    out.push_str("\\]");
                    i += 1;
                }
            }
            ']' if in_class > 0 => {
                in_class -= 1;
                out.push(']');
            }
            '(' if in_class == 0 && chars.get(i + 1) == Some(&'?') => {
                // Inline flags: Ruby's `m` is Rust's `s`.
                let mut j = i + 2;
                let mut flags = String::new();
                while j < chars.len() && matches!(chars[j], 'i' | 'm' | 'x' | '-') {
                    flags.push(if chars[j] == 'm' { 's' } else { chars[j] });
                    j += 1;
                }
                if !flags.is_empty() && j < chars.len() && matches!(chars[j], ')' | ':') {
                    out.push_str("(?");
                    out.push_str(&flags);
                    i = j;
                    continue;
                }
                out.push('(');
            }
            _ => out.push(c),
        }
        i += 1;
    }
    out
}

/// The compiled regex for a Ruby pattern, or the reason it is invalid.
pub fn compile(src: &str) -> Result<Arc<Regex>, String> {
    CACHE.with(|cache| {
        if let Some(r) = cache.borrow().get(src) {
            return r.clone();
        }
        let compiled = Regex::new(&translate(src))
            .map(Arc::new)
            .map_err(|e| e.to_string());
        let mut c = cache.borrow_mut();
        if c.len() > 4096 {
            c.clear();
        }
        c.insert(src.to_string(), compiled.clone());
        compiled
    })
}

/// The match variables of a successful match: `$0` (the whole match) and one entry per group,
/// `undef` for a group that did not participate.
pub type Captures = Vec<Value>;

/// Matches `text` against the pattern: `Ok(None)` when it does not match.
pub fn captures(src: &str, text: &str) -> Result<Option<Captures>, String> {
    let re = compile(src)?;
    match re.captures(text) {
        Ok(Some(caps)) => Ok(Some(
            (0..caps.len())
                .map(|i| {
                    caps.get(i)
                        .map_or(Value::Undef, |m| Value::string(m.as_str()))
                })
                .collect(),
        )),
        Ok(None) => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}

/// Whether `text` matches the pattern.
pub fn is_match(src: &str, text: &str) -> Result<bool, String> {
    let re = compile(src)?;
    re.is_match(text).map_err(|e| e.to_string())
}

/// Escapes a string so that it matches literally (Ruby's `Regexp.escape`).
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '.' | '*' | '?' | '+' | '^' | '$' | '|' | '(' | ')' | '[' | ']' | '{' | '}' | '\\'
            | '/' | '-' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            ' ' => out.push_str("\\ "),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruby_semantics() {
        assert!(is_match("^b", "a\nb").unwrap());
        assert!(!is_match("\\d", "٣").unwrap());
        assert!(is_match("(?m)a.b", "a\nb").unwrap());
        assert!(is_match("\\Aab\\Z", "ab\n").unwrap());
        assert!(is_match("[\\d]+x", "12x").unwrap());
        let caps = captures("(a)(x)?", "a").unwrap().unwrap();
        assert_eq!(caps, vec![Value::from("a"), Value::from("a"), Value::Undef]);
    }
}
