//! Facts for `--evaluate`: reading a fact file (JSON or YAML, facterdb's `.facts` files as they
//! are, Puppet's cached `Puppet::Node::Facts` YAML) or a directory of them, and the node name
//! the facts give; the default fact sets of common operating systems shipped as data
//! (`rules/facts-os/`, [`os_facts`]), facts set on the command line ([`FactSetting`]), and
//! what a node's facts lack of what its code reads ([`MissingFact`]).
//!
//! Nothing here panics on bad input: a file that cannot be read, malformed JSON or YAML (with
//! its line and column), a document that is not a hash, are [`FactsError`]s.

use std::fmt;
use std::path::{Path, PathBuf};

use super::catalog::Location;
use super::diag::{BadInput, EvalDiag, EvalDiagKind};
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
        let problem = BadInput::Facts {
            message: self.message.clone(),
        };
        EvalDiag::new(
            EvalDiagKind::BadInput { problem },
            Location {
                file: Some(self.path.clone()),
                span,
                line,
            },
        )
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
        // Puppet reads a YAML file with `bom|utf-8`: a byte order mark is dropped.
        Syntax::Yaml => super::yaml::parse(&strip_facts_tag(
            text.strip_prefix('\u{feff}').unwrap_or(text),
        )),
    }
    .map_err(|e| {
        let what = match syntax {
            Syntax::Json => "malformed JSON",
            Syntax::Yaml => "malformed YAML",
        };
        let at = (e.line > 0).then_some((e.line, e.column.max(1)));
        let found = e
            .found
            .map(|(line, column)| format!(" (found at line {line} column {column})"))
            .unwrap_or_default();
        error(format!("{what}: {}{found}", e.message), at)
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

// ------------------------------------------------------------------ facts the code lacks

/// A fact the code read and the node's facts lack.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MissingFact {
    /// How the code read it: `$::osfamily`, `$facts['os']['family']`.
    pub read: String,
    /// The fact's name, then the keys down to what was read (`["os", "family"]`).
    pub path: Vec<String>,
    /// Where it was first read.
    pub at: Location,
}

// ------------------------------------------------------------------ operating system sets

/// The fact sets of `--facts-os`, by name: facterdb's fact sets trimmed to the facts modules
/// read (written by `scripts/gen-facts-os.py`).
const OS_SETS: &[(&str, &str)] = &[
    (
        "almalinux-8",
        include_str!("../../../../rules/facts-os/almalinux-8.json"),
    ),
    (
        "centos-7",
        include_str!("../../../../rules/facts-os/centos-7.json"),
    ),
    (
        "debian-10",
        include_str!("../../../../rules/facts-os/debian-10.json"),
    ),
    (
        "debian-11",
        include_str!("../../../../rules/facts-os/debian-11.json"),
    ),
    (
        "debian-12",
        include_str!("../../../../rules/facts-os/debian-12.json"),
    ),
    (
        "redhat-7",
        include_str!("../../../../rules/facts-os/redhat-7.json"),
    ),
    (
        "redhat-8",
        include_str!("../../../../rules/facts-os/redhat-8.json"),
    ),
    (
        "redhat-9",
        include_str!("../../../../rules/facts-os/redhat-9.json"),
    ),
    (
        "rocky-8",
        include_str!("../../../../rules/facts-os/rocky-8.json"),
    ),
    (
        "ubuntu-18.04",
        include_str!("../../../../rules/facts-os/ubuntu-18.04.json"),
    ),
    (
        "ubuntu-20.04",
        include_str!("../../../../rules/facts-os/ubuntu-20.04.json"),
    ),
    (
        "ubuntu-22.04",
        include_str!("../../../../rules/facts-os/ubuntu-22.04.json"),
    ),
    (
        "windows-2019",
        include_str!("../../../../rules/facts-os/windows-2019.json"),
    ),
    (
        "windows-2022",
        include_str!("../../../../rules/facts-os/windows-2022.json"),
    ),
];

/// Other names of the sets: (alias prefix, set name prefix).
const OS_ALIASES: &[(&str, &str)] = &[("rhel-", "redhat-"), ("alma-", "almalinux-")];

/// The key of a set's own description (its name and source), not a fact.
const OS_META: &str = "_plint";

/// The names of the `--facts-os` sets, sorted.
pub fn os_names() -> Vec<&'static str> {
    OS_SETS.iter().map(|(n, _)| *n).collect()
}

/// Each `--facts-os` set's name and where its facts come from, for `--facts-os list`.
pub fn os_list() -> Vec<(&'static str, String)> {
    OS_SETS
        .iter()
        .map(|(name, text)| {
            let source = super::yaml::parse_json(text)
                .ok()
                .and_then(|v| {
                    v.as_hash()?
                        .get_str(OS_META)?
                        .as_hash()?
                        .get_str("source")?
                        .as_str()
                        .map(str::to_string)
                })
                .unwrap_or_default();
            (*name, source)
        })
        .collect()
}

/// The facts of the `--facts-os` set `name` (`debian-12`, `rhel-9`; case does not matter).
/// An unknown name is an error that lists the sets.
pub fn os_facts(name: &str) -> Result<Facts, String> {
    let wanted = name.trim().to_ascii_lowercase();
    let wanted = OS_ALIASES
        .iter()
        .find_map(|(alias, to)| wanted.strip_prefix(alias).map(|rest| format!("{to}{rest}")))
        .unwrap_or(wanted);
    let Some((_, text)) = OS_SETS.iter().find(|(n, _)| *n == wanted) else {
        return Err(format!(
            "--facts-os: no fact set named `{name}`; the sets are: {} (`rhel-N` names \
             `redhat-N`)",
            os_names().join(", ")
        ));
    };
    let parsed = parse(Path::new(&format!("{wanted}.json")), text)
        .map_err(|e| format!("--facts-os {wanted}: {e}"))?;
    let mut values = parsed.values;
    values.remove(&Value::string(OS_META));
    Ok(Facts { values, name: None })
}

/// `defaults` with `facts` over them: a fact of `facts` replaces the default, except that two
/// hashes are merged key by key (a file that gives `os.family` keeps the default `os.release`).
pub fn merge_over(defaults: &Hash, facts: &Hash) -> Hash {
    let mut out = defaults.clone();
    for (k, v) in facts.iter() {
        let merged = match (out.get(k), v) {
            (Some(Value::Hash(a)), Value::Hash(b)) => Value::hash(merge_over(a, b)),
            _ => v.clone(),
        };
        out.insert(k.clone(), merged);
    }
    out
}

// ------------------------------------------------------------------ --fact KEY=VALUE

/// A fact set on the command line: `--fact KEY=VALUE`.
#[derive(Debug, Clone, PartialEq)]
pub struct FactSetting {
    /// The fact's name, then the keys down to the value (`os.family` is `["os", "family"]`).
    pub path: Vec<String>,
    /// The value, read as a YAML scalar (`true`, `3`, `'01'`); `None` (`null`, `~`) removes
    /// the fact.
    pub value: Option<Value>,
}

impl FactSetting {
    /// Reads `KEY=VALUE`: a dotted key sets a nested structured fact; the value is read as YAML
    /// (`--fact is_virtual=true` is a Boolean, `--fact release='12'` a String), an empty value is
    /// the empty string.
    pub fn parse(text: &str) -> Result<FactSetting, String> {
        let Some((key, value)) = text.split_once('=') else {
            return Err(format!("--fact `{text}`: expected KEY=VALUE"));
        };
        let path: Vec<String> = key.trim().split('.').map(str::to_string).collect();
        if path.iter().any(|k| k.is_empty()) {
            return Err(format!(
                "--fact `{text}`: the key must be a fact name, or names joined by `.`"
            ));
        }
        let value = if value.trim().is_empty() {
            Value::string("")
        } else {
            super::yaml::parse(value).map_err(|e| format!("--fact `{text}`: {}", e.message))?
        };
        Ok(FactSetting {
            path,
            value: (!value.is_undef()).then_some(value),
        })
    }

    /// Sets (or removes) the fact in `facts`; a level that is not a hash becomes one.
    pub fn apply(&self, facts: &mut Hash) {
        set_path(facts, &self.path, self.value.as_ref());
    }
}

fn set_path(facts: &mut Hash, path: &[String], value: Option<&Value>) {
    let Some((first, rest)) = path.split_first() else {
        return;
    };
    let key = Value::string(first.clone());
    if rest.is_empty() {
        match value {
            Some(v) => facts.insert(key, v.clone()),
            None => {
                facts.remove(&key);
            }
        }
        return;
    }
    let mut inner = match facts.get(&key) {
        Some(Value::Hash(h)) => (**h).clone(),
        _ if value.is_none() => return,
        _ => Hash::new(),
    };
    set_path(&mut inner, rest, value);
    facts.insert(key, Value::hash(inner));
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
        let problem = BadInput::Facts { message: e.message };
        assert_eq!(d.kind, EvalDiagKind::BadInput { problem });
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

    #[test]
    fn os_sets() {
        let names = os_names();
        assert!(names.len() >= 10);
        for name in &names {
            let f = os_facts(name).unwrap();
            assert!(f.values.get_str("os").is_some(), "{name}");
            assert!(f.values.get_str(OS_META).is_none(), "{name}");
            assert!(node_name(&f).is_some(), "{name}");
        }
        let rhel = os_facts("RHEL-9").unwrap();
        let os = rhel.values.get_str("os").and_then(Value::as_hash).unwrap();
        assert_eq!(os.get_str("family").and_then(Value::as_str), Some("RedHat"));
        assert_eq!(
            rhel.values.get_str("osfamily").and_then(Value::as_str),
            Some("RedHat")
        );
        let e = os_facts("plan9").unwrap_err();
        assert!(e.contains("debian-12") && e.contains("plan9"), "{e}");
        assert_eq!(os_list().len(), names.len());
        assert!(
            os_list()
                .iter()
                .all(|(_, source)| source.contains("facterdb"))
        );
    }

    #[test]
    fn every_os_file_is_listed() {
        let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("rules/facts-os");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter_map(|n| n.strip_suffix(".json").map(str::to_string))
            .collect();
        files.sort();
        assert_eq!(files, os_names());
    }

    #[test]
    fn fact_settings() {
        let mut facts = parsed(
            "a.json",
            r#"{"os": {"family": "Debian", "name": "Debian"}, "x": 1}"#,
        )
        .unwrap()
        .values;
        for s in [
            "os.family=RedHat",
            "os.release.major='9'",
            "is_virtual=true",
            "n=3",
            "empty=",
            "x=null",
            "x.y=null",
            "hostname=web1",
        ] {
            FactSetting::parse(s).unwrap().apply(&mut facts);
        }
        let os = facts.get_str("os").and_then(Value::as_hash).unwrap();
        assert_eq!(os.get_str("family").and_then(Value::as_str), Some("RedHat"));
        assert_eq!(os.get_str("name").and_then(Value::as_str), Some("Debian"));
        let release = os.get_str("release").and_then(Value::as_hash).unwrap();
        assert_eq!(release.get_str("major").and_then(Value::as_str), Some("9"));
        assert_eq!(facts.get_str("is_virtual"), Some(&Value::Boolean(true)));
        assert_eq!(facts.get_str("n"), Some(&Value::Integer(3)));
        assert_eq!(facts.get_str("empty").and_then(Value::as_str), Some(""));
        assert!(facts.get_str("x").is_none());
        assert_eq!(
            facts.get_str("hostname").and_then(Value::as_str),
            Some("web1")
        );
        for bad in ["novalue", "=1", "a..b=1", "a=[1"] {
            assert!(FactSetting::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn file_facts_merge_over_defaults() {
        let defaults = parsed(
            "d.json",
            r#"{"os": {"family": "Debian", "release": {"major": "12"}}, "a": 1}"#,
        )
        .unwrap()
        .values;
        let file = parsed("f.json", r#"{"os": {"family": "RedHat"}, "a": [2]}"#)
            .unwrap()
            .values;
        let m = merge_over(&defaults, &file);
        let os = m.get_str("os").and_then(Value::as_hash).unwrap();
        assert_eq!(os.get_str("family").and_then(Value::as_str), Some("RedHat"));
        assert!(os.get_str("release").is_some());
        assert!(matches!(m.get_str("a"), Some(Value::Array(_))));
    }
}
