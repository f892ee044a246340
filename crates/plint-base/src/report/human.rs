//! The human format: codespan-reporting snippets, then a summary line.
//!
//! Each finding shows its severity and code, the message, the source with the primary
//! label under the span and the secondary labels, and the help as a note. The summary line
//! ("Found 3 errors, 1 warning in 2 files (1,898 files checked)") ends the output. With
//! `quiet`, only error-level findings are shown and there is no summary.
//!
//! Text from the checked files (messages, labels, help, file names and the quoted lines) is
//! shown with its control and invisible characters escaped (see [`super::escape`]): no line
//! of the output starts with text from a file, and none holds an ESC byte but plint's own
//! colours. A quoted line keeps its tabs, shown as spaces up to the next tab stop.

use std::borrow::Cow;
use std::io;
use std::ops::Range;

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label as CsLabel};
use codespan_reporting::files::{Error as FilesError, Files};
use codespan_reporting::term::{self, Config};
use rayon::prelude::*;
use termcolor::{Buffer, Color, ColorSpec};

use super::escape::{ShownText, escape, needs_escape};
use super::{
    Diagnostic, EmitOptions, Emitter, FileReport, LineIndex, Report, Severity, WriteColor,
};

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
        let config = Config::default();
        let file = &report.files()[id];
        // The file as codespan shows it, made when a finding first needs codespan.
        let mut shown: Option<ShownFile> = None;
        // The direct rendering shows the file's name as it is: only a name with nothing to
        // escape.
        let plain = !color && !needs_escape(file.path());
        let mut out = Vec::new();
        // The buffer codespan renders a finding into (then copied to `out`): colour escapes
        // are written as they come, so rendering one finding at a time changes nothing.
        let mut codespan: Option<Buffer> = None;
        // `--show-ignored`'s findings come after the file's others, as notes.
        let ignored = file.ignored().iter().filter(|_| !self.options.quiet);
        for d in file.diagnostics().iter().chain(ignored) {
            if self.options.quiet && d.severity != Severity::Error {
                continue;
            }
            if plain && d.ignored.is_none() && write_plain(file, d, &mut out) {
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
            let shown = shown.get_or_insert_with(|| ShownFile::new(file));
            let diagnostic = codespan_diagnostic(id, d, &shown.text);
            term::emit_to_write_style(&mut *buffer, &config, &*shown, &diagnostic)
                .map_err(files_error_to_io)?;
            out.extend_from_slice(buffer.as_slice());
        }
        Ok(out)
    }
}

/// `d`, of the report's file `id`, as codespan's diagnostic: its texts escaped, its spans in
/// the file's `shown` text.
fn codespan_diagnostic(id: usize, d: &Diagnostic, shown: &ShownText) -> CsDiagnostic<usize> {
    let span = |s: &Range<usize>| shown.to_shown(s.start)..shown.to_shown(s.end);
    let severity = match d.severity {
        _ if d.ignored.is_some() => codespan_reporting::diagnostic::Severity::Note,
        Severity::Error => codespan_reporting::diagnostic::Severity::Error,
        Severity::Warning => codespan_reporting::diagnostic::Severity::Warning,
        Severity::Info => codespan_reporting::diagnostic::Severity::Note,
    };
    let mut labels = vec![CsLabel::primary(id, span(&d.span)).with_message(escape(&d.label))];
    labels.extend(
        d.labels
            .iter()
            .map(|l| CsLabel::secondary(id, span(&l.span)).with_message(escape(&l.message))),
    );
    let mut notes = d
        .help
        .iter()
        .map(|h| format!("help: {}", escape(h)))
        .collect::<Vec<_>>();
    let message = match &d.ignored {
        Some(reason) => {
            notes.push(match reason.as_str() {
                "" => "ignored by a control comment, which gives no reason".to_string(),
                r => format!("ignored by a control comment: {}", escape(r)),
            });
            format!("ignored {}: {}", d.severity.as_str(), escape(&d.message))
        }
        None => escape(&d.message).into_owned(),
    };
    CsDiagnostic::new(severity)
        .with_code(d.code)
        .with_message(message)
        .with_labels(labels)
        .with_notes(notes)
}

/// Appends the usual finding without colour to `s`, in the very bytes codespan writes for it
/// (the tests compare the two), without codespan's per-character work: one labelled span within
/// one line of printable ASCII, no secondary label, one help, nothing to escape in the texts
/// or the line (the caller checks the file's name). Returns whether `d` had that shape (nothing
/// is written otherwise).
fn write_plain(file: &FileReport, d: &Diagnostic, s: &mut Vec<u8>) -> bool {
    let Some(help) = &d.help else {
        return false;
    };
    if !d.labels.is_empty()
        || d.label.is_empty()
        || d.span.is_empty()
        || [&d.message, &d.label, help].iter().any(|t| needs_escape(t))
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
        || memchr::memmem::find(text, b"##[").is_some()
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

/// One file as codespan sees it: its name escaped, its text as [`ShownText`] shows it, with
/// plint's line index so every format agrees on lines, and the columns of the file.
struct ShownFile<'a> {
    file: &'a FileReport,
    name: Cow<'a, str>,
    text: ShownText,
    /// The lines of the shown text, when it differs from the file's.
    index: Option<LineIndex>,
}

impl<'a> ShownFile<'a> {
    fn new(file: &'a FileReport) -> Self {
        let text = ShownText::new(file.source());
        ShownFile {
            file,
            name: escape(file.path()),
            index: text.text().map(LineIndex::new),
            text,
        }
    }

    fn source(&self) -> &str {
        self.text.text().unwrap_or(self.file.source())
    }

    fn index(&self) -> &LineIndex {
        self.index.as_ref().unwrap_or(self.file.line_index())
    }
}

impl<'a> Files<'a> for ShownFile<'_> {
    type FileId = usize;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, _id: usize) -> Result<&'a str, FilesError> {
        Ok(&self.name)
    }

    fn source(&'a self, _id: usize) -> Result<&'a str, FilesError> {
        Ok(ShownFile::source(self))
    }

    fn line_index(&'a self, _id: usize, byte_index: usize) -> Result<usize, FilesError> {
        Ok(self.index().line_index(byte_index))
    }

    fn line_range(&'a self, _id: usize, line_index: usize) -> Result<Range<usize>, FilesError> {
        let index = self.index();
        if line_index >= index.line_count() {
            return Err(FilesError::LineTooLarge {
                given: line_index,
                max: index.line_count() - 1,
            });
        }
        Ok(index.line_range(line_index))
    }

    /// The column in the file (escapes shown count for nothing).
    fn column_number(
        &'a self,
        _id: usize,
        _line_index: usize,
        byte_index: usize,
    ) -> Result<usize, FilesError> {
        Ok(self.file.line_col(self.text.to_file(byte_index)).column)
    }
}

#[cfg(test)]
mod tests {
    use crate::report::test_support::{render, sample_report};
    use crate::report::{Diagnostic, EmitOptions, FileReport, OutputFormat, Report, Severity};

    /// What codespan writes for `d` (no colour).
    fn by_codespan(file: FileReport, d: &Diagnostic) -> String {
        let mut out = termcolor::Buffer::no_color();
        let shown = super::ShownFile::new(&file);
        codespan_reporting::term::emit_to_write_style(
            &mut out,
            &codespan_reporting::term::Config::default(),
            &shown,
            &super::codespan_diagnostic(0, d, &shown.text),
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
    fn text_from_the_files_is_escaped() {
        let source = "notify { \"a\x1b[31m\tb\u{202e}c\": }\n::error::x ##[warning]w\r\n";
        let b = source.find('b').unwrap();
        let d = Diagnostic::new(
            "P123",
            "rule",
            Severity::Warning,
            b..b + 1,
            "m\n::error::forged",
        )
        .with_label("l\r::error::label")
        .with_secondary(source.find('\x1b').unwrap()..b, "s\u{2066}")
        .with_help("h\n::add-mask::secret");
        let line2 = source.find("::error::x").unwrap();
        let d2 = Diagnostic::new("P124", "rule", Severity::Error, line2 + 2..line2 + 7, "e");
        let file = FileReport::new("a\n::error::p\x1b.pp", source.to_string(), vec![d, d2]);
        let out = render(OutputFormat::Human, &Report::new(vec![file], 1, vec![]));
        for line in out.split('\n') {
            assert!(!line.trim_start().starts_with("::"), "{line:?} in\n{out}");
        }
        for bad in ['\x1b', '\r', '\u{202e}', '\u{2066}', '\t'] {
            assert!(!out.contains(bad), "{bad:?} in\n{out}");
        }
        assert!(!out.contains("##["), "{out}");
        assert!(
            out.contains("warning[P123]: m\\n::error::forged\n"),
            "{out}"
        );
        assert!(out.contains("= help: h\\n::add-mask::secret\n"), "{out}");
        assert!(out.contains("l\\r::error::label"), "{out}");
        assert!(out.contains("s\\u{2066}"), "{out}");
        // The file's columns, the escaped name.
        assert!(out.contains("┌─ a\\n::error::p\\u{1b}.pp:1:18\n"), "{out}");
        assert!(out.contains("┌─ a\\n::error::p\\u{1b}.pp:2:3\n"), "{out}");
        // The quoted line: escapes shown, the tab as spaces, the carets under `b`.
        let quoted = out
            .lines()
            .find(|l| l.contains("notify"))
            .unwrap_or_else(|| panic!("{out}"));
        assert!(
            quoted.ends_with(r#"notify { "a\u{1b}[31m   b\u{202e}c": }"#),
            "{quoted:?}"
        );
        let carets = out.lines().find(|l| l.contains('^')).unwrap();
        let column = |l: &str, at: usize| l[..at].chars().count();
        assert_eq!(
            column(carets, carets.find('^').unwrap()),
            column(quoted, quoted.find("b\\u{202e}").unwrap()),
            "{out}"
        );
        assert!(out.contains("2 │ ::error::x ##\\u{5b}warning]w\n"), "{out}");
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
