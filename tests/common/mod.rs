//! Helpers shared by the integration tests: the real module corpus, and running the plint
//! binary. Each test binary uses some of them.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The plint binary of this build.
pub const PLINT: &str = env!("CARGO_BIN_EXE_plint");

/// Runs plint in `dir` with `args`, without colour.
pub fn plint(dir: &Path, args: &[&str]) -> Output {
    Command::new(PLINT)
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("run plint")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The exit status.
pub fn code(o: &Output) -> i32 {
    o.status.code().expect("plint exited")
}

/// Where `../shared/corpus/install.sh` installs the module corpus.
pub const CORPUS: &str = "/usr/share/puppet/modules";

/// Every `.pp` file of the corpus, sorted, each directory walked once (symbolic links are
/// followed); `None` (the test skips) when the corpus is not installed, except under CI.
pub fn corpus_files() -> Option<Vec<PathBuf>> {
    let root = Path::new(CORPUS);
    if !root.is_dir() {
        assert!(
            std::env::var_os("CI").is_none(),
            "the module corpus is not installed at {CORPUS}: run ../shared/corpus/install.sh"
        );
        eprintln!("skipping: no module corpus at {CORPUS} (run ../shared/corpus/install.sh)");
        return None;
    }
    let mut files = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    let mut seen = std::collections::HashSet::new();
    while let Some(dir) = stack.pop() {
        let Ok(canon) = dir.canonicalize() else {
            continue;
        };
        if !seen.insert(canon) {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "pp") {
                files.push(p);
            }
        }
    }
    files.sort();
    Some(files)
}
