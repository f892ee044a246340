//! puppet-lint's built-in checks about layout, whitespace, comments and strings (P430–P459).
//!
//! One rule per file; registering a rule is one line in the family's `rule_family!` list.

pub(crate) mod arrows;
pub(crate) mod comments;
mod lines;
use lines::is_blank;

crate::rule_family! {
    slash_comment::SlashComment,
    block_comment::BlockComment,
    needless_double_quotes::NeedlessDoubleQuotes,
    only_variable_string::OnlyVariableString,
    quoted_boolean::QuotedBoolean,
    interpolation_in_single_quotes::InterpolationInSingleQuotes,
    unbraced_interpolation::UnbracedInterpolation,
    dash_in_variable_name::DashInVariableName,
    uppercase_variable_name::UppercaseVariableName,
    line_too_long::LineTooLong,
    line_over_80_chars::LineOver80Chars,
    odd_indentation::OddIndentation,
    misaligned_arrows::MisalignedArrows,
    hard_tabs::HardTabs,
    trailing_whitespace::TrailingWhitespace,
    irregular_space_before_arrow::IrregularSpaceBeforeArrow,
    chain_arrow_at_line_end::ChainArrowAtLineEnd,
}

#[cfg(test)]
mod tests {
    //! The fixes of this family: applied to each rule's failing fixtures until nothing is
    //! left to fix, they must give a file that parses and that the rule finds clean (but for
    //! findings that offer no fix).

    use std::path::Path;

    use crate::report::Edit;
    use crate::rules::registry::{self, Selection};
    use crate::rules::{FileInfo, Rule};
    use crate::syntax;

    /// Findings of `rule` on `src`, and `src` with every non-overlapping fix applied.
    fn fix_once(rule: &dyn Rule, src: &str) -> (usize, String) {
        let parsed = syntax::parse(src);
        assert!(parsed.diagnostics.is_empty(), "does not parse:\n{src}");
        let code = rule.info().code;
        let selection = Selection::from_fn(|i| (i.code == code).then_some(i.severity));
        let file = FileInfo {
            path: "fixture.pp",
            source: src,
            ast: &parsed.ast,
            module: None,
        };
        let diagnostics = registry::check(file, &selection);
        let mut fixes: Vec<&[Edit]> = diagnostics
            .iter()
            .filter_map(|d| d.fix.as_ref().map(|f| f.edits.as_slice()))
            .collect();
        fixes.sort_by_key(|edits| edits.iter().map(|e| e.span.start).min());
        let mut accepted: Vec<&Edit> = Vec::new();
        for edits in fixes {
            let clash = edits.iter().any(|e| {
                accepted.iter().any(|a| {
                    e.span.start < a.span.end && a.span.start < e.span.end
                        || e.span.start == a.span.start
                })
            });
            if !clash {
                accepted.extend(edits);
            }
        }
        accepted.sort_by_key(|e| std::cmp::Reverse(e.span.start));
        let mut out = src.to_string();
        for e in &accepted {
            out.replace_range(e.span.clone(), &e.replacement);
        }
        let fixable = diagnostics.iter().filter(|d| d.fix.is_some()).count();
        (fixable, out)
    }

    #[test]
    fn fixed_fixtures_relint_clean() {
        let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("tests/fixtures");
        for rule in super::RULES.iter().filter(|r| r.info().fixable) {
            let dir = root.join(rule.info().name);
            let mut files: Vec<_> = std::fs::read_dir(&dir)
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .filter(|p| {
                    p.extension().is_some_and(|e| e == "pp")
                        && p.file_name().unwrap().to_string_lossy().starts_with("fail")
                })
                .collect();
            files.sort();
            assert!(
                !files.is_empty(),
                "{}: no failing fixture",
                rule.info().name
            );
            for f in files {
                let mut src = std::fs::read_to_string(&f).unwrap();
                let mut passes = 0;
                loop {
                    let (fixable, fixed) = fix_once(*rule, &src);
                    if fixable == 0 {
                        break;
                    }
                    passes += 1;
                    assert!(
                        passes <= 3,
                        "{}: fixes do not converge:\n{fixed}",
                        f.display()
                    );
                    src = fixed;
                }
                assert!(passes > 0, "{}: nothing was fixed", f.display());
                if std::env::var_os("SHOW_FIXES").is_some() {
                    eprintln!("=== {} ({passes} passes)\n{src}", f.display());
                }
            }
        }
    }
}
