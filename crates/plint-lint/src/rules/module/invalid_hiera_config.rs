//! `P508` invalid-hiera-config: a `hiera.yaml` that Puppet refuses to load.

use super::{FileContext, ModuleFileCheck};
use crate::declare_rule;
use crate::discover::FileKind;
use crate::eval::hiera::{ConfigCheck, check_config};

declare_rule! {
    /// ## What it does
    /// Checks a module's or an environment's `hiera.yaml` (version 5) as Puppet does when it
    /// loads it: only the keys `version`, `defaults`, `hierarchy`, `default_hierarchy` and
    /// `plan_hierarchy`; each level a `name`, at most one of `data_hash`, `lookup_key` and
    /// `data_dig`, and at most one of `path`, `paths`, `glob`, `globs`, `uri`, `uris` and
    /// `mapped_paths`; a version Puppet supports. (Its YAML syntax is `P507`'s.)
    ///
    /// ## Why is this bad?
    /// Puppet fails every lookup in the module or environment the file configures, with
    /// "The Lookup Configuration at ... has wrong type", so every node's compilation that looks
    /// a key up fails.
    ///
    /// ## Example
    /// ```yaml
    /// # file: ntp/hiera.yaml
    /// version: 5
    /// hierarchy:
    ///   - name: "OS family"
    ///     path: "os/%{facts.os.family}.yaml"
    ///     datadir: data
    ///     paths: ["common.yaml"]
    /// ```
    ///
    /// ## Use instead
    /// ```yaml
    /// # file: ntp/hiera.yaml
    /// version: 5
    /// hierarchy:
    ///   - name: "OS family"
    ///     paths: ["os/%{facts.os.family}.yaml", "common.yaml"]
    ///     datadir: data
    /// ```
    pub struct InvalidHieraConfig {
        code: "P508",
        name: "invalid-hiera-config",
        severity: Error,
        category: Module,
    }
}

/// The files whose Hiera configuration Puppet reads: a module's and an environment's.
pub(super) const HIERA_CONFIGS: &[FileKind] = &[FileKind::ModuleHiera, FileKind::EnvironmentHiera];

/// What Puppet makes of the `hiera.yaml` being checked; `None` when it is not YAML (a file
/// that does not parse is `P507`'s).
pub(super) fn config_check(cx: &FileContext<'_>) -> Option<ConfigCheck> {
    crate::eval::yaml::parse(cx.text).ok()?;
    let in_module = cx.kind == FileKind::ModuleHiera;
    Some(check_config(cx.path, cx.text, in_module))
}

impl ModuleFileCheck for InvalidHieraConfig {
    fn kinds(&self) -> &'static [FileKind] {
        HIERA_CONFIGS
    }

    fn check(&self, cx: &mut FileContext<'_>) {
        let Some(ConfigCheck::Invalid(message)) = config_check(cx) else {
            return;
        };
        // The file is the finding's: its path is left out of the message.
        let message = message.replace(&format!(" at '{}'", cx.path.display()), "");
        // Point at what the message quotes last (a key, a level's name), if the file has it.
        let span = quoted(&message)
            .and_then(|k| {
                let mut found = cx.text.match_indices(k).map(|(i, _)| i);
                let all: Vec<usize> = found.by_ref().collect();
                all.iter()
                    .find(|&&i| cx.text[i + k.len()..].starts_with(':'))
                    .or(all.first())
                    .map(|&i| i..i + k.len())
            })
            .unwrap_or(0..0);
        let d = cx
            .diagnostic(span, format!("Puppet refuses this `hiera.yaml`: {message}"))
            .with_label("not a valid Hiera 5 configuration")
            .with_help(
                "see Puppet's `hiera.yaml` version 5 format: `version: 5`, then `defaults` and \
                 `hierarchy` levels with a `name` and one kind of location",
            );
        cx.report(d);
    }
}

/// The last text quoted `'like this'` in a message (the key or level it is about), if any.
fn quoted(message: &str) -> Option<&str> {
    let mut parts = message.rsplit('\'');
    parts.next()?;
    parts.next().filter(|k| !k.is_empty())
}
