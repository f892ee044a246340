//! Command-line arguments.

use std::path::PathBuf;

use clap::{Parser, ValueEnum};

use crate::report::OutputFormat;

/// plint: a static analyzer for the Puppet language.
///
/// Checks the Puppet manifests (`*.pp`) under each PATH (default: the current directory).
/// Directories are walked following symbolic links; `.git`, `.hg`, `.svn`, `vendor`,
/// `node_modules`, `target`, `.bundle`, `pkg` and `spec/fixtures` are skipped unless given
/// explicitly. A file given explicitly is checked whatever its extension.
///
/// Exit status: 0 if nothing was found at error level, 1 if something was, 2 if plint
/// itself could not do its job (bad arguments, a PATH that does not exist, output that
/// cannot be written).
#[derive(Debug, Parser)]
#[command(name = "plint", version, about, long_about)]
pub struct Args {
    /// Files or directories to check.
    #[arg(value_name = "PATH", default_value = ".")]
    pub paths: Vec<PathBuf>,

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

/// `--color` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    Auto,
    Always,
    Never,
}

impl Args {
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
}
