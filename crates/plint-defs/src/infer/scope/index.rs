//! The program's index as what the scope analysis knows beyond a file: its classes' parameters
//! and variables, the top-scope variables of its manifests and the node-scope variables of
//! its node definitions (custom facts are the caller's, who knows the module path).

use std::borrow::Cow;

use super::{ClassVars, Program};
use crate::defs::Index;

impl Program for Index {
    fn class(&self, name: &str) -> Option<ClassVars<'_>> {
        let c = Index::class(self, name)?;
        let names = c.params.iter().map(|p| p.name.as_str());
        Some(ClassVars {
            names: names
                .chain(c.variables.iter().map(|v| v.name.as_str()))
                .collect(),
            parent: c.parent.as_deref().map(Cow::Borrowed),
        })
    }

    fn class_defines(&self, name: &str, var: &str) -> Option<(bool, Option<Cow<'_, str>>)> {
        let c = Index::class(self, name)?;
        Some((c.has_variable(var), c.parent.as_deref().map(Cow::Borrowed)))
    }

    fn top_variable(&self, name: &str) -> bool {
        Index::top_variable(self, name).is_some()
    }

    fn node_variable(&self, name: &str) -> bool {
        Index::node_variable(self, name)
    }
}
