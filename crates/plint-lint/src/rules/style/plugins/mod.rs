//! Checks of widely used puppet-lint plugins (P460–P499).
//!
//! One rule per file; registering a rule is one line in the family's `rule_family!` list.
//! `tokens` keeps the syntax stage's token stream in the file cache; `support` holds shared helpers.

mod definitions;
pub(crate) mod tokens;

crate::rule_family! {
    absolute_class_inclusion::AbsoluteClassInclusion,
    absolute_class_reference::AbsoluteClassReference,
    anchor_resource::AnchorResource,
    file_ensure_present::FileEnsurePresent,
    leading_zero_number::LeadingZeroNumber,
    lookup_in_parameter_default::LookupInParameterDefault,
    optional_parameter_default::OptionalParameterDefault,
    undocumented_parameter::UndocumentedParameter,
    untyped_parameter::UntypedParameter,
    empty_string_parameter_default::EmptyStringParameterDefault,
    unquoted_reference_title::UnquotedReferenceTitle,
    capitalized_reference_title::CapitalizedReferenceTitle,
    wrong_indentation::WrongIndentation,
    top_scope_qualified_variable::TopScopeQualifiedVariable,
    missing_trailing_comma::MissingTrailingComma,
    unquoted_string_in_case::UnquotedStringInCase,
    unquoted_string_in_selector::UnquotedStringInSelector,
    capitalized_variable::CapitalizedVariable,
    numeric_version_comparison::NumericVersionComparison,
    space_before_opening_brace::SpaceBeforeOpeningBrace,
    space_after_opening_brace::SpaceAfterOpeningBrace,
    space_before_closing_brace::SpaceBeforeClosingBrace,
    space_after_closing_brace::SpaceAfterClosingBrace,
    trailing_blank_lines::TrailingBlankLines,
    consecutive_blank_lines::ConsecutiveBlankLines,
    leading_blank_lines::LeadingBlankLines,
    space_before_opening_bracket::SpaceBeforeOpeningBracket,
    space_after_opening_bracket::SpaceAfterOpeningBracket,
    space_before_closing_bracket::SpaceBeforeClosingBracket,
    space_after_closing_bracket::SpaceAfterClosingBracket,
    space_after_arrow::SpaceAfterArrow,
    space_after_definition_keyword::SpaceAfterDefinitionKeyword,
    space_after_definition_name::SpaceAfterDefinitionName,
    space_before_definition_body::SpaceBeforeDefinitionBody,
    space_after_inherits::SpaceAfterInherits,
    space_after_parent_class::SpaceAfterParentClass,
}
