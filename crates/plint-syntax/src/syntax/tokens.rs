//! A flat token stream of a parsed file, for checks that are easiest said over tokens
//! (indentation, brace spacing, trailing commas: puppet-lint's plugins work that way).
//!
//! The stream is derived from the source and the lowered AST on demand, not recorded while
//! lowering: few runs select a check that reads it, and rules keep it once per file in their
//! file cache (`rules::style::plugins::tokens`).
//!
//! Strings, heredocs, regexes and comments are taken whole from the AST (so nothing inside
//! them is mistaken for code); the rest of the text is split into words, variables, numbers,
//! punctuation, spaces and line breaks. Every byte of the file belongs to exactly one token.

use super::ast::{ExprKind, File, StringKind};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    LBrace,
    RBrace,
    LBrack,
    RBrack,
    LParen,
    RParen,
    Comma,
    Colon,
    Semi,
    /// `=>`
    FArrow,
    /// `=`
    Equals,
    /// Any other operator or punctuation (`+>`, `->`, `.`, `?`, `|`, ...).
    Op,
    /// A name, keyword or type (`class`, `foo::bar`, `String`).
    Word,
    Variable,
    Number,
    /// A quoted string, or a heredoc's `@(TAG)` header.
    Str,
    /// A heredoc's text and end line (without the line break that ends it).
    HeredocBody,
    Regex,
    Comment,
    /// Spaces and tabs (and a lone `\r`).
    Space,
    /// `\n` or `\r\n`.
    Newline,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
}

impl Token {
    /// Is it a space or a line break?
    pub fn is_blank(&self) -> bool {
        matches!(self.kind, Kind::Space | Kind::Newline)
    }
}

/// Operators longest first, so the first match wins.
const OPERATORS: &[&str] = &[
    "<<|", "|>>", "=>", "+>", "->", "~>", "<-", "<~", "==", "!=", "=~", "!~", "<=", ">=", "<|",
    "|>", "<<", ">>", "@@",
];

/// The tokens of `source`, in order, covering it completely.
pub fn tokenize(source: &str, file: &File) -> Vec<Token> {
    let opaque = opaque_spans(source, file);
    let bytes = source.as_bytes();
    let mut out = Vec::with_capacity(source.len() / 3);
    let mut pos = 0;
    let mut next_opaque = 0;
    while pos < bytes.len() {
        if let Some(&(start, end, kind)) = opaque.get(next_opaque)
            && start <= pos
        {
            next_opaque += 1;
            if end > pos {
                out.push(Token {
                    kind,
                    start: pos,
                    end,
                });
                pos = end;
            }
            continue;
        }
        let limit = opaque.get(next_opaque).map_or(bytes.len(), |o| o.0);
        let (kind, len) = lex_one(&source[pos..limit]);
        out.push(Token {
            kind,
            start: pos,
            end: pos + len,
        });
        pos += len;
    }
    out
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// The kind and length of the token at the start of `s` (not empty).
fn lex_one(s: &str) -> (Kind, usize) {
    let b = s.as_bytes();
    let run = |from: usize, f: &dyn Fn(u8) -> bool| {
        from + b[from..].iter().take_while(|&&c| f(c)).count()
    };
    let word_len = |from: usize| {
        let mut i = from;
        loop {
            i = run(i, &is_word_byte);
            if b[i..].starts_with(b"::") && b.get(i + 2).is_some_and(|&c| is_word_byte(c)) {
                i += 2;
            } else {
                return i;
            }
        }
    };
    match b[0] {
        b'\n' => (Kind::Newline, 1),
        b'\r' if b.get(1) == Some(&b'\n') => (Kind::Newline, 2),
        b' ' | b'\t' | b'\r' => (Kind::Space, run(1, &|c| matches!(c, b' ' | b'\t'))),
        b'{' => (Kind::LBrace, 1),
        b'}' => (Kind::RBrace, 1),
        b'[' => (Kind::LBrack, 1),
        b']' => (Kind::RBrack, 1),
        b'(' => (Kind::LParen, 1),
        b')' => (Kind::RParen, 1),
        b',' => (Kind::Comma, 1),
        b';' => (Kind::Semi, 1),
        b'$' => {
            let start = if b[1..].starts_with(b"::") { 3 } else { 1 };
            (Kind::Variable, word_len(start.min(b.len())).max(1))
        }
        c if c.is_ascii_digit() => (Kind::Number, run(1, &|c| is_word_byte(c) || c == b'.')),
        c if is_word_byte(c) => (Kind::Word, word_len(0)),
        b':' if b[1..].starts_with(b":") && b.get(2).is_some_and(|&c| is_word_byte(c)) => {
            (Kind::Word, word_len(2))
        }
        _ => {
            if let Some(op) = OPERATORS.iter().find(|op| s.starts_with(**op)) {
                let kind = if *op == "=>" { Kind::FArrow } else { Kind::Op };
                return (kind, op.len());
            }
            let len = s.chars().next().map_or(1, char::len_utf8);
            let kind = match b[0] {
                b':' => Kind::Colon,
                b'=' => Kind::Equals,
                _ => Kind::Op,
            };
            (kind, len)
        }
    }
}

/// Strings, heredoc headers and bodies, regexes and comments: `(start, end, kind)`, sorted,
/// outermost only.
fn opaque_spans(source: &str, file: &File) -> Vec<(usize, usize, Kind)> {
    let mut spans: Vec<(usize, usize, Kind)> = file
        .comments
        .iter()
        .map(|c| (c.span.start as usize, c.span.end as usize, Kind::Comment))
        .collect();
    file.walk(&mut |e| match &e.kind {
        ExprKind::String(s) => match &s.kind {
            StringKind::BareWord => {}
            StringKind::Heredoc(h) => {
                spans.push((e.span.start as usize, e.span.end as usize, Kind::Str));
                let body = h.body_span.start as usize;
                let end_line = source[h.body_span.end as usize..]
                    .find('\n')
                    .map_or(source.len(), |i| h.body_span.end as usize + i);
                let end_line = if source[..end_line].ends_with('\r') {
                    end_line - 1
                } else {
                    end_line
                };
                if end_line > body {
                    spans.push((body, end_line, Kind::HeredocBody));
                }
            }
            _ => spans.push((e.span.start as usize, e.span.end as usize, Kind::Str)),
        },
        ExprKind::Regex(_) => spans.push((e.span.start as usize, e.span.end as usize, Kind::Regex)),
        _ => {}
    });
    spans.sort_by_key(|s| (s.0, std::cmp::Reverse(s.1)));
    // Keep the outermost: drop spans inside an earlier one.
    let mut out: Vec<(usize, usize, Kind)> = Vec::with_capacity(spans.len());
    for s in spans {
        if out.last().is_some_and(|l| s.0 < l.1) {
            continue;
        }
        out.push(s);
    }
    out
}

/// The index of the token that starts at byte `offset`, if one does.
pub fn at(tokens: &[Token], offset: usize) -> Option<usize> {
    tokens.binary_search_by_key(&offset, |t| t.start).ok()
}

/// The index of the nearest token before `i` that is not a space or line break.
pub fn prev_code(tokens: &[Token], i: usize) -> Option<usize> {
    (0..i).rev().find(|&j| !tokens[j].is_blank())
}

/// The index of the nearest token after `i` that is not a space or line break.
pub fn next_code(tokens: &[Token], i: usize) -> Option<usize> {
    (i + 1..tokens.len()).find(|&j| !tokens[j].is_blank())
}

/// For each bracket token, the index of its partner (by a stack per bracket kind, as
/// puppet-lint matches them); other tokens map to `None`.
pub fn partners(tokens: &[Token]) -> Vec<Option<usize>> {
    let mut out = vec![None; tokens.len()];
    let mut open: [Vec<usize>; 3] = Default::default();
    for (i, t) in tokens.iter().enumerate() {
        let (slot, opening) = match t.kind {
            Kind::LBrace => (0, true),
            Kind::RBrace => (0, false),
            Kind::LBrack => (1, true),
            Kind::RBrack => (1, false),
            Kind::LParen => (2, true),
            Kind::RParen => (2, false),
            _ => continue,
        };
        if opening {
            open[slot].push(i);
        } else if let Some(j) = open[slot].pop() {
            out[i] = Some(j);
            out[j] = Some(i);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(Kind, String)> {
        let parsed = crate::syntax::parse(src);
        tokenize(src, &parsed.ast)
            .into_iter()
            .filter(|t| !t.is_blank())
            .map(|t| (t.kind, src[t.start..t.end].to_string()))
            .collect()
    }

    #[test]
    fn strings_comments_and_heredocs_are_whole() {
        let src =
            "$a = \"x${b['}']}\" # {\n$c = @(END)\n  { [\n  | END\nfoo(::bar, /[}]/) => 0644\n";
        let toks = kinds(src);
        let text: Vec<&str> = toks.iter().map(|(_, s)| s.as_str()).collect();
        assert_eq!(
            text,
            [
                "$a",
                "=",
                "\"x${b['}']}\"",
                "# {",
                "$c",
                "=",
                "@(END)",
                "  { [\n  | END",
                "foo",
                "(",
                "::bar",
                ",",
                "/[}]/",
                ")",
                "=>",
                "0644"
            ]
        );
        assert_eq!(toks[7].0, Kind::HeredocBody);
        let total: usize = tokenize(src, &crate::syntax::parse(src).ast)
            .iter()
            .map(|t| t.end - t.start)
            .sum();
        assert_eq!(total, src.len());
    }
}
