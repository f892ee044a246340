//! Parsing: source text -> concrete tree (tree-sitter) -> owned, typed AST, plus syntax
//! diagnostics (`P001`). Never fails: a file with syntax errors still yields an AST of
//! whatever could be recovered, and every error becomes a diagnostic.

pub mod ast;

use crate::report::Diagnostic;

/// The result of parsing one file.
#[derive(Debug)]
pub struct Parsed {
    pub ast: ast::File,
    /// Syntax diagnostics (`P001`), in source order.
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses and lowers one file. Safe to call from many threads at once.
pub fn parse(source: &str) -> Parsed {
    // Placeholder until the grammar lands: an empty AST and no diagnostics.
    Parsed {
        ast: ast::File {
            span: 0..source.len(),
            statements: Vec::new(),
        },
        diagnostics: Vec::new(),
    }
}
