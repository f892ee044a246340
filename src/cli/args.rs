//! Command-line arguments.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

use crate::report::OutputFormat;

/// plint: a static analyzer for the Puppet language.
///
/// Checks the Puppet manifests (`*.pp`) under each PATH (default: the current directory).
/// Directories are walked following symbolic links; `.git`, `.hg`, `.svn`, `vendor`,
/// `node_modules`, `target`, `.bundle`, `pkg` and `spec/fixtures` are skipped unless given
/// explicitly; a link leading out of the repository and the module path is refused with a
/// note. A file given explicitly is checked whatever its extension; a directory given
/// explicitly under which nothing is checked, or one (the current one by default) whose every
/// file is excluded, is an error. In a control repository, the modules a Puppetfile installs
/// (in its `moduledir`) and those in folders git ignores are read, not checked: one note says
/// how many. A PATH of `-` reads one manifest from standard input (see `--stdin-filename`).
///
/// Configuration comes from `plint.toml` in the current directory or its nearest ancestor
/// (or `--config FILE`), else from `.puppet-lint.rc` in the current directory; the options
/// below apply on top of it. puppet-lint's `--no-<check>-check` (turn a check off) and
/// `--<check>-check` (turn on a check that is off by default) are accepted too, and so is
/// every other option of puppet-lint 4.x (listed last).
///
/// `plint rules` lists the rules; `plint explain RULE` shows one rule's documentation;
/// `plint diff` compares the catalogs of two revisions. To check a directory named `rules`,
/// `explain` or `diff`, write `plint ./rules`.
///
/// Exit status: 0 if nothing was found at error level (or warning level, with
/// `--fail-on-warnings`), 1 if something was (with `--diff`: if a file would change), 2 if
/// plint itself could not do its job (bad arguments or configuration, a PATH that does not
/// exist or holds nothing to check, every file excluded, output that cannot be written).
#[derive(Debug, Parser)]
#[command(
    name = "plint",
    version,
    about,
    long_about,
    args_conflicts_with_subcommands = true,
    group(clap::ArgGroup::new("fixing").args(["fix", "diff"]).multiple(true)),
    group(clap::ArgGroup::new("facts_source").args(["facts", "facts_os"]).multiple(true))
)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Files or directories to check: manifests (`*.pp`; any file given by name that is not
    /// one of the others), templates (`*.epp`, `*.erb`), `metadata.json`, `hiera.yaml`, Hiera
    /// data (`data/**/*.yaml`, `.yml`, `.json` of a module or environment) and Bolt task
    /// metadata (`tasks/*.json`). Another YAML or JSON file given by name is skipped with a
    /// note.
    #[arg(value_name = "PATH", default_value = ".")]
    pub paths: Vec<PathBuf>,

    /// Read the configuration from FILE instead of the nearest `plint.toml`: a `plint.toml`
    /// when its name ends with `.toml`, else puppet-lint's options file (`.puppet-lint.rc`).
    #[arg(short = 'c', long, value_name = "FILE")]
    pub config: Option<PathBuf>,

    /// Run only these rules (comma-separated codes, names, puppet-lint check names, or code
    /// prefixes such as `P4`), turning them on even if they are off by default.
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub select: Option<Vec<String>>,

    /// Do not run these rules (comma-separated, as `--select`).
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub ignore: Vec<String>,

    /// puppet-lint's option: among the rules that mirror puppet-lint checks, run only these
    /// (comma-separated); plint's other rules are not affected.
    #[arg(long, value_name = "CHECKS", value_delimiter = ',')]
    pub only_checks: Option<Vec<String>>,

    /// Exit with status 1 when warnings are found, not only errors.
    #[arg(long)]
    pub fail_on_warnings: bool,

    /// Folders that hold modules, separated by `:` (replaces `modulepath` in `plint.toml`).
    #[arg(long, value_name = "DIR[:DIR]")]
    pub modulepath: Option<std::ffi::OsString>,

    /// The Puppet the code runs on, 7 or 8 (default 8, or `puppet-version` in `plint.toml`):
    /// with 8, an undefined variable (`strict_variables`), an unparsable `metadata.json`, a
    /// duplicate hash key and a `hiera.yaml` of version 3 in a module (`strict = error`) are
    /// errors, as Puppet 8 fails on them; with 7, warnings. In check mode and with
    /// `--evaluate` alike.
    #[arg(long, value_name = "7|8", value_parser = crate::config::PuppetVersion::parse)]
    pub puppet_version: Option<crate::config::PuppetVersion>,

    /// Puppet's `strict_variables` is on whatever `--puppet-version` says (Puppet 8's
    /// default): an undefined variable is an error, in check mode and with `--evaluate`.
    #[arg(long)]
    pub strict_variables: bool,

    /// Apply the safe fixes of the enabled rules to the files, in place; then report what
    /// remains. A safe fix never changes what Puppet compiles, for any facts. Files with
    /// syntax errors are never changed.
    #[arg(short = 'f', long)]
    pub fix: bool,

    /// Print a unified diff of what `--fix` would change, without changing any file (and
    /// no report).
    #[arg(long)]
    pub diff: bool,

    /// With `--fix` or `--diff`: apply the unsafe fixes too, those that may change what
    /// Puppet compiles (`plint rules` shows which rules have them); review what they change.
    #[arg(long, requires = "fixing")]
    pub unsafe_fixes: bool,

    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human, value_name = "FORMAT")]
    pub format: Format,

    /// Write the report to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Human format: show only error-level findings and no summary line. In every format,
    /// the notes about skipped paths are not printed. The exit status is unchanged.
    #[arg(short, long)]
    pub quiet: bool,

    /// When to colour the human format: `auto` colours a terminal (unless NO_COLOR is set).
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto, value_name = "WHEN")]
    pub color: ColorWhen,

    /// Never colour the output (same as `--color never`).
    #[arg(long)]
    pub no_color: bool,

    /// Print the time each phase took, and the number of files and bytes, to stderr.
    #[arg(long)]
    pub timings: bool,

    /// Number of worker threads (default: one per CPU).
    #[arg(short = 'j', long, value_name = "N")]
    pub threads: Option<usize>,

    /// The largest file plint reads (default 64M): a number of bytes, or with a K, M or G
    /// suffix. Larger files are refused with a finding (see the README's Security section).
    #[arg(long, value_name = "SIZE", value_parser = crate::sandbox::parse_size)]
    pub max_file_size: Option<u64>,

    /// Check files that `.gitignore` and `.ignore` files exclude too. By default a folder's
    /// ignore files apply to what lies below it (git's syntax); a path named on the command
    /// line is always checked.
    #[arg(long)]
    pub no_ignore_files: bool,

    /// Compile the catalog of a node, as a Puppet server would, and check it (the P2xx
    /// rules) instead of checking files: `plint --evaluate --facts FACTS MANIFEST`. MANIFEST
    /// (the PATH) is a site.pp, a directory of manifests (every `.pp` under it, in path
    /// order, as Puppet reads a manifest directory) or an environment (a directory with a
    /// `manifests/` folder); or give the code with `-e`.
    #[arg(long, requires = "facts_source")]
    pub evaluate: bool,

    /// With `--evaluate`: the node's facts, a YAML or JSON file (facterdb's `.facts` files and
    /// Puppet's cached facts work as they are); or a directory of such files, to compile
    /// one catalog per file, in parallel.
    #[arg(long, value_name = "FACTS", requires = "evaluate")]
    pub facts: Option<PathBuf>,

    /// With `--evaluate`: start from the facts of a common operating system (`debian-12`,
    /// `ubuntu-22.04`, `rhel-9`, `centos-7`, `windows-2022`, ...: facterdb's fact sets shipped
    /// with plint); `--facts` then gives only what differs. `--facts-os list` lists the sets.
    #[arg(long, value_name = "NAME")]
    pub facts_os: Option<String>,

    /// With `--evaluate`: set a fact of every node, KEY=VALUE (repeatable), over `--facts` and
    /// `--facts-os`. A dotted KEY sets a structured fact (`os.family=RedHat`); VALUE is read
    /// as YAML (`true`, `3`, `'12'` for a string of digits; `null` removes the fact).
    #[arg(long = "fact", value_name = "KEY=VALUE", requires = "evaluate")]
    pub fact: Vec<String>,

    /// With `--evaluate`: set a fact the compiling Puppet server adds, KEY=VALUE
    /// (repeatable): `servername` and `serverip` (the server's own fqdn and address, unknown
    /// unless given), `serverip6`, `serverversion` (default: plint's Puppet version), or
    /// `environment` (the environment's name, default `production`). They make
    /// `$server_facts` and the top-scope `$servername`, `$serverip`, ...
    #[arg(long = "server-fact", value_name = "KEY=VALUE", requires = "evaluate")]
    pub server_fact: Vec<String>,

    /// With `--evaluate`: the node's name (default: the facts' `fqdn`, else
    /// `networking.fqdn`).
    #[arg(long, value_name = "NAME", requires = "evaluate")]
    pub node: Option<String>,

    /// With `--evaluate`: the environment's `hiera.yaml` (default: `hiera.yaml` of the
    /// environment, if there is one). Its data folders are the user's: read even when they lie
    /// outside the repository
    #[arg(long, value_name = "FILE", requires = "evaluate")]
    pub hiera: Option<PathBuf>,

    /// With `--evaluate`: the server's own module folders (Puppet's `basemodulepath`), which
    /// `$basemodulepath` stands for in the environment's `environment.conf` `modulepath`
    #[arg(
        long,
        value_name = "DIR[:DIR]",
        value_delimiter = ':',
        requires = "evaluate"
    )]
    pub basemodulepath: Vec<PathBuf>,

    /// With `--evaluate`: the global Hiera layer, a Puppet server's own `hiera.yaml` (Puppet's
    /// `hiera_config`), searched before the environment's. Its data folders are the user's:
    /// read even when they lie outside the repository
    #[arg(long, value_name = "FILE", requires = "evaluate")]
    pub global_hiera: Option<PathBuf>,

    /// A folder of the user's own that plint may read although it lies outside the checked
    /// repository (a private Hiera data checkout beside it, say); repeatable
    #[arg(long, value_name = "DIR")]
    pub trust: Vec<PathBuf>,

    /// With `--evaluate`: write the catalog as JSON (Puppet's catalog format) to FILE; with a
    /// directory of facts (or an existing directory), write `<node>.json` files into DIR.
    #[arg(long, value_name = "FILE|DIR", requires = "evaluate")]
    pub catalog_out: Option<PathBuf>,

    /// With `--evaluate`: change one budget of a node's compilation, NAME=N (repeatable):
    /// `steps` (20000000), `time` (seconds, 60), `string` (bytes, 67108864), `elements`
    /// (10000000), `resources` (200000), `hiera` (lookups and interpolations, 100000),
    /// `template` (bytes, 67108864). A compilation that exceeds one stops with P217.
    #[arg(long, value_name = "NAME=N", requires = "evaluate")]
    pub eval_budget: Vec<String>,

    /// With `--evaluate`: evaluate this code as the main manifest instead of MANIFEST.
    #[arg(
        short = 'e',
        long = "execute",
        value_name = "CODE",
        requires = "evaluate"
    )]
    pub code: Option<String>,

    /// A PATH of `-`: the name of the manifest read from standard input, for messages,
    /// module-relative names and the configuration's patterns (default `<stdin>`).
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<PathBuf>,

    /// puppet-lint's option: read no configuration file (neither `plint.toml` nor
    /// `.puppet-lint.rc`) unless `--config` names one.
    #[arg(long, help_heading = PUPPET_LINT)]
    pub no_config: bool,

    /// puppet-lint's option: `--format json`.
    #[arg(long, conflicts_with_all = ["format", "sarif"], help_heading = PUPPET_LINT)]
    pub json: bool,

    /// puppet-lint's option: `--format sarif`.
    #[arg(long, conflicts_with = "format", help_heading = PUPPET_LINT)]
    pub sarif: bool,

    /// puppet-lint's option: one line per finding, in this FORMAT, instead of the human
    /// format. Placeholders: `%{path}` (as given), `%{fullpath}` (absolute), `%{filename}`
    /// (without folders), `%{line}`, `%{column}`, `%{kind}` (`error`, `warning`, `info`),
    /// `%{KIND}` (upper case), `%{check}` (the puppet-lint check, else the rule's name),
    /// `%{code}`, `%{rule}`, `%{message}`; `%%` is `%`, `\n` and `\t` are a new line and a
    /// tab.
    #[arg(long, value_name = "FORMAT", help_heading = PUPPET_LINT)]
    pub log_format: Option<String>,

    /// puppet-lint's option: show only the findings of this level (`all`, `warning`,
    /// `error`). The exit status is unchanged.
    #[arg(long, value_enum, value_name = "LEVEL", help_heading = PUPPET_LINT)]
    pub error_level: Option<ErrorLevel>,

    /// puppet-lint's option: with `--log-format`, print the line of each finding and a caret
    /// under its column (the human format always shows the source).
    #[arg(long, help_heading = PUPPET_LINT)]
    pub with_context: bool,

    /// puppet-lint's option: plint always names the file; accepted.
    #[arg(long, help_heading = PUPPET_LINT)]
    pub with_filename: bool,

    /// puppet-lint's option: compare a module's layout relative to the module's root
    /// (`definition-outside-autoload-path` does not compare the class's module with the name of
    /// the folder that holds the module).
    #[arg(long, help_heading = PUPPET_LINT)]
    pub relative: bool,

    /// puppet-lint's option: also show the findings that control comments (`# lint:ignore`,
    /// `# plint:allow`) suppress, with the comment's reason; they count for nothing (not in
    /// the summary, not in the exit status, not fixed).
    #[arg(long, help_heading = PUPPET_LINT)]
    pub show_ignored: bool,

    /// puppet-lint's option: glob patterns of files not to check (comma-separated, relative
    /// to the current directory).
    #[arg(long, value_name = "PATHS", value_delimiter = ',', help_heading = PUPPET_LINT)]
    pub ignore_paths: Vec<String>,

    /// puppet-lint's option: top-scope variables set elsewhere (an ENC, the server),
    /// comma-separated; replaces `known-top-scope-variables` of `plint.toml`.
    #[arg(long, value_name = "VARS", value_delimiter = ',', help_heading = PUPPET_LINT)]
    pub top_scope_variables: Option<Vec<String>>,

    /// puppet-lint's option: list the puppet-lint checks plint has a rule for, one a line.
    #[arg(long, help_heading = PUPPET_LINT)]
    pub list_checks: bool,

    /// puppet-lint's option (its checks written in Ruby): accepted and ignored, with a note.
    #[arg(short = 'l', long, value_name = "FILE", help_heading = PUPPET_LINT)]
    pub load: Vec<PathBuf>,

    /// puppet-lint's option (plugins in a module path): accepted and ignored, with a note.
    #[arg(long, value_name = "MODULEPATH", help_heading = PUPPET_LINT)]
    pub load_from_puppet: Option<OsString>,

    /// puppet-lint's option (a Code Climate report): accepted and ignored, with a note.
    #[arg(long, help_heading = PUPPET_LINT)]
    pub codeclimate: bool,

    /// puppet-lint's option (a Code Climate report file): accepted and ignored, with a note.
    #[arg(long, value_name = "FILE", help_heading = PUPPET_LINT)]
    pub codeclimate_report_file: Option<PathBuf>,

    /// `--no-<check>-check` options (taken out of the arguments before parsing).
    #[arg(skip)]
    pub disable_checks: Vec<String>,

    /// `--<check>-check` options (taken out of the arguments before parsing).
    #[arg(skip)]
    pub enable_checks: Vec<String>,

    /// Whether `--format` was given (not its default): it wins over `.puppet-lint.rc`'s
    /// `--json` and `--sarif`.
    #[arg(skip)]
    pub format_given: bool,

    /// Whether PATHs were given (not the default `.`).
    #[arg(skip)]
    pub paths_given: bool,
}

/// `plint rules`, `plint explain`, `plint diff`, `plint lsp`.
#[derive(Debug, Clone, PartialEq, Eq, Subcommand)]
pub enum Command {
    /// List every rule: code, name, default level (`deny`, `warn`: the words of `[rules]` in
    /// `plint.toml`), the puppet-lint check it mirrors,
    /// whether `--fix` can fix it (safely, or only with `--unsafe-fixes`), and whether it is
    /// on by default.
    Rules,
    /// Print the documentation of one rule.
    Explain {
        /// A code (`P401`), a name (`unquoted-resource-title`) or a puppet-lint check name
        /// (`unquoted_resource_title`).
        #[arg(value_name = "RULE")]
        rule: String,
    },
    /// Compile every node's catalog at two revisions (git commits or directories) and report
    /// what changes: `plint diff --facts DIR [--from REV] [--to REV]` (see `plint diff --help`).
    Diff(Box<super::diff::args::DiffArgs>),
    /// Serve the Language Server Protocol on standard input and output, for an editor:
    /// every rule of check mode on the open documents as they are edited, in an index of the
    /// workspace built once and kept up to date with the edits and the files changed on disk
    /// (watched through the editor); go to definition, find references, hover, document and
    /// workspace symbols, code actions (fixes, suppressions, missing parameters), formatting (the
    /// safe fixes) and completion (types, attributes, classes, functions, variables, facts, Hiera
    /// keys) (see the README's editor guide).
    Lsp,
}

/// Parses the arguments (after [`split_check_flags`]), noting which options were given rather
/// than defaulted.
pub fn parse(argv: Vec<OsString>) -> Result<Args, clap::Error> {
    use clap::parser::ValueSource;
    use clap::{CommandFactory, FromArgMatches};
    let matches = Args::command().try_get_matches_from(argv)?;
    let mut args = Args::from_arg_matches(&matches)?;
    let given = |id: &str| {
        matches
            .value_source(id)
            .is_some_and(|s| s != ValueSource::DefaultValue)
    };
    args.format_given = given("format");
    args.paths_given = given("paths");
    if args.json {
        args.format = Format::Json;
    } else if args.sarif {
        args.format = Format::Sarif;
    }
    Ok(args)
}

/// Takes puppet-lint's `--no-<check>-check` and `--<check>-check` options out of `args`
/// (clap cannot declare them, as any check name is allowed): returns the remaining arguments,
/// the checks to turn off and the checks to turn on. Arguments after `--` are left alone.
pub fn split_check_flags<T: Into<OsString>>(
    args: impl IntoIterator<Item = T>,
) -> (Vec<OsString>, Vec<String>, Vec<String>) {
    let mut rest = Vec::new();
    let (mut disable, mut enable) = (Vec::new(), Vec::new());
    let mut after_dashes = false;
    for (i, arg) in args.into_iter().map(Into::into).enumerate() {
        if i > 0 && !after_dashes {
            if arg == "--" {
                after_dashes = true;
            } else if let Some(check) = arg
                .to_str()
                .and_then(|a| a.strip_prefix("--"))
                .and_then(|a| a.strip_suffix("-check"))
                .filter(|c| {
                    !c.is_empty()
                        && c.bytes()
                            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
                })
            {
                match check.strip_prefix("no-") {
                    Some(check) if !check.is_empty() => disable.push(check.to_string()),
                    _ => enable.push(check.to_string()),
                }
                continue;
            }
        }
        rest.push(arg);
    }
    (rest, disable, enable)
}

/// `--format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Source snippets and a summary, for people.
    Human,
    /// One JSON array of findings.
    Json,
    /// SARIF 2.1.0, for GitHub code scanning.
    Sarif,
    /// GitHub Actions annotations (workflow commands).
    Github,
}

impl From<Format> for OutputFormat {
    fn from(f: Format) -> Self {
        match f {
            Format::Human => OutputFormat::Human,
            Format::Json => OutputFormat::Json,
            Format::Sarif => OutputFormat::Sarif,
            Format::Github => OutputFormat::Github,
        }
    }
}

/// The heading of puppet-lint's options in `--help`.
const PUPPET_LINT: &str = "puppet-lint's options";

/// `--error-level` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ErrorLevel {
    /// Every finding.
    All,
    /// Only warnings.
    Warning,
    /// Only errors.
    Error,
}

impl From<ErrorLevel> for crate::config::puppet_lint_rc::ErrorLevel {
    fn from(level: ErrorLevel) -> Self {
        use crate::config::puppet_lint_rc::ErrorLevel as L;
        match level {
            ErrorLevel::All => L::All,
            ErrorLevel::Warning => L::Warning,
            ErrorLevel::Error => L::Error,
        }
    }
}

/// `--color` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    Auto,
    Always,
    Never,
}

impl Args {
    /// The puppet-lint options of the command line about what is shown.
    pub fn display(&self) -> crate::config::puppet_lint_rc::Display {
        use crate::config::puppet_lint_rc::{Display, ReportFormat};
        Display {
            log_format: self.log_format.clone(),
            error_level: self.error_level.map(Into::into),
            format: if self.json {
                Some(ReportFormat::Json)
            } else if self.sarif {
                Some(ReportFormat::Sarif)
            } else {
                None
            },
            with_context: self.with_context,
            with_filename: self.with_filename,
            relative: self.relative,
            show_ignored: self.show_ignored,
        }
    }

    /// The puppet-lint options given that plint accepts without using them.
    pub fn ignored_puppet_lint_options(&self) -> Vec<String> {
        let mut ignored = Vec::new();
        if !self.load.is_empty() {
            ignored.push("--load".to_string());
        }
        for (given, name) in [
            (self.load_from_puppet.is_some(), "--load-from-puppet"),
            (self.codeclimate, "--codeclimate"),
            (
                self.codeclimate_report_file.is_some(),
                "--codeclimate-report-file",
            ),
        ] {
            if given {
                ignored.push(name.to_string());
            }
        }
        ignored
    }

    /// The colour setting after `--no-color`.
    pub fn color(&self) -> ColorWhen {
        if self.no_color {
            ColorWhen::Never
        } else {
            self.color
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn definition_is_valid() {
        Args::command().debug_assert();
    }

    #[test]
    fn defaults() {
        let a = Args::try_parse_from(["plint"]).unwrap();
        assert_eq!(a.paths, [PathBuf::from(".")]);
        assert_eq!(a.format, Format::Human);
        assert_eq!(a.color(), ColorWhen::Auto);
        assert!(!a.quiet && !a.timings && a.output.is_none());
    }

    #[test]
    fn options() {
        let a = Args::try_parse_from([
            "plint",
            "--format",
            "sarif",
            "-o",
            "x.sarif",
            "--no-color",
            "-q",
            "a",
            "b",
        ])
        .unwrap();
        assert_eq!(a.format, Format::Sarif);
        assert_eq!(a.output, Some(PathBuf::from("x.sarif")));
        assert_eq!(a.color(), ColorWhen::Never);
        assert!(a.quiet);
        assert_eq!(a.paths, [PathBuf::from("a"), PathBuf::from("b")]);
        assert!(Args::try_parse_from(["plint", "--format", "xml"]).is_err());
    }

    #[test]
    fn subcommands_and_paths() {
        let a = Args::try_parse_from(["plint", "rules"]).unwrap();
        assert_eq!(a.command, Some(Command::Rules));
        let a = Args::try_parse_from(["plint", "explain", "P401"]).unwrap();
        assert_eq!(
            a.command,
            Some(Command::Explain {
                rule: "P401".into()
            })
        );
        let a = Args::try_parse_from(["plint", "./rules", "explain"]).unwrap();
        assert_eq!(a.command, None);
        assert_eq!(
            a.paths,
            [PathBuf::from("./rules"), PathBuf::from("explain")]
        );
        let a = Args::try_parse_from(["plint", "--", "rules"]).unwrap();
        assert_eq!(a.command, None);
        assert_eq!(a.paths, [PathBuf::from("rules")]);
    }

    #[test]
    fn rule_lists() {
        let a = Args::try_parse_from([
            "plint",
            "--select",
            "P401,P301",
            "--ignore",
            "a",
            "--ignore",
            "b,c",
            "--only-checks=x,y",
        ])
        .unwrap();
        assert_eq!(a.select, Some(vec!["P401".into(), "P301".into()]));
        assert_eq!(a.ignore, ["a", "b", "c"]);
        assert_eq!(a.only_checks, Some(vec!["x".into(), "y".into()]));
    }

    #[test]
    fn evaluate_options() {
        let a = Args::try_parse_from([
            "plint",
            "--evaluate",
            "--facts",
            "f.yaml",
            "--node",
            "n1",
            "--hiera",
            "h.yaml",
            "--catalog-out",
            "out",
            "--strict-variables",
            "site.pp",
        ])
        .unwrap();
        assert!(a.evaluate && a.strict_variables);
        assert_eq!(a.facts, Some(PathBuf::from("f.yaml")));
        assert_eq!(a.node.as_deref(), Some("n1"));
        assert_eq!(a.catalog_out, Some(PathBuf::from("out")));
        assert_eq!(a.paths, [PathBuf::from("site.pp")]);
        let a = Args::try_parse_from(["plint", "--evaluate", "--facts", "f", "-e", "include x"])
            .unwrap();
        assert_eq!(a.code.as_deref(), Some("include x"));
        // `--evaluate` needs facts; the evaluation options need `--evaluate`.
        assert!(Args::try_parse_from(["plint", "--evaluate", "site.pp"]).is_err());
        assert!(Args::try_parse_from(["plint", "--facts", "f", "site.pp"]).is_err());
        assert!(Args::try_parse_from(["plint", "--catalog-out", "c", "x"]).is_err());
        let a =
            Args::try_parse_from(["plint", "--puppet-version", "7", "--strict-variables"]).unwrap();
        assert_eq!(a.puppet_version, Some(crate::config::PuppetVersion::V7));
        assert!(a.strict_variables);
        assert!(Args::try_parse_from(["plint", "--puppet-version", "6"]).is_err());
    }

    #[test]
    fn puppet_lint_options() {
        let argv = |a: &[&str]| a.iter().map(OsString::from).collect::<Vec<_>>();
        let a = parse(argv(&["plint"])).unwrap();
        assert!(!a.paths_given && !a.format_given);
        let a = parse(argv(&[
            "plint",
            "--json",
            "-c",
            "x.rc",
            "-f",
            "--error-level",
            "warning",
            "--ignore-paths=a/*,b",
            "-l",
            "c.rb",
            "m.pp",
        ]))
        .unwrap();
        assert_eq!(a.format, Format::Json);
        assert!(a.paths_given && !a.format_given && a.fix);
        assert_eq!(a.config, Some(PathBuf::from("x.rc")));
        assert_eq!(a.error_level, Some(ErrorLevel::Warning));
        assert_eq!(a.ignore_paths, ["a/*", "b"]);
        assert_eq!(a.ignored_puppet_lint_options(), ["--load"]);
        let a = parse(argv(&["plint", "--sarif"])).unwrap();
        assert_eq!(a.format, Format::Sarif);
        assert!(parse(argv(&["plint", "--json", "--format", "human"])).is_err());
        let a = parse(argv(&["plint", "--format", "github"])).unwrap();
        assert!(a.format_given);
    }

    #[test]
    fn puppet_lint_check_flags_are_taken_out() {
        let (rest, disable, enable) = split_check_flags([
            "plint",
            "--no-80chars-check",
            "x.pp",
            "--140chars-check",
            "--no-check",
            "--",
            "--no-y-check",
        ]);
        assert_eq!(disable, ["80chars"]);
        assert_eq!(enable, ["140chars", "no"]);
        assert_eq!(rest, ["plint", "x.pp", "--", "--no-y-check"]);
    }
}
