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
//! facts = "facts/web01.yaml"                 # a node's facts, for the editor's completion
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
mod load;
pub mod puppet;
pub mod puppet_lint_rc;

pub use keys::{CONFIGURABLE_BUILTINS, KeyError, resolve as resolve_key};
pub use puppet::{Puppet, PuppetVersion};

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
    /// A node's facts (a JSON or YAML fact file, as `--facts FILE` reads one), relative to the
    /// directory of `plint.toml`: the keys the editor's completion offers in `$facts['...']`.
    pub facts: Option<Spanned<String>>,
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
    /// `facts`: the fact file whose keys `plint lsp` completes (absolute).
    pub facts: Option<PathBuf>,
    /// Where `facts` is written (line and column), for the error that it cannot be read.
    facts_at: (usize, usize),
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
mod tests;
