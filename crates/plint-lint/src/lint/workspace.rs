//! A program's index kept across checks: the language server's workspace.
//!
//! [`super::Session::index_workspace`] reads and indexes a whole program once (its manifests,
//! its modules and those of the module path, its world). Each [`super::Session::check_in`]
//! then parses only the files it checks, puts what they define now in place of what the
//! workspace held for them ([`crate::defs::index::Parts`]), and assembles the index again
//! only when that changed other than by moving in the file (an edit above a definition
//! moves the index's entries in place); no other file is read.

use crate::defs::Index;
use crate::defs::index::{FileDefs, Parts, Update};
use crate::defs::world::World;
use crate::discover::module::ModuleRoot;
use crate::sandbox::Sandbox;

/// The index of a program, kept up to date with the files checked in it.
#[derive(Debug)]
pub struct Workspace {
    roots: Vec<ModuleRoot>,
    world: World,
    parts: Parts,
    index: Index,
    /// Whether the last update changed what the program defines (see [`Parts::replace`]).
    names_changed: bool,
}

impl Workspace {
    /// The workspace of these parts, module roots and world; its index assembled, with the
    /// custom facts and templates read through `sandbox`.
    pub fn new(parts: Parts, roots: Vec<ModuleRoot>, world: World, sandbox: &Sandbox) -> Workspace {
        let mut workspace = Workspace {
            roots,
            world,
            parts,
            index: Index::default(),
            names_changed: false,
        };
        workspace.assemble(sandbox);
        workspace
    }

    fn assemble(&mut self, sandbox: &Sandbox) {
        let mut index = self
            .parts
            .assemble()
            .with_world(self.world.clone())
            .with_custom_facts(crate::defs::facts::CustomFacts::new(sandbox.clone()));
        index.probe_rendered_templates(sandbox);
        self.index = index;
    }

    /// The program's index.
    pub fn index(&self) -> &Index {
        &self.index
    }

    /// The module roots of the program.
    pub fn roots(&self) -> &[ModuleRoot] {
        &self.roots
    }

    /// What each manifest of the program defines.
    pub fn parts(&self) -> &Parts {
        &self.parts
    }

    /// Whether the last check changed what the program defines (a name, a parameter, a
    /// type...): the other files that use it may need a new check.
    pub fn names_changed(&self) -> bool {
        self.names_changed
    }

    /// Reads the manifests at `paths` again through `sandbox` (as they are on disk, say, once
    /// the editor that changed them closed them unsaved) and puts what they define in place.
    pub fn reread(&mut self, paths: &[std::path::PathBuf], sandbox: &Sandbox) {
        let defs = crate::defs::index::read_manifests(paths.to_vec(), sandbox);
        self.update(defs, sandbox);
    }

    /// Puts what these manifests define now in place; the index is assembled again (with
    /// `sandbox`'s texts) when anything of it changed.
    pub(crate) fn update(&mut self, defs: Vec<FileDefs>, sandbox: &Sandbox) {
        self.names_changed = false;
        let mut assemble = false;
        for d in defs {
            if let Update::Changed { names } = self.parts.update(d, &mut self.index) {
                assemble = true;
                self.names_changed |= names;
            }
        }
        if assemble {
            self.assemble(sandbox);
        }
    }
}
