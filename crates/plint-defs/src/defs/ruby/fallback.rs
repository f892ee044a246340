//! The lenient reading of a Ruby file Prism cannot parse: Puppet could not load it either, but
//! a module being edited should not make its callers' checks fail. The names declared
//! (`create_function(:x`, `newfunction(:x`, `newtype(:x`, `register_type(name: 'x'`) are found
//! by a search of the text, outside comment lines; their functions have no signature and their
//! types no attributes and are incomplete, so any call and any attribute is accepted. The
//! variables set are found line by line.

use super::*;

pub(super) fn read(source: &Source) -> Defs {
    let text = source.text.as_str();
    let origin = |at: usize| Origin::Ruby {
        path: source.path.clone(),
        line: line_of(text, at),
    };
    let mut defs = Defs::default();
    match source.kind {
        Kind::Function4x | Kind::Function3x => {
            let (word, kind) = if source.kind == Kind::Function4x {
                ("create_function", FunctionKind::Ruby4x)
            } else {
                // Whether it returns a value is not known: as if it does.
                ("newfunction", FunctionKind::Ruby3x { rvalue: true })
            };
            for (at, rest) in calls(text, word) {
                if let Some(name) = literal_at(rest) {
                    defs.functions.push(FunctionDef {
                        name: name.trim_start_matches("::").to_ascii_lowercase(),
                        kind,
                        signatures: Vec::new(),
                        origin: origin(at),
                    });
                }
            }
            defs.top_variables = variables_set(text);
        }
        Kind::ResourceType => {
            let newtypes =
                calls(text, "newtype").filter_map(|(at, rest)| Some((at, literal_at(rest)?)));
            let rapi = calls(text, "register_type").filter_map(|(at, rest)| {
                // The first `name:` or `:name =>` after the call.
                let k = rest.match_indices("name").find_map(|(k, _)| {
                    let before = rest[..k].chars().next_back();
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                        return None;
                    }
                    let after = &rest[k + 4..];
                    if let Some(v) = after.strip_prefix(':') {
                        (before != Some(':')).then_some(v)
                    } else {
                        let after = after.trim_start_matches(['\'', '"']).trim_start();
                        after.strip_prefix("=>")
                    }
                })?;
                Some((at, literal_at(k)?))
            });
            for (at, name) in newtypes.chain(rapi) {
                defs.resource_types.push(ResourceTypeDef {
                    name: name.to_ascii_lowercase(),
                    attributes: Vec::new(),
                    complete: false,
                    origin: origin(at),
                    title_patterns: None,
                });
            }
        }
    }
    defs
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, at: usize) -> u32 {
    text.as_bytes()[..at]
        .iter()
        .filter(|&&b| b == b'\n')
        .count() as u32
        + 1
}

/// Where `word` stands as a whole word outside comment lines, and the text after it.
fn calls<'a>(text: &'a str, word: &'a str) -> impl Iterator<Item = (usize, &'a str)> + 'a {
    text.match_indices(word).filter_map(move |(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        let ident = |c: char| c.is_alphanumeric() || c == '_';
        if before.is_some_and(|c| ident(c) || c == '@' || c == '$') || after.is_some_and(ident) {
            return None;
        }
        let line_start = text[..at].rfind('\n').map_or(0, |k| k + 1);
        if text[line_start..at].contains('#') {
            return None;
        }
        Some((at, &text[at + word.len()..]))
    })
}

/// The symbol or quoted string at the start of `s` (after spaces and an opening parenthesis).
fn literal_at(s: &str) -> Option<&str> {
    let s = s.trim_start();
    let s = s.strip_prefix('(').unwrap_or(s).trim_start();
    let s = s.strip_prefix(':').unwrap_or(s);
    let name = match s.chars().next()? {
        q @ ('\'' | '"') => {
            let end = s[1..].find(q)?;
            &s[1..1 + end]
        }
        _ => {
            let len = s
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(s.len());
            &s[..len]
        }
    };
    (!name.is_empty()).then_some(name)
}

/// The variables a function sets in the scope it is called from, found line by line:
/// `closure_scope['x'] = v`, `scope['x'] = v`, `scope.setvar('x', v)` (also with `self.` or
/// double quotes), each once, with its 1-based line.
pub(super) fn variables_set(text: &str) -> Vec<(String, u32)> {
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
            let name = if let Some(args) = after.strip_prefix(".setvar(") {
                match quoted(args.trim_start()) {
                    Some((name, _)) => name,
                    None => continue,
                }
            } else if let Some(key) = after.strip_prefix('[') {
                let Some((name, tail)) = quoted(key.trim_start()) else {
                    continue;
                };
                let Some(tail) = tail.trim_start().strip_prefix(']') else {
                    continue;
                };
                let tail = tail.trim_start();
                // An assignment, not a comparison.
                if !tail.starts_with('=') || tail.starts_with("==") || tail.starts_with("=~") {
                    continue;
                }
                name
            } else {
                continue;
            };
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
