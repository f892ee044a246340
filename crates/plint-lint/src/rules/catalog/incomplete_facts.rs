//! `P221` incomplete-facts: the catalog rule for `EvalDiagKind::IncompleteFacts`, and the
//! finding made from the facts a compilation read and the node's facts lack.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::catalog::Location;
use crate::eval::diag::{EvalDiag, EvalDiagKind, Related};
use crate::eval::facts::MissingFact;
use crate::eval::value::{Hash, Value};

declare_rule! {
    /// ## What it does
    /// Lists, once per node, the facts that the code reads and the node's facts lack
    /// (`$::osfamily`, `$facts['os']['release']['major']`), found by `plint --evaluate`. When
    /// the facts hold only structured facts and the code reads legacy ones, it says so: Puppet
    /// 7's Facter gives both unless `include_legacy_facts` is off, so a hand-written facts file
    /// often lacks what older modules read.
    ///
    /// ## Why is this bad?
    /// A fact the facts lack is `undef` (or a failed compilation, for `$facts['os']['family']`
    /// when `os` is missing): the catalog plint computed is not the one a real node gets, and a
    /// `fail()` for an "unsupported operating system" is often only that.
    ///
    /// ## Example
    /// ```puppet
    /// # facts: {"fqdn": "node.example.com", "os": {"family": "Debian"}}
    /// notice($::osfamily)
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// # facts: {"fqdn": "node.example.com", "os": {"family": "Debian"}}
    /// notice($facts['os']['family'])
    /// ```
    pub struct IncompleteFacts {
        code: "P221",
        name: "incomplete-facts",
        severity: Info,
        category: Catalog,
    }
}

impl CatalogRule for IncompleteFacts {
    fn label(&self, _diag: &EvalDiag) -> String {
        "read by the code, absent from these facts".to_string()
    }

    fn help(&self, _diag: &EvalDiag) -> String {
        "add them to the facts, set them with `--fact KEY=VALUE`, or start from a common \
         operating system's facts with `--facts-os NAME` (`plint --facts-os list`)"
            .to_string()
    }
}

/// How many reads the finding lists by name.
const LISTED: usize = 12;

/// How many of them it locates (a label, or a place named in the help).
const LOCATED: usize = 3;

/// The finding for the facts a compilation read that `facts` (the node's facts) lack, located
/// at `at` (the facts file); `None` when nothing was missing.
pub fn finding(missing: &[MissingFact], facts: &Hash, at: Location) -> Option<EvalDiag> {
    if missing.is_empty() {
        return None;
    }
    let related = missing
        .iter()
        .take(LOCATED)
        .map(|m| (m.at.clone(), Related::FactRead { read: m.read.clone() }))
        .collect();
    let kind = EvalDiagKind::IncompleteFacts {
        missing: missing.to_vec(),
        legacy_facts: has_legacy_facts(facts),
    };
    Some(EvalDiag {
        related,
        ..EvalDiag::new(kind, at)
    })
}

/// The facts lacking (the first [`LISTED`] by name), and a word on legacy facts when the code
/// reads some and the facts hold none.
pub(super) fn message(missing: &[MissingFact], legacy_facts: bool) -> String {
    let mut names: Vec<String> = missing
        .iter()
        .take(LISTED)
        .map(|m| format!("`{}`", m.read))
        .collect();
    if missing.len() > LISTED {
        names.push(format!("and {} more", missing.len() - LISTED));
    }
    let n = missing.len();
    let mut message = format!(
        "the facts lack {n} fact{} that the code reads: {}",
        if n == 1 { "" } else { "s" },
        names.join(", ")
    );
    let legacy: Vec<&MissingFact> = missing
        .iter()
        .filter(|m| m.path.len() == 1 && is_legacy(&m.path[0]))
        .collect();
    if !legacy.is_empty() && !legacy_facts {
        let example = legacy
            .iter()
            .find_map(|m| {
                let access = crate::defs::facts::legacy(&m.path[0])?.access?;
                Some(format!(" (`{}` is `$facts{access}`)", m.read))
            })
            .unwrap_or_default();
        message.push_str(&format!(
            "; the facts hold no legacy facts, which Puppet 7's Facter gives beside the \
             structured ones unless `include_legacy_facts` is off{example}"
        ));
    }
    message
}

/// Whether `name` is one of Facter's legacy facts (one that a structured fact replaced).
fn is_legacy(name: &str) -> bool {
    crate::defs::facts::legacy(name).is_some()
}

/// Whether the facts hold legacy facts at all (a node's full Facter output has dozens).
fn has_legacy_facts(facts: &Hash) -> bool {
    facts.iter().any(|(k, _)| match k {
        Value::String(k) => {
            !matches!(k.as_str(), "fqdn" | "hostname" | "domain" | "clientcert") && is_legacy(k)
        }
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(read: &str, path: &[&str]) -> MissingFact {
        MissingFact {
            read: read.into(),
            path: path.iter().map(|s| s.to_string()).collect(),
            at: Location::default(),
        }
    }

    #[test]
    fn lists_and_hints_at_legacy_facts() {
        assert!(finding(&[], &Hash::new(), Location::default()).is_none());
        let mut facts = Hash::new();
        facts.insert(Value::string("fqdn"), Value::string("a.example.com"));
        let missing = [
            read("$::osfamily", &["osfamily"]),
            read("$facts['os']['release']", &["os", "release"]),
        ];
        let d = finding(&missing, &facts, Location::default()).unwrap();
        let text = super::super::message(&d.kind);
        assert!(text.starts_with("the facts lack 2 facts that the code reads: `$::osfamily`, `$facts['os']['release']`; the facts hold no legacy facts"), "{text}");
        assert!(text.contains("`$::osfamily` is `$facts['os']['family']`"), "{text}");
        assert_eq!(d.related.len(), 2);
        facts.insert(Value::string("operatingsystem"), Value::string("Debian"));
        let d = finding(&missing, &facts, Location::default()).unwrap();
        let text = super::super::message(&d.kind);
        assert!(!text.contains("legacy"), "{text}");
    }

    #[test]
    fn long_lists_are_cut() {
        let missing: Vec<MissingFact> = (0..20)
            .map(|i| read(&format!("$::f{i}"), &["x", "y"]))
            .collect();
        let d = finding(&missing, &Hash::new(), Location::default()).unwrap();
        let text = super::super::message(&d.kind);
        assert!(text.contains("20 facts"));
        assert!(text.ends_with("and 8 more"), "{text}");
        assert_eq!(d.related.len(), LOCATED);
    }
}
