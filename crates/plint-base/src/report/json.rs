//! The JSON format: one array of findings, in output order.
//!
//! Each object has `path`, `line`, `column`, `end_line`, `end_column` (1-based; columns count
//! characters; the end is the position just after the span), `severity` (`error`, `warning`,
//! `info`), `code`, `rule` (kebab-case), `puppet_lint` (the puppet-lint check the rule mirrors, `null`
//! if none), `message`, `help` (`null` if none), `label` (the
//! primary label, `null` if none) and `labels` (secondary locations, each with `line`,
//! `column`, `end_line`, `end_column` and `message`). With `--show-ignored`, the findings that
//! control comments suppress follow the others, each with `ignored` (the comment's reason,
//! `""` if it gives none); the key is absent from the other findings.
//!
//! Strings are escaped as JSON requires, and further (see `write_pretty`): the JSON read
//! back is the same, but no control or invisible character, nor `##[`, is printed as it is.

use std::io;

use serde::Serialize;
use serde_json::ser::{Formatter, PrettyFormatter};

use super::escape::{is_hidden, needs_escape};
use super::{Emitter, FileReport, Report, WriteColor};

/// See the module documentation.
pub struct Json;

#[derive(Serialize)]
struct Finding<'a> {
    path: &'a str,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    severity: &'static str,
    code: &'a str,
    rule: &'a str,
    puppet_lint: Option<&'a str>,
    message: &'a str,
    help: Option<&'a str>,
    label: Option<&'a str>,
    labels: Vec<SecondaryLabel<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ignored: Option<&'a str>,
}

#[derive(Serialize)]
struct SecondaryLabel<'a> {
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    message: &'a str,
}

fn range(file: &FileReport, span: &std::ops::Range<usize>) -> (usize, usize, usize, usize) {
    let start = file.line_col(span.start);
    let end = file.line_col(span.end);
    (start.line, start.column, end.line, end.column)
}

impl Emitter for Json {
    fn emit(&self, report: &Report, out: &mut dyn WriteColor) -> io::Result<()> {
        let findings: Vec<Finding> = report
            .findings()
            .chain(report.ignored())
            .map(|(file, d)| {
                let (line, column, end_line, end_column) = range(file, &d.span);
                Finding {
                    path: file.path(),
                    line,
                    column,
                    end_line,
                    end_column,
                    severity: d.severity.as_str(),
                    code: d.code,
                    rule: d.rule,
                    puppet_lint: d.puppet_lint,
                    message: &d.message,
                    help: d.help.as_deref(),
                    label: Some(d.label.as_str()).filter(|l| !l.is_empty()),
                    labels: d
                        .labels
                        .iter()
                        .map(|l| {
                            let (line, column, end_line, end_column) = range(file, &l.span);
                            SecondaryLabel {
                                line,
                                column,
                                end_line,
                                end_column,
                                message: &l.message,
                            }
                        })
                        .collect(),
                    ignored: d.ignored.as_deref(),
                }
            })
            .collect();
        write_pretty(&mut *out, &findings)?;
        writeln!(out)
    }
}

/// Writes `value` as `serde_json::to_writer_pretty` does, with every character that
/// [`is_hidden`] (DEL, the C1 controls and the invisible format characters: JSON escapes only
/// the C0 controls) and the `[` of `##[` written as `\u` escapes, so that the output, shown
/// in a terminal or a CI log, cannot act on it. The value read back is the same.
pub(crate) fn write_pretty<T: Serialize + ?Sized>(
    out: &mut dyn io::Write,
    value: &T,
) -> io::Result<()> {
    let mut serializer = serde_json::Serializer::with_formatter(out, Escaping::default());
    value.serialize(&mut serializer).map_err(io::Error::from)
}

/// serde_json's pretty formatter with more characters escaped in strings.
#[derive(Default)]
struct Escaping<'a>(PrettyFormatter<'a>);

impl Formatter for Escaping<'_> {
    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let bytes = fragment.as_bytes();
        if !needs_escape(fragment) {
            return writer.write_all(bytes);
        }
        let mut last = 0;
        for (i, c) in fragment.char_indices() {
            let bracket = c == '[' && i >= 2 && &bytes[i - 2..i] == b"##";
            if bracket || is_hidden(c) {
                writer.write_all(&bytes[last..i])?;
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    write!(writer, "\\u{unit:04x}")?;
                }
                last = i + c.len_utf8();
            }
        }
        writer.write_all(&bytes[last..])
    }

    fn begin_array<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.begin_array(w)
    }
    fn end_array<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_array(w)
    }
    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_array_value(w, first)
    }
    fn end_array_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_array_value(w)
    }
    fn begin_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.begin_object(w)
    }
    fn end_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_object(w)
    }
    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_object_key(w, first)
    }
    fn begin_object_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.begin_object_value(w)
    }
    fn end_object_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_object_value(w)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::report::test_support::{render, sample_report};
    use crate::report::{OutputFormat, Report};

    #[test]
    fn one_array_with_all_fields() {
        let out = render(OutputFormat::Json, &sample_report());
        let v: Value = serde_json::from_str(&out).unwrap();
        let arr = v.as_array().unwrap();
        assert_eq!(arr.len(), 3);
        assert_eq!(
            arr[0],
            json!({
                "path": "manifests/a, b:c%.pp", "line": 1, "column": 1, "end_line": 1,
                "end_column": 7, "severity": "error", "code": "P001", "rule": "syntax-error",
                "puppet_lint": null, "message": "bad `notice`", "help": null, "label": null, "labels": [],
            })
        );
        assert_eq!(arr[1]["severity"], "warning");
        assert_eq!(arr[1]["rule"], "invalid-utf8");
        let b = &arr[2];
        assert_eq!(b["path"], "manifests/b.pp");
        assert_eq!(
            (b["line"].clone(), b["column"].clone()),
            (json!(3), json!(1))
        );
        assert_eq!(b["help"], "add `}` at the end of the class body");
        assert_eq!(b["label"], "expected `}` here");
        assert_eq!(
            b["labels"][0],
            json!({"line": 1, "column": 9, "end_line": 1, "end_column": 10,
                   "message": "class body opened here"})
        );
    }

    #[test]
    fn hidden_characters_are_escaped_and_read_back() {
        let text = "a\x1b[31m\x7f\u{9b}\u{202e}\u{2066}\u{e0041} ##[add-mask]x\n::error::y\r";
        let file = crate::report::FileReport::new(
            format!("dir/{text}.pp"),
            "x\n".to_string(),
            vec![
                crate::report::codes::SYNTAX_ERROR
                    .diagnostic(0..1, text)
                    .with_help(text),
            ],
        );
        let out = render(OutputFormat::Json, &Report::new(vec![file], 1, vec![]));
        assert!(
            out.chars().all(|c| c == '\n' || !super::is_hidden(c)),
            "{out:?}"
        );
        assert!(!out.contains("##["), "{out}");
        assert!(out.contains(r"\u001b[31m\u007f\u009b\u202e\u2066\udb40\udc41 ##\u005badd"));
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v[0]["message"], text);
        assert_eq!(v[0]["help"], text);
        assert_eq!(v[0]["path"], format!("dir/{text}.pp"));
        // Every line starts with blanks and a JSON token.
        for line in out.lines() {
            assert!(
                line.trim_start().starts_with(['"', '{', '}', '[', ']']),
                "{line}"
            );
        }
    }

    #[test]
    fn empty_report_is_an_empty_array() {
        let out = render(OutputFormat::Json, &Report::new(vec![], 0, vec![]));
        assert_eq!(out.trim(), "[]");
    }
}
