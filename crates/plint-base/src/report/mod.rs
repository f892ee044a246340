//! Diagnostics and their output formats. A leaf module: every stage may use it.
//!
//! The flow: each checked file becomes a [`FileReport`] (display path, text, diagnostics);
//! the files become one [`Report`] (sorted by path, then offset, then code); an [`Emitter`]
//! chosen by [`OutputFormat`] writes the report. Each format is one file: [`human`],
//! [`json`], [`sarif`], [`github`].

pub mod codes;
mod diagnostic;
pub mod escape;
mod file;
pub mod github;
pub mod human;
pub mod json;
mod line_index;
mod origin;
pub mod sarif;

use std::io;

pub use codes::RuleMeta;
pub use diagnostic::{Diagnostic, Edit, Fix, Label, Severity};
pub use file::{FileReport, display_path};
pub use line_index::{LineCol, LineIndex, floor_char_boundary};
pub use origin::{Origin, RunKind, source_root};
pub use termcolor::WriteColor;

/// All findings of one run, in output order.
#[derive(Debug, Clone)]
pub struct Report {
    files: Vec<FileReport>,
    files_checked: usize,
    catalog: Catalog,
    origin: Origin,
}

/// The descriptions of the codes a report may name, made the first time an output asks for
/// one: most outputs name codes without describing them, and the rules' descriptions are made
/// from their documentation, work that most runs need not do.
#[derive(Debug, Clone)]
struct Catalog {
    made: std::sync::OnceLock<Vec<RuleMeta>>,
    make: fn() -> Vec<RuleMeta>,
}

impl Report {
    /// Keeps the files that have findings, sorted by path (diagnostics inside each file are
    /// already sorted by offset, then code). `files_checked` counts every file checked, with
    /// or without findings. `catalog` describes the codes (at least those reported; a code
    /// missing from it is still reported, with a generic description).
    pub fn new(files: Vec<FileReport>, files_checked: usize, catalog: Vec<RuleMeta>) -> Self {
        Self::with_catalog(
            files,
            files_checked,
            Catalog {
                made: std::sync::OnceLock::from(catalog),
                make: Vec::new,
            },
        )
    }

    /// [`Report::new`] with the catalogue `catalog` makes, made only if an output asks for a
    /// code's description ([`Report::rule_meta`]).
    pub fn described_by(
        files: Vec<FileReport>,
        files_checked: usize,
        catalog: fn() -> Vec<RuleMeta>,
    ) -> Self {
        Self::with_catalog(
            files,
            files_checked,
            Catalog {
                made: std::sync::OnceLock::new(),
                make: catalog,
            },
        )
    }

    fn with_catalog(mut files: Vec<FileReport>, files_checked: usize, catalog: Catalog) -> Self {
        files.retain(|f| !f.diagnostics().is_empty() || !f.ignored().is_empty());
        files.sort_by(|a, b| a.path().cmp(b.path()));
        Report {
            files,
            files_checked,
            catalog,
            origin: Origin::default(),
        }
    }

    /// The report, saying what made it and where (see [`Origin`]).
    pub fn with_origin(mut self, origin: Origin) -> Self {
        self.origin = origin;
        self
    }

    /// What made the report, and where.
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// Files with at least one finding, sorted by path.
    pub fn files(&self) -> &[FileReport] {
        &self.files
    }

    pub fn files_checked(&self) -> usize {
        self.files_checked
    }

    /// Every finding with its file, in output order.
    pub fn findings(&self) -> impl Iterator<Item = (&FileReport, &Diagnostic)> {
        self.files
            .iter()
            .flat_map(|f| f.diagnostics().iter().map(move |d| (f, d)))
    }

    /// Every finding a control comment suppresses, with its file, when `--show-ignored`
    /// keeps them ([`FileReport::ignored`]).
    pub fn ignored(&self) -> impl Iterator<Item = (&FileReport, &Diagnostic)> {
        self.files
            .iter()
            .flat_map(|f| f.ignored().iter().map(move |d| (f, d)))
    }

    /// The description of `code`, if the catalogue has one.
    pub fn rule_meta(&self, code: &str) -> Option<&RuleMeta> {
        let catalog = &self.catalog;
        catalog
            .made
            .get_or_init(catalog.make)
            .iter()
            .find(|m| m.code == code)
    }

    pub fn counts(&self) -> Counts {
        let mut counts = Counts {
            files_checked: self.files_checked,
            files_with_findings: self
                .files
                .iter()
                .filter(|f| !f.diagnostics().is_empty())
                .count(),
            ignored: self.ignored().count(),
            ..Counts::default()
        };
        for (_, d) in self.findings() {
            match d.severity {
                Severity::Error => counts.errors += 1,
                Severity::Warning => counts.warnings += 1,
                Severity::Info => counts.infos += 1,
            }
        }
        counts
    }

    /// Whether anything is at error level (the run then exits with 1).
    pub fn has_errors(&self) -> bool {
        self.files.iter().any(FileReport::has_errors)
    }
}

/// How many findings of each severity a report holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub errors: usize,
    pub warnings: usize,
    pub infos: usize,
    /// Findings control comments suppress, shown by `--show-ignored`.
    pub ignored: usize,
    pub files_with_findings: usize,
    pub files_checked: usize,
}

impl Counts {
    /// "Found 3 errors, 1 warning in 2 files (1,898 files checked)" or
    /// "No problems found (12 files checked)".
    pub fn summary(&self) -> String {
        let checked = format!(
            "{} {} checked",
            thousands(self.files_checked),
            plural(self.files_checked, "file", "files")
        );
        let mut parts = Vec::new();
        for (n, one, many) in [
            (self.errors, "error", "errors"),
            (self.warnings, "warning", "warnings"),
            (self.infos, "info message", "info messages"),
        ] {
            if n > 0 {
                parts.push(format!("{} {}", thousands(n), plural(n, one, many)));
            }
        }
        let ignored = if self.ignored > 0 {
            format!("; {} ignored by control comments", thousands(self.ignored))
        } else {
            String::new()
        };
        if parts.is_empty() {
            return format!("No problems found ({checked}{ignored})");
        }
        format!(
            "Found {} in {} {} ({checked}{ignored})",
            parts.join(", "),
            thousands(self.files_with_findings),
            plural(self.files_with_findings, "file", "files")
        )
    }
}

fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

/// `1898` -> `1,898`.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputFormat {
    /// Rendered snippets for people (codespan-reporting), then a summary line.
    Human,
    /// One JSON array of findings.
    Json,
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
    Sarif,
    /// GitHub Actions workflow commands (`::error file=...::message`).
    Github,
}

/// Options every format receives.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EmitOptions {
    /// Human format only: show only error-level findings and no summary line.
    pub quiet: bool,
}

/// Writes a report in one format. One implementation per file in this module.
pub trait Emitter: Sync {
    /// Writes the whole report to `out`. Colour is used only if `out` supports it.
    fn emit(&self, report: &Report, out: &mut dyn WriteColor) -> io::Result<()>;
}

impl OutputFormat {
    pub fn emitter(self, options: EmitOptions) -> Box<dyn Emitter> {
        match self {
            OutputFormat::Human => Box::new(human::Human { options }),
            OutputFormat::Json => Box::new(json::Json),
            OutputFormat::Sarif => Box::new(sarif::Sarif),
            OutputFormat::Github => Box::new(github::Github),
        }
    }
}

#[cfg(test)]
pub(crate) mod test_support {
    use super::*;

    /// A small report used by the formats' unit tests: two files, three findings.
    pub fn sample_report() -> Report {
        let a = FileReport::new(
            "manifests/b.pp",
            "class b {\n  notice('é')\n".to_string(),
            vec![
                codes::SYNTAX_ERROR
                    .diagnostic(25..25, "expected `}` to close the class body")
                    .with_label("expected `}` here")
                    .with_secondary(8..9, "class body opened here")
                    .with_help("add `}` at the end of the class body"),
            ],
        );
        let b = FileReport::new(
            "manifests/a, b:c%.pp",
            "notice(1)\n".to_string(),
            vec![
                codes::INVALID_UTF8.diagnostic(7..8, "line one\nline two"),
                codes::SYNTAX_ERROR.diagnostic(0..6, "bad `notice`"),
            ],
        );
        Report::new(vec![a, b], 5, codes::BUILTIN.to_vec())
    }

    /// Runs an emitter into a string (no colour).
    pub fn render(format: OutputFormat, report: &Report) -> String {
        let mut out = termcolor::NoColor::new(Vec::new());
        format
            .emitter(EmitOptions::default())
            .emit(report, &mut out)
            .unwrap();
        String::from_utf8(out.into_inner()).unwrap()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many times [`counted_catalog`] made the catalogue (a test's own counter).
    static CATALOGS_MADE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

    fn counted_catalog() -> Vec<RuleMeta> {
        CATALOGS_MADE.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        codes::BUILTIN.to_vec()
    }

    #[test]
    fn the_catalogue_is_made_when_a_description_is_asked_for_and_once() {
        let sample = test_support::sample_report();
        let files = sample.files().to_vec();
        let report = Report::described_by(files, 5, counted_catalog);
        let human = test_support::render(OutputFormat::Human, &report);
        assert_eq!(human, test_support::render(OutputFormat::Human, &sample));
        assert_eq!(CATALOGS_MADE.load(std::sync::atomic::Ordering::SeqCst), 0);
        let sarif = test_support::render(OutputFormat::Sarif, &report);
        assert_eq!(sarif, test_support::render(OutputFormat::Sarif, &sample));
        assert_eq!(CATALOGS_MADE.load(std::sync::atomic::Ordering::SeqCst), 1);
        assert_eq!(
            report.rule_meta(codes::SYNTAX_ERROR.code).map(|m| m.name),
            Some(codes::SYNTAX_ERROR.name)
        );
        assert_eq!(CATALOGS_MADE.load(std::sync::atomic::Ordering::SeqCst), 1);
    }

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1898), "1,898");
        assert_eq!(thousands(1234567), "1,234,567");
    }

    #[test]
    fn summaries() {
        let mut c = Counts {
            files_checked: 1898,
            ..Counts::default()
        };
        assert_eq!(c.summary(), "No problems found (1,898 files checked)");
        c.errors = 3;
        c.warnings = 1;
        c.files_with_findings = 2;
        assert_eq!(
            c.summary(),
            "Found 3 errors, 1 warning in 2 files (1,898 files checked)"
        );
        let one = Counts {
            errors: 1,
            files_with_findings: 1,
            files_checked: 1,
            ..Counts::default()
        };
        assert_eq!(one.summary(), "Found 1 error in 1 file (1 file checked)");
    }

    #[test]
    fn report_sorts_files_and_drops_clean_ones() {
        let report = test_support::sample_report();
        let paths: Vec<_> = report.files().iter().map(|f| f.path()).collect();
        assert_eq!(paths, ["manifests/a, b:c%.pp", "manifests/b.pp"]);
        let codes: Vec<_> = report.findings().map(|(_, d)| d.code).collect();
        assert_eq!(codes, ["P001", "P003", "P001"]);
        let counts = report.counts();
        assert_eq!((counts.errors, counts.warnings, counts.infos), (2, 1, 0));
        assert!(report.has_errors());

        let clean = Report::new(
            vec![FileReport::new("x.pp", String::new(), vec![])],
            1,
            vec![],
        );
        assert!(clean.files().is_empty());
        assert!(!clean.has_errors());
    }
}
