//! Ruby functions and resource types, read as text (never run).
//!
//! A small tolerant scanner: `Lexed` blanks out comments, string contents, heredoc bodies and
//! regular expressions (keeping every byte's position, so the structure is read from the
//! blanked text and values from the original), finds the calls of interest
//! (`create_function`, `dispatch` and its parameter methods, `newfunction`, `newtype`,
//! `newparam`, `newproperty`, `ensurable`, `newvalues`, `register_type`) with their arguments
//! and their `do ... end` / `{ ... }` blocks, and makes definitions of them. What it does not
//! understand makes a definition looser (`Any`), never stricter.
//!
//! - 4.x functions (`lib/puppet/functions/**/*.rb`): one [`Signature`] per `dispatch` block, in
//!   order; a function without `dispatch` gets the signature of its method named after the
//!   function (`def min(a, b = 1, *rest, &block)`: `Any` parameters), or none (any call is
//!   accepted) when that method is not found. Types that use the function's `local_types`
//!   aliases become `Any`.
//! - 3.x functions (`lib/puppet/parser/functions/*.rb`): `newfunction(:name, :type => :rvalue,
//!   :arity => n)`; arity `n >= 0` is `n` parameters, `-n-1` at least `n`; without an arity,
//!   no signature (any call is accepted).
//! - resource types (`lib/puppet/type/*.rb`): `Puppet::Type.newtype(:name)` with `newparam`,
//!   `newproperty`, `ensurable`, `newvalues` / `newvalue` / `aliasvalue`, namevars
//!   (`:namevar => true`, `isnamevar`); and Resource API types
//!   (`Puppet::ResourceApi.register_type(name: ..., attributes: { ... })`).

use std::ops::Range;
use std::path::PathBuf;

use super::model::{
    AttributeDef, AttributeKind, BlockParam, FunctionDef, FunctionKind, Origin, ParamKind,
    ResourceTypeDef, SigParam, Signature, TypeSrc,
};

/// What a Ruby file defines, by where it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `lib/puppet/functions/**/*.rb`
    Function4x,
    /// `lib/puppet/parser/functions/*.rb`
    Function3x,
    /// `lib/puppet/type/*.rb`
    ResourceType,
}

/// A Ruby file to scan.
#[derive(Debug, Clone)]
pub struct Source {
    pub path: PathBuf,
    pub text: String,
    pub kind: Kind,
}

/// What a Ruby file defines.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Defs {
    pub functions: Vec<FunctionDef>,
    pub resource_types: Vec<ResourceTypeDef>,
    /// Top-scope variables a function sets (`closure_scope['x'] = ...`, `scope['x'] = ...`,
    /// `scope.setvar('x', ...)`), with the 1-based line.
    pub top_variables: Vec<(String, u32)>,
}

/// Scans one file.
pub fn scan(source: &Source) -> Defs {
    let lexed = Lexed::new(&source.text);
    let mut defs = Defs::default();
    match source.kind {
        Kind::Function4x => {
            defs.functions.extend(functions_4x(&lexed, &source.path));
            defs.top_variables = variables_set(&source.text);
        }
        Kind::Function3x => {
            defs.functions.extend(functions_3x(&lexed, &source.path));
            defs.top_variables = variables_set(&source.text);
        }
        Kind::ResourceType => {
            defs.resource_types.extend(newtypes(&lexed, &source.path));
            defs.resource_types
                .extend(resource_api_types(&lexed, &source.path));
        }
    }
    defs
}

/// The variables a function sets in the scope it is called from (which is top scope when it
/// is called there): `closure_scope['x'] = v`, `scope['x'] = v`, `scope.setvar('x', v)`
/// (also with `self.` or double quotes), each once, with its 1-based line. Names made at run
/// time (`scope[name] = v`) are not read.
fn variables_set(text: &str) -> Vec<(String, u32)> {
    let mut out: Vec<(String, u32)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.split('#').next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("scope") {
            let before = &rest[..at];
            let after = &rest[at + "scope".len()..];
            rest = after;
            // `closure_scope`, `scope`, `self.scope`; not `myscope` or `scope_x`.
            let word_start = before
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_') || before.ends_with("closure_"));
            if !word_start {
                continue;
            }
            let (name, tail) = if let Some(args) = after.strip_prefix(".setvar(") {
                match quoted(args.trim_start()) {
                    Some(q) => q,
                    None => continue,
                }
            } else if let Some(key) = after.strip_prefix('[') {
                match quoted(key.trim_start()) {
                    Some((name, tail)) => {
                        let tail = tail.trim_start();
                        let Some(tail) = tail.strip_prefix(']') else {
                            continue;
                        };
                        let tail = tail.trim_start();
                        // An assignment, not a comparison.
                        if !tail.starts_with('=')
                            || tail.starts_with("==")
                            || tail.starts_with("=~")
                        {
                            continue;
                        }
                        (name, tail)
                    }
                    None => continue,
                }
            } else {
                continue;
            };
            let _ = tail;
            let name = name.trim_start_matches("::");
            if !name.is_empty()
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && !out.iter().any(|(n, _)| n == name)
            {
                out.push((name.to_string(), i as u32 + 1));
            }
        }
    }
    out
}

/// The text of a string literal at the start of `s` (single or double quotes, no escapes)
/// and what follows it.
fn quoted(s: &str) -> Option<(&str, &str)> {
    let quote = s.chars().next().filter(|c| *c == '\'' || *c == '"')?;
    let end = s[1..].find(quote)?;
    Some((&s[1..1 + end], &s[2 + end..]))
}

// ---------------------------------------------------------------------- lexing

/// The text, and a copy of it with comments, string contents, heredoc bodies and regular
/// expressions replaced by spaces (newlines kept).
struct Lexed<'a> {
    raw: &'a str,
    code: Vec<u8>,
    /// Where each line starts.
    lines: crate::report::LineIndex,
    /// The words that open (`+1`) or close (`-1`, `end`) a block, at their positions, in
    /// order: [`Lexed::matching_end`] counts them instead of reading the text again.
    block_words: Vec<(usize, i32)>,
    /// The words that name a method [`Lexed::calls`] is asked for ([`is_call_name`]), as
    /// their start and length, in order.
    call_words: Vec<(usize, usize)>,
    /// For each of `block_words`, the index of the first later word that closes a block
    /// opened before it (see [`first_drops`]): [`Lexed::matching_end`] looks it up.
    block_closes: Vec<u32>,
    /// The positions of the brackets (`([{` and `)]}`) of the code, in order, and for each
    /// the index of the first later one that closes a bracket opened before it.
    brackets: Vec<u32>,
    bracket_closes: Vec<u32>,
}

/// For a sequence of steps of `+1` (open) and `-1` (close): for each index `s`, the first
/// index `k >= s` where the steps `s..=k` add up to `-1` (the close of a level opened before
/// `s`), or `u32::MAX`. One pass from the end: the running sum moves one at a time, so the
/// first later index where it reaches a value is the nearest one seen.
fn first_drops(steps: &[i32]) -> Vec<u32> {
    let n = steps.len();
    // The running sum before each step, offset to stay positive.
    let mut sums = Vec::with_capacity(n + 1);
    let mut sum = n as i64 + 1;
    sums.push(sum);
    for &st in steps {
        sum += i64::from(st.signum());
        sums.push(sum);
    }
    let mut nearest = vec![u32::MAX; 2 * n + 3];
    let mut out = vec![u32::MAX; n];
    for s in (0..n).rev() {
        // The sum after step `s` is reached at index `s`.
        nearest[sums[s + 1] as usize] = s as u32;
        out[s] = nearest[(sums[s] - 1) as usize];
    }
    out
}

/// How many calls' argument lists may hold each other before the inner calls' arguments are
/// no longer read (see [`Lexed::calls`]).
const MAX_NESTED_ARGS: usize = 4;

/// Whether `word` is the name of a method whose calls the scanner looks for.
fn is_call_name(word: &[u8]) -> bool {
    word.len() >= 4
        && matches!(
            word,
            b"create_function"
                | b"local_types"
                | b"type"
                | b"dispatch"
                | b"param"
                | b"required_param"
                | b"optional_param"
                | b"repeated_param"
                | b"optional_repeated_param"
                | b"required_repeated_param"
                | b"block_param"
                | b"required_block_param"
                | b"optional_block_param"
                | b"return_type"
                | b"newfunction"
                | b"newtype"
                | b"newparam"
                | b"newproperty"
                | b"ensurable"
                | b"newmetaparam"
                | b"newvalues"
                | b"newvalue"
                | b"aliasvalue"
                | b"isnamevar"
                | b"validate"
                | b"defaultvalues"
                | b"register_type"
        )
}

/// A value written as an argument.
#[derive(Debug, Clone, PartialEq)]
enum Arg {
    Symbol(String),
    Str(String),
    Bool(bool),
    Int(i64),
    Regex,
    /// `key => value` or `key: value`.
    Pair(String, Box<Arg>),
    /// A `{ ... }` hash literal: its byte range (without the braces).
    Hash(Range<usize>),
    Other(String),
}

impl Arg {
    fn word(&self) -> Option<&str> {
        match self {
            Arg::Symbol(s) | Arg::Str(s) => Some(s),
            _ => None,
        }
    }
}

/// A call: the method's name, its arguments, and its block (the range inside `do ... end` or
/// `{ ... }`).
#[derive(Debug, Clone)]
struct Call {
    name: String,
    at: usize,
    args: Vec<Arg>,
    block: Option<Range<usize>>,
}

fn is_ident(b: u8) -> bool {
    IDENT[b as usize]
}

/// The bytes of a Ruby name: ASCII letters, digits and `_`.
static IDENT: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = (b as u8).is_ascii_alphanumeric() || b == b'_' as usize;
        b += 1;
    }
    t
};

/// The bytes [`Lexed::new`] looks at anywhere in a line (`=` and `_` matter only first on a
/// line, after a line break): all others are passed over in one loop.
static LEXED_STOPS: [bool; 256] = {
    let mut t = [false; 256];
    let stops = b"\n#'\"`%</?";
    let mut k = 0;
    while k < stops.len() {
        t[stops[k] as usize] = true;
        k += 1;
    }
    t
};

impl<'a> Lexed<'a> {
    fn new(raw: &'a str) -> Self {
        let bytes = raw.as_bytes();
        let mut code = bytes.to_vec();
        let mut i = 0;
        let mut pending_heredocs: Vec<(String, bool)> = Vec::new();
        let blank = |code: &mut Vec<u8>, r: Range<usize>| {
            // Without a branch, the compiler blanks many bytes at once.
            for b in &mut code[r] {
                *b = if *b == b'\n' { b'\n' } else { b' ' };
            }
        };
        let at_line_start = |i: usize| i == 0 || bytes[i - 1] == b'\n';
        while i < bytes.len() {
            let b = bytes[i];
            match b {
                b'\n' => {
                    i += 1;
                    // Heredoc bodies start on the next line.
                    for (tag, squiggly) in std::mem::take(&mut pending_heredocs) {
                        let start = i;
                        let mut end = bytes.len();
                        let mut j = i;
                        while j < bytes.len() {
                            let line_end =
                                memchr::memchr(b'\n', &bytes[j..]).map_or(bytes.len(), |k| j + k);
                            let line = raw[j..line_end].trim_end_matches('\r');
                            let line = if squiggly { line.trim() } else { line };
                            if line == tag {
                                end = line_end;
                                break;
                            }
                            j = line_end + 1;
                        }
                        blank(&mut code, start..end);
                        i = end.min(bytes.len());
                    }
                }
                b'#' => {
                    let end = memchr::memchr(b'\n', &bytes[i..]).map_or(bytes.len(), |k| i + k);
                    blank(&mut code, i..end);
                    i = end;
                }
                b'=' if at_line_start(i) && raw[i..].starts_with("=begin") => {
                    let end = raw[i..]
                        .find("\n=end")
                        .map_or(bytes.len(), |k| (i + k + 5).min(bytes.len()));
                    blank(&mut code, i..end);
                    i = end;
                }
                b'_' if at_line_start(i) && raw[i..].starts_with("__END__") => {
                    blank(&mut code, i..bytes.len());
                    break;
                }
                b'\'' | b'"' | b'`' => {
                    let end = string_end(bytes, i + 1, b, None);
                    blank(&mut code, i + 1..end.saturating_sub(1).max(i + 1));
                    i = end;
                }
                b'%' if i + 2 < bytes.len() => {
                    // %q(...), %Q{...}, %w[...], %i[...], %r{...}, %(...)
                    let (kind, open_at) = if bytes[i + 1].is_ascii_alphabetic() {
                        (bytes[i + 1], i + 2)
                    } else {
                        (b'Q', i + 1)
                    };
                    let open = bytes[open_at];
                    let close = match open {
                        b'(' => b')',
                        b'[' => b']',
                        b'{' => b'}',
                        b'<' => b'>',
                        b'|' | b'!' | b'/' => open,
                        _ => {
                            i += 1;
                            continue;
                        }
                    };
                    if !b"qQwWiIrs".contains(&kind) {
                        i += 1;
                        continue;
                    }
                    let nest = (open != close).then_some(open);
                    let end = string_end(bytes, open_at + 1, close, nest);
                    blank(
                        &mut code,
                        open_at + 1..end.saturating_sub(1).max(open_at + 1),
                    );
                    i = end;
                }
                b'<' if raw[i..].starts_with("<<") => {
                    let rest = &raw[i + 2..];
                    let (squiggly, rest, skip) = match rest.as_bytes().first() {
                        Some(b'~') | Some(b'-') => (true, &rest[1..], 3),
                        _ => (false, rest, 2),
                    };
                    let (quote, rest, skip) = match rest.as_bytes().first() {
                        Some(q @ (b'\'' | b'"' | b'`')) => (Some(*q), &rest[1..], skip + 1),
                        _ => (None, rest, skip),
                    };
                    let len = rest.bytes().take_while(|&c| is_ident(c)).count();
                    let tag = &rest[..len];
                    let ok = len > 0
                        && (squiggly || quote.is_some() || tag.as_bytes()[0].is_ascii_uppercase())
                        && !tag.as_bytes()[0].is_ascii_digit();
                    if ok {
                        pending_heredocs.push((tag.to_string(), squiggly));
                        i += skip + len + usize::from(quote.is_some());
                    } else {
                        i += 2;
                    }
                }
                b'/' if regex_can_start(bytes, i) => {
                    let end = regex_end(bytes, i + 1);
                    blank(&mut code, i + 1..end.saturating_sub(1).max(i + 1));
                    i = end;
                }
                b'?' if i + 1 < bytes.len()
                    && (bytes[i + 1] == b'\'' || bytes[i + 1] == b'"')
                    && i > 0
                    && !is_ident(bytes[i - 1]) =>
                {
                    // A character literal (`?'`).
                    i += 2;
                }
                _ => {
                    i += 1;
                    while i < bytes.len() && !LEXED_STOPS[bytes[i] as usize] {
                        i += 1;
                    }
                }
            }
        }
        let lines = crate::report::LineIndex::new(raw);
        let mut brackets = Vec::new();
        let mut bracket_steps = Vec::new();
        for (j, &b) in code.iter().enumerate() {
            match b {
                b'(' | b'[' | b'{' => {
                    brackets.push(j as u32);
                    bracket_steps.push(1);
                }
                b')' | b']' | b'}' => {
                    brackets.push(j as u32);
                    bracket_steps.push(-1);
                }
                _ => {}
            }
        }
        let mut lexed = Lexed {
            raw,
            code,
            lines,
            block_words: Vec::new(),
            call_words: Vec::new(),
            block_closes: Vec::new(),
            bracket_closes: first_drops(&bracket_steps),
            brackets,
        };
        (lexed.block_words, lexed.call_words) = lexed.find_words();
        let steps: Vec<i32> = lexed.block_words.iter().map(|&(_, st)| st).collect();
        lexed.block_closes = first_drops(&steps);
        lexed
    }

    /// See [`Lexed::block_words`] and [`Lexed::call_words`].
    #[allow(clippy::type_complexity)]
    fn find_words(&self) -> (Vec<(usize, i32)>, Vec<(usize, usize)>) {
        let code = &self.code[..];
        let mut out = Vec::new();
        let mut calls = Vec::new();
        let mut i = 0;
        while i < code.len() {
            if !is_ident(code[i]) {
                i += 1;
                continue;
            }
            // The start of a word (the loop passes over whole words).
            let len = code[i..].iter().take_while(|&&b| is_ident(b)).count();
            if is_call_name(&code[i..i + len]) {
                calls.push((i, len));
            }
            let method = i > 0 && (code[i - 1] == b'.' || code[i - 1] == b':');
            let key = code.get(i + len) == Some(&b':') && code.get(i + len + 1) != Some(&b':');
            if !method && !key {
                match &code[i..i + len] {
                    b"do" | b"def" | b"class" | b"module" | b"begin" | b"case" => out.push((i, 1)),
                    b"if" | b"unless" | b"while" | b"until" if self.starts_statement(i) => {
                        out.push((i, 1))
                    }
                    b"end" => out.push((i, -1)),
                    _ => {}
                }
            }
            i += len;
        }
        (out, calls)
    }

    fn line_of(&self, at: usize) -> u32 {
        // 1-based.
        (self.lines.line_index(at) + 1) as u32
    }

    /// Whether the word at `at..at+len` is a whole word (not part of a name, not a method
    /// called on something, not a symbol).
    fn is_word_at(&self, at: usize, len: usize) -> bool {
        let c = &self.code;
        let before_ok = at == 0
            || (!is_ident(c[at - 1])
                && c[at - 1] != b':'
                && c[at - 1] != b'@'
                && c[at - 1] != b'$');
        let before_ok = before_ok || (at >= 2 && c[at - 1] == b':' && c[at - 2] == b':');
        let after = c.get(at + len).copied();
        before_ok && !after.is_some_and(|b| is_ident(b) || b == b'?' || b == b'!')
    }

    /// Calls of any of `names` in `range`, in order.
    fn calls(&self, range: Range<usize>, names: &[&str]) -> Vec<Call> {
        let mut out = Vec::new();
        let code = &self.code[..];
        let end = range.end.min(code.len());
        let start = range.start.min(end);
        // Where a name stands as a whole word starting in the range (it may run past its end).
        debug_assert!(
            names.iter().all(|n| is_call_name(n.as_bytes())),
            "{names:?}"
        );
        let words = &self.call_words;
        let hits = words[words.partition_point(|&(at, _)| at < start)..]
            .iter()
            .take_while(|&&(at, _)| at < end)
            .filter(|&&(at, len)| names.iter().any(|n| n.as_bytes() == &code[at..at + len]))
            .copied();
        // Where the argument lists of the calls being read end: past a few nested in each
        // other (`param(param(param(...)))`), a call's arguments are not read (each byte is
        // then read a bounded number of times).
        let mut open_args: Vec<usize> = Vec::new();
        for (i, len) in hits {
            let word = &self.raw[i..i + len];
            if (i == 0 || code[i - 1] != b':' || (i >= 2 && code[i - 2] == b':'))
                && !(i > 0 && (code[i - 1] == b'@' || code[i - 1] == b'$'))
            {
                open_args.retain(|&end| end > i);
                let (args, after) = if open_args.len() < MAX_NESTED_ARGS {
                    self.args(i + len, range.end)
                } else {
                    (Vec::new(), i + len)
                };
                open_args.push(after);
                let block = self.block_after(after, range.end);
                out.push(Call {
                    name: word.to_string(),
                    at: i,
                    args,
                    block,
                });
            }
        }
        out
    }

    /// The arguments of a call whose name ends at `at`: in parentheses, or up to the end of
    /// the line (continued after a trailing comma). Returns them and where they end.
    fn args(&self, at: usize, limit: usize) -> (Vec<Arg>, usize) {
        let code = &self.code[..];
        let mut i = at;
        while i < limit && (code[i] == b' ' || code[i] == b'\t') {
            i += 1;
        }
        let (start, end, after) = if i < limit && code[i] == b'(' {
            let close = self.matching(i, limit);
            if close >= limit {
                // Not closed: no arguments read (they would run to the end of the range,
                // for each such call).
                (i + 1, i + 1, limit)
            } else {
                (i + 1, close, close + 1)
            }
        } else {
            // Bare arguments: to the end of the statement.
            let mut j = i;
            let mut depth = 0i32;
            while j < limit {
                match code[j] {
                    b'(' | b'[' | b'{' if !(depth == 0 && code[j] == b'{' && j == i) => depth += 1,
                    b')' | b']' | b'}' => {
                        if depth == 0 {
                            break;
                        }
                        depth -= 1;
                    }
                    b';' if depth == 0 => break,
                    b'\n' if depth == 0 => {
                        let before = self.raw[i..j].trim_end();
                        if !(before.ends_with(',') || before.ends_with('\\')) {
                            break;
                        }
                    }
                    _ => {}
                }
                if depth == 0 && self.word_is(j, "do") {
                    break;
                }
                j += 1;
            }
            if i < limit && code[i] == b'{' {
                // `name { ... }` is a block, not a hash argument.
                (i, i, i)
            } else {
                (i, j, j)
            }
        };
        let mut args = Vec::new();
        for r in self.split_top(start..end, b',') {
            if let Some(a) = self.arg(r) {
                args.push(a);
            }
        }
        (args, after)
    }

    fn word_is(&self, at: usize, word: &str) -> bool {
        self.code[at..].starts_with(word.as_bytes()) && self.is_word_at(at, word.len())
    }

    /// The block right after a call's arguments: `do ... end` or `{ ... }`.
    fn block_after(&self, at: usize, limit: usize) -> Option<Range<usize>> {
        let code = &self.code[..];
        let mut i = at;
        while i < limit && (code[i] == b' ' || code[i] == b'\t') {
            i += 1;
        }
        if i < limit && code[i] == b'{' {
            let close = self.matching(i, limit);
            return Some(i + 1..close);
        }
        if self.word_is(i, "do") {
            let end = self.matching_end(i + 2, limit);
            return Some(i + 2..end);
        }
        None
    }

    /// The position of the bracket closing the one at `open` (or `limit`).
    fn matching(&self, open: usize, limit: usize) -> usize {
        if let Ok(s) = self.brackets.binary_search(&(open as u32)) {
            // The bracket at `open` opens: the one closing it closes a level opened before
            // the next.
            return match self.bracket_closes.get(s + 1) {
                Some(&k) if k != u32::MAX && (self.brackets[k as usize] as usize) < limit => {
                    self.brackets[k as usize] as usize
                }
                _ => limit,
            };
        }
        let mut depth = 0i32;
        for j in open..limit {
            match self.code[j] {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return j;
                    }
                }
                _ => {}
            }
        }
        limit
    }

    /// The position of the `end` closing a block opened just before `from` (or `limit`).
    fn matching_end(&self, from: usize, limit: usize) -> usize {
        let words = &self.block_words;
        let s = words.partition_point(|&(at, _)| at < from);
        match self.block_closes.get(s) {
            Some(&k) if k != u32::MAX && words[k as usize].0 < limit => words[k as usize].0,
            _ => limit,
        }
    }

    /// Whether the keyword at `at` starts a statement (not a modifier `x if y`).
    fn starts_statement(&self, at: usize) -> bool {
        // The line before `at`, without its trailing blanks: read back over the blanks only
        // (not to the line's start: a long line has many keywords).
        let mut end = at;
        while end > 0 && matches!(self.code[end - 1], b' ' | b'\t' | b'\r' | 0x0b | 0x0c) {
            end -= 1;
        }
        let line_start = if end == 0 || self.code[end - 1] == b'\n' {
            end
        } else {
            end.saturating_sub(2)
        };
        let before = &self.code[line_start..end];
        match before {
            [] => true,
            // `x.strip! if y`: a bang method's name, not the `!` operator.
            [.., p, b'!'] if is_ident(*p) => false,
            [.., b] => b"=(,;[{|&!".contains(b),
        }
    }

    /// Splits `range` at `sep` outside brackets.
    fn split_top(&self, range: Range<usize>, sep: u8) -> Vec<Range<usize>> {
        let mut out = Vec::new();
        let mut depth = 0i32;
        let mut start = range.start;
        for j in range.clone() {
            match self.code[j] {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth -= 1,
                c if c == sep && depth == 0 => {
                    out.push(start..j);
                    start = j + 1;
                }
                _ => {}
            }
        }
        if start < range.end {
            out.push(start..range.end);
        }
        out
    }

    /// One argument, from its text.
    fn arg(&self, r: Range<usize>) -> Option<Arg> {
        let code = std::str::from_utf8(&self.code[r.clone()]).unwrap_or("");
        let lead = code.len() - code.trim_start().len();
        let code = code.trim();
        if code.is_empty() {
            return None;
        }
        let start = r.start + lead;
        let raw = &self.raw[start..start + code.len()];
        // `key => value`
        if let Some(k) = find_top(code, "=>") {
            let key = self.arg(start..start + k)?;
            let value = self.arg(start + k + 2..start + code.len())?;
            return Some(Arg::Pair(key.word()?.to_string(), Box::new(value)));
        }
        // `key: value` (not `::`)
        let bytes = code.as_bytes();
        let key_len = bytes.iter().take_while(|&&b| is_ident(b)).count();
        if key_len > 0 && bytes.get(key_len) == Some(&b':') && bytes.get(key_len + 1) != Some(&b':')
        {
            let value = self.arg(start + key_len + 1..start + code.len())?;
            return Some(Arg::Pair(code[..key_len].to_string(), Box::new(value)));
        }
        Some(match bytes[0] {
            b'\'' | b'"' if code.ends_with(bytes[0] as char) && code.len() >= 2 => {
                Arg::Str(unquote(&raw[1..raw.len() - 1], bytes[0]))
            }
            b':' if code.len() > 1 && bytes[1] != b':' => {
                let rest = &raw[1..];
                let quoted = ['\'', '"'].into_iter().find_map(|q| {
                    let inner = rest.strip_prefix(q)?.strip_suffix(q)?;
                    Some(unquote(inner, q as u8))
                });
                match quoted {
                    Some(name) => Arg::Symbol(name),
                    None if rest.starts_with(['\'', '"']) => Arg::Other(raw.to_string()),
                    None => Arg::Symbol(rest.to_string()),
                }
            }
            b'/' => Arg::Regex,
            b'%' if code.starts_with("%r") => Arg::Regex,
            b'{' if code.ends_with('}') => Arg::Hash(start + 1..start + code.len() - 1),
            _ if code == "true" => Arg::Bool(true),
            _ if code == "false" => Arg::Bool(false),
            _ if code.parse::<i64>().is_ok() => Arg::Int(code.parse().unwrap_or(0)),
            _ => Arg::Other(raw.to_string()),
        })
    }
}

/// The first `pat` in `s` outside brackets.
fn find_top(s: &str, pat: &str) -> Option<usize> {
    let mut depth = 0i32;
    let b = s.as_bytes();
    for j in 0..b.len() {
        match b[j] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            _ if depth == 0 && b[j..].starts_with(pat.as_bytes()) => return Some(j),
            _ => {}
        }
    }
    None
}

/// The value of a quoted string's contents (escapes of the quote and backslash only).
fn unquote(s: &str, quote: u8) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(n) if n == '\\' || n == quote as char => out.push(n),
                Some('n') if quote == b'"' => out.push('\n'),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The position after the closing `close` of a string whose contents start at `from`.
fn string_end(bytes: &[u8], from: usize, close: u8, nest: Option<u8>) -> usize {
    let mut depth = 0;
    let mut j = from;
    while j < bytes.len() {
        let c = bytes[j];
        if c == b'\\' {
            j += 2;
            continue;
        }
        if Some(c) == nest {
            depth += 1;
        } else if c == close {
            if depth == 0 {
                return j + 1;
            }
            depth -= 1;
        }
        j += 1;
    }
    bytes.len()
}

/// Whether a `/` at `i` starts a regular expression rather than a division.
fn regex_can_start(bytes: &[u8], i: usize) -> bool {
    let mut j = i;
    while j > 0 && (bytes[j - 1] == b' ' || bytes[j - 1] == b'\t') {
        j -= 1;
    }
    if j == 0 || bytes[j - 1] == b'\n' {
        return true;
    }
    let prev = bytes[j - 1];
    if b"(,=~!|&{[;:?+<>".contains(&prev) {
        return true;
    }
    // After a keyword (`when /x/`, `if /x/`), or a method name with a space (`split /,/`).
    let word_end = j;
    let mut k = j;
    while k > 0 && is_ident(bytes[k - 1]) {
        k -= 1;
    }
    let word = std::str::from_utf8(&bytes[k..word_end]).unwrap_or("");
    matches!(
        word,
        "when" | "if" | "unless" | "and" | "or" | "not" | "return" | "newvalues" | "newvalue"
    ) || (word_end < i && bytes.get(i + 1).is_some_and(|&b| b != b' ' && b != b'='))
        && !word.is_empty()
        && !word.as_bytes()[0].is_ascii_digit()
        && !word.as_bytes()[0].is_ascii_uppercase()
        && word != "end"
        && word != "self"
}

fn regex_end(bytes: &[u8], from: usize) -> usize {
    let mut j = from;
    let mut in_class = false;
    while j < bytes.len() {
        match bytes[j] {
            b'\\' => {
                j += 2;
                continue;
            }
            b'\n' => return j, // not a regex after all: stop at the line's end
            b'[' => in_class = true,
            b']' => in_class = false,
            b'/' if !in_class => return j + 1,
            _ => {}
        }
        j += 1;
    }
    bytes.len()
}

// ---------------------------------------------------------------------- 4.x functions

const PARAM_METHODS: &[&str] = &[
    "param",
    "required_param",
    "optional_param",
    "repeated_param",
    "optional_repeated_param",
    "required_repeated_param",
    "block_param",
    "required_block_param",
    "optional_block_param",
    "return_type",
];

fn functions_4x(lx: &Lexed<'_>, path: &std::path::Path) -> Vec<FunctionDef> {
    let mut out = Vec::new();
    let all = 0..lx.code.len();
    for create in lx.calls(all, &["create_function"]) {
        let Some(name) = create.args.first().and_then(Arg::word) else {
            continue;
        };
        let name = name.trim_start_matches("::").to_ascii_lowercase();
        let body = create.block.clone().unwrap_or(create.at..create.at);
        // Aliases declared in `local_types` are not known here: parameters using them are Any.
        let mut local_types: Vec<String> = Vec::new();
        for lt in lx.calls(body.clone(), &["local_types"]) {
            if let Some(b) = lt.block {
                for t in lx.calls(b, &["type"]) {
                    if let Some(decl) = t.args.first().and_then(Arg::word)
                        && let Some((n, _)) = decl.split_once('=')
                    {
                        local_types.push(n.trim().to_string());
                    }
                }
            }
        }
        let loose = |ty: String| -> TypeSrc {
            let uses_local = local_types.iter().any(|l| {
                ty.match_indices(l.as_str()).any(|(k, _)| {
                    let before = ty[..k].chars().last();
                    let after = ty[k + l.len()..].chars().next();
                    !before.is_some_and(|c| c.is_alphanumeric() || c == ':' || c == '_')
                        && !after.is_some_and(|c| c.is_alphanumeric() || c == ':' || c == '_')
                })
            });
            if uses_local { "Any".to_string() } else { ty }
        };
        let mut signatures = Vec::new();
        let dispatches = lx.calls(body.clone(), &["dispatch"]);
        for d in &dispatches {
            let Some(block) = d.block.clone() else {
                continue;
            };
            let mut sig = Signature::default();
            for p in lx.calls(block, PARAM_METHODS) {
                let ty = p.args.first().and_then(|a| match a {
                    Arg::Str(s) => Some(s.clone()),
                    _ => None,
                });
                let pname = p.args.get(1).and_then(Arg::word).unwrap_or("").to_string();
                let kind = match p.name.as_str() {
                    "return_type" => {
                        sig.return_type = Some(loose(ty.unwrap_or_else(|| "Any".into())));
                        continue;
                    }
                    "block_param" | "required_block_param" | "optional_block_param" => {
                        sig.block = Some(BlockParam {
                            name: if pname.is_empty() {
                                "block".into()
                            } else {
                                pname
                            },
                            ty: loose(ty.unwrap_or_else(|| "Callable".into())),
                            optional: p.name == "optional_block_param",
                        });
                        continue;
                    }
                    "optional_param" => ParamKind::Optional,
                    "repeated_param" | "optional_repeated_param" => ParamKind::Repeated,
                    "required_repeated_param" => ParamKind::RequiredRepeated,
                    _ => ParamKind::Required,
                };
                sig.params.push(SigParam {
                    name: pname,
                    ty: loose(ty.unwrap_or_else(|| "Any".into())),
                    kind,
                });
            }
            signatures.push(sig);
        }
        if dispatches.is_empty() {
            let leaf = name.rsplit("::").next().unwrap_or(&name).to_string();
            if let Some(sig) = default_dispatch(lx, body.clone(), &leaf) {
                signatures.push(sig);
            }
        }
        out.push(FunctionDef {
            name,
            kind: FunctionKind::Ruby4x,
            signatures,
            origin: Origin::Ruby {
                path: path.to_path_buf(),
                line: lx.line_of(create.at),
            },
        });
    }
    out
}

/// The signature Puppet derives from the method named after the function: every
/// parameter `Any`, with defaults optional, `*rest` repeated and `&block` an optional block.
fn default_dispatch(lx: &Lexed<'_>, body: Range<usize>, leaf: &str) -> Option<Signature> {
    let code = &lx.code[..];
    let mut i = body.start;
    while i + 3 < body.end {
        if lx.word_is(i, "def") {
            let mut j = i + 3;
            while j < body.end && code[j] == b' ' {
                j += 1;
            }
            let len = code[j..].iter().take_while(|&&b| is_ident(b)).count();
            if &lx.raw[j..j + len] == leaf {
                let k = j + len;
                let params_range = if code.get(k) == Some(&b'(') {
                    k + 1..lx.matching(k, body.end)
                } else {
                    let eol = lx.raw[k..].find('\n').map_or(body.end, |n| k + n);
                    k..eol
                };
                let mut sig = Signature::default();
                for r in lx.split_top(params_range, b',') {
                    let text = lx.raw[r].trim();
                    if text.is_empty() {
                        continue;
                    }
                    if let Some(b) = text.strip_prefix('&') {
                        sig.block = Some(BlockParam {
                            name: b.trim().to_string(),
                            ty: "Callable".into(),
                            optional: true,
                        });
                        continue;
                    }
                    if text.starts_with("**") || text.contains(':') && !text.contains("::") {
                        continue; // keyword arguments are not given by Puppet
                    }
                    let (name, kind) = if let Some(rest) = text.strip_prefix('*') {
                        (rest.trim(), ParamKind::Repeated)
                    } else if let Some((n, _)) = text.split_once('=') {
                        (n.trim(), ParamKind::Optional)
                    } else {
                        (text, ParamKind::Required)
                    };
                    sig.params.push(SigParam {
                        name: name.to_string(),
                        ty: "Any".into(),
                        kind,
                    });
                }
                return Some(sig);
            }
        }
        i += 1;
    }
    None
}

// ---------------------------------------------------------------------- 3.x functions

fn functions_3x(lx: &Lexed<'_>, path: &std::path::Path) -> Vec<FunctionDef> {
    let mut out = Vec::new();
    for call in lx.calls(0..lx.code.len(), &["newfunction"]) {
        let Some(name) = call.args.first().and_then(Arg::word) else {
            continue;
        };
        let mut rvalue = false;
        let mut arity: Option<i64> = None;
        for a in &call.args[1..] {
            if let Arg::Pair(k, v) = a {
                match (k.as_str(), v.as_ref()) {
                    ("type", v) => rvalue = v.word() == Some("rvalue"),
                    ("arity", Arg::Int(n)) => arity = Some(*n),
                    ("arity", Arg::Other(t)) => arity = t.replace(' ', "").parse().ok(),
                    _ => {}
                }
            }
        }
        let any = |i: i64, kind| SigParam {
            name: format!("arg{i}"),
            ty: "Any".into(),
            kind,
        };
        let signatures = match arity {
            None => Vec::new(),
            Some(n) if n >= 0 => vec![Signature {
                params: (0..n).map(|i| any(i, ParamKind::Required)).collect(),
                ..Signature::default()
            }],
            Some(n) => {
                let required = -n - 1;
                let mut params: Vec<SigParam> =
                    (0..required).map(|i| any(i, ParamKind::Required)).collect();
                params.push(any(required, ParamKind::Repeated));
                vec![Signature {
                    params,
                    ..Signature::default()
                }]
            }
        };
        out.push(FunctionDef {
            name: name.to_ascii_lowercase(),
            kind: FunctionKind::Ruby3x { rvalue },
            signatures,
            origin: Origin::Ruby {
                path: path.to_path_buf(),
                line: lx.line_of(call.at),
            },
        });
    }
    out
}

// ---------------------------------------------------------------------- resource types

/// The type of the values a parameter accepts, from its `newvalues`: an `Enum` of plain words
/// (with `Boolean` when `true` / `false` are among them), else `Any`.
fn values_type(values: &[Arg]) -> Option<TypeSrc> {
    let mut words: Vec<String> = Vec::new();
    let mut boolean = false;
    for v in values {
        let w = match v {
            Arg::Bool(b) => {
                boolean = true;
                b.to_string()
            }
            Arg::Symbol(s) | Arg::Str(s) => {
                let plain = !s.is_empty()
                    && s.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
                    && s.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
                if !plain {
                    return None;
                }
                if s == "true" || s == "false" {
                    boolean = true;
                }
                s.clone()
            }
            _ => return None,
        };
        if !words.contains(&w) {
            words.push(w);
        }
    }
    if words.is_empty() {
        return None;
    }
    let list = words
        .iter()
        .map(|w| format!("'{w}'"))
        .collect::<Vec<_>>()
        .join(", ");
    Some(if boolean {
        format!("Variant[Boolean, Enum[{list}]]")
    } else {
        format!("Enum[{list}]")
    })
}

/// Statements of a type's body that add no attribute the scanner does not see.
const KNOWN_TYPE_STATEMENTS: &[&str] = &[
    "newparam",
    "newproperty",
    "ensurable",
    "newcheck",
    "newmetaparam",
    "desc",
    "@doc",
    "feature",
    "autorequire",
    "autobefore",
    "autonotify",
    "autosubscribe",
    "validate",
    "def",
    "class",
    "include",
    "end",
    "require",
    "require_relative",
    "attr_accessor",
    "attr_reader",
    "attr_writer",
    "alias_method",
    "private",
    "if",
    "elsif",
    "else",
    "unless",
    "rescue",
    "begin",
    "ensure",
    "apply_to_device",
    "apply_to_host",
    "apply_to_all",
    "self",
    "@isomorphic",
];

/// The first word of each statement of a block, at its base indentation (the indentation of
/// its first statement): a reader's way of telling the block's own statements from those
/// nested in blocks and methods.
fn statement_words(lx: &Lexed<'_>, body: Range<usize>) -> Vec<String> {
    let code = &lx.code[body];
    // A text that is not UTF-8 (a blanked string cut in a character) has no words.
    if std::str::from_utf8(code).is_err() {
        return Vec::new();
    }
    let mut base: Option<usize> = None;
    let mut out = Vec::new();
    // The lines as `str::lines` gives them (a `\r` before the break is the break's), their
    // leading whitespace read byte by byte unless a character that is not ASCII follows it.
    for line in code.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let lead = line
            .iter()
            .take_while(|b| matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c))
            .count();
        let trimmed = match line.get(lead) {
            Some(b) if !b.is_ascii() => {
                let text = std::str::from_utf8(line).unwrap_or("");
                text.trim_start().as_bytes()
            }
            _ => &line[lead..],
        };
        if trimmed.is_empty() {
            continue;
        }
        let indent = line.len() - trimmed.len();
        let base = *base.get_or_insert(indent);
        if indent != base {
            continue;
        }
        let len = trimmed
            .iter()
            .take_while(|&&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'@')
            .count();
        if len > 0 {
            out.push(String::from_utf8_lossy(&trimmed[..len]).into_owned());
        }
    }
    out
}

fn newtypes(lx: &Lexed<'_>, path: &std::path::Path) -> Vec<ResourceTypeDef> {
    let mut out = Vec::new();
    for nt in lx.calls(0..lx.code.len(), &["newtype"]) {
        let Some(name) = nt.args.first().and_then(Arg::word) else {
            continue;
        };
        let body = nt.block.clone().unwrap_or(nt.at..nt.at);
        // A parent type's attributes, or statements the scanner does not know (a mixin's
        // `create_parameters`, `extend`), may add attributes it cannot see.
        let mut complete = nt.block.is_some()
            && !nt
                .args
                .iter()
                .any(|a| matches!(a, Arg::Pair(k, _) if k == "parent"))
            && statement_words(lx, body.clone())
                .iter()
                .all(|w| KNOWN_TYPE_STATEMENTS.contains(&w.as_str()));
        let mut attributes: Vec<AttributeDef> = Vec::new();
        let calls = lx.calls(
            body.clone(),
            &["newparam", "newproperty", "ensurable", "newmetaparam"],
        );
        // Only the type's own attributes: not those of nested blocks of another attribute.
        let mut taken: Vec<Range<usize>> = Vec::new();
        // The attributes' indices by name (a type may have thousands).
        let mut by_name: rustc_hash::FxHashMap<String, usize> = Default::default();
        for c in calls {
            // The calls come in order: a block that ended before this one cannot hold a
            // later one either.
            taken.retain(|r| r.end > c.at);
            if taken.iter().any(|r| r.contains(&c.at)) {
                continue;
            }
            if let Some(b) = &c.block {
                taken.push(b.clone());
            }
            let (attr_name, kind) = match c.name.as_str() {
                "ensurable" => ("ensure".to_string(), AttributeKind::Property),
                "newparam" | "newproperty" => {
                    let kind = if c.name == "newparam" {
                        AttributeKind::Parameter
                    } else {
                        AttributeKind::Property
                    };
                    match c.args.first() {
                        Some(Arg::Symbol(n) | Arg::Str(n)) => (n.to_string(), kind),
                        // A name computed at run time.
                        _ => {
                            complete = false;
                            continue;
                        }
                    }
                }
                _ => {
                    complete = false;
                    continue;
                }
            };
            let options = &c.args[c.args.len().min(1)..];
            let option = |k: &str| {
                options.iter().find_map(|a| match a {
                    Arg::Pair(key, v) if key == k => Some(v.as_ref().clone()),
                    _ => None,
                })
            };
            let mut namevar = option("namevar") == Some(Arg::Bool(true));
            let parent = option("parent");
            let boolean_parent = matches!(&parent, Some(Arg::Other(p)) if p.ends_with("Parameter::Boolean"))
                || option("boolean") == Some(Arg::Bool(true));
            let mut values: Vec<Arg> = Vec::new();
            let mut custom_validation = false;
            if let Some(block) = &c.block {
                for inner in lx.calls(
                    block.clone(),
                    &[
                        "newvalues",
                        "newvalue",
                        "aliasvalue",
                        "isnamevar",
                        "validate",
                        "defaultvalues",
                    ],
                ) {
                    match inner.name.as_str() {
                        "isnamevar" => namevar = true,
                        "validate" => custom_validation = true,
                        "newvalues" => values.extend(
                            inner
                                .args
                                .iter()
                                .filter(|a| !matches!(a, Arg::Pair(..)))
                                .cloned(),
                        ),
                        "newvalue" => values.extend(inner.args.first().cloned()),
                        "aliasvalue" => values.extend(inner.args.first().cloned()),
                        "defaultvalues" => {
                            values.push(Arg::Symbol("present".into()));
                            values.push(Arg::Symbol("absent".into()));
                        }
                        _ => {}
                    }
                }
            }
            if c.name == "ensurable" && c.block.is_none() {
                values = vec![Arg::Symbol("present".into()), Arg::Symbol("absent".into())];
            }
            let ty = if boolean_parent {
                "Variant[Boolean, Enum['true', 'false', 'yes', 'no']]".to_string()
            } else if custom_validation || (parent.is_some() && c.name != "ensurable") {
                "Any".to_string()
            } else {
                // A property also takes an array of such values (one per `should`); the
                // type says what each value is, as for the core types.
                values_type(&values).unwrap_or_else(|| "Any".to_string())
            };
            if let Some(&i) = by_name.get(&attr_name) {
                attributes[i].namevar |= namevar;
                continue;
            }
            by_name.insert(attr_name.clone(), attributes.len());
            attributes.push(AttributeDef {
                name: attr_name,
                kind,
                ty,
                namevar,
                required: false,
            });
        }
        if !attributes.iter().any(|a| a.namevar)
            && let Some(n) = attributes.iter_mut().find(|a| a.name == "name")
        {
            n.namevar = true;
        }
        out.push(ResourceTypeDef {
            name: name.to_ascii_lowercase(),
            attributes,
            complete,
            origin: Origin::Ruby {
                path: path.to_path_buf(),
                line: lx.line_of(nt.at),
            },
        });
    }
    out
}

/// `Puppet::ResourceApi.register_type(name: 'x', attributes: { a: { type: 'T', behaviour:
/// :namevar }, ... })`.
fn resource_api_types(lx: &Lexed<'_>, path: &std::path::Path) -> Vec<ResourceTypeDef> {
    let mut out = Vec::new();
    for call in lx.calls(0..lx.code.len(), &["register_type"]) {
        // The definition is one hash, braced or not.
        let mut entries: Vec<Arg> = call.args.clone();
        if let [Arg::Hash(r)] = entries.as_slice() {
            let r = r.clone();
            entries = lx
                .split_top(r, b',')
                .into_iter()
                .filter_map(|r| lx.arg(r))
                .collect();
        }
        let field = |k: &str| {
            entries.iter().find_map(|a| match a {
                Arg::Pair(key, v) if key == k => Some(v.as_ref().clone()),
                _ => None,
            })
        };
        let Some(name) = field("name")
            .as_ref()
            .and_then(|a| a.word().map(str::to_string))
        else {
            continue;
        };
        let mut attributes = Vec::new();
        let attrs = field("attributes");
        let complete = matches!(attrs, Some(Arg::Hash(_)));
        if let Some(Arg::Hash(attrs)) = attrs {
            for r in lx.split_top(attrs, b',') {
                let Some(Arg::Pair(attr, def)) = lx.arg(r) else {
                    continue;
                };
                let Arg::Hash(def) = *def else {
                    continue;
                };
                let props: Vec<Arg> = lx
                    .split_top(def, b',')
                    .into_iter()
                    .filter_map(|r| lx.arg(r))
                    .collect();
                let prop = |k: &str| {
                    props.iter().find_map(|a| match a {
                        Arg::Pair(key, v) if key == k => v.word().map(str::to_string),
                        _ => None,
                    })
                };
                let behaviour = prop("behaviour").or_else(|| prop("behavior"));
                let namevar = behaviour.as_deref() == Some("namevar");
                let kind = match behaviour.as_deref() {
                    Some("parameter") | Some("namevar") | Some("init_only") => {
                        AttributeKind::Parameter
                    }
                    _ => AttributeKind::Property,
                };
                attributes.push(AttributeDef {
                    name: attr,
                    kind,
                    ty: prop("type").unwrap_or_else(|| "Any".into()),
                    namevar,
                    required: false,
                });
            }
        }
        out.push(ResourceTypeDef {
            name: name.to_ascii_lowercase(),
            attributes,
            complete,
            origin: Origin::Ruby {
                path: path.to_path_buf(),
                line: lx.line_of(call.at),
            },
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_a_function_sets_at_its_callers_scope() {
        let text = "\
Puppet::Functions.create_function(:set_role) do
  def set_role(r)
    closure_scope['role'] = r
    scope['::datacenter'] = 'x'
    scope.setvar(\"tier\", 1)
    if closure_scope['role'] == 'a' then end
    closure_scope[name] = 1  # made at run time
    myscope['no'] = 1
    closure_scope['role'] = 2
  end
end
";
        let vars = variables_set(text);
        assert_eq!(
            vars,
            [
                ("role".to_string(), 3),
                ("datacenter".to_string(), 4),
                ("tier".to_string(), 5)
            ]
        );
    }

    fn scan_text(kind: Kind, text: &str) -> Defs {
        scan(&Source {
            path: PathBuf::from("x.rb"),
            text: text.to_string(),
            kind,
        })
    }

    fn sig(s: &Signature) -> Vec<(String, String, ParamKind)> {
        s.params
            .iter()
            .map(|p| (p.name.clone(), p.ty.clone(), p.kind))
            .collect()
    }

    #[test]
    fn dispatches_of_a_4x_function() {
        let d = scan_text(
            Kind::Function4x,
            r#"# frozen_string_literal: true
# @summary says "do" and end # not code
Puppet::Functions.create_function(:'mymod::min') do
  # @param a the first
  dispatch :min do
    param 'Numeric', :a
    optional_param "Variant[String, Array[String]]", :b
    repeated_param 'Any', :rest
    return_type 'Numeric'
  end

  dispatch :with_block do
    required_param 'Hash[String, Any]', :h
    block_param 'Callable[2, 2]', :block
  end

  def min(a, b = nil, *rest)
    if a > 1
      return a
    end
    [a].each do |x| x end
    a
  end
end
"#,
        );
        let f = &d.functions[0];
        assert_eq!(f.name, "mymod::min");
        assert_eq!(f.kind, FunctionKind::Ruby4x);
        assert_eq!(f.signatures.len(), 2);
        assert_eq!(
            sig(&f.signatures[0]),
            [
                ("a".into(), "Numeric".into(), ParamKind::Required),
                (
                    "b".into(),
                    "Variant[String, Array[String]]".into(),
                    ParamKind::Optional
                ),
                ("rest".into(), "Any".into(), ParamKind::Repeated)
            ]
        );
        assert_eq!(f.signatures[0].return_type.as_deref(), Some("Numeric"));
        let b = f.signatures[1].block.as_ref().unwrap();
        assert_eq!(
            (b.name.as_str(), b.ty.as_str(), b.optional),
            ("block", "Callable[2, 2]", false)
        );
        assert_eq!(
            f.origin,
            Origin::Ruby {
                path: "x.rb".into(),
                line: 3
            }
        );
    }

    #[test]
    fn a_4x_function_without_dispatch_uses_its_method() {
        let d = scan_text(
            Kind::Function4x,
            "Puppet::Functions.create_function(:max) do\n  def helper; end\n  def max(x, y = 1, *more, &blk)\n    x\n  end\nend\n",
        );
        let s = &d.functions[0].signatures[0];
        assert_eq!(
            sig(s),
            [
                ("x".into(), "Any".into(), ParamKind::Required),
                ("y".into(), "Any".into(), ParamKind::Optional),
                ("more".into(), "Any".into(), ParamKind::Repeated)
            ]
        );
        assert!(s.block.as_ref().unwrap().optional);
        let d = scan_text(
            Kind::Function4x,
            "Puppet::Functions.create_function('x::y') do\n  def other(a); end\nend\n",
        );
        assert_eq!(d.functions[0].name, "x::y");
        assert!(d.functions[0].signatures.is_empty());
    }

    #[test]
    fn local_types_make_params_any() {
        let d = scan_text(
            Kind::Function4x,
            "Puppet::Functions.create_function(:f) do\n  local_types do\n    type 'Port = Integer[0, 65535]'\n  end\n  dispatch :f do\n    param 'Port', :p\n    param 'Optional[Port]', :q\n    param 'Portable', :r\n  end\nend\n",
        );
        let types: Vec<_> = d.functions[0].signatures[0]
            .params
            .iter()
            .map(|p| p.ty.as_str())
            .collect();
        assert_eq!(types, ["Any", "Any", "Portable"]);
    }

    #[test]
    fn functions_3x_with_arity_and_type() {
        let d = scan_text(
            Kind::Function3x,
            "module Puppet::Parser::Functions\n  newfunction(:any2array, :type => :rvalue, :arity => -2, :doc => <<-DOC\n    newfunction(:fake) do\n  DOC\n  ) do |args|\n    args\n  end\nend\n",
        );
        assert_eq!(d.functions.len(), 1);
        let f = &d.functions[0];
        assert_eq!(f.name, "any2array");
        assert_eq!(f.kind, FunctionKind::Ruby3x { rvalue: true });
        assert_eq!(
            sig(&f.signatures[0]),
            [
                ("arg0".into(), "Any".into(), ParamKind::Required),
                ("arg1".into(), "Any".into(), ParamKind::Repeated)
            ]
        );
        let d = scan_text(
            Kind::Function3x,
            "Puppet::Parser::Functions.newfunction(:x, type: :statement, arity: 2) { |a| }\nPuppet::Parser::Functions.newfunction('y') do |a|\nend\n",
        );
        assert_eq!(d.functions[0].kind, FunctionKind::Ruby3x { rvalue: false });
        assert_eq!(d.functions[0].signatures[0].params.len(), 2);
        assert!(d.functions[1].signatures.is_empty());
    }

    #[test]
    fn newtype_attributes() {
        let d = scan_text(
            Kind::ResourceType,
            r#"Puppet::Type.newtype(:my_thing) do
  @doc = "A thing. It has do and end in its doc
    over lines."
  ensurable

  newparam(:title_param, :namevar => true) do
    desc 'The name.'
    validate do |value|
      raise ArgumentError, "bad" unless value =~ /^\w+$/
    end
  end

  newproperty(:mode) do
    newvalues(:on, :off, 'maybe')
    aliasvalue(:yes, :on)
  end

  newproperty(:flag) do
    newvalues(:true, :false)
  end

  newparam(:path) do
    newvalues(/^\//)
  end

  newparam(:force, boolean: true, parent: Puppet::Parameter::Boolean)
  newproperty(:members, :array_matching => :all)
end
"#,
        );
        let t = &d.resource_types[0];
        assert_eq!(t.name, "my_thing");
        let attrs: Vec<_> = t
            .attributes
            .iter()
            .map(|a| (a.name.as_str(), a.kind, a.ty.as_str(), a.namevar))
            .collect();
        assert_eq!(
            attrs,
            [
                (
                    "ensure",
                    AttributeKind::Property,
                    "Enum['present', 'absent']",
                    false
                ),
                ("title_param", AttributeKind::Parameter, "Any", true),
                (
                    "mode",
                    AttributeKind::Property,
                    "Enum['on', 'off', 'maybe', 'yes']",
                    false
                ),
                (
                    "flag",
                    AttributeKind::Property,
                    "Variant[Boolean, Enum['true', 'false']]",
                    false
                ),
                ("path", AttributeKind::Parameter, "Any", false),
                (
                    "force",
                    AttributeKind::Parameter,
                    "Variant[Boolean, Enum['true', 'false', 'yes', 'no']]",
                    false
                ),
                ("members", AttributeKind::Property, "Any", false),
            ]
        );
    }

    #[test]
    fn resource_api_type() {
        let d = scan_text(
            Kind::ResourceType,
            r#"require 'puppet/resource_api'

Puppet::ResourceApi.register_type(
  name: 'my_rapi',
  docs: <<-EOS,
    Some docs { with braces
  EOS
  features: [],
  attributes: {
    ensure: {
      type:    'Enum[present, absent]',
      desc:    'Whether this should be present, "or" absent.',
      default: 'present',
    },
    name: {
      type:      'String',
      desc:      'The name',
      behaviour: :namevar,
    },
    size: { type: 'Optional[Integer[0]]', behaviour: :parameter },
  },
)
"#,
        );
        let t = &d.resource_types[0];
        assert_eq!(t.name, "my_rapi");
        let attrs: Vec<_> = t
            .attributes
            .iter()
            .map(|a| (a.name.as_str(), a.kind, a.ty.as_str(), a.namevar))
            .collect();
        assert_eq!(
            attrs,
            [
                (
                    "ensure",
                    AttributeKind::Property,
                    "Enum[present, absent]",
                    false
                ),
                ("name", AttributeKind::Parameter, "String", true),
                (
                    "size",
                    AttributeKind::Parameter,
                    "Optional[Integer[0]]",
                    false
                ),
            ]
        );
    }

    /// `calls` finds a name where it stands as a whole word, as a search of the text for it
    /// does, and its blocks end where a count of the block words from there ends them.
    #[test]
    fn calls_are_found_where_a_search_finds_them() {
        let text = "newtype(:x) do\n  newparam(:a) do\n    newvalues(:b, 'newparam')\n  end\n\
                    newparams(:c)\n  xnewparam(:d)\n  newparam?(:e)\n  self.newparam(:f)\n\
                    newparam :g do isnamevar end\n  @newparam = :newproperty\n\
                    $newparam\n  Foo::newparam(:h)\n  newproperty(:i) { validate do |v| end }\n\
                    # newparam(:j)\n  ensurable\n  x.each do |y| if y then newparam(:k) end end\n\
                    end\n";
        let lx = Lexed::new(text);
        let names = [
            "newparam",
            "newproperty",
            "ensurable",
            "newvalues",
            "isnamevar",
        ];
        for start in 0..text.len() {
            for end in [start, start + 7, start + 40, text.len()] {
                let end = end.min(text.len());
                let got: Vec<(String, usize)> = lx
                    .calls(start..end, &names)
                    .into_iter()
                    .map(|c| (c.name, c.at))
                    .collect();
                let code = &lx.code[..];
                let mut expected: Vec<(String, usize)> = Vec::new();
                for name in names {
                    let len = name.len();
                    for (i, _) in std::str::from_utf8(code).unwrap().match_indices(name) {
                        let joined = (i > 0 && is_ident(code[i - 1]))
                            || code.get(i + len).is_some_and(|&b| is_ident(b));
                        let called =
                            (i == 0 || code[i - 1] != b':' || (i >= 2 && code[i - 2] == b':'))
                                && !(i > 0 && (code[i - 1] == b'@' || code[i - 1] == b'$'));
                        if (start..end).contains(&i) && !joined && called {
                            expected.push((name.to_string(), i));
                        }
                    }
                }
                expected.sort_by_key(|e| e.1);
                assert_eq!(got, expected, "{start}..{end}");
            }
        }
        // Each block ends at the `end` a reading of the words from its start finds.
        let code = &lx.code[..];
        let read_to_end = |from: usize, limit: usize| {
            let mut depth = 1;
            let mut i = from;
            while i < limit {
                if !is_ident(code[i]) || (i > 0 && is_ident(code[i - 1])) {
                    i += 1;
                    continue;
                }
                let len = code[i..].iter().take_while(|&&b| is_ident(b)).count();
                let method = i > 0 && (code[i - 1] == b'.' || code[i - 1] == b':');
                let key = code.get(i + len) == Some(&b':') && code.get(i + len + 1) != Some(&b':');
                if !method && !key {
                    match &text[i..i + len] {
                        "do" | "def" | "class" | "module" | "begin" | "case" => depth += 1,
                        "if" | "unless" | "while" | "until" if lx.starts_statement(i) => depth += 1,
                        "end" => {
                            depth -= 1;
                            if depth == 0 {
                                return i;
                            }
                        }
                        _ => {}
                    }
                }
                i += len;
            }
            limit
        };
        for from in 0..text.len() {
            for limit in [from, from + 30, text.len()] {
                let limit = limit.min(text.len());
                assert_eq!(
                    lx.matching_end(from, limit),
                    read_to_end(from, limit),
                    "{from}"
                );
            }
        }
    }

    /// The bracket closing another is the one a count from it finds, in any range.
    #[test]
    fn brackets_match_as_a_count_finds() {
        let text = "f(a, [b, {c => (d)}], e) { x(y[1]) } ] ) ( [ {\n g(h(i)) (";
        let lx = Lexed::new(text);
        let code = &lx.code[..];
        let count = |open: usize, limit: usize| {
            let mut depth = 0;
            for (j, &b) in code.iter().enumerate().take(limit).skip(open) {
                match b {
                    b'(' | b'[' | b'{' => depth += 1,
                    b')' | b']' | b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            return j;
                        }
                    }
                    _ => {}
                }
            }
            limit
        };
        for open in (0..text.len()).filter(|&i| b"([{".contains(&code[i])) {
            for limit in open..=text.len() {
                assert_eq!(
                    lx.matching(open, limit),
                    count(open, limit),
                    "{open}..{limit}"
                );
            }
        }
    }

    /// `statement_words` reads the lines as `str::lines` and `str::trim_start` do.
    #[test]
    fn statement_words_are_read_as_lines() {
        fn by_lines(text: &str) -> Vec<String> {
            let mut base: Option<usize> = None;
            let mut out = Vec::new();
            for line in text.lines() {
                let trimmed = line.trim_start();
                if trimmed.is_empty() {
                    continue;
                }
                let indent = line.len() - trimmed.len();
                if indent != *base.get_or_insert(indent) {
                    continue;
                }
                let word: String = trimmed
                    .chars()
                    .take_while(|&c| c.is_ascii_alphanumeric() || c == '_' || c == '@')
                    .collect();
                if !word.is_empty() {
                    out.push(word);
                }
            }
            out
        }
        for text in [
            "",
            "  a\n  b c\n    d\n  @e\n",
            "\r\n  x\r\n  y\r",
            "\t\u{a0}a\n\t\u{a0}b\n\u{a0}c",
            "  \n\u{2003}\u{2003}x\n\u{2003}\u{2003}y\n  z",
            "a\rb\n\rc\n",
            "  é\n  _x",
        ] {
            let lx = Lexed::new(text);
            assert_eq!(
                statement_words(&lx, 0..text.len()),
                by_lines(text),
                "{text:?}"
            );
        }
    }

    #[test]
    fn garbage_does_not_panic() {
        for text in [
            "",
            "create_function(",
            "Puppet::Functions.create_function(:x) do\n dispatch :x do\n param",
            "newtype(:x) do newparam(",
            "<<-",
            "%q(",
            "'unterminated",
            "register_type(name: 'x', attributes: { a: { type: ",
            "newfunction(:f, :arity => -)",
            "/",
            "x = 1 / 2 # / comment\n=begin\nfoo\n",
            "newfunction(:\"é\" + é, :type => é)",
            "newfunction(:'x', é => :rvalue, :arity => é1)",
            "create_function(:é) do\n dispatch :é do\n param 'é', :é\n end\nend",
            "newtype(:t) do\n newparam(:é) do\n newvalues(:é, 'é')\n end\nend",
            "\"unterminated é",
            "%q(é",
            "<<~É\né",
        ] {
            for kind in [Kind::Function4x, Kind::Function3x, Kind::ResourceType] {
                let _ = scan_text(kind, text);
            }
        }
    }

    #[test]
    fn a_bang_method_before_a_modifier_does_not_open_a_block() {
        let d = scan_text(
            Kind::ResourceType,
            "Puppet::Type.newtype(:x_config) do\n  newproperty(:value) do\n    munge do |v|\n      v.capitalize! if v =~ /^true$/i\n      v\n    end\n  end\n  newparam(:secret, :boolean => true) do\n    newvalues(:true, :false)\n  end\nend\n",
        );
        let t = &d.resource_types[0];
        let names: Vec<&str> = t.attributes.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, ["value", "secret"]);
        assert!(t.complete);
    }
}
