//! The parts an [`Index`] is assembled from, kept so that the index of a program can be made
//! again after one manifest changes without reading the others (the language server's
//! workspace): what each manifest defines, by path, and the modules' other files.
//!
//! [`Parts::replace`] swaps one manifest's definitions; [`Parts::assemble`] merges the parts
//! into a new index, as [`Index::assemble`] does for a run (the manifests in their first order,
//! a new one last). Assembling copies the definitions: it costs time in proportion to the
//! program's definitions, not its files' texts (see `BENCHMARKS.md`).

use std::path::{Path, PathBuf};

use rustc_hash::FxHashMap as HashMap;

use super::{FileDefs, Index, Modules, Slot};
use crate::defs::model::{ClassKind, Origin};

/// The definitions of a program's manifests, by path, and its modules' other files.
#[derive(Debug, Default, Clone)]
pub struct Parts {
    manifests: Vec<FileDefs>,
    by_path: HashMap<PathBuf, usize>,
    modules: Modules,
}

impl Parts {
    /// The parts of a program: `checked`, the manifests read by the caller, then the modules'
    /// (those [`Modules::read`] read).
    pub fn new(checked: Vec<FileDefs>, mut modules: Modules) -> Parts {
        let mut parts = Parts::default();
        for defs in checked
            .into_iter()
            .chain(std::mem::take(&mut modules.manifests))
        {
            parts.insert(defs);
        }
        parts.modules = modules;
        parts
    }

    fn insert(&mut self, defs: FileDefs) {
        match self.by_path.get(&defs.path) {
            // A manifest met twice (checked, and in a module) is kept once, as first met.
            Some(_) => {}
            None => {
                self.by_path.insert(defs.path.clone(), self.manifests.len());
                self.manifests.push(defs);
            }
        }
    }

    /// Puts `defs` in place of what the parts held for its manifest (or adds it). Whether what
    /// the program defines changed: a name, a parameter, a type, a variable of a scope (not
    /// only where they are in the file), so that the files that use them need a new check.
    pub fn replace(&mut self, defs: FileDefs) -> bool {
        match self.by_path.get(&defs.path) {
            Some(&i) => {
                let changed = !same_definitions(&self.manifests[i], &defs);
                self.manifests[i] = defs;
                changed
            }
            None => {
                let defines = !same_definitions(&FileDefs::default(), &defs);
                self.insert(defs);
                defines
            }
        }
    }

    /// [`Parts::replace`], keeping `index` (assembled from these parts) in step when it can:
    /// when only the places of the manifest's definitions changed (an edit that moves them),
    /// the index's entries of the manifest are updated where they are, with no new assembly.
    pub fn update(&mut self, defs: FileDefs, index: &mut Index) -> Update {
        let Some(&i) = self.by_path.get(&defs.path) else {
            return Update::Changed {
                names: self.replace(defs),
            };
        };
        let old = &self.manifests[i];
        if *old == defs {
            return Update::Same;
        }
        if same_definitions(old, &defs) && same_templates(old, &defs) && move_entries(index, &defs)
        {
            self.manifests[i] = defs;
            return Update::Moved;
        }
        Update::Changed {
            names: self.replace(defs),
        }
    }

    /// Takes the manifest at `path` out of the parts (deleted, say): whether what the program
    /// defines changed (see [`Parts::replace`]).
    pub fn remove(&mut self, path: &Path) -> bool {
        let Some(i) = self.by_path.remove(path) else {
            return false;
        };
        let removed = self.manifests.remove(i);
        for at in self.by_path.values_mut() {
            if *at > i {
                *at -= 1;
            }
        }
        !same_definitions(&FileDefs::default(), &removed)
    }

    /// Reads the modules' Ruby file at `path` again (see [`Modules::reread_ruby`]).
    pub fn reread_ruby(
        &mut self,
        path: &Path,
        sandbox: &crate::sandbox::Sandbox,
    ) -> Option<super::RubyReread> {
        self.modules.reread_ruby(path, sandbox)
    }

    /// What the manifest at `path` defines, when the parts hold it.
    pub fn of(&self, path: &Path) -> Option<&FileDefs> {
        self.by_path.get(path).map(|&i| &self.manifests[i])
    }

    /// The paths of the manifests the parts hold, in their order.
    pub fn paths(&self) -> impl Iterator<Item = &Path> {
        self.manifests.iter().map(FileDefs::path)
    }

    /// How many manifests the parts hold.
    pub fn manifests(&self) -> usize {
        self.manifests.len()
    }

    /// The index of the parts (without a world or custom facts: see [`Index::with_world`]).
    pub fn assemble(&self) -> Index {
        Index::assemble(self.manifests.clone(), self.modules.clone())
    }
}

/// What [`Parts::update`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Update {
    /// The manifest defines what it did, where it did.
    Same,
    /// Its definitions moved in the file; the index is up to date.
    Moved,
    /// Its definitions changed: the index must be assembled again; `names` says whether what
    /// the program defines changed (not only where: see [`Parts::replace`]).
    Changed { names: bool },
}

/// Whether two manifests render the same templates (wherever the calls are).
fn same_templates(a: &FileDefs, b: &FileDefs) -> bool {
    a.templates_walked.is_some() == b.templates_walked.is_some()
        && a.templates.len() == b.templates.len()
        && a.templates.iter().zip(&b.templates).all(|(x, y)| {
            (&x.name, x.kind, &x.scope, &x.locals, &x.epp_keys)
                == (&y.name, y.kind, &y.scope, &y.locals, &y.epp_keys)
        })
}

/// Puts the definitions of `new` in place of the index's entries of its manifest, which are
/// the same names in the same order (see [`same_definitions`]); false, with the index
/// unchanged, when the index's entries are not those.
fn move_entries(index: &mut Index, new: &FileDefs) -> bool {
    let path = new.path.as_path();
    let here = |o: &Origin| matches!(o, Origin::Manifest { path: p, .. } if p == path);
    let slots = |origins: &mut dyn Iterator<Item = &Origin>| -> Vec<usize> {
        origins
            .enumerate()
            .filter(|(_, o)| here(o))
            .map(|(i, _)| i)
            .collect()
    };
    let definitions = slots(&mut index.definitions.iter().map(|d| &d.origin));
    // A manifest's functions are read at once (only Ruby files' wait for their first use).
    let functions: Vec<usize> = index
        .functions
        .iter()
        .enumerate()
        .filter(|(_, f)| matches!(f, Slot::Read(f) if here(&f.origin)))
        .map(|(i, _)| i)
        .collect();
    let aliases = slots(&mut index.aliases.iter().map(|a| &a.origin));
    let nodes = slots(&mut index.nodes.iter().map(|n| &n.origin));
    let tops = slots(&mut index.top_variables.iter().map(|v| &v.origin));
    let templates = index.template_uses_by_file.get(path).cloned();
    let fits = definitions.len() == new.definitions.len()
        && functions.len() == new.functions.len()
        && aliases.len() == new.aliases.len()
        && nodes.len() == new.nodes.len()
        && tops.len() == new.top_variables.len()
        && match (&templates, &new.templates_walked) {
            (Some((range, _)), Some(_)) => range.len() == new.templates.len(),
            (None, None) => true,
            _ => false,
        };
    if !fits {
        return false;
    }
    for (i, (d, _)) in definitions.into_iter().zip(&new.definitions) {
        index.definitions[i] = d.clone();
    }
    for (i, (f, _)) in functions.into_iter().zip(&new.functions) {
        index.functions[i] = Slot::Read(f.clone());
    }
    for (i, (a, _)) in aliases.into_iter().zip(&new.aliases) {
        index.aliases[i] = a.clone();
    }
    for (i, n) in nodes.into_iter().zip(&new.nodes) {
        index.nodes[i] = n.clone();
    }
    for (i, v) in tops.into_iter().zip(&new.top_variables) {
        index.top_variables[i] = v.clone();
    }
    if let (Some((range, _)), Some((_, hash))) = (templates, &new.templates_walked) {
        let start = range.start as usize;
        index.template_uses[start..start + new.templates.len()].clone_from_slice(&new.templates);
        index
            .template_uses_by_file
            .insert(path.to_path_buf(), (range, *hash));
    }
    true
}

/// Whether two manifests define the same names with the same parameters, types, variables,
/// signatures and nodes, wherever in the files they are.
fn same_definitions(a: &FileDefs, b: &FileDefs) -> bool {
    use crate::defs::model::{ClassDef, FunctionDef, NodeDef, TypeAliasDef};
    type Param<'a> = (&'a String, &'a Option<String>, bool);
    type Class<'a> = (
        &'a String,
        ClassKind,
        Vec<Param<'a>>,
        &'a Option<String>,
        Vec<&'a String>,
        bool,
    );
    fn class((c, loaded): &(ClassDef, bool)) -> Class<'_> {
        let params = c
            .params
            .iter()
            .map(|p| (&p.name, &p.ty, p.has_default))
            .collect();
        let vars = c.variables.iter().map(|v| &v.name).collect();
        (&c.name, c.kind, params, &c.parent, vars, *loaded)
    }
    fn function((f, loaded): &(FunctionDef, bool)) -> impl PartialEq + '_ {
        (&f.name, f.kind, &f.signatures, *loaded)
    }
    fn alias((t, loaded): &(TypeAliasDef, bool)) -> impl PartialEq + '_ {
        (&t.name, &t.ty, *loaded)
    }
    fn node(n: &NodeDef) -> impl PartialEq + '_ {
        (&n.matchers, &n.variables)
    }
    fn top(v: &super::TopVar) -> &String {
        &v.name
    }
    a.definitions
        .iter()
        .map(class)
        .eq(b.definitions.iter().map(class))
        && a.functions
            .iter()
            .map(function)
            .eq(b.functions.iter().map(function))
        && a.aliases.iter().map(alias).eq(b.aliases.iter().map(alias))
        && a.nodes.iter().map(node).eq(b.nodes.iter().map(node))
        && a.top_variables
            .iter()
            .map(top)
            .eq(b.top_variables.iter().map(top))
        && a.lookup_keys == b.lookup_keys
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::defs::index::Manifest;

    fn defs(path: &str, text: &str) -> FileDefs {
        let ast = crate::syntax::parse(text).ast;
        FileDefs::extract(Manifest {
            path: Path::new(path),
            source: text,
            ast: &ast,
        })
    }

    #[test]
    fn a_manifest_replaced_changes_the_index_and_says_whether_its_names_changed() {
        let mut parts = Parts::new(
            vec![
                defs("/m/a/manifests/init.pp", "class a ($x = 1) { $v = 1 }\n"),
                defs("/m/b/manifests/init.pp", "class b { }\n"),
            ],
            Modules::default(),
        );
        assert!(parts.assemble().class("a").is_some());
        // Moved down a line: the same definitions.
        let moved = defs("/m/a/manifests/init.pp", "\nclass a ($x = 1) { $v = 1 }\n");
        assert!(!parts.replace(moved));
        // A parameter's type, a new variable: changed.
        assert!(parts.replace(defs(
            "/m/a/manifests/init.pp",
            "class a (Integer $x = 1) { $v = 1 }\n"
        )));
        assert!(parts.replace(defs(
            "/m/a/manifests/init.pp",
            "class a (Integer $x = 1) { $v = 1 $w = 2 }\n"
        )));
        assert!(parts.replace(defs("/m/a/manifests/init.pp", "class a2 { }\n")));
        let index = parts.assemble();
        assert!(index.class("a").is_none());
        assert!(index.class("a2").is_some() && index.class("b").is_some());
        // A new manifest.
        assert!(parts.replace(defs("/m/c/manifests/init.pp", "class c { }\n")));
        assert!(!parts.replace(defs("/m/d/manifests/init.pp", "notice(1)\n")));
        assert_eq!(parts.manifests(), 4);
        assert!(parts.assemble().class("c").is_some());
        assert!(parts.of(Path::new("/m/b/manifests/init.pp")).is_some());
        // Removed: its class is gone, the others keep their places.
        assert!(parts.remove(Path::new("/m/b/manifests/init.pp")));
        assert!(!parts.remove(Path::new("/m/b/manifests/init.pp")));
        assert!(!parts.remove(Path::new("/m/d/manifests/init.pp")));
        let index = parts.assemble();
        assert!(index.class("b").is_none() && index.class("c").is_some());
        assert!(parts.of(Path::new("/m/c/manifests/init.pp")).is_some());
        assert_eq!(parts.manifests(), 2);
    }

    #[test]
    fn definitions_that_moved_are_moved_in_the_index() {
        let text = "class a ($x = 1) { $v = template('a/t.erb') }\n";
        let mut parts = Parts::new(
            vec![defs("/m/a/manifests/init.pp", text)],
            Modules::default(),
        );
        let mut index = parts.assemble();
        let moved = format!("\n\n{text}");
        let update = parts.update(defs("/m/a/manifests/init.pp", &moved), &mut index);
        assert_eq!(update, Update::Moved);
        let span = |index: &Index| match &index.class("a").unwrap().origin {
            Origin::Manifest { span, .. } => span.start,
            o => panic!("{o:?}"),
        };
        assert_eq!(span(&index), 8);
        let again = parts.assemble();
        assert_eq!(index.template_uses(), again.template_uses());
        assert_eq!(index.template_uses()[0].line, 3);
        assert_eq!(index.classes(), again.classes(), "as a new assembly gives");
        let same = parts.update(defs("/m/a/manifests/init.pp", &moved), &mut index);
        assert_eq!(same, Update::Same);
        let renamed = parts.update(defs("/m/a/manifests/init.pp", "class b { }\n"), &mut index);
        assert_eq!(renamed, Update::Changed { names: true });
        let other = parts.update(
            defs(
                "/m/a/manifests/init.pp",
                "class b { $x = template('a/u.erb') }\n",
            ),
            &mut index,
        );
        assert_eq!(other, Update::Changed { names: true });
    }
}
