//! Ruby functions and resource types of modules, read from their syntax tree (never run).
//!
//! Each file is parsed with Prism through [`crate::ruby::parse`] (plint's owned tree,
//! [`crate::ruby::ast`]); the declarations are read from the tree, so comments, strings,
//! heredocs, `%w[]` lists and nested blocks are what Ruby makes of them. What the reading does
//! not understand makes a definition looser (`Any`, an incomplete type), never stricter.
//!
//! - 4.x functions (`lib/puppet/functions/**/*.rb`): read by [`crate::ruby::function::read_v4`]
//!   (the reading the evaluator uses): one [`Signature`] per `dispatch` block, in order; a
//!   function without `dispatch` gets the signature of its method named after the function
//!   (`def min(a, b = 1, *rest, &block)`: `Any` parameters), or none (any call is accepted)
//!   when that method is not found. Types that use the function's `local_types` aliases
//!   become `Any`.
//! - 3.x functions (`lib/puppet/parser/functions/*.rb`): `newfunction(:name, :type => :rvalue,
//!   :arity => n)`; arity `n >= 0` is `n` parameters, `-n-1` at least `n`; without an arity,
//!   no signature (any call is accepted).
//! - resource types (`lib/puppet/type/*.rb`): `Puppet::Type.newtype(:name)` with `newparam`,
//!   `newproperty`, `ensurable`, `newvalues` / `newvalue` / `aliasvalue`, namevars
//!   (`:namevar => true`, `isnamevar`); and Resource API types
//!   (`Puppet::ResourceApi.register_type(name: ..., attributes: { ... })`).
//! - the top-scope variables a function sets (`closure_scope['x'] = ...`, `scope['x'] = ...`,
//!   `scope.setvar('x', ...)`).
//!
//! The index reads most files only when a lookup first asks for what they declare
//! (`deferred.rs`, [`read`]): their names are read from their text when it says them exactly.
//!
//! A file Prism cannot parse is read leniently (`fallback.rs`): the functions and types whose
//! names a search of its text finds are known with no signature and no attributes (any call,
//! any attribute is accepted), and the variables set are found line by line.

use std::path::PathBuf;

use super::model::{
    AttributeDef, AttributeKind, BlockParam, FunctionDef, FunctionKind, Origin, ParamKind,
    ResourceTypeDef, SigParam, Signature, TitlePattern, TypeSrc,
};
use crate::ruby::ast::{Node, NodeKind, Target};

pub use deferred::{Deferred, Read, read};

mod deferred;
mod fallback;
mod functions;
#[cfg(test)]
mod tests;
mod types;

/// What a Ruby file defines, by where it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `lib/puppet/functions/**/*.rb`
    Function4x,
    /// `lib/puppet/parser/functions/*.rb`
    Function3x,
    /// `lib/puppet/type/*.rb`
    ResourceType,
}

/// A Ruby file to read.
#[derive(Debug, Clone)]
pub struct Source {
    pub path: PathBuf,
    pub text: String,
    pub kind: Kind,
}

/// What a Ruby file defines.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Defs {
    pub functions: Vec<FunctionDef>,
    pub resource_types: Vec<ResourceTypeDef>,
    /// Top-scope variables a function sets (`closure_scope['x'] = ...`, `scope['x'] = ...`,
    /// `scope.setvar('x', ...)`), with the 1-based line.
    pub top_variables: Vec<(String, u32)>,
}

/// Reads one file.
pub fn scan(source: &Source) -> Defs {
    let label = source.path.display().to_string();
    let Ok(program) = crate::ruby::parse(&label, &source.text) else {
        return fallback::read(source);
    };
    let file = File {
        program: &program,
        path: &source.path,
    };
    let root = &program.root;
    // A tree holds a call only where its text holds the name: the walks for calls the text
    // does not mention are skipped.
    let mentions =
        |word: &str| memchr::memmem::find(source.text.as_bytes(), word.as_bytes()).is_some();
    let mut defs = Defs::default();
    match source.kind {
        Kind::Function4x | Kind::Function3x => {
            defs.functions = if source.kind == Kind::Function4x {
                functions::functions_4x(&file, root)
            } else {
                functions::functions_3x(&file, root)
            };
            if mentions("scope") {
                defs.top_variables = variables_set(&file, root);
            }
        }
        Kind::ResourceType => {
            if mentions("newtype") {
                defs.resource_types = types::newtypes(&file, root);
            }
            if mentions("register_type") {
                defs.resource_types
                    .extend(types::resource_api_types(&file, root));
            }
        }
    }
    defs
}

/// A parsed file being read.
struct File<'a> {
    program: &'a crate::ruby::Program,
    path: &'a std::path::Path,
}

impl File<'_> {
    /// Where a node is, as a definition's origin.
    fn origin(&self, node: &Node) -> Origin {
        Origin::Ruby {
            path: self.path.to_path_buf(),
            line: self.program.line_of(node.span.start),
        }
    }
}

/// Calls `f` on `node` and, where `f` returns true, on its children, depth first in source
/// order.
fn walk(node: &Node, f: &mut dyn FnMut(&Node) -> bool) {
    if f(node) {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
            node.for_each_child(&mut |c| walk(c, f));
        });
    }
}

/// The text of a symbol or string literal.
fn literal(node: &Node) -> Option<&str> {
    match &node.kind {
        NodeKind::Sym(s) => Some(s),
        NodeKind::Str { text, .. } => Some(text),
        _ => None,
    }
}

/// The pairs of a hash literal (braced, or the keywords of a call).
fn hash_pairs(node: &Node) -> Option<&[(Node, Node)]> {
    match &node.kind {
        NodeKind::Hash(pairs) => Some(pairs),
        _ => None,
    }
}

/// The value of `key` (a symbol or a string) in hash pairs.
fn hash_get<'a>(pairs: &'a [(Node, Node)], key: &str) -> Option<&'a Node> {
    pairs
        .iter()
        .find(|(k, _)| literal(k) == Some(key))
        .map(|(_, v)| v)
}

/// The options of a call: the pairs of its hash arguments (`:namevar => true`, `parent: X`).
fn options(args: &[Node]) -> impl Iterator<Item = &(Node, Node)> {
    args.iter().filter_map(hash_pairs).flatten()
}

/// The variables a function sets in the scope it is called from (which is top scope when it
/// is called there): `closure_scope['x'] = v` (a call of `[]=`), `scope['x'] = v` (also `||=`
/// and the other operator assignments), `scope.setvar('x', v)`, with `scope` a method (also `self.scope`)
/// or a variable; each once, with its 1-based line. Names made at run time (`scope[name] =
/// v`) are not read.
fn variables_set(file: &File<'_>, root: &Node) -> Vec<(String, u32)> {
    // Local variables holding a scope: `top = scope.compiler.topscope`.
    let mut locals: Vec<String> = Vec::new();
    walk(root, &mut |n| {
        if let NodeKind::Assign(Target::Local(name), value) = &n.kind
            && is_scope(value, &[])
        {
            locals.push(name.clone());
        }
        true
    });
    let is_scope = |n: &Node| is_scope(n, &locals);
    let mut out: Vec<(String, u32)> = Vec::new();
    walk(root, &mut |n| {
        let name = match &n.kind {
            NodeKind::Assign(Target::Index { recv, args }, _)
            | NodeKind::OpAssign {
                target: Target::Index { recv, args },
                ..
            } if is_scope(recv) && args.len() == 1 => match &args[0].kind {
                NodeKind::Str { text, .. } => Some(text.as_str()),
                _ => None,
            },
            NodeKind::Call {
                recv: Some(recv),
                name,
                args,
                ..
            } if (name == "setvar" || name == "[]=" && args.len() == 2) && is_scope(recv) => {
                args.first().and_then(|a| match &a.kind {
                    NodeKind::Str { text, .. } => Some(text.as_str()),
                    _ => None,
                })
            }
            _ => None,
        };
        if let Some(name) = name {
            let name = name.trim_start_matches("::");
            if !name.is_empty()
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && !out.iter().any(|(n, _)| n == name)
            {
                out.push((name.to_string(), file.program.line_of(n.span.start)));
            }
        }
        true
    });
    out
}

/// `scope`, `closure_scope` (methods, variables, `self.scope`), the top scope
/// (`scope.compiler.topscope`), and the local variables in `locals`, which hold one of those.
fn is_scope(n: &Node, locals: &[String]) -> bool {
    let name = match &n.kind {
        NodeKind::Call { name, args, .. } if args.is_empty() => name,
        NodeKind::Local(name) if locals.contains(name) => return true,
        NodeKind::Local(name) | NodeKind::Ivar(name) => name,
        _ => return false,
    };
    name == "scope" || name == "closure_scope" || name == "topscope"
}
