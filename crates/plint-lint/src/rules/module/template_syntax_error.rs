//! `P501` template-syntax-error: an ERB or EPP template that does not parse.

use super::{FileContext, ModuleFileCheck};
use crate::declare_rule;
use crate::discover::FileKind;

declare_rule! {
    /// ## What it does
    /// Reports a template that does not parse: an ERB template (`*.erb`, rendered by
    /// `template()` and `inline_template()`) whose Ruby code is not valid Ruby, as Ruby's own
    /// parser (Prism) reads the code Puppet's ERB makes of it; an EPP template (`*.epp`,
    /// rendered by `epp()`) whose tags are unbalanced, whose parameter list is malformed or
    /// whose Puppet code does not parse. Templates in a module's `templates` folder are
    /// checked, and any `.erb` or `.epp` file given on the command line.
    ///
    /// ## Why is this bad?
    /// Puppet parses a template when a catalog renders it: the compilation of every node whose
    /// catalog uses the template fails, with an error naming the template but not the class
    /// that rendered it. `puppet parser validate` does not read templates.
    ///
    /// ## Example
    /// ```erb
    /// # file: ntp/templates/ntp.conf.erb
    /// <% @servers.each do |server| %>
    /// server <%= server %> iburst
    /// <% end %>
    /// <% if @restrict %>
    /// restrict default
    /// ```
    ///
    /// ## Use instead
    /// ```erb
    /// # file: ntp/templates/ntp.conf.erb
    /// <% @servers.each do |server| -%>
    /// server <%= server %> iburst
    /// <% end -%>
    /// <% if @restrict -%>
    /// restrict default
    /// <% end -%>
    /// ```
    pub struct TemplateSyntaxError {
        code: "P501",
        name: "template-syntax-error",
        severity: Error,
        category: Module,
    }
}

impl ModuleFileCheck for TemplateSyntaxError {
    fn kinds(&self) -> &'static [FileKind] {
        &[FileKind::Erb, FileKind::Epp]
    }

    fn check(&self, cx: &mut FileContext<'_>) {
        match cx.kind {
            FileKind::Erb => {
                let Err(errors) = cx.erb() else {
                    return;
                };
                // Prism reports every error; the first ones are what a user fixes first, and
                // the rest often follow from them (such as the end of input reached in a block
                // left open by the first).
                let cascade = |e: &&crate::ruby::SyntaxError| e.message.contains("end-of-input");
                let all_cascade = errors.iter().all(|e| cascade(&e));
                let found: Vec<_> = errors
                    .iter()
                    .filter(|e| all_cascade || !cascade(e))
                    .take(MAX_ERRORS)
                    .map(|e| {
                        cx.diagnostic(super::char_at(cx.text, e.offset_in(cx.text)), format!("Ruby syntax error: {}", e.message))
                            .with_label("Ruby cannot parse this")
                            .with_help(
                                "the template's code is the Ruby inside `<% %>` and `<%= %>`; \
                                 every block (`do`, `if`, `each`) needs its `<% end %>`",
                            )
                    })
                    .collect();
                found.into_iter().for_each(|d| cx.report(d));
            }
            FileKind::Epp => {
                let Err(e) = cx.epp() else {
                    return;
                };
                let d = cx
                    .diagnostic(super::char_at(cx.text, e.offset), format!("EPP syntax error: {}", e.message))
                    .with_label("Puppet cannot parse this")
                    .with_help(
                        "the template's code is the Puppet inside `<% %>` and `<%= %>`; a \
                         parameter list `<%- | String $x | -%>` comes first",
                    );
                cx.report(d);
            }
            _ => {}
        }
    }
}

/// At most this many syntax errors of one template are reported.
const MAX_ERRORS: usize = 5;
