//! The owned, typed AST. Every node carries a byte span into its file.

use std::ops::Range;

pub type Span = Range<usize>;

/// One parsed file.
#[derive(Debug, Clone, PartialEq)]
pub struct File {
    pub span: Span,
    pub statements: Vec<Expr>,
}

/// Placeholder; replaced by the full expression enum.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    pub span: Span,
}
