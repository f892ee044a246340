//! Hostile repositories: plint stays safe and bounded on input written to hurt it. One module
//! per area.

#[path = "../common/mod.rs"]
mod common;

mod regex;
