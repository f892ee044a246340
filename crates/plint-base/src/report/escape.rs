//! Text taken from the checked files, made safe to print.
//!
//! A resource title, a file name or a line of a manifest is written by whoever wrote the
//! repository, and plint's report is read in a terminal or a CI log. Printed as it is, such
//! text could move the cursor or recolour the terminal (ESC sequences), start a new line of
//! the log that the CI runner takes for one of its commands (`\n::error ...::`, `\r`), or
//! show text in another order than it is read (Unicode bidi overrides). So every format
//! shows these characters as visible escapes:
//!
//! - the C0 controls (`\n`, `\r` and `\t` as such, the others as `\u{1b}`), DEL and the C1
//!   controls;
//! - the invisible format characters: bidi embeddings, overrides, isolates and marks
//!   (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), zero-width characters, the
//!   line and paragraph separators, the byte-order mark, the soft hyphen, invisible fillers
//!   and tag characters;
//! - the `[` of `##[`, which GitHub's runner takes for the start of a command anywhere in a
//!   line (`##\u{5b}`).
//!
//! Ordinary text, the corpus's included, has none of these and is printed unchanged.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Whether `c` is shown as an escape (see the module documentation).
pub fn is_hidden(c: char) -> bool {
    matches!(
        c,
        '\0'..='\x1f'
            | '\x7f'..='\u{9f}'
            | '\u{ad}'
            | '\u{34f}'
            | '\u{61c}'
            | '\u{115f}'
            | '\u{1160}'
            | '\u{17b4}'
            | '\u{17b5}'
            | '\u{180b}'..='\u{180f}'
            | '\u{200b}'..='\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{206f}'
            | '\u{3164}'
            | '\u{feff}'
            | '\u{ffa0}'
            | '\u{fff9}'..='\u{fffb}'
            | '\u{1d173}'..='\u{1d17a}'
            | '\u{e0000}'..='\u{e007f}'
    )
}

/// Whether any byte of `bytes` may start a character [`escape`] changes: a quick test that
/// lets ASCII text without controls through at once.
fn maybe_hidden(bytes: &[u8]) -> bool {
    // A fold without an early exit: the compiler checks many bytes at once.
    bytes.iter().fold(false, |hit, &b| {
        hit | (b < 0x20) | (b == 0x7f) | (b >= 0xc2)
    })
}

/// Whether [`escape`] changes `s`.
pub fn needs_escape(s: &str) -> bool {
    // One quick pass first: a control, a non-ASCII character or a `#`.
    let maybe = s.as_bytes().iter().fold(false, |hit, &b| {
        hit | (b < 0x20) | (b == 0x7f) | (b >= 0xc2) | (b == b'#')
    });
    maybe && (s.chars().any(is_hidden) || s.contains("##["))
}

/// `s` with every hidden character (and the `[` of `##[`) as a visible escape: `\n`, `\r`,
/// `\t`, or `\u{hex}`. Borrowed when nothing changes.
pub fn escape(s: &str) -> Cow<'_, str> {
    if !needs_escape(s) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    let mut last = 0;
    for (i, c) in s.char_indices() {
        if is_hidden(c) || is_command_bracket(s, i) {
            out.push_str(&s[last..i]);
            push_escape(c, &mut out);
            last = i + c.len_utf8();
        }
    }
    out.push_str(&s[last..]);
    Cow::Owned(out)
}

/// At most `max` characters of `s` once escaped, the last being `…` when it is cut: for
/// text that plint quotes from a file it does not otherwise show (a configuration file's
/// option it does not understand). An escape is never cut in the middle.
pub fn shorten(s: &str, max: usize) -> String {
    let mut out = String::new();
    let mut count = 0;
    for (i, c) in s.char_indices() {
        let mut piece = String::new();
        if is_hidden(c) || is_command_bracket(s, i) {
            push_escape(c, &mut piece);
        } else {
            piece.push(c);
        }
        let n = piece.chars().count();
        // Room for this piece, and for the ellipsis if more follows.
        let more = i + c.len_utf8() < s.len();
        if count + n > max || (more && count + n == max) {
            out.push('…');
            return out;
        }
        out.push_str(&piece);
        count += n;
    }
    out
}

/// Whether the character at `i` is the `[` of `##[`.
fn is_command_bracket(s: &str, i: usize) -> bool {
    s.as_bytes()[i] == b'[' && i >= 2 && &s.as_bytes()[i - 2..i] == b"##"
}

/// Appends the escape of `c`.
fn push_escape(c: char, out: &mut String) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        _ => {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        }
    }
}

/// A file's text as the human format quotes it, with each hidden character escaped, and the
/// way back and forth between offsets in the file and in the shown text.
///
/// Line breaks stay (the snippets are made of lines), and so do tabs (codespan shows a tab as
/// spaces up to the next tab stop, the carets below aligned). So does a run of `\r` and NUL
/// just before a line break or at the end, which codespan does not print.
#[derive(Debug, Clone, Default)]
pub struct ShownText {
    /// The shown text, `None` when it is the file's text.
    text: Option<String>,
    /// Each escaped character: its range in the file, then in the shown text.
    escapes: Vec<(usize, usize, usize, usize)>,
}

impl ShownText {
    /// How `source` is shown.
    pub fn new(source: &str) -> Self {
        if !maybe_hidden(source.as_bytes()) && !source.contains("##[") {
            return ShownText::default();
        }
        let mut text = String::new();
        let mut escapes = Vec::new();
        let mut last = 0;
        let mut line_start = 0;
        for line in source.split_inclusive('\n') {
            // The `\r` and NUL that end the line are part of its end, which codespan trims.
            let end = line_start + line.trim_end_matches(['\n', '\r', '\0']).len();
            for (i, c) in source[line_start..end].char_indices() {
                let i = line_start + i;
                if c != '\t' && (is_hidden(c) || is_command_bracket(source, i)) {
                    text.push_str(&source[last..i]);
                    let start = text.len();
                    push_escape(c, &mut text);
                    last = i + c.len_utf8();
                    escapes.push((i, last, start, text.len()));
                }
            }
            line_start += line.len();
        }
        if escapes.is_empty() {
            return ShownText::default();
        }
        text.push_str(&source[last..]);
        ShownText {
            text: Some(text),
            escapes,
        }
    }

    /// The shown text, if it differs from the file's.
    pub fn text(&self) -> Option<&str> {
        self.text.as_deref()
    }

    /// The offset in the shown text of the file's `offset` (a character boundary).
    pub fn to_shown(&self, offset: usize) -> usize {
        // Escapes that end at or before `offset`.
        let n = self.escapes.partition_point(|e| e.1 <= offset);
        match (
            n.checked_sub(1).map(|i| self.escapes[i]),
            self.escapes.get(n),
        ) {
            // Inside an escaped character: its escape's start.
            (_, Some(next)) if next.0 < offset => next.2,
            (Some(prev), _) => prev.3 + (offset - prev.1),
            (None, _) => offset,
        }
    }

    /// The offset in the file of the shown text's `offset`.
    pub fn to_file(&self, offset: usize) -> usize {
        let n = self.escapes.partition_point(|e| e.3 <= offset);
        match (
            n.checked_sub(1).map(|i| self.escapes[i]),
            self.escapes.get(n),
        ) {
            (_, Some(next)) if next.2 < offset => next.0,
            (Some(prev), _) => prev.1 + (offset - prev.3),
            (None, _) => offset,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_text_is_unchanged() {
        for s in [
            "",
            "notice('é') # ok\\n",
            "$facts['os']['family']",
            "## [x] #[y]",
        ] {
            assert!(matches!(escape(s), Cow::Borrowed(_)), "{s:?}");
        }
        // `\t` is escaped in a message, not in a quoted line.
        assert_eq!(escape("a\tb"), "a\\tb");
    }

    #[test]
    fn controls_and_invisible_characters_are_escaped() {
        assert_eq!(escape("x\n::error::y"), "x\\n::error::y");
        assert_eq!(escape("a\r\x1b[31mb\x7f"), "a\\r\\u{1b}[31mb\\u{7f}");
        assert_eq!(escape("\u{9b}\u{85}"), "\\u{9b}\\u{85}");
        assert_eq!(
            escape("a\u{202e}b\u{2066}c\u{200b}d\u{feff}\u{2028}"),
            "a\\u{202e}b\\u{2066}c\\u{200b}d\\u{feff}\\u{2028}"
        );
        assert_eq!(escape("\u{e0041}"), "\\u{e0041}");
        assert_eq!(
            escape("x ##[add-mask]y ###[z"),
            "x ##\\u{5b}add-mask]y ###\\u{5b}z"
        );
    }

    #[test]
    fn shortened_text_is_bounded_and_escaped() {
        assert_eq!(shorten("--log-format", 60), "--log-format");
        assert_eq!(shorten("abcdef", 6), "abcdef");
        assert_eq!(shorten("abcdefg", 6), "abcde…");
        assert_eq!(shorten("a\nb", 10), "a\\nb");
        // An escape is never cut.
        assert_eq!(shorten("abc\x1bdef", 6), "abc…");
        let long = "SECRET".repeat(100);
        let short = shorten(&long, 60);
        assert_eq!(short.chars().count(), 60);
        assert!(short.ends_with('…'));
    }

    #[test]
    fn shown_text_maps_offsets_both_ways() {
        let source = "a\x1bb\tc\r\n\u{202e}d ##[e\r\r\n\x00x\0\r";
        let shown = ShownText::new(source);
        let text = shown.text().unwrap();
        assert_eq!(
            text,
            "a\\u{1b}b\tc\r\n\\u{202e}d ##\\u{5b}e\r\r\n\\u{0}x\0\r"
        );
        for (i, _) in source.char_indices().chain([(source.len(), ' ')]) {
            let j = shown.to_shown(i);
            assert!(text.is_char_boundary(j));
            assert_eq!(shown.to_file(j), i);
        }
        assert_eq!(shown.to_shown(1), 1);
        assert_eq!(shown.to_shown(2), 7);
        assert_eq!(&text[shown.to_shown(3)..], &text[8..]);
        assert!(ShownText::new("plain\r\nlines\n").text().is_none());
    }
}
