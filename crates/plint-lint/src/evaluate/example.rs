//! Documentation examples and fixtures of the catalog rules, compiled through an evaluate
//! [`Session`] as `plint --evaluate -e CODE --node node.example.com` compiles them.

use std::path::{Path, PathBuf};

use super::{BadFacts, NodeSpec, Session, Target};
use crate::config::{CliOptions, PuppetVersion, Settings};
use crate::eval::compiler::Node;
use crate::eval::facts;
use crate::report::Diagnostic;
use crate::rules::catalog::example_facts;
use crate::rules::registry::Selection;
use crate::sandbox::Sandbox;
use crate::syntax::ast::Span;

/// The name of the node an example is compiled for.
pub const EXAMPLE_NODE: &str = "node.example.com";

/// What a first line `# facts: <JSON>` of an example starts with.
const FACTS: &str = "# facts:";

/// Compiles a documentation example (a manifest given as code) for a node and returns the
/// findings of the selected catalog rules, as `plint --evaluate -e CODE` would. A first line
/// `# facts: <JSON>` gives the node's facts (a problem with them is a `bad-input` finding).
pub fn check_example(source: &str, selection: &Selection) -> Vec<Diagnostic> {
    check_example_with(source, selection, &[])
}

/// [`check_example`] with modules: `modulepath` lists folders of modules (their manifests,
/// functions and types are found as `plint --evaluate --modulepath` finds them).
pub fn check_example_with(
    source: &str,
    selection: &Selection,
    modulepath: &[PathBuf],
) -> Vec<Diagnostic> {
    let session = match example_session(source, modulepath) {
        Ok(session) => session.with_selection(selection.clone()),
        Err(e) => panic!("an example's session: {e}"),
    };
    let outcomes = session.compile_nodes(vec![example_node(source)]);
    session
        .findings(&outcomes)
        .into_reports()
        .iter()
        .flat_map(|r| r.diagnostics().to_vec())
        .collect()
}

/// The session an example is compiled in: Puppet 7's settings, no configuration file, the code
/// as the main manifest, `modulepath` as the module path, one worker thread.
fn example_session(source: &str, modulepath: &[PathBuf]) -> Result<Session, String> {
    let root = Path::new("/");
    let mut sandbox = Sandbox::new(root, modulepath);
    let options = CliOptions {
        no_config: true,
        puppet_version: Some(PuppetVersion::V7),
        ..CliOptions::default()
    };
    let settings = Settings::load(&options, root, &mut sandbox).map_err(|e| e.message)?;
    let target = Target {
        code: Some(source.to_string()),
        basemodulepath: modulepath.to_vec(),
        ..Target::default()
    };
    Session::new(root.to_path_buf(), settings, sandbox, target, 1)
}

/// The node of an example: [`EXAMPLE_NODE`] with [`example_facts`], or the facts of its first
/// line `# facts: <JSON>`.
pub fn example_node(source: &str) -> NodeSpec {
    let node = match source.lines().next().and_then(|l| l.strip_prefix(FACTS)) {
        Some(json) => match facts::parse(Path::new("facts.json"), json) {
            Ok(f) => Ok(Node::new(EXAMPLE_NODE, f.values)),
            Err(e) => {
                // Located in the example's first line.
                let mut finding = e.to_eval_diag(json);
                finding.at.file = None;
                finding.at.span = finding.at.span.map(|s| {
                    Span::new(s.start as usize + FACTS.len(), s.end as usize + FACTS.len())
                });
                let message = e.to_string();
                Err(Box::new(BadFacts { finding, message }))
            }
        },
        None => Ok(Node::new(EXAMPLE_NODE, example_facts())),
    };
    NodeSpec {
        facts_path: PathBuf::from("facts.json"),
        facts_at: None,
        node,
    }
}
