//! Inference: scopes (which variable a name refers to) and, later, the type of every
//! expression. Emits data, never text: rule files make diagnostics of it.

pub mod facts;
pub mod scope;
