//! The real control repository of `../shared/realworld` (theforeman/foreman-infra, its modules,
//! 12 real nodes' facts and the catalogs Puppet 7.23 compiles for them): where it is, unpacking
//! it, and the options that make plint compile its nodes as the data set's `compile.rb` made
//! Puppet compile them. `tests/realworld.rs` and `tests/cli_diff_realworld.rs` use it.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The data set, beside the repository; `None` (with a message) when it is absent, which is an
/// error under CI.
pub fn data_set() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/realworld");
    if dir.join("setup.sh").is_file() {
        return Some(dir);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "../shared/realworld is missing under CI"
    );
    eprintln!("skipping: no ../shared/realworld beside the repository");
    None
}

/// Unpacks the control repository into `dest` with the data set's `setup.sh`; its folder
/// (`dest/foreman-infra`, the environment).
pub fn unpack(data: &Path, dest: &Path) -> PathBuf {
    let setup = Command::new("bash")
        .arg(data.join("setup.sh"))
        .arg(dest)
        .output()
        .expect("run setup.sh");
    assert!(
        setup.status.success(),
        "setup.sh failed: {}",
        String::from_utf8_lossy(&setup.stderr)
    );
    dest.join("foreman-infra")
}

/// `--server-fact KEY=VALUE` settings from the data set's `stubs/server_facts.yaml` (flat
/// `key: 'value'` lines).
pub fn server_facts(data: &Path) -> Vec<String> {
    let path = data.join("stubs/server_facts.yaml");
    let text = std::fs::read_to_string(&path).expect("stubs/server_facts.yaml");
    let facts: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("---"))
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| format!("{}={}", k.trim(), v.trim().trim_matches('\'')))
        .collect();
    assert!(
        facts.iter().any(|f| f.starts_with("servername=")),
        "no servername in {}",
        path.display()
    );
    facts
}

/// The options of `plint --evaluate` and `plint diff` that compile a node as `compile.rb`
/// compiled it with Puppet, run in the environment's folder: `test_modules` standing for
/// `$basemodulepath`, the data set's `stubs/hiera.yaml` as the global Hiera layer, the
/// server's facts, Puppet 7.23 with strict variables.
pub fn compile_args(data: &Path) -> Vec<String> {
    let mut args: Vec<String> = [
        "--basemodulepath",
        "test_modules",
        "--global-hiera",
        &data.join("stubs/hiera.yaml").to_string_lossy(),
    ]
    .map(String::from)
    .to_vec();
    for fact in server_facts(data) {
        args.extend(["--server-fact".to_string(), fact]);
    }
    args.extend(["--puppet-version", "7", "--strict-variables"].map(String::from));
    args
}

/// A value of a catalog as compared with Puppet's: numbers as floats (Puppet writes `1.0` where
/// plint may write `1`).
pub fn norm(v: &serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match v {
        Value::Number(n) => serde_json::json!(n.as_f64()),
        Value::Array(a) => Value::Array(a.iter().map(norm).collect()),
        Value::Object(o) => Value::Object(o.iter().map(|(k, v)| (k.clone(), norm(v))).collect()),
        v => v.clone(),
    }
}
