//! Puppet's syntax: tree-sitter's parse lowered to an owned AST, syntax errors, tokens.
//!
//! A layer of plint (see `ARCHITECTURE.md`): it uses only the layers below it, whose
//! modules it re-exports so that `crate::<module>` names them as in one crate.

pub use plint_base::discover;
pub use plint_base::report;
pub use plint_base::ruby_core;
pub use plint_base::sandbox;
pub use plint_base::suggest;
pub use plint_base::yaml;

pub mod syntax;
