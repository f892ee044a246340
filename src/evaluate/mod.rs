//! `--evaluate`'s library: compiling the catalogs of nodes and turning what the compilations
//! find into diagnostics, for the command line, the tests and the benchmarks.

pub mod environment;
pub mod findings;
pub mod node;
