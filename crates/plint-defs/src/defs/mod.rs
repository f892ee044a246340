//! Definitions: built-in knowledge loaded from `rules/` (embedded with `include_str!`) and the
//! index of what modules define (classes, defines, functions, type aliases, resource types).

pub mod bolt;
pub mod builtins;
pub mod facts;
pub mod index;
pub mod model;
pub mod ruby;
pub mod tasks;
pub mod templates;
pub mod world;

pub use index::Index;
