use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::ExprKind;

declare_rule! {
    /// ## What it does
    /// Finds a variable whose name breaks Puppet's naming rules: every segment starts with a
    /// lower-case letter (only the last may start with `_`) and continues with letters,
    /// digits and `_`; a numeric name is `0` or a number without leading zeros.
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`ILLEGAL_VAR_NAME`, `ILLEGAL_NUMERIC_VAR_NAME`).
    ///
    /// ## Example
    /// ```puppet
    /// $Port = 80
    /// notice($01)
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $port = 80
    /// notice($1)
    /// ```
    pub struct InvalidVariableName {
        code: "P313",
        name: "invalid-variable-name",
        severity: Error,
        category: Validation,
    }
}

/// `0`, or a decimal number without leading zeros: a match variable.
pub(super) fn is_numeric_name(name: &str) -> bool {
    name == "0"
        || (name.starts_with(|c: char| ('1'..='9').contains(&c))
            && name.chars().all(|c| c.is_ascii_digit()))
}

/// Puppet's rule for variable names: `^(::)?([a-z]\w*::)*[a-z_]\w*$`.
fn is_var_name(name: &str) -> bool {
    let name = name.strip_prefix("::").unwrap_or(name).as_bytes();
    // One pass, segment by segment (they are separated by `::`).
    let mut i = 0;
    loop {
        // A segment starts with a lower-case letter, or `_` if it is the last one.
        let underscore = match name.get(i) {
            Some(c) if c.is_ascii_lowercase() => false,
            Some(b'_') => true,
            _ => return false,
        };
        i += 1;
        i += name[i..]
            .iter()
            .position(|&c| !crate::rules::queries::WORD_BYTE[c as usize])
            .unwrap_or(name.len() - i);
        if i == name.len() {
            return true;
        }
        if underscore || name[i] != b':' || name.get(i + 1) != Some(&b':') {
            return false;
        }
        i += 2;
    }
}

impl Check for InvalidVariableName {
    fn check(&self, cx: &mut Context<'_>) {
        let index = cx.index();
        let name_bytes = index.name_bytes();
        for (i, e) in index.of(&[Kind::Variable]) {
            let ExprKind::Variable(name) = &e.kind else {
                continue;
            };
            // A non-empty name of lower-case letters, digits and `_` that does not start with
            // a digit is one valid segment.
            if name_bytes[i].is_plain() && !name.is_empty() && !name.as_bytes()[0].is_ascii_digit()
            {
                continue;
            }
            if name.starts_with(|c: char| c.is_ascii_digit()) {
                if !is_numeric_name(name) {
                    cx.report(
                        e.span,
                        format!("`${name}` is not a valid numeric variable name"),
                    )
                    .label("a numeric variable has no leading zeros and only digits")
                    .help("write the match variable without leading zeros (`$1`)");
                }
            } else if !is_var_name(name) {
                cx.report(e.span, format!("`${name}` is not a valid variable name"))
                    .label("not a lower-case name")
                    .help(
                        "start each segment with a lower-case letter (only the last may \
                         start with `_`), then use only letters, digits and `_`",
                    );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::is_var_name;

    /// The definition, written plainly: split at `::`, check each segment.
    fn by_segments(name: &str) -> bool {
        let name = name.strip_prefix("::").unwrap_or(name);
        let segments: Vec<&str> = name.split("::").collect();
        let last = segments.len() - 1;
        segments.iter().enumerate().all(|(i, seg)| {
            let mut chars = seg.chars();
            chars
                .next()
                .is_some_and(|c| c.is_ascii_lowercase() || (i == last && c == '_'))
                && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
    }

    #[test]
    fn segments_are_checked_like_the_definition() {
        for name in [
            "", "a", "_a", "::a", "::_a", "a::b", "a::_b", "_a::b", "a::", "::", "::::a", "a:b",
            "a:::b", "a::::b", "aB", "Ab", "a1::b2", "a-b", "é", "a::é", "a::b::_c", "a::_b::c",
            "1a", "a::1", "_",
        ] {
            assert_eq!(is_var_name(name), by_segments(name), "{name:?}");
        }
    }

    /// Every name of up to five characters from the bytes that matter.
    #[test]
    fn short_names_are_checked_like_the_definition() {
        let alphabet = ["a", "B", "1", "_", ":", "-"];
        for name in &crate::rules::queries::names_up_to(&alphabet, 5) {
            assert_eq!(is_var_name(name), by_segments(name), "{name:?}");
        }
    }
}
