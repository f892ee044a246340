use crate::declare_rule;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check, queries};

declare_rule! {
    /// ## What it does
    /// Finds lines of code whose indentation is an odd number of characters.
    ///
    /// Lines inside strings, heredocs and block comments are not code and are not checked.
    ///
    /// puppet-lint reports this as an error; plint reports it as a warning, as it does every
    /// style rule: Puppet accepts the code.
    ///
    /// ## Why is this bad?
    /// The style guide indents with two spaces per level; an odd indentation is a
    /// mistake that hides the nesting.
    ///
    /// ## Example
    /// ```puppet
    /// class ntp {
    ///    include ntp::install
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class ntp {
    ///   include ntp::install
    /// }
    /// ```
    pub struct OddIndentation {
        code: "P441",
        name: "odd-indentation",
        severity: Warning,
        category: Style,
        puppet_lint: "2sp_soft_tabs",
    }
}

/// How many ASCII blanks (space, tab, vertical tab, form feed) `bytes` starts with: spaces
/// eight at a time, then byte by byte.
fn ascii_blanks(bytes: &[u8]) -> usize {
    let mut n = 0;
    while let Some(chunk) = bytes.get(n..n + 8) {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let not_spaces = word ^ u64::from_le_bytes([b' '; 8]);
        if not_spaces != 0 {
            // The first byte that is not a space (the lowest, in little-endian order).
            n += (not_spaces.trailing_zeros() / 8) as usize;
            break;
        }
        n += 8;
    }
    n + bytes[n..]
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\t' | 0x0b | 0x0c))
        .count()
}

impl Check for OddIndentation {
    fn check(&self, cx: &mut Context<'_>) {
        let ast = cx.ast();
        let literals = cx.literal_spans();
        let mut comments = ast.comments.iter().map(|c| c.span).peekable();
        let mut found = Vec::new();
        let src = cx.source();
        for range in cx.line_ranges() {
            let start = range.start;
            let bytes = &src.as_bytes()[range.clone()];
            // ASCII blanks, counted by bytes, unless a non-ASCII character follows them (it
            // may be a blank too).
            let ascii = ascii_blanks(bytes);
            let (indent, width) = if bytes.get(ascii).is_none_or(u8::is_ascii) {
                (ascii, ascii)
            } else {
                let line = &src[range];
                let indent = line.len() - line.trim_start_matches(super::is_blank).len();
                (indent, line[..indent].chars().count())
            };
            if width.is_multiple_of(2) {
                continue;
            }
            while comments.next_if(|c| (c.end as usize) <= start).is_some() {}
            let in_comment = comments.peek().is_some_and(|c| (c.start as usize) < start);
            if !in_comment && !queries::in_spans(literals, start) {
                found.push((start..start + indent, width));
            }
        }
        for (span, width) in found {
            cx.report(
                span,
                format!(
                    "indentation of {width} character{} is not a multiple of two",
                    if width == 1 { "" } else { "s" }
                ),
            )
            .label("odd indentation")
            .help("indent with two spaces per level");
        }
    }
}

#[cfg(test)]
mod tests {
    /// `ascii_blanks` counts what a byte-by-byte count does, wherever the first other byte
    /// falls.
    #[test]
    fn blanks_are_counted_like_byte_by_byte() {
        let blanks = [b' ', b'\t', 0x0b, 0x0c];
        for len in 0..20 {
            for stop in 0..=len {
                for &other in &[b'a', b'\n', 0xc2, b' ', b'\t'] {
                    for &blank in &blanks {
                        let mut bytes = vec![b' '; len];
                        if stop > 0 {
                            bytes[stop - 1] = blank;
                        }
                        if stop < len {
                            bytes[stop] = other;
                        }
                        let expected = bytes.iter().take_while(|b| blanks.contains(b)).count();
                        assert_eq!(super::ascii_blanks(&bytes), expected, "{bytes:?}");
                    }
                }
            }
        }
    }
}
