//! Types and names (P1xx): the checks that follow from type inference ([`crate::infer`]).
//!
//! One rule per file; registering a rule is one `mod` line and one entry in [`RULES`].

use crate::rules::Rule;

mod support;

mod unknown_function;
mod function_argument_mismatch;
mod lambda_mismatch;
mod unknown_resource_type;
mod unknown_attribute;
mod attribute_type_mismatch;
mod unknown_class;
mod unknown_class_parameter;
mod missing_required_parameter;
mod parameter_type_mismatch;
mod default_type_mismatch;
mod operator_type_mismatch;
mod duplicate_resource;
mod invalid_access;
mod unreachable_case_branch;
mod unknown_type;

/// This family's rules, in code order.
pub static RULES: &[&dyn Rule] = &[
    &unknown_function::UnknownFunction,
    &function_argument_mismatch::FunctionArgumentMismatch,
    &lambda_mismatch::LambdaMismatch,
    &unknown_resource_type::UnknownResourceType,
    &unknown_attribute::UnknownAttribute,
    &attribute_type_mismatch::AttributeTypeMismatch,
    &unknown_class::UnknownClass,
    &unknown_class_parameter::UnknownClassParameter,
    &missing_required_parameter::MissingRequiredParameter,
    &parameter_type_mismatch::ParameterTypeMismatch,
    &default_type_mismatch::DefaultTypeMismatch,
    &operator_type_mismatch::OperatorTypeMismatch,
    &duplicate_resource::DuplicateResource,
    &invalid_access::InvalidAccess,
    &unreachable_case_branch::UnreachableCaseBranch,
    &unknown_type::UnknownType,
];
