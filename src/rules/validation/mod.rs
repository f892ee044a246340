//! The language's validation rules (P3xx), as Puppet 7's validator (`checker4_0`) reports them.
//!
//! One rule per file; registering a rule is one `mod` line and one entry in [`RULES`].

use crate::rules::Rule;

mod support;

mod append_or_delete_assignment;
mod assignment_in_parameter_default;
mod attribute_append_in_resource;
mod catalog_expression_in_plan;
mod code_outside_definition_in_module;
mod collector_as_value;
mod cross_scope_assignment;
mod definition_ends_with_value;
mod definition_in_wrong_file;
mod definition_not_at_top_level;
mod duplicate_attribute;
mod duplicate_default;
mod duplicate_hash_key;
mod duplicate_parameter;
mod duplicate_resource_title;
mod expression_without_effect;
mod future_reserved_word;
mod invalid_assignment_target;
mod invalid_collector_query;
mod invalid_definition_name;
mod invalid_heredoc_syntax;
mod invalid_node_name;
mod invalid_parameter_name;
mod invalid_variable_name;
mod match_variable_assignment;
mod misplaced_captures_rest;
mod multiple_attribute_splats;
mod nested_function_or_type;
mod node_inheritance;
mod number_too_large;
mod override_on_variable;
mod required_parameter_after_optional;
mod reserved_parameter_name;
mod reserved_type_name;
mod reserved_word;
mod type_alias_not_a_type;
mod unsupported_type_definition;
mod virtual_class;

/// This family's rules, in code order.
pub static RULES: &[&dyn Rule] = &[
    &duplicate_parameter::DuplicateParameter,
    &definition_not_at_top_level::DefinitionNotAtTopLevel,
    &nested_function_or_type::NestedFunctionOrType,
    &node_inheritance::NodeInheritance,
    &invalid_assignment_target::InvalidAssignmentTarget,
    &cross_scope_assignment::CrossScopeAssignment,
    &match_variable_assignment::MatchVariableAssignment,
    &append_or_delete_assignment::AppendOrDeleteAssignment,
    &assignment_in_parameter_default::AssignmentInParameterDefault,
    &attribute_append_in_resource::AttributeAppendInResource,
    &multiple_attribute_splats::MultipleAttributeSplats,
    &invalid_parameter_name::InvalidParameterName,
    &invalid_variable_name::InvalidVariableName,
    &misplaced_captures_rest::MisplacedCapturesRest,
    &reserved_parameter_name::ReservedParameterName,
    &duplicate_hash_key::DuplicateHashKey,
    &duplicate_default::DuplicateDefault,
    &expression_without_effect::ExpressionWithoutEffect,
    &definition_ends_with_value::DefinitionEndsWithValue,
    &virtual_class::VirtualClass,
    &invalid_node_name::InvalidNodeName,
    &invalid_definition_name::InvalidDefinitionName,
    &reserved_type_name::ReservedTypeName,
    &future_reserved_word::FutureReservedWord,
    &reserved_word::ReservedWord,
    &type_alias_not_a_type::TypeAliasNotAType,
    &unsupported_type_definition::UnsupportedTypeDefinition,
    &invalid_collector_query::InvalidCollectorQuery,
    &number_too_large::NumberTooLarge,
    &collector_as_value::CollectorAsValue,
    &override_on_variable::OverrideOnVariable,
    &duplicate_resource_title::DuplicateResourceTitle,
    &duplicate_attribute::DuplicateAttribute,
    &code_outside_definition_in_module::CodeOutsideDefinitionInModule,
    &definition_in_wrong_file::DefinitionInWrongFile,
    &invalid_heredoc_syntax::InvalidHeredocSyntax,
    &required_parameter_after_optional::RequiredParameterAfterOptional,
    &catalog_expression_in_plan::CatalogExpressionInPlan,
];
