//! The scope analysis as the rules of this family run it: the file, and what the program
//! around it defines: classes and top-scope variables from the program's index
//! ([`Context::program`]), or else classes found by Puppet's autoloader layout in the module
//! directories (the configured module path and the directory holding the file's module, when
//! no index was built), and the facts of the modules' `lib/facter`.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock, Mutex};

use crate::defs::Index;
use crate::infer::facts;
use crate::infer::scope::{self, ClassVars, ScopeDiag};
use crate::rules::Context;
use crate::syntax::ast::ExprKind;

/// What the analysis may ask about the program of the checked file.
struct FileProgram<'a> {
    index: &'a Index,
    dirs: Vec<PathBuf>,
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
        self.dirs.iter().find_map(|d| autoloaded_class(d, name))
    }

    fn top_variable(&self, name: &str) -> bool {
        self.index.top_variable(name).is_some()
    }

    fn custom_fact(&self, name: &str) -> bool {
        self.custom_facts.iter().any(|f| f.contains(name))
    }
}

/// The classes of one manifest, by lower-case name (`None` when it cannot be read).
type ManifestClasses = Option<Vec<(String, ClassVars)>>;

/// The class `name` as Puppet's autoloader finds it under the module directory `dir`
/// (`a::b::c` in `dir/a/manifests/b/c.pp`, `a` in `dir/a/manifests/init.pp`), read and
/// parsed once per file.
fn autoloaded_class(dir: &Path, name: &str) -> Option<ClassVars> {
    static CACHE: LazyLock<Mutex<HashMap<PathBuf, ManifestClasses>>> =
        LazyLock::new(Default::default);
    let mut segments = name.split("::");
    let module = segments.next().filter(|m| !m.is_empty())?;
    let rest: Vec<&str> = segments.collect();
    let mut path = dir.join(module).join("manifests");
    if rest.is_empty() {
        path.push("init.pp");
    } else {
        for s in &rest {
            path.push(s);
        }
        path.set_extension("pp");
    }
    let cached = CACHE.lock().ok().and_then(|c| c.get(&path).cloned());
    let classes = match cached {
        Some(c) => c,
        None => {
            let parsed = std::fs::read_to_string(&path).ok().map(|src| {
                let parsed = crate::syntax::parse(&src);
                let mut out = Vec::new();
                parsed.ast.walk(&mut |e| {
                    if let ExprKind::Class(c) = &e.kind {
                        out.push((
                            c.name.name.trim_start_matches("::").to_ascii_lowercase(),
                            scope::class_vars(c),
                        ));
                    }
                });
                out
            });
            if let Ok(mut c) = CACHE.lock() {
                c.insert(path.clone(), parsed.clone());
            }
            parsed
        }
    };
    classes?
        .into_iter()
        .find_map(|(n, vars)| (n == name).then_some(vars))
}

/// The scope findings of the checked file.
pub fn analyze(cx: &Context<'_>) -> Vec<ScopeDiag> {
    let mut dirs: Vec<PathBuf> = cx.modulepath().to_vec();
    if let Some(d) = facts::modules_dir_of(Path::new(cx.file.path))
        && !dirs.contains(&d)
    {
        dirs.push(d);
    }
    let program = FileProgram {
        index: cx.program(),
        custom_facts: dirs.iter().map(|d| facts::custom_facts(d)).collect(),
        dirs,
    };
    scope::analyze(cx.ast(), &program)
}
