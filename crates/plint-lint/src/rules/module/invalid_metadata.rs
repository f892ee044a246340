//! `P505` invalid-metadata: a `metadata.json` value the Forge and `puppet module` refuse.

use std::ops::Range;

use serde_json::Value;

use super::metadata::{is_full_module_name, is_semver, key_span, value_span, version_range};
use super::{FileContext, ModuleFileCheck};
use crate::declare_rule;
use crate::discover::FileKind;

declare_rule! {
    /// ## What it does
    /// Checks the values of a module's `metadata.json` as the Forge and `puppet module` read
    /// them (the checks of metadata-json-lint): `name` is `author-module`; `version` is a
    /// Semantic Version; `summary` is there and at most 144 characters; each dependency and
    /// requirement has a `name` and a `version_requirement` Puppet can parse (`>= 1.0.0 <
    /// 2.0.0`, `1.x`, `^1.2`), and no module is listed twice; `operatingsystem_support` lists
    /// objects with an `operatingsystem` and an array of releases; `tags` are words.
    ///
    /// ## Why is this bad?
    /// The Forge refuses to publish the module, `puppet module install` cannot resolve its
    /// dependencies, and tools that read the metadata (r10k, the PDK) fail or guess.
    ///
    /// ## Example
    /// ```json
    /// # file: ntp/metadata.json
    /// {
    ///   "name": "ntp",
    ///   "version": "1.0",
    ///   "author": "acme",
    ///   "summary": "Manages NTP.",
    ///   "license": "Apache-2.0",
    ///   "source": "https://example.com/acme/ntp",
    ///   "dependencies": [
    ///     { "name": "puppetlabs-stdlib", "version_requirement": ">= 4.0.0 and < 9.0.0" }
    ///   ]
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```json
    /// # file: ntp/metadata.json
    /// {
    ///   "name": "acme-ntp",
    ///   "version": "1.0.0",
    ///   "author": "acme",
    ///   "summary": "Manages NTP.",
    ///   "license": "Apache-2.0",
    ///   "source": "https://example.com/acme/ntp",
    ///   "dependencies": [
    ///     { "name": "puppetlabs-stdlib", "version_requirement": ">= 4.0.0 < 9.0.0" }
    ///   ]
    /// }
    /// ```
    pub struct InvalidMetadata {
        code: "P505",
        name: "invalid-metadata",
        severity: Warning,
        category: Module,
    }
}

/// The longest summary the Forge takes.
const MAX_SUMMARY: usize = 144;

impl ModuleFileCheck for InvalidMetadata {
    fn kinds(&self) -> &'static [FileKind] {
        &[FileKind::Metadata]
    }

    fn check(&self, cx: &mut FileContext<'_>) {
        let Ok(map) = cx.metadata() else {
            return;
        };
        if map.is_empty() {
            return;
        }
        let text = cx.text;
        let mut found: Vec<(Range<usize>, String, &str, String)> = Vec::new();
        let mut add = |span, message: String, label: &'static str, help: String| {
            found.push((span, message, label, help));
        };
        let brace = text.find('{').unwrap_or(0)..text.find('{').map_or(0, |b| b + 1);
        match map.get("name") {
            None => add(
                brace.clone(),
                "`metadata.json` has no `name`".into(),
                "no `name` in this object",
                "add `\"name\": \"author-module\"` (your Forge user name, a dash, the module's name)"
                    .into(),
            ),
            Some(Value::String(n)) if !is_full_module_name(n) => add(
                value_span(text, n, key_span(text, "name").end, key_span(text, "name")),
                format!("the module name `{n}` is not `author-module`"),
                "not `author-module`",
                "the name is the author (letters and digits), a dash, then the module's name \
                 (a lower-case letter, then lower-case letters, digits and underscores)"
                    .into(),
            ),
            Some(Value::String(_)) => {}
            Some(_) => add(
                key_span(text, "name"),
                "`name` is not a string".into(),
                "not a string",
                "write `\"name\": \"author-module\"`".into(),
            ),
        }
        if let Some(v) = map.get("version") {
            match v.as_str() {
                Some(s) if is_semver(s) => {}
                Some(s) => add(
                    value_span(text, s, key_span(text, "version").end, key_span(text, "version")),
                    format!("the version `{s}` is not a Semantic Version"),
                    "not `MAJOR.MINOR.PATCH`",
                    "write three numbers, such as `1.0.0` (a pre-release `1.0.0-rc1` is fine)"
                        .into(),
                ),
                None => add(
                    key_span(text, "version"),
                    "`version` is not a string".into(),
                    "not a string",
                    "write `\"version\": \"1.0.0\"`".into(),
                ),
            }
        }
        match map.get("summary").and_then(Value::as_str) {
            None => add(
                brace.clone(),
                "`metadata.json` has no `summary`".into(),
                "no `summary` in this object",
                "add `\"summary\"`: one line saying what the module manages".into(),
            ),
            Some(s) if s.chars().count() > MAX_SUMMARY => add(
                key_span(text, "summary"),
                format!(
                    "the summary is {} characters long; the Forge takes at most {MAX_SUMMARY}",
                    s.chars().count()
                ),
                "too long",
                "shorten it; the README is the place for details".into(),
            ),
            Some(_) => {}
        }
        check_dependencies(map, text, &mut add);
        if let Some(os) = map.get("operatingsystem_support") {
            let ok = os.as_array().is_some_and(|entries| {
                entries.iter().all(|e| {
                    e.get("operatingsystem").is_some_and(Value::is_string)
                        && e.get("operatingsystemrelease").is_none_or(|r| {
                            r.as_array()
                                .is_some_and(|rs| rs.iter().all(Value::is_string))
                        })
                })
            });
            if !ok {
                add(
                    key_span(text, "operatingsystem_support"),
                    "`operatingsystem_support` is not a list of operating systems".into(),
                    "malformed",
                    "each entry is `{\"operatingsystem\": \"Debian\", \"operatingsystemrelease\": \
                     [\"11\", \"12\"]}`, releases as strings"
                        .into(),
                );
            }
        }
        if let Some(tags) = map.get("tags") {
            let ok = tags.as_array().is_some_and(|ts| {
                ts.iter().all(|t| {
                    t.as_str()
                        .is_some_and(|s| !s.is_empty() && !s.chars().any(char::is_whitespace))
                })
            });
            if !ok {
                add(
                    key_span(text, "tags"),
                    "`tags` is not a list of single words".into(),
                    "malformed",
                    "write tags as strings without spaces: `[\"ntp\", \"time\"]`".into(),
                );
            }
        }
        let found: Vec<_> = found
            .into_iter()
            .map(|(span, message, label, help)| {
                cx.diagnostic(span, message)
                    .with_label(label)
                    .with_help(help)
            })
            .collect();
        found.into_iter().for_each(|d| cx.report(d));
    }
}

/// The entries of `dependencies` and `requirements`: objects with a `name` (`author-module`, once,
/// for a dependency) and a `version_requirement` that parses.
fn check_dependencies(
    map: &serde_json::Map<String, Value>,
    text: &str,
    add: &mut impl FnMut(Range<usize>, String, &'static str, String),
) {
    for list in ["dependencies", "requirements"] {
        let Some(Value::Array(items)) = map.get(list) else {
            continue;
        };
        let at = key_span(text, list);
        let mut seen: Vec<String> = Vec::new();
        for item in items {
            let Some(obj) = item.as_object() else {
                add(
                    at.clone(),
                    format!("an entry of `{list}` is not an object"),
                    "not a list of objects",
                    "each entry is `{\"name\": ..., \"version_requirement\": ...}`".into(),
                );
                continue;
            };
            let Some(name) = obj.get("name").and_then(Value::as_str) else {
                add(
                    at.clone(),
                    format!("an entry of `{list}` has no `name`"),
                    "an entry without a name",
                    "each entry names what it needs: `\"name\": \"author-module\"`".into(),
                );
                continue;
            };
            let name_at = value_span(text, name, at.end, at.clone());
            if list == "dependencies" {
                if !is_full_module_name(name) {
                    add(
                        name_at.clone(),
                        format!("the dependency `{name}` is not named `author-module`"),
                        "not `author-module`",
                        "name the module as the Forge does: its author, a dash, its name"
                            .into(),
                    );
                }
                let key = name.replace('/', "-").to_ascii_lowercase();
                if seen.contains(&key) {
                    add(
                        name_at.clone(),
                        format!("the module `{name}` is listed twice in `dependencies`"),
                        "listed again",
                        "keep one entry, with the version range that holds for both".into(),
                    );
                }
                seen.push(key);
            }
            if let Some(range) = obj.get("version_requirement") {
                let parsed = range.as_str().and_then(version_range);
                if parsed.is_none() {
                    let shown = range.as_str().map_or_else(|| range.to_string(), str::to_string);
                    add(
                        value_span(text, &shown, name_at.end, name_at.clone()),
                        format!("the version range `{shown}` of `{name}` does not parse"),
                        "not a version range",
                        "write a range as `>= 1.0.0 < 2.0.0`, `1.x`, `^1.2` or `1.0.0 - 1.3.9`, \
                         alternatives joined with `||`"
                            .into(),
                    );
                }
            }
        }
    }
}
