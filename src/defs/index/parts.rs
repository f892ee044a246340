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

use super::{FileDefs, Index, Modules};
use crate::defs::model::ClassKind;

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

    /// What the manifest at `path` defines, when the parts hold it.
    pub fn of(&self, path: &Path) -> Option<&FileDefs> {
        self.by_path.get(path).map(|&i| &self.manifests[i])
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
    }
}
