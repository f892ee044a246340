//! puppet-lint's built-in checks about structure and semantics (P400–P429).
//!
//! One rule per file; registering a rule is one line in the family's `rule_family!` list.

pub(crate) mod fact_reads;

crate::rule_family! {
    unquoted_resource_title::UnquotedResourceTitle,
    autoloader_layout::AutoloaderLayout,
    class_inherits_from_params_class::ClassInheritsFromParamsClass,
    code_on_top_scope::CodeOnTopScope,
    inherits_across_namespaces::InheritsAcrossNamespaces,
    names_containing_dash::NamesContainingDash,
    names_containing_uppercase::NamesContainingUppercase,
    nested_classes_or_defines::NestedClassesOrDefines,
    parameter_order::ParameterOrder,
    right_to_left_relationship::RightToLeftRelationship,
    variable_scope::VariableScope,
    case_without_default::CaseWithoutDefault,
    selector_inside_resource::SelectorInsideResource,
    documentation::Documentation,
    unquoted_node_name::UnquotedNodeName,
    ensure_first_param::EnsureFirstParam,
    ensure_not_symlink_target::EnsureNotSymlinkTarget,
    file_mode::FileMode,
    unquoted_file_mode::UnquotedFileMode,
    puppet_url_without_modules::PuppetUrlWithoutModules,
    legacy_facts::LegacyFacts,
    top_scope_facts::TopScopeFacts,
}
