//! Types and names (P1xx): the checks that follow from type inference ([`crate::infer`]).
//!
//! One rule per file; registering a rule is one `mod` line and one entry in [`RULES`].

use crate::rules::Rule;

mod support;

mod attribute_type_mismatch;
mod default_type_mismatch;
mod duplicate_resource;
mod function_argument_mismatch;
mod invalid_access;
mod invalid_task_call;
mod lambda_mismatch;
mod missing_required_parameter;
mod operator_type_mismatch;
mod parameter_type_mismatch;
mod regex_too_costly;
mod unknown_attribute;
mod unknown_class;
mod unknown_class_parameter;
mod unknown_function;
mod unknown_resource_type;
mod unknown_type;
mod unreachable_case_branch;

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
    &regex_too_costly::RegexTooCostly,
    &invalid_task_call::InvalidTaskCall,
];
