//! The scope analysis as the rules of this family run it: the file, and what the program
//! around it defines: classes and top-scope variables from the program's index
//! ([`Context::program`], always built for these rules: they never re-parse other files),
//! and the facts of the modules' `lib/facter`.

use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustc_hash::FxHashSet;

use crate::defs::Index;
use crate::defs::facts;
use crate::infer::scope::{self, ClassVars, ScopeDiag};
use crate::rules::Context;
use crate::rules::registry::Selection;
use rayon::prelude::*;

/// What the analysis may ask about the program of the checked file.
struct FileProgram<'a> {
    index: &'a Index,
    modulepath: &'a [PathBuf],
    file: &'a Path,
    /// The facts of the modules around the file, found when first asked for (most files
    /// read no variable that only a custom fact could define).
    custom_facts: std::cell::OnceCell<Vec<Arc<FxHashSet<String>>>>,
}

impl scope::Program for FileProgram<'_> {
    fn class(&self, name: &str) -> Option<ClassVars<'_>> {
        scope::Program::class(self.index, name)
    }

    fn class_defines(&self, name: &str, var: &str) -> Option<(bool, Option<Cow<'_, str>>)> {
        scope::Program::class_defines(self.index, name, var)
    }

    fn top_variable(&self, name: &str) -> bool {
        scope::Program::top_variable(self.index, name)
    }

    fn node_variable(&self, name: &str) -> bool {
        scope::Program::node_variable(self.index, name)
    }

    fn custom_fact(&self, name: &str) -> bool {
        self.custom_facts
            .get_or_init(|| custom_facts(self.index, self.modulepath, self.file))
            .iter()
            .any(|f| f.contains(name))
    }
}

/// The scope findings of the checked file (computed once per file, shared by the rules).
pub fn analyze<'a>(cx: &Context<'a>) -> &'a [ScopeDiag] {
    &cx.cache::<ScopeDiags>().0
}

/// [`analyze`] of the file being checked.
struct ScopeDiags(Vec<ScopeDiag>);

impl crate::rules::FileCache for ScopeDiags {
    fn compute(cx: &Context<'_>) -> Self {
        ScopeDiags(run(cx))
    }
}

fn run(cx: &Context<'_>) -> Vec<ScopeDiag> {
    let program = FileProgram {
        index: cx.program(),
        modulepath: cx.modulepath(),
        file: Path::new(cx.file.path),
        custom_facts: std::cell::OnceCell::new(),
    };
    scope::analyze(cx.ast(), &program)
}

/// Reads the custom facts that the scope analysis of `files` will ask for (see
/// `custom_facts`) when a rule of this family is selected for one of them: called while the
/// files are parsed, so that the rules, which run later, find them read: into `into`, the
/// run's custom facts, which the run's index then holds.
pub fn read_custom_facts_ahead(
    files: &[PathBuf],
    selections: &[&Selection],
    into: &facts::CustomFacts,
) {
    let mut dirs: FxHashSet<&Path> = FxHashSet::default();
    let mut modules_dirs: FxHashSet<PathBuf> = FxHashSet::default();
    let mut last_parent = None;
    let mut last_selection: Option<(&Selection, bool)> = None;
    for (file, &selection) in files.iter().zip(selections) {
        // Most files share one selection: one look per selection in a row.
        let selected = match last_selection {
            Some((s, selected)) if std::ptr::eq(s, selection) => selected,
            _ => {
                let selected = selection
                    .rules()
                    .any(|r| super::RULES.iter().any(|n| n.info().code == r.info().code));
                if selected {
                    dirs.extend(selection.modulepath().iter().map(PathBuf::as_path));
                }
                last_selection = Some((selection, selected));
                selected
            }
        };
        if !selected {
            continue;
        }
        // Files come folder by folder: one look per folder.
        if last_parent != file.parent() {
            last_parent = file.parent();
            modules_dirs.extend(facts::modules_dir_of(file));
        }
    }
    dirs.extend(modules_dirs.iter().map(PathBuf::as_path));
    dirs.par_iter().for_each(|d| {
        into.of(d);
    });
}

/// The custom facts of the modules of the module path and of the directory of modules the
/// file is in. Asked at most once per file (`FileProgram` keeps the answer for its file);
/// each directory's facts are read once per run, by the run's index
/// ([`Index::custom_facts`]).
fn custom_facts(index: &Index, modulepath: &[PathBuf], file: &Path) -> Vec<Arc<FxHashSet<String>>> {
    let mut dirs: Vec<PathBuf> = modulepath.to_vec();
    if let Some(d) = facts::modules_dir_of(file)
        && !dirs.contains(&d)
    {
        dirs.push(d);
    }
    dirs.iter().map(|d| index.custom_facts().of(d)).collect()
}
