//! `.puppet-lint.rc`: puppet-lint's options file, read when there is no `plint.toml`.
//!
//! The file holds command-line options, split like a shell would (comment lines start with
//! `#`). plint uses:
//!
//! - `--no-<check>-check`: turn the rule that mirrors `<check>` off;
//! - `--<check>-check`: turn it on (for checks that are off by default);
//! - `--only-checks=a,b` (or `--only-checks a,b`): among the rules that mirror puppet-lint
//!   checks, run only these (plint's other rules, such as the language's validation rules,
//!   are not affected);
//! - `--fail-on-warnings`: exit with 1 on warnings too;
//! - `--ignore-paths=a,b`: glob patterns of files not to check, relative to the current
//!   directory (as `exclude` in `plint.toml`);
//! - `--top-scope-variables=a,b`: top-scope variables set elsewhere (an ENC, the server), as
//!   `known-top-scope-variables` in `plint.toml`;
//! - the options about what is shown ([`Display`]): `--log-format`, `--error-level`, `--json`,
//!   `--sarif`, `--with-context`, `--with-filename`, `--relative`. The command line's own
//!   options of the same names win over the file's.
//!
//! Every other option (`--load`, `--codeclimate`, ...) is reported in a note and ignored;
//! `--fix` too: a file never rewrites the checked files, only the command line does. A check plint has no rule for is noted too, never an error, so a
//! project can switch to plint without editing the file.
//!
//! A note names the option, never its value, and a word that is not an option at all is only
//! counted: what the file holds is not printed (it may not even be an options file, say a link
//! to the CI's environment). Names are shortened and escaped where they are printed.

use super::PuppetLintOptions;

/// The file's name, in the current directory.
pub const FILE_NAME: &str = ".puppet-lint.rc";

/// `--error-level`: which findings are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ErrorLevel {
    /// Every finding (the default).
    #[default]
    All,
    /// Only the warnings.
    Warning,
    /// Only the errors.
    Error,
}

impl ErrorLevel {
    /// `all`, `warning` or `error`.
    pub fn parse(word: &str) -> Option<ErrorLevel> {
        match word {
            "all" => Some(ErrorLevel::All),
            "warning" => Some(ErrorLevel::Warning),
            "error" => Some(ErrorLevel::Error),
            _ => None,
        }
    }

    /// Whether a finding of `severity` is shown at this level.
    pub fn shows(self, severity: crate::report::Severity) -> bool {
        use crate::report::Severity;
        match self {
            ErrorLevel::All => true,
            ErrorLevel::Warning => severity == Severity::Warning,
            ErrorLevel::Error => severity == Severity::Error,
        }
    }
}

/// `--json` or `--sarif`: puppet-lint's names for two output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportFormat {
    Json,
    Sarif,
}

/// puppet-lint's options about what is shown and how, from the file or the command line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Display {
    /// `--log-format FORMAT`: one line per finding, `%{...}` placeholders.
    pub log_format: Option<String>,
    /// `--error-level LEVEL`.
    pub error_level: Option<ErrorLevel>,
    /// `--json`, `--sarif` (the last one given wins).
    pub format: Option<ReportFormat>,
    /// `--with-context`: with `--log-format`, the line and a caret under the column.
    pub with_context: bool,
    /// `--with-filename`: plint always names the file; accepted.
    pub with_filename: bool,
    /// `--relative`: compare a module's layout relative to the module's root, never with the
    /// name of the folder that holds it.
    pub relative: bool,
    /// `--show-ignored`: show the findings that control comments suppress, with their reason.
    pub show_ignored: bool,
}

impl Display {
    /// These options, then `later`'s on top (a value given there replaces this one's).
    pub fn then(&self, later: &Display) -> Display {
        Display {
            log_format: later.log_format.clone().or_else(|| self.log_format.clone()),
            error_level: later.error_level.or(self.error_level),
            format: later.format.or(self.format),
            with_context: self.with_context || later.with_context,
            with_filename: self.with_filename || later.with_filename,
            relative: self.relative || later.relative,
            show_ignored: self.show_ignored || later.show_ignored,
        }
    }
}

/// What plint takes from the file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RcFile {
    pub options: PuppetLintOptions,
    pub fail_on_warnings: bool,
    /// `--ignore-paths` patterns.
    pub ignore_paths: Vec<String>,
    /// `--top-scope-variables` names.
    pub top_scope_variables: Option<Vec<String>>,
    /// What is shown, and how.
    pub display: Display,
    /// The names of the options plint does not use (without their values).
    pub ignored: Vec<String>,
    /// How many words are not options at all (they do not start with `-`).
    pub stray: usize,
}

/// puppet-lint options that take a value.
const WITH_VALUE: &[&str] = &[
    "--only-checks",
    "--ignore-paths",
    "--log-format",
    "--error-level",
    "--top-scope-variables",
    "--load",
    "-l",
    "--load-from-puppet",
    "--codeclimate-report-file",
    "--config",
    "--code",
    "-c",
];

/// Reads the text of a `.puppet-lint.rc`.
pub fn parse(text: &str) -> RcFile {
    let mut rc = RcFile::default();
    let words: Vec<String> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .flat_map(split_words)
        .collect();
    let mut i = 0;
    while i < words.len() {
        let word = &words[i];
        i += 1;
        let (name, inline) = match word.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (word.as_str(), None),
        };
        let mut value = || {
            inline.clone().or_else(|| {
                let v = words.get(i).filter(|v| !v.starts_with('-')).cloned();
                if v.is_some() {
                    i += 1;
                }
                v
            })
        };
        match name {
            "--fail-on-warnings" => rc.fail_on_warnings = true,
            "--only-checks" => {
                let list = value().unwrap_or_default();
                rc.options.only_checks = Some(split_list(&list));
            }
            "--ignore-paths" => {
                let list = value().unwrap_or_default();
                rc.ignore_paths.extend(split_list(&list));
            }
            "--top-scope-variables" => {
                let list = value().unwrap_or_default();
                rc.top_scope_variables = Some(split_list(&list));
            }
            "--log-format" => rc.display.log_format = value(),
            "--error-level" => match value().as_deref().and_then(ErrorLevel::parse) {
                Some(level) => rc.display.error_level = Some(level),
                // The value is not shown: the option is named as one plint cannot use.
                None => rc.ignored.push(name.to_string()),
            },
            "--json" => rc.display.format = Some(ReportFormat::Json),
            "--sarif" => rc.display.format = Some(ReportFormat::Sarif),
            "--with-context" => rc.display.with_context = true,
            "--with-filename" => rc.display.with_filename = true,
            "--relative" => rc.display.relative = true,
            "--show-ignored" => rc.display.show_ignored = true,
            _ if WITH_VALUE.contains(&name) => {
                // The value is skipped, never shown.
                let _ = value();
                rc.ignored.push(name.to_string());
            }
            _ => {
                if let Some(check) = name
                    .strip_prefix("--no-")
                    .and_then(|n| n.strip_suffix("-check"))
                {
                    rc.options.disable.push(check.to_string());
                } else if let Some(check) = name
                    .strip_prefix("--")
                    .and_then(|n| n.strip_suffix("-check"))
                {
                    rc.options.enable.push(check.to_string());
                } else if name.starts_with('-') {
                    rc.ignored.push(name.to_string());
                } else {
                    rc.stray += 1;
                }
            }
        }
    }
    rc
}

/// `a,b, c` -> `["a", "b", "c"]`.
pub fn split_list(list: &str) -> Vec<String> {
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// Splits a line into words as a shell would: whitespace separates, single and double quotes
/// group, a backslash escapes the next character (outside single quotes).
fn split_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for c in chars.by_ref() {
                    if c == '\'' {
                        break;
                    }
                    word.push(c);
                }
            }
            '"' => {
                in_word = true;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => word.extend(chars.next()),
                        c => word.push(c),
                    }
                }
            }
            '\\' => {
                in_word = true;
                word.extend(chars.next());
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_plint_uses() {
        let rc = parse(
            "# comment --no-x-check\n--no-80chars-check --no-documentation-check\n--only-checks=trailing_whitespace,hard_tabs\n--fail-on-warnings\n--140chars-check\n",
        );
        assert_eq!(rc.options.disable, ["80chars", "documentation"]);
        assert_eq!(rc.options.enable, ["140chars"]);
        assert_eq!(
            rc.options.only_checks,
            Some(vec!["trailing_whitespace".into(), "hard_tabs".into()])
        );
        assert!(rc.fail_on_warnings);
        assert!(rc.ignored.is_empty());
    }

    #[test]
    fn values_quotes_and_ignored_options() {
        let rc = parse(
            "--relative\n--log-format \"%{path}:%{line} %{KIND}\"\n--only-checks a, --ignore-paths='spec/**/*.pp,pkg/**'\n--error-level=warning\n--x=secret\n--load x.rb --fix --json\n",
        );
        assert_eq!(rc.ignored, ["--x", "--load", "--fix"]);
        assert!(rc.display.relative);
        assert_eq!(
            rc.display.log_format.as_deref(),
            Some("%{path}:%{line} %{KIND}")
        );
        assert_eq!(rc.display.error_level, Some(ErrorLevel::Warning));
        assert_eq!(rc.display.format, Some(ReportFormat::Json));
        assert_eq!(rc.stray, 0);
        assert_eq!(rc.options.only_checks, Some(vec!["a".into()]));
        assert_eq!(rc.ignore_paths, ["spec/**/*.pp", "pkg/**"]);
    }

    #[test]
    fn words_that_are_not_options_are_only_counted() {
        let rc = parse("PATH=/usr/bin\0HOME=/root\0TOKEN=ghp_0123456789\0 x\n--codeclimate");
        assert_eq!(rc.ignored, ["--codeclimate"]);
        assert_eq!(rc.stray, 2);
    }

    #[test]
    fn error_levels_and_later_options() {
        let rc = parse("--error-level=loud --top-scope-variables=role,tier");
        assert_eq!(rc.ignored, ["--error-level"]);
        assert_eq!(
            rc.top_scope_variables,
            Some(vec!["role".into(), "tier".into()])
        );
        let file = Display {
            log_format: Some("a".into()),
            error_level: Some(ErrorLevel::Error),
            ..Display::default()
        };
        let cli = Display {
            log_format: Some("b".into()),
            with_context: true,
            ..Display::default()
        };
        let both = file.then(&cli);
        assert_eq!(both.log_format.as_deref(), Some("b"));
        assert_eq!(both.error_level, Some(ErrorLevel::Error));
        assert!(both.with_context);
        use crate::report::Severity;
        assert!(ErrorLevel::Warning.shows(Severity::Warning));
        assert!(!ErrorLevel::Warning.shows(Severity::Error));
        assert!(!ErrorLevel::Error.shows(Severity::Info));
        assert!(ErrorLevel::All.shows(Severity::Info));
    }

    #[test]
    fn words() {
        assert_eq!(
            split_words(r#"a 'b c' "d\"e" f\ g"#),
            ["a", "b c", "d\"e", "f g"]
        );
        assert!(split_words("   ").is_empty());
    }
}
