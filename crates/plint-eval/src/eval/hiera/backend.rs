//! Hierarchy levels whose backend is a function Puppet loads (a module's Ruby function):
//! `data_hash(options, context)`, `lookup_key(key, options, context)` and
//! `data_dig(segments, options, context)`, run through [`HieraScope::call_backend`].
//!
//! As in Puppet 7, a level is called once per location that exists (with `path` added to the
//! level's `options`), or once without a location; each level and location has its own
//! context (the function's cache, and what it answered for each key) for the whole
//! compilation. A `data_hash` result is interpolated; `lookup_key` and `data_dig` results are
//! not (the function calls `context.interpolate`). A `data_dig` value is put back under the key
//! path it was asked for, so the lookup digs it out again.

use std::path::PathBuf;

use super::config::{Config, FunctionKind, Level, Locations};
use super::merge::MergeStrategy;
use super::{Hiera, HieraError, Inv, Seg, merge_lookup};
use crate::eval::value::{Hash, Value};
use crate::sandbox::Located;

/// What a backend function answered.
#[derive(Debug, Clone)]
pub enum BackendAnswer {
    /// Its value (possibly unknown).
    Value(Value),
    /// `context.not_found`.
    NotFound,
    /// It could not be run (not found, not in a form plint reads, a budget): why, for the
    /// unknown value's origin.
    NotRun(String),
    /// It raised: Puppet's error message.
    Failed(String),
}

/// The `Puppet::LookupContext` a backend function gets: its level's cache, interpolation, and
/// where the level is.
pub trait LookupContext {
    /// The function's private cache (`cache`, `cached_value`, `cache_all`...).
    fn cache(&mut self) -> &mut Hash;
    /// `context.interpolate(value)`: Hiera's interpolation, methods allowed. `Err` is Puppet's
    /// error message.
    fn interpolate(&mut self, value: Value) -> Result<Value, String>;
    /// `context.environment_name`.
    fn environment_name(&self) -> String;
    /// `context.module_name`: the module of a module layer's level.
    fn module_name(&self) -> Option<String>;
    /// The function's Ruby read or looked at `path` (as it wrote it), which the sandbox
    /// refused: noted once (a `P216` finding); what it would have read is unknown.
    fn refused(&mut self, path: &str);
}

/// A level and location of a configuration.
pub(super) type ContextKey = (PathBuf, String, Option<PathBuf>);

/// A backend level's state at one location.
#[derive(Debug, Clone, Default)]
pub(super) struct FunctionState {
    /// The context's cache.
    cache: Hash,
    /// What `data_hash` returned (interpolation not applied).
    data: Option<Hash>,
    /// What `lookup_key`/`data_dig` answered, by key (`None`: not found).
    answers: Vec<(Value, Option<Value>)>,
}

struct Ctx<'h, 'i, 's> {
    hiera: &'h Hiera,
    inv: &'i Inv<'s>,
    cache: Hash,
    module: Option<String>,
    /// The `hiera.yaml` of the level, and the function's name (for notes).
    config: PathBuf,
    function: String,
}

impl LookupContext for Ctx<'_, '_, '_> {
    fn cache(&mut self) -> &mut Hash {
        &mut self.cache
    }

    fn interpolate(&mut self, value: Value) -> Result<Value, String> {
        self.hiera
            .interpolate(value, self.inv, true)
            .map_err(|e| e.message)
    }

    fn environment_name(&self) -> String {
        match self.inv.scope.variable("environment") {
            Some(Value::String(s)) => s,
            _ => "production".to_string(),
        }
    }

    fn module_name(&self) -> Option<String> {
        self.module.clone()
    }

    fn refused(&mut self, path: &str) {
        self.hiera.push_note(super::HieraNote {
            refused: Some(PathBuf::from(path)),
            config: Some(self.config.clone()),
            message: format!(
                "`{path}` was not read by the Hiera backend function '{}': {}; what it holds is unknown",
                self.function,
                crate::sandbox::Error::Outside
            ),
        });
    }
}

impl Hiera {
    /// Looks `root` (with the key path `dig` below it, for `data_dig`) up in a level whose
    /// backend is the function `name`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn function_level(
        &self,
        config: &Config,
        level: &Level,
        kind: FunctionKind,
        name: &str,
        root: &str,
        dig: &[Seg],
        merge: &MergeStrategy,
        inv: &Inv<'_>,
        module: Option<&str>,
    ) -> Result<Option<Value>, HieraError> {
        let locations: Vec<Option<PathBuf>> = match &level.locations {
            Locations::None => vec![None],
            Locations::Uris => {
                self.note(format!(
                    "{}: hierarchy level '{}' uses 'uri'/'uris' with {} function '{name}', which plint does not run; the level is skipped",
                    config.path.display(),
                    level.name,
                    kind.tag()
                ));
                return Ok(None);
            }
            _ => self
                .resolve_locations(config, level, inv)?
                .iter()
                .cloned()
                .map(Some)
                .collect(),
        };
        merge_lookup(merge, locations.len(), |i| {
            let location = &locations[i];
            if let Some(p) = location {
                // A folder exists for Puppet (`File.exist?`): a backend function is given it.
                match self.sandbox.locate(p) {
                    Located::File | Located::Folder => {}
                    Located::Missing => return Ok(None),
                    Located::Refused => return Ok(Some(self.not_read(p, &config.path))),
                }
            }
            let key: ContextKey = (config.path.clone(), level.name.clone(), location.clone());
            let mut options = level.options.clone();
            if let Some(p) = location {
                // Puppet gives the function an absolute path.
                let (abs, _) = crate::sandbox::normalize(self.sandbox.cwd(), p);
                options.insert(
                    Value::string("path"),
                    Value::string(abs.to_string_lossy().as_ref()),
                );
            }
            // Interpolated as paths are (without methods).
            let options = self.interpolate(Value::hash(options), inv, false)?;
            let found = self
                .function_location(kind, name, root, dig, inv, module, location, &key, options)?;
            if root == "lookup_options"
                && let Some(Value::Unknown(u)) = &found
            {
                // Unknown options would make every lookup unknown: they are left out.
                self.note(format!(
                    "{}: hierarchy level '{}': lookup_options from {} function '{name}' are not known ({}); they are not applied",
                    config.path.display(),
                    level.name,
                    kind.tag(),
                    u.origin
                ));
                return Ok(None);
            }
            Ok(found)
        })
    }

    /// One location of a backend level.
    #[allow(clippy::too_many_arguments)]
    fn function_location(
        &self,
        kind: FunctionKind,
        name: &str,
        root: &str,
        dig: &[Seg],
        inv: &Inv<'_>,
        module: Option<&str>,
        location: &Option<PathBuf>,
        key: &ContextKey,
        options: Value,
    ) -> Result<Option<Value>, HieraError> {
        {
            let at = || match location {
                Some(p) => format!(", when using location '{}',", p.display()),
                None => String::new(),
            };
            match kind {
                FunctionKind::DataHash => {
                    let data = match self.function_data(key, name, options, inv, module)? {
                        Ok(d) => d,
                        Err(origin) => return Ok(Some(Value::unknown("Any", &origin))),
                    };
                    let data = self.module_keys(data, module, kind, name, &at());
                    match data.get_str(root) {
                        None => Ok(None),
                        Some(v) => self.interpolate(v.clone(), inv, true).map(Some),
                    }
                }
                FunctionKind::LookupKey | FunctionKind::DataDig => {
                    let arg = if kind == FunctionKind::LookupKey {
                        Value::string(root)
                    } else {
                        let mut segs = vec![Value::string(root)];
                        segs.extend(dig.iter().map(Seg::as_value));
                        Value::array(segs)
                    };
                    let found = self.function_answer(key, name, arg, options, inv, module)?;
                    Ok(match found {
                        Some(v) if kind == FunctionKind::DataDig => Some(undig(dig, v)),
                        other => other,
                    })
                }
            }
        }
    }

    /// Runs the function with the context of `key`, its cache kept for the next call.
    fn run_function(
        &self,
        key: &ContextKey,
        name: &str,
        mut args: Vec<Value>,
        options: Value,
        inv: &Inv<'_>,
        module: Option<&str>,
    ) -> BackendAnswer {
        let cache = self
            .lock()
            .functions
            .get(key)
            .map(|s| s.cache.clone())
            .unwrap_or_default();
        let mut ctx = Ctx {
            hiera: self,
            inv,
            cache,
            module: module.map(str::to_string),
            config: key.0.clone(),
            function: name.to_string(),
        };
        args.push(options);
        let answer = inv.scope.call_backend(name, args, &mut ctx);
        let cache = ctx.cache;
        self.lock().functions.entry(key.clone()).or_default().cache = cache;
        answer
    }

    /// `data_hash`'s hash at a location, asked once; `Ok(Err(origin))` when it is unknown.
    fn function_data(
        &self,
        key: &ContextKey,
        name: &str,
        options: Value,
        inv: &Inv<'_>,
        module: Option<&str>,
    ) -> Result<Result<Hash, String>, HieraError> {
        if let Some(d) = self.lock().functions.get(key).and_then(|s| s.data.clone()) {
            return Ok(Ok(d));
        }
        let answer = self.run_function(key, name, Vec::new(), options, inv, module);
        let location = match &key.2 {
            Some(p) => format!(", when using location '{}',", p.display()),
            None => String::new(),
        };
        let data = match answer {
            BackendAnswer::Value(Value::Hash(h)) => (*h).clone(),
            BackendAnswer::Value(Value::Unknown(u)) => {
                return Ok(Err(format!("data_hash function '{name}': {}", u.origin)));
            }
            BackendAnswer::Value(other) => {
                return Err(HieraError::new(format!(
                    "Value returned from data_hash function '{name}'{location} has wrong type, expects a Hash value, got {}",
                    other.type_name()
                )));
            }
            BackendAnswer::NotFound => Hash::new(),
            BackendAnswer::NotRun(why) => {
                return Ok(Err(format!("data_hash function '{name}': {why}")));
            }
            BackendAnswer::Failed(message) => return Err(HieraError::new(message)),
        };
        self.lock().functions.entry(key.clone()).or_default().data = Some(data.clone());
        Ok(Ok(data))
    }

    /// `lookup_key`/`data_dig`'s answer for one key, asked once.
    fn function_answer(
        &self,
        key: &ContextKey,
        name: &str,
        arg: Value,
        options: Value,
        inv: &Inv<'_>,
        module: Option<&str>,
    ) -> Result<Option<Value>, HieraError> {
        let known = self.lock().functions.get(key).and_then(|s| {
            s.answers
                .iter()
                .find(|(k, _)| *k == arg)
                .map(|(_, v)| v.clone())
        });
        if let Some(v) = known {
            return Ok(v);
        }
        let answer = self.run_function(key, name, vec![arg.clone()], options, inv, module);
        let found = match answer {
            BackendAnswer::Value(Value::Unknown(u)) => Some(Value::unknown(
                "Any",
                &format!("Hiera backend function '{name}': {}", u.origin),
            )),
            BackendAnswer::Value(v) => Some(v),
            BackendAnswer::NotFound => None,
            BackendAnswer::NotRun(why) => {
                return Ok(Some(Value::unknown(
                    "Any",
                    &format!("Hiera backend function '{name}': {why}"),
                )));
            }
            BackendAnswer::Failed(message) => return Err(HieraError::new(message)),
        };
        self.lock()
            .functions
            .entry(key.clone())
            .or_default()
            .answers
            .push((arg, found.clone()));
        Ok(found)
    }

    /// A module layer's data keeps only the module's keys (and `lookup_options`), with a note.
    fn module_keys(
        &self,
        mut data: Hash,
        module: Option<&str>,
        kind: FunctionKind,
        name: &str,
        at: &str,
    ) -> Hash {
        let Some(m) = module else {
            return data;
        };
        let prefix = format!("{m}::");
        let bad: Vec<Value> = data
            .keys()
            .filter(|k| {
                !matches!(k, Value::String(s) if s == "lookup_options" || s.starts_with(&prefix))
            })
            .cloned()
            .collect();
        if !bad.is_empty() {
            self.note(format!(
                "Module '{m}': Value returned from {} function '{name}'{at} must use keys qualified with the name of the module",
                kind.tag()
            ));
            data.remove_all(&bad);
        }
        data
    }
}

/// A `data_dig` value put back under the key path below the root (Puppet's `undig`).
fn undig(dig: &[Seg], value: Value) -> Value {
    dig.iter().rev().fold(value, |v, seg| {
        let mut h = Hash::new();
        h.insert(seg.as_value(), v);
        Value::hash(h)
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::eval::hiera::HieraScope;
    use crate::sandbox::Sandbox;

    /// Answers the backend functions of the test configuration.
    struct Scope;

    impl HieraScope for Scope {
        fn variable(&self, name: &str) -> Option<Value> {
            (name == "environment").then(|| Value::string("test"))
        }

        fn call_backend(
            &self,
            function: &str,
            args: Vec<Value>,
            context: &mut dyn LookupContext,
        ) -> BackendAnswer {
            let key = args.first().cloned().unwrap_or(Value::Undef);
            match (function, key.as_str()) {
                ("m::keys", Some("a")) => {
                    let n = match context.cache().get_str("calls") {
                        Some(Value::Integer(n)) => n + 1,
                        _ => 1,
                    };
                    context
                        .cache()
                        .insert(Value::string("calls"), Value::Integer(n));
                    BackendAnswer::Value(Value::Integer(n))
                }
                ("m::keys", Some("boom")) => BackendAnswer::Failed("boom failed".into()),
                ("m::keys", Some("interp")) => {
                    match context.interpolate(Value::string("env %{environment}")) {
                        Ok(v) => BackendAnswer::Value(v),
                        Err(e) => BackendAnswer::Failed(e),
                    }
                }
                ("m::keys", _) => BackendAnswer::NotFound,
                (f, _) => BackendAnswer::NotRun(format!("{f}()")),
            }
        }
    }

    fn hiera(dir: &std::path::Path) -> Hiera {
        std::fs::write(
            dir.join("hiera.yaml"),
            "version: 5\nhierarchy:\n  - name: keys\n    lookup_key: m::keys\n  - name: missing\n    data_hash: m::gone\n    path: common.txt\n",
        )
        .unwrap();
        std::fs::create_dir_all(dir.join("data")).unwrap();
        std::fs::write(dir.join("data/common.txt"), "").unwrap();
        Hiera::new(
            None,
            Some(dir),
            &[],
            Arc::new(Sandbox::new(dir, &[dir.to_path_buf()])),
        )
    }

    #[test]
    fn backend_functions_answer_cache_and_fail() {
        let tmp = tempfile::tempdir().unwrap();
        let h = hiera(tmp.path());
        let lookup = |k: &str| h.lookup(k, None, &Scope);
        // Asked once per key: the second lookup reuses the answer.
        assert_eq!(lookup("a"), Ok(Some(Value::Integer(1))));
        assert_eq!(lookup("a"), Ok(Some(Value::Integer(1))));
        assert_eq!(
            lookup("interp"),
            Ok(Some(Value::string("env test"))),
            "context.interpolate"
        );
        assert_eq!(
            lookup("boom").map_err(|e| e.message),
            Err("boom failed".into())
        );
        // Not found by the first level; the second cannot be run: unknown, naming it.
        match lookup("other") {
            Ok(Some(Value::Unknown(u))) => assert!(u.origin.contains("m::gone"), "{}", u.origin),
            other => panic!("expected an unknown, got {other:?}"),
        }
    }
}
