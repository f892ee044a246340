//! The Puppet type system: representation, parsing, display, assignability.
