//! The leaves every layer uses: diagnostics and their output formats (`report`), the confined file system (`sandbox`), YAML's syntax (`yaml`), Ruby's core behaviours (`ruby_core`), near-miss names (`suggest`), and the walk of the given paths and module roots (`discover`).
//!
//! A layer of plint (see `ARCHITECTURE.md`): it uses only the layers below it, whose
//! modules it re-exports so that `crate::<module>` names them as in one crate.

pub mod discover;
pub mod report;
pub mod ruby_core;
pub mod sandbox;
pub mod suggest;
pub mod yaml;
