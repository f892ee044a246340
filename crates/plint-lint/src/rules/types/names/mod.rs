//! Names and scopes (P112–P115): variables that are undefined, reassigned or unused, from
//! the scope analysis of [`crate::infer::scope`].
//!
//! One rule per file; registering a rule is one line in the family's `rule_family!` list.

mod scope_analysis;

pub use scope_analysis::read_custom_facts_ahead;

crate::rule_family! {
    undefined_variable::UndefinedVariable,
    reassigned_variable::ReassignedVariable,
    unused_variable::UnusedVariable,
    unused_parameter::UnusedParameter,
}
