//! Catalog checks (P2xx): what a compilation for a node finds (`plint --evaluate`).
//!
//! The compiler ([`crate::eval::compiler`]) reports its findings as data ([`EvalDiag`]); each
//! [`EvalDiagKind`] has one rule here that turns it into a diagnostic, so evaluation findings
//! have codes, documentation and configuration like every other rule. These rules need a
//! compilation: [`declare_rule!`](crate::declare_rule) declares them (category `Catalog`) as
//! [`RuleKind::Catalog`], with no per-file check, and the normal check mode never builds
//! anything for them.
//!
//! One rule per file; registering a rule is one line in the family's `rule_family!` list.

use std::ops::Range;

use crate::eval::catalog::Location;
use crate::eval::diag::{EvalDiag, EvalDiagKind};
use crate::eval::value::{Hash, Value};
use crate::report::{Diagnostic, Severity};
use crate::rules::{Rule, RuleKind};

/// A rule that reports one kind of compilation finding.
pub trait CatalogRule: Rule {
    /// The kinds of finding it reports.
    fn kinds(&self) -> &'static [EvalDiagKind];
    /// The label under the primary location.
    fn label(&self, diag: &EvalDiag) -> String;
    /// What to do about it.
    fn help(&self, diag: &EvalDiag) -> String;
}

crate::rule_family! {
    evaluation_error::EvaluationError,
    failed_assertion::FailedAssertion,
    duplicate_declaration::DuplicateDeclaration,
    resource_of_unknown_type::ResourceOfUnknownType,
    invalid_attribute::InvalidAttribute,
    dangling_relationship::DanglingRelationship,
    dependency_cycle::DependencyCycle,
    parameter_value_mismatch::ParameterValueMismatch,
    missing_parameter_value::MissingParameterValue,
    missing_class::MissingClass,
    missing_virtual_resource::MissingVirtualResource,
    unknown_variable::UnknownVariable,
    unknown_condition::UnknownCondition,
    no_matching_node::NoMatchingNode,
    bad_input::BadInput,
    refused_read::RefusedRead,
    regex_gave_up::RegexGaveUp,
    unevaluated_function::UnevaluatedFunction,
    evaluation_budget_exceeded::EvaluationBudgetExceeded,
    incomplete_facts::IncompleteFacts,
}

pub use incomplete_facts::finding as incomplete_facts_finding;

/// This family's rules, as catalog rules.
pub fn catalog_rules() -> impl Iterator<Item = &'static dyn CatalogRule> {
    RULES.iter().filter_map(|r| match r.kind() {
        RuleKind::Catalog(c) => Some(c),
        RuleKind::File(_) | RuleKind::ModuleFile(_) => None,
    })
}

/// The rule that reports `kind`.
/// An exhaustive `match`: a new kind of finding without a rule does not compile.
pub fn rule_for(kind: &EvalDiagKind) -> &'static dyn CatalogRule {
    use EvalDiagKind as K;
    match kind {
        K::EvalError => &evaluation_error::EvaluationError,
        K::Fail | K::AssertType => &failed_assertion::FailedAssertion,
        K::DuplicateResource => &duplicate_declaration::DuplicateDeclaration,
        K::UnknownResourceType => &resource_of_unknown_type::ResourceOfUnknownType,
        K::UnknownAttribute => &invalid_attribute::InvalidAttribute,
        K::DanglingRelationship => &dangling_relationship::DanglingRelationship,
        K::DependencyCycle => &dependency_cycle::DependencyCycle,
        K::ParameterType => &parameter_value_mismatch::ParameterValueMismatch,
        K::MissingParameter => &missing_parameter_value::MissingParameterValue,
        K::UnknownClass => &missing_class::MissingClass,
        K::RealizeMissing => &missing_virtual_resource::MissingVirtualResource,
        K::UndefinedVariable => &unknown_variable::UnknownVariable,
        K::UnknownCondition => &unknown_condition::UnknownCondition,
        K::NoMatchingNode => &no_matching_node::NoMatchingNode,
        K::BadInput => &bad_input::BadInput,
        K::RefusedRead | K::RefusedHieraData => &refused_read::RefusedRead,
        K::RegexTooCostly => &regex_gave_up::RegexGaveUp,
        K::NotEvaluated => &unevaluated_function::UnevaluatedFunction,
        K::BudgetExceeded => &evaluation_budget_exceeded::EvaluationBudgetExceeded,
        K::IncompleteFacts => &incomplete_facts::IncompleteFacts,
    }
}

/// Turns a finding into a diagnostic of its rule at `severity`. `span` is the primary span in
/// the file the diagnostic is reported in; `locate` gives the span of a related location when
/// it is in that same file (a secondary label), else `None` (it is then named in the help,
/// with its file and line).
pub fn diagnostic(
    diag: &EvalDiag,
    severity: Severity,
    span: Range<usize>,
    locate: &dyn Fn(&Location) -> Option<Range<usize>>,
) -> Diagnostic {
    let rule = rule_for(&diag.kind);
    let info = rule.info();
    let mut d = Diagnostic::new(info.code, info.name, severity, span, diag.message.clone())
        .with_label(rule.label(diag));
    let mut elsewhere = Vec::new();
    for (at, what) in &diag.related {
        match locate(at) {
            Some(span) => d = d.with_secondary(span, what.clone()),
            None => elsewhere.push(format!("{what}: {}", describe_location(at))),
        }
    }
    let mut help = rule.help(diag);
    if !elsewhere.is_empty() {
        help = format!("{help} ({})", elsewhere.join("; "));
    }
    d.with_help(help)
}

/// `path:line` (or what is known of it).
pub fn describe_location(at: &Location) -> String {
    match (&at.file, at.line) {
        (Some(f), Some(l)) => format!("{}:{l}", f.display()),
        (Some(f), None) => f.display().to_string(),
        (None, Some(l)) => format!("line {l}"),
        (None, None) => "unknown location".to_string(),
    }
}

/// The facts a documentation example is compiled with, unless its first line is
/// `# facts: <JSON>`.
pub fn example_facts() -> Hash {
    let mut os = Hash::new();
    os.insert(Value::string("family"), Value::string("Debian"));
    os.insert(Value::string("name"), Value::string("Debian"));
    let mut facts = Hash::new();
    facts.insert(Value::string("fqdn"), Value::string("node.example.com"));
    facts.insert(Value::string("hostname"), Value::string("node"));
    facts.insert(Value::string("os"), Value::hash(os));
    facts
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::syntax::ast::Span;

    #[test]
    fn every_kind_has_exactly_one_rule() {
        use EvalDiagKind::*;
        for kind in [
            EvalError,
            Fail,
            AssertType,
            DuplicateResource,
            UnknownResourceType,
            UnknownAttribute,
            DanglingRelationship,
            DependencyCycle,
            ParameterType,
            MissingParameter,
            UnknownClass,
            RealizeMissing,
            UndefinedVariable,
            UnknownCondition,
            NoMatchingNode,
            BadInput,
            NotEvaluated,
            IncompleteFacts,
        ] {
            let n = catalog_rules()
                .filter(|r| r.kinds().contains(&kind))
                .count();
            assert_eq!(n, 1, "{kind:?}");
        }
        // The rule a kind's findings are reported by lists that kind.
        for rule in catalog_rules() {
            for kind in rule.kinds() {
                assert_eq!(rule_for(kind).info().code, rule.info().code, "{kind:?}");
            }
        }
        assert_eq!(catalog_rules().count(), RULES.len());
        for r in RULES {
            assert_eq!(r.info().category, crate::rules::Category::Catalog);
            assert!(r.info().code.starts_with("P2"));
        }
    }

    fn at(file: Option<&str>, start: usize, line: u32) -> Location {
        Location {
            file: file.map(Into::into),
            span: Some(Span::new(start, start + 3)),
            line: Some(line),
        }
    }

    #[test]
    fn related_locations_become_labels_or_help() {
        let d = EvalDiag {
            kind: EvalDiagKind::DuplicateResource,
            message: "Duplicate declaration: File[/a] is already declared".into(),
            at: at(Some("site.pp"), 40, 3),
            related: vec![
                (at(Some("site.pp"), 2, 1), "first declared here".into()),
                (at(Some("other.pp"), 7, 9), "also here".into()),
            ],
        };
        let locate = |l: &Location| {
            (l.file.as_deref() == Some(Path::new("site.pp")))
                .then(|| l.span.map(|s| s.start as usize..s.end as usize))
                .flatten()
        };
        let out = diagnostic(&d, Severity::Error, 40..43, &locate);
        assert_eq!((out.code, out.rule), ("P203", "duplicate-declaration"));
        assert_eq!(out.labels.len(), 1);
        assert_eq!(out.labels[0].span, 2..5);
        assert_eq!(out.labels[0].message, "first declared here");
        assert!(
            out.help
                .as_deref()
                .unwrap()
                .contains("also here: other.pp:9"),
            "{:?}",
            out.help
        );
    }
}
