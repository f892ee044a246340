//! The human format: codespan-reporting snippets, then a summary line.
//!
//! Each finding shows its severity and code, the message, the source with the primary
//! label under the span and the secondary labels, and the help as a note. The summary line
//! ("Found 3 errors, 1 warning in 2 files (1,898 files checked)") ends the output. With
//! `quiet`, only error-level findings are shown and there is no summary.

use std::io;
use std::ops::Range;

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label as CsLabel};
use codespan_reporting::files::{Error as FilesError, Files};
use codespan_reporting::term::{self, Config};
use rayon::prelude::*;
use termcolor::{Buffer, Color, ColorSpec};

use super::{Diagnostic, EmitOptions, Emitter, FileReport, Report, Severity, WriteColor};

/// See the module documentation.
pub struct Human {
    pub options: EmitOptions,
}

impl Emitter for Human {
    fn emit(&self, report: &Report, out: &mut dyn WriteColor) -> io::Result<()> {
        // Each file's findings are rendered into a buffer of their own, the files in parallel
        // (on the current rayon pool), then written in order: the output is the same as
        // rendering straight to `out`, without one locked write per character.
        let color = out.supports_color();
        let rendered: Vec<io::Result<Vec<u8>>> = (0..report.files().len())
            .into_par_iter()
            .map(|id| self.render_file(report, id, color))
            .collect();
        for bytes in rendered {
            out.write_all(&bytes?)?;
        }
        if !self.options.quiet {
            let counts = report.counts();
            let color = if counts.errors > 0 {
                Color::Red
            } else if counts.warnings > 0 {
                Color::Yellow
            } else {
                Color::Green
            };
            out.set_color(ColorSpec::new().set_fg(Some(color)).set_bold(true))?;
            write!(out, "{}", counts.summary())?;
            out.reset()?;
            writeln!(out)?;
        }
        Ok(())
    }
}

impl Human {
    /// The findings of the report's file `id`, rendered (with colour if `color`).
    fn render_file(&self, report: &Report, id: usize, color: bool) -> io::Result<Vec<u8>> {
        let files = FileSet(report.files());
        let config = Config::default();
        let file = &report.files()[id];
        let mut out = Vec::new();
        // The buffer codespan renders a finding into (then copied to `out`): colour escapes
        // are written as they come, so rendering one finding at a time changes nothing.
        let mut codespan: Option<Buffer> = None;
        for d in file.diagnostics() {
            if self.options.quiet && d.severity != Severity::Error {
                continue;
            }
            if !color && write_plain(file, d, &mut out) {
                continue;
            }
            let buffer = codespan.get_or_insert_with(|| {
                if color {
                    Buffer::ansi()
                } else {
                    Buffer::no_color()
                }
            });
            buffer.clear();
            let diagnostic = codespan_diagnostic(id, d);
            term::emit_to_write_style(&mut *buffer, &config, &files, &diagnostic)
                .map_err(files_error_to_io)?;
            out.extend_from_slice(buffer.as_slice());
        }
        Ok(out)
    }
}

/// `d`, of the report's file `id`, as codespan's diagnostic.
fn codespan_diagnostic(id: usize, d: &Diagnostic) -> CsDiagnostic<usize> {
    let severity = match d.severity {
        Severity::Error => codespan_reporting::diagnostic::Severity::Error,
        Severity::Warning => codespan_reporting::diagnostic::Severity::Warning,
        Severity::Info => codespan_reporting::diagnostic::Severity::Note,
    };
    let mut labels = vec![CsLabel::primary(id, d.span.clone()).with_message(&d.label)];
    labels.extend(
        d.labels
            .iter()
            .map(|l| CsLabel::secondary(id, l.span.clone()).with_message(&l.message)),
    );
    let notes = d
        .help
        .iter()
        .map(|h| format!("help: {h}"))
        .collect::<Vec<_>>();
    CsDiagnostic::new(severity)
        .with_code(d.code)
        .with_message(&d.message)
        .with_labels(labels)
        .with_notes(notes)
}

/// Appends the usual finding without colour to `s`, in the very bytes codespan writes for it
/// (the tests compare the two), without codespan's per-character work: one labelled span within
/// one line of printable ASCII, no secondary label, one help, no line break in the texts.
/// Returns whether `d` had that shape (nothing is written otherwise).
fn write_plain(file: &FileReport, d: &Diagnostic, s: &mut Vec<u8>) -> bool {
    let Some(help) = &d.help else {
        return false;
    };
    if !d.labels.is_empty()
        || d.label.is_empty()
        || d.span.is_empty()
        || [&d.message, &d.label, help]
            .iter()
            .any(|t| t.as_bytes().contains(&b'\n'))
    {
        return false;
    }
    let index = file.line_index();
    let line = index.line_index(d.span.start);
    let range = index.line_range(line);
    let text = &file.source().as_bytes()[range.clone()];
    let text = text.strip_suffix(b"\n").unwrap_or(text);
    if d.span.start < range.start
        || d.span.end > range.start + text.len()
        // A fold without an early exit: the compiler checks many bytes at once.
        || !text
            .iter()
            .fold(true, |printable, b| printable & (b' '..=b'~').contains(b))
    {
        return false;
    }
    let severity: &[u8] = match d.severity {
        Severity::Error => b"error",
        Severity::Warning => b"warning",
        Severity::Info => b"note",
    };
    let mut digits = [0u8; 20];
    let number = decimal(line + 1, &mut digits);
    let mut column_digits = [0u8; 20];
    let column = d.span.start - range.start;
    let column_number = decimal(column + 1, &mut column_digits);
    let pad = number.len() + 1;
    let path = file.path().as_bytes();
    s.reserve(160 + 2 * text.len() + d.message.len() + d.label.len() + help.len() + path.len());
    let blanks = |s: &mut Vec<u8>, n: usize| s.resize(s.len() + n, b' ');
    let push = |s: &mut Vec<u8>, parts: &[&[u8]]| parts.iter().for_each(|p| s.extend_from_slice(p));
    push(
        s,
        &[
            severity,
            b"[",
            d.code.as_bytes(),
            b"]: ",
            d.message.as_bytes(),
            b"\n",
        ],
    );
    blanks(s, pad);
    push(
        s,
        &[
            "┌─ ".as_bytes(),
            path,
            b":",
            number,
            b":",
            column_number,
            b"\n",
        ],
    );
    blanks(s, pad);
    push(
        s,
        &["│\n".as_bytes(), number, " │ ".as_bytes(), text, b"\n"],
    );
    blanks(s, pad);
    push(s, &["│ ".as_bytes()]);
    blanks(s, column);
    s.resize(s.len() + d.span.len(), b'^');
    push(s, &[b" ", d.label.as_bytes(), b"\n"]);
    blanks(s, pad);
    push(s, &["│\n".as_bytes()]);
    blanks(s, pad);
    push(s, &[b"= help: ", help.as_bytes(), b"\n\n"]);
    true
}

/// `n` in decimal, written at the end of `buffer`.
fn decimal(mut n: usize, buffer: &mut [u8; 20]) -> &[u8] {
    let mut at = buffer.len();
    loop {
        at -= 1;
        buffer[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return &buffer[at..];
        }
    }
}

fn files_error_to_io(e: FilesError) -> io::Error {
    match e {
        FilesError::Io(e) => e,
        other => io::Error::other(other.to_string()),
    }
}

/// The report's files seen through codespan's `Files`, using plint's own line index so
/// every format agrees on lines and columns.
struct FileSet<'a>(&'a [FileReport]);

impl<'a> FileSet<'a> {
    fn get(&self, id: usize) -> Result<&'a FileReport, FilesError> {
        self.0.get(id).ok_or(FilesError::FileMissing)
    }
}

impl<'a> Files<'a> for FileSet<'a> {
    type FileId = usize;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: usize) -> Result<&'a str, FilesError> {
        Ok(self.get(id)?.path())
    }

    fn source(&'a self, id: usize) -> Result<&'a str, FilesError> {
        Ok(self.get(id)?.source())
    }

    fn line_index(&'a self, id: usize, byte_index: usize) -> Result<usize, FilesError> {
        Ok(self.get(id)?.line_index().line_index(byte_index))
    }

    fn line_range(&'a self, id: usize, line_index: usize) -> Result<Range<usize>, FilesError> {
        let file = self.get(id)?;
        let index = file.line_index();
        if line_index >= index.line_count() {
            return Err(FilesError::LineTooLarge {
                given: line_index,
                max: index.line_count() - 1,
            });
        }
        Ok(index.line_range(line_index))
    }

    fn column_number(
        &'a self,
        id: usize,
        _line_index: usize,
        byte_index: usize,
    ) -> Result<usize, FilesError> {
        Ok(self.get(id)?.line_col(byte_index).column)
    }
}

#[cfg(test)]
mod tests {
    use crate::report::test_support::{render, sample_report};
    use crate::report::{Diagnostic, EmitOptions, FileReport, OutputFormat, Report, Severity};

    /// What codespan writes for `d` (no colour).
    fn by_codespan(file: FileReport, d: &Diagnostic) -> String {
        let files = [file];
        let mut out = termcolor::Buffer::no_color();
        codespan_reporting::term::emit_to_write_style(
            &mut out,
            &codespan_reporting::term::Config::default(),
            &super::FileSet(&files),
            &super::codespan_diagnostic(0, d),
        )
        .unwrap();
        String::from_utf8(out.into_inner()).unwrap()
    }

    #[test]
    fn the_direct_rendering_is_codespans() {
        // Lines 1 to 1,200, so that line numbers of 1 to 4 digits occur.
        let source: String = (1..=1200)
            .map(|i| format!("{}$x = 'v{i}' # {}\n", " ".repeat(i % 7), "é".repeat(i % 2)))
            .collect();
        let mut plain = 0;
        for (n, (start, _)) in source.match_indices('$').enumerate() {
            let len = 1 + n % 9;
            for (severity, help, label, secondary) in [
                (Severity::Warning, Some("do this"), "here", false),
                (Severity::Error, Some("`a` then `b`"), "the span", false),
                (Severity::Info, Some("x"), "l", false),
                (Severity::Warning, None, "here", false),
                (Severity::Warning, Some("do this"), "", false),
                (Severity::Warning, Some("two\nlines"), "here", false),
                (Severity::Warning, Some("do this"), "here", true),
            ] {
                let mut d = Diagnostic::new("P123", "rule", severity, start..start + len, "what")
                    .with_label(label);
                if let Some(h) = help {
                    d = d.with_help(h);
                }
                if secondary {
                    d = d.with_secondary(0..1, "first");
                }
                let file = FileReport::new("dir/file name.pp", source.clone(), vec![d.clone()]);
                let mut direct = Vec::new();
                if super::write_plain(&file, &d, &mut direct) {
                    plain += 1;
                    assert_eq!(String::from_utf8(direct).unwrap(), by_codespan(file, &d));
                } else {
                    assert!(direct.is_empty());
                }
            }
        }
        // Spans within the line's ASCII part, on lines without `é`, have the usual shape.
        assert!(plain > 1000, "{plain}");
    }

    #[test]
    fn renders_code_message_labels_help_and_summary() {
        let out = render(OutputFormat::Human, &sample_report());
        assert!(
            out.contains("error[P001]: expected `}` to close the class body"),
            "{out}"
        );
        assert!(out.contains("manifests/b.pp:3:1"), "{out}");
        assert!(out.contains("expected `}` here"), "{out}");
        assert!(out.contains("class body opened here"), "{out}");
        assert!(
            out.contains("help: add `}` at the end of the class body"),
            "{out}"
        );
        assert!(out.contains("warning[P003]: line one"), "{out}");
        assert!(out.contains("manifests/a, b:c%.pp:1:8"), "{out}");
        assert!(
            out.trim_end()
                .ends_with("Found 2 errors, 1 warning in 2 files (5 files checked)"),
            "{out}"
        );
        // Output order: a before b.
        assert!(out.find("a, b:c%.pp").unwrap() < out.find("manifests/b.pp").unwrap());
    }

    #[test]
    fn quiet_shows_only_errors_and_no_summary() {
        let mut out = termcolor::NoColor::new(Vec::new());
        OutputFormat::Human
            .emitter(EmitOptions { quiet: true })
            .emit(&sample_report(), &mut out)
            .unwrap();
        let out = String::from_utf8(out.into_inner()).unwrap();
        assert!(out.contains("error[P001]"));
        assert!(!out.contains("P003"));
        assert!(!out.contains("Found"));
    }

    #[test]
    fn empty_report_says_no_problems() {
        let out = render(OutputFormat::Human, &Report::new(vec![], 3, vec![]));
        assert_eq!(out, "No problems found (3 files checked)\n");
    }

    #[test]
    fn colour_only_when_asked() {
        let mut out = termcolor::Ansi::new(Vec::new());
        OutputFormat::Human
            .emitter(EmitOptions::default())
            .emit(&sample_report(), &mut out)
            .unwrap();
        let out = String::from_utf8(out.into_inner()).unwrap();
        assert!(out.contains("\x1b["));
        assert!(!render(OutputFormat::Human, &sample_report()).contains('\x1b'));
    }
}
