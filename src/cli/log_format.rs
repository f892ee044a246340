//! puppet-lint's `--log-format`: one line per finding, written from a template whose
//! `%{name}` placeholders are replaced by the finding's fields.
//!
//! The template is checked when the run starts: an unknown placeholder is a usage error
//! (exit 2) rather than a line printed wrong for every finding. `%%` is `%`; a `%` that
//! starts no placeholder is text.
//! Every value taken from the checked files (paths, messages, the line with `--with-context`)
//! is escaped as the human format escapes it, so a file cannot write control characters to
//! the terminal.

use std::io;
use std::path::{Path, PathBuf};

use crate::report::escape::escape;
use crate::report::{Diagnostic, Emitter, FileReport, Report, WriteColor};

/// One piece of a template.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Text(String),
    Field(Field),
}

/// A placeholder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Path,
    FullPath,
    FileName,
    Line,
    Column,
    Kind,
    KindUpper,
    Check,
    Code,
    Rule,
    Message,
}

impl Field {
    /// The placeholders, by name. `linenumber` is puppet-lint's old name of `line`.
    const NAMES: &[(&str, Field)] = &[
        ("path", Field::Path),
        ("fullpath", Field::FullPath),
        ("filename", Field::FileName),
        ("line", Field::Line),
        ("linenumber", Field::Line),
        ("column", Field::Column),
        ("kind", Field::Kind),
        ("KIND", Field::KindUpper),
        ("check", Field::Check),
        ("code", Field::Code),
        ("rule", Field::Rule),
        ("message", Field::Message),
    ];
}

/// A parsed `--log-format` template, and how to write each finding with it.
#[derive(Debug, Clone)]
pub struct LogFormat {
    pieces: Vec<Piece>,
    /// `--with-context`: the finding's line and a caret under its column, after each line.
    with_context: bool,
    /// The current directory, for `%{fullpath}`.
    cwd: PathBuf,
}

impl LogFormat {
    /// Parses `template`; the error names the first thing that is not a placeholder.
    pub fn parse(template: &str, with_context: bool, cwd: &Path) -> Result<LogFormat, String> {
        let mut pieces = Vec::new();
        let mut text = String::new();
        let mut rest = template;
        while let Some(c) = rest.chars().next() {
            if let Some(after) = rest.strip_prefix("%%") {
                text.push('%');
                rest = after;
            } else if let Some(after) = rest.strip_prefix("%{") {
                let Some(end) = after.find('}') else {
                    return Err("--log-format: a `%{` is not closed by `}`".to_string());
                };
                let name = &after[..end];
                let Some((_, field)) = Field::NAMES.iter().find(|(n, _)| *n == name) else {
                    let known: Vec<String> = Field::NAMES
                        .iter()
                        .map(|(n, _)| format!("%{{{n}}}"))
                        .collect();
                    return Err(format!(
                        "--log-format: unknown placeholder `%{{{}}}` (known: {})",
                        escape(&crate::report::escape::shorten(name, 40)),
                        known.join(", ")
                    ));
                };
                if !text.is_empty() {
                    pieces.push(Piece::Text(std::mem::take(&mut text)));
                }
                pieces.push(Piece::Field(*field));
                rest = &after[end + 1..];
            } else if let Some(after) = rest.strip_prefix("\\n") {
                text.push('\n');
                rest = after;
            } else if let Some(after) = rest.strip_prefix("\\t") {
                text.push('\t');
                rest = after;
            } else {
                text.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
        if !text.is_empty() {
            pieces.push(Piece::Text(text));
        }
        Ok(LogFormat {
            pieces,
            with_context,
            cwd: cwd.to_path_buf(),
        })
    }

    /// The line of one finding, without its end of line.
    pub fn line(&self, file: &FileReport, d: &Diagnostic) -> String {
        let at = file.line_col(d.span.start);
        let mut line = String::new();
        for piece in &self.pieces {
            match piece {
                Piece::Text(t) => line.push_str(t),
                Piece::Field(field) => {
                    let value = match field {
                        Field::Path => file.path().to_string(),
                        Field::FullPath => crate::config::normalize(&self.cwd.join(file.path()))
                            .display()
                            .to_string(),
                        Field::FileName => Path::new(file.path())
                            .file_name()
                            .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
                        Field::Line => at.line.to_string(),
                        Field::Column => at.column.to_string(),
                        Field::Kind => kind(d).to_string(),
                        Field::KindUpper => kind(d).to_ascii_uppercase(),
                        Field::Check => d.puppet_lint.unwrap_or(d.rule).to_string(),
                        Field::Code => d.code.to_string(),
                        Field::Rule => d.rule.to_string(),
                        Field::Message => d.message.clone(),
                    };
                    line.push_str(&escape(&value));
                }
            }
        }
        line
    }
}

/// puppet-lint's kind of a finding: its severity, or `ignored` when a control comment
/// suppresses it (`--show-ignored`).
fn kind(d: &crate::report::Diagnostic) -> &'static str {
    if d.ignored.is_some() {
        "ignored"
    } else {
        d.severity.as_str()
    }
}

impl Emitter for LogFormat {
    fn emit(&self, report: &Report, out: &mut dyn WriteColor) -> io::Result<()> {
        for (file, d) in report.findings().chain(report.ignored()) {
            writeln!(out, "{}", self.line(file, d))?;
            // `--show-ignored`: the control comment's reason under the line, as puppet-lint.
            if let Some(reason) = d.ignored.as_deref().filter(|r| !r.is_empty()) {
                writeln!(out, "  {}", escape(reason))?;
            }
            if self.with_context {
                let at = file.line_col(d.span.start);
                let text = escape(file.line_text(at.line)).into_owned();
                // The caret sits under the column as shown (escaping may lengthen the text
                // before it: count what is shown).
                let before: String = file
                    .line_text(at.line)
                    .chars()
                    .take(at.column - 1)
                    .collect();
                let pad = escape(&before).chars().count();
                writeln!(out)?;
                writeln!(out, "  {text}")?;
                writeln!(out, "  {}^", " ".repeat(pad))?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Severity;

    fn finding() -> (FileReport, Diagnostic) {
        let mut d = Diagnostic::new(
            "P401",
            "unquoted-resource-title",
            Severity::Warning,
            10..11,
            "unquoted resource title",
        );
        d.puppet_lint = Some("unquoted_resource_title");
        let file = FileReport::new(
            "m/x.pp",
            "file { a:\n  ensure => present }\n".into(),
            vec![],
        );
        (file, d)
    }

    #[test]
    fn placeholders() {
        let (file, d) = finding();
        let f = LogFormat::parse(
            "%{path}:%{line}:%{column}:%{filename}:%{kind}:%{KIND}:%{check}:%{code}:%{rule}:%{message} 100%%",
            false,
            Path::new("/r"),
        )
        .unwrap();
        assert_eq!(
            f.line(&file, &d),
            "m/x.pp:2:1:x.pp:warning:WARNING:unquoted_resource_title:P401:unquoted-resource-title:unquoted resource title 100%"
        );
        let f = LogFormat::parse("%{fullpath}\\t%{linenumber}", false, Path::new("/r")).unwrap();
        assert_eq!(f.line(&file, &d), "/r/m/x.pp\t2");
    }

    #[test]
    fn bad_templates() {
        let e = LogFormat::parse("%{nope}", false, Path::new("/")).unwrap_err();
        assert!(e.contains("unknown placeholder `%{nope}`"), "{e}");
        assert!(LogFormat::parse("%{line", false, Path::new("/")).is_err());
        // A `%` that starts no placeholder is text, as in puppet-lint's plain messages.
        assert!(LogFormat::parse("100% %s", false, Path::new("/")).is_ok());
    }
}
