//! A level's data files: where its paths lead (`path`, `paths`, `glob`, `globs`, `mapped_paths`,
//! interpolated), what is at each, and their data read once.

use super::*;

impl Hiera {
    /// What is at a data file's path ([`Sandbox::locate`], asked once per path).
    pub(super) fn locate(&self, path: &Path) -> Located {
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
    pub(super) fn resolve_locations(
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
    pub(super) fn interpolate_locations(
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
    pub(super) fn data_hash(
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

    pub(super) fn read_data(
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
}
