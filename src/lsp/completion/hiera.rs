//! Hiera keys in `lookup('...')` and `hiera('...')`: the keys of the workspace's Hiera data
//! (the data folders of the environment's `hiera.yaml` and of each module's, as Hiera's own
//! reading of a `hiera.yaml` finds them, [`crate::eval::hiera::data_folders`]) and the keys
//! `class::parameter` that bind the program's classes' parameters.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use lsp_types::{CompletionItem, CompletionItemKind};

use super::{Item, Lists};
use crate::defs::model::{ClassKind, ParamDef};
use crate::discover::module::ModuleRoot;
use crate::eval::value::Value;
use crate::sandbox::Sandbox;

/// The keys of the Hiera data of the workspace (its own `hiera.yaml` and its modules'), then
/// the classes' parameters; past [`super::MAX_ITEMS`], only those that start with `prefix`,
/// the first of them in order (the response is then incomplete).
pub fn keys(
    lists: &Lists<'_>,
    sandbox: &Sandbox,
    roots: &[ModuleRoot],
    prefix: &str,
    read: &mut DataKeys,
) -> Vec<CompletionItem> {
    let configs = std::iter::once(lists.root.to_path_buf())
        .chain(roots.iter().map(|r| r.path.clone()))
        .map(|dir| dir.join("hiera.yaml"));
    let mut found: BTreeMap<String, Key<'_>> = BTreeMap::new();
    for file in data_files(configs, sandbox) {
        for key in read.keys(&file, sandbox) {
            match found
                .entry(key.clone())
                .or_insert_with(|| Key::Data(Vec::new()))
            {
                Key::Data(files) => files.push(file.clone()),
                Key::Parameter(..) => {}
            }
        }
    }
    for c in lists.index.classes() {
        if c.kind != ClassKind::Class {
            continue;
        }
        for p in &c.params {
            let key = format!("{}::{}", c.name, p.name);
            found.entry(key).or_insert(Key::Parameter(&c.name, p));
        }
    }
    let many = found.len() > super::MAX_ITEMS;
    found
        .into_iter()
        .filter(|(key, _)| !many || key.starts_with(prefix))
        .take(super::MAX_ITEMS + 1)
        .map(|(key, found)| match found {
            Key::Data(files) => {
                let more = match files.len() {
                    1 => String::new(),
                    n => format!(" and {} more", n - 1),
                };
                let detail = format!("Hiera data ({}{more})", lists.relative(&files[0]));
                Item::new(key, CompletionItemKind::CONSTANT, detail).done()
            }
            Key::Parameter(class, p) => {
                let ty = p.ty.as_deref().unwrap_or("Any");
                let detail = format!("{ty} (parameter of class {class})");
                Item::new(key, CompletionItemKind::PROPERTY, detail).done()
            }
        })
        .collect()
}

/// Where a key comes from: the data files that set it, or the class parameter it binds.
enum Key<'a> {
    Data(Vec<PathBuf>),
    Parameter(&'a str, &'a ParamDef),
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

/// The top-level keys of the data files read so far, each with the modification time and
/// length its file had then: a file is read again only when one of them changed (a request
/// per keystroke does not parse the whole of the Hiera data each time).
#[derive(Debug, Default)]
pub struct DataKeys {
    by_file: HashMap<PathBuf, (Stamp, Vec<String>)>,
}

/// A file's modification time and length, when they can be had.
type Stamp = Option<(SystemTime, u64)>;

impl DataKeys {
    /// The top-level keys of the data file `file` (`lookup_options` aside).
    pub fn keys(&mut self, file: &Path, sandbox: &Sandbox) -> &[String] {
        let stamp = sandbox
            .check(file)
            .ok()
            .and_then(|()| std::fs::metadata(file).ok())
            .and_then(|m| Some((m.modified().ok()?, m.len())));
        let fresh = |(kept, _): &(Stamp, Vec<String>)| stamp.is_some() && *kept == stamp;
        if !self.by_file.get(file).is_some_and(fresh) {
            let keys = data_keys(file, sandbox);
            self.by_file.insert(file.to_path_buf(), (stamp, keys));
        }
        &self.by_file[file].1
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_data_file_is_read_again_only_when_it_changed() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        let file = root.join("common.yaml");
        let sandbox = Sandbox::new(&root, std::slice::from_ref(&root));
        let mut read = DataKeys::default();
        std::fs::write(&file, "web::port: 80\nlookup_options: {}\n").unwrap();
        let written = std::fs::metadata(&file).unwrap().modified().unwrap();
        assert_eq!(read.keys(&file, &sandbox), ["web::port"]);
        // Same length and time: the keys kept are the answer.
        std::fs::write(&file, "web::host: 80\nlookup_options: {}\n").unwrap();
        let f = std::fs::File::options().write(true).open(&file).unwrap();
        f.set_modified(written).unwrap();
        assert_eq!(read.keys(&file, &sandbox), ["web::port"]);
        // Changed: read again.
        std::fs::write(&file, "web::host: 8080\n").unwrap();
        assert_eq!(read.keys(&file, &sandbox), ["web::host"]);
        std::fs::remove_file(&file).unwrap();
        assert!(read.keys(&file, &sandbox).is_empty(), "gone");
    }
}
