//! Fuzz target: Hiera 5 lookups.
//!
//! The input is split at its first line `%%`: before it the environment's `hiera.yaml`, after
//! it the data file `data/common.yaml`. Without that line the whole input is the data file and
//! `hiera.yaml` is a usual one (`%{facts.os.family}.yaml`, then `common.yaml`, with
//! `lookup_options`). Both are written to a folder of the fuzzing process (Hiera reads files);
//! then each of the data's first eight top-level keys, and a key that is not there, is looked
//! up with the `lookup_options` merge, then with a deep merge, as `lookup()` does.
#![no_main]

use std::path::PathBuf;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use plint::eval::compiler::Node;
use plint::eval::hiera::{Hiera, HieraScope, MergeStrategy};
use plint::eval::{Value, yaml};

const HIERA_YAML: &str = "---
version: 5
defaults:
  datadir: data
  data_hash: yaml_data
hierarchy:
  - name: \"Per OS family\"
    path: \"%{facts.os.family}.yaml\"
  - name: \"Common\"
    path: \"common.yaml\"
";

/// The environment's folder, one per fuzzing process.
fn environment() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("plint-fuzz-hiera-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("data")).unwrap();
        dir
    })
}

struct Scope(Node);

impl HieraScope for Scope {
    fn variable(&self, name: &str) -> Option<Value> {
        match name {
            "facts" => Some(Value::hash(self.0.facts.clone())),
            "trusted" => Some(Value::hash(self.0.trusted.clone())),
            "server_facts" => Some(Value::hash(self.0.server_facts.clone())),
            "environment" => Some(Value::string("production")),
            _ => self.0.facts.get_str(name).cloned(),
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let input = String::from_utf8_lossy(data);
    let (config, common) = match input.split_once("\n%%\n") {
        Some((c, d)) => (c, d),
        None => (HIERA_YAML, &*input),
    };
    let env = environment();
    std::fs::write(env.join("hiera.yaml"), config).unwrap();
    std::fs::write(env.join("data/common.yaml"), common).unwrap();
    let mut keys: Vec<String> = match yaml::parse(common) {
        Ok(Value::Hash(h)) => h.iter().take(8).map(|(k, _)| k.to_puppet_string()).collect(),
        _ => Vec::new(),
    };
    keys.push("fuzz::absent".to_string());
    let scope = Scope(Node::new(
        "node.example.com",
        plint::rules::catalog::example_facts(),
    ));
    let sandbox = plint::sandbox::Sandbox::new(env, &[env.to_path_buf()]);
    let hiera = Hiera::new(None, Some(env), &[], std::sync::Arc::new(sandbox));
    let deep = MergeStrategy::from_value(&Value::string("deep")).unwrap();
    for key in &keys {
        let _ = hiera.lookup(key, None, &scope);
        let _ = hiera.lookup(key, Some(&deep), &scope);
    }
    let _ = hiera.notes();
});
