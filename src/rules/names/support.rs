//! The scope analysis as the rules of this family run it: the file, and what the program
//! around it defines: classes and top-scope variables from the program's index
//! ([`Context::program`], always built for these rules: they never re-parse other files),
//! and the facts of the modules' `lib/facter`.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::defs::Index;
use crate::infer::facts;
use crate::infer::scope::{self, ClassVars, ScopeDiag};
use crate::rules::Context;

/// What the analysis may ask about the program of the checked file.
struct FileProgram<'a> {
    index: &'a Index,
    custom_facts: Vec<Arc<HashSet<String>>>,
}

impl scope::Program for FileProgram<'_> {
    fn class(&self, name: &str) -> Option<ClassVars> {
        if let Some(c) = self.index.class(name) {
            let mut names: Vec<String> = c.params.iter().map(|p| p.name.clone()).collect();
            names.extend(c.variables.iter().map(|v| v.name.clone()));
            return Some(ClassVars {
                names,
                parent: c.parent.clone(),
            });
        }
        None
    }

    fn class_defines(&self, name: &str, var: &str) -> Option<(bool, Option<String>)> {
        let c = self.index.class(name)?;
        let has =
            c.params.iter().any(|p| p.name == var) || c.variables.iter().any(|v| v.name == var);
        Some((has, c.parent.clone()))
    }

    fn top_variable(&self, name: &str) -> bool {
        self.index.top_variable(name).is_some()
    }

    fn custom_fact(&self, name: &str) -> bool {
        self.custom_facts.iter().any(|f| f.contains(name))
    }
}

/// The scope findings of the checked file (computed once per file, shared by the rules).
pub fn analyze<'a>(cx: &Context<'a>) -> &'a [ScopeDiag] {
    cx.index().scope_diags.get_or_init(|| run(cx))
}

fn run(cx: &Context<'_>) -> Vec<ScopeDiag> {
    let mut dirs: Vec<PathBuf> = cx.modulepath().to_vec();
    if let Some(d) = facts::modules_dir_of(Path::new(cx.file.path))
        && !dirs.contains(&d)
    {
        dirs.push(d);
    }
    let program = FileProgram {
        index: cx.program(),
        custom_facts: dirs.iter().map(|d| facts::custom_facts(d)).collect(),
    };
    scope::analyze(cx.ast(), &program)
}
