//! `hiera.yaml` version 5: `defaults`, `hierarchy` (and a module's `default_hierarchy`), levels
//! with `path`/`paths`/`glob`/`globs`/`mapped_paths` and a data function.

use std::path::{Path, PathBuf};

use super::HieraError;
use crate::eval::value::{Hash, Value};
use crate::eval::yaml;

/// Which layer a configuration belongs to (what it may contain differs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layer {
    Global,
    Environment,
    Module,
}

/// The function that reads a level's data.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Backend {
    Yaml,
    Json,
    /// `eyaml_lookup_key` (hiera-eyaml): YAML files whose `ENC[...]` values are encrypted.
    /// plint reads the plain values and never decrypts: an encrypted value is unknown.
    Eyaml,
    /// `hocon_data`: HOCON files, read as [`crate::eval::hocon`] reads them (no include, no
    /// environment variable).
    Hocon,
    /// A function Puppet loads (a module's Ruby function): `data_hash`, `lookup_key` or
    /// `data_dig`, and its name.
    Function(FunctionKind, String),
    /// A backend plint does not read (`hiera3_backend`):
    /// the level is skipped, with a note.
    Unsupported(String),
}

/// How a backend function is called.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FunctionKind {
    /// `data_hash(options, context)`: every key of a location.
    DataHash,
    /// `lookup_key(key, options, context)`: one key.
    LookupKey,
    /// `data_dig(segments, options, context)`: one key path.
    DataDig,
}

impl FunctionKind {
    pub(crate) fn tag(self) -> &'static str {
        match self {
            FunctionKind::DataHash => "data_hash",
            FunctionKind::LookupKey => "lookup_key",
            FunctionKind::DataDig => "data_dig",
        }
    }
}

/// Where a level's data is.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Locations {
    /// No location (a function that needs none): nothing plint can read.
    None,
    Paths(Vec<String>),
    Globs(Vec<String>),
    /// `[variable, key, template]`.
    Mapped(String, String, String),
    /// `uri`/`uris`: for functions plint does not run.
    Uris,
}

#[derive(Debug, Clone)]
pub(crate) struct Level {
    pub name: String,
    pub backend: Backend,
    /// The data folder, as written (relative to the configuration's folder), uninterpolated.
    pub datadir: String,
    pub locations: Locations,
    /// The level's `options` (given to a backend function).
    pub options: Hash,
}

#[derive(Debug, Clone)]
pub(crate) struct Config {
    /// The folder holding `hiera.yaml` (datadirs are relative to it).
    pub root: PathBuf,
    pub path: PathBuf,
    pub hierarchy: Vec<Level>,
    pub default_hierarchy: Option<Vec<Level>>,
}

/// The outcome of reading a layer's `hiera.yaml`.
#[derive(Debug, Clone)]
pub(crate) enum Loaded {
    /// A version 5 configuration (shared: each lookup reads it).
    V5(std::sync::Arc<Config>),
    /// A configuration Puppet ignores or that plint does not support at this layer (version 3
    /// or 4); the note says why.
    Ignored(String),
}

fn err_at(path: &Path, message: impl Into<String>) -> HieraError {
    HieraError {
        message: message.into(),
        file: Some(path.to_path_buf()),
    }
}

/// The line of `text` where `needle` first appears (for messages), 1-based.
fn line_of(text: &str, needle: &str) -> Option<usize> {
    text.lines().position(|l| l.contains(needle)).map(|i| i + 1)
}

const FUNCTION_KEYS: [&str; 4] = ["data_hash", "lookup_key", "data_dig", "hiera3_backend"];
const LOCATION_KEYS: [&str; 7] = [
    "path",
    "paths",
    "glob",
    "globs",
    "uri",
    "uris",
    "mapped_paths",
];

fn combine(keys: &[&str]) -> String {
    let quoted: Vec<String> = keys.iter().map(|k| k.to_string()).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{}, or {last}", rest.join(", ")),
        _ => quoted.join(""),
    }
}

/// A `hiera.yaml` of a version other than 5: versions 3 and 4 are ignored with a note, another
/// is an error. `None` for version 5.
fn unsupported_version(
    version: i64,
    layer: Layer,
    path: &Path,
) -> Result<Option<Loaded>, HieraError> {
    match version {
        5 => {}
        3 | 4 => {
            return Ok(Some(Loaded::Ignored(match layer {
                Layer::Global => format!(
                    "{}: hiera.yaml version {version} in the global layer is not supported by plint (only version 5)",
                    path.display()
                ),
                Layer::Environment => format!(
                    "{}: hiera.yaml version {version} found at the environment root was ignored",
                    path.display()
                ),
                Layer::Module => format!(
                    "{}: hiera.yaml version {version} found at module root was ignored",
                    path.display()
                ),
            })));
        }
        v => {
            return Err(err_at(
                path,
                format!("This runtime does not support hiera.yaml version {v}"),
            ));
        }
    }
    Ok(None)
}

/// The data function of the levels that name none: its key (`data_hash`...) and name.
type DefaultFunction = Option<(&'static str, String)>;

/// The `defaults` of a `hiera.yaml`: the data folder and the data function of the levels that
/// name neither (`data` and `yaml_data` when there are no defaults).
fn read_defaults(
    defaults: Option<&Hash>,
    path: &Path,
) -> Result<(String, DefaultFunction), HieraError> {
    let fail = |message: String| err_at(path, message);
    Ok(match defaults {
        None => (
            "data".to_string(),
            Some(("data_hash", "yaml_data".to_string())),
        ),
        Some(d) => {
            let functions: Vec<&str> = FUNCTION_KEYS[..3]
                .iter()
                .copied()
                .filter(|k| d.get_str(k).is_some())
                .collect();
            if functions.len() > 1 {
                return Err(fail(format!(
                    "Only one of {} can be defined in defaults",
                    combine(&FUNCTION_KEYS)
                )));
            }
            if let Some(Value::Hash(o)) = d.get_str("options") {
                for reserved in ["path", "uri"] {
                    if o.get_str(reserved).is_some() {
                        return Err(fail(format!(
                            "Option key '{reserved}' used in defaults is reserved by Puppet"
                        )));
                    }
                }
            }
            let datadir = string_entry(d, "datadir", path)?.unwrap_or_else(|| "data".into());
            let function = match functions.first() {
                Some(k) => Some((*k, string_entry(d, k, path)?.unwrap_or_default())),
                None => None,
            };
            (datadir, function)
        }
    })
}

/// Reads and checks `path` (a `hiera.yaml`) for `layer`.
pub(crate) fn load(path: &Path, text: &str, layer: Layer) -> Result<Loaded, HieraError> {
    let parsed = yaml::parse(text)
        .map_err(|e| err_at(path, format!("Unable to parse ({}): {e}", path.display())))?;
    let root = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    let Value::Hash(h) = parsed else {
        return Ok(Loaded::Ignored(format!(
            "{}: File exists but does not contain a valid YAML hash (Hiera version 3 defaults are not supported by plint)",
            path.display()
        )));
    };
    let version = match h.get_str("version") {
        None | Some(Value::Undef) => 3,
        Some(Value::Integer(i)) => *i,
        Some(Value::String(s)) => s.trim().parse::<i64>().unwrap_or(0),
        Some(Value::Float(f)) => *f as i64,
        Some(_) => 0,
    };
    if let Some(ignored) = unsupported_version(version, layer, path)? {
        return Ok(ignored);
    }
    let fail = |message: String| err_at(path, message);
    for (k, _) in h.iter() {
        let key = k.to_puppet_string();
        if !matches!(
            key.as_str(),
            "version" | "defaults" | "hierarchy" | "default_hierarchy" | "plan_hierarchy"
        ) {
            return Err(fail(format!(
                "The Lookup Configuration at '{}' has wrong type, unrecognized key '{key}'",
                path.display()
            )));
        }
    }
    let empty = Hash::new();
    let defaults = match h.get_str("defaults") {
        None | Some(Value::Undef) => None,
        Some(Value::Hash(d)) => Some(d.as_ref()),
        Some(other) => {
            return Err(fail(format!(
                "The Lookup Configuration at '{}' entry 'defaults' expects a Struct value, got {}",
                path.display(),
                other.type_name()
            )));
        }
    };
    let (default_datadir, default_function) = read_defaults(defaults, path)?;
    let _ = &empty;
    let default_options = match defaults.and_then(|d| d.get_str("options")) {
        Some(Value::Hash(o)) => Some(o.as_ref()),
        _ => None,
    };
    let read_levels = |key: &str| -> Result<Option<Vec<Level>>, HieraError> {
        let list = match h.get_str(key) {
            None | Some(Value::Undef) => return Ok(None),
            Some(Value::Array(a)) => a.clone(),
            Some(other) => {
                return Err(fail(format!(
                    "The Lookup Configuration at '{}' entry '{key}' expects an Array value, got {}",
                    path.display(),
                    other.type_name()
                )));
            }
        };
        let mut levels: Vec<Level> = Vec::new();
        for entry in list.iter() {
            let Value::Hash(he) = entry else {
                return Err(fail(format!(
                    "The Lookup Configuration at '{}' entry '{key}' expects a Struct value, got {}",
                    path.display(),
                    entry.type_name()
                )));
            };
            let level = read_level(
                he,
                path,
                text,
                &default_datadir,
                default_function.as_ref(),
                default_options,
                layer,
            )?;
            if levels.iter().any(|l| l.name == level.name) {
                let line = text
                    .lines()
                    .enumerate()
                    .filter(|(_, l)| l.contains("name:") && l.contains(level.name.as_str()))
                    .map(|(i, _)| i + 1)
                    .nth(1);
                return Err(fail(format!(
                    "Hierarchy name '{}' defined more than once.{}",
                    level.name,
                    line.map(|l| format!(" (line: {l})")).unwrap_or_default()
                )));
            }
            levels.push(level);
        }
        Ok(Some(levels))
    };
    let hierarchy = match read_levels("hierarchy")? {
        Some(l) => l,
        None => vec![Level {
            name: "Common".into(),
            backend: Backend::Yaml,
            datadir: default_datadir.clone(),
            locations: Locations::Paths(vec!["common.yaml".into()]),
            options: Hash::new(),
        }],
    };
    let default_hierarchy = read_levels("default_hierarchy")?;
    if default_hierarchy.is_some() && layer != Layer::Module {
        let line = line_of(text, "default_hierarchy:");
        return Err(fail(format!(
            "'default_hierarchy' is only allowed in the module layer{}",
            line.map(|l| format!(" (line: {l})")).unwrap_or_default()
        )));
    }
    Ok(Loaded::V5(std::sync::Arc::new(Config {
        root,
        path: path.to_path_buf(),
        hierarchy,
        default_hierarchy,
    })))
}

fn string_entry(h: &Hash, key: &str, path: &Path) -> Result<Option<String>, HieraError> {
    match h.get_str(key) {
        None | Some(Value::Undef) => Ok(None),
        Some(Value::String(s)) if !s.is_empty() => Ok(Some(s.clone())),
        Some(other) => Err(err_at(
            path,
            format!(
                "The Lookup Configuration at '{}' entry '{key}' expects a String[1] value, got {}",
                path.display(),
                other.type_name()
            ),
        )),
    }
}

fn string_list(h: &Hash, key: &str, path: &Path) -> Result<Vec<String>, HieraError> {
    match h.get_str(key) {
        Some(Value::Array(a)) if !a.is_empty() => a
            .iter()
            .map(|v| match v {
                Value::String(s) if !s.is_empty() => Ok(s.clone()),
                other => Err(err_at(
                    path,
                    format!(
                        "The Lookup Configuration at '{}' entry '{key}' expects String[1] elements, got {}",
                        path.display(),
                        other.type_name()
                    ),
                )),
            })
            .collect(),
        Some(other) => Err(err_at(
            path,
            format!(
                "The Lookup Configuration at '{}' entry '{key}' expects a non-empty Array value, got {}",
                path.display(),
                other.type_name()
            ),
        )),
        None => Ok(Vec::new()),
    }
}

fn read_level(
    he: &Hash,
    path: &Path,
    _text: &str,
    default_datadir: &str,
    default_function: Option<&(&str, String)>,
    default_options: Option<&Hash>,
    layer: Layer,
) -> Result<Level, HieraError> {
    let fail = |m: String| err_at(path, m);
    let name = match he.get_str("name") {
        Some(Value::String(s)) if !s.is_empty() => s.clone(),
        _ => {
            return Err(fail(format!(
                "The Lookup Configuration at '{}' has a hierarchy entry without a 'name'",
                path.display()
            )));
        }
    };
    let functions: Vec<&str> = FUNCTION_KEYS
        .iter()
        .copied()
        .chain(std::iter::once("v4_data_hash"))
        .filter(|k| he.get_str(k).is_some())
        .collect();
    let (kind, function) = match functions.len() {
        0 => match default_function {
            Some((k, f)) => (*k, f.clone()),
            None => {
                return Err(fail(format!(
                    "One of {} must be defined in hierarchy '{name}'",
                    combine(&FUNCTION_KEYS)
                )));
            }
        },
        1 => (
            functions[0],
            string_entry(he, functions[0], path)?.unwrap_or_default(),
        ),
        _ => {
            return Err(fail(format!(
                "Only one of {} can be defined in hierarchy '{name}'",
                combine(&FUNCTION_KEYS)
            )));
        }
    };
    if kind == "hiera3_backend" && layer != Layer::Global {
        return Err(fail(
            "'hiera3_backend' is only allowed in the global layer".into(),
        ));
    }
    let location_keys: Vec<&str> = LOCATION_KEYS
        .iter()
        .copied()
        .filter(|k| he.get_str(k).is_some())
        .collect();
    if location_keys.len() > 1 {
        return Err(fail(format!(
            "Only one of {} can be defined in hierarchy '{name}'",
            combine(&LOCATION_KEYS)
        )));
    }
    if let Some(Value::Hash(o)) = he.get_str("options") {
        for reserved in ["path", "uri"] {
            if o.get_str(reserved).is_some() {
                return Err(fail(format!(
                    "Option key '{reserved}' used in hierarchy '{name}' is reserved by Puppet"
                )));
            }
        }
    }
    let locations = match location_keys.first().copied() {
        None => Locations::None,
        Some("path") | Some("glob") => {
            let key = location_keys[0];
            let p = string_entry(he, key, path)?.unwrap_or_default();
            if key == "path" {
                Locations::Paths(vec![p])
            } else {
                Locations::Globs(vec![p])
            }
        }
        Some("paths") => Locations::Paths(string_list(he, "paths", path)?),
        Some("globs") => Locations::Globs(string_list(he, "globs", path)?),
        Some("mapped_paths") => {
            let l = string_list(he, "mapped_paths", path)?;
            if l.len() != 3 {
                return Err(fail(format!(
                    "The Lookup Configuration at '{}' hierarchy '{name}' entry 'mapped_paths' expects size to be 3, got {}",
                    path.display(),
                    l.len()
                )));
            }
            Locations::Mapped(l[0].clone(), l[1].clone(), l[2].clone())
        }
        Some(_) => Locations::Uris,
    };
    let backend = match (kind, function.as_str()) {
        ("data_hash", "yaml_data") => Backend::Yaml,
        ("data_hash", "json_data") => Backend::Json,
        ("lookup_key", "eyaml_lookup_key") => Backend::Eyaml,
        ("data_hash", "hocon_data") => Backend::Hocon,
        ("data_hash", f) => Backend::Function(FunctionKind::DataHash, f.to_string()),
        ("lookup_key", f) => Backend::Function(FunctionKind::LookupKey, f.to_string()),
        ("data_dig", f) => Backend::Function(FunctionKind::DataDig, f.to_string()),
        (k, f) => Backend::Unsupported(format!("{k}: {f}")),
    };
    let options = match he.get_str("options") {
        Some(Value::Hash(o)) => (**o).clone(),
        _ => default_options.cloned().unwrap_or_default(),
    };
    let datadir = string_entry(he, "datadir", path)?.unwrap_or_else(|| default_datadir.to_string());
    Ok(Level {
        name,
        backend,
        datadir,
        locations,
        options,
    })
}
