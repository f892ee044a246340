//! Facts for `--evaluate`: reading a fact file (JSON or YAML, facterdb's `.facts` files as they
//! are, Puppet's cached `Puppet::Node::Facts` YAML) or a directory of them, and the node name
//! the facts give.
//!
//! Nothing here panics on bad input: a file that cannot be read, malformed JSON or YAML (with
//! its line and column), a document that is not a hash, are [`FactsError`]s.

use std::fmt;
use std::path::{Path, PathBuf};

use super::catalog::Location;
use super::diag::{EvalDiag, EvalDiagKind};
use super::value::{Hash, Value};
use crate::sandbox::Sandbox;
use crate::syntax::ast::Span;

/// The extensions of fact files in a facts directory.
pub const EXTENSIONS: &[&str] = &["json", "yaml", "yml", "facts"];

/// Why a fact file could not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FactsError {
    pub path: PathBuf,
    pub message: String,
    /// 1-based line and column of the problem in the file, when known.
    pub at: Option<(usize, usize)>,
}

impl fmt::Display for FactsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some((line, column)) = self.at {
            write!(f, ":{line}:{column}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl FactsError {
    /// The problem as a compilation finding (`bad-input`) located in the file, whose text is
    /// `text`.
    pub fn to_eval_diag(&self, text: &str) -> EvalDiag {
        let (span, line) = match self.at {
            Some((line, column)) => {
                let start = offset_of(text, line, column);
                let end = text[start..]
                    .chars()
                    .next()
                    .map_or(start, |c| start + c.len_utf8());
                (Some(Span::new(start, end)), Some(line as u32))
            }
            None => (None, None),
        };
        EvalDiag {
            kind: EvalDiagKind::BadInput,
            message: self.message.clone(),
            at: Location {
                file: Some(self.path.clone()),
                span,
                line,
            },
            related: Vec::new(),
        }
    }
}

/// The byte offset of a 1-based line and character column (clamped to the text).
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let mut start = 0;
    for _ in 1..line {
        match text[start..].find('\n') {
            Some(i) => start += i + 1,
            None => return text.len(),
        }
    }
    let rest = &text[start..];
    let rest = &rest[..rest.find('\n').unwrap_or(rest.len())];
    start
        + rest
            .char_indices()
            .nth(column.saturating_sub(1))
            .map_or(rest.len(), |(i, _)| i)
}

/// A fact file, read.
#[derive(Debug, Clone)]
pub struct FactsFile {
    pub path: PathBuf,
    /// The file's text (for reporting problems in it).
    pub text: String,
    /// The facts, or why they cannot be used.
    pub facts: Result<Facts, FactsError>,
}

/// The facts of one node.
#[derive(Debug, Clone)]
pub struct Facts {
    pub values: Hash,
    /// The node name the file itself gives (the `name` of a `Puppet::Node::Facts` document).
    pub name: Option<String>,
}

/// The syntax a fact file is read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    Json,
    Yaml,
}

impl Syntax {
    /// By extension (`.json` and facterdb's `.facts` are JSON, `.yaml`/`.yml` YAML); any other
    /// file is JSON if its first non-blank character opens an object, else YAML.
    pub fn of(path: &Path, text: &str) -> Syntax {
        match path.extension().and_then(|e| e.to_str()) {
            Some("json" | "facts") => Syntax::Json,
            Some("yaml" | "yml") => Syntax::Yaml,
            _ if text
                .trim_start_matches('\u{feff}')
                .trim_start()
                .starts_with('{') =>
            {
                Syntax::Json
            }
            _ => Syntax::Yaml,
        }
    }
}

/// Reads one fact file (through the sandbox).
pub fn read(path: &Path, sandbox: &Sandbox) -> FactsFile {
    match sandbox.read(path) {
        Ok(bytes) => {
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let facts = parse(path, &text);
            FactsFile {
                path: path.to_path_buf(),
                text,
                facts,
            }
        }
        Err(e) => FactsFile {
            path: path.to_path_buf(),
            text: String::new(),
            facts: Err(FactsError {
                path: path.to_path_buf(),
                message: format!("cannot read the facts: {e}"),
                at: None,
            }),
        },
    }
}

/// The fact files of a directory (not its subdirectories), sorted by name; those the
/// sandbox would not read (links leading out of the allowed roots, FIFOs) are left out.
pub fn list_dir(dir: &Path, sandbox: &Sandbox) -> Result<Vec<PathBuf>, crate::sandbox::Error> {
    sandbox.read_dir(dir)?;
    let wanted = |p: &Path| {
        p.extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| EXTENSIONS.contains(&e))
    };
    let mut files = sandbox.files_under(dir, false, &wanted);
    files.sort();
    Ok(files)
}

/// Parses the text of a fact file.
pub fn parse(path: &Path, text: &str) -> Result<Facts, FactsError> {
    let error = |message: String, at: Option<(usize, usize)>| FactsError {
        path: path.to_path_buf(),
        message,
        at,
    };
    let syntax = Syntax::of(path, text);
    let value = match syntax {
        Syntax::Json => super::yaml::parse_json(text),
        Syntax::Yaml => super::yaml::parse(&strip_facts_tag(text)),
    }
    .map_err(|e| {
        let what = match syntax {
            Syntax::Json => "malformed JSON",
            Syntax::Yaml => "malformed YAML",
        };
        let at = (e.line > 0).then_some((e.line, e.column.max(1)));
        error(format!("{what}: {}", e.message), at)
    })?;
    let Value::Hash(hash) = value else {
        return Err(error(
            format!(
                "the facts must be a hash of fact names to values, not {}",
                describe(&value)
            ),
            None,
        ));
    };
    // Puppet's cached facts: `name`, `values` (and `timestamp`, `expiration`).
    if let (Some(Value::Hash(values)), Some(name)) = (hash.get_str("values"), hash.get_str("name"))
        && hash.len() <= 4
    {
        return Ok(Facts {
            values: (**values).clone(),
            name: name.as_str().map(str::to_string),
        });
    }
    Ok(Facts {
        values: (*hash).clone(),
        name: None,
    })
}

/// Puppet's cached fact files start with `--- !ruby/object:Puppet::Node::Facts`; the tag is
/// dropped (the document is then an ordinary hash with `name` and `values`).
fn strip_facts_tag(text: &str) -> std::borrow::Cow<'_, str> {
    const TAG: &str = "!ruby/object:Puppet::Node::Facts";
    match text.find(TAG) {
        Some(i) if text[..i].trim_start_matches('\u{feff}').trim() == "---" => {
            std::borrow::Cow::Owned(format!("{}{}", &text[..i], &text[i + TAG.len()..]))
        }
        _ => std::borrow::Cow::Borrowed(text),
    }
}

fn describe(v: &Value) -> String {
    match v {
        Value::Undef => "an empty document".to_string(),
        Value::Array(_) => "an array".to_string(),
        Value::String(_) => "a string".to_string(),
        other => format!("a value of type {}", other.type_name()),
    }
}

/// The node name the facts give: the file's own `name` (cached facts), else `fqdn`, else
/// `networking.fqdn`.
pub fn node_name(facts: &Facts) -> Option<String> {
    let non_empty = |v: Option<&Value>| {
        v.and_then(Value::as_str)
            .filter(|s| !s.trim().is_empty())
            .map(str::to_string)
    };
    facts
        .name
        .clone()
        .filter(|n| !n.trim().is_empty())
        .or_else(|| non_empty(facts.values.get_str("fqdn")))
        .or_else(|| {
            non_empty(
                facts
                    .values
                    .get_str("networking")
                    .and_then(Value::as_hash)
                    .and_then(|n| n.get_str("fqdn")),
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(name: &str, text: &str) -> Result<Facts, FactsError> {
        parse(Path::new(name), text)
    }

    #[test]
    fn json() {
        let j = parsed("a.json", r#"{"fqdn": "a.example.com", "n": 3}"#).unwrap();
        assert_eq!(node_name(&j).as_deref(), Some("a.example.com"));
        assert_eq!(j.values.get_str("n"), Some(&Value::Integer(3)));
    }

    #[test]
    fn yaml() {
        let y = parsed(
            "b.yaml",
            "networking:\n  fqdn: b.example.com\nis_virtual: true\nport: 0x10\n",
        )
        .unwrap();
        assert_eq!(node_name(&y).as_deref(), Some("b.example.com"));
        assert_eq!(y.values.get_str("is_virtual"), Some(&Value::Boolean(true)));
        assert_eq!(y.values.get_str("port"), Some(&Value::Integer(16)));
        let e = parsed("a.yaml", "a: [1, 2\nb: 3\n").unwrap_err();
        assert!(e.message.starts_with("malformed YAML"), "{e}");
        assert!(e.at.is_some());
        let e = parsed("a.yaml", "").unwrap_err();
        assert!(e.message.contains("empty document"), "{e}");
        let e = parsed("a.yml", "- 1\n").unwrap_err();
        assert!(e.message.contains("not an array"), "{e}");
    }

    #[test]
    fn puppet_cached_facts() {
        let text = "--- !ruby/object:Puppet::Node::Facts\nname: web1.example.com\nvalues:\n  \
                    os:\n    family: Debian\n  fqdn: other.example.com\n";
        let f = parsed("web1.yaml", text).unwrap();
        assert_eq!(f.name.as_deref(), Some("web1.example.com"));
        assert_eq!(node_name(&f).as_deref(), Some("web1.example.com"));
        assert!(f.values.get_str("os").is_some());
    }

    #[test]
    fn syntax_by_extension_then_content() {
        assert_eq!(Syntax::of(Path::new("x.facts"), "a: 1"), Syntax::Json);
        assert_eq!(Syntax::of(Path::new("x.yml"), "{}"), Syntax::Yaml);
        assert_eq!(Syntax::of(Path::new("x"), "  {\"a\": 1}"), Syntax::Json);
        assert_eq!(Syntax::of(Path::new("x"), "a: 1"), Syntax::Yaml);
    }

    #[test]
    fn errors_have_positions() {
        let e = parsed("a.json", "{\n  \"fqdn\": \"x\",\n  oops\n}").unwrap_err();
        assert!(e.message.starts_with("malformed JSON"), "{e}");
        assert_eq!(e.at.map(|a| a.0), Some(3));
        let e = parsed("a.json", "[1, 2]").unwrap_err();
        assert!(e.message.contains("not an array"), "{e}");
    }

    #[test]
    fn errors_become_located_findings() {
        let text = "{\n  \"a\": 1,\n  oops\n}";
        let e = parsed("a.json", text).unwrap_err();
        let d = e.to_eval_diag(text);
        assert_eq!(d.kind, EvalDiagKind::BadInput);
        assert_eq!(d.at.line, Some(3));
        let span = d.at.span.unwrap();
        assert_eq!(&text[span.start as usize..span.end as usize], "o");
        assert_eq!(offset_of("ab", 9, 9), 2);
        assert_eq!(offset_of("ab\ncd", 2, 9), 5);
    }

    #[test]
    fn no_name() {
        let f = parsed("a.json", r#"{"fqdn": "", "networking": {"fqdn": 3}}"#).unwrap();
        assert_eq!(node_name(&f), None);
    }
}
