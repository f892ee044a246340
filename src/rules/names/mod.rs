//! Names and scopes (P112–P115): variables that are undefined, reassigned or unused, from
//! the scope analysis of [`crate::infer::scope`].
//!
//! One rule per file; registering a rule is one `mod` line and one entry in [`RULES`].

use crate::rules::Rule;

mod support;

pub use support::read_custom_facts_ahead;

mod reassigned_variable;
mod undefined_variable;
mod unused_parameter;
mod unused_variable;

/// This family's rules, in code order.
pub static RULES: &[&dyn Rule] = &[
    &undefined_variable::UndefinedVariable,
    &reassigned_variable::ReassignedVariable,
    &unused_variable::UnusedVariable,
    &unused_parameter::UnusedParameter,
];
