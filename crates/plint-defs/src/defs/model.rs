//! The shapes of definitions, shared by the built-in knowledge in `rules/*.toml` and by what the
//! index extracts from modules (Puppet manifests, Ruby functions, Ruby resource types).
//!
//! Types are kept as Puppet source text ([`TypeSrc`], e.g. `Optional[String[1]]`) and parsed
//! with `types::parse` where they are used, so that built-in data, Ruby `dispatch` blocks and
//! Puppet parameter declarations all go through one parser.

use std::path::PathBuf;

use crate::syntax::ast::Span;

/// A type written in Puppet syntax, as in the source it came from (`Optional[String[1]]`).
pub type TypeSrc = String;

/// Where a definition comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// Puppet itself (data under `rules/`).
    Builtin,
    /// A Puppet manifest: the file and the span of the definition's name.
    Manifest { path: PathBuf, span: Span },
    /// A module's Ruby file: the file and the 1-based line of the definition.
    Ruby { path: PathBuf, line: u32 },
}

// ------------------------------------------------------------------------- functions

/// What kind of function a definition is; decides how calls are checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FunctionKind {
    /// A Puppet built-in (4.x API, with dispatches).
    Builtin,
    /// `function name(...) { }` written in Puppet.
    Puppet,
    /// A Ruby 4.x function (`Puppet::Functions.create_function`).
    Ruby4x,
    /// A Ruby 3.x function (`newfunction`); `rvalue` is false for statement functions.
    Ruby3x { rvalue: bool },
}

/// A function and its signatures (4.x dispatches, in declaration order: the first that matches
/// is called). No signatures means the parameters are unknown: any call is accepted.
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionDef {
    /// Fully qualified, lower case, without a leading `::` (`stdlib::ensure`, `lookup`).
    pub name: String,
    pub kind: FunctionKind,
    pub signatures: Vec<Signature>,
    pub origin: Origin,
}

/// One dispatch: positional parameters, an optional block, and the return type.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Signature {
    pub params: Vec<SigParam>,
    pub block: Option<BlockParam>,
    /// `return_type` of the dispatch; `None` when not declared (then `Any`).
    pub return_type: Option<TypeSrc>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamKind {
    /// `param` / `required_param`: exactly one argument.
    Required,
    /// `optional_param`: zero or one argument.
    Optional,
    /// `repeated_param`: zero or more arguments (last parameter only).
    Repeated,
    /// `required_repeated_param`: one or more arguments (last parameter only).
    RequiredRepeated,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SigParam {
    pub name: String,
    pub ty: TypeSrc,
    pub kind: ParamKind,
}

/// `block_param` / `optional_block_param`: the lambda a call gives.
#[derive(Debug, Clone, PartialEq)]
pub struct BlockParam {
    pub name: String,
    /// A `Callable[...]` type (`Callable[1, 2]`, `Callable[[Any, Any], 1, 2]`).
    pub ty: TypeSrc,
    pub optional: bool,
}

// ------------------------------------------------------------------------- resource types

/// A resource type: core (`file`), or custom (`lib/puppet/type/*.rb`, Resource API).
#[derive(Debug, Clone, PartialEq)]
pub struct ResourceTypeDef {
    /// Lower case (`file`, `apt_key`).
    pub name: String,
    pub attributes: Vec<AttributeDef>,
    /// Whether `attributes` are all the type has. False for a Ruby type whose code adds
    /// attributes a reader of its text cannot see (a mixin, a computed name, a parent type):
    /// then an attribute not listed is not known to be wrong.
    pub complete: bool,
    pub origin: Origin,
    /// A Ruby type's `self.title_patterns`, when read whole (`None`: the type has none, or
    /// they transform what they capture, which plint does not run).
    pub title_patterns: Option<Vec<TitlePattern>>,
}

/// One of a type's title patterns: a Ruby regexp, and the attribute each capture sets.
#[derive(Debug, Clone, PartialEq)]
pub struct TitlePattern {
    /// The regexp's source (no options).
    pub regex: String,
    /// The attribute of each capture, in order.
    pub attributes: Vec<String>,
}

impl ResourceTypeDef {
    pub fn attribute(&self, name: &str) -> Option<&AttributeDef> {
        self.attributes.iter().find(|a| a.name == name)
    }

    /// The namevar(s): `path` for file, `name` for most; several for composite namevars.
    pub fn namevars(&self) -> impl Iterator<Item = &AttributeDef> {
        self.attributes.iter().filter(|a| a.namevar)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttributeKind {
    /// `newparam`
    Parameter,
    /// `newproperty` (and `ensure` from `ensurable`)
    Property,
    /// A metaparameter every resource has (`require`, `tag`, ...).
    Metaparameter,
}

#[derive(Debug, Clone, PartialEq)]
pub struct AttributeDef {
    pub name: String,
    pub kind: AttributeKind,
    /// The values accepted, as a Puppet type. Loose where Puppet is loose (a property that
    /// munges any string is `Any` or `Variant[...]`, never narrower than what Puppet accepts).
    /// Everywhere, `undef` (the attribute is not set), `Sensitive[T]` for a `T` and `Deferred`
    /// are accepted too; a property also accepts an `Array` of values each matching `ty`
    /// (Puppet validates them one by one). A static check reports a value only when its type
    /// cannot match (a `String` of unknown content may still match a `Pattern`).
    pub ty: TypeSrc,
    pub namevar: bool,
    /// Puppet fails the catalog when this attribute is missing (rare: most are optional).
    pub required: bool,
}

// ------------------------------------------------------------------------- Puppet definitions

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClassKind {
    Class,
    /// A defined type (`define`).
    Define,
}

/// A class or defined type written in Puppet.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassDef {
    /// Fully qualified, lower case, no leading `::`.
    pub name: String,
    pub kind: ClassKind,
    pub params: Vec<ParamDef>,
    /// `inherits` (classes only), lower case, no leading `::`.
    pub parent: Option<String>,
    /// The variables the body assigns in the class's own scope (at its top level or in
    /// `if` / `unless` / `case` branches and other expressions, not in lambdas), in source
    /// order, each once: what `$name::var` can reference besides the parameters.
    pub variables: Vec<VarDef>,
    pub origin: Origin,
}

impl ClassDef {
    pub fn param(&self, name: &str) -> Option<&ParamDef> {
        self.params.iter().find(|p| p.name == name)
    }

    /// A variable of the class's scope: an assigned variable or a parameter.
    pub fn has_variable(&self, name: &str) -> bool {
        self.variables.iter().any(|v| v.name == name) || self.param(name).is_some()
    }
}

/// A variable assigned in a scope: its name without `$`, and the span of its first
/// assignment's target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VarDef {
    pub name: String,
    pub span: Span,
}

/// `node 'a', /b/, default { }` (in an environment's manifests).
#[derive(Debug, Clone, PartialEq)]
pub struct NodeDef {
    pub matchers: Vec<NodeMatcher>,
    pub origin: Origin,
    /// The variables the node's body assigns in its own scope: the classes and defined
    /// types declared from it (and from those) see them.
    pub variables: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NodeMatcher {
    /// A host name, lower case.
    Name(String),
    /// A regular expression's source.
    Regex(String),
    Default,
}

/// A parameter of a class, define, Puppet function or plan.
#[derive(Debug, Clone, PartialEq)]
pub struct ParamDef {
    /// Without `$`.
    pub name: String,
    /// The declared type's source text; `None` when untyped (`Any`).
    pub ty: Option<TypeSrc>,
    /// Whether there is a default value expression. A class or define parameter without one
    /// must be given (or found by automatic parameter lookup).
    pub has_default: bool,
    /// `*$rest` (functions and lambdas).
    pub captures_rest: bool,
    pub span: Span,
}

/// `type Name = ...` in Puppet (`types/*.pp` or a manifest).
#[derive(Debug, Clone, PartialEq)]
pub struct TypeAliasDef {
    /// As written, capitalised segments (`Stdlib::Absolutepath`).
    pub name: String,
    pub ty: TypeSrc,
    pub origin: Origin,
}
