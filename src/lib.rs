//! plint: a static analyzer, type checker and abstract catalog compiler for Puppet.
//!
//! # Layering
//!
//! Stages depend only on earlier stages:
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
pub mod config;
pub mod defs;
pub mod diff;
pub mod discover;
pub mod eval;
pub mod evaluate;
pub mod infer;
pub mod lint;
pub mod lsp;
pub mod report;
pub mod ruby;
pub mod ruby_core;
pub mod rules;
pub mod sandbox;
pub mod suggest;
pub mod syntax;
pub mod types;
pub mod yaml;
