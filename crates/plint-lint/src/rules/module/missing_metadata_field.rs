//! `P504` missing-metadata-field: a `metadata.json` without a key Puppet requires.

use super::metadata::key_span;
use super::{FileContext, ModuleFileCheck};
use crate::declare_rule;
use crate::discover::FileKind;

/// The keys Puppet 7 requires of a module's non-empty metadata (`Puppet::Module#load_metadata`).
const REQUIRED: &[&str] = &["source", "author", "version", "license", "dependencies"];

declare_rule! {
    /// ## What it does
    /// Reports a module's `metadata.json` that lacks one of the keys Puppet requires when it
    /// loads the module (`source`, `author`, `version`, `license` and `dependencies`), or whose
    /// `dependencies` is not an array.
    ///
    /// ## Why is this bad?
    /// Puppet fails to load such a module: every catalog compiled in an environment holding it
    /// fails with "No license module metadata provided", whatever the node.
    ///
    /// ## Example
    /// ```json
    /// # file: ntp/metadata.json
    /// {
    ///   "name": "acme-ntp",
    ///   "version": "1.0.0",
    ///   "author": "acme",
    ///   "summary": "Manages NTP.",
    ///   "source": "https://example.com/acme/ntp",
    ///   "dependencies": []
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
    ///   "dependencies": []
    /// }
    /// ```
    pub struct MissingMetadataField {
        code: "P504",
        name: "missing-metadata-field",
        severity: Error,
        category: Module,
    }
}

impl ModuleFileCheck for MissingMetadataField {
    fn kinds(&self) -> &'static [FileKind] {
        &[FileKind::Metadata]
    }

    fn check(&self, cx: &mut FileContext<'_>) {
        let Ok(map) = cx.metadata() else {
            return;
        };
        // Puppet reads nothing of an empty object.
        if map.is_empty() {
            return;
        }
        let mut found = Vec::new();
        for key in REQUIRED {
            match map.get(*key) {
                None | Some(serde_json::Value::Null) => {
                    let brace = cx.text.find('{').unwrap_or(0);
                    found.push(
                        cx.diagnostic(
                            brace..brace + 1,
                            format!("`metadata.json` has no `{key}`, which Puppet requires"),
                        )
                        .with_label(format!("no `{key}` in this object"))
                        .with_help(format!(
                            "add `\"{key}\"`: Puppet fails to load a module whose metadata lacks it"
                        )),
                    );
                }
                Some(v) if *key == "dependencies" && !v.is_array() => {
                    found.push(
                        cx.diagnostic(
                            key_span(cx.text, key),
                            "`dependencies` in `metadata.json` is not an array",
                        )
                        .with_label("not an array")
                        .with_help(
                            "write `\"dependencies\": [{\"name\": \"author-module\", \
                             \"version_requirement\": \">= 1.0.0 < 2.0.0\"}]`, or `[]`",
                        ),
                    );
                }
                Some(_) => {}
            }
        }
        found.into_iter().for_each(|d| cx.report(d));
    }
}
