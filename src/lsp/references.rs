//! Find references (`textDocument/references`): where the class, defined type, resource type,
//! type alias or function at the position is named in the workspace's manifests (the index's
//! manifests and the open documents), or where the variable at the position is read or set in
//! its document (the names [`super::definition`] finds the same definition for). Each name
//! is what [`super::at`] finds at a place where the name's text appears: one reading of what
//! a place names, for definitions, hover and references.

use std::path::{Path, PathBuf};

use super::at::{self, Target};
use super::definition;
use crate::defs::Index;
use crate::syntax::ast::{File, Span};

/// The keywords before a definition's name: a name after one is the declaration itself.
const DECLARING: [&str; 5] = ["class", "define", "function", "type", "plan"];

/// What a reference is to: a kind and a normalized name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    kind: u8,
    /// Lowercase, without leading `::`.
    name: String,
}

impl Named {
    /// The normalized name: lowercase, without leading `::`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The program-wide name `target` names (none for a variable, an attribute, a file, an
    /// expression).
    pub fn of(target: &Target) -> Option<Named> {
        let (kind, name) = match target {
            Target::Class(n) => (0, n),
            Target::Type(n) => (1, n),
            Target::Function(n) => (2, n),
            _ => return None,
        };
        let name = crate::syntax::trim_colons(name).to_ascii_lowercase();
        Some(Named { kind, name })
    }
}

/// The spans of `text` (parsed as `file`) that name `named`; with `declarations`, its
/// definition's own name too.
pub fn in_file(text: &str, file: &File, named: &Named, declarations: bool) -> Vec<Span> {
    let lower = text.to_ascii_lowercase();
    let mut out: Vec<Span> = Vec::new();
    for (at, _) in lower.match_indices(named.name.as_str()) {
        let Some((target, span)) = at::target_at(file, at + 1) else {
            continue;
        };
        if Named::of(&target).as_ref() != Some(named) || out.contains(&span) {
            continue;
        }
        if !declarations && declares(text, span) {
            continue;
        }
        out.push(span);
    }
    out
}

/// Whether the name at `span` follows a definition's keyword (`class x`, `define x`, ...).
fn declares(text: &str, span: Span) -> bool {
    let before = text[..span.start as usize].trim_end();
    DECLARING.iter().any(|k| {
        before.ends_with(k)
            && !before[..before.len() - k.len()]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
    })
}

/// The spans of the document `path` (its `text` parsed as `file`) that name the variable at
/// byte `offset`, named `name`: those whose definition is its definition (or, when it has
/// none the index knows, those of the same name without one). The definition itself when
/// `declarations`.
pub fn variable(
    index: &Index,
    path: &Path,
    text: &str,
    file: &File,
    offset: usize,
    name: &str,
    declarations: bool,
) -> Vec<Span> {
    let wanted = definition::definition(index, path, text, file, offset);
    let needle = format!("${name}");
    let braced = format!("${{{name}");
    let mut out: Vec<Span> = Vec::new();
    let add = |span: Span, out: &mut Vec<Span>| {
        if !out.contains(&span) {
            out.push(span);
        }
    };
    // `$x`, and `${x}` in strings (where the name's span is the name alone).
    let written = text
        .match_indices(needle.as_str())
        .map(|(at, _)| at + 1)
        .chain(text.match_indices(braced.as_str()).map(|(at, _)| at + 2));
    for at in written {
        let Some((Target::Variable(found), span)) = at::target_at(file, at) else {
            continue;
        };
        if found != name {
            continue;
        }
        let place = definition::definition(index, path, text, file, at);
        if place == wanted {
            add(span, &mut out);
        }
    }
    if declarations
        && let Some(definition::Place::Span(p, span)) = &wanted
        && p == path
    {
        add(*span, &mut out);
    }
    out.sort_by_key(|s| s.start);
    out
}

/// The manifests to search: the index's, then the open documents' not among them.
pub fn manifests<'a>(
    indexed: impl Iterator<Item = &'a Path>,
    open: impl Iterator<Item = PathBuf>,
) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = indexed.map(Path::to_path_buf).collect();
    for p in open {
        if p.extension().is_some_and(|e| e == "pp") && !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(text: &str, marker: &str, declarations: bool) -> Vec<String> {
        let ast = crate::syntax::parse(text).ast;
        let offset = text.find(marker).unwrap() + 1;
        let (target, _) = at::target_at(&ast, offset).unwrap();
        let n = Named::of(&target).unwrap();
        in_file(text, &ast, &n, declarations)
            .iter()
            .map(|s| {
                let line = text[..s.start as usize].matches('\n').count() + 1;
                format!("{line}:{}", &text[s.start as usize..s.end as usize])
            })
            .collect()
    }

    #[test]
    fn names_of_a_class_a_type_and_a_function() {
        let text = "class a::b {\n  include a::b\n  a::bb { 'x': }\n  Class['A::B'] -> \
                    Class['a::bb']\n  a::bb { 'y': }\n  $v = a::f(1) + a::f(2)\n}\n\
                    function a::f($x) { $x }\ndefine a::bb { }\n";
        assert_eq!(
            named(text, "a::b {", true),
            ["1:a::b", "2:a::b", "4:'A::B'"]
        );
        assert_eq!(named(text, "a::b {", false), ["2:a::b", "4:'A::B'"]);
        assert_eq!(named(text, "a::bb {", false), ["3:a::bb", "5:a::bb"]);
        // `Class['a::bb']` names a class, not the defined type.
        assert_eq!(named(text, "a::bb {", true).len(), 3);
        assert_eq!(named(text, "a::f(1", true), ["6:a::f", "6:a::f", "8:a::f"]);
    }

    #[test]
    fn a_variable_in_its_scope() {
        let text = "$x = 1\nclass a ($x = 2) {\n  notice($x, \"${x}\")\n}\nnotice($x)\n";
        let ast = crate::syntax::parse(text).ast;
        let path = Path::new("/m/a/manifests/init.pp");
        let spans = |marker: &str, declarations| -> Vec<u32> {
            let offset = text.find(marker).unwrap() + 1;
            variable(Index::empty(), path, text, &ast, offset, "x", declarations)
                .iter()
                .map(|s| s.start)
                .collect()
        };
        let at = |s: &str| text.find(s).unwrap() as u32;
        assert_eq!(spans("$x,", true), [at("$x = 2"), at("$x,"), at("{x}") + 1]);
        assert_eq!(spans("$x)\n", false), [0, text.rfind("$x").unwrap() as u32]);
    }
}
