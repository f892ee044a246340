//! Abstract evaluation: values (known, or unknown of a known type), the operators with Puppet
//! 7's exact rules, string interpolation, the pure built-in functions, and the catalog compiler
//! ([`compiler`]), which is also the one evaluator of expressions and snippets.
//!
//! What cannot be known statically is never guessed: it is a [`Value::Unknown`] of a known
//! type, and operators and functions propagate it. A condition on an unknown is reported by the
//! caller.

pub mod budget;
pub mod catalog;
pub mod checks;
pub mod collect;
pub mod compiler;
pub mod diag;
pub mod epp;
pub mod error;
pub mod facts;
pub mod functions;
pub mod hiera;
pub mod hocon;
pub mod number;
pub mod ops;
pub mod regex;
pub mod time;
pub mod value;
pub mod value_type;
pub mod yaml;

pub use error::{ErrorKind, EvalError, EvalResult};
pub use value::{Hash, ResourceRef, TypeVal, Unknown, Value};
