//! Ruby regular expressions, as Puppet's `Pattern` and `Regexp` types hold them, compiled with
//! `fancy_regex` (look-around and back-references included) and cached per process.
//!
//! Ruby differs from Rust's dialect where it matters for matching: `^` and `$` always match at
//! line boundaries, the inline flag `m` means "dot matches newline" (Rust's `s`), `\h` is a
//! hex digit, `\Z` matches before a final newline, `{,n}` means `{0,n}`, `\0` is NUL, and `\d`,
//! `\w`, `\s` are ASCII only. The translation keeps Ruby's meanings.

use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

use fancy_regex::Regex;

type Compiled = Result<Arc<Regex>, String>;

/// The patterns compiled so far, shared by the threads (compiling one costs far more than
/// matching with it, and the same few come back in every file).
static CACHE: std::sync::LazyLock<std::sync::RwLock<HashMap<String, Compiled>>> =
    std::sync::LazyLock::new(Default::default);

/// Rewrites a Ruby pattern in `fancy_regex` syntax.
pub fn translate_ruby_regex(src: &str) -> String {
    let chars: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len() + 16);
    out.push_str("(?m)");
    let mut class_depth = 0usize;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let in_class = class_depth > 0;
        if c == '\\' {
            let Some(&n) = chars.get(i + 1) else {
                out.push_str("\\\\");
                break;
            };
            i += 2;
            let rep: Option<&str> = match n {
                'd' => Some(if in_class { "0-9" } else { "[0-9]" }),
                'D' if !in_class => Some("[^0-9]"),
                'w' => Some(if in_class {
                    "a-zA-Z0-9_"
                } else {
                    "[a-zA-Z0-9_]"
                }),
                'W' if !in_class => Some("[^a-zA-Z0-9_]"),
                's' => Some(if in_class {
                    " \\t\\r\\n\\f\\x0B"
                } else {
                    "[ \\t\\r\\n\\f\\x0B]"
                }),
                'S' if !in_class => Some("[^ \\t\\r\\n\\f\\x0B]"),
                'h' => Some(if in_class { "0-9a-fA-F" } else { "[0-9a-fA-F]" }),
                'H' if !in_class => Some("[^0-9a-fA-F]"),
                'Z' if !in_class => Some("(?=\\n?\\z)"),
                '0' => Some("\\x00"),
                '/' => Some("/"),
                _ => None,
            };
            match rep {
                Some(r) => out.push_str(r),
                None => {
                    out.push('\\');
                    out.push(n);
                }
            }
            continue;
        }
        match c {
            '[' => {
                if in_class && chars.get(i + 1) == Some(&':') {
                    // A POSIX class (`[[:xdigit:]]`): copy up to its `:]`.
                    let mut j = i + 2;
                    while j + 1 < chars.len() && !(chars[j] == ':' && chars[j + 1] == ']') {
                        j += 1;
                    }
                    let end = (j + 2).min(chars.len());
                    out.extend(&chars[i..end]);
                    i = end;
                    continue;
                }
                class_depth += 1;
                out.push('[');
                i += 1;
                if chars.get(i) == Some(&'^') {
                    out.push('^');
                    i += 1;
                }
                // A `]` first in a class is a literal.
                if chars.get(i) == Some(&']') {
                    out.push_str("\\]");
                    i += 1;
                }
                continue;
            }
            ']' if in_class => {
                class_depth -= 1;
                out.push(']');
            }
            '{' if !in_class && chars.get(i + 1) == Some(&',') => {
                // `{,n}` is `{0,n}` in Ruby.
                out.push_str("{0");
            }
            '(' if !in_class && chars.get(i + 1) == Some(&'?') => {
                let mut j = i + 2;
                let mut flags = String::new();
                while j < chars.len() && matches!(chars[j], 'i' | 'm' | 'x' | '-') {
                    flags.push(if chars[j] == 'm' { 's' } else { chars[j] });
                    j += 1;
                }
                if !flags.is_empty() && matches!(chars.get(j), Some(')' | ':')) {
                    out.push_str("(?");
                    out.push_str(&flags);
                    i = j;
                    continue;
                }
                out.push('(');
            }
            c => out.push(c),
        }
        i += 1;
    }
    out
}

/// The compiled form of a Ruby pattern, or why it does not compile.
pub fn ruby_regex(src: &str) -> Result<Arc<Regex>, String> {
    if let Ok(cache) = CACHE.read()
        && let Some(r) = cache.get(src)
    {
        return r.clone();
    }
    // Matches are only ever asked of short texts, whole: a prefilter (literal extraction,
    // Aho-Corasick tables) would cost more to build than it could save.
    let compiled = fancy_regex::RegexOptionsBuilder::new()
        .build_delegate_prefilter(false)
        .build(translate_ruby_regex(src))
        .map(Arc::new)
        .map_err(|e| e.to_string());
    if let Ok(mut c) = CACHE.write() {
        if c.len() > 4096 {
            c.clear();
        }
        c.insert(src.to_string(), compiled.clone());
    }
    compiled
}

/// Does the Ruby pattern match somewhere in `text`? `None` when the pattern does not compile
/// or the match gives up (back-tracking limit).
pub fn ruby_regex_matches(src: &str, text: &str) -> Option<bool> {
    ruby_regex(src).ok()?.is_match(text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruby_semantics() {
        let m = |p: &str, s: &str| ruby_regex_matches(p, s);
        assert_eq!(m(r"\A\d+\z", "123"), Some(true));
        assert_eq!(m(r"\A\d+\z", "12a"), Some(false));
        assert_eq!(m(r"^b", "a\nb"), Some(true));
        assert_eq!(m(r"a\Z", "a\n"), Some(true));
        assert_eq!(m(r"\A[a-z2-7]+={,6}\z", "abc=="), Some(true));
        assert_eq!(m(r"\A[[:xdigit:]]{1,4}\z", "beef"), Some(true));
        assert_eq!(m(r"^([0-9](?!\d))$", "7"), Some(true));
        assert_eq!(m(r"(?i:\Ahttps?:\/\/.*\z)", "HTTP://x"), Some(true));
        assert_eq!(m(r"(?m:a.b)", "a\nb"), Some(true));
        assert_eq!(m(r"a.b", "a\nb"), Some(false));
        assert_eq!(m(r"\A\/([^\n\/\0]+\/*)*\z", "/etc/x"), Some(true));
        assert_eq!(m(r"[]a]", "]"), Some(true));
        assert_eq!(m(r"(", "x"), None);
    }
}
