use crate::declare_rule;
use crate::report::Fix;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::ExprKind;

declare_rule! {
    /// ## What it does
    /// Finds classes and defined types whose name contains an upper-case letter.
    ///
    /// puppet-lint reports this as an error; plint reports it as a warning, as it does every
    /// style rule. Where Puppet rejects the name, `invalid-definition-name` (P322) reports
    /// an error too.
    ///
    /// ## Why is this bad?
    /// Puppet downcases class and defined type names, so `Web::Server` is really
    /// `web::server`: the autoloader looks for `web/manifests/server.pp`, and the name as
    /// written appears nowhere else. Module and class names are lower case by the rules of
    /// the language.
    ///
    /// The fix writes the name in lower case, which is the name Puppet already uses.
    ///
    /// ## Example
    /// ```puppet
    /// class Web::Server { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class web::server { }
    /// ```
    pub struct NamesContainingUppercase {
        code: "P407",
        name: "name-containing-uppercase",
        severity: Warning,
        category: Style,
        puppet_lint: "names_containing_uppercase",
        fixable: true,
    }
}

impl Check for NamesContainingUppercase {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        for e in cx.index().exprs_of(&[Kind::Class, Kind::Define]) {
            let (kind, name) = match &e.kind {
                ExprKind::Class(c) => ("class", &c.name),
                ExprKind::Define(d) => ("defined type", &d.name),
                _ => continue,
            };
            if name.name.bytes().any(|b| b.is_ascii_uppercase()) {
                found.push((kind, name.clone()));
            }
        }
        for (kind, name) in found {
            let lower = cx.text(name.span).to_ascii_lowercase();
            cx.report(
                name.span,
                format!(
                    "the {kind} name `{}` contains upper-case letters",
                    name.name
                ),
            )
            .label("upper case in a name")
            .help(format!("write it in lower case: `{lower}`"))
            .fix(Fix::replace(
                "write the name in lower case",
                name.span.range(),
                lower,
            ));
        }
    }
}
