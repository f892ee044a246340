use crate::declare_rule;
use crate::infer::TypeDiag;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::analysis;

declare_rule! {
    /// ## What it does
    /// Finds a regular expression (of a `Pattern` type) whose match against a value plint
    /// checks takes too many back-tracking steps: a pattern with back-references or
    /// look-around whose nested repetitions can match the same text in exponentially many
    /// ways (`^(a+\1?)+$`). plint gives up such a match after 10,000 steps (or 64 per byte of
    /// a longer text; real patterns need a few dozen) and takes the value as matching.
    /// Reported once per pattern and file, at the first value whose check gave up.
    ///
    /// ## Why is this bad?
    /// Puppet's own match (Ruby's regular expressions back-track too) may take seconds or
    /// hours on that value, at every catalog compile; and plint could not check the value.
    ///
    /// ## Example
    /// ```puppet
    /// class web(Pattern[/^(a+\1?)+$/] $id = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab') { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class web(Pattern[/^a+$/] $id = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab') { }
    /// ```
    pub struct RegexTooCostly {
        code: "P121",
        name: "regex-too-costly",
        severity: Warning,
        category: Types,
    }
}

impl Check for RegexTooCostly {
    fn check(&self, cx: &mut Context<'_>) {
        let analysis = analysis::analysis(cx);
        for d in &analysis.diags {
            if let TypeDiag::RegexTooCostly {
                pattern,
                text,
                span,
            } = d
            {
                cx.report(
                    *span,
                    format!(
                        "matching '{}' against the regular expression `/{}/` gave up: too many \
                         back-tracking steps",
                        shorten(text, 40),
                        shorten(pattern, 80)
                    ),
                )
                .label("not checked against the pattern")
                .help(
                    "rewrite the pattern without nested repetitions around back-references or \
                     look-around (`(a+)+`), or anchor and bound them",
                );
            }
        }
    }
}

/// The first `max` characters of `s`, with `…` when cut.
fn shorten(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}
