use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, Ident};

use super::definition_not_at_top_level::kind_name;
use super::statements::full_name;

declare_rule! {
    /// ## What it does
    /// Finds a class, defined type or function, in a file that Puppet autoloads from a module,
    /// whose name does not start with the name that file is loaded for: `<module>` for
    /// `manifests/init.pp`, `<module>::a::b` for `manifests/a/b.pp` or `functions/a/b.pp`.
    ///
    /// ## Why is this bad?
    /// Puppet rejects the file (`ILLEGAL_DEFINITION_LOCATION`): the autoloader finds a
    /// definition only by its name, so one that does not match its file's path is never
    /// found, or is found by accident in the wrong file.
    ///
    /// ## Example
    /// ```puppet
    /// # file: modules/ntp/manifests/config.pp
    /// class ntp::service { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// # file: modules/ntp/manifests/config.pp
    /// class ntp::config { }
    /// ```
    pub struct DefinitionInWrongFile {
        code: "P335",
        name: "definition-in-wrong-file",
        severity: Error,
        category: Validation,
    }
}

impl Check for DefinitionInWrongFile {
    fn check(&self, cx: &mut Context<'_>) {
        let Some(module) = cx.module_file() else {
            return;
        };
        let namespace = module.namespace();
        let index = cx.index();
        let mut found: Vec<(&Ident, String, &str)> = Vec::new();
        for (i, e) in index.of(&[Kind::Class, Kind::Define, Kind::Function]) {
            let name = match &e.kind {
                ExprKind::Class(c) => &c.name,
                ExprKind::Define(d) => &d.name,
                ExprKind::Function(f) => &f.name,
                _ => continue,
            };
            if name.name.is_empty() {
                continue;
            }
            // Puppet's test is a plain prefix of the lower-cased name.
            let full = full_name(index, i, &name.name);
            if !full.to_ascii_lowercase().starts_with(&namespace) {
                found.push((name, full, kind_name(e)));
            }
        }
        for (name, full, kind) in found {
            cx.report(
                name.span,
                format!(
                    "the {kind} `{full}` does not belong in this file, which is loaded for `{namespace}`"
                ),
            )
            .label(format!("expected a name starting with `{namespace}`"))
            .help(format!(
                "rename the {kind}, or move it to the file the autoloader looks in for its name"
            ));
        }
    }
}
