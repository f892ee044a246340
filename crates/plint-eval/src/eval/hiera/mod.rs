//! Hiera 5 as Puppet 7 runs it: the global layer (`--hiera FILE`), the environment layer
//! (`<env>/hiera.yaml` and its data) and the module layer (`<module>/hiera.yaml`, for keys in
//! the module's namespace); `hiera.yaml` version 5 with `defaults` and hierarchy levels
//! (`path`, `paths`, `glob`, `globs`, `mapped_paths`); the `yaml_data`, `json_data` and
//! `hocon_data` backends (HOCON as [`crate::eval::hocon`] reads it: a file with an include is
//! not read, its values unknown; an environment variable's value is unknown); interpolation (`%{facts.os.family}`, `%{lookup('k')}`, `%{alias('k')}`,
//! `%{literal('%')}`, `%{scope('v')}`); the merge strategies and `lookup_options`.
//!
//! Files are read when a lookup first needs them and cached. A level whose backend is a
//! module's function (`data_hash: mymod::data`, `lookup_key`, `data_dig`) runs it through
//! [`HieraScope::call_backend`] with a `Puppet::LookupContext` ([`LookupContext`]); one that
//! cannot be run gives an unknown value. `eyaml_lookup_key` levels are read as YAML, their
//! encrypted values (`ENC[...]`) unknown (plint never decrypts), with a note. A backend plint does
//! not run (`hiera3_backend`) is skipped with a note ([`Hiera::notes`]);
//! `convert_to` in `lookup_options` is ignored with a note.

mod backend;
mod config;
mod function;
mod interpolate;
mod key;
mod locate;
use key::*;
mod merge;

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

pub use backend::{BackendAnswer, LookupContext};
use config::{Backend, Config, Layer, Level, Loaded, Locations};
pub use function::lookup_function;
pub use merge::MergeStrategy;

use super::functions::ruby_inspect;
use super::hocon;
use super::value::{Hash, Value};
use super::yaml;
use crate::sandbox::{Located, Sandbox};

/// The variables interpolation and hierarchy paths read: top-level variables by name
/// (`facts`, `trusted`, `server_facts`, `environment`, a legacy fact like `osfamily`), without
/// a leading `::`. Dotted paths (`facts.os.family`) are navigated by Hiera.
pub trait HieraScope {
    fn variable(&self, name: &str) -> Option<Value>;

    /// Runs a hierarchy level's backend function (`data_hash`, `lookup_key`, `data_dig`: a
    /// module's Ruby function) with `args` and a `Puppet::LookupContext` answered by `context`.
    /// By default no function can be run: the level's result is unknown.
    fn call_backend(
        &self,
        function: &str,
        args: Vec<Value>,
        context: &mut dyn LookupContext,
    ) -> BackendAnswer {
        let _ = (args, context);
        BackendAnswer::NotRun(format!("{function}()"))
    }
}

/// What checking a `hiera.yaml` on its own finds (for check mode): the checks Puppet makes
/// when it loads the file, syntax apart (see [`crate::eval::yaml::parse`]).
#[derive(Debug, Clone, PartialEq)]
pub enum ConfigCheck {
    /// A version 5 configuration Puppet accepts.
    Valid,
    /// A configuration Puppet ignores at this layer (version 3 or 4, or not a hash): why.
    Ignored(String),
    /// One Puppet refuses: its message.
    Invalid(String),
}

/// Checks a `hiera.yaml` of a module (`in_module`) or of an environment as Puppet does when
/// it loads it.
pub fn check_config(path: &Path, text: &str, in_module: bool) -> ConfigCheck {
    let layer = if in_module {
        Layer::Module
    } else {
        Layer::Environment
    };
    match config::load(path, text, layer) {
        Ok(Loaded::V5(_)) => ConfigCheck::Valid,
        Ok(Loaded::Ignored(why)) => ConfigCheck::Ignored(why),
        Err(e) => ConfigCheck::Invalid(e.message),
    }
}

/// A failed lookup: a malformed file, a bad `hiera.yaml`, a merge of incompatible values, a
/// recursive lookup. The message says where (file, line) when it is known.
#[derive(Debug, Clone, PartialEq)]
pub struct HieraError {
    pub message: String,
    pub file: Option<PathBuf>,
}

impl HieraError {
    pub fn new(message: impl Into<String>) -> Self {
        HieraError {
            message: message.into(),
            file: None,
        }
    }
}

impl fmt::Display for HieraError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for HieraError {}

/// How deep lookups may nest through interpolation before plint gives up.
const MAX_NESTING: usize = 64;

/// The Hiera data of one compilation. Lookups take `&self`; files are cached inside. The cache
/// and the work counters belong to this value (one per compilation), never to a static.
pub struct Hiera {
    global: Option<PathBuf>,
    environment_dir: Option<PathBuf>,
    /// The environment layer's `hiera.yaml` when named (`--hiera FILE`): else the one in
    /// `environment_dir`.
    environment_config: Option<PathBuf>,
    modulepath: Vec<PathBuf>,
    /// Every file is read through it.
    sandbox: Arc<Sandbox>,
    cache: Mutex<Cache>,
    /// Lookups and interpolations done so far, and how many may be done.
    work: std::sync::atomic::AtomicU64,
    max_work: u64,
    /// The longest string an interpolation may build.
    max_string: usize,
    /// The compilation's compiled regexps (`lookup_options` patterns, `lookup`'s value types).
    regexes: Arc<crate::types::RegexCache>,
    /// Set once a budget ran out: the lookup's error is then a budget error.
    exhausted: std::sync::atomic::AtomicBool,
}

#[derive(Default)]
struct Cache {
    /// `hiera.yaml` files by path; `None` when the file does not exist.
    configs: HashMap<PathBuf, Option<Result<Arc<Loaded>, HieraError>>>,
    /// Data files by path (with the module whose keys they may hold).
    data: HashMap<(PathBuf, Option<String>), Result<Arc<Hash>, HieraError>>,
    /// Module folders by module name.
    modules: HashMap<String, Option<PathBuf>>,
    /// The state of each backend function's level and location (its context's cache, what it
    /// answered).
    functions: HashMap<backend::ContextKey, backend::FunctionState>,
    /// The HOCON data files plint does not resolve (an include, ...), and why.
    unresolved: HashMap<PathBuf, String>,
    notes: Vec<HieraNote>,
    /// What is at each data file's path, asked once (the files do not change while a
    /// catalog compiles).
    located: HashMap<PathBuf, Located>,
    /// The files of each hierarchy level (by its address in its cached configuration) as
    /// resolved before, each with the variables its interpolation read.
    locations: HashMap<usize, Vec<Resolved>>,
}

/// A level's files, resolved: valid while the variables it read keep their values.
struct Resolved {
    /// The variables read (by name, with the value each had).
    reads: Vec<(String, Option<Value>)>,
    /// The interpolations charged to the budget while resolving.
    charges: u64,
    paths: Arc<Vec<PathBuf>>,
}

/// A scope that records the variables read through it (for [`Resolved`]).
struct Recorder<'a> {
    base: &'a dyn HieraScope,
    reads: RefCell<Vec<(String, Option<Value>)>>,
}

impl HieraScope for Recorder<'_> {
    fn variable(&self, name: &str) -> Option<Value> {
        let v = self.base.variable(name);
        self.reads.borrow_mut().push((name.to_string(), v.clone()));
        v
    }
}

/// What Hiera could not do during a compilation (each once), for its findings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HieraNote {
    /// A data file the sandbox refused to read: the values it holds are unknown.
    pub refused: Option<PathBuf>,
    /// The `hiera.yaml` whose level the note is about, when known.
    pub config: Option<PathBuf>,
    /// What happened, for the user.
    pub message: String,
}

/// The data folders a `hiera.yaml` (at `path`, with `text`) reads: each level's `datadir`
/// relative to the file's folder (up to its first interpolation, for one that has any). Empty
/// when the file is not a version 5 configuration.
pub fn data_folders(path: &Path, text: &str) -> Vec<PathBuf> {
    let Ok(config::Loaded::V5(c)) = config::load(path, text, config::Layer::Global) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = Vec::new();
    for level in c
        .hierarchy
        .iter()
        .chain(c.default_hierarchy.iter().flatten())
    {
        let fixed = match level.datadir.find("%{") {
            Some(i) => match level.datadir[..i].rfind('/') {
                Some(slash) => &level.datadir[..slash],
                None => "",
            },
            None => level.datadir.as_str(),
        };
        let dir = c.root.join(fixed);
        if !out.contains(&dir) {
            out.push(dir);
        }
    }
    out
}

/// A value of an eyaml file with each string that holds an encrypted block (`ENC[...]`)
/// unknown: plint never decrypts.
fn encrypted_unknown(v: &Value, file: &Path) -> Value {
    match v {
        Value::String(s) if s.contains("ENC[") => Value::unknown(
            "String",
            &format!("an encrypted eyaml value of `{}`", file.display()),
        ),
        Value::Array(a) => Value::array(a.iter().map(|e| encrypted_unknown(e, file)).collect()),
        Value::Hash(h) => {
            let mut out = Hash::with_capacity(h.len());
            for (k, e) in h.iter() {
                out.insert(k.clone(), encrypted_unknown(e, file));
            }
            Value::hash(out)
        }
        other => other.clone(),
    }
}

/// Which layer a lookup searches.
#[derive(Debug, Clone, Copy)]
enum Where<'a> {
    Global,
    Environment,
    Module(&'a str),
}

/// One lookup (and the lookups its interpolations start): the scope and the keys being looked
/// up, to detect recursion.
struct Inv<'a> {
    scope: &'a dyn HieraScope,
    stack: RefCell<Vec<String>>,
}

impl Inv<'_> {
    fn check<T>(
        &self,
        name: &str,
        f: impl FnOnce() -> Result<T, HieraError>,
    ) -> Result<T, HieraError> {
        {
            let stack = self.stack.borrow();
            if stack.iter().any(|n| n == name) || stack.len() >= MAX_NESTING {
                return Err(HieraError::new(format!(
                    "Recursive lookup detected in [{}]",
                    stack.join(", ")
                )));
            }
        }
        self.stack.borrow_mut().push(name.to_string());
        let r = f();
        self.stack.borrow_mut().pop();
        r
    }
}

/// A scope with one more variable (a `mapped_paths` key).
struct Overlay<'a> {
    base: &'a dyn HieraScope,
    name: &'a str,
    value: Value,
}

impl HieraScope for Overlay<'_> {
    fn variable(&self, name: &str) -> Option<Value> {
        if name == self.name {
            Some(self.value.clone())
        } else {
            self.base.variable(name)
        }
    }
}

/// Runs a lookup over `n` places with a merge strategy: the first found wins for `first`;
/// otherwise everything found is merged, the earlier places having priority.
fn merge_lookup(
    merge: &MergeStrategy,
    n: usize,
    mut find: impl FnMut(usize) -> Result<Option<Value>, HieraError>,
) -> Result<Option<Value>, HieraError> {
    if merge.is_first() {
        for i in 0..n {
            if let Some(v) = find(i)? {
                return Ok(Some(v));
            }
        }
        return Ok(None);
    }
    if n == 1 {
        return Ok(find(0)?.map(|v| merge.merge_single(v)));
    }
    let mut memo: Option<Value> = None;
    for i in 0..n {
        if let Some(v) = find(i)? {
            memo = Some(match memo {
                None => merge.convert_value(v),
                Some(m) => merge.merge(m, v)?,
            });
        }
    }
    Ok(memo)
}

impl Hiera {
    /// Hiera for a compilation: the global `hiera.yaml` (`--global-hiera FILE`), the environment's
    /// folder (its `hiera.yaml` and data) and the module path. Nothing is read yet.
    pub fn new(
        global: Option<&Path>,
        environment_dir: Option<&Path>,
        modulepath: &[PathBuf],
        sandbox: Arc<Sandbox>,
    ) -> Hiera {
        Hiera {
            global: global.map(Path::to_path_buf),
            environment_dir: environment_dir.map(Path::to_path_buf),
            environment_config: None,
            modulepath: modulepath.to_vec(),
            sandbox,
            cache: Mutex::new(Cache::default()),
            work: std::sync::atomic::AtomicU64::new(0),
            max_work: u64::MAX,
            max_string: usize::MAX,
            regexes: Arc::default(),
            exhausted: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// The environment layer reads `config` (`--hiera FILE`) instead of the environment
    /// folder's `hiera.yaml`; its datadirs are relative to `config`'s folder.
    pub fn with_environment_config(mut self, config: Option<&Path>) -> Hiera {
        self.environment_config = config.map(Path::to_path_buf);
        self
    }

    /// Shares the compilation's compiled regexps (by default, Hiera has its own).
    pub fn with_regexes(mut self, regexes: Arc<crate::types::RegexCache>) -> Hiera {
        self.regexes = regexes;
        self
    }

    /// The compiled regexps Hiera matches with.
    pub fn regexes(&self) -> &crate::types::RegexCache {
        &self.regexes
    }

    /// Bounds the lookups and interpolations of this compilation, and the strings
    /// interpolation builds.
    pub fn with_budgets(mut self, max_work: u64, max_string: usize) -> Hiera {
        self.max_work = max_work;
        self.max_string = max_string;
        self
    }

    /// Whether a lookup failed because a budget ran out.
    pub fn budget_exhausted(&self) -> bool {
        self.exhausted.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Counts one lookup or interpolation.
    fn charge(&self) -> Result<(), HieraError> {
        let done = self.work.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if done >= self.max_work {
            return Err(self.exhaust(&format!(
                "The evaluation exceeded its budget of Hiera interpolations ({} lookups and \
                 interpolations)",
                self.max_work
            )));
        }
        Ok(())
    }

    fn exhaust(&self, message: &str) -> HieraError {
        self.exhausted
            .store(true, std::sync::atomic::Ordering::Relaxed);
        HieraError::new(message)
    }

    fn check_string(&self, len: usize) -> Result<(), HieraError> {
        if len > self.max_string {
            return Err(self.exhaust(&format!(
                "The evaluation exceeded its budget of string size ({} bytes) in a Hiera \
                 interpolation",
                self.max_string
            )));
        }
        Ok(())
    }

    /// Looks `key` up as Puppet's `lookup(key)` does (the three layers, `lookup_options`,
    /// interpolation); `merge` overrides the key's `lookup_options` merge. `Ok(None)` when no
    /// layer has the key.
    pub fn lookup(
        &self,
        key: &str,
        merge: Option<&MergeStrategy>,
        scope: &dyn HieraScope,
    ) -> Result<Option<Value>, HieraError> {
        let inv = Inv {
            scope,
            stack: RefCell::new(Vec::new()),
        };
        self.lookup_inner(key, merge, &inv)
    }

    /// What plint could not do while looking up (data files refused, skipped backends,
    /// ignored `convert_to`, data files that are not hashes), each once.
    pub fn notes(&self) -> Vec<HieraNote> {
        self.lock().notes.clone()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Cache> {
        self.cache.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A data file the sandbox does not let plint read, noted once per lookup: what it would
    /// give is not known, and the compilation goes on.
    fn not_read(&self, path: &Path, config: &Path) -> Value {
        self.push_note(HieraNote {
            refused: Some(path.to_path_buf()),
            config: Some(config.to_path_buf()),
            message: format!(
                "the Hiera data `{}` was not read: {}; the values it holds are unknown",
                path.display(),
                crate::sandbox::Error::Outside
            ),
        });
        Value::unknown(
            "Any",
            &format!("Hiera data `{}` (not read)", path.display()),
        )
    }

    fn note(&self, message: String) {
        self.push_note(HieraNote {
            refused: None,
            config: None,
            message,
        });
    }

    fn push_note(&self, note: HieraNote) {
        let mut c = self.lock();
        if !c.notes.contains(&note) {
            c.notes.push(note);
        }
    }

    fn lookup_inner(
        &self,
        key: &str,
        merge: Option<&MergeStrategy>,
        inv: &Inv<'_>,
    ) -> Result<Option<Value>, HieraError> {
        if key == "lookup_options" || key.starts_with("lookup_options.") {
            return Ok(None);
        }
        self.charge()?;
        let lk = LookupKey::parse(key)?;
        let options = self.lookup_options_for(&lk, inv)?;
        let from_options;
        let merge = match merge {
            Some(m) => m,
            None => {
                from_options = match options.as_ref().and_then(|o| o.as_hash()?.get_str("merge")) {
                    Some(m) => MergeStrategy::from_value(m)?,
                    None => MergeStrategy::First,
                };
                &from_options
            }
        };
        if options
            .as_ref()
            .and_then(|o| o.as_hash()?.get_str("convert_to"))
            .is_some()
        {
            self.note(format!(
                "lookup_options 'convert_to' of key '{}' is not applied by plint",
                lk.root
            ));
        }
        let layers = [Where::Global, Where::Environment];
        let found = merge_lookup(merge, 3, |i| match i {
            0 | 1 => self.layer_lookup(layers[i], &lk.root, merge, inv, false, &lk.segments),
            _ => match &lk.module {
                Some(m) => {
                    self.layer_lookup(Where::Module(m), &lk.root, merge, inv, false, &lk.segments)
                }
                None => Ok(None),
            },
        })?;
        if let Some(v) = found
            && let Some(v) = sub_lookup(&lk.text, &lk.segments, v)?
        {
            return Ok(Some(v));
        }
        // The module's default hierarchy, when nothing else has the key.
        let Some(module) = &lk.module else {
            return Ok(None);
        };
        let Some(config) = self.config_for(Where::Module(module))? else {
            return Ok(None);
        };
        if config.default_hierarchy.is_none() {
            return Ok(None);
        }
        let opts = self.layer_lookup(
            Where::Module(module),
            "lookup_options",
            &MergeStrategy::Hash,
            inv,
            true,
            &[],
        )?;
        let opts = self.validate_options(opts, Some(module))?;
        let merge = match opts
            .as_ref()
            .and_then(|o| extract_options(&self.regexes, o, &lk.root))
            .and_then(|o| o.as_hash()?.get_str("merge").cloned())
        {
            Some(m) => MergeStrategy::from_value(&m)?,
            None => MergeStrategy::First,
        };
        match self.layer_lookup(
            Where::Module(module),
            &lk.root,
            &merge,
            inv,
            true,
            &lk.segments,
        )? {
            Some(v) => sub_lookup(&lk.text, &lk.segments, v),
            None => Ok(None),
        }
    }

    /// The `lookup_options` entry for a key: global and environment options (global
    /// winning), then the module's (for the module's keys), each merged over its hierarchy.
    fn lookup_options_for(
        &self,
        lk: &LookupKey,
        inv: &Inv<'_>,
    ) -> Result<Option<Value>, HieraError> {
        let hash = MergeStrategy::Hash;
        let global = self.layer_lookup(Where::Global, "lookup_options", &hash, inv, false, &[])?;
        let global = self.validate_options(global, None)?;
        let env =
            self.layer_lookup(Where::Environment, "lookup_options", &hash, inv, false, &[])?;
        let env = self.validate_options(env, None)?;
        let mut opts = match (global, env) {
            (None, e) => e,
            (g, None) => g,
            (Some(g), Some(e)) => Some(hash.merge(g, e)?),
        };
        if let Some(m) = &lk.module {
            let module =
                self.layer_lookup(Where::Module(m), "lookup_options", &hash, inv, false, &[])?;
            let module = self.validate_options(module, Some(m))?;
            opts = match (opts, module) {
                (None, m) => m,
                (o, None) => o,
                (Some(o), Some(m)) => Some(hash.merge(o, m)?),
            };
        }
        Ok(opts.and_then(|o| extract_options(&self.regexes, &o, &lk.root)))
    }

    fn validate_options(
        &self,
        opts: Option<Value>,
        module: Option<&str>,
    ) -> Result<Option<Value>, HieraError> {
        // A data file not read gives unknown options: the lookup's own value from that level is
        // unknown too.
        let Some(opts) = opts.filter(|o| !matches!(o, Value::Unknown(_))) else {
            return Ok(None);
        };
        let Value::Hash(h) = &opts else {
            return Err(HieraError::new("value of lookup_options must be a hash"));
        };
        if let Some(m) = module {
            let prefix = format!("{m}::");
            for k in h.keys() {
                let k = k.to_puppet_string();
                if let Some(pattern) = k.strip_prefix('^') {
                    if !pattern.starts_with(&prefix) {
                        return Err(HieraError::new(format!(
                            "all lookup_options patterns must match a key starting with module name '{m}'"
                        )));
                    }
                } else if !k.starts_with(&prefix) {
                    return Err(HieraError::new(format!(
                        "all lookup_options keys must start with module name '{m}'"
                    )));
                }
            }
        }
        Ok(Some(opts))
    }

    /// The layer's configuration, `None` when the layer has none (no `--hiera`, no
    /// `hiera.yaml` in the environment or module, an ignored version).
    fn config_for(&self, at: Where<'_>) -> Result<Option<Arc<Config>>, HieraError> {
        let (path, layer, default_if_missing) = match at {
            Where::Global => match &self.global {
                Some(p) => (p.clone(), Layer::Global, true),
                None => return Ok(None),
            },
            Where::Environment => match (&self.environment_config, &self.environment_dir) {
                (Some(c), _) => (c.clone(), Layer::Environment, false),
                (None, Some(d)) => (d.join("hiera.yaml"), Layer::Environment, false),
                (None, None) => return Ok(None),
            },
            Where::Module(m) => match self.module_dir(m) {
                Some(d) => (d.join("hiera.yaml"), Layer::Module, false),
                None => return Ok(None),
            },
        };
        let cached = self.lock().configs.get(&path).cloned();
        let loaded = match cached {
            Some(c) => c,
            None => {
                let loaded = match self.sandbox.read_to_string(&path) {
                    Ok(text) => Some(config::load(&path, &text, layer).map(Arc::new)),
                    Err(e) if e.is_refusal() => Some(Err(HieraError {
                        message: format!("{}: not read: {e}", path.display()),
                        file: Some(path.clone()),
                    })),
                    Err(e) if !e.is_not_found() => Some(Err(HieraError {
                        message: format!("{}: the file cannot be read", path.display()),
                        file: Some(path.clone()),
                    })),
                    Err(_) if default_if_missing => {
                        Some(Ok(Arc::new(Loaded::V5(Arc::new(Config {
                            root: path.parent().unwrap_or(Path::new(".")).to_path_buf(),
                            path: path.clone(),
                            hierarchy: vec![Level {
                                name: "Common".into(),
                                backend: Backend::Yaml,
                                datadir: "data".into(),
                                locations: Locations::Paths(vec!["common.yaml".into()]),
                                options: Hash::new(),
                            }],
                            default_hierarchy: None,
                        })))))
                    }
                    Err(_) => None,
                };
                self.lock().configs.insert(path.clone(), loaded.clone());
                loaded
            }
        };
        match loaded {
            None => Ok(None),
            Some(Err(e)) => Err(e),
            Some(Ok(l)) => match &*l {
                Loaded::V5(c) => Ok(Some(c.clone())),
                Loaded::Ignored(note) => {
                    self.note(note.clone());
                    Ok(None)
                }
            },
        }
    }

    fn module_dir(&self, name: &str) -> Option<PathBuf> {
        if let Some(d) = self.lock().modules.get(name) {
            return d.clone();
        }
        let valid = !name.is_empty()
            && name
                .bytes()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_');
        let dir = if valid {
            self.modulepath
                .iter()
                .map(|p| p.join(name))
                .find(|d| self.sandbox.is_dir(d))
        } else {
            None
        };
        self.lock().modules.insert(name.to_string(), dir.clone());
        dir
    }

    /// Looks `root` up in one layer: its hierarchy levels merged with `merge`.
    fn layer_lookup(
        &self,
        at: Where<'_>,
        root: &str,
        merge: &MergeStrategy,
        inv: &Inv<'_>,
        default_hierarchy: bool,
        dig: &[Seg],
    ) -> Result<Option<Value>, HieraError> {
        let Some(config) = self.config_for(at)? else {
            return Ok(None);
        };
        let levels = if default_hierarchy {
            match &config.default_hierarchy {
                Some(l) => l,
                None => return Ok(None),
            }
        } else {
            &config.hierarchy
        };
        let module = match at {
            Where::Module(m) => Some(m),
            _ => None,
        };
        inv.check(root, || {
            merge_lookup(merge, levels.len(), |i| {
                self.level_lookup(&config, &levels[i], root, merge, inv, module, dig)
            })
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn level_lookup(
        &self,
        config: &Config,
        level: &Level,
        root: &str,
        merge: &MergeStrategy,
        inv: &Inv<'_>,
        module: Option<&str>,
        dig: &[Seg],
    ) -> Result<Option<Value>, HieraError> {
        if let Backend::Function(kind, name) = &level.backend {
            return self.function_level(config, level, *kind, name, root, dig, merge, inv, module);
        }
        if let Backend::Unsupported(f) = &level.backend {
            self.note(format!(
                "{}: hierarchy level '{}' uses {f}, which plint does not run; the level is skipped",
                config.path.display(),
                level.name
            ));
            return Ok(None);
        }
        let function = match level.backend {
            Backend::Json => "json_data",
            Backend::Eyaml => "eyaml_lookup_key",
            Backend::Hocon => "hocon_data",
            _ => "yaml_data",
        };
        if level.backend == Backend::Eyaml {
            self.push_note(HieraNote {
                refused: None,
                config: Some(config.path.clone()),
                message: format!(
                    "hierarchy level '{}' uses eyaml_lookup_key: its plain values are read, its \
                     encrypted ones (ENC[...]) are unknown: plint never decrypts",
                    level.name
                ),
            });
        }
        let locations = match &level.locations {
            Locations::None => {
                return Err(HieraError {
                    message: format!(
                        "{}: hierarchy level '{}': one of 'path', 'paths' 'glob', 'globs' or 'mapped_paths' must be declared in hiera.yaml when using this data_hash function",
                        config.path.display(),
                        level.name
                    ),
                    file: Some(config.path.clone()),
                });
            }
            Locations::Uris => {
                self.note(format!(
                    "{}: hierarchy level '{}' uses 'uri'/'uris', which {function} cannot read; the level is skipped",
                    config.path.display(),
                    level.name
                ));
                return Ok(None);
            }
            _ => self.resolve_locations(config, level, inv)?,
        };
        merge_lookup(merge, locations.len(), |i| {
            let path = &locations[i];
            match self.locate(path) {
                Located::File => {}
                Located::Missing | Located::Folder => return Ok(None),
                Located::Refused => return Ok(Some(self.not_read(path, &config.path))),
            }
            let data = self.data_hash(path, &level.backend, module)?;
            if let Some(why) = self.lock().unresolved.get(path) {
                // A HOCON file plint does not resolve: whatever it holds is unknown.
                return Ok(Some(Value::unknown(
                    "Any",
                    &format!("the HOCON data `{}` ({why})", path.display()),
                )));
            }
            match data.get_str(root) {
                None => Ok(None),
                Some(v) if level.backend == Backend::Eyaml => {
                    let v = encrypted_unknown(v, path);
                    self.interpolate(v, inv, true).map(Some)
                }
                Some(v) => self.interpolate(v.clone(), inv, true).map(Some),
            }
        })
    }
}

/// Whether interpolating `v` would interpolate again (a string in it holds `%{`).
fn holds_interpolation(v: &Value) -> bool {
    match v {
        Value::String(s) => s.contains("%{"),
        Value::Array(a) => a.iter().any(holds_interpolation),
        Value::Hash(h) => h
            .iter()
            .any(|(k, e)| holds_interpolation(k) || holds_interpolation(e)),
        _ => false,
    }
}

/// `name('key')` or `name("key")` in an interpolation.
fn parse_method(expr: &str) -> Option<(&str, &str)> {
    let open = expr.find('(')?;
    let name = &expr[..open];
    if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let inner = expr[open + 1..].strip_suffix(')')?;
    for q in ['"', '\''] {
        if let Some(k) = inner.strip_prefix(q).and_then(|s| s.strip_suffix(q))
            && !k.is_empty()
            && !k.contains(q)
        {
            return Some((name, k));
        }
    }
    None
}

/// The options of `root` in a `lookup_options` hash: its own entry, else the first pattern
/// (`^ntp::.*`) matching it.
fn extract_options(regexes: &crate::types::RegexCache, opts: &Value, root: &str) -> Option<Value> {
    let h = opts.as_hash()?;
    if let Some(v) = h.get_str(root)
        && !root.starts_with('^')
    {
        return Some(v.clone());
    }
    for (k, v) in h.iter() {
        if let Value::String(pattern) = k
            && pattern.starts_with('^')
            && super::regex::is_match(regexes, pattern, root).unwrap_or(false)
        {
            return Some(v.clone());
        }
    }
    None
}

/// The paths matching a glob as Puppet's Hiera finds them (`Pathname.glob`: Ruby's `Dir.glob`,
/// in its order, hidden names only for a pattern that starts with a dot), folders left out.
/// When the sandbox cannot say (a folder plint may not list), the pattern itself: the level
/// then reports it as not read.
fn expand_glob(pattern: &Path, sandbox: &Sandbox) -> Vec<PathBuf> {
    struct Tree<'s>(&'s Sandbox);
    impl crate::ruby_core::glob::Tree for Tree<'_> {
        fn kind(&mut self, path: &str) -> Option<crate::ruby::PathKind> {
            match self.0.locate(Path::new(path)) {
                Located::File => Some(crate::ruby::PathKind::File),
                Located::Folder => Some(crate::ruby::PathKind::Folder),
                Located::Missing => Some(crate::ruby::PathKind::Missing),
                Located::Refused => None,
            }
        }
        fn list(&mut self, path: &str) -> Option<Vec<crate::ruby::DirEntry>> {
            crate::ruby::list_dir_in(self.0, path).ok()
        }
    }
    let text = pattern.to_string_lossy();
    let cwd = sandbox.cwd().to_string_lossy();
    match crate::ruby_core::glob::glob(&mut Tree(sandbox), &text, Some(&cwd)) {
        Some(paths) => paths
            .into_iter()
            .map(PathBuf::from)
            .filter(|p| sandbox.locate(p) != Located::Folder)
            .collect(),
        None => vec![pattern.to_path_buf()],
    }
}

#[cfg(test)]
mod tests;
