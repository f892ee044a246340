//! A bound on tree-sitter's error recovery, so that no input makes the parse take time or memory
//! that grows with the square of its size.
//!
//! tree-sitter recovers from each syntax error by trying several stack versions (the token
//! skipped, the parser back in an earlier state, a missing token inserted), and merges the
//! versions that meet again. Runs of errors that each leave the parser nested one level deeper
//! make every further error cost the depth reached: `- ,` repeated (every unary minus waits for
//! its operand, and each error reduces all of them once more: 1,000 repeats took 4.5 s),
//! `'a' = ,` (a chain of assignments, right-nested), `'a' =>` (lexed as `=` `>` outside a
//! hash, where tree-sitter also inserts a missing operand, so the versions merge at every
//! repeat and the last step accepts one path per repeat, each as long as the file: 24 KB took
//! 414 MB). A file with a handful of errors costs what it always did; only the number of
//! errors tree-sitter recovers from in one file needs a bound, and real files never come near
//! it.
//!
//! So [`parse`] counts the tokens the external scanner is asked for while tree-sitter recovers
//! (`tree_sitter_puppet::recovery_scans`: in recovery every token is valid, so the scanner
//! knows), and tree-sitter's progress callback (every 100 parser operations) stops the parse
//! when they pass [`MAX_RECOVERY_SCANS`]; the caller reports the file as having too many
//! syntax errors to check, at the place where the parse stopped. A file without syntax errors
//! never counts one.
//!
//! Stopping on time instead (a deadline checked in the progress callback) cannot bound these
//! inputs: one operation of the recovery takes time that grows with the run, so the callback
//! comes too late (a cancellation set for 1.8 s came at 60 s, with 18 GB held).

use std::ops::ControlFlow;

use tree_sitter::{ParseOptions, ParseState, Parser, Tree};

/// How many tokens tree-sitter may lex while recovering from syntax errors in one file before
/// the parse stops: the tokens it skips and the ones it retries after each error, so one
/// mistake in the text usually counts one to three. The recovery from this many costs at most
/// tenths of a second on the worst inputs found (`BENCHMARKS.md`, "Hostile syntax").
pub(super) const MAX_RECOVERY_SCANS: u32 = 300;

/// The parse stopped after [`MAX_RECOVERY_SCANS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct TooManyErrors {
    /// The byte offset the parser had reached.
    pub at: usize,
    /// The byte offset the parser had reached when it had lexed half the limit in recovery:
    /// the text up to there parses within the limit.
    pub half: usize,
}

/// Parses `source` with `parser` (its language and included ranges set), stopping after
/// [`MAX_RECOVERY_SCANS`] tokens lexed in error recovery. `Ok(None)`: tree-sitter gave no tree
/// (as `Parser::parse` can).
pub(super) fn parse(parser: &mut Parser, source: &str) -> Result<Option<Tree>, TooManyErrors> {
    let limit = MAX_RECOVERY_SCANS;
    let bytes = source.as_bytes();
    let mut input = |at: usize, _| bytes.get(at..).unwrap_or_default();
    let mut stopped_at = None;
    let mut half = None;
    let mut bounded = |state: &ParseState| {
        let scans = tree_sitter_puppet::recovery_scans();
        if scans > limit / 2 && half.is_none() {
            half = Some(state.current_byte_offset());
        }
        if scans > limit {
            stopped_at = Some(state.current_byte_offset());
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    tree_sitter_puppet::reset_recovery_scans();
    let options = ParseOptions::new().progress_callback(&mut bounded);
    let tree = parser.parse_with_options(&mut input, None, Some(options));
    match stopped_at {
        Some(at) if tree.is_none() => {
            // A stopped parse would resume on the next call: start afresh.
            parser.reset();
            let at = at.min(source.len());
            Err(TooManyErrors {
                at,
                half: half.unwrap_or(0).min(at),
            })
        }
        _ => Ok(tree),
    }
}

#[cfg(test)]
mod tests {
    use crate::syntax::parse;

    /// A run that took tree-sitter seconds and hundreds of megabytes (`'a' =>` × 4,000: 4 s,
    /// 414 MB; `- ,` × 2,000: 18 s) stops at the bound: the errors before it, then one `P001`
    /// where plint stopped reading, in the file.
    #[test]
    fn runs_of_errors_stop_at_the_bound() {
        for unit in ["'a' =>", "- ,", "'a' = ,"] {
            let src = unit.repeat(4000);
            let parsed = parse(&src);
            let last = parsed.diagnostics.last().expect("diagnostics");
            assert_eq!(last.code, "P001", "{unit}");
            assert!(
                last.message.starts_with("too many syntax errors"),
                "{unit}: {}",
                last.message
            );
            assert!(last.span.start > 0 && last.span.end <= src.len(), "{unit}");
            assert!(parsed.diagnostics.len() > 1, "{unit}: the errors before it");
            assert!(
                parsed.diagnostics[..parsed.diagnostics.len() - 1]
                    .iter()
                    .all(|d| d.code == "P001" && d.span.end <= last.span.start),
                "{unit}"
            );
        }
    }

    /// A file with a few errors is parsed whole, as before: no stop.
    #[test]
    fn a_few_errors_parse_whole() {
        let src = "class a {\n  file { 'x': ensure = present }\n}\n".repeat(50);
        let parsed = parse(&src);
        assert!(!parsed.diagnostics.is_empty());
        assert!(
            parsed
                .diagnostics
                .iter()
                .all(|d| !d.message.starts_with("too many syntax errors"))
        );
        assert!(!parsed.ast.statements.is_empty());
    }
}
