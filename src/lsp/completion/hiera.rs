//! Hiera keys in `lookup('...')` and `hiera('...')`: the keys of the workspace's Hiera data
//! (the data folders of the environment's `hiera.yaml` and of each module's, as Hiera's own
//! reading of a `hiera.yaml` finds them, [`crate::eval::hiera::data_folders`]) and the keys
//! `class::parameter` that bind the program's classes' parameters.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use lsp_types::{CompletionItem, CompletionItemKind};

use super::{Item, Lists};
use crate::defs::model::ClassKind;
use crate::discover::module::ModuleRoot;
use crate::eval::value::Value;
use crate::sandbox::Sandbox;

/// The keys of the Hiera data of the workspace (its own `hiera.yaml` and its modules'), then
/// the classes' parameters.
pub fn keys(lists: &Lists<'_>, sandbox: &Sandbox, roots: &[ModuleRoot]) -> Vec<CompletionItem> {
    let configs = std::iter::once(lists.root.to_path_buf())
        .chain(roots.iter().map(|r| r.path.clone()))
        .map(|dir| dir.join("hiera.yaml"));
    let mut found: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    for file in data_files(configs, sandbox) {
        for key in data_keys(&file, sandbox) {
            found.entry(key).or_default().push(file.clone());
        }
    }
    let mut out = Vec::new();
    for (key, files) in &found {
        let more = match files.len() {
            1 => String::new(),
            n => format!(" and {} more", n - 1),
        };
        let detail = format!("Hiera data ({}{more})", lists.relative(&files[0]));
        out.push(Item::new(key.clone(), CompletionItemKind::CONSTANT, detail).done());
    }
    for c in lists.index.classes() {
        if c.kind != ClassKind::Class {
            continue;
        }
        for p in &c.params {
            let key = format!("{}::{}", c.name, p.name);
            if found.contains_key(&key) {
                continue;
            }
            let ty = p.ty.as_deref().unwrap_or("Any");
            let detail = format!("{ty} (parameter of class {})", c.name);
            out.push(Item::new(key, CompletionItemKind::PROPERTY, detail).done());
        }
    }
    out
}

/// The data files of the `hiera.yaml` files that exist among `configs`: the YAML and JSON files
/// under their levels' data folders, each once.
fn data_files(configs: impl Iterator<Item = PathBuf>, sandbox: &Sandbox) -> Vec<PathBuf> {
    let wanted = |p: &Path| {
        p.extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| matches!(e, "yaml" | "yml" | "json"))
    };
    let mut files: Vec<PathBuf> = Vec::new();
    for config in configs {
        let Ok(text) = sandbox.read_to_string(&config) else {
            continue;
        };
        for dir in crate::eval::hiera::data_folders(&config, &text) {
            for file in sandbox.files_under(&dir, true, &wanted) {
                if !files.contains(&file) {
                    files.push(file);
                }
            }
        }
    }
    files
}

/// The top-level keys of a data file (`lookup_options` aside).
fn data_keys(file: &Path, sandbox: &Sandbox) -> Vec<String> {
    let Ok(text) = sandbox.read_to_string(file) else {
        return Vec::new();
    };
    let parsed = if file.extension().is_some_and(|e| e == "json") {
        crate::eval::yaml::parse_json(&text)
    } else {
        crate::eval::yaml::parse(&text)
    };
    let Ok(Value::Hash(data)) = parsed else {
        return Vec::new();
    };
    data.keys()
        .filter_map(Value::as_str)
        .filter(|k| *k != "lookup_options")
        .map(str::to_string)
        .collect()
}
