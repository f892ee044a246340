//! `--fix` and `--diff`: applying the fixes of findings to a file's text.
//!
//! Only safe fixes apply, unless `--unsafe-fixes` is given: then unsafe ones too (a safe fix
//! never changes what Puppet compiles, for any facts; an unsafe one may, and wants review).
//! A pass takes the fixes that apply of the current findings in source order and applies those
//! whose edits neither overlap nor touch the edits already taken (the others wait for the
//! next pass, made on the re-checked text). Passes repeat until no fix applies, at most
//! [`MAX_PASSES`] times. A file with syntax errors (or that could not be read exactly) is
//! never fixed, and if the fixed text would not parse, the file is left unchanged and the
//! problem is reported as an internal error (a bug in a rule's fix).

use std::collections::BTreeMap;

use crate::report::Diagnostic;
use crate::report::codes::{
    INTERNAL_ERROR, INVALID_UTF8, NESTING_TOO_DEEP, SYNTAX_ERROR, UNREADABLE_FILE,
};

/// How many times at most a file is re-checked and fixed.
pub const MAX_PASSES: usize = 10;

/// Whether findings of this code mean that the file must not be fixed: the text is not
/// exactly the file's (invalid UTF-8), or does not parse.
pub fn prevents_fixing(code: &str) -> bool {
    [
        INTERNAL_ERROR.code,
        SYNTAX_ERROR.code,
        UNREADABLE_FILE.code,
        INVALID_UTF8.code,
        NESTING_TOO_DEEP.code,
    ]
    .contains(&code)
}

/// Whether findings of this code mean the text does not parse.
fn breaks_syntax(code: &str) -> bool {
    code == SYNTAX_ERROR.code || code == NESTING_TOO_DEEP.code
}

/// The result of fixing one text.
#[derive(Debug)]
pub struct Fixed {
    /// The fixed text (the original if nothing applied).
    pub text: String,
    /// The findings of the fixed text.
    pub diagnostics: Vec<Diagnostic>,
    /// How many fixes were applied.
    pub applied: usize,
}

/// Which fixes apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Applicability {
    /// Only the safe fixes (`--fix`).
    #[default]
    Safe,
    /// The unsafe fixes too (`--fix --unsafe-fixes`).
    Unsafe,
}

impl Applicability {
    /// Whether a fix with this safety applies.
    pub fn allows(self, safe: bool) -> bool {
        safe || self == Applicability::Unsafe
    }
}

/// Fixes `text` with its safe fixes; its findings are `diagnostics`; `check` returns the
/// findings of a text.
pub fn fix(
    text: &str,
    diagnostics: Vec<Diagnostic>,
    check: impl Fn(&str) -> Vec<Diagnostic>,
) -> Fixed {
    fix_with(text, diagnostics, Applicability::Safe, check)
}

/// [`fix`] with the fixes `applicability` allows.
pub fn fix_with(
    text: &str,
    diagnostics: Vec<Diagnostic>,
    applicability: Applicability,
    check: impl Fn(&str) -> Vec<Diagnostic>,
) -> Fixed {
    let unchanged = |diagnostics| Fixed {
        text: text.to_string(),
        diagnostics,
        applied: 0,
    };
    if diagnostics.iter().any(|d| prevents_fixing(d.code)) {
        return unchanged(diagnostics);
    }
    let original = diagnostics.clone();
    let mut current = text.to_string();
    let mut found = diagnostics;
    let mut applied = 0;
    let mut rules: Vec<&'static str> = Vec::new();
    for _ in 0..MAX_PASSES {
        let (next, n) = apply_pass(&current, &found, applicability, &mut rules);
        if n == 0 || next == current {
            break;
        }
        let next_found = check(&next);
        if let Some(broken) = next_found.iter().find(|d| breaks_syntax(d.code)) {
            let mut diagnostics = original;
            diagnostics.push(
                INTERNAL_ERROR
                    .diagnostic(
                        0..0,
                        format!(
                            "the fixes of {} would make this file invalid ({}); the file was \
                             left unchanged",
                            rules
                                .iter()
                                .map(|r| format!("`{r}`"))
                                .collect::<Vec<_>>()
                                .join(", "),
                            broken.message
                        ),
                    )
                    .with_help(
                        "this is a bug in plint, not in the file: please report it with the file",
                    ),
            );
            return unchanged(diagnostics);
        }
        applied += n;
        current = next;
        found = next_found;
    }
    Fixed {
        text: current,
        diagnostics: found,
        applied,
    }
}

/// How many of `diagnostics` offer an unsafe fix that `--fix` leaves out (without
/// `--unsafe-fixes`): the one count of the summaries of `--fix` and `--diff`, made from the
/// findings of the fixed text.
pub fn unsafe_fixes<'d>(diagnostics: impl IntoIterator<Item = &'d Diagnostic>) -> usize {
    diagnostics
        .into_iter()
        .filter(|d| {
            d.ignored.is_none()
                && d.fix
                    .as_ref()
                    .is_some_and(|f| !f.safe && !f.edits.is_empty())
        })
        .count()
}

/// Applies the fixes of `diagnostics` that `applicability` allows and that do not overlap or
/// touch each other; returns the new text and how many fixes were applied, and adds the
/// fixed rules' names to `rules`.
fn apply_pass(
    text: &str,
    diagnostics: &[Diagnostic],
    applicability: Applicability,
    rules: &mut Vec<&'static str>,
) -> (String, usize) {
    let mut fixes: Vec<&Diagnostic> = diagnostics
        .iter()
        .filter(|d| {
            d.ignored.is_none()
                && d.fix
                    .as_ref()
                    .is_some_and(|f| applicability.allows(f.safe) && !f.edits.is_empty())
        })
        .collect();
    fixes.sort_by_key(|d| {
        let f = d.fix.as_ref().expect("filtered");
        (f.edits.iter().map(|e| e.span.start).min(), d.code)
    });
    // Taken edits as closed intervals start -> end: disjoint, so ends grow with starts.
    let mut taken: BTreeMap<usize, usize> = BTreeMap::new();
    let mut edits = Vec::new();
    let mut count = 0;
    for d in fixes {
        let fix = d.fix.as_ref().expect("filtered");
        let valid = fix.edits.iter().all(|e| {
            e.span.start <= e.span.end
                && text.is_char_boundary(e.span.start)
                && text.is_char_boundary(e.span.end)
                && e.span.end <= text.len()
        });
        let free = fix.edits.iter().all(|e| {
            taken
                .range(..=e.span.end)
                .next_back()
                .is_none_or(|(_, &end)| end < e.span.start)
        });
        let mut own = fix.edits.clone();
        own.sort_by_key(|e| (e.span.start, e.span.end));
        let self_disjoint = own.windows(2).all(|w| w[0].span.end <= w[1].span.start);
        if !(valid && free && self_disjoint) {
            continue;
        }
        for e in &own {
            let end = taken.entry(e.span.start).or_insert(e.span.end);
            *end = (*end).max(e.span.end);
        }
        edits.extend(own);
        count += 1;
        if !rules.contains(&d.rule) {
            rules.push(d.rule);
        }
    }
    edits.sort_by_key(|e| (e.span.start, e.span.end));
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for e in &edits {
        out.push_str(&text[at..e.span.start]);
        out.push_str(&e.replacement);
        at = e.span.end;
    }
    out.push_str(&text[at..]);
    (out, count)
}

/// A unified diff of `old` to `new` for the file `path` (`--- a/path`, `+++ b/path`).
/// The path is shown escaped (see [`crate::report::escape`]); the lines are the file's, as a
/// patch needs them.
pub fn unified_diff(path: &str, old: &str, new: &str) -> String {
    let path = crate::report::escape::escape(path);
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{path}"), &format!("b/{path}"))
        .missing_newline_hint(true)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{Fix, Severity};

    fn finding(code: &'static str, fix: Fix) -> Diagnostic {
        Diagnostic::new(code, "r", Severity::Warning, 0..0, "m").with_fix(fix)
    }

    #[test]
    fn overlapping_and_touching_fixes_wait_for_the_next_pass() {
        let text = "abcdef";
        let ds = vec![
            finding("P401", Fix::replace("x", 0..2, "X")),
            finding("P402", Fix::replace("y", 1..3, "Y")),
            finding("P403", Fix::replace("z", 2..3, "Z")),
            finding("P404", Fix::replace("w", 4..5, "W")),
        ];
        let (out, n) = apply_pass(text, &ds, Applicability::Safe, &mut Vec::new());
        assert_eq!((out.as_str(), n), ("XcdWf", 2));
    }

    #[test]
    fn unsafe_and_invalid_fixes_are_not_applied() {
        let mut unsafe_fix = Fix::replace("x", 0..1, "X");
        unsafe_fix.safe = false;
        let ds = vec![
            finding("P401", unsafe_fix),
            finding("P402", Fix::replace("bad", 2..99, "Y")),
        ];
        let (out, n) = apply_pass("abc", &ds, Applicability::Safe, &mut Vec::new());
        assert_eq!((out.as_str(), n), ("abc", 0));
    }

    #[test]
    fn unsafe_fixes_apply_when_allowed() {
        let mut unsafe_fix = Fix::replace("x", 0..1, "X");
        unsafe_fix.safe = false;
        let ds = vec![
            finding("P401", unsafe_fix),
            finding("P402", Fix::replace("y", 2..3, "Y")),
        ];
        let (out, n) = apply_pass("abc", &ds, Applicability::Safe, &mut Vec::new());
        assert_eq!((out.as_str(), n), ("abY", 1));
        let (out, n) = apply_pass("abc", &ds, Applicability::Unsafe, &mut Vec::new());
        assert_eq!((out.as_str(), n), ("XbY", 2));
    }

    #[test]
    fn passes_repeat_until_nothing_applies() {
        // Each pass finds one more `a` to turn into `b`.
        let check = |t: &str| -> Vec<Diagnostic> {
            t.find('a')
                .map(|i| finding("P401", Fix::replace("b", i..i + 1, "b")))
                .into_iter()
                .collect()
        };
        let text = "aaa";
        let fixed = fix(text, check(text), check);
        assert_eq!((fixed.text.as_str(), fixed.applied), ("bbb", 3));
        assert!(fixed.diagnostics.is_empty());
    }

    #[test]
    fn a_fix_that_breaks_the_syntax_leaves_the_text_unchanged() {
        let check = |t: &str| -> Vec<Diagnostic> {
            if t.contains('{') {
                vec![SYNTAX_ERROR.diagnostic(0..1, "unclosed")]
            } else {
                vec![finding("P401", Fix::replace("brace", 0..1, "{"))]
            }
        };
        let fixed = fix("x", check("x"), check);
        assert_eq!((fixed.text.as_str(), fixed.applied), ("x", 0));
        let codes: Vec<_> = fixed.diagnostics.iter().map(|d| d.code).collect();
        assert_eq!(codes, ["P401", "P000"]);
        assert!(fixed.diagnostics[1].message.contains("`r`"));
    }

    #[test]
    fn files_with_syntax_errors_are_not_fixed() {
        let ds = vec![
            SYNTAX_ERROR.diagnostic(0..1, "bad"),
            finding("P401", Fix::replace("x", 0..1, "X")),
        ];
        let fixed = fix("abc", ds, |_| unreachable!());
        assert_eq!((fixed.text.as_str(), fixed.applied), ("abc", 0));
    }

    #[test]
    fn diff_has_headers_and_hunks() {
        let d = unified_diff("m/a.pp", "a\nb\nc\n", "a\nB\nc\n");
        assert_eq!(
            d,
            "--- a/m/a.pp\n+++ b/m/a.pp\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"
        );
    }
}
