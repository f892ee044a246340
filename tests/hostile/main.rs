//! Hostile repositories: plint run on an untrusted tree must not leak, hang, blow up, or let
//! the tree act on the terminal or the CI log. One module per area.

#[path = "../common/mod.rs"]
mod common;

mod output;
