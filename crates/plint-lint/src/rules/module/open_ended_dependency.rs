//! `P506` open-ended-dependency: a dependency of `metadata.json` with no upper version bound.

use serde_json::Value;

use super::metadata::{Bounded, key_span, value_span, version_range};
use super::{FileContext, ModuleFileCheck};
use crate::declare_rule;
use crate::discover::FileKind;

declare_rule! {
    /// ## What it does
    /// Reports a dependency in a module's `metadata.json` whose `version_requirement` sets no
    /// upper bound (`>= 4.0.0`, `*`), or that has none at all (which Puppet reads as
    /// `>= 0.0.0`).
    ///
    /// ## Why is this bad?
    /// Any future major version of the dependency satisfies it, including one that removes
    /// what the module uses: `puppet module install` and r10k resolve to it and the module
    /// breaks without a change of its own.
    ///
    /// ## Example
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
    ///     { "name": "puppetlabs-stdlib", "version_requirement": ">= 4.13.1" }
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
    ///     { "name": "puppetlabs-stdlib", "version_requirement": ">= 4.13.1 < 10.0.0" }
    ///   ]
    /// }
    /// ```
    pub struct OpenEndedDependency {
        code: "P506",
        name: "open-ended-dependency",
        severity: Warning,
        category: Module,
    }
}

impl ModuleFileCheck for OpenEndedDependency {
    fn kinds(&self) -> &'static [FileKind] {
        &[FileKind::Metadata]
    }

    fn check(&self, cx: &mut FileContext<'_>) {
        let Ok(map) = cx.metadata() else {
            return;
        };
        let Some(Value::Array(deps)) = map.get("dependencies") else {
            return;
        };
        let text = cx.text;
        let at = key_span(text, "dependencies");
        let mut found = Vec::new();
        for dep in deps {
            let Some(name) = dep.get("name").and_then(Value::as_str) else {
                continue;
            };
            let name_at = value_span(text, name, at.end, at.clone());
            match dep.get("version_requirement") {
                None | Some(Value::Null) => found.push(
                    cx.diagnostic(
                        name_at,
                        format!("the dependency `{name}` has no `version_requirement`"),
                    )
                    .with_label("any version")
                    .with_help(
                        "add `\"version_requirement\": \">= X.Y.Z < N.0.0\"` with the versions \
                         the module is tested with",
                    ),
                ),
                Some(Value::String(range)) if version_range(range) == Some(Bounded::No) => found
                    .push(
                        cx.diagnostic(
                            value_span(text, range, name_at.end, name_at.clone()),
                            format!(
                                "the version range `{range}` of `{name}` has no upper bound"
                            ),
                        )
                        .with_label("no upper bound")
                        .with_help(
                            "bound it below the next major version the module is not tested \
                             with: `>= X.Y.Z < N.0.0`",
                        ),
                    ),
                Some(_) => {}
            }
        }
        found.into_iter().for_each(|d| cx.report(d));
    }
}
