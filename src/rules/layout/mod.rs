//! puppet-lint's built-in checks about layout, whitespace, comments and strings (P430–P459).
//!
//! One rule per file; registering a rule is one `mod` line and one entry in [`RULES`].

use crate::rules::Rule;

/// This family's rules, in code order.
pub static RULES: &[&dyn Rule] = &[];
