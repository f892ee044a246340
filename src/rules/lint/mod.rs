//! puppet-lint's built-in checks about structure and semantics (P400–P429).
//!
//! One rule per file; registering a rule is one `mod` line and one entry in [`RULES`].

use crate::rules::Rule;

mod unquoted_resource_title;

/// This family's rules, in code order.
pub static RULES: &[&dyn Rule] = &[&unquoted_resource_title::UnquotedResourceTitle];
