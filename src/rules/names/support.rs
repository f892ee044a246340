//! The scope analysis as the rules of this family run it: the file, and what the program
//! around it defines (facts of the modules' `lib/facter`).

use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;

use crate::infer::facts;
use crate::infer::scope::{self, ScopeDiag};
use crate::rules::Context;

/// What the analysis may ask about the program of the checked file.
struct FileProgram {
    custom_facts: Vec<Arc<HashSet<String>>>,
}

impl scope::Program for FileProgram {
    fn custom_fact(&self, name: &str) -> bool {
        self.custom_facts.iter().any(|f| f.contains(name))
    }
}

/// The scope findings of the checked file.
pub fn analyze(cx: &Context<'_>) -> Vec<ScopeDiag> {
    let mut dirs: Vec<std::path::PathBuf> = cx.modulepath().to_vec();
    if let Some(d) = facts::modules_dir_of(Path::new(cx.file.path))
        && !dirs.contains(&d)
    {
        dirs.push(d);
    }
    let program = FileProgram {
        custom_facts: dirs.iter().map(|d| facts::custom_facts(d)).collect(),
    };
    scope::analyze(cx.ast(), &program)
}
