//! The entry point of catalog compilation: what a compilation takes (the manifests, the module
//! path, Hiera, the node and its facts) and what it gives (a catalog and diagnostics as data).
//!
//! `--evaluate` in the CLI builds a [`CompileInput`] per node and turns the [`EvalDiag`]s into
//! diagnostics through the P2xx rules.

use std::path::PathBuf;

use super::catalog::{Catalog, Location};
use super::value::{Hash, Value};

/// What to evaluate as the main manifest.
#[derive(Debug, Clone)]
pub enum Manifest {
    /// Files (a site.pp, or every `.pp` of a directory, in the order Puppet reads them).
    Files(Vec<PathBuf>),
    /// Code given on the command line (`-e 'include ntp'`).
    Code(String),
}

/// The node a catalog is compiled for.
#[derive(Debug, Clone)]
pub struct Node {
    /// The certificate name (from `--node`, else the facts' fqdn).
    pub name: String,
    /// `$facts`, with the facts an agent adds (`clientcert`, `clientversion`, `clientnoop`).
    pub facts: Hash,
    /// `$trusted`.
    pub trusted: Hash,
    /// `$server_facts`.
    pub server_facts: Hash,
}

/// Settings of one compilation.
#[derive(Debug, Clone)]
pub struct CompileInput {
    pub manifest: Manifest,
    /// Where the compilation may read (see [`crate::sandbox`]).
    pub sandbox: std::sync::Arc<crate::sandbox::Sandbox>,
    /// Folders holding modules, searched in order.
    pub modulepath: Vec<PathBuf>,
    /// An environment-level `hiera.yaml` (`--hiera FILE`), if any.
    pub hiera: Option<PathBuf>,
    /// The environment's folder (for its `hiera.yaml` and `data/`), if any.
    pub environment_dir: Option<PathBuf>,
    pub environment: String,
    /// Unknown variables are errors (Puppet's `strict_variables`).
    pub strict_variables: bool,
    pub node: Node,
    /// The limits of the compilation in time and memory.
    pub budgets: super::budget::Budgets,
}

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
    /// A regular expression's match gave up (too many back-tracking steps): its result is
    /// unknown.
    RegexTooCostly,
    /// A budget of the compilation ran out (steps, wall time, string or collection size,
    /// resources, Hiera interpolations, template size): the node's compilation stops.
    BudgetExceeded,
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

/// The result of one compilation: a catalog unless the compilation failed (as Puppet fails it),
/// and every finding.
#[derive(Debug, Clone)]
pub struct CompileOutput {
    pub catalog: Option<Catalog>,
    pub diags: Vec<EvalDiag>,
}

impl Node {
    /// A node with the given facts; adds what an agent and a server add (`clientcert`,
    /// `clientversion`, `clientnoop`, `$trusted`, `$server_facts`).
    pub fn new(name: &str, mut facts: Hash) -> Self {
        let add = |facts: &mut Hash, k: &str, v: Value| {
            if facts.get_str(k).is_none() {
                facts.insert(Value::string(k), v);
            }
        };
        add(&mut facts, "clientcert", Value::string(name));
        add(&mut facts, "clientversion", Value::string(PUPPET_VERSION));
        add(&mut facts, "clientnoop", Value::Boolean(false));
        let (hostname, domain) = match name.split_once('.') {
            Some((h, d)) => (h, d),
            None => (name, ""),
        };
        let mut trusted = Hash::new();
        // In the order of Puppet's TrustedInformation#to_h.
        trusted.insert(Value::string("authenticated"), Value::string("remote"));
        trusted.insert(Value::string("certname"), Value::string(name));
        trusted.insert(Value::string("extensions"), Value::hash(Hash::new()));
        trusted.insert(Value::string("hostname"), Value::string(hostname));
        trusted.insert(Value::string("domain"), Value::string(domain));
        trusted.insert(Value::string("external"), Value::hash(Hash::new()));
        let mut server_facts = Hash::new();
        server_facts.insert(
            Value::string("serverversion"),
            Value::string(PUPPET_VERSION),
        );
        server_facts.insert(Value::string("servername"), Value::string("puppet"));
        server_facts.insert(Value::string("environment"), Value::string("production"));
        Node {
            name: name.to_string(),
            facts,
            trusted,
            server_facts,
        }
    }
}

/// The Puppet version plint evaluates as.
pub const PUPPET_VERSION: &str = "7.23.0";

/// Compiles the catalog of `input.node`.
pub fn compile(input: &CompileInput) -> CompileOutput {
    super::compiler::compile(input)
}
