//! YAML syntax as Puppet's Ruby reads it: Psych's parser is libyaml 0.2.5, and this module is
//! plint's one reading of YAML's syntax, through `libyaml-safer` (libyaml ported to safe Rust,
//! the same scanner and parser). It accepts what Psych accepts (a flow collection whose
//! closing bracket sits at its key's indentation, a tab after `:`) and refuses what Psych
//! refuses, at the line and column Psych names (libyaml's context mark: where the construct
//! being read started). Psych reads a Ruby string as UTF-8 declared, not detected, so a byte
//! order mark is not dropped by the reader: libyaml's scanner skips it as a blank at the
//! start of a line, and a `---` right after it is then not a document marker, as in Puppet.
//!
//! The events carry plain data (no libyaml type): `eval::yaml` builds Puppet values from them
//! as Psych's `safe_load` does, `discover::deps` reads `.fixtures.yml` with them.

use std::fmt;

use libyaml_safer::{Encoding, EventData, Mark, Parser, ScalarStyle};

/// A YAML text that could not be read: what went wrong and where (1-based line and column,
/// columns in characters; 0 when the position is not known). The position is the one Psych
/// reports (for a syntax error, where the construct being read started); `found` is where
/// libyaml found the problem, when that is elsewhere.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct YamlError {
    pub message: String,
    pub line: usize,
    pub column: usize,
    pub found: Option<(usize, usize)>,
}

impl fmt::Display for YamlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if self.line > 0 {
            write!(f, " at line {} column {}", self.line, self.column)?;
        }
        if let Some((line, column)) = self.found {
            write!(f, " (found at line {line} column {column})")?;
        }
        Ok(())
    }
}

impl std::error::Error for YamlError {}

/// Where an event starts: 0-based line and column (in characters) as libyaml counts them, and
/// the byte offset in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
    pub offset: usize,
}

impl Pos {
    fn of(mark: Mark) -> Pos {
        let size = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
        Pos {
            line: size(mark.line),
            column: size(mark.column),
            offset: size(mark.index),
        }
    }

    /// An error at this position.
    pub fn error(self, message: impl Into<String>) -> YamlError {
        YamlError {
            message: message.into(),
            line: self.line.saturating_add(1),
            column: self.column.saturating_add(1),
            found: None,
        }
    }
}

/// One event of the YAML stream (the stream's own start and end are not reported). Tags are
/// resolved to their full form (`!!str` is `tag:yaml.org,2002:str`, `!foo` stays `!foo`).
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    DocumentStart,
    DocumentEnd,
    Alias {
        anchor: String,
    },
    Scalar {
        value: String,
        /// Written without quotes and not as a block scalar.
        plain: bool,
        anchor: Option<String>,
        tag: Option<String>,
    },
    SequenceStart {
        anchor: Option<String>,
        tag: Option<String>,
    },
    SequenceEnd,
    MappingStart {
        anchor: Option<String>,
        tag: Option<String>,
    },
    MappingEnd,
}

/// The events of `text`, each with where it starts, read as Psych reads a Ruby string; after
/// an error, nothing more.
pub fn events(text: &str) -> Events<'_> {
    Events {
        input: text.as_bytes(),
        parser: None,
        done: false,
    }
}

/// The iterator of [`events`].
pub struct Events<'a> {
    input: &'a [u8],
    parser: Option<Parser<&'a [u8]>>,
    done: bool,
}

impl Iterator for Events<'_> {
    type Item = Result<(Event, Pos), YamlError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let input = self.input;
        let parser = self.parser.get_or_insert_with(|| {
            let mut p = Parser::new();
            p.set_encoding(Encoding::Utf8);
            p.set_input(input);
            p
        });
        loop {
            let event = match parser.parse() {
                Ok(e) => e,
                Err(e) => {
                    self.done = true;
                    return Some(Err(syntax_error(&e)));
                }
            };
            let at = Pos::of(event.start_mark);
            let out = match event.data {
                EventData::StreamStart { .. } => continue,
                EventData::StreamEnd => {
                    self.done = true;
                    return None;
                }
                EventData::DocumentStart { .. } => Event::DocumentStart,
                EventData::DocumentEnd { .. } => Event::DocumentEnd,
                EventData::Alias { anchor } => Event::Alias { anchor },
                EventData::Scalar {
                    anchor,
                    tag,
                    value,
                    style,
                    ..
                } => Event::Scalar {
                    value,
                    plain: style == ScalarStyle::Plain,
                    anchor,
                    tag,
                },
                EventData::SequenceStart { anchor, tag, .. } => {
                    Event::SequenceStart { anchor, tag }
                }
                EventData::SequenceEnd => Event::SequenceEnd,
                EventData::MappingStart { anchor, tag, .. } => Event::MappingStart { anchor, tag },
                EventData::MappingEnd => Event::MappingEnd,
            };
            return Some(Ok((out, at)));
        }
    }
}

/// libyaml's error as Psych reports it: the problem, the context it arose in, and the
/// context's position. libyaml sets that position for every scanner error (a scanner error
/// without a context is at its problem) and leaves it at the start of the text for a parser or
/// reader error without a context, and Psych reports it as it is.
fn syntax_error(e: &libyaml_safer::Error) -> YamlError {
    let message = match e.context() {
        Some(context) => format!("{} {context}", e.problem()),
        None => e.problem().to_string(),
    };
    let at = match (e.context_mark(), e.kind()) {
        (Some(mark), _) => Pos::of(mark),
        (None, libyaml_safer::ErrorKind::Scanner) => {
            e.problem_mark().map(Pos::of).unwrap_or_default()
        }
        (None, _) => Pos::default(),
    };
    let mut err = at.error(message);
    err.found = e
        .problem_mark()
        .map(Pos::of)
        .filter(|problem| *problem != at)
        .map(|problem| (problem.line + 1, problem.column + 1));
    err
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_error(text: &str) -> YamlError {
        events(text).find_map(Result::err).expect("a syntax error")
    }

    #[test]
    fn a_flow_sequence_closed_at_its_key_column_is_read() {
        let text = "privileges: [\n  'SELECT', 'INSERT'\n]\n";
        let scalars: Vec<String> = events(text)
            .filter_map(|e| match e.unwrap().0 {
                Event::Scalar { value, .. } => Some(value),
                _ => None,
            })
            .collect();
        assert_eq!(scalars, ["privileges", "SELECT", "INSERT"]);
    }

    #[test]
    fn errors_are_at_psych_positions() {
        // The context (the flow sequence) starts at line 1 column 4.
        let e = first_error("a: [1, 2\nb: 3\n");
        assert_eq!((e.line, e.column), (1, 4), "{e}");
        assert!(e.message.starts_with("did not find expected ',' or ']'"));
        assert!(e.message.contains("while parsing a flow sequence"));
        // No context: the start of the text.
        let e = first_error("%YAML 1.1\na: 1\n");
        assert_eq!((e.line, e.column), (1, 1), "{e}");
    }

    #[test]
    fn a_byte_order_mark_is_a_blank_not_a_line_start() {
        assert!(events("\u{feff}a: 1\n").all(|e| e.is_ok()));
        assert!(events("\u{feff}---\na: 1\n").any(|e| e.is_err()));
    }
}
