//! The GitHub format: one workflow command per finding, which GitHub Actions shows as an
//! annotation on the pull request:
//!
//! ```text
//! ::error file=manifests/init.pp,line=3,col=20,endLine=3,endColumn=21,title=P001 syntax-error::expected `}`
//! ```
//!
//! The file is named relative to the repository (see [`super::Origin::relative_to_workspace`]:
//! GitHub's workspace in a workflow, else the repository root), as GitHub resolves it,
//! whatever folder plint runs in.
//!
//! `error` for errors, `warning` for warnings, `notice` for info. `endColumn` is given only
//! when the span is on one line (GitHub ignores columns of multi-line annotations). The help,
//! if any, follows the message on a second line. Values are escaped as GitHub's runner
//! expects: `%`, `\r` and `\n` everywhere, and also `:` and `,` in properties; so each
//! finding is one line, and the `::` that ends the properties is plint's. Before that, text
//! from the checked files (message, help, path) has its control and invisible characters
//! other than the line breaks of the message and help shown as escapes ([`super::escape`]).

use std::io;

use super::escape::escape;
use super::{Emitter, Report, Severity, WriteColor};

/// See the module documentation.
pub struct Github;

impl Emitter for Github {
    fn emit(&self, report: &Report, out: &mut dyn WriteColor) -> io::Result<()> {
        for (file, d) in report.findings() {
            let command = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Info => "notice",
            };
            let start = file.line_col(d.span.start);
            let end = file.line_col(d.span.end);
            write!(
                out,
                "::{command} file={},line={},col={},endLine={}",
                escape_property(&escape(&report.origin().relative_to_workspace(file.path()))),
                start.line,
                start.column,
                end.line,
            )?;
            if end.line == start.line {
                write!(out, ",endColumn={}", end.column)?;
            }
            let mut message = escape_lines(&d.message);
            if let Some(help) = &d.help {
                message.push_str("\nhelp: ");
                message.push_str(&escape_lines(help));
            }
            writeln!(
                out,
                ",title={}::{}",
                escape_property(&format!("{} {}", d.code, d.rule)),
                escape_data(&message)
            )?;
        }
        Ok(())
    }
}

/// `s` escaped ([`escape`]) but for its line breaks, which [`escape_data`] escapes.
pub fn escape_lines(s: &str) -> String {
    s.split('\n').map(escape).collect::<Vec<_>>().join("\n")
}

/// Escapes a command's message.
pub fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a command property's value.
pub fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::test_support::{render, sample_report};
    use crate::report::{OutputFormat, Report};

    #[test]
    fn escaping() {
        assert_eq!(escape_data("100%\r\nok: a,b"), "100%25%0D%0Aok: a,b");
        assert_eq!(escape_property("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
    }

    #[test]
    fn one_command_per_finding() {
        let out = render(OutputFormat::Github, &sample_report());
        let lines: Vec<_> = out.lines().collect();
        assert_eq!(
            lines,
            [
                "::error file=manifests/a%2C b%3Ac%25.pp,line=1,col=1,endLine=1,endColumn=7,\
                 title=P001 syntax-error::bad `notice`",
                "::warning file=manifests/a%2C b%3Ac%25.pp,line=1,col=8,endLine=1,endColumn=9,\
                 title=P003 invalid-utf8::line one%0Aline two",
                "::error file=manifests/b.pp,line=3,col=1,endLine=3,endColumn=1,\
                 title=P001 syntax-error::expected `}` to close the class body\
                 %0Ahelp: add `}` at the end of the class body",
            ]
        );
    }

    #[test]
    fn hostile_text_stays_on_one_line() {
        let text = "t\n::error file=x.pp::forged\r::add-mask::s\x1b[31m%0A ##[warning]w";
        let file = crate::report::FileReport::new(
            format!("a\n::error::{text}.pp"),
            "x\n".into(),
            vec![
                crate::report::codes::SYNTAX_ERROR
                    .diagnostic(0..1, text)
                    .with_help(text),
            ],
        );
        let out = render(OutputFormat::Github, &Report::new(vec![file], 1, vec![]));
        let lines: Vec<_> = out.lines().collect();
        assert_eq!(lines.len(), 1, "{out}");
        assert!(!out.contains('\x1b') && !out.contains('\r') && !out.contains("##["));
        // One `::` between the command and its properties, one after them: the path's and
        // the message's are escaped or inside the message.
        let line = lines[0];
        let properties = &line[2..line[2..].find("::").unwrap() + 2];
        assert!(
            properties.starts_with("error file=a\\n%3A%3Aerror%3A%3At\\n"),
            "{properties}"
        );
        assert!(line.contains("::t%0A::error file=x.pp::forged\\r::add-mask::s\\u{1b}[31m"));
        assert!(line.ends_with("%250A ##\\u{5b}warning]w"), "{line}");
    }

    #[test]
    fn multi_line_spans_have_no_end_column() {
        let file = crate::report::FileReport::new(
            "x.pp",
            "a\nb\n".into(),
            vec![crate::report::codes::INTERNAL_ERROR.diagnostic(0..3, "m")],
        );
        let out = render(OutputFormat::Github, &Report::new(vec![file], 1, vec![]));
        assert_eq!(
            out,
            "::error file=x.pp,line=1,col=1,endLine=2,title=P000 internal-error::m\n"
        );
    }
}
