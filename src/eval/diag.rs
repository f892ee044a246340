//! What went wrong (or could not be known) during a compilation or a check of its catalog, as
//! data: the compiler, the catalog checks and the facts reader emit [`EvalDiag`]s, and the P2xx
//! rules turn each kind into a diagnostic.

use super::catalog::Location;

/// What went wrong (or could not be known) during a compilation, as data. Rules P2xx turn
/// each kind into a diagnostic.
#[derive(Debug, Clone, PartialEq)]
pub enum EvalDiagKind {
    /// An evaluation error (an operator on wrong operands, a call with wrong arguments, ...).
    EvalError,
    /// `fail()` was called.
    Fail,
    /// A failed `assert_type`.
    AssertType,
    /// The same resource declared twice; `related` has the first declaration.
    DuplicateResource,
    /// A resource of a type that is neither a core type, a define nor a module's custom type.
    UnknownResourceType,
    /// An attribute the resource's type does not have.
    UnknownAttribute,
    /// A relationship or relationship metaparameter names a resource not in the catalog.
    DanglingRelationship,
    /// A dependency cycle; the message prints it.
    DependencyCycle,
    /// A class or define parameter's value does not match its type; the message says where
    /// the value came from (default, Hiera, declaration).
    ParameterType,
    /// A required class or define parameter has no value.
    MissingParameter,
    /// `include`/`contain`/`require`/a resource-like declaration of a class that does not
    /// exist.
    UnknownClass,
    /// `realize` (or a reference) of a virtual resource that does not exist.
    RealizeMissing,
    /// A variable that is not defined (an error with strict variables, else a warning).
    UndefinedVariable,
    /// A condition on an unknown value: the branch could not be chosen (a coverage note).
    UnknownCondition,
    /// No node definition matches the node (and there is no `node default`).
    NoMatchingNode,
    /// The facts or Hiera data could not be read.
    BadInput,
    /// A file the sandbox refused to read (outside the repository and the module path, not a
    /// regular file, too large): its content is unknown.
    RefusedRead,
    /// A Hiera data file the sandbox refused to read (a data folder outside the repository
    /// that the user did not trust): the values it holds are unknown.
    RefusedHieraData,
    /// A regular expression's match gave up (too many back-tracking steps): its result is
    /// unknown.
    RegexTooCostly,
    /// A module's Ruby function that plint did not evaluate: its result is unknown and its
    /// side effects are missing (a coverage note).
    NotEvaluated,
    /// A budget of the compilation ran out (steps, wall time, string or collection size,
    /// resources, Hiera interpolations, template size): the node's compilation stops.
    BudgetExceeded,
    /// The code read facts that the node's facts lack (reported once per node, by the caller
    /// of the compilation, from [`super::compiler::CompileOutput::missing_facts`]).
    IncompleteFacts,
}

/// One finding of a compilation.
#[derive(Debug, Clone, PartialEq)]
pub struct EvalDiag {
    pub kind: EvalDiagKind,
    pub message: String,
    pub at: Location,
    /// Other places the message refers to (the first declaration of a duplicate, where a value
    /// came from), with what each is.
    pub related: Vec<(Location, String)>,
}
