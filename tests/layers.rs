//! plint's layers are crates (ARCHITECTURE.md, "Layers"): each may use only the layers below it,
//! so that a call from a lower layer to a higher one does not compile. This test holds the order
//! and checks every crate's dependencies on the others against it.

use std::path::Path;

/// The layers, lowest first. The `plint` crate (the command line and the language server) is
/// the top.
const LAYERS: &[&str] = &[
    "plint-base",
    "plint-syntax",
    "plint-types",
    "plint-ruby",
    "plint-defs",
    "plint-eval",
    "plint-lint",
    "plint",
];

/// The names of the plint crates `manifest` depends on (normal, dev and build dependencies).
fn plint_dependencies(manifest: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(manifest)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", manifest.display()));
    let doc: toml::Table = text
        .parse()
        .unwrap_or_else(|e| panic!("{}: {e}", manifest.display()));
    let mut out = Vec::new();
    for section in ["dependencies", "dev-dependencies", "build-dependencies"] {
        if let Some(deps) = doc.get(section).and_then(toml::Value::as_table) {
            out.extend(
                deps.keys()
                    .filter(|name| LAYERS.contains(&name.as_str()))
                    .cloned(),
            );
        }
    }
    out
}

#[test]
fn each_layer_uses_only_the_layers_below_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found: Vec<String> = std::fs::read_dir(root.join("crates"))
        .expect("the layer crates")
        .map(|e| {
            e.expect("a folder entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    found.sort();
    let mut listed: Vec<String> = LAYERS[..LAYERS.len() - 1]
        .iter()
        .map(|s| (*s).to_string())
        .collect();
    listed.sort();
    assert_eq!(found, listed, "crates/ and LAYERS disagree");

    let mut problems = Vec::new();
    for (level, name) in LAYERS.iter().enumerate() {
        let manifest = if *name == "plint" {
            root.join("Cargo.toml")
        } else {
            root.join("crates").join(name).join("Cargo.toml")
        };
        for dep in plint_dependencies(&manifest) {
            let dep_level = LAYERS.iter().position(|l| *l == dep).expect("a layer");
            if dep_level >= level {
                problems.push(format!("{name} depends on {dep}, which is not below it"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Each layer's modules are named once: the `plint` crate re-exports them, and no two crates
/// define a module of the same name.
#[test]
fn every_module_has_one_crate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut seen: Vec<(String, &str)> = Vec::new();
    for name in &LAYERS[..LAYERS.len() - 1] {
        let lib = std::fs::read_to_string(root.join("crates").join(name).join("src/lib.rs"))
            .expect("the crate's lib.rs");
        for line in lib.lines() {
            if let Some(module) = line
                .strip_prefix("pub mod ")
                .and_then(|m| m.strip_suffix(';'))
            {
                if let Some((_, other)) = seen.iter().find(|(m, _)| m == module) {
                    panic!("module {module} is defined in {other} and {name}");
                }
                seen.push((module.to_string(), name));
            }
        }
    }
    let lib = std::fs::read_to_string(root.join("src/lib.rs")).expect("src/lib.rs");
    for (module, name) in &seen {
        let crate_name = name.replace('-', "_");
        assert!(
            lib.contains(&format!("pub use {crate_name}::{module};")),
            "src/lib.rs does not re-export {crate_name}::{module}"
        );
    }
}
