//! `P123` missing-template: `template()` or `epp()` names a template Puppet does not find, or
//! cannot render.

use crate::declare_rule;
use crate::defs::templates::{mentions_templates, template_uses, use_span};
use crate::discover::lookup::{self, Resolution};
use crate::rules::context::DiagnosticExt;
use crate::rules::{Check, Context};
use crate::syntax::ast::Span;

declare_rule! {
    /// ## What it does
    /// Finds a call of `template('module/file.erb')` or `epp('module/file.epp')` (or
    /// `"${module_name}/file.erb"`) whose template Puppet would not find, or could not render,
    /// reading the name as Puppet does: `epp()` appends `.epp` to a name that does not end with
    /// it (`epp('app/run.sh')` renders `templates/run.sh.epp`), `template()` appends nothing;
    /// the module part is taken as written (module names are lower case); a name without `/`
    /// names no template. It reports a file the module's `templates` folder lacks, a folder
    /// where a file is expected, and a template that is binary or unreadable. A module that is
    /// not installed (see `P008`), an absolute path and a name that climbs with `..` are not
    /// checked.
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
        let source = cx.source();
        let program = cx.program();
        let path = std::path::Path::new(cx.file.path);
        // The calls the index read from this text, else those of the text (most manifests
        // name no template).
        let walked;
        let uses = match program.template_uses_in(path, source) {
            Some(uses) => uses,
            None if mentions_templates(source) => {
                walked = template_uses(path, source, &cx.ast().statements);
                &walked
            }
            None => return,
        };
        for u in uses {
            let (Some(written), Some(name), Some(span)) =
                (&u.name, u.looked_up_name(), use_span(u))
            else {
                continue;
            };
            let function = u.function().name();
            match lookup::resolve(program, u.function(), &[written]) {
                Resolution::NotFound { .. } => missing(cx, span, function, written, &name),
                Resolution::Found { path, folder: true, .. } => {
                    let module = lookup::split(&name).map_or("", |(m, _)| m);
                    cx.report(span, format!("the template `{name}` is a folder"))
                        .label(format!("`templates/{path}` of the module `{module}` is a folder"))
                        .help(format!(
                            "`{function}()` renders a file: name a file in `templates/{path}`"
                        ));
                }
                Resolution::Found { path, folder: false, .. } => {
                    let Some((module, _)) = lookup::split(&name) else {
                        continue;
                    };
                    let Some(why) = program
                        .module_assets(module)
                        .and_then(|a| a.templates.unreadable.get(&path))
                    else {
                        continue;
                    };
                    cx.report(span, format!("the template `{name}` cannot be rendered"))
                        .label(format!("`templates/{path}` of the module `{module}` is {why}"))
                        .help(format!(
                            "`{function}()` renders a text file: name a template, or use \
                             `binary_file()` or a `source` for a file that is not text"
                        ));
                }
                Resolution::Invalid(_) | Resolution::Unknown | Resolution::Refused { .. } => {}
            }
        }
    }
}

/// The finding for a template Puppet does not find: `written` as the call gives it, `name` as
/// Puppet looks it up.
fn missing(cx: &mut Context<'_>, span: Span, function: &str, written: &str, name: &str) {
    let program = cx.program();
    let Some((module, rest)) = lookup::split(name) else {
        let caller = cx.module_file().map(|m| m.module.clone());
        let d = cx
            .report(span, format!("the template `{name}` does not exist"))
            .label("names no module: Puppet looks templates up as `MODULE/FILE`");
        match caller {
            Some(m) => d.help(format!("name it `{m}/{written}` if it is in `templates/` of `{m}`")),
            None => d.help(format!(
                "`{function}('MODULE/FILE')` renders `templates/FILE` of the module `MODULE`"
            )),
        };
        return;
    };
    if !lookup::is_module_name(module) {
        let lower = module.to_ascii_lowercase();
        cx.report(span, format!("the template `{name}` does not exist"))
            .label(format!("`{module}` is not a module's name"))
            .help(if lookup::is_module_name(&lower) {
                format!("module names are lower case: `{lower}/{rest}`")
            } else {
                "a module's name is a lower case word (letters, digits, `_`)".to_string()
            });
        return;
    }
    let Some(present) = program.module_assets(module).map(|a| &a.templates) else {
        return;
    };
    let d = cx
        .report(span, format!("the template `{name}` does not exist"))
        .label(format!("no `templates/{rest}` in the module `{module}`"));
    // `epp('m/x.sh')` looks for `x.sh.epp`.
    let plain = written.split_once('/').map_or("", |(_, r)| r);
    if name != written && present.files.contains(plain) {
        d.help(format!(
            "`epp()` appends `.epp` to a name that does not end with it: rename \
             `templates/{plain}` to `templates/{plain}.epp`"
        ));
        return;
    }
    let mut near = crate::suggest::Closest::within(rest, 3);
    present.files.iter().for_each(|p| near.offer(p));
    match near.best() {
        Some(p) => d.help(format!("did you mean `{module}/{p}`?")),
        None => d.help(format!(
            "`{function}('{module}/FILE')` renders `templates/FILE` of the module \
             `{module}`: add the file or fix the name"
        )),
    };
}
