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
