use crate::declare_rule;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::ExprKind;

use super::statements::describe;
use crate::discover::module::AutoloadDir;

declare_rule! {
    /// ## What it does
    /// Finds a statement other than a definition at the top level of a file that Puppet
    /// autoloads from a module (`<module>/manifests/`, `functions/` or `types/`): a resource,
    /// an `include`, an assignment, a node definition.
    ///
    /// ## Why is this bad?
    /// Puppet rejects the file (`ILLEGAL_TOP_CONSTRUCT_LOCATION`): an autoloaded file is
    /// loaded to find one definition, so code outside that definition would run at an
    /// unpredictable time, or never. Node definitions belong in the environment's main
    /// manifest (`manifests/site.pp`), not in a module.
    ///
    /// ## Example
    /// ```puppet
    /// # file: modules/ntp/manifests/init.pp
    /// include ntp::install
    /// class ntp { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// # file: modules/ntp/manifests/init.pp
    /// class ntp {
    ///   include ntp::install
    /// }
    /// ```
    pub struct CodeOutsideDefinitionInModule {
        code: "P334",
        name: "code-outside-definition-in-module",
        severity: Error,
        category: Validation,
    }
}

impl Check for CodeOutsideDefinitionInModule {
    fn check(&self, cx: &mut Context<'_>) {
        let Some(module) = cx.module_file() else {
            return;
        };
        let folder = match module.dir {
            AutoloadDir::Manifests => "manifests",
            AutoloadDir::Functions => "functions",
            AutoloadDir::Types => "types",
        };
        for s in &cx.ast().statements {
            let (what, help) = match &s.kind {
                ExprKind::Class(_)
                | ExprKind::Define(_)
                | ExprKind::Function(_)
                | ExprKind::Plan(_)
                | ExprKind::TypeAlias(_)
                | ExprKind::TypeDefinition(_)
                | ExprKind::Error => continue,
                ExprKind::Node(_) => (
                    "a node definition".to_string(),
                    "move node definitions to the environment's main manifest (`manifests/site.pp`)",
                ),
                ExprKind::Resource(_) => (
                    "a resource declaration".to_string(),
                    "move it into the class or defined type of this file",
                ),
                ExprKind::Call(_) => (
                    "a function call".to_string(),
                    "move it into the class or defined type of this file",
                ),
                ExprKind::ResourceDefaults(_) => (
                    "resource defaults".to_string(),
                    "move them into the class or defined type of this file",
                ),
                ExprKind::ResourceOverride(_) => (
                    "a resource override".to_string(),
                    "move it into the class or defined type of this file",
                ),
                ExprKind::Relationship { .. } => (
                    "a relationship".to_string(),
                    "move it into the class or defined type of this file",
                ),
                ExprKind::Assignment { .. } => (
                    "an assignment".to_string(),
                    "move it into a definition; a module cannot set top-scope variables",
                ),
                _ => (
                    describe(s).to_string(),
                    "move it into the definition of this file",
                ),
            };
            cx.report(
                s.span,
                format!(
                    "{what} cannot be at the top level of a file in `{}/{folder}/`",
                    module.module
                ),
            )
            .label("outside any definition")
            .help(help);
        }
    }
}
