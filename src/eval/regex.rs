//! Ruby regular expressions (Puppet's) in evaluation: match variables, escaping; compiling is
//! the type system's (`types::ruby_regex`).

use std::sync::Arc;

use fancy_regex::Regex;

use super::value::Value;

/// The compiled regex for a Ruby pattern, or the reason it is invalid: the type system's
/// translation and per-thread cache ([`crate::types::ruby_regex`]), so `=~` in evaluation and
/// `Pattern` in types match alike.
pub fn compile(src: &str) -> Result<Arc<Regex>, String> {
    crate::types::ruby_regex(src)
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
