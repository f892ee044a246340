//! Hostile input: plint stays safe (no hang, no abort, no leak) on untrusted repositories.
//! One module per area.

#[path = "../common/mod.rs"]
mod common;

mod eval;
