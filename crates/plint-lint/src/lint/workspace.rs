//! A program's index kept across checks: the language server's workspace.
//!
//! [`super::Session::index_workspace`] reads and indexes a whole program once (its manifests,
//! its modules and those of the module path, its world). Each [`super::Session::check_in`]
//! then parses only the files it checks, puts what they define now in place of what the
//! workspace held for them ([`crate::defs::index::Parts`]), and assembles the index again
//! only when that changed other than by moving in the file (an edit above a definition
//! moves the index's entries in place); no other file is read.

use crate::defs::Index;
use crate::defs::index::{FileDefs, Parts, RubyReread, Update};
use crate::defs::world::World;
use crate::discover::module::ModuleRoot;
use std::path::PathBuf;

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

    /// The files at `paths` changed on disk (created, changed or deleted by another program
    /// than the editor; or closed unsaved in the editor that changed them): reads each manifest (`.pp`) and each Ruby file of a module's
    /// `lib/puppet` again through `sandbox`, and puts what it defines now in place of what the
    /// workspace held for it, or takes it out when it can no longer be read; other files are
    /// left alone. The index is assembled again when anything changed. Returns the paths that
    /// could not be read (deleted, or unreadable).
    pub fn refresh(&mut self, paths: &[PathBuf], sandbox: &Sandbox) -> Vec<PathBuf> {
        let manifests: Vec<PathBuf> = paths
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "pp"))
            .cloned()
            .collect();
        let defs = crate::defs::index::read_manifests(manifests.clone(), sandbox);
        let mut gone: Vec<PathBuf> = manifests
            .into_iter()
            .filter(|p| !defs.iter().any(|d| d.path() == p))
            .collect();
        self.update(defs, sandbox);
        let mut names = self.names_changed;
        let mut assemble = false;
        for path in &gone {
            if self.parts.remove(path) {
                assemble = true;
                names = true;
            }
        }
        for path in paths {
            match self.parts.reread_ruby(path, sandbox) {
                Some(RubyReread::Read) => {
                    assemble = true;
                    names = true;
                }
                Some(RubyReread::Dropped) => {
                    assemble = true;
                    names = true;
                    gone.push(path.clone());
                }
                Some(RubyReread::Unreadable) => gone.push(path.clone()),
                None => {}
            }
        }
        if assemble {
            self.assemble(sandbox);
        }
        self.names_changed = names;
        gone
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
