//! Fuzz target: catalog compilation (`plint --evaluate`) of one node.
//!
//! The input is split at its first line `%%`: before it the main manifest (given as code, as
//! with `-e`), after it the node's facts (JSON if they start with `{`, else YAML, as a facts
//! file without a known extension is read). Without that line the whole input is the manifest
//! and the facts are those of the rules' documentation examples. Nothing is read from disk:
//! there is no module path and no Hiera.
//!
//! The node is compiled; the catalog, if any, is turned into JSON (as `--catalog-out` writes
//! it) and every finding into its P2xx diagnostic.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use plint::eval::catalog::Location;
use plint::eval::compiler::{CompileInput, Manifest, Node, compile};
use plint::report::Severity;
use plint::rules::catalog;

fuzz_target!(|data: &[u8]| {
    let input = String::from_utf8_lossy(data);
    let (manifest, facts) = match input.split_once("\n%%\n") {
        Some((m, f)) => (m, Some(f)),
        None => (&*input, None),
    };
    let (name, facts) = match facts {
        None => ("node.example.com".to_string(), catalog::example_facts()),
        Some(text) => match plint::eval::facts::parse(Path::new("facts"), text) {
            Ok(f) => {
                let name = plint::eval::facts::node_name(&f)
                    .unwrap_or_else(|| "node.example.com".to_string());
                (name, f.values)
            }
            Err(e) => {
                let _ = e.to_eval_diag(text);
                return;
            }
        },
    };
    let input = CompileInput {
        manifest: Manifest::Code(manifest.to_string()),
        sandbox: std::sync::Arc::new(plint::sandbox::Sandbox::new(std::path::Path::new("/"), &[])),
        budgets: Default::default(),
        modulepath: Vec::new(),
        hiera: None,
        environment_dir: None,
        environment: "production".to_string(),
        strict_variables: data.len() % 2 == 1,
        node: Node::new(&name, facts),
    };
    let output = compile(&input);
    if let Some(c) = &output.catalog {
        let _ = serde_json::to_string_pretty(&c.to_json()).unwrap();
    }
    let same_file = |at: &Location| {
        at.file
            .is_none()
            .then_some(at.span)
            .flatten()
            .map(|s| s.start as usize..s.end as usize)
    };
    for d in &output.diags {
        let span = d.at.span.map_or(0..0, |s| s.start as usize..s.end as usize);
        if d.at.file.is_none() {
            assert!(
                span.start <= span.end && span.end <= manifest.len(),
                "span {span:?} outside the manifest"
            );
        }
        let severity = catalog::severity(d, Severity::Warning, input.strict_variables);
        let _ = catalog::diagnostic(d, severity, span, &same_file);
    }
});
