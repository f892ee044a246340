//! Ruby functions and resource types, read as text (never run).
//!
//! A small tolerant scanner: `Lexed` blanks out comments, string contents, heredoc bodies and
//! regular expressions (keeping every byte's position, so the structure is read from the
//! blanked text and values from the original), finds the calls of interest
//! (`create_function`, `dispatch` and its parameter methods, `newfunction`, `newtype`,
//! `newparam`, `newproperty`, `ensurable`, `newvalues`, `register_type`) with their arguments
//! and their `do ... end` / `{ ... }` blocks, and makes definitions of them. What it does not
//! understand makes a definition looser (`Any`), never stricter.
//!
//! - 4.x functions (`lib/puppet/functions/**/*.rb`): one [`Signature`] per `dispatch` block, in
//!   order; a function without `dispatch` gets the signature of its method named after the
//!   function (`def min(a, b = 1, *rest, &block)`: `Any` parameters), or none (any call is
//!   accepted) when that method is not found. Types that use the function's `local_types`
//!   aliases become `Any`.
//! - 3.x functions (`lib/puppet/parser/functions/*.rb`): `newfunction(:name, :type => :rvalue,
//!   :arity => n)`; arity `n >= 0` is `n` parameters, `-n-1` at least `n`; without an arity,
//!   no signature (any call is accepted).
//! - resource types (`lib/puppet/type/*.rb`): `Puppet::Type.newtype(:name)` with `newparam`,
//!   `newproperty`, `ensurable`, `newvalues` / `newvalue` / `aliasvalue`, namevars
//!   (`:namevar => true`, `isnamevar`); and Resource API types
//!   (`Puppet::ResourceApi.register_type(name: ..., attributes: { ... })`).

use std::ops::Range;
use std::path::PathBuf;

use super::model::{
    AttributeDef, AttributeKind, BlockParam, FunctionDef, FunctionKind, Origin, ParamKind,
    ResourceTypeDef, SigParam, Signature, TypeSrc,
};

/// What a Ruby file defines, by where it is.
mod functions;
mod lexer;
#[cfg(test)]
mod tests;
mod types;

use functions::*;
use lexer::*;
use types::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `lib/puppet/functions/**/*.rb`
    Function4x,
    /// `lib/puppet/parser/functions/*.rb`
    Function3x,
    /// `lib/puppet/type/*.rb`
    ResourceType,
}

/// A Ruby file to scan.
#[derive(Debug, Clone)]
pub struct Source {
    pub path: PathBuf,
    pub text: String,
    pub kind: Kind,
}

/// What a Ruby file defines.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Defs {
    pub functions: Vec<FunctionDef>,
    pub resource_types: Vec<ResourceTypeDef>,
    /// Top-scope variables a function sets (`closure_scope['x'] = ...`, `scope['x'] = ...`,
    /// `scope.setvar('x', ...)`), with the 1-based line.
    pub top_variables: Vec<(String, u32)>,
}

/// Scans one file.
pub fn scan(source: &Source) -> Defs {
    let lexed = Lexed::new(&source.text);
    let mut defs = Defs::default();
    match source.kind {
        Kind::Function4x => {
            defs.functions.extend(functions_4x(&lexed, &source.path));
            defs.top_variables = variables_set(&source.text);
        }
        Kind::Function3x => {
            defs.functions.extend(functions_3x(&lexed, &source.path));
            defs.top_variables = variables_set(&source.text);
        }
        Kind::ResourceType => {
            defs.resource_types.extend(newtypes(&lexed, &source.path));
            defs.resource_types
                .extend(resource_api_types(&lexed, &source.path));
        }
    }
    defs
}

/// The variables a function sets in the scope it is called from (which is top scope when it
/// is called there): `closure_scope['x'] = v`, `scope['x'] = v`, `scope.setvar('x', v)`
/// (also with `self.` or double quotes), each once, with its 1-based line. Names made at run
/// time (`scope[name] = v`) are not read.
fn variables_set(text: &str) -> Vec<(String, u32)> {
    let mut out: Vec<(String, u32)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.split('#').next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("scope") {
            let before = &rest[..at];
            let after = &rest[at + "scope".len()..];
            rest = after;
            // `closure_scope`, `scope`, `self.scope`; not `myscope` or `scope_x`.
            let word_start = before
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_') || before.ends_with("closure_"));
            if !word_start {
                continue;
            }
            let (name, tail) = if let Some(args) = after.strip_prefix(".setvar(") {
                match quoted(args.trim_start()) {
                    Some(q) => q,
                    None => continue,
                }
            } else if let Some(key) = after.strip_prefix('[') {
                match quoted(key.trim_start()) {
                    Some((name, tail)) => {
                        let tail = tail.trim_start();
                        let Some(tail) = tail.strip_prefix(']') else {
                            continue;
                        };
                        let tail = tail.trim_start();
                        // An assignment, not a comparison.
                        if !tail.starts_with('=')
                            || tail.starts_with("==")
                            || tail.starts_with("=~")
                        {
                            continue;
                        }
                        (name, tail)
                    }
                    None => continue,
                }
            } else {
                continue;
            };
            let _ = tail;
            let name = name.trim_start_matches("::");
            if !name.is_empty()
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && !out.iter().any(|(n, _)| n == name)
            {
                out.push((name.to_string(), i as u32 + 1));
            }
        }
    }
    out
}

/// The text of a string literal at the start of `s` (single or double quotes, no escapes)
/// and what follows it.
fn quoted(s: &str) -> Option<(&str, &str)> {
    let quote = s.chars().next().filter(|c| *c == '\'' || *c == '"')?;
    let end = s[1..].find(quote)?;
    Some((&s[1..1 + end], &s[2 + end..]))
}
