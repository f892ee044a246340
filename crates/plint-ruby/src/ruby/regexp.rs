//! Ruby regexps for the interpreter: the same translation of Ruby's dialect as the evaluator's
//! (`types::translate_ruby_regex`), compiled with `fancy_regex` with a bounded back-tracking
//! budget. The one place `crates/plint-ruby/src/ruby` touches a regexp engine.

use std::fmt;

use fancy_regex::{Regex, RegexBuilder};

use super::ast::RegexFlags;

/// Back-tracking steps a match may take before it is given up (an error, never a hang).
const BACKTRACK_LIMIT: usize = 1_000_000;

/// A compiled Ruby regexp.
pub struct Regexp {
    /// The source as written between the slashes.
    pub source: String,
    /// Its options.
    pub flags: RegexFlags,
    re: Regex,
}

impl fmt::Debug for Regexp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.inspect())
    }
}

/// One match: the byte ranges of its groups, and the names of the named ones.
pub struct Found {
    /// Group 0.. ranges.
    pub groups: Vec<Option<(usize, usize)>>,
}

impl Regexp {
    /// Compiles a Ruby pattern; `Err` is the reason it does not compile.
    pub fn new(source: &str, flags: RegexFlags) -> Result<Regexp, String> {
        let mut prefix = String::new();
        if flags.ignore_case {
            prefix.push_str("(?i)");
        }
        if flags.multiline {
            prefix.push_str("(?s)");
        }
        if flags.extended {
            prefix.push_str("(?x)");
        }
        let pattern = format!("{prefix}{}", crate::types::translate_ruby_regex(source));
        let re = RegexBuilder::new(&pattern)
            .backtrack_limit(BACKTRACK_LIMIT)
            .delegate_size_limit(8 << 20)
            .delegate_dfa_size_limit(8 << 20)
            .build()
            .map_err(|e| e.to_string())?;
        Ok(Regexp {
            source: source.to_string(),
            flags,
            re,
        })
    }

    /// A regexp matching `text` literally (`Regexp.escape`d).
    pub fn literal(text: &str) -> Result<Regexp, String> {
        Regexp::new(&escape(text), RegexFlags::default())
    }

    /// The names of the named groups with their indexes.
    pub fn names(&self) -> Vec<(String, usize)> {
        self.re
            .capture_names()
            .enumerate()
            .filter_map(|(i, n)| n.map(|n| (n.to_string(), i)))
            .collect()
    }

    /// The first match at or after byte `start`; `Err` when the match gives up.
    pub fn find_at(&self, text: &str, start: usize) -> Result<Option<Found>, String> {
        if start > text.len() {
            return Ok(None);
        }
        match self.re.captures_from_pos(text, start) {
            Ok(Some(c)) => Ok(Some(Found {
                groups: (0..c.len())
                    .map(|i| c.get(i).map(|m| (m.start(), m.end())))
                    .collect(),
            })),
            Ok(None) => Ok(None),
            Err(e) => Err(e.to_string()),
        }
    }

    /// `Regexp#to_s`: `(?-mix:source)` with the options.
    pub fn to_s(&self) -> String {
        let on = format!(
            "{}{}{}",
            if self.flags.multiline { "m" } else { "" },
            if self.flags.ignore_case { "i" } else { "" },
            if self.flags.extended { "x" } else { "" }
        );
        let off = format!(
            "{}{}{}",
            if self.flags.multiline { "" } else { "m" },
            if self.flags.ignore_case { "" } else { "i" },
            if self.flags.extended { "" } else { "x" }
        );
        if off.is_empty() {
            format!("(?{on}:{})", self.source)
        } else {
            format!("(?{on}-{off}:{})", self.source)
        }
    }

    /// `Regexp#inspect`: `/source/flags`.
    pub fn inspect(&self) -> String {
        format!(
            "/{}/{}{}{}",
            self.source,
            if self.flags.multiline { "m" } else { "" },
            if self.flags.ignore_case { "i" } else { "" },
            if self.flags.extended { "x" } else { "" }
        )
    }
}

/// `Regexp.escape`.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '.' | '*' | '?' | '+' | '^' | '$' | '|' | '(' | ')' | '[' | ']' | '{' | '}' | '\\'
            | '/' | '-' => {
                if c == '/' {
                    out.push('/');
                    continue;
                }
                out.push('\\');
                out.push(c);
            }
            ' ' => out.push_str("\\ "),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\x0c' => out.push_str("\\f"),
            '\x0b' => out.push_str("\\v"),
            '#' => out.push_str("\\#"),
            c => out.push(c),
        }
    }
    out
}
