//! Puppet's words for the findings that are Puppet's errors (and its unknown-variable warning).
//!
//! These texts are evaluation behaviour, not only reporting: an error raised inside a Ruby
//! function reaches Ruby code as an exception whose `message` is this text, and Puppet's nested
//! errors quote it. The rules of `rules::catalog` write the words of plint's own findings and
//! use these for Puppet's.

use super::*;
use crate::eval::catalog::Location;

impl EvalDiagKind {
    /// Puppet's words for this finding when it is one of Puppet's errors or warnings; `None` for
    /// plint's own findings (refused reads, unknowns, budgets, …), whose rules write their words.
    pub fn puppet_message(&self) -> Option<String> {
        use EvalDiagKind as K;
        Some(match self {
            K::EvalError { message } | K::Fail { message } => message.clone(),
            K::AssertType { mismatch } => format!("assert_type(): {mismatch}"),
            K::DuplicateResource {
                reference,
                first,
                here,
            } => duplicate_declaration(reference, first, here),
            K::UnknownResourceType { name, used } => unknown_resource_type(name, *used),
            K::UnknownAttribute { resource, problem } => unknown_attribute(resource, problem),
            K::DanglingRelationship { named } => dangling_relationship(named),
            K::DependencyCycle { cycles } => dependency_cycle(cycles),
            K::ParameterType {
                owner,
                mismatch,
                from,
            } => parameter_type(owner.as_deref(), mismatch, *from),
            K::MissingParameter { owner, params } => missing_parameter(owner, params),
            K::UnknownClass { class, wanted } => unknown_class(class, wanted),
            K::RealizeMissing {
                references,
                purpose,
            } => realize_missing(references, *purpose),
            K::UndefinedVariable { name, class } => undefined_variable(name, class.as_ref()),
            K::NoMatchingNode { node } => no_matching_node(node.as_deref()),
            K::BadInput { problem } => bad_input(problem),
            K::BudgetExceeded { .. }
            | K::UnknownCondition { .. }
            | K::RefusedRead { .. }
            | K::RefusedHieraData { .. }
            | K::RegexTooCostly { .. }
            | K::NotEvaluated { .. }
            | K::IncompleteFacts { .. } => return None,
        })
    }
}

/// Where Puppet says a declaration is: "(file: path, line: n)", or "(line: n)" for code
/// given on the command line.
fn puppet_where(at: &Location) -> String {
    let line = at.line.unwrap_or(1);
    match &at.file {
        Some(p) => format!("(file: {}, line: {line})", p.display()),
        None => format!("(line: {line})"),
    }
}

/// Puppet's message for a type declared (`'name'`) or referenced (`Name`).
fn unknown_resource_type(name: &str, used: TypeUse) -> String {
    match used {
        TypeUse::Declared => format!("Unknown resource type: '{name}'"),
        TypeUse::Referenced => format!("Resource type not found: {name}"),
    }
}

/// Puppet's message (`owner: mismatch`), and where the value came from when it was not given.
fn parameter_type(owner: Option<&str>, mismatch: &str, from: ValueFrom) -> String {
    let from = match from {
        ValueFrom::Given => "",
        ValueFrom::Hiera => " (the value came from Hiera)",
        ValueFrom::Default => " (the value is the parameter's default)",
    };
    match owner {
        Some(owner) => format!("{owner}: {mismatch}{from}"),
        None => format!("{mismatch}{from}"),
    }
}

/// Puppet's message for resources realized or overridden and not found.
fn realize_missing(references: &[String], purpose: Realize) -> String {
    let list = references.join(", ");
    match purpose {
        Realize::Virtual => format!("Failed to realize virtual resources {list}"),
        Realize::Override => format!("Could not find resource(s) {list} for overriding"),
    }
}

/// Puppet's message (the compiler's, or the agent's for a resource it does not get).
fn dangling_relationship(named: &Dangling) -> String {
    match named {
        Dangling::Invalid { message } => message.clone(),
        Dangling::Parameter { reference, param } => {
            format!("Could not find resource '{reference}' in parameter '{param}'")
        }
        Dangling::Agent {
            reference,
            dependency,
            of,
        } => {
            let what = if *dependency {
                "dependency"
            } else {
                "dependent"
            };
            format!("Could not find {what} {reference} for {of}")
        }
        Dangling::Relationship {
            gone,
            other,
            source,
        } => {
            let word = if *source { "on" } else { "from" };
            format!("Could not find resource '{gone}' for relationship {word} '{other}'")
        }
    }
}

/// Puppet's message, with why a qualified variable's class did not give it.
fn undefined_variable(name: &str, class: Option<&ClassState>) -> String {
    let why = match class {
        None => String::new(),
        Some(ClassState::NotEvaluated(class)) => format!("; class {class} has not been evaluated"),
        Some(ClassState::NotFound(class)) => format!("; class {class} could not be found"),
    };
    format!("Unknown variable: '{name}'{why}.")
}

/// Puppet's message: the resource, where it was first declared, and where again.
fn duplicate_declaration(reference: &str, first: &Location, here: &Location) -> String {
    format!(
        "Duplicate declaration: {reference} is already declared at {}; cannot redeclare {}",
        puppet_where(first),
        puppet_where(here)
    )
}

/// Puppet's message: the class, for the node (left out when said of several nodes), or as a
/// class's parent.
fn unknown_class(class: &str, wanted: &ClassWanted) -> String {
    match wanted {
        ClassWanted::Declared { node: Some(node) } => {
            format!("Could not find class ::{class} for {node}")
        }
        ClassWanted::Declared { node: None } => format!("Could not find class ::{class}"),
        ClassWanted::Parent { child } => {
            format!("Could not find parent class {class} of class {child}")
        }
    }
}

/// Puppet's message: one per attribute of a core or custom type, all of a defined type's or
/// a class's in one.
fn unknown_attribute(resource: &str, problem: &BadAttribute) -> String {
    match problem {
        BadAttribute::Native(name) => format!("no parameter named '{name}' on {resource}"),
        BadAttribute::Defined(names) => match names.as_slice() {
            [one] => format!("{resource}: has no parameter named '{one}'"),
            many => {
                let mut m = format!("{resource}:");
                for n in many {
                    m.push_str(&format!("\n  has no parameter named '{n}'"));
                }
                m
            }
        },
        BadAttribute::Stage => format!(
            "Only classes can set 'stage'; normal resources like {resource} cannot change run \
             stage"
        ),
    }
}

/// Puppet's message: the resource and the parameters without a value.
fn missing_parameter(owner: &str, params: &[String]) -> String {
    let list = params
        .iter()
        .map(|m| format!("'{m}'"))
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        "{owner}: expects a value for parameter{} {list}",
        if params.len() > 1 { "s" } else { "" }
    )
}

/// What cannot be used, and why.
fn bad_input(problem: &BadInput) -> String {
    match problem {
        BadInput::Facts { message } => message.clone(),
        BadInput::NoNodeName => "the facts give no node name (no `fqdn`, no `networking.fqdn`): \
                                 name the node with --node NAME"
            .to_string(),
        BadInput::Unreadable { path, error } => format!("Could not read {path}: {error}"),
        BadInput::Lookup { key, error } => format!("Lookup of key '{key}' failed: {error}"),
    }
}

/// Puppet's message, naming the node ("the node" when said of several nodes).
fn no_matching_node(node: Option<&str>) -> String {
    format!(
        "Could not find node statement with name 'default' or '{}'",
        node.unwrap_or("the node")
    )
}

/// The agent's message: how many cycles, then each cycle's path.
fn dependency_cycle(cycles: &[Vec<String>]) -> String {
    let n = cycles.len();
    let mut message = format!(
        "Found {n} dependency cycle{}:",
        if n == 1 { "" } else { "s" }
    );
    for path in cycles {
        message.push_str(&format!("\n({})", path.join(" => ")));
    }
    message
}
