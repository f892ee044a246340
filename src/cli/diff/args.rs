//! The arguments of `plint diff` and `plint diff merge`.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

use crate::cli::args::ColorWhen;

/// Compile every node's catalog at two revisions and report what changes.
///
/// The revisions are git commits read from the repository's object database (nothing is
/// checked out, no hook or filter runs: safe on an untrusted pull request) or two directories.
/// By default `--from` is `HEAD` (or, with `--base BRANCH`, the merge base of BRANCH and
/// `--to`) and `--to` is the working tree. MANIFEST, `--hiera` and relative `--modulepath`
/// folders are taken in each revision (default MANIFEST: the revision's root, an environment).
///
/// Exit status: 0 when no node compiled at FROM fails at TO (whatever else changed); 1 when
/// one does, or, with `--fail-on-change`, when any node's catalog changes; 2 when plint could
/// not do its job (bad arguments, a revision that cannot be read, a facts file that cannot be
/// used).
#[derive(Debug, Clone, PartialEq, Eq, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct DiffArgs {
    #[command(subcommand)]
    pub command: Option<DiffCommand>,

    /// The main manifest in each revision: a site.pp, a directory of manifests or an
    /// environment, relative to the revision's root (default: the root).
    #[arg(value_name = "MANIFEST")]
    pub manifest: Option<PathBuf>,

    /// The revision compared from: a git revision (a commit, branch, tag, `HEAD~1`).
    /// Default: `HEAD`, or the merge base with `--base`.
    #[arg(long, value_name = "REV", conflicts_with_all = ["from_dir", "base"])]
    pub from: Option<String>,

    /// The revision compared to: a git revision. Default: the working tree (as it is on disk,
    /// untracked files included).
    #[arg(long, value_name = "REV", conflicts_with = "to_dir")]
    pub to: Option<String>,

    /// Compare from the merge base of BRANCH and `--to` (what a pull request into BRANCH
    /// changes).
    #[arg(long, value_name = "BRANCH", conflicts_with = "from_dir")]
    pub base: Option<String>,

    /// Compare from the files of this directory instead of a git revision.
    #[arg(long, value_name = "DIR")]
    pub from_dir: Option<PathBuf>,

    /// Compare to the files of this directory instead of the working tree.
    #[arg(long, value_name = "DIR")]
    pub to_dir: Option<PathBuf>,

    /// The nodes' facts: a fact file; a directory of fact files (one node each); a PuppetDB
    /// export (`puppet query 'facts {}'`, `/pdb/query/v4/facts`: a JSON array of `{certname,
    /// name, value}`); or a directory with a folder per node.
    #[arg(long, value_name = "PATH", required = true)]
    pub facts: Option<PathBuf>,

    /// Set a fact of every node, KEY=VALUE (repeatable; as `--evaluate`'s `--fact`).
    #[arg(long = "fact", value_name = "KEY=VALUE")]
    pub fact: Vec<String>,

    /// Compare only this node (repeatable): its certificate name, as the report names it. A
    /// name that is no node's is an error.
    #[arg(long = "node", value_name = "NAME")]
    pub node: Vec<String>,

    /// Compare only the nodes whose name matches this regular expression (anywhere in the
    /// name; `^web` for names that start with `web`).
    #[arg(long, value_name = "RE")]
    pub node_pattern: Option<String>,

    /// Compare only the K-th of N parts of the nodes (1 <= K <= N): every N-th node of the
    /// names in sorted order, from the K-th. Join the parts' `--format json` reports with
    /// `plint diff merge`.
    #[arg(long, value_name = "K/N", value_parser = crate::diff::facts::Shard::parse)]
    pub shard: Option<crate::diff::facts::Shard>,

    /// Folders that hold modules, separated by `:`; a relative one is taken in each revision
    /// (default: the environment's `environment.conf`, else its `modules/`).
    #[arg(long, value_name = "DIR[:DIR]")]
    pub modulepath: Option<std::ffi::OsString>,

    /// The server's own module folders (`$basemodulepath`), the same for both revisions.
    #[arg(long, value_name = "DIR", value_delimiter = ':')]
    pub basemodulepath: Vec<PathBuf>,

    /// The environment's `hiera.yaml`, relative to each revision's root (default: the
    /// environment's own).
    #[arg(long, value_name = "FILE")]
    pub hiera: Option<PathBuf>,

    /// The global Hiera layer (a server's own `hiera.yaml`), the same for both revisions.
    #[arg(long, value_name = "FILE")]
    pub global_hiera: Option<PathBuf>,

    /// Set a fact the compiling server adds, KEY=VALUE (repeatable; as `--evaluate`'s).
    #[arg(long = "server-fact", value_name = "KEY=VALUE")]
    pub server_fact: Vec<String>,

    /// Change one budget of a node's compilation, NAME=N (repeatable; as `--evaluate`'s).
    #[arg(long, value_name = "NAME=N")]
    pub eval_budget: Vec<String>,

    /// The Puppet the code runs on, 7 or 8 (as for checking).
    #[arg(long, value_name = "7|8", value_parser = crate::config::PuppetVersion::parse)]
    pub puppet_version: Option<crate::config::PuppetVersion>,

    /// Puppet's `strict_variables` is on whatever `--puppet-version` says.
    #[arg(long)]
    pub strict_variables: bool,

    /// Read the configuration from FILE instead of each revision's own `plint.toml`.
    #[arg(short = 'c', long, value_name = "FILE")]
    pub config: Option<PathBuf>,

    /// Ignore every configuration file.
    #[arg(long)]
    pub no_config: bool,

    /// Report a change of a resource's tags too (as sets; left out by default, as
    /// octocatalog-diff does).
    #[arg(long)]
    pub include_tags: bool,

    /// Number of worker threads compiling the nodes (default: one per CPU).
    #[arg(short = 'j', long, value_name = "N")]
    pub threads: Option<usize>,

    /// Parse every file at each revision, as two separate runs would, instead of parsing once
    /// a file whose text is the same at both (for tests and measurements: the report is the
    /// same).
    #[arg(long, hide = true)]
    pub parse_each_revision: bool,

    #[command(flatten)]
    pub output: OutputArgs,
}

/// How a report is written (`plint diff` and `plint diff merge`).
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub struct OutputArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = DiffFormat::Human, value_name = "FORMAT")]
    pub format: DiffFormat,

    /// Write the report to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Exit with status 1 when any node's catalog changes, not only when a node no longer
    /// compiles.
    #[arg(long)]
    pub fail_on_change: bool,

    /// When to colour the human format.
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto, value_name = "WHEN")]
    pub color: ColorWhen,

    /// Never colour the output (same as `--color never`).
    #[arg(long)]
    pub no_color: bool,

    /// Print no notes to standard error.
    #[arg(short, long)]
    pub quiet: bool,
}

impl OutputArgs {
    /// The colour setting after `--no-color`.
    pub fn color(&self) -> ColorWhen {
        if self.no_color {
            ColorWhen::Never
        } else {
            self.color
        }
    }
}

/// `plint diff merge`.
#[derive(Debug, Clone, PartialEq, Eq, Subcommand)]
pub enum DiffCommand {
    /// Join the JSON reports of the shards of one comparison (`--shard K/N`) into one report.
    Merge {
        /// The shards' reports (`plint diff --shard K/N --format json`).
        #[arg(value_name = "REPORT", required = true)]
        reports: Vec<PathBuf>,

        #[command(flatten)]
        output: OutputArgs,
    },
}

/// `plint diff --format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DiffFormat {
    /// Nodes grouped by identical changes, coloured at a terminal.
    Human,
    /// The report as data (`docs/diff-report.md`); what `plint diff merge` reads.
    Json,
    /// A pull-request comment: a summary table, then each group's changes folded.
    Markdown,
    /// GitHub Actions annotations on the declarations of the changed resources.
    Github,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::args::{Args, Command};
    use clap::Parser;

    fn diff_args(argv: &[&str]) -> Result<DiffArgs, clap::Error> {
        let args = Args::try_parse_from(argv)?;
        match args.command {
            Some(Command::Diff(d)) => Ok(*d),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn diff_and_merge() {
        let d = diff_args(&[
            "plint", "diff", "--facts", "f", "--base", "main", "--shard", "2/4", "--format",
            "markdown", "site.pp",
        ])
        .unwrap();
        assert_eq!(d.base.as_deref(), Some("main"));
        assert_eq!(
            d.shard,
            Some(crate::diff::facts::Shard { index: 2, count: 4 })
        );
        assert_eq!(d.output.format, DiffFormat::Markdown);
        assert_eq!(d.manifest, Some(PathBuf::from("site.pp")));
        let d = diff_args(&[
            "plint", "diff", "merge", "a.json", "b.json", "--format", "github",
        ])
        .unwrap();
        let Some(DiffCommand::Merge { reports, output }) = d.command else {
            panic!()
        };
        assert_eq!(reports.len(), 2);
        assert_eq!(output.format, DiffFormat::Github);
        // --facts is required; the revisions' options exclude each other.
        assert!(diff_args(&["plint", "diff"]).is_err());
        assert!(
            diff_args(&[
                "plint", "diff", "--facts", "f", "--from", "a", "--base", "b"
            ])
            .is_err()
        );
        assert!(
            diff_args(&[
                "plint", "diff", "--facts", "f", "--to", "a", "--to-dir", "b"
            ])
            .is_err()
        );
        assert!(diff_args(&["plint", "diff", "merge"]).is_err());
    }
}
