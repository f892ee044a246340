//! Helpers shared by the integration tests: the real module corpus, and running the plint
//! binary. Each test binary uses some of them.
#![allow(dead_code)]

pub mod catalog;
pub mod realworld;

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
        .env_remove("GITHUB_WORKSPACE")
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

/// Where `scripts/install-corpus.sh` installs the module corpus.
pub const CORPUS: &str = "/usr/share/puppet/modules";

/// Every `.pp` file of the corpus, sorted, each directory walked once (symbolic links are
/// followed); `None` (the test skips) when the corpus is not installed, except under CI.
pub fn corpus_files() -> Option<Vec<PathBuf>> {
    corpus_files_with_extension("pp")
}

/// Every file of the corpus with the extension (`epp`), as [`corpus_files`] walks them.
pub fn corpus_files_with_extension(ext: &str) -> Option<Vec<PathBuf>> {
    let root = Path::new(CORPUS);
    if !root.is_dir() {
        assert!(
            std::env::var_os("CI").is_none(),
            "the module corpus is not installed at {CORPUS}: run scripts/install-corpus.sh"
        );
        eprintln!("skipping: no module corpus at {CORPUS} (run scripts/install-corpus.sh)");
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
            } else if p.extension().is_some_and(|x| x == ext) {
                files.push(p);
            }
        }
    }
    files.sort();
    Some(files)
}

/// One case of an evaluation oracle file (written by scripts/oracle/eval-oracle.rb): the
/// manifest, the notices Puppet printed and its error, if evaluation failed.
pub struct OracleCase {
    pub source: String,
    pub notices: Vec<String>,
    pub error: Option<String>,
}

fn oracle_unescape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some(o) => out.push(o),
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Reads an oracle file (`tests/eval/*.expected`).
pub fn oracle_cases(path: &Path) -> Vec<OracleCase> {
    let text = std::fs::read_to_string(path).expect("expected file exists");
    let mut cases: Vec<OracleCase> = Vec::new();
    for line in text.lines() {
        if let Some(src) = line.strip_prefix("== ") {
            cases.push(OracleCase {
                source: oracle_unescape(src),
                notices: Vec::new(),
                error: None,
            });
        } else if let Some(n) = line.strip_prefix("notice: ") {
            if let Some(c) = cases.last_mut() {
                c.notices.push(oracle_unescape(n));
            }
        } else if let Some(e) = line.strip_prefix("error: ")
            && let Some(c) = cases.last_mut()
        {
            c.error = Some(e.to_string());
        }
    }
    cases
}

/// The catalog rules (P2xx) whose documentation examples and `fail` fixtures the compiler does
/// not report yet (`tests/rule_docs.rs`, `tests/evaluate_fixtures.rs`): for them a finding is
/// not required, and once one is reported, those tests fail until the code leaves this list.
pub const CATALOG_RULES_NOT_YET_REPORTED: &[&str] = &[];

/// Copies a folder, following symbolic links (the corpus links into Debian's folders).
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let src = entry.path();
        let dst = to.join(entry.file_name());
        if src.is_dir() {
            copy_tree(&src, &dst);
        } else if src.is_file() {
            std::fs::copy(&src, &dst).unwrap();
        }
    }
}
