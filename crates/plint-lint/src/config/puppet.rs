//! The Puppet plint checks for: `puppet-version` (7 or 8; 8, the current release, by default)
//! and the settings whose defaults differ between the two (see [`PuppetSetting`]).
//!
//! Whether Puppet fails or warns on some findings depends on its settings, and their defaults
//! changed with Puppet 8: `strict_variables` is `true` (Puppet 7: `false`) and `strict` is
//! `error` (Puppet 7: `warning`). A rule whose findings depend on one declares it
//! (`puppet_setting` in [`declare_rule!`](crate::declare_rule)) with the severity it has when
//! Puppet fails; [`Puppet::severity`] gives its default severity for the target Puppet, which
//! [`super::Settings::profile`] starts from, so check mode and `--evaluate` agree and
//! `[rules]` still decides last.

use std::fmt;

use serde::Deserialize;

use crate::report::Severity;
use crate::rules::{PuppetSetting, RuleInfo};

/// A major version of Puppet plint can target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum PuppetVersion {
    /// Puppet 7: `strict_variables = false`, `strict = warning`.
    V7,
    /// Puppet 8 (the default): `strict_variables = true`, `strict = error`.
    #[default]
    V8,
}

impl PuppetVersion {
    /// The versions, as written (`7`, `8`).
    pub const NAMES: &'static str = "7 or 8";

    /// Reads `7` or `8` (also `7.x`-style: `7.23`, `8.10.0`).
    pub fn parse(text: &str) -> Result<PuppetVersion, String> {
        let major = text.trim().split('.').next().unwrap_or("");
        match major {
            "7" => Ok(PuppetVersion::V7),
            "8" => Ok(PuppetVersion::V8),
            _ => Err(format!(
                "unknown Puppet version `{}`: plint targets Puppet {}",
                crate::report::escape::shorten(text, 20),
                Self::NAMES
            )),
        }
    }

    /// The major version number.
    pub fn major(self) -> u32 {
        match self {
            PuppetVersion::V7 => 7,
            PuppetVersion::V8 => 8,
        }
    }

    /// Whether Puppet of this version fails, with its default settings, on what `setting`
    /// governs: `strict_variables = true` and `strict = error` in Puppet 8, not in Puppet 7.
    pub fn fails_by_default(self, setting: PuppetSetting) -> bool {
        match (self, setting) {
            (PuppetVersion::V8, PuppetSetting::StrictVariables | PuppetSetting::Strict) => true,
            (PuppetVersion::V7, PuppetSetting::StrictVariables | PuppetSetting::Strict) => false,
        }
    }
}

impl PuppetVersion {
    /// Whether this version's agents send Facter's legacy facts (`$::osfamily`) besides the
    /// structured ones: Puppet 7's do, Puppet 8's do not (`include_legacy_facts` is off).
    pub fn agents_send_legacy_facts(self) -> bool {
        self == PuppetVersion::V7
    }
}

impl fmt::Display for PuppetVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.major())
    }
}

impl<'de> Deserialize<'de> for PuppetVersion {
    /// `puppet-version = 8` (or `"8"`, `"7.23"`).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = PuppetVersion;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a Puppet version: {}", PuppetVersion::NAMES)
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<PuppetVersion, E> {
                PuppetVersion::parse(&v.to_string()).map_err(E::custom)
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<PuppetVersion, E> {
                PuppetVersion::parse(v).map_err(E::custom)
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// The target Puppet of a run: its version, and the settings given over its defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Puppet {
    pub version: PuppetVersion,
    /// `--strict-variables`: `strict_variables = true` whatever the version.
    pub strict_variables: bool,
}

impl Puppet {
    /// Whether the target Puppet fails on what `setting` governs.
    pub fn fails(&self, setting: PuppetSetting) -> bool {
        (setting == PuppetSetting::StrictVariables && self.strict_variables)
            || self.version.fails_by_default(setting)
    }

    /// Whether unknown variables fail the compilation (`--evaluate`).
    pub fn strict_variables(&self) -> bool {
        self.fails(PuppetSetting::StrictVariables)
    }

    /// A rule's default severity for the target Puppet: the declared one, but a warning
    /// (at most) where the Puppet setting it names only makes Puppet warn.
    pub fn severity(&self, rule: &RuleInfo) -> Severity {
        match rule.puppet_setting {
            Some(setting) if !self.fails(setting) => rule.severity.min(Severity::Warning),
            _ => rule.severity,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_parse() {
        assert_eq!(PuppetVersion::parse("7"), Ok(PuppetVersion::V7));
        assert_eq!(PuppetVersion::parse("8.10.0"), Ok(PuppetVersion::V8));
        assert!(PuppetVersion::parse("6").unwrap_err().contains("7 or 8"));
        assert_eq!(PuppetVersion::default(), PuppetVersion::V8);
    }

    #[test]
    fn puppet_7_warns_where_puppet_8_fails() {
        let mut info = RuleInfo::DEFAULTS;
        info.severity = Severity::Error;
        info.puppet_setting = Some(PuppetSetting::Strict);
        let v8 = Puppet::default();
        let v7 = Puppet {
            version: PuppetVersion::V7,
            strict_variables: false,
        };
        assert_eq!(v8.severity(&info), Severity::Error);
        assert_eq!(v7.severity(&info), Severity::Warning);
        info.puppet_setting = Some(PuppetSetting::StrictVariables);
        assert_eq!(v7.severity(&info), Severity::Warning);
        let v7_strict = Puppet {
            strict_variables: true,
            ..v7
        };
        assert_eq!(v7_strict.severity(&info), Severity::Error);
        assert!(!v7.strict_variables() && v7_strict.strict_variables() && v8.strict_variables());
        info.puppet_setting = None;
        assert_eq!(v7.severity(&info), Severity::Error);
    }
}
