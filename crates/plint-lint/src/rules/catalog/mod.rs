//! Catalog checks (P2xx): what a compilation for a node finds (`plint --evaluate`).
//!
//! The compiler ([`crate::eval::compiler`]) reports its findings as data ([`EvalDiag`]); each
//! [`EvalDiagKind`] has one rule here ([`rule_for`], an exhaustive `match`) that turns it into
//! a diagnostic and writes its message from the kind's fields ([`message`]), so evaluation
//! findings have codes, documentation and configuration like every other rule. These rules need a
//! compilation: [`declare_rule!`](crate::declare_rule) declares them (category `Catalog`) as
//! [`RuleKind::Catalog`], with no per-file check, and the normal check mode never builds
//! anything for them.
//!
//! One rule per file; registering a rule is one line in the family's `rule_family!` list.

use std::ops::Range;

use crate::eval::catalog::Location;
use crate::eval::diag::{EvalDiag, EvalDiagKind, InTemplate, Related};
use crate::eval::value::{Hash, Value};
use crate::report::{Diagnostic, Severity};
use crate::rules::{Rule, RuleKind};

/// A rule that reports kinds of compilation finding (see [`rule_for`]).
pub trait CatalogRule: Rule {
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
        K::EvalError { .. } => &evaluation_error::EvaluationError,
        K::Fail { .. } | K::AssertType { .. } => &failed_assertion::FailedAssertion,
        K::DuplicateResource { .. } => &duplicate_declaration::DuplicateDeclaration,
        K::UnknownResourceType { .. } => &resource_of_unknown_type::ResourceOfUnknownType,
        K::UnknownAttribute { .. } => &invalid_attribute::InvalidAttribute,
        K::DanglingRelationship { .. } => &dangling_relationship::DanglingRelationship,
        K::DependencyCycle { .. } => &dependency_cycle::DependencyCycle,
        K::ParameterType { .. } => &parameter_value_mismatch::ParameterValueMismatch,
        K::MissingParameter { .. } => &missing_parameter_value::MissingParameterValue,
        K::UnknownClass { .. } => &missing_class::MissingClass,
        K::RealizeMissing { .. } => &missing_virtual_resource::MissingVirtualResource,
        K::UndefinedVariable { .. } => &unknown_variable::UnknownVariable,
        K::UnknownCondition { .. } => &unknown_condition::UnknownCondition,
        K::NoMatchingNode { .. } => &no_matching_node::NoMatchingNode,
        K::BadInput { .. } => &bad_input::BadInput,
        K::RefusedRead { .. } | K::RefusedHieraData { .. } => &refused_read::RefusedRead,
        K::RegexTooCostly { .. } => &regex_gave_up::RegexGaveUp,
        K::NotEvaluated { .. } => &unevaluated_function::UnevaluatedFunction,
        K::BudgetExceeded { .. } => &evaluation_budget_exceeded::EvaluationBudgetExceeded,
        K::IncompleteFacts { .. } => &incomplete_facts::IncompleteFacts,
    }
}

/// The message of a finding: Puppet's words for Puppet's errors
/// ([`EvalDiagKind::puppet_message`], which the evaluator also shows to Ruby code), and for
/// plint's own findings the words their rule writes from the kind's fields (an exhaustive
/// `match`, as [`rule_for`]).
pub fn message(kind: &EvalDiagKind) -> String {
    use EvalDiagKind as K;
    if let Some(words) = kind.puppet_message() {
        return words;
    }
    match kind {
        K::BudgetExceeded { message } => message.clone(),
        K::UnknownCondition { what, origin } => unknown_condition::message(what, origin),
        K::RefusedRead { written, why } => refused_read::message(written, why),
        K::RefusedHieraData { note } => note.clone(),
        K::RegexTooCostly { gave_up } => regex_gave_up::message(gave_up),
        K::NotEvaluated { what } => unevaluated_function::message(what),
        K::IncompleteFacts {
            missing,
            legacy_facts,
        } => incomplete_facts::message(missing, *legacy_facts),
        K::EvalError { .. }
        | K::Fail { .. }
        | K::AssertType { .. }
        | K::DuplicateResource { .. }
        | K::UnknownResourceType { .. }
        | K::UnknownAttribute { .. }
        | K::DanglingRelationship { .. }
        | K::DependencyCycle { .. }
        | K::ParameterType { .. }
        | K::MissingParameter { .. }
        | K::UnknownClass { .. }
        | K::RealizeMissing { .. }
        | K::UndefinedVariable { .. }
        | K::NoMatchingNode { .. }
        | K::BadInput { .. } => unreachable!("Puppet's words are `EvalDiagKind::puppet_message`'s"),
    }
}

/// The message of a finding ([`EvalDiag::kind`]), and where in EPP templates it was raised
/// ([`EvalDiag::in_templates`]).
pub fn finding_message(kind: &EvalDiagKind, in_templates: &[InTemplate]) -> String {
    let mut text = message(kind);
    for place in in_templates {
        text.push_str(&place.to_string());
    }
    text
}

/// What a related location is, as a label says it.
fn related_text(related: &Related) -> String {
    match related {
        Related::FirstDeclared => "first declared here".to_string(),
        Related::InCycle { resource } => format!("{resource} is in the cycle"),
        Related::Exported => "exported here (the agent does not get exported resources)".into(),
        Related::NeverRealized => "declared virtual here and never realized".to_string(),
        Related::FactRead { read } => format!("`{read}` read here"),
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
    let mut d = Diagnostic::new(
        info.code,
        info.name,
        severity,
        span,
        finding_message(&diag.kind, &diag.in_templates),
    )
    .with_label(rule.label(diag));
    let mut elsewhere = Vec::new();
    for (at, what) in &diag.related {
        let what = related_text(what);
        match locate(at) {
            Some(span) => d = d.with_secondary(span, what),
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
    fn every_rule_reports_a_kind() {
        use crate::eval::diag::*;
        let s = String::new;
        let kinds = [
            EvalDiagKind::EvalError { message: s() },
            EvalDiagKind::Fail { message: s() },
            EvalDiagKind::AssertType { mismatch: s() },
            EvalDiagKind::DuplicateResource {
                reference: s(),
                first: Location::default(),
                here: Location::default(),
            },
            EvalDiagKind::UnknownResourceType {
                name: s(),
                used: TypeUse::Declared,
            },
            EvalDiagKind::UnknownAttribute {
                resource: s(),
                problem: BadAttribute::Stage,
            },
            EvalDiagKind::DanglingRelationship {
                named: Dangling::Invalid { message: s() },
            },
            EvalDiagKind::DependencyCycle { cycles: Vec::new() },
            EvalDiagKind::ParameterType {
                owner: None,
                mismatch: s(),
                from: ValueFrom::Given,
            },
            EvalDiagKind::MissingParameter {
                owner: s(),
                params: Vec::new(),
            },
            EvalDiagKind::UnknownClass {
                class: s(),
                wanted: ClassWanted::Declared { node: None },
            },
            EvalDiagKind::RealizeMissing {
                references: Vec::new(),
                purpose: Realize::Virtual,
            },
            EvalDiagKind::UndefinedVariable {
                name: s(),
                class: None,
            },
            EvalDiagKind::UnknownCondition {
                what: Unknown::Realize,
                origin: s(),
            },
            EvalDiagKind::NoMatchingNode { node: None },
            EvalDiagKind::BadInput {
                problem: BadInput::NoNodeName,
            },
            EvalDiagKind::RefusedRead {
                written: s(),
                why: s(),
            },
            EvalDiagKind::RefusedHieraData { note: s() },
            EvalDiagKind::RegexTooCostly {
                gave_up: GaveUp::Stopped { message: s() },
            },
            EvalDiagKind::NotEvaluated {
                what: NotEvaluated::Hiera { note: s() },
            },
            EvalDiagKind::BudgetExceeded { message: s() },
            EvalDiagKind::IncompleteFacts {
                missing: Vec::new(),
                legacy_facts: false,
            },
        ];
        // Each rule of the family reports some kind.
        let mut codes: Vec<&str> = kinds.iter().map(|k| rule_for(k).info().code).collect();
        codes.sort();
        codes.dedup();
        let mut all: Vec<&str> = catalog_rules().map(|r| r.info().code).collect();
        all.sort();
        assert_eq!(codes, all);
        assert_eq!(catalog_rules().count(), RULES.len());
        for r in RULES {
            assert_eq!(r.info().category, crate::rules::Category::Catalog);
            assert!(r.info().code.starts_with("P2"));
        }
    }

    #[test]
    fn messages_are_puppets() {
        use crate::eval::diag::*;
        let at = |file: Option<&str>, line| Location {
            file: file.map(Into::into),
            span: None,
            line: Some(line),
        };
        let dup = EvalDiagKind::DuplicateResource {
            reference: "File[/a]".into(),
            first: at(Some("site.pp"), 1),
            here: at(None, 3),
        };
        assert_eq!(
            message(&dup),
            "Duplicate declaration: File[/a] is already declared at (file: site.pp, line: 1); \
             cannot redeclare (line: 3)"
        );
        let missing = EvalDiagKind::MissingParameter {
            owner: "Class[Web]".into(),
            params: vec!["port".into(), "host".into()],
        };
        assert_eq!(
            message(&missing),
            "Class[Web]: expects a value for parameters 'port', 'host'"
        );
        let class = EvalDiagKind::UnknownClass {
            class: "nope".into(),
            wanted: ClassWanted::Declared {
                node: Some("a.example.com".into()),
            },
        };
        assert_eq!(
            message(&class),
            "Could not find class ::nope for a.example.com"
        );
        assert_eq!(
            message(&class.for_any_node()),
            "Could not find class ::nope"
        );
        let attrs = EvalDiagKind::UnknownAttribute {
            resource: "D[x]".into(),
            problem: BadAttribute::Defined(vec!["a".into(), "b".into()]),
        };
        assert_eq!(
            message(&attrs),
            "D[x]:\n  has no parameter named 'a'\n  has no parameter named 'b'"
        );
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
            kind: EvalDiagKind::DuplicateResource {
                reference: "File[/a]".into(),
                first: at(Some("site.pp"), 2, 1),
                here: at(Some("site.pp"), 40, 3),
            },
            at: at(Some("site.pp"), 40, 3),
            related: vec![
                (at(Some("site.pp"), 2, 1), Related::FirstDeclared),
                (at(Some("other.pp"), 7, 9), Related::NeverRealized),
            ],
            in_templates: vec![InTemplate { line: 2, column: 5 }],
        };
        let locate = |l: &Location| {
            (l.file.as_deref() == Some(Path::new("site.pp")))
                .then(|| l.span.map(|s| s.start as usize..s.end as usize))
                .flatten()
        };
        let out = diagnostic(&d, Severity::Error, 40..43, &locate);
        assert_eq!((out.code, out.rule), ("P203", "duplicate-declaration"));
        assert!(
            out.message.ends_with(
                "cannot redeclare (file: site.pp, line: 3) (in the template, line: 2, column: 5)"
            ),
            "{}",
            out.message
        );
        assert_eq!(out.labels.len(), 1);
        assert_eq!(out.labels[0].span, 2..5);
        assert_eq!(out.labels[0].message, "first declared here");
        assert!(
            out.help
                .as_deref()
                .unwrap()
                .contains("declared virtual here and never realized: other.pp:9"),
            "{:?}",
            out.help
        );
    }
}
