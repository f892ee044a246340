//! One file's findings, with what is needed to print them.

use std::path::{Component, Path};

use super::line_index::{LineCol, LineIndex, ceil_char_boundary, floor_char_boundary};
use super::{Diagnostic, Severity};

/// The findings about one file, ready for any output format.
///
/// Build it with [`FileReport::new`] once a file has been checked: it sanitises every span
/// (clamped to the text and to character boundaries, so no format can panic on a bad span)
/// and sorts the diagnostics by offset, then code.
#[derive(Debug, Clone)]
pub struct FileReport {
    path: String,
    source: String,
    diagnostics: Vec<Diagnostic>,
    /// The findings control comments suppress, kept by `--show-ignored`
    /// ([`Diagnostic::ignored`]): shown apart, counted for nothing.
    ignored: Vec<Diagnostic>,
    line_index: LineIndex,
}

impl FileReport {
    /// `path` is the path to show (see [`display_path`]); `source` is the text the spans
    /// point into (after any lossy UTF-8 decoding).
    pub fn new(path: impl Into<String>, source: String, diagnostics: Vec<Diagnostic>) -> Self {
        Self::with_line_index(path, source, diagnostics, None)
    }

    /// [`FileReport::new`], given the line table of `source` when the rules already made one.
    pub fn with_line_index(
        path: impl Into<String>,
        source: String,
        mut diagnostics: Vec<Diagnostic>,
        line_index: Option<LineIndex>,
    ) -> Self {
        for d in &mut diagnostics {
            d.span = clamp_span(&source, d.span.clone());
            for label in &mut d.labels {
                label.span = clamp_span(&source, label.span.clone());
            }
        }
        diagnostics.sort_by(|a, b| {
            (a.span.start, a.code, a.span.end, &a.message).cmp(&(
                b.span.start,
                b.code,
                b.span.end,
                &b.message,
            ))
        });
        let line_index = match line_index {
            Some(lines) if lines.text_len() == source.len() => lines,
            _ => LineIndex::new(&source),
        };
        let ignored = if diagnostics.iter().any(|d| d.ignored.is_some()) {
            let (ignored, kept) = diagnostics.into_iter().partition(|d| d.ignored.is_some());
            diagnostics = kept;
            ignored
        } else {
            Vec::new()
        };
        FileReport {
            path: path.into(),
            source,
            diagnostics,
            ignored,
            line_index,
        }
    }

    /// The path as shown to the user: relative to the working directory where possible,
    /// with `/` separators.
    pub fn path(&self) -> &str {
        &self.path
    }

    pub fn source(&self) -> &str {
        &self.source
    }

    /// Sorted by offset, then code.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The findings control comments suppress, kept by `--show-ignored`, sorted as
    /// [`FileReport::diagnostics`]. They are not findings: no count, no exit status.
    pub fn ignored(&self) -> &[Diagnostic] {
        &self.ignored
    }

    pub fn line_index(&self) -> &LineIndex {
        &self.line_index
    }

    /// 1-based line and character column of a byte offset.
    pub fn line_col(&self, offset: usize) -> LineCol {
        self.line_index.line_col(&self.source, offset)
    }

    /// The text of the 1-based `line`, without its line terminator.
    pub fn line_text(&self, line: usize) -> &str {
        let range = self.line_index.line_range(line.saturating_sub(1));
        self.source[range]
            .trim_end_matches('\n')
            .trim_end_matches('\r')
    }

    /// Whether any diagnostic is at error level.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

/// Clamps a span into `text`, onto character boundaries, with `start <= end`.
fn clamp_span(text: &str, span: std::ops::Range<usize>) -> std::ops::Range<usize> {
    let start = floor_char_boundary(text, span.start);
    let end = ceil_char_boundary(text, span.end.min(text.len()).max(start));
    start..end
}

/// The path to show for `path`: relative to `cwd` when it lies under it, without `./`
/// segments, with `/` as the separator. A path outside `cwd` stays as given (absolute or
/// with `..`). No symlink is resolved, so the user sees the path plint walked.
pub fn display_path(path: &Path, cwd: &Path) -> String {
    if std::path::MAIN_SEPARATOR == '/'
        && let (Some(path), Some(cwd)) = (path.to_str(), cwd.to_str())
        && let Some(shown) = display_clean(path, cwd)
    {
        return shown;
    }
    display_components(path, cwd)
}

/// [`display_path`], from the path's components.
fn display_components(path: &Path, cwd: &Path) -> String {
    let rel = if path.is_absolute() {
        path.strip_prefix(cwd).unwrap_or(path)
    } else {
        path
    };
    let mut out = String::new();
    for component in rel.components() {
        let part = match component {
            Component::CurDir => continue,
            Component::RootDir => {
                out.push('/');
                continue;
            }
            Component::Prefix(p) => p.as_os_str().to_string_lossy(),
            Component::ParentDir => "..".into(),
            Component::Normal(s) => s.to_string_lossy(),
        };
        if !out.is_empty() && !out.ends_with('/') {
            out.push('/');
        }
        out.push_str(&part);
    }
    if out.is_empty() {
        out.push('.');
    }
    out
}

/// [`display_path`] for paths whose text is their components joined by `/` (no empty or `.`
/// segment), the usual case: their text needs no taking apart. `None` for other paths.
fn display_clean(path: &str, cwd: &str) -> Option<String> {
    // Every `/`-separated part is neither empty nor `.`: read byte by byte, as a part
    // starts at the text's start and after each `/`.
    let clean = |s: &str| {
        let b = s.as_bytes();
        let bad_part_at = |i: usize| match b.get(i) {
            None | Some(b'/') => true,
            Some(b'.') => matches!(b.get(i + 1), None | Some(b'/')),
            _ => false,
        };
        !bad_part_at(0) && !(0..b.len()).any(|i| b[i] == b'/' && bad_part_at(i + 1))
    };
    let Some(rest) = path.strip_prefix('/') else {
        return clean(path).then(|| path.to_string());
    };
    if !clean(rest) || !cwd.strip_prefix('/').is_some_and(clean) {
        return None;
    }
    if path == cwd {
        return Some(".".to_string());
    }
    Some(
        path.strip_prefix(cwd)
            .and_then(|r| r.strip_prefix('/'))
            .unwrap_or(path)
            .to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::codes::SYNTAX_ERROR;

    #[test]
    fn display_paths() {
        let cwd = Path::new("/repo");
        assert_eq!(display_path(Path::new("./a/b.pp"), cwd), "a/b.pp");
        assert_eq!(display_path(Path::new("a/./b.pp"), cwd), "a/b.pp");
        assert_eq!(display_path(Path::new("/repo/m/init.pp"), cwd), "m/init.pp");
        assert_eq!(display_path(Path::new("/other/x.pp"), cwd), "/other/x.pp");
        assert_eq!(display_path(Path::new("../x.pp"), cwd), "../x.pp");
        assert_eq!(display_path(Path::new("."), cwd), ".");
        assert_eq!(display_path(Path::new("/repo"), cwd), ".");
        // The usual paths take the shortcut, which gives what the components give.
        assert_eq!(
            display_clean("/repo/m/init.pp", "/repo").as_deref(),
            Some("m/init.pp")
        );
        assert_eq!(
            display_clean("/other/.x/a.b.pp", "/repo").as_deref(),
            Some("/other/.x/a.b.pp")
        );
        assert_eq!(display_clean("a/b.pp", "/repo").as_deref(), Some("a/b.pp"));
        for cwd in ["/repo", "/repo/", "/", "/re/./po", "//repo", "/rep"] {
            for path in [
                "/repo/m/init.pp",
                "/repo",
                "/repo/",
                "/repository/x.pp",
                "/repo//m.pp",
                "/repo/./m.pp",
                "/repo/../m.pp",
                "a/b.pp",
                "./a",
                "a//b",
                "a/",
                "",
                "/",
                "..",
                "a/.",
                "./",
                ".",
                "a/.b/..c/./d",
                "a/.b/..c/d",
                ".a/b",
            ] {
                if let Some(fast) = display_clean(path, cwd) {
                    let slow = display_components(Path::new(path), Path::new(cwd));
                    assert_eq!(fast, slow, "{path:?} in {cwd:?}");
                }
            }
        }
    }

    #[test]
    fn spans_are_clamped_and_diagnostics_sorted() {
        let source = "aé\nb".to_string();
        let diags = vec![
            SYNTAX_ERROR.diagnostic(4..100, "late"),
            SYNTAX_ERROR
                .diagnostic(2..2, "inside é")
                .with_secondary(std::ops::Range { start: 50, end: 40 }, "x"),
            crate::report::codes::INTERNAL_ERROR.diagnostic(2..3, "same offset, lower code"),
        ];
        let file = FileReport::new("x.pp", source, diags);
        let d = file.diagnostics();
        assert_eq!(d[0].code, "P000");
        assert_eq!(d[0].span, 1..3);
        assert_eq!(d[1].message, "inside é");
        assert_eq!(d[1].span, 1..3);
        assert_eq!(d[1].labels[0].span, 5..5);
        assert_eq!(d[2].span, 4..5);
        assert_eq!(file.line_col(4), LineCol { line: 2, column: 1 });
        assert_eq!(file.line_text(1), "aé");
        assert!(file.has_errors());
    }
}
