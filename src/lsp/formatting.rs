//! Formatting (`textDocument/formatting`): the safe fixes of a document, the ones `plint --fix`
//! applies ([`crate::lint::Session::fix_in`]), as the protocol's edits of the lines they
//! change.

use lsp_types::TextEdit;
use similar::{DiffTag, TextDiff};

use crate::report::LineIndex;

/// The edits that make `old` into `new`: one per run of changed lines.
pub fn edits(old: &str, new: &str) -> Vec<TextEdit> {
    let diff = TextDiff::from_lines(old, new);
    let starts = |slices: &[&str]| {
        let mut at = 0;
        let mut out = Vec::with_capacity(slices.len() + 1);
        for s in slices {
            out.push(at);
            at += s.len();
        }
        out.push(at);
        out
    };
    let old_starts = starts(diff.old_slices());
    let new_starts = starts(diff.new_slices());
    let lines = LineIndex::new(old);
    diff.ops()
        .iter()
        .filter(|op| op.tag() != DiffTag::Equal)
        .map(|op| {
            let (old_lines, new_lines) = (op.old_range(), op.new_range());
            let replacement = &new[new_starts[new_lines.start]..new_starts[new_lines.end]];
            super::actions::edit(
                &lines,
                old,
                old_starts[old_lines.start],
                old_starts[old_lines.end],
                replacement,
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Applies `edits` (of distinct lines, in order) to `text`.
    fn apply(text: &str, edits: &[TextEdit]) -> String {
        let lines = LineIndex::new(text);
        let mut out = text.to_string();
        for e in edits.iter().rev() {
            let start = super::super::convert::offset(&lines, text, e.range.start);
            let end = super::super::convert::offset(&lines, text, e.range.end);
            out.replace_range(start..end, &e.new_text);
        }
        out
    }

    #[test]
    fn edits_make_the_new_text() {
        let cases = [
            ("a\nb\nc\n", "a\nB\nc\n"),
            ("a\nb\nc", "a\nb\nc\nd\n"),
            ("a\nb\nc\nd\n", "b\nd\n"),
            ("", "x\n"),
            ("same\n", "same\n"),
        ];
        for (old, new) in cases {
            let edits = edits(old, new);
            assert_eq!(apply(old, &edits), new, "{old:?} -> {new:?}: {edits:?}");
        }
        assert_eq!(edits("a\nb\nc\n", "a\nB\nc\n").len(), 1);
    }
}
