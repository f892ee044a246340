//! The JSON format: one array of findings, in output order.
//!
//! Each object has `path`, `line`, `column`, `end_line`, `end_column` (1-based; columns count
//! characters; the end is the position just after the span), `severity` (`error`, `warning`,
//! `info`), `code`, `rule` (kebab-case), `puppet_lint` (the puppet-lint check the rule mirrors, `null`
//! if none), `message`, `help` (`null` if none), `label` (the
//! primary label, `null` if none) and `labels` (secondary locations, each with `line`,
//! `column`, `end_line`, `end_column` and `message`).

use std::io;

use serde::Serialize;

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
                }
            })
            .collect();
        serde_json::to_writer_pretty(&mut *out, &findings)?;
        writeln!(out)
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
    fn empty_report_is_an_empty_array() {
        let out = render(OutputFormat::Json, &Report::new(vec![], 0, vec![]));
        assert_eq!(out.trim(), "[]");
    }
}
