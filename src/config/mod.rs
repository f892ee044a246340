//! Configuration: `plint.toml` (the file, [`Options`]) and the command line, resolved into
//! [`Settings`].
//!
//! # Where it comes from
//!
//! 1. `--config FILE`, if given; otherwise `plint.toml` in the current directory or the
//!    nearest of its ancestors. Relative paths and patterns in the file are relative to the
//!    directory that holds it.
//! 2. With no `plint.toml` (and no `--config`), `.puppet-lint.rc` in the current directory,
//!    read as puppet-lint does (see [`puppet_lint_rc`]), so a project can switch to plint
//!    without editing anything. `--config FILE` with a name that does not end in `.toml`
//!    (puppet-lint's `-c FILE`) reads FILE as such a file; `--no-config` reads neither file.
//! 3. The command line (`--select`, `--ignore`, `--only-checks`, `--no-<check>-check`,
//!    `--<check>-check`, `--fail-on-warnings`, `--modulepath`, and puppet-lint's
//!    `--ignore-paths`, `--top-scope-variables` and options about what is shown,
//!    [`puppet_lint_rc::Display`]) applies on top of the file. puppet-lint options plint
//!    does not use are noted once each (`CliOptions::ignored`).
//!
//! # `plint.toml`
//!
//! ```toml
//! exclude = ["vendor/**", "spec/fixtures"]  # files (or folders) not to check
//! modulepath = ["modules", "site"]           # folders that hold modules
//! fail-on-warnings = true                    # exit 1 on warnings too
//! puppet-version = 7                         # the target Puppet, 7 or 8 (default 8)
//! trusted-paths = ["../private-data"]        # folders plint may read (as `--trust DIR`);
//!                                            # ignored in a plint.toml inside the repository
//!
//! [rules]                                    # per rule: "allow" (off), "warn" or "deny" (error)
//! unquoted-resource-title = "deny"           # a rule's name ...
//! P301 = "warn"                              # ... or its code ...
//! "140chars" = "allow"                       # ... or the puppet-lint check it mirrors ...
//! P4 = "warn"                                # ... or a code prefix: every P4xx rule
//!
//! [rule-options.line-too-long]               # options of one rule (see `plint explain`)
//! max-length = 120
//!
//! [[overrides]]                              # for some files, in order, on top of the above
//! files = ["spec/**", "examples/*.pp"]
//! rules = { documentation = "allow" }
//! rule-options.line-too-long = { max-length = 200 }
//! ```
//!
//! Keys are kebab-case; an unknown key, an unknown rule name, an option a rule does not
//! document, or a value of the wrong type is an error that names the line and column in the
//! file (plint then exits with 2).
//!
//! Within one `[rules]` table, prefixes apply before exact names, shorter prefixes first, so
//! `P4 = "allow"` with `P401 = "warn"` leaves only P401 on. `"allow"` turns a rule off,
//! `"warn"` and `"deny"` turn it on (rules that are off by default too) at that severity.
//! Besides rules, three codes of plint's own can be configured: `invalid-utf8` (P003),
//! `unknown-suppression` (P005) and `unused-suppression` (P006); syntax errors, unreadable
//! files and internal errors are always reported.
//!
//! Patterns (`exclude`, `files`) are globs (`*` and `?` stay within one folder, `**` spans
//! any number, `{a,b}` and `[ab]` as usual) matched against a file's path relative to the
//! directory of `plint.toml`; a pattern that matches a folder matches everything in it.
//! `exclude` applies to files named on the command line too.
//!
//! # Order of precedence
//!
//! Defaults, then `[rules]` (or `.puppet-lint.rc`), then each matching `[[overrides]]` in
//! order, then the command line: `--<check>-check` turns rules on, `--select` keeps only the
//! rules it names (turning them on), `--only-checks` does the same among the rules that
//! mirror puppet-lint checks (leaving the others as they are), then `--ignore` and
//! `--no-<check>-check` turn rules off. A rule turned on without a severity runs at the
//! severity last configured for it, or its default.

mod keys;
pub mod puppet;
pub mod puppet_lint_rc;

pub use keys::{CONFIGURABLE_BUILTINS, KeyError, resolve as resolve_key};
pub use puppet::{Puppet, PuppetVersion};

use crate::sandbox::Sandbox;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use globset::{Glob, GlobBuilder, GlobSet, GlobSetBuilder};
use serde::Deserialize;
use toml::Spanned;

use crate::report::escape::shorten;
use crate::report::{Diagnostic, Severity};
use crate::rules::registry::{RULES, Selection};

/// The name of the configuration file.
pub const FILE_NAME: &str = "plint.toml";

/// How many characters of a key, option or value from a configuration file a message shows
/// at most (shortened with `…`, escaped: see [`shorten`]). A file plint cannot read as
/// configuration may hold anything (a link to the CI's environment, say): a message never
/// prints more of it than that.
const SHOWN: usize = 60;

/// How many characters of a TOML error's message are shown at most (besides [`SHOWN`] for
/// each quoted part): the message of a TOML or type error may quote the file in ways plint does
/// not control.
const SHOWN_MESSAGE: usize = 240;

/// How many notes a run prints about the configuration at most; one more line says how many
/// more there were.
const MAX_NOTES: usize = 20;

/// The file `plint.toml`, as written.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct Options {
    /// `[rules]`: for each rule (a code, a name, a puppet-lint check name, or a code prefix
    /// such as `P4`), `"allow"` (off), `"warn"` or `"deny"` (on, at warning or error level).
    pub rules: RuleLevels,
    /// `[rule-options.<rule>]`: the options of one rule, the fields of its options struct
    /// (`plint explain <rule>` lists them; see [`crate::rules::options`]).
    pub rule_options: RuleOptions,
    /// `[[overrides]]`: rule levels and options for the files that match `files`, applied
    /// in order on top of `[rules]` and `[rule-options]`.
    pub overrides: Vec<Override>,
    /// Glob patterns of files or folders not to check, relative to the directory of
    /// `plint.toml`. They apply to paths given on the command line too.
    pub exclude: Vec<Spanned<String>>,
    /// Folders that hold modules (a module is a folder in one of them), relative to the
    /// directory of `plint.toml`. Module-aware rules use them to know which module a file
    /// belongs to. `--modulepath` replaces it.
    pub modulepath: Vec<Spanned<String>>,
    /// Exit with 1 when there are warnings, not only errors (as `--fail-on-warnings`).
    pub fail_on_warnings: bool,
    /// Top-scope variables the site's ENC or Puppet server sets (`"role"`, `"::datacenter"`):
    /// reading `$::role` is then not reported as undefined.
    pub known_top_scope_variables: Vec<String>,
    /// In a control repository, also check the installed modules (those a `Puppetfile` names,
    /// in its `moduledir`, and those in a folder git ignores); by default they are indexed, not
    /// reported on.
    pub check_installed_modules: bool,
    /// The Puppet the code runs on, 7 or 8 (default 8): its defaults of `strict_variables`
    /// and `strict` decide whether some findings are errors or warnings, in check mode and
    /// with `--evaluate` alike. `--puppet-version` replaces it.
    pub puppet_version: Option<PuppetVersion>,
    /// Folders of the user's own that plint may read although they lie outside the checked
    /// repository (as `--trust DIR`), relative to the directory of `plint.toml`. Honoured only
    /// in a `plint.toml` outside the checked repository: one inside it is ignored, with a note.
    pub trusted_paths: Vec<Spanned<String>>,
}

/// `[rules]`: rule key to level.
pub type RuleLevels = BTreeMap<Spanned<String>, Spanned<Level>>;

/// `[rule-options]`: rule key to (option name to value).
pub type RuleOptions = BTreeMap<Spanned<String>, BTreeMap<Spanned<String>, Spanned<toml::Value>>>;

/// One `[[overrides]]` entry.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Override {
    /// Glob patterns of the files this entry applies to, relative to the directory of
    /// `plint.toml` (a pattern that matches a folder applies to everything in it).
    pub files: Vec<Spanned<String>>,
    /// Rule levels for these files, as in `[rules]`.
    #[serde(default)]
    pub rules: RuleLevels,
    /// Rule options for these files, as in `[rule-options]`; they replace the options of
    /// the same name set outside the override.
    #[serde(default)]
    pub rule_options: RuleOptions,
}

/// What `[rules]` says of a rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// Off.
    Allow,
    /// On, at warning level.
    Warn,
    /// On, at error level.
    Deny,
}

impl<'de> Deserialize<'de> for Level {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Level;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(r#""allow", "warn" or "deny""#)
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Level, E> {
                match v {
                    "allow" => Ok(Level::Allow),
                    "warn" => Ok(Level::Warn),
                    "deny" => Ok(Level::Deny),
                    _ => Err(E::custom(format!(
                        r#"unknown level "{}": expected "allow", "warn" or "deny""#,
                        shorten(v, SHOWN)
                    ))),
                }
            }
        }
        d.deserialize_str(Visitor)
    }
}

/// The command-line options that configure rules.
#[derive(Debug, Clone, Default)]
pub struct CliOptions {
    /// `--config FILE`.
    pub config: Option<PathBuf>,
    /// `--select`: run only these rules.
    pub select: Option<Vec<String>>,
    /// `--ignore`: do not run these rules.
    pub ignore: Vec<String>,
    /// `--only-checks`: among rules that mirror puppet-lint checks, run only these.
    pub only_checks: Option<Vec<String>>,
    /// `--no-<check>-check`.
    pub disable_checks: Vec<String>,
    /// `--<check>-check`.
    pub enable_checks: Vec<String>,
    /// `--fail-on-warnings`.
    pub fail_on_warnings: bool,
    /// `--modulepath DIR[:DIR]`.
    pub modulepath: Option<Vec<PathBuf>>,
    /// `--puppet-version 7|8`: replaces `puppet-version`.
    pub puppet_version: Option<PuppetVersion>,
    /// `--strict-variables`: Puppet's `strict_variables` on, whatever the version.
    pub strict_variables: bool,
    /// `--no-config`: read neither `plint.toml` nor `.puppet-lint.rc` unless `--config`
    /// names one.
    pub no_config: bool,
    /// `--ignore-paths`: patterns of files not to check, relative to the current directory.
    pub ignore_paths: Vec<String>,
    /// `--top-scope-variables`: replaces `known-top-scope-variables`.
    pub top_scope_variables: Option<Vec<String>>,
    /// puppet-lint's options about what is shown (on top of `.puppet-lint.rc`'s).
    pub display: puppet_lint_rc::Display,
    /// puppet-lint options given that plint accepts and does not use (one note each).
    pub ignored: Vec<String>,
}

/// A configuration problem, with its place in the file when it comes from one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The file and the 1-based line and column, if the problem is in a file.
    pub at: Option<(PathBuf, usize, usize)>,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.at {
            Some((path, line, column)) => {
                write!(f, "{}:{line}:{column}: {}", path.display(), self.message)
            }
            None => f.write_str(&self.message),
        }
    }
}

impl ConfigError {
    /// The error as shown, with the file's path relative to `cwd` when it is under it.
    pub fn display_from(&self, cwd: &Path) -> String {
        match &self.at {
            Some((path, line, column)) => format!(
                "{}:{line}:{column}: {}",
                crate::report::display_path(path, cwd),
                self.message
            ),
            None => self.message.clone(),
        }
    }

    fn plain(message: impl Into<String>) -> Self {
        ConfigError {
            at: None,
            message: message.into(),
        }
    }
}

/// Where the settings came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigSource {
    /// Neither file: defaults and the command line.
    Defaults,
    /// A `plint.toml`.
    Toml(PathBuf),
    /// A `.puppet-lint.rc`.
    PuppetLintRc(PathBuf),
}

/// What one configuration layer does to the rules.
#[derive(Debug, Clone)]
enum Op {
    /// Sets these codes' state.
    Set(Vec<&'static str>, Action),
    /// Turns on these codes and turns off every other code in scope.
    Restrict(HashSet<&'static str>, Scope),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    Off,
    /// On at the severity last set, or the default.
    On,
    Severity(Severity),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scope {
    All,
    /// Rules that mirror a puppet-lint check.
    PuppetLint,
}

/// Rule options by code.
type OptionsByCode = HashMap<&'static str, toml::Table>;

#[derive(Debug)]
struct CompiledOverride {
    files: Matcher,
    ops: Vec<Op>,
    options: OptionsByCode,
}

/// Glob patterns, matched against a path and each of its ancestors.
#[derive(Debug)]
struct Matcher(GlobSet);

impl Matcher {
    fn is_match(&self, relative: &Path) -> bool {
        relative
            .ancestors()
            .take_while(|p| !p.as_os_str().is_empty())
            .any(|p| self.0.is_match(p))
    }
}

/// The resolved configuration of a run.
#[derive(Debug)]
pub struct Settings {
    pub source: ConfigSource,
    /// Patterns are relative to this directory (absolute).
    root: PathBuf,
    /// The current directory (absolute), which relative paths to check are relative to.
    cwd: PathBuf,
    base: Vec<Op>,
    base_options: OptionsByCode,
    overrides: Vec<CompiledOverride>,
    cli: Vec<Op>,
    exclude: Option<Matcher>,
    /// Absolute folders that hold modules.
    pub modulepath: Arc<[PathBuf]>,
    pub fail_on_warnings: bool,
    /// Top-scope variables an ENC or the server sets (`known-top-scope-variables`).
    pub known_top_scope_variables: Vec<String>,
    /// Whether a control repository's installed modules are checked too.
    pub check_installed_modules: bool,
    /// The target Puppet (`puppet-version`, `--puppet-version`, `--strict-variables`).
    pub puppet: Puppet,
    /// `trusted-paths` of a `plint.toml` outside the checked repository (absolute): folders
    /// the sandbox trusts.
    pub trusted_paths: Vec<PathBuf>,
    /// Where `trusted-paths` is written (line and column), for the note that ignores it.
    trusted_paths_at: (usize, usize),
    /// Things to tell the user (ignored `.puppet-lint.rc` options, checks plint lacks).
    pub notes: Vec<String>,
    /// puppet-lint's options about what is shown: `.puppet-lint.rc`'s, then the command
    /// line's.
    pub display: puppet_lint_rc::Display,
    /// `--ignore-paths` of the command line, relative to the current directory.
    cli_exclude: Option<Matcher>,
}

/// The rules and their settings for one file.
#[derive(Debug, Clone)]
pub struct Profile {
    pub selection: Selection,
    /// Configurable pipeline codes: `None` to drop, `Some` for the severity.
    builtins: Vec<(&'static str, Option<Severity>)>,
}

impl Profile {
    /// Applies the levels of configurable pipeline codes (P003, P005, P006) to findings.
    pub fn adjust(&self, diagnostics: &mut Vec<Diagnostic>) {
        diagnostics.retain_mut(
            |d| match self.builtins.iter().find(|(code, _)| *code == d.code) {
                Some((_, None)) => false,
                Some((_, Some(severity))) => {
                    d.severity = *severity;
                    true
                }
                None => true,
            },
        );
    }
}

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
        let mut settings = Settings {
            source: ConfigSource::Defaults,
            root: cwd.clone(),
            cwd: cwd.clone(),
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
            notes: Vec::new(),
            display: puppet_lint_rc::Display::default(),
            cli_exclude: None,
        };
        let file = match &cli.config {
            Some(path) => Some(normalize(&cwd.join(path))),
            None if cli.no_config => None,
            None => find(&cwd),
        };
        if let Some(path) = file.as_ref().filter(|p| is_puppet_lint_rc(p)) {
            // `-c FILE` / `--config FILE` naming puppet-lint's options file.
            sandbox.add_trusted(path);
            let text = sandbox.read_to_string(path).map_err(|e| {
                ConfigError::plain(format!("cannot read `{}`: {e}", path.display()))
            })?;
            settings.apply_rc(path.clone(), &text)?;
        } else if let Some(path) = file {
            sandbox.add_trusted(&path);
            let text = sandbox.read_to_string(&path).map_err(|e| {
                ConfigError::plain(format!("cannot read `{}`: {e}", path.display()))
            })?;
            settings.apply_toml(&path, &text)?;
            for dir in settings.modulepath.iter() {
                sandbox.add_configured(&path, dir);
            }
            settings.trust_configured(&path, sandbox);
        } else if !cli.no_config {
            let rc = cwd.join(puppet_lint_rc::FILE_NAME);
            sandbox.add_trusted(&rc);
            match sandbox.read_to_string(&rc) {
                Ok(text) => settings.apply_rc(rc, &text)?,
                Err(e) if e.is_refusal() => settings
                    .notes
                    .push(format!("{}: not read: {e}", puppet_lint_rc::FILE_NAME)),
                Err(_) => {}
            }
        }
        let cli_ops = puppet_lint_ops(
            &PuppetLintOptions {
                only_checks: cli.only_checks.clone(),
                disable: cli.disable_checks.clone(),
                enable: cli.enable_checks.clone(),
            },
            "the command line",
            &mut settings.notes,
            false,
        )
        .map_err(ConfigError::plain)?;
        // Order: enable, select, only-checks, then ignore and disable.
        let (enable, rest): (Vec<Op>, Vec<Op>) = cli_ops
            .into_iter()
            .partition(|op| matches!(op, Op::Set(_, Action::On)));
        settings.cli.extend(enable);
        if let Some(select) = &cli.select {
            let mut keep = HashSet::new();
            for key in select {
                keep.extend(cli_key(key, "--select")?);
            }
            settings.cli.push(Op::Restrict(keep, Scope::All));
        }
        let (restrict, disable): (Vec<Op>, Vec<Op>) = rest
            .into_iter()
            .partition(|op| matches!(op, Op::Restrict(..)));
        settings.cli.extend(restrict);
        for key in &cli.ignore {
            settings
                .cli
                .push(Op::Set(cli_key(key, "--ignore")?, Action::Off));
        }
        settings.cli.extend(disable);
        settings.fail_on_warnings |= cli.fail_on_warnings;
        if let Some(version) = cli.puppet_version {
            settings.puppet.version = version;
        }
        settings.puppet.strict_variables |= cli.strict_variables;
        settings.display = settings.display.then(&cli.display);
        if settings.display.relative {
            // puppet-lint's `--relative` is an option of the rule that mirrors
            // `autoloader_layout` (`[[overrides]]` that set it still win for their files).
            settings
                .base_options
                .entry("P402")
                .or_default()
                .insert("relative".into(), toml::Value::Boolean(true));
        }
        if let Some(names) = &cli.top_scope_variables {
            settings.known_top_scope_variables = names.clone();
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
            settings.cli_exclude = Some(compile_globs(&patterns, &at)?);
        }
        for ignored in &cli.ignored {
            settings.notes.push(format!(
                "the command line: `{}` is a puppet-lint option plint does not use; ignored",
                shorten(ignored, SHOWN)
            ));
        }
        if let Some(dirs) = &cli.modulepath {
            settings.modulepath = dirs.iter().map(|d| normalize(&cwd.join(d))).collect();
            for dir in settings.modulepath.iter() {
                sandbox.add_trusted(dir);
            }
        }
        if settings.notes.len() > MAX_NOTES {
            let more = settings.notes.len() - (MAX_NOTES - 1);
            settings.notes.truncate(MAX_NOTES - 1);
            settings
                .notes
                .push(format!("{more} more notes about the configuration"));
        }
        Ok(settings)
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
        self.fail_on_warnings = options.fail_on_warnings;
        self.known_top_scope_variables = options.known_top_scope_variables.clone();
        self.check_installed_modules = options.check_installed_modules;
        if let Some(version) = options.puppet_version {
            self.puppet.version = version;
        }
        Ok(())
    }

    /// The directory patterns are relative to.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// `path` relative to [`Settings::root`], if it is under it.
    fn relative(&self, path: &Path) -> Option<PathBuf> {
        let absolute = normalize(&self.cwd.join(path));
        absolute
            .strip_prefix(&self.root)
            .ok()
            .map(Path::to_path_buf)
    }

    /// Whether `exclude` leaves `path` out (a path as walked: relative to the current
    /// directory, or absolute).
    pub fn is_excluded(&self, path: &Path) -> bool {
        if let Some(m) = &self.cli_exclude
            && normalize(&self.cwd.join(path))
                .strip_prefix(&self.cwd)
                .is_ok_and(|rel| m.is_match(rel))
        {
            return true;
        }
        // Without `exclude`, the path is not made relative at all (it is asked for every file).
        let Some(m) = &self.exclude else {
            return false;
        };
        self.relative(path).is_some_and(|rel| m.is_match(&rel))
    }

    /// Which `[[overrides]]` apply to `path`: files with the same key get the same
    /// [`Profile`].
    pub fn profile_key(&self, path: &Path) -> Vec<u32> {
        if self.overrides.is_empty() {
            return Vec::new();
        }
        let Some(rel) = self.relative(path) else {
            return Vec::new();
        };
        (0..self.overrides.len() as u32)
            .filter(|&i| self.overrides[i as usize].files.is_match(&rel))
            .collect()
    }

    /// The rules, severities and options for files with this [`Settings::profile_key`].
    pub fn profile(&self, key: &[u32]) -> Profile {
        let mut states: HashMap<&'static str, State> = HashMap::new();
        for m in CONFIGURABLE_BUILTINS {
            states.insert(m.code, State::new(true, m.default_severity));
        }
        for r in RULES.iter() {
            let i = r.info();
            // The target Puppet decides the default severity of a rule whose findings it
            // fails on or only warns about (see [`Puppet::severity`]).
            states.insert(
                i.code,
                State::new(i.default_enabled, self.puppet.severity(i)),
            );
        }
        let mut options = self.base_options.clone();
        let layers = std::iter::once(&self.base)
            .chain(key.iter().map(|&i| &self.overrides[i as usize].ops))
            .chain(std::iter::once(&self.cli));
        for ops in layers {
            for op in ops {
                apply(op, &mut states);
            }
        }
        for &i in key {
            for (code, table) in &self.overrides[i as usize].options {
                let entry = options.entry(code).or_default();
                for (k, v) in table {
                    entry.insert(k.clone(), v.clone());
                }
            }
        }
        let mut selection = Selection::from_fn(|info| states[info.code].level)
            .with_modulepath(self.modulepath.clone())
            .with_show_ignored(self.display.show_ignored);
        for (code, table) in options {
            // Each option was decoded alone when the configuration was read: together they
            // decode too.
            selection = selection
                .with_options(code, &table)
                .expect("options checked when the configuration was read");
        }
        Profile {
            selection,
            builtins: CONFIGURABLE_BUILTINS
                .iter()
                .map(|m| (m.code, states[m.code].level))
                .collect(),
        }
    }
}

/// A code's state while layers apply.
#[derive(Debug, Clone, Copy)]
struct State {
    level: Option<Severity>,
    /// The severity it runs at when turned on.
    preferred: Severity,
}

impl State {
    fn new(enabled: bool, severity: Severity) -> Self {
        State {
            level: enabled.then_some(severity),
            preferred: severity,
        }
    }

    fn act(&mut self, action: Action) {
        match action {
            Action::Off => self.level = None,
            Action::On => self.level = Some(self.level.unwrap_or(self.preferred)),
            Action::Severity(s) => {
                self.preferred = s;
                self.level = Some(s);
            }
        }
    }
}

fn apply(op: &Op, states: &mut HashMap<&'static str, State>) {
    match op {
        Op::Set(codes, action) => {
            for code in codes {
                if let Some(s) = states.get_mut(code) {
                    s.act(*action);
                }
            }
        }
        Op::Restrict(keep, scope) => {
            for (code, state) in states.iter_mut() {
                if keep.contains(code) {
                    state.act(Action::On);
                } else if *scope == Scope::All || keys::is_puppet_lint_rule(code) {
                    state.act(Action::Off);
                }
            }
        }
    }
}

/// A rule key given on the command line.
fn cli_key(key: &str, option: &str) -> Result<Vec<&'static str>, ConfigError> {
    keys::resolve(key.trim()).map_err(|e| ConfigError::plain(format!("{option}: {e}")))
}

/// Whether `--config FILE` names puppet-lint's options file rather than a `plint.toml`: any
/// name that does not end with `.toml` (`.puppet-lint.rc`, `lint.rc`, ...).
pub fn is_puppet_lint_rc(path: &Path) -> bool {
    path.extension()
        .is_none_or(|e| !e.eq_ignore_ascii_case("toml"))
}

/// The puppet-lint style options (from `.puppet-lint.rc` or the command line).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PuppetLintOptions {
    /// `--only-checks a,b`.
    pub only_checks: Option<Vec<String>>,
    /// `--no-<check>-check`.
    pub disable: Vec<String>,
    /// `--<check>-check`.
    pub enable: Vec<String>,
}

/// Turns puppet-lint options into operations. A check plint has no rule for is noted and
/// skipped; an unknown name is an error on the command line and a note in a file (`lenient`).
fn puppet_lint_ops(
    options: &PuppetLintOptions,
    origin: &str,
    notes: &mut Vec<String>,
    lenient: bool,
) -> Result<Vec<Op>, String> {
    let mut resolve = |key: &str, option: &str| -> Result<Vec<&'static str>, String> {
        match keys::resolve(key) {
            Ok(codes) => Ok(codes),
            Err(KeyError::PuppetLintOnly(_)) => {
                notes.push(format!(
                    "{origin}: `{}`: plint has no rule for the puppet-lint check `{}`; ignored",
                    shorten(option, SHOWN),
                    shorten(key, SHOWN)
                ));
                Ok(Vec::new())
            }
            Err(e) if lenient => {
                notes.push(format!(
                    "{origin}: `{}`: {e}; ignored",
                    shorten(option, SHOWN)
                ));
                Ok(Vec::new())
            }
            Err(e) => Err(format!("`{}`: {e}", shorten(option, SHOWN))),
        }
    };
    let mut ops = Vec::new();
    for check in &options.enable {
        ops.push(Op::Set(
            resolve(check, &format!("--{check}-check"))?,
            Action::On,
        ));
    }
    if let Some(only) = &options.only_checks {
        let mut keep = HashSet::new();
        for check in only {
            keep.extend(resolve(check, "--only-checks")?);
        }
        ops.push(Op::Restrict(keep, Scope::PuppetLint));
    }
    for check in &options.disable {
        ops.push(Op::Set(
            resolve(check, &format!("--no-{check}-check"))?,
            Action::Off,
        ));
    }
    Ok(ops)
}

/// `[rules]` as operations: prefixes first (shorter first), then exact keys; two keys that
/// name the same rule are an error.
fn compile_levels(
    levels: &RuleLevels,
    at: &impl Fn(std::ops::Range<usize>, String) -> ConfigError,
) -> Result<Vec<Op>, ConfigError> {
    let mut entries = Vec::new();
    let mut seen: HashMap<&'static str, &str> = HashMap::new();
    for (key, level) in levels {
        let codes = keys::resolve(key.get_ref()).map_err(|e| at(key.span(), e.to_string()))?;
        let is_prefix = keys::is_prefix(key.get_ref());
        if !is_prefix && let Some(other) = seen.insert(codes[0], key.get_ref()) {
            return Err(at(
                key.span(),
                format!(
                    "`{}` and `{}` both configure rule {}; keep one",
                    shorten(key.get_ref(), SHOWN),
                    shorten(other, SHOWN),
                    codes[0]
                ),
            ));
        }
        let action = match level.get_ref() {
            Level::Allow => Action::Off,
            Level::Warn => Action::Severity(Severity::Warning),
            Level::Deny => Action::Severity(Severity::Error),
        };
        let rank = if is_prefix { key.get_ref().len() } else { 10 };
        entries.push((rank, Op::Set(codes, action)));
    }
    entries.sort_by_key(|(rank, _)| *rank);
    Ok(entries.into_iter().map(|(_, op)| op).collect())
}

/// `[rule-options]` by code, each option checked against the rule's documentation.
fn compile_options(
    options: &RuleOptions,
    at: &impl Fn(std::ops::Range<usize>, String) -> ConfigError,
) -> Result<OptionsByCode, ConfigError> {
    let mut out: OptionsByCode = HashMap::new();
    for (key, table) in options {
        let rule = crate::rules::find(key.get_ref()).ok_or_else(|| {
            let e = keys::resolve(key.get_ref())
                .err()
                .unwrap_or(KeyError::Unknown {
                    key: key.get_ref().clone(),
                    suggestion: None,
                });
            let message = match e {
                KeyError::Unknown { .. } | KeyError::PuppetLintOnly(_) => e.to_string(),
                _ => format!("`{}` has no options", shorten(key.get_ref(), SHOWN)),
            };
            at(key.span(), message)
        })?;
        let info = rule.info();
        let fields = info.options.map_or(&[][..], |schema| schema.fields);
        let entry = out.entry(info.code).or_default();
        for (name, value) in table {
            let Some(field) = fields.iter().find(|f| f.key() == *name.get_ref()) else {
                let known: Vec<String> = fields.iter().map(|f| format!("`{}`", f.key())).collect();
                let message = if known.is_empty() {
                    format!("rule `{}` has no options", info.name)
                } else {
                    format!(
                        "rule `{}` has no option `{}`; its options: {}",
                        info.name,
                        shorten(name.get_ref(), SHOWN),
                        known.join(", ")
                    )
                };
                return Err(at(name.span(), message));
            };
            let ok = match field.kind {
                "integer" => value.get_ref().is_integer(),
                "boolean" => value.get_ref().is_bool(),
                "string" => value.get_ref().is_str(),
                "array" => value.get_ref().is_array(),
                "float" => value.get_ref().is_float() || value.get_ref().is_integer(),
                _ => true,
            };
            if !ok {
                return Err(at(
                    value.span(),
                    format!(
                        "option `{}` of rule `{}` must be {} {}, not {}",
                        field.key(),
                        info.name,
                        if field.kind.starts_with(['a', 'i']) {
                            "an"
                        } else {
                            "a"
                        },
                        field.kind,
                        value.get_ref().type_str()
                    ),
                ));
            }
            // A value of the right type that the field still refuses (a negative length).
            let one = toml::Table::from_iter([(name.get_ref().clone(), value.get_ref().clone())]);
            if let Some(Err(e)) = info.options.map(|schema| schema.decode(&one)) {
                return Err(at(
                    value.span(),
                    format!(
                        "option `{}` of rule `{}`: {}",
                        field.key(),
                        info.name,
                        shorten(&e, SHOWN_MESSAGE)
                    ),
                ));
            }
            entry.insert(name.get_ref().clone(), value.get_ref().clone());
        }
    }
    Ok(out)
}

fn compile_globs(
    patterns: &[Spanned<String>],
    at: &impl Fn(std::ops::Range<usize>, String) -> ConfigError,
) -> Result<Matcher, ConfigError> {
    let mut builder = GlobSetBuilder::new();
    for p in patterns {
        let text = p.get_ref().trim_start_matches("./").trim_end_matches('/');
        let glob: Glob = GlobBuilder::new(text)
            .literal_separator(true)
            .backslash_escape(true)
            .build()
            .map_err(|e| {
                at(
                    p.span(),
                    format!(
                        "bad pattern `{}`: {}",
                        shorten(p.get_ref(), SHOWN),
                        e.kind()
                    ),
                )
            })?;
        builder.add(glob);
    }
    builder
        .build()
        .map(Matcher)
        .map_err(|e| ConfigError::plain(format!("bad patterns: {e}")))
}

/// A TOML error's message as shown: each part between quotes (backquotes or double quotes,
/// where a key or a value of the file is quoted) and between them shortened to [`SHOWN`]
/// characters, the whole to [`SHOWN_MESSAGE`], all escaped. plint does not control these
/// messages, and a quote in the file's text may shift what looks quoted: so no part is
/// trusted to be the message's own words (those are short).
fn bounded_message(message: &str) -> String {
    let mut out = String::new();
    for piece in message.split_inclusive(['`', '"']) {
        let (text, quote) = match piece.strip_suffix(['`', '"']) {
            Some(text) => (text, &piece[text.len()..]),
            None => (piece, ""),
        };
        out.push_str(&shorten(text, SHOWN));
        out.push_str(quote);
    }
    shorten(&out, SHOWN_MESSAGE)
}

/// The nearest `plint.toml`: in `dir` or its ancestors.
pub fn find(dir: &Path) -> Option<PathBuf> {
    dir.ancestors()
        .map(|d| d.join(FILE_NAME))
        .find(|p| p.is_file())
}

/// 1-based line and column (in characters) of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// An absolute path with `.` and `..` resolved lexically (symbolic links are not resolved).
pub fn normalize(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = PathBuf::new();
    for c in absolute.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(toml_text: &str) -> Result<Settings, ConfigError> {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(FILE_NAME), toml_text).unwrap();
        Settings::load(
            &CliOptions::default(),
            dir.path(),
            &mut Sandbox::new(dir.path(), &[]),
        )
    }

    /// A secret-looking value of 100 characters.
    fn secret() -> String {
        format!(
            "ghp_{}",
            "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".repeat(2)
        )[..100]
            .to_string()
    }

    #[test]
    fn toml_errors_show_little_of_the_file() {
        let secret = secret();
        for text in [
            format!("fail-on-warnings = \"{secret}\"\n"),
            format!("{secret} = 1\n"),
            format!("\"{secret}`x`{secret}\" = 1\n"),
            format!("[rules]\nP401 = \"{secret}\"\n"),
            format!("[rules]\n\"{secret}\" = \"warn\"\n"),
            format!("[rule-options.{secret}]\nx = 1\n"),
            format!("[rule-options.P401]\n\"{secret}\" = 1\n"),
            format!("exclude = [\"[{secret}\"]\n"),
            format!("modulepath = \"{secret}\"\n"),
            format!("A={secret}\0B=c\0"),
            format!("[[overrides]]\nfiles = [\"a\"]\n{secret} = 2\n"),
            format!("x = \"\\u001b[31m{secret}\\n::error::x\"\n"),
        ] {
            let e = settings(&text).unwrap_err().to_string();
            assert!(!e.contains(&secret[40..]), "{e}");
            assert!(e.chars().count() < 400, "{e}");
            assert!(!e.contains(['\x1b', '\n']), "{e}");
        }
        // What is quoted is still there, shortened.
        let e = settings(&format!("{secret} = 1\n")).unwrap_err();
        assert_eq!(e.at.as_ref().map(|(_, l, c)| (*l, *c)), Some((1, 1)));
        assert!(
            e.message.starts_with(&format!(
                "unknown field `{}…`, expected one of `rules`",
                &secret[..59]
            )),
            "{}",
            e.message
        );
    }

    #[test]
    fn puppet_lint_rc_notes_show_little_of_the_file() {
        let secret = secret();
        let dir = tempfile::tempdir().unwrap();
        let mut text = format!("PATH=/usr/bin\0TOKEN={secret}\0\n--load={secret}\n");
        text.push_str(&format!(
            "--no-{secret}-check\n--only-checks={secret},x\n--{secret}\n"
        ));
        for i in 0..30 {
            text.push_str(&format!("--option-{i}\n"));
        }
        std::fs::write(dir.path().join(puppet_lint_rc::FILE_NAME), &text).unwrap();
        let s = Settings::load(
            &CliOptions::default(),
            dir.path(),
            &mut Sandbox::new(dir.path(), &[]),
        )
        .unwrap();
        let notes = s.notes.join("\n");
        assert!(!notes.contains(&secret[40..]), "{notes}");
        assert!(!notes.contains("/usr/bin"), "{notes}");
        assert!(
            notes.contains("`--load` is a puppet-lint option"),
            "{notes}"
        );
        assert!(notes.contains("1 word is not an option"), "{notes}");
        assert_eq!(s.notes.len(), MAX_NOTES, "{notes}");
        assert!(s.notes[MAX_NOTES - 1].ends_with("more notes about the configuration"));
    }

    fn level(s: &Settings, key: &[u32], code: &str) -> Option<Severity> {
        s.profile(key).selection.severity(code)
    }

    #[test]
    fn defaults_without_any_file() {
        let dir = tempfile::tempdir().unwrap();
        let s = Settings::load(
            &CliOptions::default(),
            dir.path(),
            &mut Sandbox::new(dir.path(), &[]),
        )
        .unwrap();
        assert_eq!(s.source, ConfigSource::Defaults);
        assert_eq!(level(&s, &[], "P401"), Some(Severity::Warning));
        assert!(!s.fail_on_warnings);
    }

    #[test]
    fn levels_and_prefixes() {
        let s = settings("[rules]\nP4 = \"allow\"\nunquoted_resource_title = \"deny\"\n").unwrap();
        assert_eq!(level(&s, &[], "P401"), Some(Severity::Error));
        assert!(
            RULES
                .iter()
                .filter(|r| r.info().code.starts_with("P4") && r.info().code != "P401")
                .all(|r| level(&s, &[], r.info().code).is_none())
        );
    }

    #[test]
    fn errors_have_line_and_column() {
        let e = settings("[rules]\nP401 = \"warn\"\n\n  bogus = \"warn\"\n").unwrap_err();
        assert_eq!(e.at.as_ref().map(|a| (a.1, a.2)), Some((4, 3)), "{e}");
        assert!(e.message.contains("unknown rule `bogus`"), "{e}");
        let e = settings("colour = true\n").unwrap_err();
        assert_eq!(e.at.as_ref().map(|a| (a.1, a.2)), Some((1, 1)), "{e}");
        assert!(e.message.contains("unknown field `colour`"), "{e}");
        let e = settings("[rules]\nP401 = \"off\"\n").unwrap_err();
        assert_eq!(e.at.as_ref().map(|a| (a.1, a.2)), Some((2, 8)), "{e}");
        assert!(
            e.message.contains(r#"expected "allow", "warn" or "deny""#),
            "{e}"
        );
        let e = settings("[rules]\nP401 = 1\n").unwrap_err();
        assert!(e.message.contains(r#""allow", "warn" or "deny""#), "{e}");
        let e =
            settings("[rules]\nP401 = \"warn\"\nunquoted-resource-title = \"deny\"\n").unwrap_err();
        assert!(e.message.contains("both configure rule P401"), "{e}");
        let e = settings("[rule-options.P401]\nmax = 3\n").unwrap_err();
        assert_eq!(e.at.as_ref().map(|a| (a.1, a.2)), Some((2, 1)), "{e}");
        assert!(e.message.contains("has no options"), "{e}");
        let e = settings("exclude = [\"a/[\"]\n").unwrap_err();
        assert!(e.message.contains("bad pattern"), "{e}");
    }

    #[test]
    fn overrides_apply_to_matching_files_in_order() {
        let s = settings(
            "[rules]\nP401 = \"deny\"\n[[overrides]]\nfiles = [\"spec/**\"]\nrules = { P401 = \"allow\" }\n[[overrides]]\nfiles = [\"spec/b\"]\nrules = { P401 = \"warn\" }\n",
        )
        .unwrap();
        let root = s.root().to_path_buf();
        assert!(s.profile_key(&root.join("manifests/a.pp")).is_empty());
        assert_eq!(s.profile_key(&root.join("spec/a.pp")), [0]);
        assert_eq!(s.profile_key(&root.join("spec/b/c.pp")), [0, 1]);
        assert_eq!(level(&s, &[], "P401"), Some(Severity::Error));
        assert_eq!(level(&s, &[0], "P401"), None);
        assert_eq!(level(&s, &[0, 1], "P401"), Some(Severity::Warning));
    }

    #[test]
    fn exclude_matches_files_and_folders() {
        let s = settings("exclude = [\"vendor\", \"**/*_generated.pp\"]\n").unwrap();
        let root = s.root().to_path_buf();
        assert!(s.is_excluded(&root.join("vendor/x/y.pp")));
        assert!(s.is_excluded(&root.join("a/b_generated.pp")));
        assert!(!s.is_excluded(&root.join("a/b.pp")));
        assert!(!s.is_excluded(Path::new("/elsewhere/vendor/x.pp")));
    }

    #[test]
    fn puppet_lint_command_line_options() {
        let dir = tempfile::tempdir().unwrap();
        let load = |cli: &CliOptions| {
            Settings::load(cli, dir.path(), &mut Sandbox::new(dir.path(), &[])).unwrap()
        };
        std::fs::write(
            dir.path().join(puppet_lint_rc::FILE_NAME),
            "--no-80chars-check --error-level=error --log-format=x --top-scope-variables=a\n",
        )
        .unwrap();
        std::fs::write(dir.path().join("other.rc"), "--no-documentation-check\n").unwrap();
        // The file's options, then the command line's on top.
        let cli = CliOptions {
            display: puppet_lint_rc::Display {
                log_format: Some("y".into()),
                relative: true,
                ..Default::default()
            },
            ignore_paths: vec!["vendor/**".into()],
            ignored: vec!["--load".into()],
            ..CliOptions::default()
        };
        let s = load(&cli);
        assert!(matches!(s.source, ConfigSource::PuppetLintRc(_)));
        assert_eq!(s.display.log_format.as_deref(), Some("y"));
        assert_eq!(
            s.display.error_level,
            Some(puppet_lint_rc::ErrorLevel::Error)
        );
        assert_eq!(s.known_top_scope_variables, ["a"]);
        assert_eq!(
            s.base_options["P402"].get("relative"),
            Some(&toml::Value::Boolean(true))
        );
        assert!(s.is_excluded(Path::new("vendor/m/x.pp")));
        assert!(!s.is_excluded(Path::new("site/x.pp")));
        assert!(
            s.notes
                .iter()
                .any(|n| n.contains("`--load` is a puppet-lint option")),
            "{:?}",
            s.notes
        );
        // `--no-config` reads no file; `-c FILE` reads a puppet-lint options file.
        let s = load(&CliOptions {
            no_config: true,
            top_scope_variables: Some(vec!["b".into()]),
            ..CliOptions::default()
        });
        assert_eq!(s.source, ConfigSource::Defaults);
        assert_eq!(s.display, puppet_lint_rc::Display::default());
        assert_eq!(s.known_top_scope_variables, ["b"]);
        let s = load(&CliOptions {
            config: Some("other.rc".into()),
            no_config: true,
            ..CliOptions::default()
        });
        assert!(matches!(s.source, ConfigSource::PuppetLintRc(_)));
        assert_eq!(level(&s, &[], "P414"), None);
        assert_eq!(s.display.error_level, None);
    }

    #[test]
    fn cli_select_ignore_and_checks() {
        let dir = tempfile::tempdir().unwrap();
        let cli = CliOptions {
            select: Some(vec!["P401".into(), "P301".into()]),
            ignore: vec!["P301".into()],
            ..CliOptions::default()
        };
        let s = Settings::load(&cli, dir.path(), &mut Sandbox::new(dir.path(), &[])).unwrap();
        let p = s.profile(&[]);
        let on: Vec<_> = p.selection.rules().map(|r| r.info().code).collect();
        assert_eq!(on, ["P401"]);
        let cli = CliOptions {
            disable_checks: vec!["unquoted_resource_title".into()],
            ..CliOptions::default()
        };
        let s = Settings::load(&cli, dir.path(), &mut Sandbox::new(dir.path(), &[])).unwrap();
        assert_eq!(level(&s, &[], "P401"), None);
        let cli = CliOptions {
            select: Some(vec!["nope".into()]),
            ..CliOptions::default()
        };
        let e = Settings::load(&cli, dir.path(), &mut Sandbox::new(dir.path(), &[])).unwrap_err();
        assert!(
            e.to_string().starts_with("--select: unknown rule `nope`"),
            "{e}"
        );
    }

    #[test]
    fn builtin_codes_can_be_configured() {
        let s = settings("[rules]\nunused-suppression = \"allow\"\nP005 = \"deny\"\n").unwrap();
        let p = s.profile(&[]);
        let mut ds = vec![
            crate::report::codes::UNUSED_SUPPRESSION.diagnostic(0..0, "x"),
            crate::report::codes::UNKNOWN_SUPPRESSION.diagnostic(0..0, "y"),
        ];
        p.adjust(&mut ds);
        assert_eq!(ds.len(), 1);
        assert_eq!((ds[0].code, ds[0].severity), ("P005", Severity::Error));
    }
}
