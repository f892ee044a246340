//! `P503` metadata-syntax-error: a module's `metadata.json` that is not valid JSON.

use super::{FileContext, ModuleFileCheck};
use crate::declare_rule;
use crate::discover::FileKind;

declare_rule! {
    /// ## What it does
    /// Reports a module's `metadata.json` that is not a valid JSON object: a missing comma or
    /// quote, a trailing comma, a comment.
    ///
    /// ## Why is this bad?
    /// Puppet 8 (`strict = error` by default) refuses to load the module: an error. Puppet 7
    /// (`strict = warning`) ignores the file with a warning (a warning with `puppet-version =
    /// 7`): the module's dependencies and version are then unknown to Puppet, and `puppet
    /// module` and the Forge refuse the module.
    ///
    /// ## Example
    /// ```json
    /// # file: ntp/metadata.json
    /// {
    ///   "name": "acme-ntp",
    ///   "version": "1.0.0",
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
    pub struct MetadataSyntaxError {
        code: "P503",
        name: "metadata-syntax-error",
        severity: Error,
        category: Module,
        puppet_setting: Strict,
    }
}

impl ModuleFileCheck for MetadataSyntaxError {
    fn kinds(&self) -> &'static [FileKind] {
        &[FileKind::Metadata]
    }

    fn check(&self, cx: &mut FileContext<'_>) {
        let Err(e) = cx.metadata() else {
            return;
        };
        let d = cx
            .diagnostic(super::char_at(cx.text, e.offset), format!("`metadata.json` is not valid JSON: {}", e.message))
            .with_label("JSON cannot parse this")
            .with_help("JSON allows no trailing comma and no comment; strings take double quotes");
        cx.report(d);
    }
}
