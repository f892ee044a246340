//! One node's compilation: its input (or the finding that prevents it), what it gave, and the
//! label that names it in summaries and findings.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::eval::catalog::{Catalog, Location};
use crate::eval::compiler::{CompileInput, Node, compile};
use crate::eval::diag::EvalDiag;
use crate::eval::value::Value;
use crate::lint::panic::{catch, internal_error};
use crate::report::Diagnostic;
use crate::rules::catalog;

/// One node to compile: where its facts come from and the node they make, or the finding that
/// prevents compiling it.
#[derive(Debug, Clone)]
pub struct NodeSpec {
    /// The facts file (or what stands for it: `--facts-os NAME`).
    pub facts_path: PathBuf,
    /// Where the facts the code reads and the node's facts lack are reported: the facts file,
    /// the facts directory (the same finding of several nodes is then reported once), or
    /// nowhere in particular (`--facts-os` alone: the main manifest).
    pub facts_at: Option<PathBuf>,
    /// The node (its name and facts), or why its facts cannot be used.
    pub node: Result<Node, Box<BadFacts>>,
}

/// Facts that cannot be used: a `bad-input` finding on the facts file, and the message a
/// single-node run stops with.
#[derive(Debug, Clone)]
pub struct BadFacts {
    pub finding: EvalDiag,
    pub message: String,
}

/// What compiling one node gave.
#[derive(Debug)]
pub struct NodeOutcome {
    pub facts_path: PathBuf,
    /// The node's name, when its facts could be used.
    pub name: Option<String>,
    /// What names the node in summaries and findings (see [`node_labels`]).
    pub label: String,
    pub catalog: Option<Catalog>,
    /// A failed compilation's catalog, as far as it went.
    pub failed: Option<Catalog>,
    pub diags: Vec<EvalDiag>,
    /// The errors that failed the compilation, as indices in `diags`, in the order met (the
    /// first is the one Puppet reports).
    pub errors: Vec<usize>,
    /// A panic while compiling (a bug in plint).
    pub panicked: Option<Diagnostic>,
    /// The facts could not be used.
    pub bad_input: bool,
    /// How long the compilation took.
    pub time: Duration,
}

/// Compiles one node with the input `input` makes for it, turning a panic into a `P000`
/// finding.
pub(super) fn compile_node(
    spec: NodeSpec,
    label: String,
    input: impl FnOnce(Node) -> CompileInput,
) -> NodeOutcome {
    let started = Instant::now();
    let mut result = NodeOutcome {
        facts_path: spec.facts_path,
        name: None,
        label,
        catalog: None,
        failed: None,
        diags: Vec::new(),
        errors: Vec::new(),
        panicked: None,
        bad_input: false,
        time: Duration::ZERO,
    };
    match spec.node {
        Err(bad) => {
            result.diags.push(bad.finding);
            result.bad_input = true;
        }
        Ok(node) => {
            result.name = Some(node.name.clone());
            let input = input(node);
            match catch(|| compile(&input)) {
                Ok(output) => {
                    result.catalog = output.catalog;
                    result.failed = output.failed;
                    result.diags = output.diags;
                    result.errors = output.errors;
                    let at = Location {
                        file: spec.facts_at,
                        span: None,
                        line: None,
                    };
                    result.diags.extend(catalog::incomplete_facts_finding(
                        &output.missing_facts,
                        &input.node.facts,
                        at,
                    ));
                }
                Err(payload) => result.panicked = Some(internal_error(payload)),
            }
        }
    }
    result.time = started.elapsed();
    result
}

impl NodeOutcome {
    /// The errors that failed the compilation, in the order the compilation met them (the
    /// first is the one Puppet reports).
    pub fn errors(&self) -> impl Iterator<Item = &EvalDiag> {
        self.errors.iter().filter_map(|&i| self.diags.get(i))
    }

    /// How many findings the node has (a panic counts as one).
    pub fn findings(&self) -> usize {
        self.diags.len() + usize::from(self.panicked.is_some())
    }

    /// The unknown values of the catalog's resources (not the virtual ones) by where they come
    /// from, most frequent first (an unknown inside an array or hash counts once each).
    pub fn unknowns(&self) -> Vec<(String, usize)> {
        let mut origins: Vec<(String, usize)> = Vec::new();
        let Some(catalog) = &self.catalog else {
            return origins;
        };
        for r in catalog.resources().iter().filter(|r| !r.virtual_) {
            for v in r
                .unknown_title
                .iter()
                .chain(r.params.iter().map(|(_, v)| v))
            {
                unknown_origins(v, &mut origins);
            }
        }
        origins.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        origins
    }
}

/// Counts the unknown values in a value by origin.
fn unknown_origins(v: &Value, out: &mut Vec<(String, usize)>) {
    match v {
        Value::Unknown(u) => match out.iter_mut().find(|(o, _)| **o == *u.origin) {
            Some((_, n)) => *n += 1,
            None => out.push((u.origin.to_string(), 1)),
        },
        Value::Array(a) => a.iter().for_each(|e| unknown_origins(e, out)),
        Value::Hash(h) => h.values().for_each(|e| unknown_origins(e, out)),
        Value::Sensitive(inner) => unknown_origins(inner, out),
        _ => {}
    }
}

/// Each node's label: its name (see `facts::node_name`: `--node`, else the facts' own name,
/// `fqdn`, `networking.fqdn`), with its facts file's name when several files name the same
/// node (facterdb's sets all say `foo.example.com`); the facts file's name for facts that give
/// none. `nodes` are the nodes' names and facts files.
pub fn node_labels(nodes: &[(Option<&str>, &Path)]) -> Vec<String> {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (name, _) in nodes {
        if let Some(n) = name {
            *seen.entry(n).or_default() += 1;
        }
    }
    nodes
        .iter()
        .map(|(name, path)| match name {
            Some(n) if seen[n] == 1 => n.to_string(),
            Some(n) => format!("{n} ({})", file_stem(path)),
            None => file_stem(path),
        })
        .collect()
}

pub fn file_stem(p: &Path) -> String {
    p.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "node".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_labels_tell_apart_nodes_of_one_name() {
        let nodes = [
            (
                Some("foo.example.com"),
                Path::new("facts/debian-11-x86_64.facts"),
            ),
            (
                Some("foo.example.com"),
                Path::new("facts/redhat-8-x86_64.facts"),
            ),
            (Some("web1.example.org"), Path::new("facts/web1.json")),
            (None, Path::new("facts/broken.yaml")),
        ];
        assert_eq!(
            node_labels(&nodes),
            [
                "foo.example.com (debian-11-x86_64)",
                "foo.example.com (redhat-8-x86_64)",
                "web1.example.org",
                "broken",
            ]
        );
    }
}
