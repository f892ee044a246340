//! YAML syntax as Puppet's Ruby reads it: Psych's parser is libyaml 0.2.5, and this module is
//! plint's one reading of YAML's syntax, through `unsafe-libyaml` (libyaml translated to Rust
//! line by line: the same scanner and parser, no C to build). Its API is libyaml's C API; the
//! few `unsafe` calls are here, behind a safe iterator of owned events.
//!
//! It accepts what Psych accepts (a flow collection whose closing bracket sits at its key's
//! indentation, a tab after `:`) and refuses what Psych refuses, at the line and column Psych
//! names (libyaml's context mark: where the construct being read started). Psych reads a Ruby
//! string as UTF-8 declared, not detected, so a byte order mark is not dropped by the reader:
//! libyaml's scanner skips it as a blank at the start of a line, and a `---` right after it is
//! then not a document marker, as in Puppet. One known difference: libyaml 0.2.5 refuses a
//! simple key longer than 1024 characters, the translated (later) libyaml one longer than
//! 1024 bytes (`tests/yaml.rs` lists it).
//!
//! The events carry plain data (no libyaml type): `eval::yaml` builds Puppet values from them
//! as Psych's `safe_load` does, `discover::deps` reads `.fixtures.yml` with them.

use std::fmt;

use std::ffi::CStr;
use std::mem::MaybeUninit;

use unsafe_libyaml as unsafe_sys;

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
    fn of(mark: unsafe_sys::yaml_mark_t) -> Pos {
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
        text,
        parser: None,
        done: false,
    }
}

/// The iterator of [`events`].
pub struct Events<'a> {
    /// The input, which the parser reads in place: it outlives the parser.
    text: &'a str,
    parser: Option<RawParser>,
    done: bool,
}

/// A libyaml parser, boxed because libyaml keeps a pointer to it (its string reader's state).
struct RawParser(Box<MaybeUninit<unsafe_sys::yaml_parser_t>>);

impl RawParser {
    /// A parser of `input`, declared UTF-8 as Psych declares a Ruby string's encoding; the
    /// caller keeps `input` alive and unmoved while the parser lives.
    fn new(input: &[u8]) -> RawParser {
        let mut parser = Box::new(MaybeUninit::<unsafe_sys::yaml_parser_t>::uninit());
        let p = parser.as_mut_ptr();
        // SAFETY: `p` points to memory the box owns, which `yaml_parser_initialize` fills; the
        // input pointer and length describe a live slice that `Events` borrows for as long as
        // the parser lives.
        unsafe {
            if unsafe_sys::yaml_parser_initialize(p).fail {
                // Only an allocation failure, which aborts in Rust anyway.
                std::process::abort();
            }
            unsafe_sys::yaml_parser_set_encoding(p, unsafe_sys::YAML_UTF8_ENCODING);
            unsafe_sys::yaml_parser_set_input_string(p, input.as_ptr(), input.len() as _);
        }
        RawParser(parser)
    }

    fn ptr(&mut self) -> *mut unsafe_sys::yaml_parser_t {
        self.0.as_mut_ptr()
    }
}

impl Drop for RawParser {
    fn drop(&mut self) {
        // SAFETY: the parser was initialized by `new` and is deleted once.
        unsafe { unsafe_sys::yaml_parser_delete(self.ptr()) }
    }
}

/// A NUL-terminated string of libyaml (an anchor, a tag), if any.
///
/// SAFETY: `p` is null or points to a NUL-terminated string that lives during the call.
unsafe fn c_string(p: *const u8) -> Option<String> {
    if p.is_null() {
        return None;
    }
    // SAFETY: as the caller promises.
    let s = unsafe { CStr::from_ptr(p.cast()) };
    Some(s.to_string_lossy().into_owned())
}

impl Iterator for Events<'_> {
    type Item = Result<(Event, Pos), YamlError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let text = self.text;
        let parser = self
            .parser
            .get_or_insert_with(|| RawParser::new(text.as_bytes()));
        loop {
            let mut raw = MaybeUninit::<unsafe_sys::yaml_event_t>::uninit();
            let p = parser.ptr();
            // SAFETY: `p` is an initialized parser; `raw` is filled when the call succeeds.
            if unsafe { unsafe_sys::yaml_parser_parse(p, raw.as_mut_ptr()) }.fail {
                self.done = true;
                // SAFETY: `p` is an initialized parser, which has recorded its error.
                return Some(Err(unsafe { syntax_error(p) }));
            }
            // SAFETY: the call succeeded, so the event is initialized; its union is read by its
            // type, its strings are copied before `yaml_event_delete` frees them.
            let (event, at) = unsafe {
                let ev = raw.assume_init_mut();
                let at = Pos::of(ev.start_mark);
                let event = match ev.type_ {
                    unsafe_sys::YAML_DOCUMENT_START_EVENT => Some(Event::DocumentStart),
                    unsafe_sys::YAML_DOCUMENT_END_EVENT => Some(Event::DocumentEnd),
                    unsafe_sys::YAML_ALIAS_EVENT => Some(Event::Alias {
                        anchor: c_string(ev.data.alias.anchor).unwrap_or_default(),
                    }),
                    unsafe_sys::YAML_SCALAR_EVENT => {
                        let d = ev.data.scalar;
                        let bytes = if d.value.is_null() {
                            &[][..]
                        } else {
                            std::slice::from_raw_parts(d.value, d.length as usize)
                        };
                        Some(Event::Scalar {
                            value: String::from_utf8_lossy(bytes).into_owned(),
                            plain: d.style == unsafe_sys::YAML_PLAIN_SCALAR_STYLE,
                            anchor: c_string(d.anchor),
                            tag: c_string(d.tag),
                        })
                    }
                    unsafe_sys::YAML_SEQUENCE_START_EVENT => {
                        let d = ev.data.sequence_start;
                        Some(Event::SequenceStart {
                            anchor: c_string(d.anchor),
                            tag: c_string(d.tag),
                        })
                    }
                    unsafe_sys::YAML_SEQUENCE_END_EVENT => Some(Event::SequenceEnd),
                    unsafe_sys::YAML_MAPPING_START_EVENT => {
                        let d = ev.data.mapping_start;
                        Some(Event::MappingStart {
                            anchor: c_string(d.anchor),
                            tag: c_string(d.tag),
                        })
                    }
                    unsafe_sys::YAML_MAPPING_END_EVENT => Some(Event::MappingEnd),
                    // The stream's start and end: nothing to report.
                    _ => None,
                };
                let end = ev.type_ == unsafe_sys::YAML_STREAM_END_EVENT;
                unsafe_sys::yaml_event_delete(ev);
                if end {
                    self.done = true;
                    return None;
                }
                (event, at)
            };
            if let Some(event) = event {
                return Some(Ok((event, at)));
            }
        }
    }
}

/// libyaml's error as Psych reports it: the problem, the context it arose in, and the
/// context's position, which libyaml sets for every scanner error and leaves at the start of
/// the text for an error without a context; and where the problem was found, when elsewhere.
///
/// SAFETY: `p` is an initialized parser whose last call failed.
unsafe fn syntax_error(p: *mut unsafe_sys::yaml_parser_t) -> YamlError {
    // SAFETY: as the caller promises; the problem and context are static C strings.
    let (problem, context, context_mark, problem_mark, reader) = unsafe {
        let parser = &*p;
        (
            c_string(parser.problem.cast()).unwrap_or_default(),
            c_string(parser.context.cast()),
            parser.context_mark,
            parser.problem_mark,
            parser.error == unsafe_sys::YAML_READER_ERROR,
        )
    };
    let message = match context {
        Some(context) => format!("{problem} {context}"),
        None => problem,
    };
    let at = Pos::of(context_mark);
    let mut err = at.error(message);
    if !reader {
        let found = Pos::of(problem_mark);
        err.found = ((found.line, found.column) != (at.line, at.column))
            .then_some((found.line + 1, found.column + 1));
    }
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
