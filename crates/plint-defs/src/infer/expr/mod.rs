//! The type of every expression of a file, and the checks made on the way.
//!
//! One walk in evaluation order: literals get exact types (`Integer[3, 3]`, a string with its
//! value, tuples and structs for array and hash literals, as Puppet's `infer_set`), variables
//! the type of what was assigned or the declared type of the parameter, operators the type
//! Puppet's evaluator gives, calls the return type of the first signature that
//! accepts the arguments. Iteration lambdas get their parameters' types from the collection,
//! and `if $x =~ T` / `case $x { T: }` narrow `$x` to `T` in the branch.

use rustc_hash::FxHashMap as HashMap;
use std::borrow::Cow;
use std::cell::RefCell;

use super::compat::{self, Fit, kinds};
use super::program::{NameKind, Program};
use super::{Analysis, LambdaProblem, TaskProblem, TypeDiag};
use crate::defs::model::{ClassKind, FunctionDef, FunctionKind, ParamKind, Signature};
use crate::defs::{bolt, builtins};
use crate::suggest::{Closest, closest};
use crate::syntax::ast::{
    AttributeOp, BinaryOp, Block, Call, Case, Collector, DefineDef, Expr, ExprKind, Hash, If,
    Lambda, MethodCall, NodeDef, Parameter, Resource, ResourceDefaults, ResourceForm,
    ResourceOverride, SelectorEntry, Span, StringLit, StringPart, UnaryOp, Unless,
};
use crate::types::{self, AliasResolver, FloatRange, IntRange, StructMember, Type, TypeCalculator};

mod call;
mod literals;
mod names;
mod narrow;
mod ops;
mod resource;
mod walk;

use names::*;
use resource::*;
use walk::*;

/// Array and hash literals larger than this are typed `Array[T]` / `Hash[K, V]` rather than
/// tuples and structs.
const MAX_EXACT: usize = 32;

/// How deep the (recursive) walk goes into nested expressions.
const MAX_DEPTH: u32 = 256;

/// What a branch's condition proves: a variable has a type there.
type Narrowing<'p> = Option<(&'p str, Type)>;

/// What a branch left in the innermost scope (the names it changed: their value, `None` when
/// removed), and the branch's value.
type ArmResult<'p> = (Vec<(&'p str, Option<Type>)>, Type);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ScopeKind {
    Top,
    Named,
    Lambda,
}

#[derive(Debug)]
struct Scope<'p> {
    kind: ScopeKind,
    vars: HashMap<&'p str, Type>,
}

/// Resolves type aliases through the program, parsing each alias once.
pub struct Resolver<'p> {
    program: &'p Program<'p>,
    /// The caches of the run (see [`types::Caches`]).
    caches: &'p types::Caches,
    cache: RefCell<HashMap<String, Option<Type>>>,
}

impl<'p> Resolver<'p> {
    pub fn new(program: &'p Program<'p>, caches: &'p types::Caches) -> Self {
        Resolver {
            program,
            caches,
            cache: RefCell::new(HashMap::default()),
        }
    }
}

impl AliasResolver for Resolver<'_> {
    fn resolve(&self, name: &str) -> Option<Type> {
        let key = name.to_ascii_lowercase();
        if let Some(hit) = self.cache.borrow().get(&key) {
            return hit.clone();
        }
        let t = if let Some(a) = self.program.type_alias(name) {
            self.caches.parse(&a.ty)
        } else if self.program.has_resource_type(&key)
            || self
                .program
                .definition(&key)
                .is_some_and(|d| d.kind == ClassKind::Define)
        {
            Some(Type::resource(&key, None))
        } else {
            None
        };
        self.cache.borrow_mut().insert(key, t.clone());
        t
    }
}

/// The common type of string literals and case-sensitive `Enum`s (the keys and values of a
/// large hash or array literal), made at once: `Enum` of every value, what folding [`types::common_with`] over them gives, without
/// copying a growing `Enum` at each step. `None` when another type is among them.
fn common_strings(ts: &[Type]) -> Option<Type> {
    if ts.len() < 3 {
        return None;
    }
    let mut total = 0;
    for t in ts {
        match t {
            Type::String(s) if s.size.is_none() && s.value.is_some() => total += 1,
            Type::Enum(e) if !e.case_insensitive && !e.values.is_empty() => total += e.values.len(),
            _ => return None,
        }
    }
    let mut values = Vec::with_capacity(total);
    for t in ts {
        match t {
            Type::String(s) => values.extend(s.value.iter().cloned()),
            Type::Enum(e) => values.extend(e.values.iter().cloned()),
            _ => {}
        }
    }
    let e = types::EnumType::new(values, false);
    // One value: the fold keeps the first type (`String['a']` or `Enum['a']`), and is cheap.
    (e.values.len() > 1).then_some(Type::Enum(e))
}

pub struct Infer<'p> {
    src: &'p str,
    program: &'p Program<'p>,
    resolver: &'p Resolver<'p>,
    /// Assignability and common types, with the aliases resolved once per file.
    calc: TypeCalculator<'p>,
    scopes: Vec<Scope<'p>>,
    diags: Vec<TypeDiag>,
    record: Option<Vec<(Span, Type)>>,
    /// Resources declared with a literal title: (context, type, title) -> where, on which
    /// execution path, in which resource expression.
    resources: HashMap<(u32, Cow<'p, str>, Cow<'p, str>), Vec<Declared>>,
    /// The branches taken to reach the current expression: (branch point, arm).
    path: Vec<(u32, u32)>,
    next_branch: u32,
    /// The definition, node or lambda being walked (resources in two of them are not
    /// duplicates: they need not both be evaluated, or are evaluated once per call).
    context: u32,
    next_context: u32,
    /// The statements of the file.
    file: &'p [Expr],
    /// The file parsed without a syntax error (see [`names::lower_type`]).
    clean: bool,
    /// The attributes given by resource defaults (`Type { attr => }`) in the file, by type
    /// (found when first asked).
    defaulted: Option<HashMap<String, rustc_hash::FxHashSet<String>>>,
    /// The types of the attribute values of the resource being checked.
    values: HashMap<Span, Type>,
    /// How many `expr` calls are active.
    depth: u32,
    /// The suggestions for the unknown resource types met, by name.
    type_suggestions: HashMap<String, Option<String>>,
    /// A fingerprint of the program's resource type and definition names (see
    /// [`global_closest_type`]).
    names_fingerprint: std::cell::OnceCell<u64>,
    /// The value of the conditional about to be walked is not used (see
    /// [`Infer::statements`]).
    value_unused: bool,
    /// The type expression about to be walked is an argument of another (`String` in
    /// `Array[String]`): the outer one is lowered whole, so the inner one's type is not used
    /// (see [`Infer::access`]).
    type_arg_unused: bool,
    /// The types of the qualified variables read (`$a::b::x`), by name.
    qualified: RefCell<HashMap<String, Type>>,
    /// The patterns whose match gave up that were reported (once per pattern and file).
    regex_reported: rustc_hash::FxHashSet<String>,
    /// Assignments made inside the current branch (for joining after `if` / `case`).
    branch_log: Vec<Vec<&'p str>>,
    /// How many [`Infer::branches`] are being walked.
    open_branches: u32,
    /// The changes made to the scopes while a branch is open: (scope index, name, previous
    /// value), to undo them (see [`Infer::branches`]).
    journal: Vec<(usize, &'p str, Option<Type>)>,
    /// The variable maps of popped scopes, emptied, for the next scopes (a file enters
    /// hundreds of lambda and definition scopes: their maps need not grow anew each time).
    spare_vars: Vec<HashMap<&'p str, Type>>,
}

impl<'p> Infer<'p> {
    pub fn new(src: &'p str, resolver: &'p Resolver<'p>, record: bool) -> Self {
        Infer {
            src,
            program: resolver.program,
            resolver,
            calc: TypeCalculator::with_regexes(resolver, resolver.caches.regexes()),
            scopes: Vec::new(),
            diags: Vec::new(),
            record: record.then(Vec::new),
            resources: HashMap::default(),
            branch_log: Vec::new(),
            open_branches: 0,
            journal: Vec::new(),
            spare_vars: Vec::new(),
            path: Vec::new(),
            next_branch: 0,
            context: 0,
            next_context: 1,
            file: &[],
            clean: false,
            defaulted: None,
            values: HashMap::with_capacity_and_hasher(16, Default::default()),
            depth: 0,
            value_unused: false,
            type_arg_unused: false,
            type_suggestions: HashMap::default(),
            names_fingerprint: std::cell::OnceCell::new(),
            qualified: RefCell::default(),
            regex_reported: Default::default(),
        }
    }

    /// The caches of the run.
    fn caches(&self) -> &'p types::Caches {
        self.resolver.caches
    }

    pub fn run(mut self, file: &'p crate::syntax::ast::File) -> Analysis {
        self.file = &file.statements;
        self.clean = !file.syntax_errors;
        self.push(ScopeKind::Top);
        self.statements(&file.statements);
        self.pop();
        // A match that gave up where no value was being checked (a common type): reported at
        // the file's first statement.
        let first = file.statements.first().map_or(Span::default(), |e| e.span);
        self.regex_gave_up(first);
        Analysis {
            diags: self.diags,
            types: self.record.unwrap_or_default(),
        }
    }

    /// Reports the patterns whose match gave up in the checks just made (`at`: the value
    /// checked), each once per file.
    fn regex_gave_up(&mut self, at: Span) {
        for (pattern, text) in self.calc.take_gave_up() {
            if self.regex_reported.insert(pattern.clone()) {
                self.diags.push(TypeDiag::RegexTooCostly {
                    pattern,
                    text,
                    span: at,
                });
            }
        }
    }

    /// Does a resource default of the file (`Type { attr => }`) give `attr` to `type_name`?
    fn defaulted(&mut self, type_name: &str, attr: &str) -> bool {
        let file = self.file;
        let defaulted = self.defaulted.get_or_insert_with(|| {
            let mut found: HashMap<String, rustc_hash::FxHashSet<String>> = HashMap::default();
            for s in file {
                s.walk(&mut |e| {
                    if let ExprKind::ResourceDefaults(d) = &e.kind {
                        let t = crate::defs::index::key(&d.type_ref.name);
                        let attrs = found.entry(t).or_default();
                        for a in &d.attributes {
                            attrs.insert(a.name.name.clone());
                        }
                    }
                });
            }
            found
        });
        defaulted.get(type_name).is_some_and(|a| a.contains(attr))
    }
}

/// A resource declared with a literal title (see [`Infer::declared`]).
#[derive(Debug)]
pub(super) struct Declared {
    span: Span,
    path: Vec<(u32, u32)>,
    expr: Span,
}
