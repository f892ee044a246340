//! The nodes of an evaluation and their facts: `--facts` (a file, or a directory of fact files,
//! one node each), `--facts-os` defaults under them, `--fact` settings over them, and the
//! node's name (`--node`, else the facts' own).
//!
//! Resolving the source ([`NodeFacts::resolve`]) fails with a message when the source itself is
//! unusable (no facts given, an empty or unreadable directory, `--node` with a directory). A
//! facts file that cannot be used is not an error there: its node is a [`NodeSpec`] with
//! [`BadFacts`], a `bad-input` finding on that file.

use std::path::{Path, PathBuf};

use super::node::{BadFacts, NodeSpec};
use crate::config::PuppetVersion;
use crate::defs::facts::legacy as legacy_fact;
use crate::eval::catalog::Location;
use crate::eval::compiler::Node;
use crate::eval::diag::{BadInput, EvalDiag, EvalDiagKind};
use crate::eval::facts::{self, Facts, FactsFile};
use crate::sandbox::Sandbox;

/// Where the nodes' facts come from, as the command line gives it.
#[derive(Debug, Clone, Default)]
pub struct FactsSource {
    /// `--facts`: a facts file, or a directory of them (one node each).
    pub facts: Option<PathBuf>,
    /// `--facts-os NAME`: a shipped set of facts under the file's (or alone).
    pub os: Option<String>,
    /// `--fact NAME=VALUE` settings, applied over the facts in order.
    pub settings: Vec<String>,
    /// `--node NAME`: the node's name (one node only).
    pub node: Option<String>,
}

/// A resolved [`FactsSource`]: the files to read and what applies to each.
#[derive(Debug, Clone)]
pub struct NodeFacts {
    source: FactsSource,
    os_defaults: Option<Facts>,
    settings: Vec<facts::FactSetting>,
    files: Vec<PathBuf>,
    directory: bool,
}

impl NodeFacts {
    /// Resolves `source` for the target Puppet `version`, listing a facts directory through
    /// `sandbox`.
    pub fn resolve(
        source: &FactsSource,
        version: PuppetVersion,
        sandbox: &Sandbox,
    ) -> Result<NodeFacts, String> {
        // The facts: `--facts-os` defaults, then the facts file's, then `--fact` settings.
        let os_defaults = match &source.os {
            Some(name) => {
                let mut set = facts::os_facts(name)?;
                // Puppet 8's agents no longer send legacy facts (`include_legacy_facts` is off):
                // a set made for the target Puppet has none.
                if !version.agents_send_legacy_facts() {
                    let legacy: Vec<_> = set
                        .values
                        .keys()
                        .filter(|k| k.as_str().is_some_and(|k| legacy_fact(k).is_some()))
                        .cloned()
                        .collect();
                    for key in &legacy {
                        set.values.remove(key);
                    }
                }
                Some(set)
            }
            None => None,
        };
        let settings = source
            .settings
            .iter()
            .map(|f| facts::FactSetting::parse(f))
            .collect::<Result<Vec<_>, _>>()?;
        let facts_path = match (&source.facts, &source.os) {
            (Some(p), _) => p.clone(),
            (None, Some(name)) => PathBuf::from(format!("--facts-os {name}")),
            (None, None) => {
                return Err(
                    "--evaluate needs --facts FILE (or a directory of fact files) or --facts-os \
                     NAME"
                        .into(),
                );
            }
        };
        let directory = source.facts.is_some() && facts_path.is_dir();
        let files: Vec<PathBuf> = if directory {
            if source.node.is_some() {
                return Err(
                    "--node names one node: with a directory of facts, each node's name comes \
                     from its facts"
                        .into(),
                );
            }
            let files = facts::list_dir(&facts_path, sandbox).map_err(|e| {
                format!(
                    "cannot read the facts directory `{}`: {e}",
                    facts_path.display()
                )
            })?;
            if files.is_empty() {
                return Err(format!(
                    "no fact files (*.json, *.yaml, *.yml, *.facts) in `{}`",
                    facts_path.display()
                ));
            }
            files
        } else {
            vec![facts_path]
        };
        Ok(NodeFacts {
            source: source.clone(),
            os_defaults,
            settings,
            files,
            directory,
        })
    }

    /// Whether the facts are a directory of fact files (one node each).
    pub fn is_directory(&self) -> bool {
        self.directory
    }

    /// The facts files, one per node.
    pub fn files(&self) -> &[PathBuf] {
        &self.files
    }

    /// The node of the facts file `path` (read through `sandbox`).
    pub(super) fn node(&self, path: &Path, sandbox: &Sandbox) -> NodeSpec {
        let file = match (&self.source.facts, &self.os_defaults) {
            (None, Some(defaults)) => FactsFile {
                path: path.to_path_buf(),
                text: String::new(),
                facts: Ok(defaults.clone()),
            },
            _ => facts::read(path, sandbox),
        };
        NodeSpec {
            facts_path: path.to_path_buf(),
            facts_at: self.source.facts.clone(),
            node: self.make_node(&file),
        }
    }

    fn make_node(&self, file: &FactsFile) -> Result<Node, Box<BadFacts>> {
        let mut facts = file.facts.clone().map_err(|e| {
            Box::new(BadFacts {
                finding: e.to_eval_diag(&file.text),
                message: e.to_string(),
            })
        })?;
        if let Some(defaults) = &self.os_defaults {
            facts.values = facts::merge_over(&defaults.values, &facts.values);
        }
        for setting in &self.settings {
            setting.apply(&mut facts.values);
        }
        let name = self
            .source
            .node
            .clone()
            .or_else(|| facts::node_name(&facts))
            .ok_or_else(|| {
                let kind = EvalDiagKind::BadInput {
                    problem: BadInput::NoNodeName,
                };
                let message = format!(
                    "{}: {}",
                    file.path.display(),
                    crate::rules::catalog::message(&kind)
                );
                let at = Location {
                    file: Some(file.path.clone()),
                    span: None,
                    line: None,
                };
                let finding = EvalDiag::new(kind, at);
                Box::new(BadFacts { finding, message })
            })?;
        Ok(Node::new(&name, facts.values))
    }
}
