//! Hostile repositories: what a pull request from a stranger can carry, run through the plint
//! binary as CI runs it. plint must not leak, hang, blow up, or let the tree act on the
//! terminal or the CI log. Each tree is generated at test time; each run is bounded in time
//! and memory. One module per area.

#[path = "../common/mod.rs"]
mod common;
mod harness;

mod eval;
mod fs;
mod output;
mod regex;
mod syntax;
