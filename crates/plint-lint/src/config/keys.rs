//! What a rule key names: `P401`, `unquoted-resource-title`, `unquoted_resource_title`, `P4`.

use crate::report::RuleMeta;
use crate::report::codes::{
    self, ABSENT_DEPENDENCY, INVALID_UTF8, STALE_FIXTURE, UNKNOWN_SUPPRESSION, UNUSED_SUPPRESSION,
};
use crate::report::escape::shorten;
use crate::rules::registry::RULES;
use crate::rules::suppress::is_puppet_lint_check;
use crate::suggest::distance;

/// The codes of plint's pipeline that can be configured like rules (turned off, or given
/// another severity). The others (internal errors, syntax errors, unreadable files, too deep
/// nesting) are always reported as errors.
pub const CONFIGURABLE_BUILTINS: &[RuleMeta] = &[
    INVALID_UTF8,
    UNKNOWN_SUPPRESSION,
    UNUSED_SUPPRESSION,
    ABSENT_DEPENDENCY,
    STALE_FIXTURE,
];

/// Why a key names nothing configurable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyError {
    /// Neither a rule, a code prefix, nor a puppet-lint check.
    Unknown {
        key: String,
        suggestion: Option<&'static str>,
    },
    /// A puppet-lint check that plint has no rule for.
    PuppetLintOnly(String),
    /// A pipeline code that cannot be configured (`P001`).
    NotConfigurable(RuleMeta),
}

impl std::fmt::Display for KeyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            KeyError::Unknown { key, suggestion } => {
                // The key may come from a file: shortened and escaped.
                write!(f, "unknown rule `{}`", shorten(key, super::SHOWN))?;
                if let Some(s) = suggestion {
                    write!(f, " (did you mean `{s}`?)")?;
                }
                write!(f, "; `plint rules` lists the rules")
            }
            KeyError::PuppetLintOnly(key) => {
                write!(f, "plint has no rule for the puppet-lint check `{key}`")
            }
            KeyError::NotConfigurable(m) => write!(
                f,
                "`{}` ({}) is always reported and cannot be configured",
                m.name, m.code
            ),
        }
    }
}

/// The codes a key names: one rule or configurable pipeline code (by code, name or
/// puppet-lint check name), or every one whose code starts with a prefix of at least two
/// characters (`P4`, `P40`). Codes are matched case-insensitively.
pub fn resolve(key: &str) -> Result<Vec<&'static str>, KeyError> {
    if let Some(rule) = crate::rules::find(key) {
        return Ok(vec![rule.info().code]);
    }
    let upper = key.to_ascii_uppercase();
    if let Some(m) = CONFIGURABLE_BUILTINS
        .iter()
        .find(|m| m.code == upper || m.name == key)
    {
        return Ok(vec![m.code]);
    }
    if let Some(m) = codes::BUILTIN
        .iter()
        .find(|m| m.code == upper || m.name == key)
    {
        return Err(KeyError::NotConfigurable(*m));
    }
    if is_prefix(key) {
        let codes: Vec<&'static str> = all_codes().filter(|c| c.starts_with(&upper)).collect();
        if !codes.is_empty() {
            return Ok(codes);
        }
    }
    if is_puppet_lint_check(key) {
        return Err(KeyError::PuppetLintOnly(key.to_string()));
    }
    Err(KeyError::Unknown {
        key: key.to_string(),
        suggestion: suggest(key),
    })
}

/// Whether `key` is a code prefix (`P4`, `p40`) rather than a whole code or a name.
pub fn is_prefix(key: &str) -> bool {
    (2..=3).contains(&key.len())
        && key.starts_with(['P', 'p'])
        && key[1..].bytes().all(|b| b.is_ascii_digit())
}

/// Every configurable code: the rules' and [`CONFIGURABLE_BUILTINS`], in code order.
pub fn all_codes() -> impl Iterator<Item = &'static str> {
    CONFIGURABLE_BUILTINS
        .iter()
        .map(|m| m.code)
        .chain(RULES.iter().map(|r| r.info().code))
}

/// Whether `code` is a rule that mirrors a puppet-lint check.
pub fn is_puppet_lint_rule(code: &str) -> bool {
    RULES
        .iter()
        .any(|r| r.info().code == code && r.info().puppet_lint.is_some())
}

/// The known name closest to `key`, if it is close enough to be a typo.
fn suggest(key: &str) -> Option<&'static str> {
    let names = RULES
        .iter()
        .flat_map(|r| [Some(r.info().name), r.info().puppet_lint])
        .flatten()
        .chain(CONFIGURABLE_BUILTINS.iter().map(|m| m.name));
    names
        .map(|n| (distance(key, n), n))
        .filter(|(d, n)| *d <= 2.max(n.len() / 5))
        .min()
        .map(|(_, n)| n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_resolve_by_code_name_check_and_prefix() {
        assert_eq!(resolve("P401").unwrap(), ["P401"]);
        assert_eq!(resolve("p401").unwrap(), ["P401"]);
        assert_eq!(resolve("unquoted-resource-title").unwrap(), ["P401"]);
        assert_eq!(resolve("unquoted_resource_title").unwrap(), ["P401"]);
        assert_eq!(resolve("unused-suppression").unwrap(), ["P006"]);
        assert_eq!(resolve("P006").unwrap(), ["P006"]);
        let p0 = resolve("P0").unwrap();
        assert_eq!(p0, ["P003", "P005", "P006", "P008", "P009"]);
        let p4 = resolve("P4").unwrap();
        assert!(p4.contains(&"P401") && p4.iter().all(|c| c.starts_with("P4")));
        assert!(matches!(
            resolve("P001"),
            Err(KeyError::NotConfigurable(m)) if m.code == "P001"
        ));
        assert!(matches!(
            resolve("syntax-error"),
            Err(KeyError::NotConfigurable(_))
        ));
        assert_eq!(
            resolve("unquoted-resource-titel"),
            Err(KeyError::Unknown {
                key: "unquoted-resource-titel".into(),
                suggestion: Some("unquoted-resource-title")
            })
        );
        assert!(matches!(resolve("P9"), Err(KeyError::Unknown { .. })));
        assert!(matches!(
            resolve("zzzz"),
            Err(KeyError::Unknown {
                suggestion: None,
                ..
            })
        ));
    }

    #[test]
    fn levenshtein() {
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("", "ab"), 2);
        assert_eq!(distance("ab", "ab"), 0);
    }
}
