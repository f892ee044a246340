//! Byte offsets to human positions.
//!
//! Lines are separated by `\n` (a `\r` before it belongs to the line it ends). Lines and
//! columns are 1-based. A column counts **characters** (Unicode scalar values) from the start
//! of the line, not bytes and not UTF-16 code units: in `é = 1` the `=` is at column 3. This is
//! what codespan-reporting shows, what the JSON and GitHub formats print, and what the SARIF
//! output declares with `columnKind: "unicodeCodePoints"`.

use std::ops::Range;

/// A 1-based line and column (the column counts characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LineCol {
    pub line: usize,
    pub column: usize,
}

/// The start offset of every line of one text, for fast offset -> line/column lookups.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineIndex {
    /// Byte offset where each line starts; always begins with 0.
    line_starts: Vec<usize>,
    /// Length of the text in bytes.
    len: usize,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut line_starts = Vec::with_capacity(text.len() / 32 + 1);
        line_starts.push(0);
        push_line_starts(text.as_bytes(), &mut line_starts);
        LineIndex {
            line_starts,
            len: text.len(),
        }
    }

    /// The length in bytes of the text this index was made from.
    pub fn text_len(&self) -> usize {
        self.len
    }

    /// The byte offset where each line starts, in order; the first is 0.
    pub fn starts(&self) -> &[usize] {
        &self.line_starts
    }

    /// Number of lines (a text ending in `\n` has an empty last line; an empty text has one).
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// The lines of `text` (the text this index was built from), each with its start offset
    /// and its line break: what `text.split_inclusive('\n')` gives, without searching the
    /// text again.
    pub fn lines<'t>(&'t self, text: &'t str) -> impl Iterator<Item = (usize, &'t str)> + 't {
        debug_assert_eq!(text.len(), self.len, "LineIndex used with another text");
        // Only the last start can be the end of the text (after a final `\n`, or in an
        // empty text): there is no line there.
        let starts = &self.line_starts;
        starts.iter().enumerate().map_while(move |(i, &start)| {
            let end = starts.get(i + 1).copied().unwrap_or(self.len);
            (start < self.len).then(|| (start, &text[start..end]))
        })
    }

    /// 0-based index of the line holding `offset` (clamped to the text's length).
    pub fn line_index(&self, offset: usize) -> usize {
        let offset = offset.min(self.len);
        self.line_starts.partition_point(|&start| start <= offset) - 1
    }

    /// Byte range of a 0-based line, including its terminating `\n` if any.
    /// A line index past the end yields the empty range at the end of the text.
    pub fn line_range(&self, line_index: usize) -> Range<usize> {
        match self.line_starts.get(line_index) {
            Some(&start) => {
                let end = self
                    .line_starts
                    .get(line_index + 1)
                    .copied()
                    .unwrap_or(self.len);
                start..end
            }
            None => self.len..self.len,
        }
    }

    /// The 1-based line and character column of `offset` in `text` (the text this index was
    /// built from). Offsets past the end are clamped to the end; an offset inside a multi-byte
    /// character counts as that character's start.
    pub fn line_col(&self, text: &str, offset: usize) -> LineCol {
        debug_assert_eq!(text.len(), self.len, "LineIndex used with another text");
        let offset = floor_char_boundary(text, offset);
        let line = self.line_index(offset);
        let start = self.line_starts[line];
        let prefix = &text[start..offset];
        let column = if prefix.is_ascii() {
            prefix.len()
        } else {
            prefix.chars().count()
        };
        LineCol {
            line: line + 1,
            column: column + 1,
        }
    }
}

/// Appends to `out` the position after each `\n` of `bytes`, in order.
fn push_line_starts(bytes: &[u8], out: &mut Vec<usize>) {
    // Lines are short (about 35 bytes in the corpus): SSE2's search, 16 bytes at a time,
    // costs less on them than the wider one `memchr_iter` picks, whose setup is paid per line.
    #[cfg(target_arch = "x86_64")]
    if let Some(one) = memchr::arch::x86_64::sse2::memchr::One::new(b'\n') {
        out.extend(one.iter(bytes).map(|i| i + 1));
        return;
    }
    out.extend(memchr::memchr_iter(b'\n', bytes).map(|i| i + 1));
}

/// The largest char boundary of `text` at or before `offset` (the end of `text` past it).
#[inline]
pub fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// The smallest char boundary of `text` at or after `offset` (`offset` must be `<= len`).
pub(crate) fn ceil_char_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset += 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lc(line: usize, column: usize) -> LineCol {
        LineCol { line, column }
    }

    #[test]
    fn empty_text_has_one_line() {
        let idx = LineIndex::new("");
        assert_eq!(idx.line_count(), 1);
        assert_eq!(idx.line_col("", 0), lc(1, 1));
        assert_eq!(idx.line_col("", 10), lc(1, 1));
        assert_eq!(idx.line_range(0), 0..0);
        assert_eq!(idx.line_range(5), 0..0);
    }

    #[test]
    fn lines_and_columns_are_one_based() {
        let text = "ab\ncd\n\nef";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_count(), 4);
        assert_eq!(idx.line_col(text, 0), lc(1, 1));
        assert_eq!(idx.line_col(text, 2), lc(1, 3)); // the newline itself
        assert_eq!(idx.line_col(text, 3), lc(2, 1));
        assert_eq!(idx.line_col(text, 6), lc(3, 1));
        assert_eq!(idx.line_col(text, 8), lc(4, 2));
        assert_eq!(idx.line_col(text, 9), lc(4, 3)); // end of text
        assert_eq!(idx.line_range(1), 3..6);
        assert_eq!(idx.line_range(3), 7..9);
    }

    #[test]
    fn trailing_newline_starts_an_empty_line() {
        let text = "a\n";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_count(), 2);
        assert_eq!(idx.line_col(text, 2), lc(2, 1));
    }

    #[test]
    fn crlf_keeps_cr_on_its_line() {
        let text = "a\r\nb";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_col(text, 1), lc(1, 2));
        assert_eq!(idx.line_col(text, 3), lc(2, 1));
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        // 'é' is 2 bytes, '😀' is 4 bytes (and 2 UTF-16 units): each is one column.
        let text = "é😀 = 1";
        let idx = LineIndex::new(text);
        let eq = text.find('=').unwrap();
        assert_eq!(eq, 7);
        assert_eq!(idx.line_col(text, eq), lc(1, 4));
    }

    #[test]
    fn offsets_inside_a_character_round_down() {
        let text = "xé";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_col(text, 2), lc(1, 2));
        assert_eq!(idx.line_col(text, 3), lc(1, 3));
    }

    #[test]
    fn line_starts_follow_every_newline() {
        // Newlines everywhere, and bytes that differ from `\n` by one bit.
        for len in [0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64, 65, 100] {
            for step in [1, 2, 3, 7, 8, 9, 31, 32, 33] {
                let text: String = (0..len)
                    .map(|i| match (i % step == step - 1, i % 3) {
                        (true, _) => '\n',
                        (false, 0) => '\u{b}',
                        (false, 1) => '\u{8a}',
                        _ => '\t',
                    })
                    .collect();
                let expected: Vec<usize> = std::iter::once(0)
                    .chain(text.match_indices('\n').map(|(i, _)| i + 1))
                    .collect();
                assert_eq!(LineIndex::new(&text).line_starts, expected, "{len} {step}");
            }
        }
    }

    #[test]
    fn lines_are_split_inclusive() {
        for text in ["", "a", "\n", "a\n", "a\nb", "a\r\n\nbc\n", "\n\n", "é\n😀"] {
            let idx = LineIndex::new(text);
            let lines: Vec<(usize, &str)> = idx.lines(text).collect();
            let expected: Vec<&str> = text.split_inclusive('\n').collect();
            assert_eq!(lines.iter().map(|l| l.1).collect::<Vec<_>>(), expected);
            for (start, line) in lines {
                assert_eq!(&text[start..start + line.len()], line);
            }
        }
    }

    #[test]
    fn char_boundaries() {
        let text = "aé";
        assert_eq!(floor_char_boundary(text, 2), 1);
        assert_eq!(ceil_char_boundary(text, 2), 3);
        assert_eq!(ceil_char_boundary(text, 3), 3);
    }
}
