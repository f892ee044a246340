use super::support;
use crate::declare_rule;
use crate::infer::scope::{ScopeDiag, UnusedKind};
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Rule, RuleInfo};

declare_rule! {
    /// ## What it does
    /// Finds a parameter of a defined type, a function, a plan or a lambda that its body
    /// never reads. Class parameters are not checked (other classes read them as
    /// `$class::name`), nor are the parameters of a definition that calls `template()`,
    /// `inline_template()`, `epp()` or `inline_epp()` (templates read variables by name),
    /// nor names starting with `_`.
    ///
    /// ## Why is this bad?
    /// Callers set a value that changes nothing, or the body reads a misspelled name. A
    /// lambda's parameters are positional (`|$key, $value|`): rename one the body does not
    /// need with a leading `_` rather than removing it.
    ///
    /// ## Example
    /// ```puppet
    /// define app::site (String $root, String $owner) {
    ///   file { $root: ensure => directory }
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// define app::site (String $root, String $owner) {
    ///   file { $root: ensure => directory, owner => $owner }
    /// }
    /// ```
    pub struct UnusedParameter {
        code: "P115",
        name: "unused-parameter",
        severity: Warning,
        category: Types,
    }
}

impl Rule for UnusedParameter {
    fn info(&self) -> &'static RuleInfo {
        &Self::INFO
    }

    fn check(&self, cx: &mut Context<'_>) {
        for d in support::analyze(cx) {
            let ScopeDiag::Unused { name, span, kind } = d else {
                continue;
            };
            let help = match kind {
                UnusedKind::Variable => continue,
                UnusedKind::Parameter => {
                    format!("use it, remove it, or rename it `$_{name}` if it is on purpose")
                }
                UnusedKind::LambdaParameter => {
                    format!("rename it `$_{name}`: lambda parameters are positional")
                }
            };
            cx.report(*span, format!("the parameter `${name}` is never used"))
                .label("never read")
                .help(help);
        }
    }
}
