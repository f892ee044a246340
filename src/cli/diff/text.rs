//! The words every output of `plint diff` shares: a value as text, a unified diff of two
//! multi-line strings, a list of nodes, the summary of a group's news.

use serde_json::Value as Json;

use crate::diff::{Change, NodeReport, Side, Status};

/// How many node names a group's heading shows before "and N more".
pub const NODES_SHOWN: usize = 5;

/// A value as the catalog writes it, on one line: JSON, an unknown as `unknown TYPE (ORIGIN)`,
/// an unset parameter as `(unset)`.
pub fn value(v: Option<&Json>) -> String {
    match v {
        None => "(unset)".into(),
        Some(j) => match unknown(j) {
            Some(text) => text,
            None => j.to_string(),
        },
    }
}

fn unknown(j: &Json) -> Option<String> {
    let o = j.as_object()?;
    let ty = o.get("__unknown__")?.as_str()?;
    let origin = o.get("origin").and_then(Json::as_str).unwrap_or("");
    Some(format!("unknown {ty} ({origin})"))
}

/// A value shown on one line longer than this is shown as a diff of its lines instead.
const LONG: usize = 100;

/// The two texts of a parameter change shown as a unified diff rather than as values: when
/// either is a string of several lines (a file's content), or a long array or hash (written as
/// JSON, one element a line).
pub fn multi_line(from: Option<&Json>, to: Option<&Json>) -> Option<(String, String)> {
    let lines = |v: Option<&Json>| {
        v.and_then(Json::as_str)
            .is_some_and(|s| s.trim_end_matches('\n').contains('\n'))
    };
    if lines(from) || lines(to) {
        let text = |v: Option<&Json>| v.and_then(Json::as_str).unwrap_or("").to_string();
        return Some((text(from), text(to)));
    }
    let long = |v: Option<&Json>| {
        v.is_some_and(|j| (j.is_array() || j.is_object()) && j.to_string().len() > LONG)
    };
    if long(from) || long(to) {
        let pretty = |v: Option<&Json>| match v {
            Some(j) => serde_json::to_string_pretty(j).unwrap_or_default() + "\n",
            None => String::new(),
        };
        return Some((pretty(from), pretty(to)));
    }
    None
}

/// A unified diff of `from` and `to`, three lines of context, without the file header.
pub fn unified(from: &str, to: &str) -> String {
    let diff = similar::TextDiff::from_lines(from, to);
    let mut out = String::new();
    for hunk in diff.unified_diff().context_radius(3).iter_hunks() {
        out.push_str(&hunk.to_string());
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// Up to [`NODES_SHOWN`] names, then how many more.
pub fn nodes(names: &[&str], quote: &dyn Fn(&str) -> String) -> String {
    let shown: Vec<String> = names.iter().take(NODES_SHOWN).map(|n| quote(n)).collect();
    let mut text = shown.join(", ");
    if names.len() > NODES_SHOWN {
        text.push_str(&format!(" and {} more", names.len() - NODES_SHOWN));
    }
    text
}

/// `1 node`, `3 nodes`.
pub fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// What a group's nodes have in common, in a few words: `no longer compiles`, `3 changes (1
/// resource added, 2 parameters changed)`.
pub fn news(node: &NodeReport) -> String {
    match node.status {
        Status::NowFails => "no longer compiles".into(),
        Status::NowCompiles => "compiles again".into(),
        Status::StillFails => "still fails, with other errors".into(),
        Status::BadFacts => "its facts cannot be used".into(),
        Status::Compiles => {
            let mut kinds: Vec<(&str, usize)> = Vec::new();
            for c in &node.changes {
                let kind = match c {
                    Change::ClassAdded { .. } => "class added",
                    Change::ClassRemoved { .. } => "class removed",
                    Change::ResourceAdded { .. } => "resource added",
                    Change::ResourceRemoved { .. } => "resource removed",
                    Change::ParameterChanged { .. } => "parameter changed",
                    Change::RelationshipAdded { .. } => "relationship added",
                    Change::RelationshipRemoved { .. } => "relationship removed",
                };
                match kinds.iter_mut().find(|(k, _)| *k == kind) {
                    Some((_, n)) => *n += 1,
                    None => kinds.push((kind, 1)),
                }
            }
            let parts: Vec<String> = kinds.iter().map(|(k, n)| plural_kind(*n, k)).collect();
            format!(
                "{} ({})",
                count(node.changes.len(), "change"),
                parts.join(", ")
            )
        }
    }
}

/// `2 parameters changed`: the noun of `kind` (its first word) made plural.
fn plural_kind(n: usize, kind: &str) -> String {
    let (noun, rest) = kind.split_once(' ').unwrap_or((kind, ""));
    let noun = match (n, noun) {
        (1, noun) => noun.to_string(),
        (_, "class") => "classes".to_string(),
        (_, "relationship") => "relationships".to_string(),
        (_, noun) => format!("{noun}s"),
    };
    format!("{n} {noun} {rest}")
}

/// The line of one change, after its sign: what and, for a parameter, from what to what (a
/// multi-line text's diff follows separately).
pub fn change_line(c: &Change) -> String {
    match c {
        Change::ParameterChanged {
            resource,
            parameter,
            from,
            to,
            ..
        } => {
            if multi_line(from.as_ref(), to.as_ref()).is_some() {
                format!("{resource} {parameter}:")
            } else {
                format!(
                    "{resource} {parameter}: {} → {}",
                    value(from.as_ref()),
                    value(to.as_ref())
                )
            }
        }
        other => {
            let line = other.to_string();
            line.get(2..).unwrap_or(&line).to_string()
        }
    }
}

/// `+`, `-` or `~`.
pub fn sign(c: &Change) -> char {
    match c {
        Change::ClassAdded { .. }
        | Change::ResourceAdded { .. }
        | Change::RelationshipAdded { .. } => '+',
        Change::ClassRemoved { .. }
        | Change::ResourceRemoved { .. }
        | Change::RelationshipRemoved { .. } => '-',
        Change::ParameterChanged { .. } => '~',
    }
}

/// At which revision a value is unknown, in words.
pub fn side(s: Side) -> &'static str {
    match s {
        Side::From => "unknown at FROM",
        Side::To => "unknown at TO",
        Side::Both => "unknown at both",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn values_and_diffs() {
        assert_eq!(value(None), "(unset)");
        assert_eq!(value(Some(&json!("a"))), "\"a\"");
        assert_eq!(
            value(Some(
                &json!({"__unknown__": "String", "origin": "lookup('x')"})
            )),
            "unknown String (lookup('x'))"
        );
        let (a, b) = (json!("a\nb\nc\n"), json!("a\nB\nc\n"));
        let (x, y) = multi_line(Some(&a), Some(&b)).unwrap();
        assert_eq!(unified(&x, &y), "@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
        // A long array: one element a line.
        let long = |last: &str| json!(["a".repeat(50), "b".repeat(50), last]);
        let (x, y) = multi_line(Some(&long("c")), Some(&long("d"))).unwrap();
        assert_eq!(
            unified(&x, &y),
            format!(
                "@@ -1,5 +1,5 @@\n [\n   \"{}\",\n   \"{}\",\n-  \"c\"\n+  \"d\"\n ]\n",
                "a".repeat(50),
                "b".repeat(50)
            )
        );
        assert!(multi_line(Some(&json!("a\n")), Some(&json!("b"))).is_none());
    }

    #[test]
    fn node_lists() {
        let names = ["a", "b", "c", "d", "e", "f", "g"];
        assert_eq!(
            nodes(&names, &|n| n.to_string()),
            "a, b, c, d, e and 2 more"
        );
        assert_eq!(plural_kind(2, "class added"), "2 classes added");
        assert_eq!(plural_kind(1, "parameter changed"), "1 parameter changed");
    }
}
