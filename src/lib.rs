//! plint: a static analyzer, type checker and abstract catalog compiler for Puppet.
//!
//! # Layering
//!
//! The layers are the crates of the workspace (`crates/`, see `ARCHITECTURE.md`), each using only
//! the ones below it; this crate holds the command line (`cli`) and the language server (`lsp`)
//! and re-exports every layer's modules. Within the layers, stages depend only on earlier stages:
//! `discover` → `syntax` → `types` → `ruby` → `defs` → `infer` → `eval` → `rules` → `config` → `lint` →
//! `evaluate` → `diff` → `cli`. `report` (diagnostics and their output formats) is a leaf every stage may
//! use.
//! `sandbox` (the confined file system: allowed roots, regular files, size limits, loop-safe
//! walks) is a leaf too: every stage reads files and walks folders through it, never directly.
//! `yaml` (YAML's syntax as libyaml, and so Puppet's Psych, reads it) is a leaf: every reading
//! of YAML goes through it. `ruby_core` (Ruby's core behaviours that Puppet's output shows, such
//! as Base64) is a leaf too: each is written once there. So is `suggest` (the near-miss names of
//! "did you mean").
//! Nothing after `syntax` touches tree-sitter: each worker parses one file, lowers it to the
//! owned AST in [`syntax::ast`] and drops the concrete tree.
//!
//! No process-global mutable state: a run's state (settings, sandbox, index, caches) lives in
//! values passed explicitly, chiefly [`lint::Session`], [`evaluate::Session`] and
//! [`defs::Index`], so two runs in one process are independent. `ARCHITECTURE.md` maps the code
//! and says where to add a rule, a built-in function or an output format.

pub mod cli;
pub use plint_base::discover;
pub use plint_defs::defs;
pub use plint_defs::infer;
pub use plint_eval::eval;
pub use plint_lint::config;
pub use plint_lint::diff;
pub use plint_lint::evaluate;
pub use plint_lint::lint;
pub mod lsp;
pub use plint_base::report;
pub use plint_base::ruby_core;
pub use plint_base::sandbox;
pub use plint_base::suggest;
pub use plint_base::yaml;
pub use plint_lint::rules;
pub use plint_ruby::ruby;
pub use plint_syntax::syntax;
pub use plint_types::types;
