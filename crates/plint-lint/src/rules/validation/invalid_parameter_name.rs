use crate::declare_rule;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check, queries};

declare_rule! {
    /// ## What it does
    /// Finds a parameter (of a class, defined type, function or lambda) whose name is not a
    /// lower-case word: it must start with a lower-case letter or `_`, followed by letters,
    /// digits and `_` (`$Port`, `$1` are not allowed).
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`ILLEGAL_PARAM_NAME`, `ILLEGAL_NUMERIC_PARAMETER`).
    /// A numeric name would also clash with the regular expression match variables.
    ///
    /// ## Example
    /// ```puppet
    /// define web::site(Integer $Port = 80) { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// define web::site(Integer $port = 80) { }
    /// ```
    pub struct InvalidParameterName {
        code: "P312",
        name: "invalid-parameter-name",
        severity: Error,
        category: Validation,
    }
}

/// Puppet's rule for parameter names: `^[a-z_]\w*$`.
fn is_param_name(name: &str) -> bool {
    // Byte by byte: a non-ASCII character fails as each of its bytes does.
    match name.as_bytes() {
        [first, rest @ ..] => {
            (first.is_ascii_lowercase() || *first == b'_')
                && rest.iter().all(|&b| queries::WORD_BYTE[b as usize])
        }
        [] => false,
    }
}

impl Check for InvalidParameterName {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx.index().exprs_of(queries::WITH_PARAMETERS) {
            if let Some(params) = queries::parameters(e) {
                for p in params {
                    let name = &p.name.name;
                    if name.is_empty() || is_param_name(name) {
                        continue;
                    }
                    let numeric = name.chars().all(|c| c.is_ascii_digit());
                    let d = cx.report(
                        p.name.span,
                        format!("`${name}` is not a valid parameter name"),
                    );
                    if numeric {
                        d.label("numeric names are the regular expression match variables")
                            .help("give the parameter a name made of lower-case letters");
                    } else {
                        d.label("not a lower-case name").help(
                            "start the name with a lower-case letter or `_`, then use only \
                             letters, digits and `_`",
                        );
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    /// Every name of up to four characters from the characters that matter is checked as the
    /// definition says, character by character.
    #[test]
    fn names_are_checked_like_the_definition() {
        let by_chars = |name: &str| {
            let mut chars = name.chars();
            chars
                .next()
                .is_some_and(|c| c.is_ascii_lowercase() || c == '_')
                && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        };
        let alphabet = ["a", "B", "1", "_", ":", "-", "é", "ß"];
        let mut names = vec![String::new()];
        for _ in 0..4 {
            names = names
                .iter()
                .flat_map(|n| alphabet.iter().map(move |c| format!("{n}{c}")))
                .collect();
            for name in &names {
                assert_eq!(super::is_param_name(name), by_chars(name), "{name:?}");
            }
        }
        assert!(!super::is_param_name(""));
    }
}
