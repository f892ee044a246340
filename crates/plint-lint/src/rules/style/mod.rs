//! Style (P4xx, the category `style`): puppet-lint's own checks about structure and semantics
//! (`puppet_lint/`, P400–P429) and about layout, whitespace, comments and strings (`layout/`,
//! P430–P459), and the checks of widely used puppet-lint plugins (`plugins/`, P460–P499).
//!
//! Each folder is a family of its own: one rule per file, registered by one line in its
//! `rule_family!` list.

pub mod layout;
pub mod plugins;
pub mod puppet_lint;
