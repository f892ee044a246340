//! `P511` ignored-hiera-config: a module's or an environment's `hiera.yaml` of version 3 or 4,
//! which Puppet ignores.

use super::invalid_hiera_config::{HIERA_CONFIGS, config_check};
use super::{FileContext, ModuleFileCheck};
use crate::declare_rule;
use crate::discover::FileKind;
use crate::eval::hiera::ConfigCheck;

declare_rule! {
    /// ## What it does
    /// Finds a `hiera.yaml` in a module's or an environment's root that is not version 5: a
    /// Hiera 3 file (`:backends:`, `:hierarchy:`, no `version`) or a version 4 one.
    ///
    /// ## Why is this bad?
    /// Puppet reads only version 5 in these layers. It skips the file with a warning in the
    /// server's log, so none of the data it configures is ever looked up: the classes get
    /// their defaults, silently.
    ///
    /// ## Example
    /// ```yaml
    /// # file: ntp/hiera.yaml
    /// ---
    /// :backends:
    ///   - yaml
    /// :hierarchy:
    ///   - common
    /// ```
    ///
    /// ## Use instead
    /// ```yaml
    /// # file: ntp/hiera.yaml
    /// version: 5
    /// hierarchy:
    ///   - name: common
    ///     path: common.yaml
    /// ```
    pub struct IgnoredHieraConfig {
        code: "P511",
        name: "ignored-hiera-config",
        severity: Warning,
        category: Module,
    }
}

impl ModuleFileCheck for IgnoredHieraConfig {
    fn kinds(&self) -> &'static [FileKind] {
        HIERA_CONFIGS
    }

    fn check(&self, cx: &mut FileContext<'_>) {
        let Some(ConfigCheck::Ignored(_)) = config_check(cx) else {
            return;
        };
        let span = cx
            .text
            .find("version")
            .map(|i| i..i + "version".len())
            .unwrap_or(0..0);
        let layer = if cx.kind == FileKind::ModuleHiera {
            "module"
        } else {
            "environment"
        };
        let d = cx
            .diagnostic(
                span,
                format!("Puppet ignores this `hiera.yaml`: only version 5 is read in a {layer}"),
            )
            .with_label("not Hiera 5")
            .with_help(
                "rewrite it as version 5 (`version: 5` and a `hierarchy` of levels with a `name` \
                 and a `path`); until then none of its data is looked up",
            );
        cx.report(d);
    }
}
