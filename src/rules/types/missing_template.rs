//! `P123` missing-template: `template()` or `epp()` names a template its module does not have.

use crate::declare_rule;
use crate::defs::templates::{TemplateKind, template_uses, use_span};
use crate::rules::context::DiagnosticExt;
use crate::rules::{Check, Context};

declare_rule! {
    /// ## What it does
    /// Finds a call of `template('module/file.erb')` or `epp('module/file.epp')` (or
    /// `"${module_name}/file.erb"`) whose module is installed but has no such file in its
    /// `templates` folder. A module that is not installed is not checked (see `P008`).
    ///
    /// ## Why is this bad?
    /// Puppet fails the compilation of every node that evaluates the call: "Could not find
    /// template". A template renamed or moved, or a typo in its name, breaks the catalog only
    /// when a node reaches that code.
    ///
    /// ## Example
    /// ```puppet
    /// # file: ntp/manifests/init.pp
    /// class ntp {
    ///   file { '/etc/ntp.conf': content => template('ntp/ntpd.conf.erb') }
    /// }
    /// # file: ntp/templates/ntp.conf.erb
    /// driftfile /var/lib/ntp/drift
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// # file: ntp/manifests/init.pp
    /// class ntp {
    ///   file { '/etc/ntp.conf': content => template('ntp/ntp.conf.erb') }
    /// }
    /// # file: ntp/templates/ntp.conf.erb
    /// driftfile /var/lib/ntp/drift
    /// ```
    pub struct MissingTemplate {
        code: "P123",
        name: "missing-template",
        severity: Error,
        category: Types,
    }
}

impl Check for MissingTemplate {
    fn check(&self, cx: &mut Context<'_>) {
        // Most manifests name no template.
        let source = cx.source();
        if !source.contains("template") && !source.contains("epp") {
            return;
        }
        let program = cx.program();
        let uses = template_uses(std::path::Path::new(cx.file.path), source, &cx.ast().statements);
        for u in uses {
            let (Some(name), Some(span)) = (&u.name, use_span(&u)) else {
                continue;
            };
            let Some((module, rest)) = name.split_once('/') else {
                continue;
            };
            let Some(present) = program.module_assets(module).map(|a| &a.templates) else {
                continue;
            };
            if present.contains(rest) {
                continue;
            }
            let function = match u.kind {
                TemplateKind::Erb => "template",
                TemplateKind::Epp => "epp",
            };
            let mut near = crate::infer::Closest::within(rest, 3);
            present.iter().for_each(|p| near.offer(p));
            let d = cx
                .report(span, format!("the template `{name}` does not exist"))
                .label(format!("no `templates/{rest}` in the module `{module}`"));
            match near.best() {
                Some(p) => d.help(format!("did you mean `{module}/{p}`?")),
                None => d.help(format!(
                    "`{function}('{module}/FILE')` renders `templates/FILE` of the module \
                     `{module}`: add the file or fix the name"
                )),
            };
        }
    }
}
