//! puppet-lint's built-in checks about structure and semantics (P400–P429).
//!
//! One rule per file; registering a rule is one `mod` line and one entry in [`RULES`].

use crate::rules::Rule;

pub(crate) mod facts;

mod autoloader_layout;
mod case_without_default;
mod class_inherits_from_params_class;
mod code_on_top_scope;
mod documentation;
mod ensure_first_param;
mod ensure_not_symlink_target;
mod file_mode;
mod inherits_across_namespaces;
mod legacy_facts;
mod names_containing_dash;
mod names_containing_uppercase;
mod nested_classes_or_defines;
mod parameter_order;
mod puppet_url_without_modules;
mod right_to_left_relationship;
mod selector_inside_resource;
mod top_scope_facts;
mod unquoted_file_mode;
mod unquoted_node_name;
mod unquoted_resource_title;
mod variable_scope;

/// This family's rules, in code order.
pub static RULES: &[&dyn Rule] = &[
    &unquoted_resource_title::UnquotedResourceTitle,
    &autoloader_layout::AutoloaderLayout,
    &class_inherits_from_params_class::ClassInheritsFromParamsClass,
    &code_on_top_scope::CodeOnTopScope,
    &inherits_across_namespaces::InheritsAcrossNamespaces,
    &names_containing_dash::NamesContainingDash,
    &names_containing_uppercase::NamesContainingUppercase,
    &nested_classes_or_defines::NestedClassesOrDefines,
    &parameter_order::ParameterOrder,
    &right_to_left_relationship::RightToLeftRelationship,
    &variable_scope::VariableScope,
    &case_without_default::CaseWithoutDefault,
    &selector_inside_resource::SelectorInsideResource,
    &documentation::Documentation,
    &unquoted_node_name::UnquotedNodeName,
    &ensure_first_param::EnsureFirstParam,
    &ensure_not_symlink_target::EnsureNotSymlinkTarget,
    &file_mode::FileMode,
    &unquoted_file_mode::UnquotedFileMode,
    &puppet_url_without_modules::PuppetUrlWithoutModules,
    &legacy_facts::LegacyFacts,
    &top_scope_facts::TopScopeFacts,
];
