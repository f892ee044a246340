//! Types and names (P1xx): the checks that follow from type inference ([`crate::infer`]).
//!
//! One rule per file; registering a rule is one line in the family's `rule_family!` list.

mod analysis;
pub mod names;

crate::rule_family! {
    unknown_function::UnknownFunction,
    function_argument_mismatch::FunctionArgumentMismatch,
    lambda_mismatch::LambdaMismatch,
    unknown_resource_type::UnknownResourceType,
    unknown_attribute::UnknownAttribute,
    attribute_type_mismatch::AttributeTypeMismatch,
    unknown_class::UnknownClass,
    unknown_class_parameter::UnknownClassParameter,
    missing_required_parameter::MissingRequiredParameter,
    parameter_type_mismatch::ParameterTypeMismatch,
    default_type_mismatch::DefaultTypeMismatch,
    operator_type_mismatch::OperatorTypeMismatch,
    duplicate_resource::DuplicateResource,
    invalid_access::InvalidAccess,
    unreachable_case_branch::UnreachableCaseBranch,
    unknown_type::UnknownType,
    regex_too_costly::RegexTooCostly,
    invalid_task_call::InvalidTaskCall,
    missing_template::MissingTemplate,
    missing_module_file::MissingModuleFile,
}
