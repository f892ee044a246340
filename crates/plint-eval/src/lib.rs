//! Evaluation: values, operators, the catalog compiler, Hiera, EPP, functions.
//!
//! A layer of plint (see `ARCHITECTURE.md`): it uses only the layers below it, whose
//! modules it re-exports so that `crate::<module>` names them as in one crate.

pub use plint_base::discover;
pub use plint_base::report;
pub use plint_base::ruby_core;
pub use plint_base::sandbox;
pub use plint_base::suggest;
pub use plint_base::yaml;
pub use plint_defs::defs;
pub use plint_defs::infer;
pub use plint_ruby::ruby;
pub use plint_syntax::syntax;
pub use plint_types::types;

pub mod eval;
