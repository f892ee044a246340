//! Ruby regular expressions, as Puppet's `Pattern` and `Regexp` types hold them, compiled with
//! `fancy_regex` (look-around and back-references included) and cached per run: a
//! [`RegexCache`] belongs to the run that compiles (the index's [`super::Caches`] for
//! inference and the rules, the compilation for the evaluator).
//!
//! Every match is bounded. `fancy_regex` runs a pattern without back-references or look-around
//! on the `regex` crate's linear engines; only the others back-track, and they give up after
//! [`BACKTRACK_BASE`] steps, or [`BACKTRACK_PER_BYTE`] per byte of a longer text (the real
//! patterns of the module corpus need at most 17 steps on their texts; a catastrophic one such
//! as `^(a+\1?)+$` needs millions). Compiling is bounded too: the compiled program's size, the
//! nesting depth. A match that gives up is [`RegexFailure::TooCostly`]: the callers say so
//! (rules P121 and P220) rather than guess.
//!
//! Ruby differs from Rust's dialect where it matters for matching: `^` and `$` always match at
//! line boundaries, the inline flag `m` means "dot matches newline" (Rust's `s`), `\h` is a
//! hex digit, `\Z` matches before a final newline, `{,n}` means `{0,n}`, `\0` is NUL, and `\d`,
//! `\w`, `\s` are ASCII only. The translation keeps Ruby's meanings.

use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

use fancy_regex::Regex;

type Compiled = Result<Arc<Regex>, String>;

/// The patterns compiled so far by one run, shared by its threads (compiling one costs far
/// more than matching with it, and the same few come back in every file). Its methods compile
/// and match; [`RegexCache::default`] makes an empty one.
#[derive(Debug, Default)]
pub struct RegexCache {
    compiled: std::sync::RwLock<HashMap<String, Compiled>>,
}

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

/// How many back-tracking steps a match may take on a short text.
pub const BACKTRACK_BASE: usize = 10_000;

/// How many back-tracking steps a match may take per byte of a text longer than
/// `BACKTRACK_BASE / BACKTRACK_PER_BYTE` bytes (a search that fails at every position of a
/// long text back-tracks at each one: a real pattern needs a few steps per byte).
pub const BACKTRACK_PER_BYTE: usize = 64;

/// The largest compiled pattern (the `regex` crate's size, in bytes, of each linear part; the
/// back-tracking program's instructions): `a{1000}{1000}` and the like fail to compile.
const MAX_COMPILED_SIZE: usize = 4 << 20;
const MAX_PROGRAM: usize = 100_000;

/// The longest pattern compiled (a pattern longer than this is invalid for plint).
const MAX_PATTERN_LEN: usize = 64 * 1024;

/// Why a match has no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RegexFailure {
    /// The pattern does not compile (the message says why).
    Invalid(String),
    /// The match gave up: it would back-track more than allowed for the text's length.
    TooCostly,
}

impl std::fmt::Display for RegexFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RegexFailure::Invalid(e) => f.write_str(e),
            RegexFailure::TooCostly => write!(
                f,
                "the match gave up (more than {BACKTRACK_BASE} back-tracking steps, or \
                 {BACKTRACK_PER_BYTE} per byte of the text)"
            ),
        }
    }
}

/// Is this the error of a match that gave up?
pub fn is_too_costly(e: &fancy_regex::Error) -> bool {
    matches!(
        e,
        fancy_regex::Error::RuntimeError(fancy_regex::RuntimeError::BacktrackLimitExceeded)
    )
}

/// The step limit for a text of `len` bytes: [`BACKTRACK_BASE`], or a power of two times it
/// covering [`BACKTRACK_PER_BYTE`] per byte.
fn limit_for(len: usize) -> usize {
    let mut limit = BACKTRACK_BASE;
    while limit / BACKTRACK_PER_BYTE < len && limit < usize::MAX / 4 {
        limit *= 2;
    }
    limit
}

fn compile(src: &str, backtrack_limit: usize) -> Compiled {
    if src.len() > MAX_PATTERN_LEN {
        return Err(format!(
            "the pattern is longer than {MAX_PATTERN_LEN} bytes"
        ));
    }
    // Matches are only ever asked of short texts, whole: a prefilter (literal extraction,
    // Aho-Corasick tables) would cost more to build than it could save.
    fancy_regex::RegexOptionsBuilder::new()
        .build_delegate_prefilter(false)
        .backtrack_limit(backtrack_limit)
        .delegate_size_limit(MAX_COMPILED_SIZE)
        .delegate_dfa_size_limit(MAX_COMPILED_SIZE)
        .max_prog_size(MAX_PROGRAM)
        .build(translate_ruby_regex(src))
        .map(Arc::new)
        .map_err(|e| e.to_string())
}

impl RegexCache {
    /// The compiled form of a Ruby pattern, or why it does not compile. Its matches give up
    /// after `BACKTRACK_BASE` steps: for a longer text, see [`RegexCache::ruby_regex_for`].
    pub fn ruby_regex(&self, src: &str) -> Result<Arc<Regex>, String> {
        if let Ok(cache) = self.compiled.read()
            && let Some(r) = cache.get(src)
        {
            return r.clone();
        }
        let compiled = compile(src, BACKTRACK_BASE);
        if let Ok(mut c) = self.compiled.write() {
            if c.len() > 4096 {
                c.clear();
            }
            c.insert(src.to_string(), compiled.clone());
        }
        compiled
    }

    /// [`RegexCache::ruby_regex`], with a step limit fit for searching a text of `len` bytes
    /// (compiled anew, not cached, past `BACKTRACK_BASE / BACKTRACK_PER_BYTE` bytes).
    pub fn ruby_regex_for(&self, src: &str, len: usize) -> Result<Arc<Regex>, String> {
        let limit = limit_for(len);
        if limit == BACKTRACK_BASE {
            self.ruby_regex(src)
        } else {
            // Checked first: an invalid pattern is not compiled twice.
            self.ruby_regex(src)?;
            compile(src, limit)
        }
    }

    /// Runs a search of `text` with the pattern, with the step limit for its length: the
    /// cached form first, a form with the larger limit only when a long text needs it.
    pub fn with_ruby_regex<T>(
        &self,
        src: &str,
        text: &str,
        search: impl Fn(&Regex) -> Result<T, fancy_regex::Error>,
    ) -> Result<T, RegexFailure> {
        let re = self.ruby_regex(src).map_err(RegexFailure::Invalid)?;
        match search(&re) {
            Ok(t) => Ok(t),
            Err(e) if is_too_costly(&e) => {
                if limit_for(text.len()) == BACKTRACK_BASE {
                    return Err(RegexFailure::TooCostly);
                }
                let re = compile(src, limit_for(text.len())).map_err(RegexFailure::Invalid)?;
                search(&re).map_err(|e| {
                    if is_too_costly(&e) {
                        RegexFailure::TooCostly
                    } else {
                        RegexFailure::Invalid(e.to_string())
                    }
                })
            }
            Err(e) => Err(RegexFailure::Invalid(e.to_string())),
        }
    }

    /// Does the Ruby pattern match somewhere in `text`?
    pub fn ruby_regex_matches(&self, src: &str, text: &str) -> Result<bool, RegexFailure> {
        self.with_ruby_regex(src, text, |re| re.is_match(text))
    }

    /// How many patterns are remembered.
    pub fn len(&self) -> usize {
        self.compiled.read().map_or(0, |c| c.len())
    }

    /// Whether no pattern is remembered.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ruby_regex_matches(src: &str, text: &str) -> Result<bool, RegexFailure> {
        RegexCache::default().ruby_regex_matches(src, text)
    }

    #[test]
    fn two_caches_are_apart() {
        let (a, b) = (RegexCache::default(), RegexCache::default());
        assert_eq!(a.ruby_regex_matches("^x", "xy"), Ok(true));
        assert_eq!(a.len(), 1);
        assert!(b.is_empty());
    }

    #[test]
    fn ruby_semantics() {
        let m = |p: &str, s: &str| ruby_regex_matches(p, s).ok();
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

    #[test]
    fn catastrophic_patterns_give_up() {
        let text = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab";
        assert_eq!(
            ruby_regex_matches(r"^(a+\1?)+$", text),
            Err(RegexFailure::TooCostly)
        );
        // Without back-references, the linear engine answers.
        assert_eq!(ruby_regex_matches(r"^(a+)+$", text), Ok(false));
        // A long text gets more steps: a real pattern still answers on it.
        let long = "ab".repeat(100_000);
        assert_eq!(ruby_regex_matches(r"(\w)\1", &long), Ok(false));
        assert_eq!(ruby_regex_matches(r"(?<!a)c", &long), Ok(false));
    }

    #[test]
    fn hostile_patterns_do_not_compile() {
        for p in [
            "(?:a{1000}){1000}",
            "(a)(?:a{1000}){1000}\\1",
            &format!("{}a{}", "(".repeat(100_000), ")".repeat(100_000)),
            &format!("{}a{}\\1", "(?=".repeat(10_000), ")".repeat(10_000)),
            &"a".repeat(MAX_PATTERN_LEN + 1),
        ] {
            let r = ruby_regex_matches(p, "aaa");
            assert!(
                matches!(r, Err(RegexFailure::Invalid(_)) | Ok(false)),
                "{r:?}"
            );
        }
    }
}
