//! One node's compilation: its input (or the finding that prevents it), what it gave, and the
//! label that names it in summaries and findings.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::eval::catalog::{Catalog, Location};
use crate::eval::compiler::{CompileInput, compile};
use crate::eval::diag::EvalDiag;
use crate::lint::panic::{catch, internal_error};
use crate::report::{Diagnostic, Severity};
use crate::rules::catalog;

/// One node to compile: its facts file and what came of reading it.
pub struct NodeJob {
    pub facts_path: PathBuf,
    /// Where the facts the code reads and the node's facts lack are reported: the facts file,
    /// the facts directory (the same finding of several nodes is then reported once), or
    /// nowhere in particular (`--facts-os` alone: the main manifest).
    pub facts_at: Option<PathBuf>,
    /// The node's compile input, or the finding that prevents compiling it (with the message
    /// for a single-node run's error).
    pub input: Result<CompileInput, Box<(EvalDiag, String)>>,
}

/// What compiling one node gave.
pub struct NodeResult {
    pub facts_path: PathBuf,
    pub name: Option<String>,
    pub catalog: Option<Catalog>,
    /// A failed compilation's catalog, as far as it went.
    pub failed: Option<Catalog>,
    pub diags: Vec<EvalDiag>,
    /// A panic while compiling (a bug in plint).
    pub panicked: Option<Diagnostic>,
    /// The facts could not be used.
    pub bad_input: bool,
}

/// Compiles one node, turning a panic into a `P000` finding.
pub fn compile_node(job: NodeJob) -> NodeResult {
    let mut result = NodeResult {
        facts_path: job.facts_path,
        name: None,
        catalog: None,
        failed: None,
        diags: Vec::new(),
        panicked: None,
        bad_input: false,
    };
    match job.input {
        Err(bad) => {
            result.diags.push(bad.0);
            result.bad_input = true;
        }
        Ok(input) => {
            result.name = Some(input.node.name.clone());
            match catch(|| compile(&input)) {
                Ok(output) => {
                    result.catalog = output.catalog;
                    result.failed = output.failed;
                    result.diags = output.diags;
                    let at = Location {
                        file: job.facts_at,
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
    result
}

/// The findings of a node that fail its compilation (at error level by default).
pub fn node_errors(r: &NodeResult) -> impl Iterator<Item = &EvalDiag> {
    r.diags
        .iter()
        .filter(|d| catalog::rule_for(&d.kind).info().severity == Severity::Error)
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
