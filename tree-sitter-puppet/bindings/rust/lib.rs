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
    fn tree_sitter_puppet_recovery_scans() -> u32;
    fn tree_sitter_puppet_reset_recovery_scans();
}

/// How many times the external scanner was called, on this thread, while the parser was
/// recovering from syntax errors (every token valid), since [`reset_recovery_scans`]. Read from
/// a parse's progress callback, it bounds the work of error recovery: tree-sitter's API says
/// how far a parse is, not how many errors it met.
pub fn recovery_scans() -> u32 {
    // SAFETY: reads the calling thread's counter in scanner.c.
    unsafe { tree_sitter_puppet_recovery_scans() }
}

/// Sets [`recovery_scans`] of this thread to 0 (before a parse).
pub fn reset_recovery_scans() {
    // SAFETY: writes the calling thread's counter in scanner.c.
    unsafe { tree_sitter_puppet_reset_recovery_scans() }
}

/// The tree-sitter language of Puppet.
pub const LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_puppet) };

/// The node types, as generated (`src/node-types.json`).
pub const NODE_TYPES: &str = include_str!("../../src/node-types.json");
