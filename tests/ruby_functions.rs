//! The Ruby functions of the module corpus (`/usr/share/puppet/modules/*/lib/puppet/functions/
//! **/*.rb`, `lib/puppet/parser/functions/*.rb`) are read by plint: each parses, and its
//! definition (4.x dispatchers and methods, 3.x block) is found under the name its path gives.
//! Skipped when the corpus is missing, except under CI.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use plint::ruby::function::{self, Api};

const CORPUS: &str = "/usr/share/puppet/modules";

/// (file, function name) of every Ruby function of the corpus.
fn corpus_functions() -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, prefix: &str, out: &mut Vec<(PathBuf, String)>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for p in entries {
            let stem = p.file_stem().unwrap().to_string_lossy().to_string();
            if p.is_dir() {
                walk(&p, &format!("{prefix}{stem}::"), out);
            } else if p.extension().is_some_and(|x| x == "rb") {
                out.push((p.clone(), format!("{prefix}{stem}")));
            }
        }
    }
    let mut out = Vec::new();
    let Ok(modules) = std::fs::read_dir(CORPUS) else {
        return out;
    };
    let mut modules: Vec<_> = modules.flatten().map(|e| e.path()).collect();
    modules.sort();
    for m in modules {
        walk(&m.join("lib/puppet/functions"), "", &mut out);
        let mut v3 = Vec::new();
        walk(&m.join("lib/puppet/parser/functions"), "", &mut v3);
        // 3.x functions are not namespaced by folder.
        out.extend(v3.into_iter().filter(|(_, n)| !n.contains("::")));
    }
    out
}

#[test]
fn corpus_functions_are_read() {
    let functions = corpus_functions();
    if functions.is_empty() {
        assert!(
            std::env::var_os("CI").is_none(),
            "the corpus is missing under CI: run scripts/install-corpus.sh"
        );
        eprintln!("skipped: no corpus at {CORPUS}");
        return;
    }
    let (mut v4, mut v3) = (0, 0);
    let mut unread = Vec::new();
    for (path, name) in &functions {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let def = plint::ruby::parse(&path.display().to_string(), &text)
            .ok()
            .and_then(|p| function::read(Arc::new(p), name));
        match def.map(|d| d.api) {
            Some(Api::V4 { dispatches, .. }) if !dispatches.is_empty() => v4 += 1,
            Some(Api::V3 { .. }) => v3 += 1,
            _ => unread.push(format!("{} ({name})", path.display())),
        }
    }
    eprintln!(
        "corpus Ruby functions: {} of {} read ({v4} 4.x, {v3} 3.x); not read: {unread:#?}",
        v4 + v3,
        functions.len()
    );
    assert!(unread.is_empty(), "not read: {unread:#?}");
}
