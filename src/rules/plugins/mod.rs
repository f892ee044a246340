//! Checks of widely used puppet-lint plugins (P460–P499).
//!
//! One rule per file; registering a rule is one `mod` line and one entry in [`RULES`].
//! `tokens` gives the layout checks a token stream; `support` holds shared helpers.

use crate::rules::Rule;

mod support;
pub(crate) mod tokens;

mod absolute_class_inclusion;
mod absolute_class_reference;
mod anchor_resource;
mod capitalized_reference_title;
mod capitalized_variable;
mod consecutive_blank_lines;
mod empty_string_parameter_default;
mod file_ensure_present;
mod leading_blank_lines;
mod leading_zero_number;
mod lookup_in_parameter_default;
mod missing_trailing_comma;
mod numeric_version_comparison;
mod optional_parameter_default;
mod space_after_arrow;
mod space_after_closing_brace;
mod space_after_closing_bracket;
mod space_after_definition_keyword;
mod space_after_definition_name;
mod space_after_inherits;
mod space_after_opening_brace;
mod space_after_opening_bracket;
mod space_after_parent_class;
mod space_before_closing_brace;
mod space_before_closing_bracket;
mod space_before_definition_body;
mod space_before_opening_brace;
mod space_before_opening_bracket;
mod top_scope_qualified_variable;
mod trailing_blank_lines;
mod undocumented_parameter;
mod unquoted_reference_title;
mod unquoted_string_in_case;
mod unquoted_string_in_selector;
mod untyped_parameter;
mod wrong_indentation;

/// This family's rules, in code order.
pub static RULES: &[&dyn Rule] = &[
    &absolute_class_inclusion::AbsoluteClassInclusion,
    &absolute_class_reference::AbsoluteClassReference,
    &anchor_resource::AnchorResource,
    &file_ensure_present::FileEnsurePresent,
    &leading_zero_number::LeadingZeroNumber,
    &lookup_in_parameter_default::LookupInParameterDefault,
    &optional_parameter_default::OptionalParameterDefault,
    &undocumented_parameter::UndocumentedParameter,
    &untyped_parameter::UntypedParameter,
    &empty_string_parameter_default::EmptyStringParameterDefault,
    &unquoted_reference_title::UnquotedReferenceTitle,
    &capitalized_reference_title::CapitalizedReferenceTitle,
    &wrong_indentation::WrongIndentation,
    &top_scope_qualified_variable::TopScopeQualifiedVariable,
    &missing_trailing_comma::MissingTrailingComma,
    &unquoted_string_in_case::UnquotedStringInCase,
    &unquoted_string_in_selector::UnquotedStringInSelector,
    &capitalized_variable::CapitalizedVariable,
    &numeric_version_comparison::NumericVersionComparison,
    &space_before_opening_brace::SpaceBeforeOpeningBrace,
    &space_after_opening_brace::SpaceAfterOpeningBrace,
    &space_before_closing_brace::SpaceBeforeClosingBrace,
    &space_after_closing_brace::SpaceAfterClosingBrace,
    &trailing_blank_lines::TrailingBlankLines,
    &consecutive_blank_lines::ConsecutiveBlankLines,
    &leading_blank_lines::LeadingBlankLines,
    &space_before_opening_bracket::SpaceBeforeOpeningBracket,
    &space_after_opening_bracket::SpaceAfterOpeningBracket,
    &space_before_closing_bracket::SpaceBeforeClosingBracket,
    &space_after_closing_bracket::SpaceAfterClosingBracket,
    &space_after_arrow::SpaceAfterArrow,
    &space_after_definition_keyword::SpaceAfterDefinitionKeyword,
    &space_after_definition_name::SpaceAfterDefinitionName,
    &space_before_definition_body::SpaceBeforeDefinitionBody,
    &space_after_inherits::SpaceAfterInherits,
    &space_after_parent_class::SpaceAfterParentClass,
];
