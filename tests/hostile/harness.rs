//! Running plint on a hostile tree: a time limit, a memory limit, and the secrets it must not
//! print.
#![allow(dead_code)]

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::PLINT;

/// Text of a file placed outside the tree: no output may contain it.
pub const SECRET_FILE: &str = "PLINT-SECRET-FILE-3f9a0d";
/// Value of an environment variable of the run: no output may contain it.
pub const SECRET_ENV: &str = "PLINT-SECRET-ENV-77c1be";

/// A temporary folder with the repository `repo/` (a git work tree) and, beside it, a secret
/// file `secret.txt` a pull request would like to read.
pub struct Tree {
    pub tmp: tempfile::TempDir,
}

impl Tree {
    pub fn new() -> Tree {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(tmp.path().join("repo/.git")).unwrap();
        std::fs::write(tmp.path().join("secret.txt"), format!("{SECRET_FILE}\n")).unwrap();
        Tree { tmp }
    }

    pub fn repo(&self) -> PathBuf {
        self.tmp.path().join("repo")
    }

    pub fn secret(&self) -> PathBuf {
        self.tmp.path().join("secret.txt")
    }

    /// Writes `text` at `rel` in the repository (folders made).
    pub fn write(&self, rel: &str, text: &str) -> PathBuf {
        let p = self.repo().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, text).unwrap();
        p
    }

    /// Makes `rel` in the repository a symbolic link to `target`.
    pub fn link(&self, rel: &str, target: impl AsRef<Path>) {
        let p = self.repo().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::os::unix::fs::symlink(target, p).unwrap();
    }
}

/// What a bounded run gave.
pub struct Run {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
    pub elapsed: Duration,
}

impl Run {
    /// Both streams.
    pub fn all(&self) -> String {
        format!("{}\n{}", self.stdout, self.stderr)
    }

    /// The run ended by itself with status 0, 1 or 2, and printed no secret.
    pub fn assert_contained(&self) {
        assert!(
            (0..=2).contains(&self.status),
            "exit status {}\n{}",
            self.status,
            self.all()
        );
        let all = self.all();
        assert!(!all.contains(SECRET_FILE), "the secret file leaked:\n{all}");
        assert!(!all.contains(SECRET_ENV), "the environment leaked:\n{all}");
    }
}

/// Runs plint in `dir` with `args` (colour off, a secret in the environment), under a 4 GB
/// address-space limit, killed after `limit`. The exit status must be 0, 1 or 2.
pub fn run(dir: &Path, args: &[&str], limit: Duration) -> Run {
    run_env(dir, args, &[], limit)
}

/// [`run`] with more environment variables.
pub fn run_env(dir: &Path, args: &[&str], env: &[(&str, &str)], limit: Duration) -> Run {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 4000000; exec \"$0\" \"$@\"")
        .arg(PLINT)
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("PLINT_TEST_SECRET", SECRET_ENV)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run plint");
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("plint {args:?} ran for more than {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stdout = String::from_utf8_lossy(&reader.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap()).into_owned();
    let status = status
        .code()
        .unwrap_or_else(|| panic!("plint {args:?} killed by a signal: {status:?}\n{stderr}"));
    assert!(
        (0..=2).contains(&status),
        "plint {args:?}: exit status {status}\n{stderr}"
    );
    Run {
        status,
        stdout,
        stderr,
        elapsed: start.elapsed(),
    }
}

/// A run of at most 60 seconds (a debug build; the real figure is far lower).
pub fn run60(dir: &Path, args: &[&str]) -> Run {
    run(dir, args, Duration::from_secs(60))
}
