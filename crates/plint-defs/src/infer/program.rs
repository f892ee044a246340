//! What inference knows of the program beyond Puppet's built-ins: the definitions of the
//! checked file itself, and those of the program's index.
//!
//! [`Defs`] is the view inference needs of an index; [`Program`] puts the file's own
//! definitions in front of it, so that a file checked alone (a fixture, an editor buffer)
//! still knows the classes, defines, functions and aliases it defines.

use rustc_hash::FxHashMap as HashMap;

use crate::defs::index::{key, lookup_key};
use crate::defs::model::{
    ClassDef, ClassKind, FunctionDef, FunctionKind, Origin, ParamDef, ParamKind, ResourceTypeDef,
    SigParam, Signature, TypeAliasDef,
};
use crate::syntax::ast::{Expr, ExprKind, File, Parameter};

/// The kinds of names [`Defs::for_each_name`] lists (for "did you mean").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameKind {
    Function,
    /// Classes and defined types.
    Definition,
    ResourceType,
    TypeAlias,
}

/// Lookups of the program's definitions (names in any case, with or without `::`).
pub trait Defs: Sync {
    fn function(&self, name: &str) -> Option<&FunctionDef>;
    /// A class or a defined type.
    fn definition(&self, name: &str) -> Option<&ClassDef>;
    /// A custom resource type (not a core one).
    fn resource_type(&self, name: &str) -> Option<&ResourceTypeDef>;
    /// Whether [`Defs::function`] finds `name` (for definitions read when first asked for,
    /// without reading it).
    fn has_function(&self, name: &str) -> bool {
        self.function(name).is_some()
    }
    /// Whether [`Defs::resource_type`] finds `name` (without reading it, as
    /// [`Defs::has_function`]).
    fn has_resource_type(&self, name: &str) -> bool {
        self.resource_type(name).is_some()
    }
    /// Whether [`Defs::function`] finds `name` and it is a 3.x Ruby function (without reading
    /// it, as [`Defs::has_function`]).
    fn is_function_3x(&self, name: &str) -> bool {
        self.function(name)
            .is_some_and(|f| matches!(f.kind, FunctionKind::Ruby3x { .. }))
    }
    fn type_alias(&self, name: &str) -> Option<&TypeAliasDef>;
    /// Whether the module `name` is part of the program.
    fn has_module(&self, name: &str) -> bool;
    /// Whether any module is known at all (a file checked alone knows none).
    fn knows_modules(&self) -> bool;
    /// Whether the world of a file of `module` is closed: every module it may call on is
    /// known, so a name nobody defines is undefined (see [`crate::defs::world`]).
    fn is_closed_for(&self, module: Option<&str>) -> bool {
        let _ = module;
        self.knows_modules()
    }
    fn for_each_name(&self, kind: NameKind, f: &mut dyn FnMut(&str));
    /// The Bolt task `name` of an indexed module (see [`crate::defs::tasks`]).
    fn task(&self, _name: &str) -> Option<&crate::defs::tasks::TaskDef> {
        None
    }
    /// A hash of the names of the resource types and definitions: what the suggestions for
    /// unknown resource types are remembered by.
    fn names_fingerprint(&self) -> u64 {
        fingerprint_names(self)
    }
    /// The caches of the run these definitions belong to, if they have any (inference then
    /// makes its own for the file).
    fn caches(&self) -> Option<&crate::types::Caches> {
        None
    }
}

/// [`Defs::names_fingerprint`], computed.
fn fingerprint_names<D: Defs + ?Sized>(defs: &D) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    defs.for_each_name(NameKind::ResourceType, &mut |n| n.hash(&mut h));
    h.write_u8(0);
    defs.for_each_name(NameKind::Definition, &mut |n| n.hash(&mut h));
    h.finish()
}

/// A program about which nothing is known.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoDefs;

impl Defs for NoDefs {
    fn function(&self, _: &str) -> Option<&FunctionDef> {
        None
    }
    fn definition(&self, _: &str) -> Option<&ClassDef> {
        None
    }
    fn resource_type(&self, _: &str) -> Option<&ResourceTypeDef> {
        None
    }
    fn type_alias(&self, _: &str) -> Option<&TypeAliasDef> {
        None
    }
    fn has_module(&self, _: &str) -> bool {
        false
    }
    fn knows_modules(&self) -> bool {
        false
    }
    fn for_each_name(&self, _: NameKind, _: &mut dyn FnMut(&str)) {}
}

/// The definitions a file makes itself.
#[derive(Debug, Default)]
pub struct LocalDefs<'a> {
    definitions: HashMap<String, LocalDefinition<'a>>,
    functions: HashMap<String, FunctionDef>,
    aliases: HashMap<String, TypeAliasDef>,
    /// First segments of the names the file defines: modules it belongs to.
    namespaces: Vec<String>,
    /// Whether the file defines a plan: Puppet parses it with `--tasks`, and Bolt's functions
    /// and types are known in it.
    plan: bool,
}

/// A class or defined type of the file, its [`ClassDef`] made when first asked for (most
/// files never ask for their own definitions: their parameter lists need not be copied).
#[derive(Debug)]
struct LocalDefinition<'a> {
    kind: ClassKind,
    params: &'a [Parameter],
    src: &'a str,
    span: crate::syntax::ast::Span,
    parent: Option<String>,
    def: std::cell::OnceCell<ClassDef>,
}

impl LocalDefinition<'_> {
    fn get(&self, key: &str) -> &ClassDef {
        self.def.get_or_init(|| ClassDef {
            name: key.to_string(),
            kind: self.kind,
            params: self.params.iter().map(|p| param_def(p, self.src)).collect(),
            parent: self.parent.clone(),
            variables: Vec::new(),
            origin: Origin::Manifest {
                path: Default::default(),
                span: self.span,
            },
        })
    }
}

impl<'a> LocalDefs<'a> {
    pub fn extract(file: &'a File, src: &'a str) -> LocalDefs<'a> {
        let mut out = LocalDefs::default();
        let mut stack: Vec<&Expr> = file.statements.iter().collect();
        while let Some(e) = stack.pop() {
            match &e.kind {
                ExprKind::Class(c) => {
                    // The parent of the last class of a name (the first one's definition is
                    // kept).
                    out.add_definition(&c.name.name, ClassKind::Class, &c.params, src, e)
                        .parent = c.parent.as_ref().map(|p| key(&p.name));
                    stack.extend(c.body.statements.iter());
                }
                ExprKind::Define(d) => {
                    out.add_definition(&d.name.name, ClassKind::Define, &d.params, src, e);
                }
                ExprKind::Function(f) => {
                    let name = key(&f.name.name);
                    out.namespace(&name);
                    let def = FunctionDef {
                        name: name.clone(),
                        kind: FunctionKind::Puppet,
                        signatures: vec![puppet_signature(&f.params, f.return_type.as_ref(), src)],
                        origin: Origin::Builtin,
                    };
                    out.functions.entry(name).or_insert(def);
                }
                ExprKind::TypeAlias(t) => {
                    if let ExprKind::TypeRef(n) = &t.name.kind {
                        out.namespace(&key(n));
                        let ty = src.get(t.value.span.range()).unwrap_or("Any").to_string();
                        out.aliases.entry(key(n)).or_insert(TypeAliasDef {
                            name: n.clone(),
                            ty,
                            origin: Origin::Builtin,
                        });
                    }
                }
                // A plan's name does not make its module known: in a Bolt project (which is
                // not a module root), the module's functions and tasks are not indexed.
                ExprKind::Plan(_) => out.plan = true,
                _ => {}
            }
        }
        out
    }

    fn namespace(&mut self, name: &str) {
        let first = name.split_once("::").map_or(name, |(first, _)| first);
        if !self.namespaces.iter().any(|n| n == first) {
            self.namespaces.push(first.to_string());
        }
    }

    fn add_definition(
        &mut self,
        name: &str,
        kind: ClassKind,
        params: &'a [Parameter],
        src: &'a str,
        e: &Expr,
    ) -> &mut LocalDefinition<'a> {
        let name = key(name);
        self.namespace(&name);
        self.definitions
            .entry(name)
            .or_insert_with(|| LocalDefinition {
                kind,
                params,
                src,
                span: e.span,
                parent: None,
                def: std::cell::OnceCell::new(),
            })
    }
}

fn param_def(p: &Parameter, src: &str) -> ParamDef {
    ParamDef {
        name: p.name.name.clone(),
        ty: p
            .type_expr
            .as_ref()
            .and_then(|t| src.get(t.span.range()))
            .map(str::to_string),
        has_default: p.default.is_some(),
        captures_rest: p.captures_rest,
        span: p.span,
    }
}

/// The signature of a function written in Puppet.
pub fn puppet_signature(params: &[Parameter], ret: Option<&Expr>, src: &str) -> Signature {
    let text = |e: &Expr| src.get(e.span.range()).unwrap_or("Any").to_string();
    Signature {
        params: params
            .iter()
            .map(|p| SigParam {
                name: p.name.name.clone(),
                ty: p.type_expr.as_ref().map_or_else(|| "Any".to_string(), text),
                kind: if p.captures_rest {
                    ParamKind::Repeated
                } else if p.default.is_some() {
                    ParamKind::Optional
                } else {
                    ParamKind::Required
                },
            })
            .collect(),
        block: None,
        return_type: ret.map(text),
    }
}

/// The file's own definitions in front of the program's.
pub struct Program<'a> {
    pub local: LocalDefs<'a>,
    pub global: &'a dyn Defs,
    /// The name of the file's module, by its metadata (see [`crate::defs::world`]).
    pub module: Option<&'a str>,
}

impl<'a> Program<'a> {
    pub fn new(file: &'a File, src: &'a str, global: &'a dyn Defs) -> Self {
        Program {
            local: LocalDefs::extract(file, src),
            global,
            module: None,
        }
    }

    pub fn function(&self, name: &str) -> Option<&FunctionDef> {
        self.local
            .functions
            .get(lookup_key(name).as_ref())
            .or_else(|| self.global.function(name))
    }

    pub fn definition(&self, name: &str) -> Option<&ClassDef> {
        let key = lookup_key(name);
        if let Some(d) = self.local.definitions.get(key.as_ref()) {
            return Some(d.get(&key));
        }
        self.global.definition(name)
    }

    pub fn resource_type(&self, name: &str) -> Option<&ResourceTypeDef> {
        self.global.resource_type(name)
    }

    /// Whether [`Program::function`] finds `name` (see [`Defs::has_function`]).
    pub fn has_function(&self, name: &str) -> bool {
        self.local.functions.contains_key(lookup_key(name).as_ref())
            || self.global.has_function(name)
    }

    /// Whether [`Program::function`] finds `name` and it is a 3.x Ruby function (see
    /// [`Defs::is_function_3x`]).
    pub fn is_function_3x(&self, name: &str) -> bool {
        !self.local.functions.contains_key(lookup_key(name).as_ref())
            && self.global.is_function_3x(name)
    }

    /// Whether [`Program::resource_type`] finds `name` (see [`Defs::has_function`]).
    pub fn has_resource_type(&self, name: &str) -> bool {
        self.global.has_resource_type(name)
    }

    pub fn type_alias(&self, name: &str) -> Option<&TypeAliasDef> {
        self.local
            .aliases
            .get(lookup_key(name).as_ref())
            .or_else(|| self.global.type_alias(name))
            .or_else(|| {
                self.local
                    .plan
                    .then(|| crate::defs::bolt::type_alias(name))
                    .flatten()
            })
    }

    /// Whether the file defines a plan (see [`crate::defs::bolt`]): Bolt's functions, types and
    /// `apply` blocks are known in it.
    pub fn is_plan(&self) -> bool {
        self.local.plan
    }

    /// Whether the module `name` is known to be part of the program: indexed, or the
    /// namespace of something this file defines.
    pub fn has_module(&self, name: &str) -> bool {
        let name = lookup_key(name);
        // The file's own namespaces count only for a file checked without any module
        // around it: in a module, its other files define what this one does not.
        self.global.has_module(&name)
            || (!self.global.knows_modules() && self.local.namespaces.iter().any(|n| *n == name))
    }

    pub fn knows_modules(&self) -> bool {
        self.global.knows_modules()
    }

    /// Whether the file's world is closed (see [`Defs::is_closed_for`]).
    pub fn is_closed(&self) -> bool {
        self.global.is_closed_for(self.module)
    }

    /// The Bolt task `name` of an indexed module.
    pub fn task(&self, name: &str) -> Option<&crate::defs::tasks::TaskDef> {
        self.global.task(name)
    }

    pub fn for_each_name(&self, kind: NameKind, f: &mut dyn FnMut(&str)) {
        self.for_each_local_name(kind, f);
        self.global.for_each_name(kind, f);
    }

    /// The names of the file's own definitions of a kind.
    pub fn for_each_local_name(&self, kind: NameKind, f: &mut dyn FnMut(&str)) {
        match kind {
            NameKind::Function => self.local.functions.keys().for_each(|k| f(k)),
            NameKind::Definition => self.local.definitions.keys().for_each(|k| f(k)),
            NameKind::TypeAlias => self.local.aliases.values().for_each(|a| f(&a.name)),
            NameKind::ResourceType => {}
        }
    }
}

impl Defs for crate::defs::Index {
    fn function(&self, name: &str) -> Option<&FunctionDef> {
        crate::defs::Index::function(self, name)
    }
    fn definition(&self, name: &str) -> Option<&ClassDef> {
        crate::defs::Index::definition(self, name)
    }
    fn resource_type(&self, name: &str) -> Option<&ResourceTypeDef> {
        crate::defs::Index::resource_type(self, name)
    }
    fn has_function(&self, name: &str) -> bool {
        crate::defs::Index::has_function(self, name)
    }
    fn has_resource_type(&self, name: &str) -> bool {
        crate::defs::Index::has_resource_type(self, name)
    }
    fn is_function_3x(&self, name: &str) -> bool {
        crate::defs::Index::is_function_3x(self, name)
    }
    fn type_alias(&self, name: &str) -> Option<&TypeAliasDef> {
        crate::defs::Index::type_alias(self, name)
    }
    fn caches(&self) -> Option<&crate::types::Caches> {
        crate::defs::Index::caches(self)
    }
    fn has_module(&self, name: &str) -> bool {
        self.module(name).is_some()
    }
    fn task(&self, name: &str) -> Option<&crate::defs::tasks::TaskDef> {
        crate::defs::Index::task(self, name)
    }
    fn knows_modules(&self) -> bool {
        !self.modules().is_empty()
    }
    fn is_closed_for(&self, module: Option<&str>) -> bool {
        let world = self.world();
        if world.is_gathered() {
            world.is_closed_for(module)
        } else {
            self.knows_modules()
        }
    }
    fn for_each_name(&self, kind: NameKind, f: &mut dyn FnMut(&str)) {
        match kind {
            NameKind::Function => self.function_names().for_each(f),
            NameKind::Definition => self.classes().iter().for_each(|d| f(&d.name)),
            NameKind::ResourceType => self.resource_type_names().for_each(f),
            NameKind::TypeAlias => self.type_aliases().iter().for_each(|d| f(&d.name)),
        }
    }
    /// Computed once per index (every file with an unknown resource type asks).
    fn names_fingerprint(&self) -> u64 {
        *self
            .names_fingerprint_memo()
            .get_or_init(|| fingerprint_names(self))
    }
}
