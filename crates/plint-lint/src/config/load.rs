//! Loading the configuration of a run: the defaults, then the configuration file found or
//! named (`plint.toml` or `.puppet-lint.rc`), then the command line's options, in the order
//! of precedence the module's documentation gives.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use toml::Spanned;

use super::{
    Action, CliOptions, CompiledOverride, ConfigError, ConfigSource, MAX_NOTES, Op, Options,
    Puppet, PuppetLintOptions, SHOWN, Scope, Settings, bounded_message, compile_globs,
    compile_levels, compile_options, find, is_puppet_lint_rc, keys, line_col, normalize,
    puppet_lint_ops, puppet_lint_rc,
};
use crate::report::escape::shorten;
use crate::sandbox::Sandbox;

impl Settings {
    /// Loads the configuration for a run in `cwd` with these command-line options, reading
    /// through `sandbox` (see [`crate::sandbox`]): a configuration file found outside the
    /// repository, or named by `--config`, is the user's own; one inside it is read only if it
    /// resolves inside. The module path joins the sandbox's roots: trusted when it comes from
    /// the command line or from a configuration outside the repository.
    pub fn load(
        cli: &CliOptions,
        cwd: &Path,
        sandbox: &mut Sandbox,
    ) -> Result<Settings, ConfigError> {
        let cwd = normalize(cwd);
        let mut settings = Settings::defaults(&cwd);
        settings.read_file(cli, &cwd, sandbox)?;
        settings.apply_cli_rules(cli)?;
        settings.apply_cli_options(cli, &cwd, sandbox)?;
        settings.cap_notes();
        Ok(settings)
    }

    /// The settings without a configuration file or options.
    fn defaults(cwd: &Path) -> Settings {
        Settings {
            source: ConfigSource::Defaults,
            root: cwd.to_path_buf(),
            cwd: cwd.to_path_buf(),
            base: Vec::new(),
            base_options: HashMap::new(),
            overrides: Vec::new(),
            cli: Vec::new(),
            exclude: None,
            modulepath: Arc::from(Vec::new()),
            fail_on_warnings: false,
            known_top_scope_variables: Vec::new(),
            check_installed_modules: false,
            puppet: Puppet::default(),
            trusted_paths: Vec::new(),
            trusted_paths_at: (1, 1),
            facts: None,
            facts_at: (1, 1),
            notes: Vec::new(),
            display: puppet_lint_rc::Display::default(),
            cli_exclude: None,
        }
    }

    /// The configuration file: `--config FILE` (a `plint.toml`, or puppet-lint's options
    /// file), else the nearest `plint.toml`, else `.puppet-lint.rc` in `cwd`; none with
    /// `--no-config`.
    fn read_file(
        &mut self,
        cli: &CliOptions,
        cwd: &Path,
        sandbox: &mut Sandbox,
    ) -> Result<(), ConfigError> {
        let file = match &cli.config {
            Some(path) => Some(normalize(&cwd.join(path))),
            None if cli.no_config => None,
            None => find(cwd),
        };
        if let Some(path) = file.as_ref().filter(|p| is_puppet_lint_rc(p)) {
            // `-c FILE` / `--config FILE` naming puppet-lint's options file.
            sandbox.add_trusted(path);
            let text = sandbox.read_to_string(path).map_err(|e| {
                ConfigError::plain(format!("cannot read `{}`: {e}", path.display()))
            })?;
            self.apply_rc(path.clone(), &text)?;
        } else if let Some(path) = file {
            sandbox.add_trusted(&path);
            let text = sandbox.read_to_string(&path).map_err(|e| {
                ConfigError::plain(format!("cannot read `{}`: {e}", path.display()))
            })?;
            self.apply_toml(&path, &text)?;
            for dir in self.modulepath.iter() {
                sandbox.add_configured(&path, dir);
            }
            self.trust_configured(&path, sandbox);
            self.check_facts_file(&path, sandbox)?;
        } else if !cli.no_config {
            let rc = cwd.join(puppet_lint_rc::FILE_NAME);
            sandbox.add_trusted(&rc);
            match sandbox.read_to_string(&rc) {
                Ok(text) => self.apply_rc(rc, &text)?,
                Err(e) if e.is_refusal() => self
                    .notes
                    .push(format!("{}: not read: {e}", puppet_lint_rc::FILE_NAME)),
                Err(_) => {}
            }
        }
        Ok(())
    }

    /// The command line's selection of rules. Order: enable, select, only-checks, then ignore
    /// and disable.
    fn apply_cli_rules(&mut self, cli: &CliOptions) -> Result<(), ConfigError> {
        let cli_ops = puppet_lint_ops(
            &PuppetLintOptions {
                only_checks: cli.only_checks.clone(),
                disable: cli.disable_checks.clone(),
                enable: cli.enable_checks.clone(),
            },
            "the command line",
            &mut self.notes,
            false,
        )
        .map_err(ConfigError::plain)?;
        let (enable, rest): (Vec<Op>, Vec<Op>) = cli_ops
            .into_iter()
            .partition(|op| matches!(op, Op::Set(_, Action::On)));
        self.cli.extend(enable);
        if let Some(select) = &cli.select {
            let mut keep = HashSet::new();
            for key in select {
                keep.extend(cli_key(key, "--select")?);
            }
            self.cli.push(Op::Restrict(keep, Scope::All));
        }
        let (restrict, disable): (Vec<Op>, Vec<Op>) = rest
            .into_iter()
            .partition(|op| matches!(op, Op::Restrict(..)));
        self.cli.extend(restrict);
        for key in &cli.ignore {
            self.cli
                .push(Op::Set(cli_key(key, "--ignore")?, Action::Off));
        }
        self.cli.extend(disable);
        Ok(())
    }

    /// The command line's other options, over the file's: `--fail-on-warnings`, the Puppet
    /// version and `--strict-variables`, the display options, top-scope variables,
    /// `--ignore-paths`, the puppet-lint options ignored, the module path.
    fn apply_cli_options(
        &mut self,
        cli: &CliOptions,
        cwd: &Path,
        sandbox: &mut Sandbox,
    ) -> Result<(), ConfigError> {
        self.fail_on_warnings |= cli.fail_on_warnings;
        if let Some(version) = cli.puppet_version {
            self.puppet.version = version;
        }
        self.puppet.strict_variables |= cli.strict_variables;
        self.display = self.display.then(&cli.display);
        if self.display.relative {
            // puppet-lint's `--relative` is an option of the rule that mirrors
            // `autoloader_layout` (`[[overrides]]` that set it still win for their files).
            self.base_options
                .entry("P402")
                .or_default()
                .insert("relative".into(), toml::Value::Boolean(true));
        }
        if let Some(names) = &cli.top_scope_variables {
            self.known_top_scope_variables = names.clone();
        }
        if !cli.ignore_paths.is_empty() {
            let patterns: Vec<Spanned<String>> = cli
                .ignore_paths
                .iter()
                .map(|p| Spanned::new(0..0, p.clone()))
                .collect();
            let at = |_: std::ops::Range<usize>, message: String| {
                ConfigError::plain(format!("--ignore-paths: {message}"))
            };
            self.cli_exclude = Some(compile_globs(&patterns, &at)?);
        }
        for ignored in &cli.ignored {
            self.notes.push(format!(
                "the command line: `{}` is a puppet-lint option plint does not use; ignored",
                shorten(ignored, SHOWN)
            ));
        }
        if let Some(dirs) = &cli.modulepath {
            self.modulepath = dirs.iter().map(|d| normalize(&cwd.join(d))).collect();
            for dir in self.modulepath.iter() {
                sandbox.add_trusted(dir);
            }
        }
        Ok(())
    }

    /// At most [`MAX_NOTES`] notes, the last saying how many more there were.
    fn cap_notes(&mut self) {
        if self.notes.len() > MAX_NOTES {
            let more = self.notes.len() - (MAX_NOTES - 1);
            self.notes.truncate(MAX_NOTES - 1);
            self.notes
                .push(format!("{more} more notes about the configuration"));
        }
    }

    /// Widens the sandbox by `trusted-paths` of the `plint.toml` at `path` when the file is
    /// the user's own (outside the checked repository); in the repository (a pull request's
    /// file), the key is ignored with a note: the code checked cannot choose what plint reads.
    fn trust_configured(&mut self, path: &Path, sandbox: &mut Sandbox) {
        if self.trusted_paths.is_empty() {
            return;
        }
        if sandbox.in_repository(path) {
            let (line, column) = self.trusted_paths_at;
            self.notes.push(format!(
                "{}:{line}:{column}: `trusted-paths` ignored: this plint.toml lies inside the \
                 repository being checked, which must not choose what plint may read outside \
                 it; name the folders with `--trust DIR`, or in a plint.toml of your own \
                 outside the repository (`--config FILE`)",
                crate::report::display_path(path, &self.cwd)
            ));
            self.trusted_paths.clear();
            return;
        }
        for dir in &self.trusted_paths {
            sandbox.add_trusted(dir);
        }
    }

    /// Reads `.puppet-lint.rc` at `path` (its text is `text`).
    fn apply_rc(&mut self, path: PathBuf, text: &str) -> Result<(), ConfigError> {
        let rc = puppet_lint_rc::parse(text);
        let origin = puppet_lint_rc::FILE_NAME;
        self.fail_on_warnings = rc.fail_on_warnings;
        self.display = rc.display.clone();
        if let Some(names) = &rc.top_scope_variables {
            self.known_top_scope_variables = names.clone();
        }
        if rc.stray > 0 {
            self.notes.push(format!(
                "{origin}: {} {} not {} (an option starts with `-`); ignored",
                rc.stray,
                if rc.stray == 1 {
                    "word is"
                } else {
                    "words are"
                },
                if rc.stray == 1 {
                    "an option"
                } else {
                    "options"
                },
            ));
        }
        for ignored in &rc.ignored {
            self.notes.push(format!(
                "{origin}: `{}` is a puppet-lint option plint does not use; ignored",
                shorten(ignored, SHOWN)
            ));
        }
        self.base = puppet_lint_ops(&rc.options, origin, &mut self.notes, true)
            .map_err(ConfigError::plain)?;
        if !rc.ignore_paths.is_empty() {
            let patterns: Vec<Spanned<String>> = rc
                .ignore_paths
                .iter()
                .map(|p| Spanned::new(0..0, p.clone()))
                .collect();
            let at = |_: std::ops::Range<usize>, message: String| {
                ConfigError::plain(format!("{origin}: `--ignore-paths`: {message}"))
            };
            self.exclude = Some(compile_globs(&patterns, &at)?);
        }
        self.source = ConfigSource::PuppetLintRc(path);
        Ok(())
    }

    /// Reads `plint.toml` at `path` (its text is `text`).
    fn apply_toml(&mut self, path: &Path, text: &str) -> Result<(), ConfigError> {
        let at = |span: std::ops::Range<usize>, message: String| {
            let (line, column) = line_col(text, span.start);
            ConfigError {
                at: Some((path.to_path_buf(), line, column)),
                message,
            }
        };
        let options: Options = toml::from_str(text).map_err(|e| {
            let message = bounded_message(e.message().trim());
            match e.span() {
                Some(span) => at(span, message),
                None => ConfigError {
                    at: Some((path.to_path_buf(), 1, 1)),
                    message,
                },
            }
        })?;
        self.source = ConfigSource::Toml(path.to_path_buf());
        self.root = path.parent().map_or_else(|| self.root.clone(), normalize);
        self.base = compile_levels(&options.rules, &at)?;
        self.base_options = compile_options(&options.rule_options, &at)?;
        for o in &options.overrides {
            if o.files.is_empty() {
                return Err(ConfigError {
                    at: Some((path.to_path_buf(), 1, 1)),
                    message: "an `[[overrides]]` entry needs at least one pattern in `files`"
                        .into(),
                });
            }
            self.overrides.push(CompiledOverride {
                files: compile_globs(&o.files, &at)?,
                ops: compile_levels(&o.rules, &at)?,
                options: compile_options(&o.rule_options, &at)?,
            });
        }
        if !options.exclude.is_empty() {
            self.exclude = Some(compile_globs(&options.exclude, &at)?);
        }
        self.modulepath = options
            .modulepath
            .iter()
            .map(|d| normalize(&self.root.join(d.get_ref())))
            .collect();
        self.trusted_paths = options
            .trusted_paths
            .iter()
            .map(|d| normalize(&self.root.join(d.get_ref())))
            .collect();
        if let Some(first) = options.trusted_paths.first() {
            self.trusted_paths_at = line_col(text, first.span().start);
        }
        if let Some(facts) = &options.facts {
            self.facts = Some(self.facts_file(facts, &at)?);
            self.facts_at = line_col(text, facts.span().start);
        }
        self.fail_on_warnings = options.fail_on_warnings;
        self.known_top_scope_variables = options.known_top_scope_variables.clone();
        self.check_installed_modules = options.check_installed_modules;
        if let Some(version) = options.puppet_version {
            self.puppet.version = version;
        }
        Ok(())
    }
}

impl Settings {
    /// The fact file `facts` names: a `.json`, `.yaml`, `.yml` or `.facts` file that exists.
    fn facts_file(
        &self,
        facts: &Spanned<String>,
        at: &dyn Fn(std::ops::Range<usize>, String) -> ConfigError,
    ) -> Result<PathBuf, ConfigError> {
        let path = normalize(&self.root.join(facts.get_ref()));
        let shown = shorten(facts.get_ref(), super::SHOWN);
        let known = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| crate::eval::facts::EXTENSIONS.contains(&e));
        if !known {
            return Err(at(
                facts.span(),
                format!(
                    "`facts` names a fact file (`.json`, `.yaml`, `.yml` or `.facts`), not \
                     `{shown}`"
                ),
            ));
        }
        Ok(path)
    }

    /// The fact file `facts` names (in `config`) is a file the sandbox lets plint read.
    fn check_facts_file(&self, config: &Path, sandbox: &Sandbox) -> Result<(), ConfigError> {
        let Some(facts) = &self.facts else {
            return Ok(());
        };
        if sandbox.is_file(facts) {
            return Ok(());
        }
        let (line, column) = self.facts_at;
        let shown = facts.strip_prefix(&self.root).unwrap_or(facts);
        Err(ConfigError {
            at: Some((config.to_path_buf(), line, column)),
            message: format!(
                "the fact file `{}` does not exist, or lies outside the folders plint may read",
                shorten(&shown.display().to_string(), super::SHOWN)
            ),
        })
    }
}

/// A rule key given on the command line.
fn cli_key(key: &str, option: &str) -> Result<Vec<&'static str>, ConfigError> {
    keys::resolve(key.trim()).map_err(|e| ConfigError::plain(format!("{option}: {e}")))
}
