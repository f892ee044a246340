//! Behaviours of Ruby's core and standard library that Puppet's output shows, each written
//! once here and used by every stage that needs it (`types`, `eval`, `ruby`, the rules).
//! A leaf: it uses nothing else of plint. Each behaviour is checked against Ruby's own output
//! (`scripts/oracle/ruby-core-oracle.rb` writes `tests/ruby_core/`).
//!
//! - [`base64`]: the `Base64` module and `pack('m')`/`unpack('m')`.
//! - [`float`]: Ruby's `Float#to_s`.
//! - [`glob`]: `Dir.glob` over a file system the caller answers.
//! - [`inspect`]: Ruby's `String#inspect`.
//! - [`json`]: Ruby's `JSON.generate` and `JSON.pretty_generate`.
//! - [`yaml`]: the `to_yaml` of Psych.
//! - [`number`]: Ruby's `Integer()` and `Float()` of a string.
//! - [`sprintf`]: Ruby's `Kernel#format`.

pub mod base64;
pub mod float;
pub mod glob;
pub mod inspect;
pub mod json;
pub mod number;
pub mod sprintf;
pub mod yaml;
