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

/// A key segment: a hash key, or an array index.
#[derive(Debug, Clone, PartialEq)]
enum Seg {
    Str(String),
    Int(i64),
}

impl Seg {
    fn as_value(&self) -> Value {
        match self {
            Seg::Str(s) => Value::string(s.as_str()),
            Seg::Int(i) => Value::Integer(*i),
        }
    }

    fn text(&self) -> String {
        match self {
            Seg::Str(s) => s.clone(),
            Seg::Int(i) => i.to_string(),
        }
    }
}

/// A lookup key: `ntp::servers`, or a dotted path into a value (`ntp::config.port`,
/// `users."a.b".0`).
struct LookupKey {
    text: String,
    root: String,
    segments: Vec<Seg>,
    module: Option<String>,
}

impl LookupKey {
    fn parse(key: &str) -> Result<Self, HieraError> {
        let mut segs = split_key(key)
            .ok_or_else(|| HieraError::new(format!("Syntax error in key: '{key}'")))?;
        let root = segs.remove(0).text();
        let module = root.find("::").map(|i| {
            if i == 0 {
                root.clone()
            } else {
                root[..i].to_string()
            }
        });
        Ok(LookupKey {
            text: key.to_string(),
            root,
            segments: segs,
            module,
        })
    }
}

/// Splits a dotted key into segments (quoted segments keep their dots, numeric segments are
/// indexes). `None` on a syntax error.
fn split_key(key: &str) -> Option<Vec<Seg>> {
    if !key.contains(['\'', '"', '.']) {
        return Some(vec![Seg::Str(key.to_string())]);
    }
    let b = key.as_bytes();
    let mut pos = 0;
    let mut out = Vec::new();
    loop {
        // One token: blanks, a quoted string, blanks; or a run without quotes and dots.
        let start = pos;
        let mut p = pos;
        while p < b.len() && (b[p] as char).is_ascii_whitespace() {
            p += 1;
        }
        let quoted = if p < b.len() && (b[p] == b'"' || b[p] == b'\'') {
            let q = b[p];
            let close = key[p + 1..].find(q as char).map(|i| p + 1 + i);
            match close {
                Some(c) if c > p + 1 => {
                    let inner = key[p + 1..c].to_string();
                    let mut e = c + 1;
                    while e < b.len() && (b[e] as char).is_ascii_whitespace() {
                        e += 1;
                    }
                    pos = e;
                    Some(inner)
                }
                _ => None,
            }
        } else {
            None
        };
        match quoted {
            Some(inner) => out.push(Seg::Str(inner)),
            None => {
                let mut e = start;
                while e < b.len() && !matches!(b[e], b'\'' | b'"' | b'.') {
                    e += 1;
                }
                if e == start {
                    return None;
                }
                let seg = key[start..e].trim();
                pos = e;
                out.push(numeric_segment(seg).unwrap_or_else(|| Seg::Str(seg.to_string())));
            }
        }
        if pos == b.len() {
            return Some(out);
        }
        if b[pos] != b'.' {
            return None;
        }
        pos += 1;
        if pos == b.len() {
            return None;
        }
    }
}

fn numeric_segment(s: &str) -> Option<Seg> {
    let (colon, rest) = match s.strip_prefix(':') {
        Some(r) => (true, r),
        None => (false, s),
    };
    let digits = rest.strip_prefix(['+', '-']).unwrap_or(rest);
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    if colon {
        return Some(Seg::Int(0));
    }
    rest.parse().ok().map(Seg::Int)
}

/// Ruby's class name of a value, for messages.
fn ruby_class(v: &Value) -> &'static str {
    match v {
        Value::Undef => "NilClass",
        Value::Boolean(true) => "TrueClass",
        Value::Boolean(false) => "FalseClass",
        Value::Integer(_) => "Integer",
        Value::Float(_) => "Float",
        Value::String(_) => "String",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        _ => "Object",
    }
}

/// Digs `segments` into `value`; `None` when a segment is missing.
fn sub_lookup(key: &str, segments: &[Seg], mut value: Value) -> Result<Option<Value>, HieraError> {
    for seg in segments {
        if value.is_undef() {
            return Ok(None);
        }
        let next = match (&value, seg) {
            (Value::Array(a), Seg::Int(i)) => {
                if *i < 0 || *i as usize >= a.len() {
                    return Ok(None);
                }
                a[*i as usize].clone()
            }
            (Value::Hash(h), _) => match h.get(&seg.as_value()) {
                Some(v) => v.clone(),
                None => return Ok(None),
            },
            _ => {
                return Err(HieraError::new(format!(
                    "Data Provider type mismatch: Got {} when a hash-like object was expected to access value using '{}' from key '{key}'",
                    ruby_class(&value),
                    seg.text()
                )));
            }
        };
        value = next;
    }
    Ok(Some(value))
}

/// A value interpolated into a string, as Ruby's `to_s` prints it.
fn ruby_to_s(v: &Value) -> String {
    match v {
        Value::Undef => String::new(),
        Value::String(s) => s.clone(),
        Value::Integer(i) => i.to_string(),
        Value::Float(f) => crate::ruby_core::float::to_s(*f),
        Value::Boolean(b) => b.to_string(),
        Value::Array(_) | Value::Hash(_) => ruby_inspect(v),
        other => other.to_puppet_string(),
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

    /// What is at a data file's path ([`Sandbox::locate`], asked once per path).
    fn locate(&self, path: &Path) -> Located {
        if let Some(l) = self.lock().located.get(path) {
            return *l;
        }
        let l = self.sandbox.locate(path);
        self.lock().located.insert(path.to_path_buf(), l);
        l
    }

    /// The files a level names ([`Hiera::interpolate_locations`]), remembered with the
    /// variables their interpolation read: while those keep their values (as the facts do),
    /// the level's files are known without interpolating again, and the budget is charged as
    /// the interpolation would charge it. A level is remembered only when its interpolation
    /// succeeded and interpolated no variable's value again (a value holding `%{`); one is
    /// reused only when no interpolation of a variable is under way (which could make the
    /// same interpolation recursive).
    fn resolve_locations(
        &self,
        config: &Config,
        level: &Level,
        inv: &Inv<'_>,
    ) -> Result<Arc<Vec<PathBuf>>, HieraError> {
        let key = std::ptr::from_ref(level) as usize;
        let reusable = {
            let stack = inv.stack.borrow();
            stack.len() < MAX_NESTING && !stack.iter().any(|n| n.starts_with("scope:"))
        };
        if reusable {
            let hit = self.lock().locations.get(&key).and_then(|entries| {
                entries
                    .iter()
                    .find(|r| {
                        r.reads.iter().all(|(name, was)| {
                            let now = inv.scope.variable(name);
                            match (&now, was) {
                                (None, None) => true,
                                (Some(a), Some(b)) => a.strict_eq(b),
                                _ => false,
                            }
                        })
                    })
                    .map(|r| (r.charges, r.paths.clone()))
            });
            if let Some((charges, paths)) = hit {
                for _ in 0..charges {
                    self.charge()?;
                }
                return Ok(paths);
            }
        }
        let recorder = Recorder {
            base: inv.scope,
            reads: RefCell::new(Vec::new()),
        };
        let recorded = Inv {
            scope: &recorder,
            stack: RefCell::new(inv.stack.borrow().clone()),
        };
        let before = self.work.load(std::sync::atomic::Ordering::Relaxed);
        let paths = Arc::new(self.interpolate_locations(config, level, &recorded)?);
        let charges = self.work.load(std::sync::atomic::Ordering::Relaxed) - before;
        let reads = recorder.reads.into_inner();
        if reusable
            && !reads
                .iter()
                .any(|(_, v)| v.as_ref().is_some_and(holds_interpolation))
        {
            self.lock()
                .locations
                .entry(key)
                .or_default()
                .push(Resolved {
                    reads,
                    charges,
                    paths: paths.clone(),
                });
        }
        Ok(paths)
    }

    /// The files a level names, its paths interpolated (without methods) and expanded.
    fn interpolate_locations(
        &self,
        config: &Config,
        level: &Level,
        inv: &Inv<'_>,
    ) -> Result<Vec<PathBuf>, HieraError> {
        let with_file = |mut e: HieraError| {
            if e.file.is_none() {
                e.file = Some(config.path.clone());
            }
            e
        };
        let datadir = config.root.join(&level.datadir);
        let datadir = PathBuf::from(
            self.interpolate_str(&datadir.to_string_lossy(), inv, false)
                .map_err(with_file)?,
        );
        Ok(match &level.locations {
            Locations::Paths(paths) => {
                let mut out = Vec::new();
                for p in paths {
                    let p = self.interpolate_str(p, inv, false).map_err(with_file)?;
                    out.push(datadir.join(p));
                }
                out
            }
            Locations::Globs(globs) => {
                let mut out = Vec::new();
                for g in globs {
                    let g = self.interpolate_str(g, inv, false).map_err(with_file)?;
                    out.extend(expand_glob(&datadir.join(g), &self.sandbox));
                }
                out
            }
            Locations::Mapped(var, key, template) => {
                let vars = self
                    .scope_lookup(var, inv, "mapped_path[0]")
                    .map_err(with_file)?;
                let vars: Vec<Value> = match vars {
                    Value::Undef => Vec::new(),
                    Value::String(s) if s.is_empty() => Vec::new(),
                    Value::String(_) => vec![vars],
                    Value::Array(a) => a.to_vec(),
                    Value::Hash(h) => h
                        .iter()
                        .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
                        .collect(),
                    other => vec![other],
                };
                let mut out = Vec::new();
                for v in vars {
                    let overlay = Overlay {
                        base: inv.scope,
                        name: key,
                        value: v,
                    };
                    let sub = Inv {
                        scope: &overlay,
                        stack: RefCell::new(inv.stack.borrow().clone()),
                    };
                    let p = self
                        .interpolate_str(template, &sub, false)
                        .map_err(with_file)?;
                    out.push(datadir.join(p));
                }
                out
            }
            Locations::None | Locations::Uris => Vec::new(),
        })
    }

    /// A data file's hash, read once.
    fn data_hash(
        &self,
        path: &Path,
        backend: &Backend,
        module: Option<&str>,
    ) -> Result<Arc<Hash>, HieraError> {
        let key = (path.to_path_buf(), module.map(str::to_string));
        if let Some(d) = self.lock().data.get(&key) {
            return d.clone();
        }
        let result = self.read_data(path, backend, module);
        self.lock().data.insert(key, result.clone());
        result
    }

    fn read_data(
        &self,
        path: &Path,
        backend: &Backend,
        module: Option<&str>,
    ) -> Result<Arc<Hash>, HieraError> {
        let err = |message: String| HieraError {
            message,
            file: Some(path.to_path_buf()),
        };
        let bytes = self
            .sandbox
            .read(path)
            .map_err(|e| err(format!("{}: {e}", path.display())))?;
        let text = String::from_utf8_lossy(&bytes);
        let (function, parsed) = match backend {
            Backend::Hocon => match hocon::parse(&text)
                .map_err(|e| err(format!("Unable to parse ({}): {e}", path.display())))?
            {
                hocon::Hocon::Data(v) => ("hocon_data", v),
                hocon::Hocon::Unknown(why) => {
                    self.note(format!(
                        "{}: the HOCON data is not read: {why}; the values it holds are unknown",
                        path.display()
                    ));
                    self.lock().unresolved.insert(path.to_path_buf(), why);
                    return Ok(Arc::new(Hash::new()));
                }
            },
            Backend::Json => (
                "json_data",
                yaml::parse_json(&text)
                    .map_err(|e| err(format!("Unable to parse ({}): {e}", path.display())))?,
            ),
            _ => (
                "yaml_data",
                yaml::parse(&text)
                    .map_err(|e| err(format!("Unable to parse ({}): {e}", path.display())))?,
            ),
        };
        let mut data = match parsed {
            Value::Hash(h) => (*h).clone(),
            other => {
                if matches!(backend, Backend::Json) {
                    return Err(err(format!(
                        "Value returned from data_hash function '{function}', when using location '{}', has wrong type, expects a Hash value, got {}",
                        path.display(),
                        other.type_name()
                    )));
                }
                self.note(format!(
                    "{}: file does not contain a valid yaml hash",
                    path.display()
                ));
                Hash::new()
            }
        };
        if let Some(m) = module {
            let prefix = format!("{m}::");
            let bad: Vec<Value> = data
                .keys()
                .filter(|k| !matches!(k, Value::String(s) if s == "lookup_options" || s.starts_with(&prefix)))
                .cloned()
                .collect();
            if !bad.is_empty() {
                self.note(format!(
                    "Module '{m}': Value returned from data_hash function '{function}', when using location '{}', must use keys qualified with the name of the module",
                    path.display()
                ));
                data.remove_all(&bad);
            }
        }
        Ok(Arc::new(data))
    }

    /// Interpolates `%{...}` in a data value (strings, and the keys and values of
    /// collections).
    fn interpolate(
        &self,
        v: Value,
        inv: &Inv<'_>,
        allow_methods: bool,
    ) -> Result<Value, HieraError> {
        match &v {
            Value::String(s) if s.contains("%{") => self.interpolate_string(s, inv, allow_methods),
            Value::Array(a) => Ok(Value::array(
                a.iter()
                    .map(|e| self.interpolate(e.clone(), inv, allow_methods))
                    .collect::<Result<_, _>>()?,
            )),
            Value::Hash(h) => {
                let mut out = Hash::with_capacity(h.len());
                for (k, e) in h.iter() {
                    out.insert(
                        self.interpolate(k.clone(), inv, allow_methods)?,
                        self.interpolate(e.clone(), inv, allow_methods)?,
                    );
                }
                Ok(Value::hash(out))
            }
            _ => Ok(v),
        }
    }

    /// Interpolation that must give a string (paths).
    fn interpolate_str(
        &self,
        s: &str,
        inv: &Inv<'_>,
        allow_methods: bool,
    ) -> Result<String, HieraError> {
        if !s.contains("%{") {
            return Ok(s.to_string());
        }
        Ok(ruby_to_s(&self.interpolate_string(
            s,
            inv,
            allow_methods,
        )?))
    }

    fn interpolate_string(
        &self,
        subject: &str,
        inv: &Inv<'_>,
        allow_methods: bool,
    ) -> Result<Value, HieraError> {
        let mut out = String::new();
        let mut rest = subject;
        while let Some(start) = rest.find("%{") {
            let after = &rest[start + 2..];
            let Some(end) = after.find('}') else {
                break;
            };
            self.charge()?;
            self.check_string(out.len().saturating_add(start))?;
            out.push_str(&rest[..start]);
            let whole = &rest[start..start + 2 + end + 1];
            let expr = after[..end].trim();
            rest = &after[end + 1..];
            if matches!(expr, "" | "::" | "\"\"" | "''" | "\"::\"" | "'::'") {
                continue;
            }
            let (method, key) = match parse_method(expr) {
                Some((m, k)) => {
                    if !allow_methods {
                        return Err(HieraError::new(
                            "Interpolation using method syntax is not allowed in this context",
                        ));
                    }
                    (m, k)
                }
                None => ("scope", expr),
            };
            let value = match method {
                "alias" => {
                    if subject != whole {
                        return Err(HieraError::new(
                            "'alias' interpolation is only permitted if the expression is equal to the entire string",
                        ));
                    }
                    return self.global_lookup(key, inv);
                }
                "lookup" | "hiera" => {
                    let v = self.global_lookup(key, inv)?;
                    inv.check(key, || self.interpolate(v, inv, allow_methods))?
                }
                "scope" => {
                    let v = self.scope_lookup(key, inv, subject)?;
                    inv.check(&format!("scope:{key}"), || {
                        self.interpolate(v, inv, allow_methods)
                    })?
                }
                "literal" => Value::string(key),
                other => {
                    return Err(HieraError::new(format!(
                        "Unknown interpolation method '{other}'"
                    )));
                }
            };
            if let Value::String(v) = &value {
                self.check_string(out.len().saturating_add(v.len()))?;
            }
            out.push_str(&ruby_to_s(&value));
            self.check_string(out.len())?;
        }
        self.check_string(out.len().saturating_add(rest.len()))?;
        out.push_str(rest);
        Ok(Value::String(out))
    }

    /// `lookup('key')` inside data: the key's value, or the empty string when not found.
    fn global_lookup(&self, key: &str, inv: &Inv<'_>) -> Result<Value, HieraError> {
        Ok(self
            .lookup_inner(key, None, inv)?
            .unwrap_or_else(|| Value::string("")))
    }

    /// A variable (with a dotted path into it) of the scope; undef when it is not set.
    fn scope_lookup(&self, key: &str, inv: &Inv<'_>, subject: &str) -> Result<Value, HieraError> {
        let mut segs = split_key(key)
            .ok_or_else(|| HieraError::new(format!("Syntax error in string: {subject}")))?;
        let root = segs.remove(0).text();
        let name = root.strip_prefix("::").unwrap_or(&root);
        let value = inv.scope.variable(name).unwrap_or(Value::Undef);
        if value.is_undef() || segs.is_empty() {
            return Ok(value);
        }
        Ok(sub_lookup(key, &segs, value)?.unwrap_or(Value::Undef))
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
mod tests {
    use super::*;

    #[test]
    fn keys_split_as_puppet() {
        let s = |k: &str| split_key(k);
        assert_eq!(s("a"), Some(vec![Seg::Str("a".into())]));
        assert_eq!(
            s("a.b.0"),
            Some(vec![
                Seg::Str("a".into()),
                Seg::Str("b".into()),
                Seg::Int(0)
            ])
        );
        assert_eq!(
            s("a.'b.c'.d"),
            Some(vec![
                Seg::Str("a".into()),
                Seg::Str("b.c".into()),
                Seg::Str("d".into())
            ])
        );
        assert_eq!(s("a..b"), None);
        assert_eq!(s("a."), None);
        assert_eq!(s(".a"), None);
    }

    /// A scope whose one variable, `who`, the test changes between lookups.
    struct Who(RefCell<Option<&'static str>>);

    impl HieraScope for Who {
        fn variable(&self, name: &str) -> Option<Value> {
            match (name, *self.0.borrow()) {
                ("who", Some(w)) => Some(Value::string(w)),
                _ => None,
            }
        }
    }

    #[test]
    fn levels_follow_the_variables_their_paths_read() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        std::fs::write(
            dir.join("hiera.yaml"),
            "version: 5\nhierarchy:\n  - name: who\n    path: \"nodes/%{who}.yaml\"\n  - name: common\n    path: common.yaml\n",
        )
        .unwrap();
        std::fs::create_dir_all(dir.join("data/nodes")).unwrap();
        std::fs::write(dir.join("data/nodes/a.yaml"), "k: from a\n").unwrap();
        std::fs::write(dir.join("data/nodes/b.yaml"), "k: from b\n").unwrap();
        std::fs::write(dir.join("data/common.yaml"), "k: common\n").unwrap();
        let hiera = Hiera::new(
            None,
            Some(dir),
            &[],
            Arc::new(Sandbox::new(dir, &[dir.to_path_buf()])),
        );
        let scope = Who(RefCell::new(Some("a")));
        let mut seen = Vec::new();
        for who in [Some("a"), Some("b"), None, Some("a"), Some("b")] {
            *scope.0.borrow_mut() = who;
            let v = hiera.lookup("k", None, &scope).unwrap().unwrap();
            seen.push(v.to_puppet_string());
        }
        assert_eq!(
            seen,
            ["from a", "from b", "common", "from a", "from b"].map(String::from)
        );
    }

    #[test]
    fn methods_parse() {
        assert_eq!(parse_method("lookup('a::b')"), Some(("lookup", "a::b")));
        assert_eq!(parse_method("alias(\"x\")"), Some(("alias", "x")));
        assert_eq!(parse_method("facts.os"), None);
    }
}
