//! The index of the program: every class, defined type, function, type alias, custom resource
//! type and node that the checked files and the modules around them define, by name.
//!
//! It is built once per run, after all files are parsed and before the rules run:
//! [`Index::load`] takes the parsed files being checked and the module roots (those met by
//! the walk and those on the module path), reads and parses the modules' other files (which are
//! indexed but not reported on), and reads their Ruby functions and resource types as text
//! (see [`super::ruby`]). Each file is read in parallel; the results are merged in a fixed
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
use std::path::{Path, PathBuf};

use crate::discover::lookup::{self, Folder, ModuleTree, Probe};

use rayon::prelude::*;

use super::model::{
    ClassDef, ClassKind, FunctionDef, FunctionKind, NodeDef, NodeMatcher, Origin, ParamDef,
    ParamKind, ResourceTypeDef, SigParam, Signature, TypeAliasDef, VarDef,
};
use super::ruby;
use crate::discover::module::{AutoloadDir, ModuleFile, ModuleRoot, module_file, module_files};
use crate::discover::{FileId, identity};
use crate::sandbox::Sandbox;
use crate::syntax::ast::{self, AssignOp, Expr, ExprKind, Parameter, Span};

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
    functions: Vec<FunctionDef>,
    aliases: Vec<TypeAliasDef>,
    resource_types: Vec<ResourceTypeDef>,
    nodes: Vec<NodeDef>,
    top_variables: Vec<TopVar>,
    /// The calls of `template()` and `epp()` in the manifests, in file order.
    template_uses: Vec<super::templates::TemplateUse>,
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
    map.get(lookup_key(name).as_ref())
        .map(|v| v.as_slice())
        .unwrap_or(&[])
        .iter()
        .map(move |&i| &items[i as usize])
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
        named(&self.functions, &self.by_function, name)
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
        named(&self.resource_types, &self.by_resource_type, name)
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

    pub fn functions(&self) -> &[FunctionDef] {
        &self.functions
    }

    pub fn type_aliases(&self) -> &[TypeAliasDef] {
        &self.aliases
    }

    pub fn resource_types(&self) -> &[ResourceTypeDef] {
        &self.resource_types
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
        let fns =
            |k: fn(&FunctionKind) -> bool| self.functions.iter().filter(|f| k(&f.kind)).count();
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
        let from_ruby: Vec<ruby::Defs> = ruby.par_iter().map(ruby::scan).collect();
        Index::assemble(
            puppet,
            Modules {
                roots: Vec::new(),
                manifests: Vec::new(),
                ruby: from_ruby,
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
                    f,
                );
                fn_rank.push(if loaded { 0 } else { 2 });
            }
            for (a, loaded) in defs.aliases {
                push(&mut index.aliases, &mut index.by_alias, &a.name.clone(), a);
                alias_rank.push(u8::from(!loaded));
            }
            index.nodes.extend(defs.nodes);
            index.template_uses.extend(defs.templates);
            index.lookup_keys.extend(defs.lookup_keys);
            for v in defs.top_variables {
                let i = index.top_variables.len() as u32;
                index.by_top_variable.entry(v.name.clone()).or_insert(i);
                index.top_variables.push(v);
            }
        }
        for defs in from_ruby {
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
                    f,
                );
            }
            for t in defs.resource_types {
                push(
                    &mut index.resource_types,
                    &mut index.by_resource_type,
                    &t.name.clone(),
                    t,
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

// ---------------------------------------------------------------------- the modules' files

/// What the modules around the checked files define in their other files: their manifests
/// that are not checked, their Ruby functions and resource types. Read by [`Modules::read`]
/// while the checked files are parsed; [`Index::assemble`] merges it with theirs.
#[derive(Debug, Default)]
pub struct Modules {
    /// The module roots, each once, in order.
    roots: Vec<ModuleRoot>,
    /// The definitions of the manifests not checked, by root and path.
    manifests: Vec<FileDefs>,
    /// The definitions of the Ruby files, by root and path.
    ruby: Vec<ruby::Defs>,
    /// The Bolt tasks of the modules (see [`crate::defs::tasks`]).
    tasks: Vec<crate::defs::tasks::TaskDef>,
    /// The templates and files of each module, by its name.
    assets: Vec<(String, ModuleAssets)>,
}

impl Modules {
    /// Lists the files of the modules at `roots` and reads those that define something: the
    /// manifests that are not among `checked` (each parsed here, and only its definitions
    /// kept) and the Ruby files (parsed, and their declarations read). Unreadable files are skipped.
    pub fn read(checked: &[&Path], roots: &[ModuleRoot], sandbox: &Sandbox) -> Modules {
        // A module reached twice (through a symbolic link) is read once.
        let mut seen_roots = HashSet::default();
        let roots: Vec<&ModuleRoot> = roots
            .iter()
            .filter(|r| seen_roots.insert(identity(&r.path)))
            .collect();
        let listed: Vec<_> = roots
            .par_iter()
            .map(|r| module_files(&r.path, sandbox))
            .collect();
        let mut extra_pp = Vec::new();
        let mut ruby_files = Vec::new();
        let mut assets = Vec::new();
        for (files, root) in listed.into_iter().zip(&roots) {
            assets.push((
                root.name.clone(),
                ModuleAssets::new(&root.path, &files, sandbox),
            ));
            extra_pp.extend(files.puppet);
            ruby_files.extend(
                files
                    .functions_4x
                    .into_iter()
                    .map(|p| (p, ruby::Kind::Function4x)),
            );
            ruby_files.extend(
                files
                    .functions_3x
                    .into_iter()
                    .map(|p| (p, ruby::Kind::Function3x)),
            );
            ruby_files.extend(
                files
                    .resource_types
                    .into_iter()
                    .map(|p| (p, ruby::Kind::ResourceType)),
            );
        }
        // The modules' manifests that are not checked: most are found as given (the walk and
        // the module roots name them alike); the others are compared by file identity.
        let given: HashSet<&Path> = checked.iter().copied().collect();
        extra_pp.retain(|p| !given.contains(p.as_path()));
        if !extra_pp.is_empty() {
            // Only a checked file of the same name can be one of them.
            let names: HashSet<&std::ffi::OsStr> =
                extra_pp.iter().filter_map(|p| p.file_name()).collect();
            let checked_files: HashSet<FileId> = checked
                .par_iter()
                .filter(|p| p.file_name().is_some_and(|n| names.contains(n)))
                .map(|p| identity(p))
                .collect();
            extra_pp = extra_pp
                .into_par_iter()
                .filter(|p| !checked_files.contains(&identity(p)))
                .collect();
        }
        let (manifests, ruby) = rayon::join(
            || {
                extra_pp
                    .into_par_iter()
                    .filter_map(|path| {
                        let source = utf8_text(sandbox.read(&path).ok()?);
                        let ast = crate::syntax::parse(&source).ast;
                        Some(FileDefs::extract(Manifest {
                            path: &path,
                            source: &source,
                            ast: &ast,
                        }))
                    })
                    .collect()
            },
            || {
                ruby_files
                    .into_par_iter()
                    .filter_map(|(path, kind)| {
                        let text = utf8_text(sandbox.read(&path).ok()?);
                        Some(ruby::scan(&ruby::Source { text, path, kind }))
                    })
                    .collect()
            },
        );
        let tasks = roots
            .iter()
            .flat_map(|r| crate::defs::tasks::read_module_tasks(&r.name, &r.path, sandbox))
            .collect();
        Modules {
            roots: roots.into_iter().cloned().collect(),
            manifests,
            ruby,
            tasks,
            assets,
        }
    }
}

/// The files a module's code may name as `module/path` (see [`crate::discover::lookup`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ModuleAssets {
    /// The module's folder.
    pub root: PathBuf,
    /// `templates/` (what `template()`, `epp()` and `find_template()` name).
    pub templates: Listing,
    /// `files/` (what `file()`, `binary_file()`, `find_file()` and `puppet:///modules/`
    /// sources name).
    pub files: Listing,
}

/// The entries of one folder of a module, as paths relative to it with `/` between
/// components.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Listing {
    /// Whether the folder exists.
    pub present: bool,
    /// The files under it.
    pub files: HashSet<String>,
    /// The folders under it that hold files.
    pub folders: HashSet<String>,
    /// The files a manifest renders that Puppet cannot render as text, with why (binary, or
    /// not readable); filled by [`Index::probe_rendered_templates`].
    pub unreadable: HashMap<String, String>,
}

impl Listing {
    fn new(dir: &Path, listed: &[PathBuf], sandbox: &Sandbox) -> Listing {
        let mut out = Listing {
            present: sandbox.locate(dir) == crate::sandbox::Located::Folder,
            ..Listing::default()
        };
        for p in listed {
            let Some(name) = p.strip_prefix(dir).ok().and_then(|rest| {
                let parts: Option<Vec<&str>> =
                    rest.components().map(|c| c.as_os_str().to_str()).collect();
                Some(parts?.join("/"))
            }) else {
                continue;
            };
            let mut at = name.len();
            while let Some(slash) = name[..at].rfind('/') {
                if !out.folders.insert(name[..slash].to_string()) {
                    break;
                }
                at = slash;
            }
            out.files.insert(name);
        }
        out.present |= !out.files.is_empty();
        out
    }

    fn merge(&mut self, other: Listing) {
        self.present |= other.present;
        self.files.extend(other.files);
        self.folders.extend(other.folders);
        self.unreadable.extend(other.unreadable);
    }

    /// The entry `rest` names (see [`crate::discover::lookup::listed_entry`]); unknown when
    /// it climbs out with `..`.
    pub fn entry(&self, rest: &str) -> Probe<String> {
        lookup::listed_entry(
            rest,
            |k| self.files.contains(k),
            |k| {
                if k.is_empty() {
                    self.present
                } else {
                    self.folders.contains(k)
                }
            },
        )
        .unwrap_or(Probe::Unknown)
    }
}

impl ModuleAssets {
    fn new(
        root: &Path,
        listed: &crate::discover::module::ModuleFiles,
        sandbox: &Sandbox,
    ) -> ModuleAssets {
        ModuleAssets {
            root: root.to_path_buf(),
            templates: Listing::new(&root.join("templates"), &listed.templates, sandbox),
            files: Listing::new(&root.join("files"), &listed.files, sandbox),
        }
    }

    /// The listing of `folder`.
    pub fn listing(&self, folder: Folder) -> &Listing {
        match folder {
            Folder::Templates => &self.templates,
            Folder::Files => &self.files,
        }
    }
}

/// Check mode's answers to Puppet's lookups: the indexed modules' listings. A module that is
/// not indexed, or an absolute path, is not known.
impl ModuleTree for Index {
    /// The entry's path under its folder.
    type Path = String;

    fn module_entry(&self, module: &str, folder: Folder, rest: &str) -> Probe<String> {
        let Some(assets) = self.assets.get(module) else {
            return Probe::Unknown;
        };
        assets.listing(folder).entry(rest)
    }

    fn absolute(&self, _path: &str) -> Probe<String> {
        Probe::Unknown
    }
}

/// A file's text: its bytes when they are UTF-8 (the standard library's fast check, no
/// copy), else `String::from_utf8_lossy` of them.
fn utf8_text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

// ---------------------------------------------------------------------- one manifest

/// What one manifest defines; each definition with whether it is where the autoloader
/// looks for it.
#[derive(Debug, Default)]
pub struct FileDefs {
    definitions: Vec<(ClassDef, bool)>,
    functions: Vec<(FunctionDef, bool)>,
    aliases: Vec<(TypeAliasDef, bool)>,
    nodes: Vec<NodeDef>,
    top_variables: Vec<TopVar>,
    templates: Vec<super::templates::TemplateUse>,
    lookup_keys: Vec<String>,
}

struct Extractor<'a> {
    path: &'a Path,
    source: &'a str,
    module: Option<ModuleFile>,
    out: FileDefs,
}

impl FileDefs {
    /// The definitions of one parsed manifest.
    pub fn extract(m: Manifest<'_>) -> FileDefs {
        let module = module_file(&m.path.to_string_lossy());
        FileDefs::extract_in(m, module)
    }

    /// [`FileDefs::extract`] of a manifest whose place in its module (`module_file` of its
    /// path) is known.
    pub fn extract_in(m: Manifest<'_>, module: Option<ModuleFile>) -> FileDefs {
        let mut x = Extractor {
            path: m.path,
            source: m.source,
            module,
            out: FileDefs::default(),
        };
        x.statements(&m.ast.statements, None);
        let mut vars = Vec::new();
        scope_variables(&m.ast.statements, &mut vars);
        x.out.top_variables = vars
            .into_iter()
            .map(|v| TopVar {
                origin: x.origin(v.span),
                name: v.name,
            })
            .collect();
        // Most manifests name no template: their trees are not walked again.
        if m.source.contains("template") || m.source.contains("epp") {
            x.out.templates = super::templates::template_uses(m.path, m.source, &m.ast.statements);
        }
        if m.source.contains("lookup") || m.source.contains("hiera") {
            x.out.lookup_keys = super::templates::lookup_keys(&m.ast.statements);
        }
        x.out
    }
}

impl Extractor<'_> {
    fn origin(&self, span: Span) -> Origin {
        Origin::Manifest {
            path: self.path.to_path_buf(),
            span,
        }
    }

    fn text(&self, span: Span) -> String {
        self.source
            .get(span.range())
            .unwrap_or("")
            .trim()
            .to_string()
    }

    /// Whether a definition named `name` (a key) is in the file the autoloader loads for it.
    fn autoloaded(&self, dir: AutoloadDir, name: &str) -> bool {
        self.module
            .as_ref()
            .is_some_and(|m| m.dir == dir && m.is_namespace(name))
    }

    fn params(&self, params: &[Parameter]) -> Vec<ParamDef> {
        params
            .iter()
            .map(|p| ParamDef {
                name: p.name.name.clone(),
                ty: p.type_expr.as_ref().map(|t| self.text(t.span)),
                has_default: p.default.is_some(),
                captures_rest: p.captures_rest,
                span: p.span,
            })
            .collect()
    }

    /// Definitions among `statements`; `outer` is the enclosing class's name, which
    /// qualifies nested classes and defined types.
    fn statements(&mut self, statements: &[Expr], outer: Option<&str>) {
        let qualify = |name: &str| match outer {
            Some(o) => format!("{o}::{}", key(name)),
            None => key(name),
        };
        for e in statements {
            match &e.kind {
                ExprKind::Class(c) if !c.name.name.is_empty() => {
                    let name = qualify(&c.name.name);
                    let mut variables = Vec::new();
                    scope_variables(&c.body.statements, &mut variables);
                    let def = ClassDef {
                        kind: ClassKind::Class,
                        params: self.params(&c.params),
                        parent: c.parent.as_ref().map(|p| key(&p.name)),
                        variables,
                        origin: self.origin(c.name.span),
                        name: name.clone(),
                    };
                    let loaded = outer.is_none() && self.autoloaded(AutoloadDir::Manifests, &name);
                    self.out.definitions.push((def, loaded));
                    self.statements(&c.body.statements, Some(&name));
                }
                ExprKind::Define(d) if !d.name.name.is_empty() => {
                    let name = qualify(&d.name.name);
                    let mut variables = Vec::new();
                    scope_variables(&d.body.statements, &mut variables);
                    let def = ClassDef {
                        kind: ClassKind::Define,
                        params: self.params(&d.params),
                        parent: None,
                        variables,
                        origin: self.origin(d.name.span),
                        name: name.clone(),
                    };
                    let loaded = outer.is_none() && self.autoloaded(AutoloadDir::Manifests, &name);
                    self.out.definitions.push((def, loaded));
                }
                ExprKind::Function(f) if !f.name.name.is_empty() => {
                    let name = key(&f.name.name);
                    let params = self
                        .params(&f.params)
                        .into_iter()
                        .map(|p| SigParam {
                            kind: if p.captures_rest {
                                ParamKind::Repeated
                            } else if p.has_default {
                                ParamKind::Optional
                            } else {
                                ParamKind::Required
                            },
                            ty: p.ty.unwrap_or_else(|| "Any".to_string()),
                            name: p.name,
                        })
                        .collect();
                    let def = FunctionDef {
                        kind: FunctionKind::Puppet,
                        signatures: vec![Signature {
                            params,
                            block: None,
                            return_type: f.return_type.as_ref().map(|t| self.text(t.span)),
                        }],
                        origin: self.origin(f.name.span),
                        name: name.clone(),
                    };
                    let loaded = self.autoloaded(AutoloadDir::Functions, &name);
                    self.out.functions.push((def, loaded));
                }
                ExprKind::TypeAlias(t) => {
                    let ExprKind::TypeRef(name) = &t.name.kind else {
                        continue;
                    };
                    let def = TypeAliasDef {
                        name: crate::syntax::trim_colons(name).to_string(),
                        ty: self.text(t.value.span),
                        origin: self.origin(t.name.span),
                    };
                    let loaded = self.autoloaded(AutoloadDir::Types, &key(name));
                    self.out.aliases.push((def, loaded));
                }
                ExprKind::Node(n) if outer.is_none() => {
                    let matchers = n
                        .matchers
                        .iter()
                        .filter_map(|m| match &m.kind {
                            ExprKind::Default => Some(NodeMatcher::Default),
                            ExprKind::Regex(r) => Some(NodeMatcher::Regex(r.clone())),
                            ExprKind::Name(s) => Some(NodeMatcher::Name(s.to_ascii_lowercase())),
                            ExprKind::String(s) => {
                                Some(NodeMatcher::Name(s.literal_value()?.to_ascii_lowercase()))
                            }
                            _ => None,
                        })
                        .collect();
                    let mut variables = Vec::new();
                    scope_variables(&n.body.statements, &mut variables);
                    self.out.nodes.push(NodeDef {
                        matchers,
                        origin: self.origin(e.span),
                        variables: variables.into_iter().map(|v| v.name).collect(),
                    });
                }
                _ => {}
            }
        }
    }
}

/// The variables assigned in the scope these statements open (not in lambdas or nested
/// definitions, which have their own), each once in source order.
pub(crate) fn scope_variables(statements: &[Expr], out: &mut Vec<VarDef>) {
    struct Walk<'e, 'o> {
        seen: HashSet<&'e str>,
        out: &'o mut Vec<VarDef>,
    }
    impl<'e> Walk<'e, '_> {
        fn record(&mut self, target: &'e Expr) {
            if let ExprKind::Variable(name) = &target.kind
                && !name.as_bytes().windows(2).any(|w| w == b"::")
                && self.seen.insert(name)
            {
                self.out.push(VarDef {
                    name: name.clone(),
                    span: target.span,
                });
            }
        }

        /// In pre-order; the AST is at most about `syntax::lower::MAX_DEPTH` deep.
        fn expr(&mut self, e: &'e Expr) {
            match &e.kind {
                _ if e.is_definition() => {}
                ExprKind::Assignment { op, left, right } => {
                    if *op == AssignOp::Assign {
                        match &left.kind {
                            ExprKind::Array(items) => items.iter().for_each(|t| self.record(t)),
                            _ => self.record(left),
                        }
                    }
                    self.expr(right);
                }
                ExprKind::Call(c) => {
                    self.expr(&c.function);
                    c.args.iter().for_each(|a| self.expr(a));
                }
                ExprKind::MethodCall(m) => {
                    self.expr(&m.receiver);
                    m.args.iter().flatten().for_each(|a| self.expr(a));
                }
                _ => e.for_each_child(&mut |c| self.expr(c)),
            }
        }
    }
    let names: Vec<String> = out.iter().map(|v| v.name.clone()).collect();
    let mut walk = Walk {
        seen: names.iter().map(String::as_str).collect(),
        out,
    };
    statements.iter().for_each(|s| walk.expr(s));
}

#[cfg(test)]
mod tests {
    use super::*;
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
