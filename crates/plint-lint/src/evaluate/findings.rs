//! The findings step of an evaluation: each node's findings become diagnostics of the catalog
//! rules (P2xx) at the severities of the files' profiles, the same finding of several nodes is
//! kept once with the nodes it occurs on, and the files' suppression comments apply (read from
//! the manifests as the compilations parsed them, once per run).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::ops::Range;
use std::path::{Path, PathBuf};

use super::Session;
use super::environment::CODE_NAME;
use crate::config::Profile;
use crate::eval::catalog::Location;
use crate::eval::diag::{EvalDiag, EvalDiagKind, InTemplate};
use crate::report::{Diagnostic, FileReport, display_path};
use crate::rules::catalog;
use crate::rules::registry::Selection;

/// A finding's identity across nodes: its file, span and rule, and what it is.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct FindingKey {
    file: PathBuf,
    start: usize,
    end: usize,
    code: &'static str,
    what: What,
}

/// What a finding is: a compilation's finding said of any node (Puppet's messages name the
/// node: see [`EvalDiagKind::for_any_node`]) with the EPP templates it was raised in, or a
/// diagnostic's message (a panic).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum What {
    Finding(EvalDiagKind, Vec<InTemplate>),
    Message(String),
}

/// The order findings are reported in: by file, span, code, then message (said of any node),
/// then in the order they were found.
type Order = (PathBuf, usize, usize, &'static str, String, usize);

/// One finding of a run: a diagnostic in a file, with the nodes it occurs on.
#[derive(Debug, Clone)]
pub struct Finding {
    /// The file it is reported in (`-e` for the code given with `-e`).
    pub file: PathBuf,
    /// The diagnostic, as the first node it occurs on gave it.
    pub diagnostic: Diagnostic,
    /// The labels of the nodes it occurs on, in the order of the nodes; empty when one node
    /// was compiled, and for a problem of a facts file or of the run.
    pub nodes: Vec<String>,
    /// The message said of any node (the node's name left out).
    any_node: String,
}

impl Finding {
    /// The message as reported: the nodes it occurs on named at its end (the message then
    /// said of any node: Puppet's "... for NODE" is said of each node listed).
    pub fn message(&self) -> String {
        if self.nodes.len() > 1 {
            format!("{} ({})", self.any_node, nodes_text(&self.nodes))
        } else if !self.nodes.is_empty() {
            format!("{} ({})", self.diagnostic.message, nodes_text(&self.nodes))
        } else {
            self.diagnostic.message.clone()
        }
    }
}

/// The findings of all nodes, by file, deduplicated across nodes.
pub struct Findings<'s> {
    session: &'s Session,
    texts: HashMap<PathBuf, String>,
    profiles: HashMap<PathBuf, Profile>,
    found: BTreeMap<Order, Finding>,
    /// Where each finding is in `found`.
    order: HashMap<FindingKey, Order>,
}

impl<'s> Findings<'s> {
    pub(super) fn new(session: &'s Session) -> Self {
        Findings {
            session,
            texts: HashMap::new(),
            profiles: HashMap::new(),
            found: BTreeMap::new(),
            order: HashMap::new(),
        }
    }

    /// The findings, in the order they are reported (by file, span, code, message).
    pub fn iter(&self) -> impl Iterator<Item = &Finding> {
        self.found.values()
    }

    /// The text of a file findings are reported in (empty if it cannot be read).
    fn text(&mut self, path: &Path) -> &str {
        if !self.texts.contains_key(path) {
            let text = match self.session.code() {
                Some(code) if path == Path::new(CODE_NAME) => code.to_string(),
                _ => match self.session.ruby.parsed_manifest(path) {
                    Some(m) => m.text.clone(),
                    None => self
                        .session
                        .sandbox
                        .read(path)
                        .map(|b| String::from_utf8_lossy(&b).into_owned())
                        .unwrap_or_default(),
                },
            };
            self.texts.insert(path.to_path_buf(), text);
        }
        &self.texts[path]
    }

    fn selection(&mut self, path: &Path) -> &Selection {
        if let Some(selection) = &self.session.selection {
            return selection;
        }
        if !self.profiles.contains_key(path) {
            let settings = &self.session.settings;
            let key = settings.profile_key(path);
            self.profiles
                .insert(path.to_path_buf(), settings.profile(&key));
        }
        &self.profiles[path].selection
    }

    /// The file a location is in: its file, the `-e` code, or the fallback.
    fn file_of(&self, at: &Location) -> PathBuf {
        match (&at.file, self.session.code()) {
            (Some(f), _) => f.clone(),
            (None, Some(_)) if at.span.is_some() || at.line.is_some() => PathBuf::from(CODE_NAME),
            _ => self.session.main.fallback.clone(),
        }
    }

    /// The span of a location in `text` (from its span, else its line, else the start).
    fn span_of(at: &Location, text: &str) -> Range<usize> {
        if let Some(s) = at.span {
            return s.start as usize..s.end as usize;
        }
        match at.line {
            Some(line) => {
                let start = text
                    .split_inclusive('\n')
                    .take(line.saturating_sub(1) as usize)
                    .map(str::len)
                    .sum::<usize>()
                    .min(text.len());
                let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
                start..end
            }
            None => 0..0,
        }
    }

    /// Adds a finding of a node (`node`: its label, when several nodes were compiled).
    pub(super) fn add(&mut self, d: &EvalDiag, node: Option<&str>) {
        let file = self.file_of(&d.at);
        let code = catalog::rule_for(&d.kind).info().code;
        // The profile's severity: the target Puppet's (see `config::Puppet::severity`).
        let Some(severity) = self.selection(&file).severity(code) else {
            return;
        };
        let text = self.text(&file).to_string();
        let span = Self::span_of(&d.at, &text);
        let locate = |at: &Location| {
            (self.file_of(at) == file && (at.span.is_some() || at.line.is_some()))
                .then(|| Self::span_of(at, &text))
        };
        let diagnostic = catalog::diagnostic(d, severity, span, &locate);
        let any_node = d.kind.for_any_node();
        let text = catalog::finding_message(&any_node, &d.in_templates);
        let what = What::Finding(any_node, d.in_templates.clone());
        self.insert(file, diagnostic, what, text, node);
    }

    pub(super) fn add_diagnostic(&mut self, file: PathBuf, d: Diagnostic) {
        self.text(&file);
        let text = d.message.clone();
        self.insert(file, d, What::Message(text.clone()), text, None);
    }

    /// Adds a finding (`any_node`: its message said of any node); the same finding of several
    /// nodes is kept once, with the nodes' labels.
    fn insert(
        &mut self,
        file: PathBuf,
        d: Diagnostic,
        what: What,
        any_node: String,
        node: Option<&str>,
    ) {
        let key = FindingKey {
            file: file.clone(),
            start: d.span.start,
            end: d.span.end,
            code: d.code,
            what,
        };
        let next = self.order.len();
        let order = self.order.entry(key).or_insert_with(|| {
            (
                file.clone(),
                d.span.start,
                d.span.end,
                d.code,
                any_node.clone(),
                next,
            )
        });
        let entry = self.found.entry(order.clone()).or_insert_with(|| Finding {
            file,
            diagnostic: d,
            nodes: Vec::new(),
            any_node,
        });
        if let Some(label) = node {
            entry.nodes.push(label.to_string());
        }
    }

    /// The findings as file reports, with the nodes they were found for (when several nodes
    /// were compiled) and the files' suppression comments applied.
    pub fn into_reports(mut self) -> Vec<FileReport> {
        let mut by_file: BTreeMap<PathBuf, Vec<Diagnostic>> = BTreeMap::new();
        for (_, finding) in std::mem::take(&mut self.found) {
            let message = finding.message();
            let mut d = finding.diagnostic;
            d.message = message;
            by_file.entry(finding.file).or_default().push(d);
        }
        let only_catalog = Selection::from_fn(|info| {
            (info.category == crate::rules::Category::Catalog).then_some(info.severity)
        })
        .with_show_ignored(self.session.settings.display.show_ignored);
        by_file
            .into_iter()
            .map(|(file, mut diagnostics)| {
                let text = self.texts.remove(&file).unwrap_or_default();
                // A manifest the compilations parsed is not parsed again; another file only
                // when it may hold a suppression comment.
                let suppressions = match self.session.ruby.parsed_manifest(&file) {
                    Some(m) => crate::rules::suppress::Suppressions::parse(&text, &m.parsed.ast),
                    None => crate::rules::suppress::Suppressions::of_text(&text),
                };
                let before: HashSet<_> = diagnostics.iter().map(|d| d.code).collect();
                suppressions.apply(&text, &mut diagnostics, &only_catalog);
                // What is said about the suppressions themselves is the check mode's business.
                diagnostics.retain(|d| before.contains(d.code));
                let display = if file == Path::new(CODE_NAME) {
                    CODE_NAME.to_string()
                } else {
                    display_path(&file, &self.session.cwd)
                };
                FileReport::new(display, text, diagnostics)
            })
            .collect()
    }
}

/// "node `a`", "nodes `a`, `b`", "nodes `a`, `b`, `c` and 4 more".
fn nodes_text(nodes: &[String]) -> String {
    let mut unique: Vec<&str> = Vec::new();
    for n in nodes {
        if !unique.contains(&n.as_str()) {
            unique.push(n);
        }
    }
    let shown: Vec<String> = unique.iter().take(3).map(|n| format!("`{n}`")).collect();
    match unique.len() {
        1 => format!("node {}", shown[0]),
        n if n <= 3 => format!("nodes {}", shown.join(", ")),
        n => format!("nodes {} and {} more", shown.join(", "), n - 3),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_lists() {
        let n = |v: &[&str]| nodes_text(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(n(&["a"]), "node `a`");
        assert_eq!(n(&["a", "a"]), "node `a`");
        assert_eq!(n(&["a", "b"]), "nodes `a`, `b`");
        assert_eq!(
            n(&["a", "b", "c", "d", "e"]),
            "nodes `a`, `b`, `c` and 2 more"
        );
    }

    #[test]
    fn spans_from_lines() {
        let at = Location {
            file: None,
            span: None,
            line: Some(2),
        };
        assert_eq!(Findings::span_of(&at, "ab\ncd\n"), 3..5);
        let far = Location {
            line: Some(9),
            ..at
        };
        assert_eq!(Findings::span_of(&far, "ab"), 2..2);
    }
}
