//! The nodes `plint diff` compares, and their facts. `--facts` is one of:
//! - a fact file, or a directory of fact files, one node each (as `--evaluate` reads them:
//!   [`crate::evaluate::NodeFacts`]);
//! - a PuppetDB export: a JSON file holding an array of `{"certname", "name", "value"}`
//!   objects, as `puppet query 'facts {}'` and `/pdb/query/v4/facts` give them (one entry per
//!   fact of each node);
//! - a folder per node: a directory whose subfolders each hold one node's fact files (merged in
//!   name order, a later file's facts over an earlier's); the node is named by its facts, else by
//!   its folder.
//!
//! Then `--node` keeps the nodes named (each name must be a node's), `--node-pattern` keeps the
//! nodes whose name matches, and `--shard K/N` keeps every N-th node of the sorted names, from
//! the K-th: a deterministic split of the same list on every machine of a CI matrix.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::eval::compiler::Node;
use crate::eval::facts::{self, FactSetting, Facts};
use crate::evaluate::{BadFacts, FactsSource, NodeSpec, Session};
use crate::sandbox::Sandbox;

/// Where the nodes come from, and which of them are compared.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// `--facts`: a file, a directory, a PuppetDB export or a folder per node.
    pub facts: PathBuf,
    /// `--fact KEY=VALUE` settings, over every node's facts.
    pub settings: Vec<String>,
    /// `--node`: the names of the nodes compared (none: every node).
    pub names: Vec<String>,
    /// `--node-pattern`: a regular expression the node's name must match (anywhere).
    pub pattern: Option<String>,
    /// `--shard K/N`.
    pub shard: Option<Shard>,
}

/// One part of a node list split in `count` (`index` from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// Reads `K/N` (1 ≤ K ≤ N).
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("--shard `{text}`: expected K/N with 1 <= K <= N");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count): (usize, usize) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

/// The nodes of `selection`, read through `session` (its sandbox and Puppet version), sorted by
/// name, filtered and sharded.
pub fn nodes(session: &Session, selection: &Selection) -> Result<Vec<NodeSpec>, String> {
    let settings = selection
        .settings
        .iter()
        .map(|s| FactSetting::parse(s))
        .collect::<Result<Vec<_>, _>>()?;
    let path = &selection.facts;
    let sandbox = session.sandbox();
    let mut specs = if is_puppetdb_export(path, sandbox) {
        puppetdb_export(path, sandbox, &settings)?
    } else if path.is_dir() && facts::list_dir(path, sandbox).is_ok_and(|f| f.is_empty()) {
        folder_per_node(path, sandbox, &settings)?
    } else {
        let source = FactsSource {
            facts: Some(path.clone()),
            settings: selection.settings.clone(),
            ..FactsSource::default()
        };
        session.nodes(&session.facts(&source)?)
    };
    specs.sort_by_cached_key(|s| (name(s), s.facts_path.clone()));
    if !selection.names.is_empty() {
        specs = named(specs, &selection.names)?;
    }
    if let Some(pattern) = &selection.pattern {
        let re = regex::Regex::new(pattern).map_err(|e| format!("--node-pattern: {e}"))?;
        specs.retain(|s| re.is_match(&name(s)));
    }
    if let Some(shard) = selection.shard {
        specs = specs
            .into_iter()
            .enumerate()
            .filter(|(i, _)| i % shard.count == shard.index - 1)
            .map(|(_, s)| s)
            .collect();
    }
    Ok(specs)
}

/// The nodes of `specs` that `names` names; an error for a name no node has (with the closest
/// node's name).
fn named(specs: Vec<NodeSpec>, names: &[String]) -> Result<Vec<NodeSpec>, String> {
    let all: Vec<String> = specs.iter().map(name).collect();
    for wanted in names {
        if !all.contains(wanted) {
            let hint = crate::suggest::closest(wanted, all.iter().map(String::as_str))
                .map(|n| format!(" (did you mean `{n}`?)"))
                .unwrap_or_default();
            return Err(format!(
                "--node `{wanted}`: no node of --facts is named so{hint}"
            ));
        }
    }
    Ok(specs
        .into_iter()
        .zip(all)
        .filter(|(_, n)| names.contains(n))
        .map(|(s, _)| s)
        .collect())
}

/// A node's name: its certificate name, else its facts file's name.
pub fn name(spec: &NodeSpec) -> String {
    match &spec.node {
        Ok(node) => node.name.clone(),
        Err(_) => crate::evaluate::node::file_stem(&spec.facts_path),
    }
}

/// Whether `path` is a JSON file holding an array (a PuppetDB export).
fn is_puppetdb_export(path: &Path, sandbox: &Sandbox) -> bool {
    path.is_file()
        && sandbox
            .read(path)
            .is_ok_and(|b| b.iter().find(|c| !c.is_ascii_whitespace()) == Some(&b'['))
}

#[derive(Deserialize)]
struct ExportedFact {
    certname: String,
    name: String,
    value: serde_json::Value,
}

/// The nodes of a PuppetDB export.
fn puppetdb_export(
    path: &Path,
    sandbox: &Sandbox,
    settings: &[FactSetting],
) -> Result<Vec<NodeSpec>, String> {
    let bytes = sandbox
        .read(path)
        .map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
    let facts: Vec<ExportedFact> = serde_json::from_slice(&bytes).map_err(|e| {
        format!(
            "`{}` is not a PuppetDB export (an array of {{certname, name, value}}): {e}",
            path.display()
        )
    })?;
    let mut by_node: BTreeMap<String, serde_json::Map<String, serde_json::Value>> = BTreeMap::new();
    for f in facts {
        by_node
            .entry(f.certname)
            .or_default()
            .insert(f.name, f.value);
    }
    Ok(by_node
        .into_iter()
        .map(|(certname, values)| {
            // Read as a fact file is, so that the values are the same Puppet values.
            let at = PathBuf::from(format!("{}#{certname}", path.display()));
            let text = serde_json::Value::Object(values).to_string();
            let parsed = facts::parse(Path::new("export.json"), &text).map_err(|e| {
                Box::new(BadFacts {
                    finding: e.to_eval_diag(&text),
                    message: format!("{}: {}", at.display(), e.message),
                })
            });
            spec(at, parsed.map(|f| (certname, f)), settings)
        })
        .collect())
}

/// The nodes of a folder per node.
fn folder_per_node(
    dir: &Path,
    sandbox: &Sandbox,
    settings: &[FactSetting],
) -> Result<Vec<NodeSpec>, String> {
    let entries = sandbox
        .read_dir(dir)
        .map_err(|e| format!("cannot read the facts directory `{}`: {e}", dir.display()))?;
    let mut folders: Vec<PathBuf> = entries
        .iter()
        .map(|e| e.path())
        .filter(|p| sandbox.is_dir(p))
        .collect();
    folders.sort();
    if folders.is_empty() {
        return Err(format!(
            "no fact files (*.json, *.yaml, *.yml, *.facts) and no folder per node in `{}`",
            dir.display()
        ));
    }
    let mut out = Vec::new();
    for folder in folders {
        let files = facts::list_dir(&folder, sandbox).unwrap_or_default();
        let mut merged: Option<Result<Facts, Box<BadFacts>>> = None;
        for file in files {
            let read = facts::read(&file, sandbox);
            let next = read.facts.map_err(|e| {
                Box::new(BadFacts {
                    finding: e.to_eval_diag(&read.text),
                    message: e.to_string(),
                })
            });
            merged = Some(match (merged, next) {
                (Some(Ok(mut a)), Ok(b)) => {
                    a.values = facts::merge_over(&a.values, &b.values);
                    a.name = b.name.or(a.name);
                    Ok(a)
                }
                (Some(Err(e)), _) | (_, Err(e)) => Err(e),
                (None, Ok(b)) => Ok(b),
            });
        }
        let Some(merged) = merged else { continue };
        let stem = crate::evaluate::node::file_stem(&folder);
        let named = merged.map(|f| (facts::node_name(&f).unwrap_or(stem), f));
        out.push(spec(folder, named, settings));
    }
    Ok(out)
}

/// A node named `name` with `facts`, the `--fact` settings applied.
fn spec(
    at: PathBuf,
    named: Result<(String, Facts), Box<BadFacts>>,
    settings: &[FactSetting],
) -> NodeSpec {
    NodeSpec {
        facts_path: at.clone(),
        facts_at: Some(at),
        node: named.map(|(name, mut facts)| {
            for s in settings {
                s.apply(&mut facts.values);
            }
            Node::new(&name, facts.values)
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards() {
        assert_eq!(Shard::parse("2/3").unwrap(), Shard { index: 2, count: 3 });
        for bad in ["0/3", "4/3", "x", "1/0", "1-2"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}
