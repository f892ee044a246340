//! Ruby regular expressions (Puppet's) in evaluation: match variables, escaping; compiling is
//! the type system's ([`RegexCache`]), with the compilation's cache.

use std::sync::Arc;

use fancy_regex::Regex;

use super::value::Value;
pub use crate::types::RegexCache;

/// The compiled regex for a Ruby pattern, or the reason it is invalid: the type system's
/// translation, cached in `regexes` (the compilation's), so `=~` in evaluation and `Pattern`
/// in types match alike. Its step limit fits a text of `len` bytes (see
/// [`RegexCache::ruby_regex_for`]): a search that returns an error for which
/// [`crate::types::is_too_costly`] holds gave up.
pub fn compile_for(regexes: &RegexCache, src: &str, len: usize) -> Result<Arc<Regex>, String> {
    regexes.ruby_regex_for(src, len)
}

/// [`compile_for`] a short text: to check that a pattern compiles.
pub fn compile(regexes: &RegexCache, src: &str) -> Result<Arc<Regex>, String> {
    regexes.ruby_regex(src)
}

/// The match variables of a successful match: `$0` (the whole match) and one entry per group,
/// `undef` for a group that did not participate.
pub type Captures = Vec<Value>;

pub use crate::types::RegexFailure;

/// Matches `text` against the pattern: `Ok(None)` when it does not match. The match is
/// bounded (see [`RegexCache::with_ruby_regex`]): one that gives up is
/// [`RegexFailure::TooCostly`].
pub fn captures(
    regexes: &RegexCache,
    src: &str,
    text: &str,
) -> Result<Option<Captures>, RegexFailure> {
    regexes.with_ruby_regex(src, text, |re| {
        Ok(re.captures(text)?.map(|caps| {
            (0..caps.len())
                .map(|i| {
                    caps.get(i)
                        .map_or(Value::Undef, |m| Value::string(m.as_str()))
                })
                .collect()
        }))
    })
}

/// Whether `text` matches the pattern (bounded as [`captures`] is).
pub fn is_match(regexes: &RegexCache, src: &str, text: &str) -> Result<bool, RegexFailure> {
    regexes.with_ruby_regex(src, text, |re| re.is_match(text))
}

/// The origin of the unknown value a match that gave up leaves, around its pattern.
const GAVE_UP: (&str, &str) = ("a match against /", "/ that gave up (too costly)");

/// The evaluation error a match that gave up raises inside a function or operator; the
/// evaluator turns it into an unknown value and a finding (P220), see [`gave_up`].
pub fn too_costly(src: &str) -> super::error::EvalError {
    super::error::EvalError::new(format!("{}{src}{}", GAVE_UP.0, GAVE_UP.1))
}

/// The pattern of a match that gave up, when `e` is the error [`too_costly`] made.
pub fn gave_up(e: &super::error::EvalError) -> Option<&str> {
    if !e.is_error() {
        return None;
    }
    e.message.strip_prefix(GAVE_UP.0)?.strip_suffix(GAVE_UP.1)
}

/// The error of a failed match: [`too_costly`] when it gave up, else `invalid` made of the
/// message.
pub fn failure_error(
    src: &str,
    f: RegexFailure,
    invalid: impl FnOnce(String) -> super::error::EvalError,
) -> super::error::EvalError {
    match f {
        RegexFailure::TooCostly => too_costly(src),
        RegexFailure::Invalid(e) => invalid(e),
    }
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

    fn is_match(src: &str, text: &str) -> Result<bool, RegexFailure> {
        super::is_match(&RegexCache::default(), src, text)
    }

    fn captures(src: &str, text: &str) -> Result<Option<Captures>, RegexFailure> {
        super::captures(&RegexCache::default(), src, text)
    }

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

    #[test]
    fn a_match_that_gives_up_is_an_error_of_its_own() {
        let p = r"^(a+\1?)+$";
        assert_eq!(
            captures(p, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab"),
            Err(RegexFailure::TooCostly)
        );
        assert_eq!(gave_up(&too_costly(p)), Some(p));
        assert_eq!(gave_up(&super::super::error::EvalError::new("x")), None);
    }
}
