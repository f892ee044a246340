//! A lexical scan for comments that does not trust the parse: `//` comments are not Puppet,
//! so a file that has them may be parsed into nonsense (a `//` starts a regex that swallows
//! what follows), and the comments after them may be lost from the AST.

use crate::rules::Context;
use crate::rules::Kind;
use crate::syntax::ast::{ExprKind, Span};

/// A comment found by the scan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    /// `// ...` up to the end of the line (the span excludes the line break).
    Slash(usize, usize),
    /// `/* ... */` (an unclosed one runs to the end of the file).
    Block(usize, usize),
}

/// Spans the scan does not look into: heredoc texts, and regexes that are well formed (a
/// real regex never spans lines; `//` is what the scan looks for).
fn skipped_spans(cx: &Context<'_>) -> Vec<Span> {
    let mut spans = super::lines::heredoc_spans(cx);
    cx.index().exprs_of(&[Kind::Regex]).for_each(|e| {
        if let ExprKind::Regex(_) = e.kind
            && !cx.text(e.span).contains('\n')
            && cx.text(e.span) != "//"
        {
            spans.push(e.span);
        }
    });
    spans.sort_unstable();
    spans
}

/// Every `//` and `/* */` comment outside strings, `#` comments, heredocs and regexes
/// (scanned once per file), when the file has a `//` comment; nothing when it has none, as
/// then the parse is right and its comments are the file's.
pub fn scan(cx: &Context<'_>) -> Vec<Found> {
    cx.cache::<Scan>().0.clone()
}

/// [`scan`] of the file being checked, made once per file.
struct Scan(Vec<Found>);

impl crate::rules::FileCache for Scan {
    fn compute(cx: &Context<'_>) -> Self {
        Scan(if no_slash_comment(cx) {
            Vec::new()
        } else {
            find(cx)
        })
    }
}

/// Whether the file surely has no `//` comment: every `//` in it lies inside a comment, or a
/// string, heredoc or regex (other than the empty regex `//`) of the parse. Most files pass
/// (a `//` is mostly in a URL), which spares them the scan.
fn no_slash_comment(cx: &Context<'_>) -> bool {
    let bytes = cx.source().as_bytes();
    let literals = cx.literal_spans();
    let comments = &cx.ast().comments;
    memchr::memmem::find_iter(bytes, b"//").all(|at| {
        let inside = |start: u32, end: u32| (start as usize) <= at && at < end as usize;
        let c = comments.partition_point(|c| (c.span.start as usize) <= at);
        let in_comment = c > 0 && inside(comments[c - 1].span.start, comments[c - 1].span.end);
        let l = literals.partition_point(|s| (s.start as usize) <= at);
        let in_literal = l > 0
            && inside(literals[l - 1].start, literals[l - 1].end)
            && !(literals[l - 1].start as usize == at && literals[l - 1].end as usize == at + 2);
        in_comment || in_literal
    })
}

fn find(cx: &Context<'_>) -> Vec<Found> {
    let src = cx.source();
    let bytes = src.as_bytes();
    let skipped = skipped_spans(cx);
    let mut next_skip = skipped.iter().peekable();
    let mut found = Vec::new();
    let line_end =
        |from: usize| memchr::memchr(b'\n', &bytes[from..]).map_or(src.len(), |i| from + i);
    // The last byte of code seen (strings count as their quote), to tell a regex from a
    // division.
    let mut prev = 0u8;
    let mut i = 0;
    while i < bytes.len() {
        // A skipped span counts only where the scan meets its start: one that starts inside
        // what the scan took as a string or comment is a misparse.
        while next_skip.next_if(|s| (s.start as usize) < i).is_some() {}
        if let Some(s) = next_skip.next_if(|s| s.start as usize == i) {
            i = s.end as usize;
            continue;
        }
        // A run of bytes where nothing starts (no comment, string or regex) up to the next
        // skipped span: only its last code byte matters.
        let stop = next_skip
            .peek()
            .map_or(bytes.len(), |s| (s.start as usize).min(bytes.len()));
        let run = bytes[i..stop]
            .iter()
            .position(|&b| matches!(b, b'#' | b'/' | b'\'' | b'"'))
            .unwrap_or(stop.saturating_sub(i));
        if run > 0 {
            if let Some(&last) = bytes[i..i + run]
                .iter()
                .rev()
                .find(|b| !b.is_ascii_whitespace())
            {
                prev = last;
            }
            i += run;
            continue;
        }
        let b = bytes[i];
        if !b.is_ascii_whitespace()
            && b != b'#'
            && !(b == b'/' && matches!(bytes.get(i + 1), Some(b'*' | b'/')))
        {
            if b == b'/'
                && regex_may_start(bytes, i, prev)
                && let Some(end) = regex_end(bytes, i)
            {
                prev = b'/';
                i = end;
                continue;
            }
            prev = b;
        }
        i = match b {
            b'#' => line_end(i),
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let end = src[i + 2..].find("*/").map_or(src.len(), |j| i + 2 + j + 2);
                found.push(Found::Block(i, end));
                end
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                let end = line_end(i);
                found.push(Found::Slash(i, end));
                end
            }
            q @ (b'\'' | b'"') => skip_quoted(bytes, i, q),
            _ => i + 1,
        };
    }
    found
}

/// The offset after the quoted string that starts at `start` with quote `q`.
fn skip_quoted(bytes: &[u8], start: usize, q: u8) -> usize {
    let mut j = start + 1;
    while j < bytes.len() {
        match bytes[j] {
            b'\\' => j += 2,
            b if b == q => return j + 1,
            _ => j += 1,
        }
    }
    bytes.len()
}

/// Can a regex start at `i`, after the code byte `prev`? As Puppet's lexer: after an
/// operator, an opening bracket, a separator, or a keyword that takes an expression.
fn regex_may_start(bytes: &[u8], i: usize, prev: u8) -> bool {
    if matches!(
        prev,
        0 | b'~' | b'(' | b',' | b'[' | b'{' | b'}' | b'=' | b'>' | b':' | b';' | b'|'
    ) {
        return true;
    }
    if !prev.is_ascii_alphabetic() {
        return false;
    }
    let before = bytes[..i].trim_ascii_end();
    let start = before
        .iter()
        .rposition(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
        .map_or(0, |p| p + 1);
    matches!(
        &before[start..],
        b"if" | b"elsif" | b"unless" | b"node" | b"and" | b"or" | b"in" | b"case"
    )
}

/// The offset after a regex starting at `start`: its closing `/` on the same line.
fn regex_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut j = start + 1;
    while j < bytes.len() {
        match bytes[j] {
            b'\\' => j += 2,
            b'\n' => return None,
            b'/' => return Some(j + 1),
            _ => j += 1,
        }
    }
    None
}
