//! The keys of `$facts['...']` (and of a hash fact's own keys, `$facts['os']['...']`): those of
//! the fact file `plint.toml` names (`facts`), else those of plint's built-in fact sets of
//! common operating systems (`rules/facts-os`, `--facts-os`), each with its value's type and
//! an example.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::LazyLock;

use lsp_types::{CompletionItem, CompletionItemKind};

use super::{Item, Lists};
use crate::eval::facts;
use crate::eval::value::{Hash, Value};
use crate::sandbox::Sandbox;

/// How many characters of a value an item's detail shows.
const SHOWN: usize = 40;

/// The keys under `path` of the facts of `file` (when it can be read), else of the built-in
/// fact sets.
pub fn keys(
    file: Option<&Path>,
    sandbox: &Sandbox,
    lists: &Lists<'_>,
    path: &[String],
) -> Vec<CompletionItem> {
    if let Some(file) = file
        && let Ok(read) = facts::read(file, sandbox).facts
    {
        let from = lists.relative(file);
        let Some(hash) = under(&read.values, path) else {
            return Vec::new();
        };
        return hash
            .iter()
            .filter_map(|(k, v)| {
                let detail = format!("{} ({from})", shown(v));
                Some(item(k.as_str()?, detail))
            })
            .collect();
    }
    builtin(path)
}

/// The built-in fact sets, by name (embedded data, parsed once).
static BUILT_IN: LazyLock<Vec<(&'static str, Hash)>> = LazyLock::new(|| {
    facts::os_names()
        .into_iter()
        .filter_map(|name| Some((name, facts::os_facts(name).ok()?.values)))
        .collect()
});

/// The keys under `path` of the built-in fact sets: each with its value in the first set that
/// has it, and how many sets have it.
fn builtin(path: &[String]) -> Vec<CompletionItem> {
    let sets = &*BUILT_IN;
    let mut found: BTreeMap<String, (String, &str, usize)> = BTreeMap::new();
    for (name, set) in sets {
        let Some(hash) = under(set, path) else {
            continue;
        };
        for (k, v) in hash.iter() {
            let Some(k) = k.as_str() else { continue };
            found
                .entry(k.to_string())
                .or_insert_with(|| (shown(v), name, 0))
                .2 += 1;
        }
    }
    found
        .into_iter()
        .map(|(key, (value, first, count))| {
            let detail = format!("{value} ({first}; in {count} of {} fact sets)", sets.len());
            item(&key, detail)
        })
        .collect()
}

fn item(key: &str, detail: String) -> CompletionItem {
    Item::new(key.to_string(), CompletionItemKind::FIELD, detail).done()
}

/// The hash at `path` of `facts`.
fn under<'a>(facts: &'a Hash, path: &[String]) -> Option<&'a Hash> {
    let mut hash = facts;
    for key in path {
        hash = hash.get_str(key)?.as_hash()?;
    }
    Some(hash)
}

/// A value's type and, for a scalar, the value (`String 'Debian'`, `Hash of 4 keys`).
fn shown(v: &Value) -> String {
    match v {
        Value::Hash(h) => format!("Hash of {}", count(h.len(), "key")),
        Value::Array(a) => format!("Array of {}", count(a.len(), "value")),
        Value::String(s) => format!("String '{}'", cut(s)),
        other => format!("{} {}", other.type_name(), cut(&other.to_puppet_string())),
    }
}

/// `1 key`, `2 keys`.
fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

fn cut(s: &str) -> String {
    if s.chars().count() <= SHOWN {
        return s.to_string();
    }
    let mut out: String = s.chars().take(SHOWN).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Without a fact file: the keys of the built-in fact sets, with an example value.
    #[test]
    fn built_in_keys() {
        let shown = |path: &[&str]| -> Vec<String> {
            let path: Vec<String> = path.iter().map(|p| p.to_string()).collect();
            builtin(&path)
                .into_iter()
                .map(|i| format!("{} {}", i.label, i.detail.unwrap_or_default()))
                .collect()
        };
        let os = shown(&["os"]);
        assert!(
            os.contains(&"family String 'RedHat' (almalinux-8; in 14 of 14 fact sets)".into()),
            "{os:?}"
        );
        assert!(
            os.iter().any(|k| k.starts_with("release Hash of ")),
            "{os:?}"
        );
        let top = shown(&[]);
        assert!(
            top.iter().any(|k| k.starts_with("networking Hash of ")),
            "{top:?}"
        );
        assert_eq!(shown(&["kernel"]), Vec::<String>::new());
    }
}
