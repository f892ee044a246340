//! The language's validation rules (P3xx), as Puppet 7's validator (`checker4_0`) reports them.
//!
//! One rule per file; registering a rule is one `mod` line and one entry in [`RULES`].

use crate::rules::Rule;

mod duplicate_parameter;

/// This family's rules, in code order.
pub static RULES: &[&dyn Rule] = &[&duplicate_parameter::DuplicateParameter];
