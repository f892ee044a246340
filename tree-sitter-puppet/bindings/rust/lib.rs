//! plint's tree-sitter grammar of the Puppet language.
//!
//! ```
//! let mut parser = tree_sitter::Parser::new();
//! parser.set_language(&tree_sitter_puppet::LANGUAGE.into()).unwrap();
//! let tree = parser.parse("notice('hello')", None).unwrap();
//! assert!(!tree.root_node().has_error());
//! ```

use tree_sitter_language::LanguageFn;

unsafe extern "C" {
    fn tree_sitter_puppet() -> *const ();
}

/// The tree-sitter language of Puppet.
pub const LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_puppet) };

/// The node types, as generated (`src/node-types.json`).
pub const NODE_TYPES: &str = include_str!("../../src/node-types.json");
