//! What went wrong (or could not be known) during a compilation or a check of its catalog, as
//! data: the compiler, the catalog checks and the facts reader emit [`EvalDiag`]s, each kind
//! with the fields its message needs, and the P2xx rules (`rules::catalog`) write the text.
//! Nothing here is text for the user, except Puppet's own words for the findings that are
//! Puppet's errors ([`EvalDiagKind::puppet_message`], in `puppet_words.rs`: Ruby code sees them
//! in exceptions) or another reader's (Hiera's notes, the facts reader's errors).

mod puppet_words;

use std::fmt;

use super::catalog::Location;
use super::facts::MissingFact;

/// What went wrong (or could not be known) during a compilation, as data. Rules P2xx turn
/// each kind into a diagnostic (`rules::catalog::rule_for`, an exhaustive `match`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum EvalDiagKind {
    /// An evaluation error (an operator on wrong operands, a call with wrong arguments, ...),
    /// in the evaluator's words.
    EvalError { message: String },
    /// `fail()` was called, with this message.
    Fail { message: String },
    /// A failed `assert_type`: why the value does not match.
    AssertType { mismatch: String },
    /// The same resource declared twice: where first, and where again.
    DuplicateResource {
        reference: String,
        first: Location,
        here: Location,
    },
    /// A resource type that is neither a core type, a define nor a module's custom type.
    UnknownResourceType { name: String, used: TypeUse },
    /// An attribute (or attributes) the resource's type does not have.
    UnknownAttribute {
        resource: String,
        problem: BadAttribute,
    },
    /// A relationship or relationship metaparameter names a resource not in the catalog.
    DanglingRelationship { named: Dangling },
    /// Dependency cycles: each the path of its resources, as Puppet prints it.
    DependencyCycle { cycles: Vec<Vec<String>> },
    /// A class or define parameter's value (or a function's argument) does not match its type.
    ParameterType {
        /// The resource whose parameter it is (`Class[x]`, `D[a]`), when it is one.
        owner: Option<String>,
        /// Puppet's words for the mismatch ("parameter 'x' expects ...").
        mismatch: String,
        from: ValueFrom,
    },
    /// Required class or define parameters without a value.
    MissingParameter { owner: String, params: Vec<String> },
    /// A class that does not exist, declared (for a node) or named as a parent.
    UnknownClass { class: String, wanted: ClassWanted },
    /// `realize` (or an override) of resources that do not exist.
    RealizeMissing {
        references: Vec<String>,
        purpose: Realize,
    },
    /// A variable that is not defined (an error with strict variables, else a warning).
    UndefinedVariable {
        name: String,
        class: Option<ClassState>,
    },
    /// A value not known statically (from `origin`) decides something plint then leaves out
    /// (a coverage note).
    UnknownCondition { what: Unknown, origin: String },
    /// No node definition matches the node (and there is no `node default`); `node` is `None`
    /// when said of several nodes.
    NoMatchingNode { node: Option<String> },
    /// The facts, a manifest or Hiera data could not be read.
    BadInput { problem: BadInput },
    /// A file the sandbox refused to read (outside the repository and the module path, not a
    /// regular file, too large): its content is unknown.
    RefusedRead { written: String, why: String },
    /// A Hiera data file the sandbox refused to read (a data folder outside the repository
    /// that the user did not trust): Hiera's note.
    RefusedHieraData { note: String },
    /// A regular expression's match gave up (too many back-tracking steps).
    RegexTooCostly { gave_up: GaveUp },
    /// What plint did not evaluate: its result is unknown and its side effects are missing
    /// (a coverage note).
    NotEvaluated { what: NotEvaluated },
    /// A budget of the compilation ran out: the budget error's words.
    BudgetExceeded { message: String },
    /// The code read facts that the node's facts lack (reported once per node, by the caller
    /// of the compilation, from [`super::compiler::CompileOutput::missing_facts`]);
    /// `legacy_facts`: whether the facts hold legacy facts at all.
    IncompleteFacts {
        missing: Vec<MissingFact>,
        legacy_facts: bool,
    },
}

/// How a resource type was named.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TypeUse {
    /// In a declaration, defaults, a collector or a function that declares (`'name'` as
    /// written, in lower case).
    Declared,
    /// As a type reference (`Name`).
    Referenced,
}

/// What is wrong with a resource's attributes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum BadAttribute {
    /// A core or custom resource type's unknown attribute.
    Native(String),
    /// A defined type's or a class's unknown parameters, as Puppet lists them.
    Defined(Vec<String>),
    /// `stage` on a resource that is not a class.
    Stage,
}

/// What names a resource that is not in the catalog.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Dangling {
    /// A relationship metaparameter's value that is no valid reference: Puppet's words.
    Invalid { message: String },
    /// A relationship metaparameter (`require`, `before`, ...).
    Parameter { reference: String, param: String },
    /// A metaparameter naming a resource the agent does not get (virtual, exported):
    /// `dependency` for `require`/`subscribe`, else dependent; `of` the resource it is set on.
    Agent {
        reference: String,
        dependency: bool,
        of: String,
    },
    /// A relationship (`->`, `~>`): `gone` at one end, `other` at the other; `source`: the
    /// missing one is the source.
    Relationship {
        gone: String,
        other: String,
        source: bool,
    },
}

/// Where a parameter's value came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ValueFrom {
    /// The declaration (or a call), not said.
    Given,
    Hiera,
    Default,
}

/// Why a class was wanted.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ClassWanted {
    /// Declared for a node (`None` when said of several nodes).
    Declared { node: Option<String> },
    /// The parent of the class `child`.
    Parent { child: String },
}

/// What was to be done with resources not found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Realize {
    /// A virtual resource `realize`d (or referenced).
    Virtual,
    /// Resources overridden.
    Override,
}

/// The class of a qualified variable, when it was not found.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ClassState {
    NotEvaluated(String),
    NotFound(String),
}

/// What an unknown value decided.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Unknown {
    /// The branch of a condition (`if`, `unless`, `case`, a selector).
    Branch(Branch),
    /// The class `function` (`include`, `contain`, `require`) declares.
    ClassOf { function: String },
    /// A resource-like class declaration's class.
    ClassName,
    /// What `realize` realizes.
    Realize,
    /// What `create_resources()` declares.
    CreateResources,
    /// Whether the block of `function` runs.
    Block { function: String },
    /// A resource a relationship names.
    Relationship,
    /// The type of declared resources.
    ResourceType,
    /// What a collector collects.
    Collector,
}

/// A condition whose branch was not chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Branch {
    Selector,
    If,
    Unless,
    Case,
}

/// Data that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum BadInput {
    /// A facts file's problem, in the facts reader's words.
    Facts { message: String },
    /// Facts that give no node name.
    NoNodeName,
    /// A manifest that cannot be read.
    Unreadable { path: String, error: String },
    /// A Hiera lookup that failed: Hiera's words.
    Lookup { key: String, error: String },
}

/// A match that gave up.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum GaveUp {
    /// Its result is unknown (`pattern` as shown, cut).
    ResultUnknown { pattern: String },
    /// It stopped the compilation: the evaluator's error.
    Stopped { message: String },
}

/// What plint did not evaluate.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum NotEvaluated {
    /// A module's Ruby function (`path` relative to its module's folder).
    RubyFunction { function: String, path: String },
    /// A built-in function that needs a Puppet server.
    Builtin { function: String },
    /// A module's Ruby function that ran but could not be evaluated fully (`why`: the
    /// interpreter's origin).
    Partly {
        function: String,
        path: String,
        why: String,
    },
    /// What Hiera could not do: its note.
    Hiera { note: String },
}

/// What a related location is.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Related {
    /// The first declaration of a duplicate.
    FirstDeclared,
    /// A resource of a dependency cycle.
    InCycle { resource: String },
    /// A resource exported (the agent does not get it).
    Exported,
    /// A virtual resource never realized.
    NeverRealized,
    /// Where a missing fact is read.
    FactRead { read: String },
}

/// Where in an EPP template an error was raised (1-based), which Puppet's words for it end
/// with; the template is the call's (the finding is located at the call).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct InTemplate {
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for InTemplate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            " (in the template, line: {}, column: {})",
            self.line, self.column
        )
    }
}

/// One finding of a compilation.
#[derive(Debug, Clone, PartialEq)]
pub struct EvalDiag {
    pub kind: EvalDiagKind,
    pub at: Location,
    /// Other places the finding refers to (the first declaration of a duplicate, where a value
    /// came from), with what each is.
    pub related: Vec<(Location, Related)>,
    /// For an error raised in EPP templates: where, innermost first.
    pub in_templates: Vec<InTemplate>,
}

impl EvalDiag {
    /// A finding at `at` that refers to no other place.
    pub fn new(kind: EvalDiagKind, at: Location) -> Self {
        EvalDiag {
            kind,
            at,
            related: Vec::new(),
            in_templates: Vec::new(),
        }
    }
}

impl EvalDiagKind {
    /// The finding as said of any node: the node's name, which Puppet's messages give, left
    /// out (the same finding of several nodes is one).
    pub fn for_any_node(&self) -> EvalDiagKind {
        match self {
            EvalDiagKind::UnknownClass {
                class,
                wanted: ClassWanted::Declared { .. },
            } => EvalDiagKind::UnknownClass {
                class: class.clone(),
                wanted: ClassWanted::Declared { node: None },
            },
            EvalDiagKind::NoMatchingNode { .. } => EvalDiagKind::NoMatchingNode { node: None },
            other => other.clone(),
        }
    }
}
