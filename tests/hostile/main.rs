//! Hostile repositories: what a pull request from a stranger can carry, run through the plint
//! binary as CI runs it. Each tree is generated at test time; each run is bounded in time and
//! memory; no secret placed outside the tree (or in the environment) may appear in any output.

#[path = "../common/mod.rs"]
mod common;
mod harness;

mod fs;
