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

use libfuzzer_sys::fuzz_target;

#[path = "../stages.rs"]
mod stages;

fuzz_target!(|data: &[u8]| stages::evaluate(data));
