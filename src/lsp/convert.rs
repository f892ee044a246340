//! Between plint's values and the protocol's: file URIs and paths, byte offsets and positions
//! (lines and UTF-16 code units, the protocol's default encoding), findings and diagnostics.

use std::path::PathBuf;

use lsp_types::{Diagnostic, DiagnosticSeverity, NumberOrString, Position, Range, Uri};

use crate::report::{FileReport, LineIndex, Severity};

/// The file a `file:` URI names (percent-decoded); `None` for another scheme.
pub fn path_of(uri: &Uri) -> Option<PathBuf> {
    url::Url::parse(uri.as_str()).ok()?.to_file_path().ok()
}

/// The `file:` URI of an absolute path.
pub fn uri_of(path: &std::path::Path) -> Option<Uri> {
    let url = url::Url::from_file_path(path).ok()?;
    url.as_str().parse().ok()
}

/// The protocol's position of byte `offset` of `text`: the 0-based line, and the column in
/// UTF-16 code units.
pub fn position(index: &LineIndex, text: &str, offset: usize) -> Position {
    let offset = offset.min(text.len());
    let line = index.line_index(offset);
    let start = index.starts()[line];
    let mut end = offset;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let column: usize = text[start..end].chars().map(char::len_utf16).sum();
    Position::new(line as u32, column as u32)
}

/// A file's findings as the protocol's diagnostics.
pub fn diagnostics(report: &FileReport) -> Vec<Diagnostic> {
    let text = report.source();
    let index = LineIndex::new(text);
    report
        .diagnostics()
        .iter()
        .map(|d| {
            let range = Range::new(
                position(&index, text, d.span.start),
                position(&index, text, d.span.end),
            );
            let mut message = d.message.clone();
            if let Some(help) = &d.help {
                message.push_str("\nhelp: ");
                message.push_str(help);
            }
            Diagnostic {
                range,
                severity: Some(severity(d.severity)),
                code: Some(NumberOrString::String(d.code.to_string())),
                source: Some("plint".into()),
                message,
                ..Diagnostic::default()
            }
        })
        .collect()
}

fn severity(s: Severity) -> DiagnosticSeverity {
    match s {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Info => DiagnosticSeverity::INFORMATION,
    }
}

/// A check that could not run (the configuration is invalid, say): one diagnostic at the top
/// of the document, so that the user sees why there are no others.
pub fn failure(message: &str) -> Diagnostic {
    Diagnostic {
        range: Range::default(),
        severity: Some(DiagnosticSeverity::ERROR),
        source: Some("plint".into()),
        message: format!("plint could not check this file: {message}"),
        ..Diagnostic::default()
    }
}

/// The byte offset of the protocol's `position` in `text` (a column past the line's end is its
/// end; a line past the text's end is the text's end).
pub fn offset(index: &LineIndex, text: &str, position: Position) -> usize {
    let Some(&start) = index.starts().get(position.line as usize) else {
        return text.len();
    };
    let line = &text[start..];
    let line = &line[..line.find('\n').unwrap_or(line.len())];
    let mut units = 0;
    for (i, c) in line.char_indices() {
        if units >= position.character as usize {
            return start + i;
        }
        units += c.len_utf16();
    }
    start + line.len()
}

/// The range of byte span `start..end` of `text`.
pub fn range(text: &str, start: usize, end: usize) -> Range {
    let index = LineIndex::new(text);
    Range::new(position(&index, text, start), position(&index, text, end))
}
