//! Scopes as Puppet 7 has them: named scopes (top, node, class, define instance) in an arena,
//! and the local scopes of lambdas and functions on top of the current one.
//!
//! A variable is looked up in the local scopes, then in the named scope, the classes it
//! inherits from, and the scope enclosing it (the node scope or the top scope). Resource
//! defaults follow the dynamic parent (the scope that declared the class or define).

use std::collections::HashMap;

use super::loader::FileId;
use crate::eval::value::Value;

pub type ScopeId = usize;

/// The top scope: the first of the arena.
pub const TOP: ScopeId = 0;

/// The named scopes of one compilation, in an arena (indexed by [`ScopeId`]), the top scope
/// first; which is the node's and which each evaluated class's.
pub(crate) struct Scopes {
    arena: Vec<Scope>,
    node: Option<ScopeId>,
    /// Evaluated classes: their scopes.
    classes: HashMap<String, ScopeId>,
}

impl Scopes {
    /// The top scope alone.
    pub fn new() -> Self {
        let mut top = Scope::new(None, None, None);
        top.is_top = true;
        Scopes {
            arena: vec![top],
            node: None,
            classes: HashMap::new(),
        }
    }

    /// Adds a scope; gives its id.
    pub fn add(&mut self, scope: Scope) -> ScopeId {
        self.arena.push(scope);
        self.arena.len() - 1
    }

    /// Adds the scope of the node evaluated.
    pub fn add_node(&mut self, scope: Scope) -> ScopeId {
        let id = self.add(scope);
        self.node = Some(id);
        id
    }

    /// Adds the scope of the evaluated class `name`.
    pub fn add_class(&mut self, name: String, scope: Scope) -> ScopeId {
        let id = self.add(scope);
        self.classes.insert(name, id);
        id
    }

    /// The scope of the class `name` (lower case), once evaluated.
    pub fn class(&self, name: &str) -> Option<ScopeId> {
        self.classes.get(name).copied()
    }
}

impl std::ops::Index<ScopeId> for Scopes {
    type Output = Scope;
    fn index(&self, id: ScopeId) -> &Scope {
        &self.arena[id]
    }
}

impl std::ops::IndexMut<ScopeId> for Scopes {
    fn index_mut(&mut self, id: ScopeId) -> &mut Scope {
        &mut self.arena[id]
    }
}

/// A resource default: an attribute's value, and whether it appends (`+>`).
#[derive(Debug, Clone)]
pub struct DefaultAttr {
    pub name: String,
    pub value: Value,
    pub append: bool,
}

#[derive(Debug, Default)]
pub struct Scope {
    pub vars: HashMap<String, Value>,
    /// The scope of the class this class inherits from.
    pub inherited: Option<ScopeId>,
    /// The node or top scope this scope sees after its own and inherited ones.
    pub enclosing: Option<ScopeId>,
    /// The scope that declared this one (resource defaults are looked up through it).
    pub dyn_parent: Option<ScopeId>,
    /// Resource defaults by lower-case type name.
    pub defaults: HashMap<String, Vec<DefaultAttr>>,
    /// The catalog resource this scope evaluates (class, define instance, node, main).
    pub resource: Option<usize>,
    /// The class this scope evaluates (lower case).
    pub class_name: Option<String>,
    /// The module of the code evaluated in this scope.
    pub module: Option<String>,
    pub is_top: bool,
    pub is_node: bool,
    /// Match results of this scope's statements (outside any local scope), innermost last.
    pub matches: Vec<Option<Vec<Value>>>,
}

impl Scope {
    pub fn new(
        inherited: Option<ScopeId>,
        enclosing: Option<ScopeId>,
        dyn_parent: Option<ScopeId>,
    ) -> Self {
        Scope {
            inherited,
            enclosing,
            dyn_parent,
            ..Scope::default()
        }
    }
}

/// A local scope (a lambda's, a function's).
#[derive(Debug, Default)]
pub struct Frame {
    pub vars: HashMap<String, Value>,
    pub matches: Vec<Option<Vec<Value>>>,
}

/// Where evaluation is: a named scope, the local scopes on top of it, and the file whose
/// code is evaluated.
#[derive(Debug, Default)]
pub struct Ctx {
    pub scope: ScopeId,
    pub frames: Vec<Frame>,
    pub file: FileId,
    /// A Puppet function's body sees only its parameters and the top scope.
    pub function: bool,
}

impl Ctx {
    pub fn new(scope: ScopeId, file: FileId) -> Self {
        Ctx {
            scope,
            frames: Vec::new(),
            file,
            function: false,
        }
    }
}
