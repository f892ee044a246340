//! The index of the program: every class, defined type, function, type alias, custom resource
//! type and node that the checked files and the modules around them define, by name.
//!
//! It is built once per run, after all files are parsed and before the rules run:
//! [`Index::load`] takes the parsed files being checked and the module roots (those met by
//! the walk and those on the module path), reads and parses the modules' other files (which are
//! indexed but not reported on), and reads their Ruby functions and resource types (see
//! [`super::ruby`]; most of those are parsed only when a lookup first asks for one, see
//! [`super::ruby::read`]). Each file is read in parallel; the results are merged in a fixed
//! order (checked files in walk order, then the modules' files by root and path), so the index
//! does not depend on scheduling.
//!
//! Names are looked up case-insensitively, with or without a leading `::`. When a name is
//! defined more than once, every definition is kept: the one lookups return is the one
//! Puppet's autoloader would load (the definition in the file its name maps to, see
//! [`crate::discover::module::autoload_path`]), or else the first met; the others come after
//! it in [`Index::classes_named`] and its siblings, for a duplicate check.
//!
//! The index holds what the program defines, not Puppet's built-ins ([`super::builtins`]):
//! Puppet's loaders ask their parent first, so a built-in function or resource type of a name
//! wins over a module's; a caller resolving a name looks at the built-ins first.
//!
//! # Looking things up
//!
//! ```ignore
//! let program = cx.program();                       // in a rule (Context::program)
//! program.class("apache")                           // Option<&ClassDef>: params, parent, variables
//! program.define("apache::vhost")                   // a defined type
//! program.function("stdlib::ensure")                // Option<&FunctionDef>: signatures
//! program.type_alias("Stdlib::Absolutepath")        // Option<&TypeAliasDef>: its type's text
//! program.resource_type("concat_file")              // Option<&ResourceTypeDef>: attributes
//! program.variable("apache::params::user")          // the class that defines `$apache::params::user`
//! program.classes_named("x")                        // every definition of `x`, the loaded one first
//! ```

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::path::Path;

use crate::discover::lookup::{self, Folder, Probe};

use rayon::prelude::*;

use super::model::{
    ClassDef, ClassKind, FunctionDef, FunctionKind, NodeDef, Origin, ResourceTypeDef, TypeAliasDef,
};
use super::ruby;
use crate::discover::module::ModuleRoot;
use crate::sandbox::Sandbox;
use crate::syntax::ast;

mod manifest;
mod modules;
mod parts;

pub use manifest::FileDefs;
pub(crate) use manifest::scope_variables;
pub use modules::{Listing, ModuleAssets, Modules, RubyReread, read_manifests};
pub use parts::{Parts, Update};

/// One parsed manifest given to the index.
#[derive(Debug, Clone, Copy)]
pub struct Manifest<'a> {
    pub path: &'a Path,
    pub source: &'a str,
    pub ast: &'a ast::File,
}

/// A variable assigned at top scope (outside any definition), what `$::name` references.
#[derive(Debug, Clone, PartialEq)]
pub struct TopVar {
    pub name: String,
    pub origin: Origin,
}

/// A definition as a listing shows it: read, or declared by a Ruby file not read yet.
#[derive(Debug, Clone, PartialEq)]
pub enum Listed<'a, T> {
    Read(&'a T),
    /// Its name (lower case) and where it is.
    Unread {
        name: &'a str,
        origin: Origin,
    },
}

/// How many definitions of each kind the index holds (duplicates included).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    pub manifests: usize,
    pub ruby_files: usize,
    pub modules: usize,
    pub classes: usize,
    pub defines: usize,
    pub puppet_functions: usize,
    pub ruby_functions_4x: usize,
    pub ruby_functions_3x: usize,
    pub type_aliases: usize,
    pub resource_types: usize,
    pub nodes: usize,
}

impl std::fmt::Display for Stats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} classes, {} defines, {} functions ({} Puppet, {} Ruby 4.x, {} Ruby 3.x), \
             {} type aliases, {} resource types, {} nodes; from {} manifests, {} Ruby files, \
             {} modules",
            self.classes,
            self.defines,
            self.puppet_functions + self.ruby_functions_4x + self.ruby_functions_3x,
            self.puppet_functions,
            self.ruby_functions_4x,
            self.ruby_functions_3x,
            self.type_aliases,
            self.resource_types,
            self.nodes,
            self.manifests,
            self.ruby_files,
            self.modules
        )
    }
}

/// Every definition of the program, by name (see the module documentation).
#[derive(Debug, Default)]
pub struct Index {
    definitions: Vec<ClassDef>,
    functions: Vec<Slot<FunctionDef>>,
    aliases: Vec<TypeAliasDef>,
    resource_types: Vec<Slot<ResourceTypeDef>>,
    /// The Ruby files read on first use, which `Slot::Deferred` points into.
    deferred: Vec<std::sync::Arc<ruby::Deferred>>,
    nodes: Vec<NodeDef>,
    top_variables: Vec<TopVar>,
    /// The calls of `template()` and `epp()` in the manifests, in file order.
    template_uses: Vec<super::templates::TemplateUse>,
    /// The manifests whose template calls were looked for: the range of their calls in
    /// `template_uses`, and the hash of the text they were read from.
    template_uses_by_file: HashMap<std::path::PathBuf, (std::ops::Range<u32>, u64)>,
    /// The files each indexed module's code may name (by module name).
    assets: HashMap<String, ModuleAssets>,
    /// The keys the manifests look up by a literal name (`lookup('x')`, `hiera('x')`).
    lookup_keys: HashSet<String>,
    modules: Vec<ModuleRoot>,
    /// What the checked modules declare they need, and what is absent.
    world: super::world::World,
    /// The modules' Bolt tasks, sorted by name.
    tasks: Vec<crate::defs::tasks::TaskDef>,
    by_definition: HashMap<String, Vec<u32>>,
    by_function: HashMap<String, Vec<u32>>,
    by_alias: HashMap<String, Vec<u32>>,
    by_resource_type: HashMap<String, Vec<u32>>,
    by_top_variable: HashMap<String, u32>,
    manifests: usize,
    ruby_files: usize,
    /// The hash of its names the inference asks for (`infer::Defs::names_fingerprint`).
    names_fingerprint: std::sync::OnceLock<u64>,
    /// The caches of the run this index is the program of; `None` for an index that is no
    /// run's (such as [`Index::empty`]): inference then keeps its caches per file.
    caches: Option<crate::types::Caches>,
    /// The custom facts of the run's modules (see [`crate::defs::facts::CustomFacts`]).
    custom_facts: crate::defs::facts::CustomFacts,
}

/// A function or resource type of the index: read already, or the one declaration of a
/// Ruby file read when first asked for (its name is known: see [`ruby::read`]).
#[derive(Debug)]
enum Slot<T> {
    Read(T),
    Deferred(u32),
}

/// The key a name is looked up by: lower case, without a leading `::`.
pub fn key(name: &str) -> String {
    lookup_key(name).into_owned()
}

/// [`key`], borrowed when the name is one already (most names asked for are).
pub fn lookup_key(name: &str) -> std::borrow::Cow<'_, str> {
    crate::syntax::lower_case(crate::syntax::trim_colons(name))
}

fn named<'a, T>(
    items: &'a [T],
    map: &'a HashMap<String, Vec<u32>>,
    name: &str,
) -> impl Iterator<Item = &'a T> + 'a {
    ids(map, name).map(move |i| &items[i as usize])
}

/// The positions of the items named `name`.
fn ids<'a>(map: &'a HashMap<String, Vec<u32>>, name: &str) -> impl Iterator<Item = u32> + 'a {
    map.get(lookup_key(name).as_ref())
        .map(|v| v.as_slice())
        .unwrap_or(&[])
        .iter()
        .copied()
}

impl Index {
    /// An index with nothing in it.
    pub fn empty() -> &'static Index {
        static EMPTY: std::sync::LazyLock<Index> = std::sync::LazyLock::new(Index::default);
        &EMPTY
    }

    // ------------------------------------------------------------------ lookups

    /// The class or defined type `name` (classes and defined types share one namespace).
    pub fn definition(&self, name: &str) -> Option<&ClassDef> {
        self.classes_named(name).next()
    }

    /// The class `name` (not a defined type).
    pub fn class(&self, name: &str) -> Option<&ClassDef> {
        self.classes_named(name)
            .find(|c| c.kind == ClassKind::Class)
    }

    /// The defined type `name` (not a class).
    pub fn define(&self, name: &str) -> Option<&ClassDef> {
        self.classes_named(name)
            .find(|c| c.kind == ClassKind::Define)
    }

    /// Every class and defined type named `name`: the one lookups use first, then the
    /// other definitions of that name in index order.
    pub fn classes_named(&self, name: &str) -> impl Iterator<Item = &ClassDef> + '_ {
        named(&self.definitions, &self.by_definition, name)
    }

    /// The function `name` defined by the program (Puppet or Ruby; not a built-in).
    pub fn function(&self, name: &str) -> Option<&FunctionDef> {
        self.functions_named(name).next()
    }

    pub fn functions_named(&self, name: &str) -> impl Iterator<Item = &FunctionDef> + '_ {
        ids(&self.by_function, name).map(|i| self.function_at(i))
    }

    /// Whether the program defines a function `name` (without reading its definition).
    pub fn has_function(&self, name: &str) -> bool {
        self.by_function.contains_key(lookup_key(name).as_ref())
    }

    /// Whether [`Index::function`] finds `name` and it is a 3.x Ruby function (without reading
    /// a definition read on first use: a file of `lib/puppet/parser/functions/` declares only
    /// 3.x functions).
    pub fn is_function_3x(&self, name: &str) -> bool {
        ids(&self.by_function, name)
            .next()
            .is_some_and(|i| match &self.functions[i as usize] {
                Slot::Read(f) => matches!(f.kind, FunctionKind::Ruby3x { .. }),
                Slot::Deferred(d) => self.deferred[*d as usize].kind() == ruby::Kind::Function3x,
            })
    }

    fn function_at(&self, i: u32) -> &FunctionDef {
        match &self.functions[i as usize] {
            Slot::Read(f) => f,
            Slot::Deferred(d) => self.deferred[*d as usize].function(),
        }
    }

    /// The type alias `name` (`Stdlib::Absolutepath`, any case).
    pub fn type_alias(&self, name: &str) -> Option<&TypeAliasDef> {
        self.type_aliases_named(name).next()
    }

    pub fn type_aliases_named(&self, name: &str) -> impl Iterator<Item = &TypeAliasDef> + '_ {
        named(&self.aliases, &self.by_alias, name)
    }

    /// The custom resource type `name` (from a module's `lib/puppet/type/`; not a core type).
    pub fn resource_type(&self, name: &str) -> Option<&ResourceTypeDef> {
        self.resource_types_named(name).next()
    }

    pub fn resource_types_named(&self, name: &str) -> impl Iterator<Item = &ResourceTypeDef> + '_ {
        ids(&self.by_resource_type, name).map(|i| self.resource_type_at(i))
    }

    /// Whether the program defines a resource type `name` (without reading its definition).
    pub fn has_resource_type(&self, name: &str) -> bool {
        self.by_resource_type
            .contains_key(lookup_key(name).as_ref())
    }

    fn resource_type_at(&self, i: u32) -> &ResourceTypeDef {
        match &self.resource_types[i as usize] {
            Slot::Read(t) => t,
            Slot::Deferred(d) => self.deferred[*d as usize].resource_type(),
        }
    }

    /// The variable a qualified name refers to: `a::b::c` is `$c` of class `a::b` (an
    /// assigned variable or a parameter) or, as Puppet looks, of the class it inherits from
    /// (and so on up); `::c` or `c` is a top-scope variable. `Some(None)` for a top-scope
    /// variable, `Some(Some(class))` for the class that defines it; `None` when nothing does.
    pub fn variable(&self, name: &str) -> Option<Option<&ClassDef>> {
        let name = crate::syntax::trim_colons(name);
        let Some((class, var)) = name.rsplit_once("::") else {
            return self.top_variable(name).map(|_| None);
        };
        let mut class = self.class(class)?;
        // Bounded: an inheritance cycle is an error Puppet reports, not a reason to hang.
        for _ in 0..32 {
            if class.has_variable(var) {
                return Some(Some(class));
            }
            class = self.class(class.parent.as_deref()?)?;
        }
        None
    }

    /// A variable assigned at top scope in some manifest (first assignment).
    pub fn top_variable(&self, name: &str) -> Option<&TopVar> {
        let i = *self.by_top_variable.get(crate::syntax::trim_colons(name))?;
        Some(&self.top_variables[i as usize])
    }

    // ------------------------------------------------------------------ listing

    /// Every class and defined type, duplicates included, in index order.
    pub fn classes(&self) -> &[ClassDef] {
        &self.definitions
    }

    /// Every function, duplicates included, in index order (the Ruby files not read yet are
    /// read now: [`Index::function_names`] reads none).
    pub fn functions(&self) -> impl Iterator<Item = &FunctionDef> + '_ {
        (0..self.functions.len() as u32).map(|i| self.function_at(i))
    }

    /// Every function as a listing shows it, duplicates included, in index order: those of
    /// Ruby files not read yet by name and place (none is read).
    pub fn functions_listed(&self) -> impl Iterator<Item = Listed<'_, FunctionDef>> + '_ {
        self.listed(&self.functions, ruby::Deferred::function)
    }

    /// The name of every function, duplicates included, in index order.
    pub fn function_names(&self) -> impl Iterator<Item = &str> + '_ {
        self.functions.iter().map(|f| match f {
            Slot::Read(f) => f.name.as_str(),
            Slot::Deferred(d) => self.deferred[*d as usize].name(),
        })
    }

    pub fn type_aliases(&self) -> &[TypeAliasDef] {
        &self.aliases
    }

    /// Every resource type, duplicates included, in index order (the Ruby files not read yet
    /// are read now: [`Index::resource_type_names`] reads none).
    pub fn resource_types(&self) -> impl Iterator<Item = &ResourceTypeDef> + '_ {
        (0..self.resource_types.len() as u32).map(|i| self.resource_type_at(i))
    }

    /// Every resource type as a listing shows it (see [`Index::functions_listed`]).
    pub fn resource_types_listed(&self) -> impl Iterator<Item = Listed<'_, ResourceTypeDef>> + '_ {
        self.listed(&self.resource_types, ruby::Deferred::resource_type)
    }

    /// `slots` as a listing shows them: a deferred file's definition (`read`) once it is read,
    /// else its name and place.
    fn listed<'a, T>(
        &'a self,
        slots: &'a [Slot<T>],
        read: fn(&ruby::Deferred) -> &T,
    ) -> impl Iterator<Item = Listed<'a, T>> + 'a {
        slots.iter().map(move |slot| match slot {
            Slot::Read(t) => Listed::Read(t),
            Slot::Deferred(d) => {
                let d = &self.deferred[*d as usize];
                if d.is_read() {
                    Listed::Read(read(d))
                } else {
                    Listed::Unread {
                        name: d.name(),
                        origin: d.origin(),
                    }
                }
            }
        })
    }

    /// The name of every resource type, duplicates included, in index order.
    pub fn resource_type_names(&self) -> impl Iterator<Item = &str> + '_ {
        self.resource_types.iter().map(|t| match t {
            Slot::Read(t) => t.name.as_str(),
            Slot::Deferred(d) => self.deferred[*d as usize].name(),
        })
    }

    pub fn nodes(&self) -> &[NodeDef] {
        &self.nodes
    }

    /// Whether some node definition assigns `$name` in its own scope (node scope).
    pub fn node_variable(&self, name: &str) -> bool {
        self.nodes
            .iter()
            .any(|n| n.variables.iter().any(|v| v == name))
    }

    pub fn top_variables(&self) -> &[TopVar] {
        &self.top_variables
    }

    /// The files under the `templates/` and `files/` folders of the indexed module `module`;
    /// `None` when no module of that name is indexed.
    pub fn module_assets(&self, module: &str) -> Option<&ModuleAssets> {
        self.assets.get(module)
    }

    /// Whether a manifest looks `key` up by name (`lookup('key')`, `hiera('key')`...).
    pub fn is_looked_up(&self, key: &str) -> bool {
        self.lookup_keys.contains(key)
    }

    /// Reads the templates the manifests render with `template()` and `epp()` (each once, in
    /// parallel) and records, in their module's [`Listing::unreadable`], those Puppet cannot
    /// render as text: binary (a NUL byte), or not readable. A file the sandbox refuses is not
    /// recorded.
    pub fn probe_rendered_templates(&mut self, sandbox: &Sandbox) {
        let mut wanted: HashSet<(String, String)> = HashSet::default();
        for u in &self.template_uses {
            let Some(name) = u.looked_up_name() else {
                continue;
            };
            let Some((module, _)) = lookup::split(&name) else {
                continue;
            };
            if let Probe::File(rest) = lookup::find(self, Folder::Templates, &name) {
                wanted.insert((module.to_string(), rest));
            }
        }
        if wanted.is_empty() {
            return;
        }
        let wanted: Vec<(String, String)> = wanted.into_iter().collect();
        let found: Vec<(String, String, String)> = wanted
            .into_par_iter()
            .filter_map(|(module, rest)| {
                let path = self.assets.get(&module)?.root.join("templates").join(&rest);
                let why = match sandbox.read(&path) {
                    Ok(bytes) => format!(
                        "binary (a NUL byte at byte offset {})",
                        memchr::memchr(0, &bytes)?
                    ),
                    Err(e) if e.is_refusal() => return None,
                    Err(e) => format!("not readable: {e}"),
                };
                Some((module, rest, why))
            })
            .collect();
        for (module, rest, why) in found {
            if let Some(a) = self.assets.get_mut(&module) {
                a.templates.unreadable.insert(rest, why);
            }
        }
    }

    /// The calls of `template()` and `epp()` in the program's manifests.
    pub fn template_uses(&self) -> &[super::templates::TemplateUse] {
        &self.template_uses
    }

    /// The calls of `template()` and `epp()` in the manifest at `path`, when the index read
    /// them from this very `source` (not from an earlier text, as a fix re-checks); `None`
    /// when it did not read them (the text names neither function, or the index has another
    /// text of the file or none).
    pub fn template_uses_in(
        &self,
        path: &Path,
        source: &str,
    ) -> Option<&[super::templates::TemplateUse]> {
        let (range, hash) = self.template_uses_by_file.get(path)?;
        (*hash == super::templates::text_hash(source))
            .then(|| &self.template_uses[range.start as usize..range.end as usize])
    }

    /// The caches of the run (see [`crate::types::Caches`]).
    pub fn caches(&self) -> Option<&crate::types::Caches> {
        self.caches.as_ref()
    }

    /// The custom facts of the run's directories of modules, read when first asked for (none
    /// for an index that was given no sandbox: see [`Index::with_custom_facts`]).
    pub fn custom_facts(&self) -> &crate::defs::facts::CustomFacts {
        &self.custom_facts
    }

    /// The index, with the run's custom facts (read through the run's sandbox; some may be
    /// read already).
    pub fn with_custom_facts(mut self, facts: crate::defs::facts::CustomFacts) -> Index {
        self.custom_facts = facts;
        self
    }

    /// Where the inference keeps the hash of the index's names, computed on first use.
    pub fn names_fingerprint_memo(&self) -> &std::sync::OnceLock<u64> {
        &self.names_fingerprint
    }

    /// The module roots indexed, in order.
    pub fn modules(&self) -> &[ModuleRoot] {
        &self.modules
    }

    /// The index, with these module roots (one built from manifests alone, as in tests).
    pub fn with_modules(mut self, roots: Vec<ModuleRoot>) -> Index {
        self.modules = roots;
        self
    }

    /// What the checked modules declare they need, and what is absent (see [`super::world`]).
    pub fn world(&self) -> &super::world::World {
        &self.world
    }

    /// The index, in the world of its run (see [`super::world`]).
    pub fn with_world(mut self, world: super::world::World) -> Index {
        self.world = world;
        self
    }

    /// The Bolt task `name` (`mod::task`, any case) of an indexed module.
    pub fn task(&self, name: &str) -> Option<&crate::defs::tasks::TaskDef> {
        let key = lookup_key(name);
        self.tasks
            .binary_search_by(|t| t.name.as_str().cmp(&key))
            .ok()
            .map(|i| &self.tasks[i])
    }

    /// The module called `name`.
    pub fn module(&self, name: &str) -> Option<&ModuleRoot> {
        self.modules.iter().find(|m| m.name == name)
    }

    pub fn stats(&self) -> Stats {
        // A deferred file's kind says its function's, up to a 3.x function's `rvalue`.
        let fns = |k: fn(&FunctionKind) -> bool| {
            self.functions
                .iter()
                .filter(|f| match f {
                    Slot::Read(f) => k(&f.kind),
                    Slot::Deferred(d) => k(&match self.deferred[*d as usize].kind() {
                        ruby::Kind::Function3x => FunctionKind::Ruby3x { rvalue: true },
                        _ => FunctionKind::Ruby4x,
                    }),
                })
                .count()
        };
        Stats {
            manifests: self.manifests,
            ruby_files: self.ruby_files,
            modules: self.modules.len(),
            classes: self
                .definitions
                .iter()
                .filter(|c| c.kind == ClassKind::Class)
                .count(),
            defines: self
                .definitions
                .iter()
                .filter(|c| c.kind == ClassKind::Define)
                .count(),
            puppet_functions: fns(|k| *k == FunctionKind::Puppet),
            ruby_functions_4x: fns(|k| *k == FunctionKind::Ruby4x),
            ruby_functions_3x: fns(|k| matches!(k, FunctionKind::Ruby3x { .. })),
            type_aliases: self.aliases.len(),
            resource_types: self.resource_types.len(),
            nodes: self.nodes.len(),
        }
    }

    // ------------------------------------------------------------------ building

    /// Builds the index of `checked` (the parsed files being checked) and of the modules at
    /// `roots`: their manifests that are not among `checked` are read and parsed here, their
    /// Ruby files parsed and read (see [`ruby`]). Unreadable files are skipped; files with syntax errors give
    /// what could be recovered.
    pub fn load(checked: &[Manifest<'_>], roots: &[ModuleRoot], sandbox: &Sandbox) -> Index {
        let paths: Vec<&Path> = checked.iter().map(|m| m.path).collect();
        let (modules, defs) = rayon::join(
            || Modules::read(&paths, roots, sandbox),
            || checked.par_iter().map(|m| FileDefs::extract(*m)).collect(),
        );
        let mut index = Index::assemble(defs, modules)
            .with_custom_facts(crate::defs::facts::CustomFacts::new(sandbox.clone()));
        index.probe_rendered_templates(sandbox);
        index
    }

    /// Builds the index of these manifests and Ruby files (in parallel, merged in order).
    pub fn build(manifests: &[Manifest<'_>], ruby: &[ruby::Source]) -> Index {
        let puppet: Vec<FileDefs> = manifests
            .par_iter()
            .map(|m| FileDefs::extract(*m))
            .collect();
        let from_ruby: Vec<ruby::Read> = ruby.par_iter().cloned().map(ruby::read).collect();
        Index::assemble(
            puppet,
            Modules {
                roots: Vec::new(),
                manifests: Vec::new(),
                ruby: from_ruby,
                ruby_paths: ruby.iter().map(|s| s.path.clone()).collect(),
                tasks: Vec::new(),
                assets: Vec::new(),
            },
        )
    }

    /// The index of the checked files' definitions (in their order) and of their modules.
    pub fn assemble(checked: Vec<FileDefs>, modules: Modules) -> Index {
        let mut index = Index {
            manifests: checked.len() + modules.manifests.len(),
            ruby_files: modules.ruby.len(),
            modules: modules.roots,
            tasks: {
                let mut tasks = modules.tasks;
                tasks.sort_by(|a, b| a.name.cmp(&b.name));
                tasks.dedup_by(|a, b| a.name == b.name);
                tasks
            },
            caches: Some(crate::types::Caches::default()),
            ..Index::default()
        };
        for (module, assets) in modules.assets {
            match index.assets.entry(module) {
                std::collections::hash_map::Entry::Occupied(mut o) => {
                    let entry = o.get_mut();
                    entry.templates.merge(assets.templates);
                    entry.files.merge(assets.files);
                }
                std::collections::hash_map::Entry::Vacant(v) => {
                    v.insert(assets);
                }
            }
        }
        let puppet = checked.into_iter().chain(modules.manifests);
        let from_ruby = modules.ruby;
        // Each definition's rank among those of the same name: the lowest is the one Puppet
        // loads (see `rank`).
        let mut def_rank: Vec<u8> = Vec::new();
        let mut fn_rank: Vec<u8> = Vec::new();
        let mut alias_rank: Vec<u8> = Vec::new();
        for defs in puppet {
            for (d, loaded) in defs.definitions {
                push(
                    &mut index.definitions,
                    &mut index.by_definition,
                    &d.name.clone(),
                    d,
                );
                def_rank.push(u8::from(!loaded));
            }
            for (f, loaded) in defs.functions {
                push(
                    &mut index.functions,
                    &mut index.by_function,
                    &f.name.clone(),
                    Slot::Read(f),
                );
                fn_rank.push(if loaded { 0 } else { 2 });
            }
            if let Some(caches) = &index.caches {
                for (text, t) in defs.types {
                    caches.remember_parsed(&text, t);
                }
            }
            for (a, loaded) in defs.aliases {
                push(&mut index.aliases, &mut index.by_alias, &a.name.clone(), a);
                alias_rank.push(u8::from(!loaded));
            }
            index.nodes.extend(defs.nodes);
            let start = index.template_uses.len() as u32;
            index.template_uses.extend(defs.templates);
            if let Some((path, hash)) = defs.templates_walked {
                let end = index.template_uses.len() as u32;
                index
                    .template_uses_by_file
                    .entry(path)
                    .or_insert((start..end, hash));
            }
            index.lookup_keys.extend(defs.lookup_keys);
            for v in defs.top_variables {
                let i = index.top_variables.len() as u32;
                index.by_top_variable.entry(v.name.clone()).or_insert(i);
                index.top_variables.push(v);
            }
        }
        for read in from_ruby {
            let defs = match read {
                ruby::Read::Now(defs) => defs,
                ruby::Read::Later(file) => {
                    let slot = index.deferred.len() as u32;
                    let name = file.name().to_string();
                    if file.kind() == ruby::Kind::ResourceType {
                        push(
                            &mut index.resource_types,
                            &mut index.by_resource_type,
                            &name,
                            Slot::Deferred(slot),
                        );
                    } else {
                        fn_rank.push(u8::from(file.kind() == ruby::Kind::Function3x));
                        push(
                            &mut index.functions,
                            &mut index.by_function,
                            &name,
                            Slot::Deferred(slot),
                        );
                    }
                    index.deferred.push(file);
                    continue;
                }
            };
            for (name, line) in defs.top_variables {
                let path = defs
                    .functions
                    .first()
                    .and_then(|f| match &f.origin {
                        Origin::Ruby { path, .. } => Some(path.clone()),
                        _ => None,
                    })
                    .unwrap_or_default();
                let i = index.top_variables.len() as u32;
                index.by_top_variable.entry(name.clone()).or_insert(i);
                index.top_variables.push(TopVar {
                    name,
                    origin: Origin::Ruby { path, line },
                });
            }
            for f in defs.functions {
                // A Ruby function is loaded from its file by its name (only the
                // files where the autoloader looks); Puppet looks for a 4.x function (Ruby or
                // Puppet) before a 3.x one.
                fn_rank.push(match f.kind {
                    FunctionKind::Ruby3x { .. } => 1,
                    _ => 0,
                });
                push(
                    &mut index.functions,
                    &mut index.by_function,
                    &f.name.clone(),
                    Slot::Read(f),
                );
            }
            for t in defs.resource_types {
                push(
                    &mut index.resource_types,
                    &mut index.by_resource_type,
                    &t.name.clone(),
                    Slot::Read(t),
                );
            }
        }
        // The definition the autoloader loads comes first: for classes, defined types and
        // aliases the one in the file its name maps to; for functions a 4.x one (Ruby, or
        // Puppet in its autoload file), then a 3.x one, then one found in another manifest.
        for (map, rank) in [
            (&mut index.by_definition, &def_rank),
            (&mut index.by_function, &fn_rank),
            (&mut index.by_alias, &alias_rank),
        ] {
            for entries in map.values_mut() {
                if entries.len() > 1 {
                    entries.sort_by_key(|&i| rank[i as usize]);
                }
            }
        }
        index
    }
}

fn push<T>(items: &mut Vec<T>, map: &mut HashMap<String, Vec<u32>>, name: &str, item: T) {
    map.entry(key(name)).or_default().push(items.len() as u32);
    items.push(item);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::defs::model::{NodeMatcher, ParamKind};
    use std::path::PathBuf;

    fn index_of(files: &[(&str, &str)]) -> Index {
        let parsed: Vec<_> = files
            .iter()
            .map(|(p, s)| (PathBuf::from(p), *s, crate::syntax::parse(s).ast))
            .collect();
        let manifests: Vec<_> = parsed
            .iter()
            .map(|(path, source, ast)| Manifest { path, source, ast })
            .collect();
        Index::build(&manifests, &[])
    }

    /// The types a manifest's definitions write, lowered from its tree for the run's caches,
    /// are what parsing their texts gives; a file with a syntax error gives none.
    #[test]
    fn types_lowered_from_the_tree_are_their_texts_parsed() {
        let mut kept = 0;
        for src in [
            "class web(Optional[String[1]] $a, Hash[String, Struct[{x => Integer}]] $b = {}) {}\n",
            "define web::vhost(Enum['a', \"b\"] $e, Pattern[/\\A[a-z]+\\z/] $p) {}\ntype Web::Port = Integer[1, 65535]\n",
            "function web::f(Variant[String, Array[String]] $x) >> Optional[String] { $x }\n",
            "class web(Optional[String $a, Integer $b) {}\n",
            "class web(Optional[String[1] $a) {}\ntype Web::T = Hash[String\n",
            "class web(Array[ $a, String] $b) {}\n",
            "type Web::T = Struct[{a => Integer,}\nclass web(Integer[1,] $c) {}\n",
        ] {
            let ast = crate::syntax::parse(src).ast;
            let path = PathBuf::from("/m/web/manifests/init.pp");
            let defs = FileDefs::extract(Manifest {
                path: &path,
                source: src,
                ast: &ast,
            });
            for (text, t) in &defs.types {
                assert_eq!(crate::types::parse(text).as_ref(), Ok(t), "{text} in {src}");
            }
            // A file with a syntax error gives none (`Optional[String` lowers to a type).
            assert!(!ast.syntax_errors || defs.types.is_empty(), "{src}");
            kept += defs.types.len();
        }
        assert_eq!(kept, 7);
    }

    #[test]
    fn classes_defines_and_their_params() {
        let ix = index_of(&[(
            "/m/web/manifests/init.pp",
            "class web (\n  Optional[String[1]] $name = undef,\n  Integer $port,\n  $x = 1,\n) inherits ::Web::Params {\n  $a = 1\n  if $x { $b = 2 } else { [$c, $d] = [1, 2] }\n  $list.each |$i| { $inner = $i }\n  notify { 'x': message => ($e = 3) }\n  $a::b = 1\n  class nested { }\n}\n",
        )]);
        let web = ix.class("::WEB").unwrap();
        assert_eq!(web.kind, ClassKind::Class);
        assert_eq!(web.parent.as_deref(), Some("web::params"));
        let params: Vec<_> = web
            .params
            .iter()
            .map(|p| (p.name.as_str(), p.ty.as_deref(), p.has_default))
            .collect();
        assert_eq!(
            params,
            [
                ("name", Some("Optional[String[1]]"), true),
                ("port", Some("Integer"), false),
                ("x", None, true)
            ]
        );
        let vars: Vec<_> = web.variables.iter().map(|v| v.name.as_str()).collect();
        assert_eq!(vars, ["a", "b", "c", "d", "e"]);
        assert!(ix.class("web::nested").is_some());
        assert!(ix.define("web").is_none());
        assert_eq!(ix.variable("web::b").unwrap().unwrap().name, "web");
        assert!(ix.variable("::web::port").is_some());
        assert!(ix.variable("web::inner").is_none());
        // Inherited from the parent class, as Puppet looks it up.
        let ix2 = index_of(&[(
            "/m/p/manifests/init.pp",
            "class p inherits p::params { $own = 1 }\nclass p::params { $base = 1 }\nclass loop1 inherits loop2 { }\nclass loop2 inherits loop1 { }\n",
        )]);
        assert_eq!(ix2.variable("p::base").unwrap().unwrap().name, "p::params");
        assert_eq!(ix2.variable("p::own").unwrap().unwrap().name, "p");
        assert!(ix2.variable("p::params::own").is_none());
        assert!(ix2.variable("loop1::x").is_none(), "a cycle ends");
        match &web.origin {
            Origin::Manifest { path, span } => {
                assert_eq!(path, Path::new("/m/web/manifests/init.pp"));
                assert_eq!(span.len(), 3);
            }
            o => panic!("{o:?}"),
        }
    }

    #[test]
    fn functions_aliases_nodes_and_top_variables() {
        let ix = index_of(&[
            (
                "/m/web/functions/port.pp",
                "function web::port(String $a, Integer $b = 1, *$rest) >> Integer { 1 }\n",
            ),
            ("/m/web/types/mode.pp", "type Web::Mode = Enum['a', 'b']\n"),
            (
                "/env/manifests/site.pp",
                "$top = 1\nnode 'Www.Example.com', /^db/, default { $not_top = 1 }\nfunction helper() { }\n",
            ),
        ]);
        let f = ix.function("Web::Port").unwrap();
        assert_eq!(f.kind, FunctionKind::Puppet);
        let sig = &f.signatures[0];
        let params: Vec<_> = sig
            .params
            .iter()
            .map(|p| (p.name.as_str(), p.ty.as_str(), p.kind))
            .collect();
        assert_eq!(
            params,
            [
                ("a", "String", ParamKind::Required),
                ("b", "Integer", ParamKind::Optional),
                ("rest", "Any", ParamKind::Repeated)
            ]
        );
        assert_eq!(sig.return_type.as_deref(), Some("Integer"));
        assert!(ix.function("helper").is_some());
        let alias = ix.type_alias("web::mode").unwrap();
        assert_eq!(
            (alias.name.as_str(), alias.ty.as_str()),
            ("Web::Mode", "Enum['a', 'b']")
        );
        assert_eq!(
            ix.nodes()[0].matchers,
            [
                NodeMatcher::Name("www.example.com".into()),
                NodeMatcher::Regex("^db".into()),
                NodeMatcher::Default
            ]
        );
        assert!(ix.top_variable("::top").is_some());
        assert!(ix.top_variable("not_top").is_none());
        assert_eq!(ix.variable("top"), Some(None));
        let s = ix.stats();
        assert_eq!(
            (s.classes, s.puppet_functions, s.type_aliases, s.nodes),
            (0, 2, 1, 1)
        );
    }

    #[test]
    fn duplicates_are_kept_and_the_autoloaded_one_wins() {
        let ix = index_of(&[
            ("/m/web/manifests/other.pp", "class web::a { }\n"),
            ("/m/web/manifests/a.pp", "class web::a($x) { }\n"),
            ("/m/web/manifests/b.pp", "define web::b { }\n"),
            ("/m/web/manifests/c.pp", "define web::b($y) { }\n"),
        ]);
        let all: Vec<_> = ix.classes_named("web::a").collect();
        assert_eq!(all.len(), 2);
        assert_eq!(all[0].params.len(), 1, "the one in a.pp is autoloaded");
        let b: Vec<_> = ix.classes_named("web::b").collect();
        assert_eq!(b.len(), 2);
        assert!(b[0].params.is_empty(), "first met when none is autoloaded");
        assert!(ix.class("web::b").is_none());
        assert!(ix.define("web::b").is_some());
    }
}
