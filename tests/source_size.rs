//! No source file of plint is over 1,000 lines (issue 30 item 5): a longer one is split along
//! its seams, into modules named after what they hold. Generated data is aside.

use std::path::{Path, PathBuf};

/// The most lines a source file (`src/`, `crates/*/src/`) may have.
const MAX_LINES: usize = 1000;

/// Generated files (their generator's output is data, not code to read).
const GENERATED: &[&str] = &[
    // scripts/gen-ruby-methods.rb
    "crates/plint-ruby/src/ruby/interp/known_methods.rs",
];

/// Files still over the limit whose split is other work under way (issue 30: the catalog
/// compiler, the index). A file listed here that is under the limit fails the test: remove it.
const NOT_YET_SPLIT: &[&str] = &[];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("a folder entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_source_file_over_1000_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let mut crates: Vec<_> = std::fs::read_dir(root.join("crates"))
        .expect("the layer crates")
        .map(|e| e.expect("a folder entry").path().join("src"))
        .collect();
    crates.sort();
    for src in crates {
        rust_files(&src, &mut files);
    }
    let mut problems = Vec::new();
    for path in &files {
        let name = path
            .strip_prefix(root)
            .expect("under the repository")
            .to_string_lossy()
            .replace('\\', "/");
        if GENERATED.contains(&name.as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(path).expect("a source file");
        let lines = text.lines().count();
        let listed = NOT_YET_SPLIT.contains(&name.as_str());
        if lines > MAX_LINES && !listed {
            problems.push(format!(
                "{name}: {lines} lines (at most {MAX_LINES}): split it along its seams"
            ));
        } else if lines <= MAX_LINES && listed {
            problems.push(format!(
                "{name}: {lines} lines, under the limit: remove it from NOT_YET_SPLIT"
            ));
        }
    }
    assert!(!files.is_empty(), "no source file found");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
