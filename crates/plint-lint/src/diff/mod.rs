//! `plint diff`: what a change to a Puppet code base does to each node's catalog.
//!
//! Each node's catalog is compiled at two revisions, each through its own
//! [`crate::evaluate::Session`] (its own sandbox, main manifest, module path and Hiera), and
//! the two catalogs are compared ([`compare`]). A revision is a directory, the repository's
//! working tree, or a git commit read from the object database and written into a private
//! temporary folder ([`revision`]: no checkout, no hook, no filter). The nodes come from a facts
//! directory, a PuppetDB export or a folder per node ([`facts`]), optionally one shard of them.
//!
//! The result is a [`DiffReport`]: per node, whether it compiles at each revision (a node that
//! compiled and now fails is the most important line of a report), what changed, and what plint
//! could not know. [`groups`] gathers the nodes with the same changes. Only the command line
//! writes it out (`cli::diff`).

pub mod compare;
pub mod facts;
pub mod revision;
pub mod run;

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

/// The version of the JSON report's schema (`docs/diff-report.md`).
pub const SCHEMA_VERSION: u32 = 1;

/// What `plint diff` found, for every node compared.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct DiffReport {
    /// [`SCHEMA_VERSION`].
    pub version: u32,
    pub from: RevisionInfo,
    pub to: RevisionInfo,
    /// The shards of the node list this report covers (`[K, N]` each), empty for all nodes.
    #[serde(default)]
    pub shards: Vec<[usize; 2]>,
    /// What the reader should know about the comparison itself (a `Puppetfile` change to modules
    /// outside the repository, a submodule left out).
    #[serde(default)]
    pub notes: Vec<String>,
    /// Every node compared, by name.
    pub nodes: Vec<NodeReport>,
}

/// One revision compared.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct RevisionInfo {
    /// As given: a git revision (`HEAD`, `main`), `working tree`, or a directory.
    pub label: String,
    /// The commit, for a git revision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commit: Option<String>,
}

/// Whether a node compiles at each revision.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// It compiled and now fails: the most important news of a report.
    NowFails,
    /// It failed and now compiles.
    NowCompiles,
    /// It fails at both revisions.
    StillFails,
    /// Its facts could not be used: it was not compiled.
    BadFacts,
    /// It compiles at both revisions.
    Compiles,
}

/// One node's comparison.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct NodeReport {
    pub node: String,
    pub status: Status,
    /// Why it fails at the first revision (the first error is Puppet's).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errors_from: Vec<CompileError>,
    /// Why it fails at the second revision, or why its facts cannot be used.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errors_to: Vec<CompileError>,
    /// What changed, when it compiles at both revisions.
    #[serde(default)]
    pub changes: Vec<Change>,
    /// Parameters unknown on either side (never reported as changes).
    #[serde(default)]
    pub unknown: Vec<Unknown>,
}

impl NodeReport {
    /// Whether anything changed for this node: its catalog, or whether (or why) it compiles.
    pub fn changed(&self) -> bool {
        match self.status {
            Status::NowFails | Status::NowCompiles => true,
            Status::StillFails => self.errors_from != self.errors_to,
            Status::BadFacts => false,
            Status::Compiles => !self.changes.is_empty(),
        }
    }
}

/// An error that fails a node's compilation (or makes its facts unusable).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub struct CompileError {
    /// The rule's code (`P201`).
    pub code: String,
    /// The rule's name.
    pub rule: String,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Place>,
}

/// Where something is declared: a file relative to its revision's root, and its line.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Place {
    pub file: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{line}", self.file),
            None => write!(f, "{}", self.file),
        }
    }
}

/// One change of a node's catalog. Values are written as Puppet's catalog writes them (an
/// unknown as `{"__unknown__": type, "origin": why}`; a `Sensitive` one redacted).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Change {
    ClassAdded {
        class: String,
    },
    ClassRemoved {
        class: String,
    },
    /// A resource only in the second catalog, with its parameters.
    ResourceAdded {
        resource: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<Place>,
        parameters: BTreeMap<String, Json>,
    },
    /// A resource only in the first catalog, with its parameters (`at` is in the first
    /// revision).
    ResourceRemoved {
        resource: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<Place>,
        parameters: BTreeMap<String, Json>,
    },
    /// A parameter set, changed or unset (`from` or `to` absent).
    ParameterChanged {
        resource: String,
        parameter: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<Json>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<Json>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<Place>,
    },
    /// A reference added to a relationship metaparameter (`before`, `require`, `notify`,
    /// `subscribe`).
    RelationshipAdded {
        resource: String,
        relationship: String,
        target: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<Place>,
    },
    RelationshipRemoved {
        resource: String,
        relationship: String,
        target: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<Place>,
    },
}

impl Change {
    /// Where the change is declared, when plint knows it (a resource's declaration).
    pub fn at(&self) -> Option<&Place> {
        match self {
            Change::ClassAdded { .. } | Change::ClassRemoved { .. } => None,
            Change::ResourceAdded { at, .. }
            | Change::ResourceRemoved { at, .. }
            | Change::ParameterChanged { at, .. }
            | Change::RelationshipAdded { at, .. }
            | Change::RelationshipRemoved { at, .. } => at.as_ref(),
        }
    }

    /// The resource changed (`Class[name]` for a class).
    pub fn resource(&self) -> String {
        match self {
            Change::ClassAdded { class } | Change::ClassRemoved { class } => {
                format!("Class[{}]", crate::types::capitalize_type_name(class))
            }
            Change::ResourceAdded { resource, .. }
            | Change::ResourceRemoved { resource, .. }
            | Change::ParameterChanged { resource, .. }
            | Change::RelationshipAdded { resource, .. }
            | Change::RelationshipRemoved { resource, .. } => resource.clone(),
        }
    }
}

/// One line: `+` added, `-` removed, `~` changed, and what.
impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Change::ClassAdded { class } => write!(f, "+ class {class}"),
            Change::ClassRemoved { class } => write!(f, "- class {class}"),
            Change::ResourceAdded { resource, .. } => write!(f, "+ {resource}"),
            Change::ResourceRemoved { resource, .. } => write!(f, "- {resource}"),
            Change::ParameterChanged {
                resource,
                parameter,
                ..
            } => write!(f, "~ {resource} {parameter}"),
            Change::RelationshipAdded {
                resource,
                relationship,
                target,
                ..
            } => write!(f, "+ {resource} {relationship} {target}"),
            Change::RelationshipRemoved {
                resource,
                relationship,
                target,
                ..
            } => write!(f, "- {resource} {relationship} {target}"),
        }
    }
}

/// Which revision a value is unknown at.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    From,
    To,
    Both,
}

/// A parameter plint could not know at one revision or both: not reported as a change.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub struct Unknown {
    pub resource: String,
    pub parameter: String,
    pub side: Side,
    /// Why it is unknown (the expression plint could not evaluate).
    pub origin: String,
}

/// Nodes with the same news: the same status, errors and changes.
#[derive(Debug, Clone, PartialEq)]
pub struct Group<'r> {
    /// The nodes' names, sorted.
    pub nodes: Vec<&'r str>,
    /// The first node's report (the others' say the same).
    pub report: &'r NodeReport,
}

/// The nodes of `report` with news, grouped by identical news: nodes that now fail first, then
/// those that now compile, those whose errors changed, those whose catalog changed (the largest
/// group first), then the nodes whose facts could not be used. Nodes without change are left
/// out ([`DiffReport::unchanged`] counts them).
pub fn groups(report: &DiffReport) -> Vec<Group<'_>> {
    let mut by_news: Vec<(String, Group<'_>)> = Vec::new();
    let mut index: std::collections::HashMap<String, usize> = Default::default();
    for node in report
        .nodes
        .iter()
        .filter(|n| n.changed() || n.status == Status::BadFacts)
    {
        let key = serde_json::to_string(&(
            node.status,
            &node.errors_from,
            &node.errors_to,
            &node.changes,
        ))
        .expect("a report serializes");
        match index.get(&key) {
            Some(&i) => by_news[i].1.nodes.push(&node.node),
            None => {
                index.insert(key.clone(), by_news.len());
                let group = Group {
                    nodes: vec![&node.node],
                    report: node,
                };
                by_news.push((key, group));
            }
        }
    }
    let mut out: Vec<Group<'_>> = by_news.into_iter().map(|(_, g)| g).collect();
    for g in &mut out {
        g.nodes.sort_unstable();
    }
    out.sort_by(|a, b| {
        let rank = |g: &Group<'_>| match g.report.status {
            Status::Compiles => 3,
            Status::BadFacts => 4,
            s => s as u8,
        };
        rank(a)
            .cmp(&rank(b))
            .then(b.nodes.len().cmp(&a.nodes.len()))
            .then(a.nodes.cmp(&b.nodes))
    });
    out
}

impl DiffReport {
    /// How many nodes have news (see [`NodeReport::changed`]).
    pub fn changed(&self) -> usize {
        self.nodes.iter().filter(|n| n.changed()).count()
    }

    /// How many nodes compiled at both revisions without change (or failed the same way).
    pub fn unchanged(&self) -> usize {
        self.nodes
            .iter()
            .filter(|n| !n.changed() && n.status != Status::BadFacts)
            .count()
    }

    /// How many nodes compiled at the first revision and fail at the second.
    pub fn now_failing(&self) -> usize {
        self.count(Status::NowFails)
    }

    /// How many nodes have a status.
    pub fn count(&self, status: Status) -> usize {
        self.nodes.iter().filter(|n| n.status == status).count()
    }

    /// Joins the reports of the shards of one comparison (`plint diff merge`): the nodes of all,
    /// by name; the notes once each. An error when they compare different revisions or use
    /// another schema.
    pub fn merge(reports: Vec<DiffReport>) -> Result<DiffReport, String> {
        let mut reports = reports.into_iter();
        let mut out = reports.next().ok_or("no report to merge")?;
        if out.version != SCHEMA_VERSION {
            return Err(format!(
                "a report of schema version {} (this plint reads version {SCHEMA_VERSION})",
                out.version
            ));
        }
        for r in reports {
            if r.version != out.version || r.from != out.from || r.to != out.to {
                return Err(format!(
                    "the reports compare different revisions ({} → {} and {} → {})",
                    out.from.label, out.to.label, r.from.label, r.to.label
                ));
            }
            out.shards.extend(r.shards);
            for note in r.notes {
                if !out.notes.contains(&note) {
                    out.notes.push(note);
                }
            }
            out.nodes.extend(r.nodes);
        }
        out.shards.sort_unstable();
        out.shards.dedup();
        out.nodes.sort_by(|a, b| a.node.cmp(&b.node));
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(name: &str, status: Status, changes: Vec<Change>) -> NodeReport {
        NodeReport {
            node: name.into(),
            status,
            errors_from: Vec::new(),
            errors_to: Vec::new(),
            changes,
            unknown: Vec::new(),
        }
    }

    fn report(nodes: Vec<NodeReport>) -> DiffReport {
        DiffReport {
            version: SCHEMA_VERSION,
            from: RevisionInfo {
                label: "HEAD".into(),
                commit: None,
            },
            to: RevisionInfo {
                label: "working tree".into(),
                commit: None,
            },
            shards: Vec::new(),
            notes: Vec::new(),
            nodes,
        }
    }

    #[test]
    fn nodes_with_the_same_changes_are_grouped() {
        let add = |c: &str| Change::ClassAdded { class: c.into() };
        let r = report(vec![
            node("c", Status::Compiles, vec![add("x")]),
            node("a", Status::Compiles, vec![add("x")]),
            node("b", Status::Compiles, vec![add("y")]),
            node("d", Status::Compiles, vec![]),
            node("e", Status::NowFails, vec![]),
        ]);
        let g = groups(&r);
        let names: Vec<Vec<&str>> = g.iter().map(|g| g.nodes.clone()).collect();
        assert_eq!(names, [vec!["e"], vec!["a", "c"], vec!["b"]]);
        assert_eq!((r.changed(), r.unchanged(), r.now_failing()), (4, 1, 1));
    }

    #[test]
    fn shards_merge_into_one_report() {
        let mut a = report(vec![node("b", Status::Compiles, vec![])]);
        a.shards = vec![[2, 2]];
        let mut b = report(vec![node("a", Status::Compiles, vec![])]);
        b.shards = vec![[1, 2]];
        let m = DiffReport::merge(vec![a.clone(), b]).unwrap();
        assert_eq!(m.shards, [[1, 2], [2, 2]]);
        assert_eq!(m.nodes[0].node, "a");
        let mut c = a.clone();
        c.to.label = "main".into();
        assert!(DiffReport::merge(vec![a, c]).is_err());
    }

    #[test]
    fn json_round_trip() {
        let r = report(vec![node(
            "a",
            Status::Compiles,
            vec![Change::ParameterChanged {
                resource: "File[/f]".into(),
                parameter: "mode".into(),
                from: Some(Json::from("0644")),
                to: None,
                at: Some(Place {
                    file: "site.pp".into(),
                    line: Some(2),
                }),
            }],
        )]);
        let text = serde_json::to_string(&r).unwrap();
        assert!(text.contains(r#""kind":"parameter-changed""#), "{text}");
        assert_eq!(serde_json::from_str::<DiffReport>(&text).unwrap(), r);
    }
}
