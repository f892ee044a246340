//! The lexing: comments, strings, heredocs and regular expressions blanked out, and the
//! calls of interest found with their arguments and blocks.

use super::*;

/// The text, and a copy of it with comments, string contents, heredoc bodies and regular
/// expressions replaced by spaces (newlines kept).
pub(super) struct Lexed<'a> {
    pub(super) raw: &'a str,
    pub(super) code: Vec<u8>,
    /// Where each line starts.
    pub(super) lines: crate::report::LineIndex,
    /// The words that open (`+1`) or close (`-1`, `end`) a block, at their positions, in
    /// order: [`Lexed::matching_end`] counts them instead of reading the text again.
    pub(super) block_words: Vec<(usize, i32)>,
    /// The words that name a method [`Lexed::calls`] is asked for ([`is_call_name`]), as
    /// their start and length, in order.
    pub(super) call_words: Vec<(usize, usize)>,
    /// For each of `block_words`, the index of the first later word that closes a block
    /// opened before it (see [`first_drops`]): [`Lexed::matching_end`] looks it up.
    pub(super) block_closes: Vec<u32>,
    /// The positions of the brackets (`([{` and `)]}`) of the code, in order, and for each
    /// the index of the first later one that closes a bracket opened before it.
    pub(super) brackets: Vec<u32>,
    pub(super) bracket_closes: Vec<u32>,
}

/// For a sequence of steps of `+1` (open) and `-1` (close): for each index `s`, the first
/// index `k >= s` where the steps `s..=k` add up to `-1` (the close of a level opened before
/// `s`), or `u32::MAX`. One pass from the end: the running sum moves one at a time, so the
/// first later index where it reaches a value is the nearest one seen.
pub(super) fn first_drops(steps: &[i32]) -> Vec<u32> {
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
pub(super) const MAX_NESTED_ARGS: usize = 4;

/// Whether `word` is the name of a method whose calls the scanner looks for.
pub(super) fn is_call_name(word: &[u8]) -> bool {
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
pub(super) enum Arg {
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
    pub(super) fn word(&self) -> Option<&str> {
        match self {
            Arg::Symbol(s) | Arg::Str(s) => Some(s),
            _ => None,
        }
    }
}

/// A call: the method's name, its arguments, and its block (the range inside `do ... end` or
/// `{ ... }`).
#[derive(Debug, Clone)]
pub(super) struct Call {
    pub(super) name: String,
    pub(super) at: usize,
    pub(super) args: Vec<Arg>,
    pub(super) block: Option<Range<usize>>,
}

pub(super) fn is_ident(b: u8) -> bool {
    IDENT[b as usize]
}

/// The bytes of a Ruby name: ASCII letters, digits and `_`.
pub(super) static IDENT: [bool; 256] = {
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
pub(super) static LEXED_STOPS: [bool; 256] = {
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
    pub(super) fn new(raw: &'a str) -> Self {
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
    pub(super) fn find_words(&self) -> (Vec<(usize, i32)>, Vec<(usize, usize)>) {
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

    pub(super) fn line_of(&self, at: usize) -> u32 {
        // 1-based.
        (self.lines.line_index(at) + 1) as u32
    }

    /// Whether the word at `at..at+len` is a whole word (not part of a name, not a method
    /// called on something, not a symbol).
    pub(super) fn is_word_at(&self, at: usize, len: usize) -> bool {
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
    pub(super) fn calls(&self, range: Range<usize>, names: &[&str]) -> Vec<Call> {
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
    pub(super) fn args(&self, at: usize, limit: usize) -> (Vec<Arg>, usize) {
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

    pub(super) fn word_is(&self, at: usize, word: &str) -> bool {
        self.code[at..].starts_with(word.as_bytes()) && self.is_word_at(at, word.len())
    }

    /// The block right after a call's arguments: `do ... end` or `{ ... }`.
    pub(super) fn block_after(&self, at: usize, limit: usize) -> Option<Range<usize>> {
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
    pub(super) fn matching(&self, open: usize, limit: usize) -> usize {
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
    pub(super) fn matching_end(&self, from: usize, limit: usize) -> usize {
        let words = &self.block_words;
        let s = words.partition_point(|&(at, _)| at < from);
        match self.block_closes.get(s) {
            Some(&k) if k != u32::MAX && words[k as usize].0 < limit => words[k as usize].0,
            _ => limit,
        }
    }

    /// Whether the keyword at `at` starts a statement (not a modifier `x if y`).
    pub(super) fn starts_statement(&self, at: usize) -> bool {
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
    pub(super) fn split_top(&self, range: Range<usize>, sep: u8) -> Vec<Range<usize>> {
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
    pub(super) fn arg(&self, r: Range<usize>) -> Option<Arg> {
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
pub(super) fn find_top(s: &str, pat: &str) -> Option<usize> {
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
pub(super) fn unquote(s: &str, quote: u8) -> String {
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
pub(super) fn string_end(bytes: &[u8], from: usize, close: u8, nest: Option<u8>) -> usize {
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
pub(super) fn regex_can_start(bytes: &[u8], i: usize) -> bool {
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

pub(super) fn regex_end(bytes: &[u8], from: usize) -> usize {
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
