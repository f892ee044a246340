//! `plint rules` (the table of every rule) and `plint explain RULE` (one rule's
//! documentation).

use std::io::{self, Write};

use crate::config::CONFIGURABLE_BUILTINS;
use crate::report::codes::BUILTIN;
use crate::rules::{FixSafety, RuleInfo, docs, registry::RULES};

/// One row of `plint rules`.
struct Row {
    code: &'static str,
    name: &'static str,
    severity: &'static str,
    puppet_lint: &'static str,
    fix: &'static str,
    default: &'static str,
}

fn rows() -> Vec<Row> {
    let builtins = BUILTIN.iter().map(|m| Row {
        code: m.code,
        name: m.name,
        severity: level_word(m.default_severity),
        puppet_lint: "-",
        fix: "-",
        default: if CONFIGURABLE_BUILTINS.iter().any(|c| c.code == m.code) {
            "on"
        } else {
            "always"
        },
    });
    let rules = RULES.iter().map(|r| {
        let i = r.info();
        Row {
            code: i.code,
            name: i.name,
            severity: match i.puppet_setting {
                Some(_) => version_level_word(i.severity),
                None => level_word(i.severity),
            },
            puppet_lint: i.puppet_lint.unwrap_or("-"),
            fix: if i.fixable {
                i.fix_safety.as_str()
            } else {
                "-"
            },
            default: if i.default_enabled { "on" } else { "off" },
        }
    });
    builtins.chain(rules).collect()
}

/// Writes the table of every code: plint's own, then the rules, in code order.
pub fn list(out: &mut dyn Write) -> io::Result<()> {
    let rows = rows();
    let header = Row {
        code: "CODE",
        name: "NAME",
        severity: "LEVEL",
        puppet_lint: "PUPPET-LINT",
        fix: "FIX",
        default: "DEFAULT",
    };
    let width = |f: fn(&Row) -> &str| {
        rows.iter()
            .chain(std::iter::once(&header))
            .map(|r| f(r).len())
            .max()
            .unwrap_or(0)
    };
    let (w_name, w_sev, w_pl, w_fix) = (
        width(|r| r.name),
        width(|r| r.severity),
        width(|r| r.puppet_lint),
        width(|r| r.fix),
    );
    for r in std::iter::once(&header).chain(&rows) {
        writeln!(
            out,
            "{:<4}  {:<w_name$}  {:<w_sev$}  {:<w_pl$}  {:<w_fix$}  {}",
            r.code, r.name, r.severity, r.puppet_lint, r.fix, r.default
        )?;
    }
    let on = RULES.iter().filter(|r| r.info().default_enabled).count();
    writeln!(
        out,
        "\n{} rules ({on} on by default) and {} codes of plint's own. `plint explain CODE` \
         shows one; `[rules]` in plint.toml turns rules on and off.\nLEVEL: the words of \
         `[rules]`: `deny` reports at error level, `warn` at warning level (`info`: a note, \
         never a failure); `\"allow\"` turns a rule off; `deny*`: with `puppet-version = 7`, \
         `warn` (Puppet 7 warns where Puppet 8 fails).\nFIX: `safe` fixes never change \
         what Puppet compiles and `--fix` applies them; `unsafe` ones may, and only \
         `--fix --unsafe-fixes` applies them; `sometimes-unsafe` rules have both.",
        RULES.len(),
        BUILTIN.len()
    )
}

/// A default severity in the words of `[rules]` in `plint.toml` (`info` has none there).
pub fn level_word(severity: crate::report::Severity) -> &'static str {
    match severity {
        crate::report::Severity::Error => "deny",
        crate::report::Severity::Warning => "warn",
        crate::report::Severity::Info => "info",
    }
}

/// [`level_word`] of a rule whose severity depends on the target Puppet (marked `*`).
fn version_level_word(severity: crate::report::Severity) -> &'static str {
    match severity {
        crate::report::Severity::Error => "deny*",
        crate::report::Severity::Warning => "warn*",
        crate::report::Severity::Info => "info*",
    }
}

/// puppet-lint's `--list-checks`: the puppet-lint checks plint has a rule for, one a line,
/// sorted.
pub fn list_checks(out: &mut dyn Write) -> io::Result<()> {
    let mut checks: Vec<&str> = RULES.iter().filter_map(|r| r.info().puppet_lint).collect();
    checks.sort_unstable();
    checks.dedup();
    for check in checks {
        writeln!(out, "{check}")?;
    }
    Ok(())
}

/// The header line of `plint explain` for a rule.
fn header(i: &RuleInfo) -> String {
    let severity = match i.puppet_setting {
        Some(setting) => format!(
            "{} (with `puppet-version = 7`: {}, as Puppet 7 only warns with its default `{}`)",
            i.severity.as_str(),
            i.severity.min(crate::report::Severity::Warning).as_str(),
            setting.as_str()
        ),
        None => i.severity.as_str().to_string(),
    };
    let mut parts = vec![severity, i.category.as_str().to_string()];
    if let Some(check) = i.puppet_lint {
        parts.push(format!("puppet-lint check `{check}`"));
    }
    if i.fixable {
        parts.push(
            match i.fix_safety {
                FixSafety::Safe => "fixable with --fix",
                FixSafety::Sometimes => {
                    "fixable with --fix (some fixes are unsafe: --fix --unsafe-fixes)"
                }
                FixSafety::Unsafe => "fixable with --fix --unsafe-fixes (unsafe fix)",
            }
            .into(),
        );
    }
    parts.push(
        if i.default_enabled {
            "on by default"
        } else {
            "off by default"
        }
        .into(),
    );
    format!("{} {}: {}", i.code, i.name, parts.join(", "))
}

/// Writes the documentation of the rule or code `key` (a code, a name or a puppet-lint
/// check name); `Err` with a message if there is none.
pub fn explain(key: &str, out: &mut dyn Write) -> Result<io::Result<()>, String> {
    if let Some(rule) = crate::rules::find(key) {
        let i = rule.info();
        return Ok(writeln!(
            out,
            "{}\n\n{}",
            header(i),
            docs::render(&i.documentation()).trim_end()
        ));
    }
    let upper = key.to_ascii_uppercase();
    if let Some(m) = BUILTIN.iter().find(|m| m.code == upper || m.name == key) {
        let configurable = CONFIGURABLE_BUILTINS.iter().any(|c| c.code == m.code);
        return Ok(writeln!(
            out,
            "{} {}: {}, reported by plint itself, {}\n\n## What it does\n{}\n\n## Why is this bad?\n{}",
            m.code,
            m.name,
            m.default_severity.as_str(),
            if configurable {
                "on by default"
            } else {
                "always on"
            },
            m.summary,
            m.description
        ));
    }
    Err(match crate::config::resolve_key(key) {
        Err(e) => e.to_string(),
        Ok(_) => format!("`{key}` names several rules; `plint rules` lists them"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(f: impl FnOnce(&mut Vec<u8>)) -> String {
        let mut out = Vec::new();
        f(&mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn table_lists_every_code() {
        let t = text(|o| list(o).unwrap());
        let mut lines = t.lines();
        let head = lines.next().unwrap();
        assert!(head.starts_with("CODE  NAME"), "{head}");
        for code in BUILTIN
            .iter()
            .map(|m| m.code)
            .chain(RULES.iter().map(|r| r.info().code))
        {
            assert!(t.lines().any(|l| l.starts_with(code)), "{code} missing");
        }
        let p401 = t.lines().find(|l| l.starts_with("P401")).unwrap();
        let cols: Vec<_> = p401.split_whitespace().collect();
        assert_eq!(
            cols,
            [
                "P401",
                "unquoted-resource-title",
                "warn",
                "unquoted_resource_title",
                "safe",
                "on"
            ]
        );
    }

    #[test]
    fn explain_by_code_name_or_check() {
        for key in [
            "P401",
            "p401",
            "unquoted-resource-title",
            "unquoted_resource_title",
        ] {
            let t = text(|o| explain(key, o).unwrap().unwrap());
            assert!(
                t.starts_with("P401 unquoted-resource-title: warning, style, puppet-lint check `unquoted_resource_title`, fixable with --fix, on by default\n\n## What it does\n"),
                "{t}"
            );
        }
        let t = text(|o| explain("P001", o).unwrap().unwrap());
        assert!(t.starts_with("P001 syntax-error: error, reported by plint itself, always on"));
        assert!(
            explain("nope", &mut Vec::new())
                .unwrap_err()
                .contains("unknown rule")
        );
    }
}
