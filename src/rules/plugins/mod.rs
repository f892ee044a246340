//! Checks of widely used puppet-lint plugins (P460–P499).
//!
//! One rule per file; registering a rule is one `mod` line and one entry in [`RULES`].

use crate::rules::Rule;

/// This family's rules, in code order.
pub static RULES: &[&dyn Rule] = &[];
