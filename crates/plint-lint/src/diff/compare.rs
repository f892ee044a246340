//! Two catalogs of one node compared: what a reviewer needs to know, as data.
//!
//! Resources are matched by type and title. Compared, as Puppet's agent would see a
//! difference: the resources present (classes apart: they are the catalog's class list), each
//! resource's parameters, the relationship metaparameters (`before`, `require`, `notify`,
//! `subscribe`) as sets of references, and the classes. Left out: the order of the resources,
//! of the tags and of the references of a relationship (Puppet's agent reads them as sets), the
//! file and line of a declaration (where, not what), virtual resources (not in the catalog), and
//! the tags (and the `tag` metaparameter that adds to them) unless asked for ([`Options::tags`]; octocatalog-diff leaves them out too).
//!
//! A value plint could not know (an unknown, see [`crate::eval::value`]) on either side is never
//! a change: the parameter is listed among the node's [`Unknown`]s, with why it is unknown. A
//! `Sensitive` value is compared, but its text is never shown.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use serde_json::{Value as Json, json};

use super::{Change, Place, Side, Unknown};
use crate::eval::catalog::{Catalog, Location, RELATIONSHIP_PARAMS, Resource, value_json};
use crate::eval::value::Value;

/// What the text of a `Sensitive` value is shown as.
pub const REDACTED: &str = "Sensitive [value redacted]";

/// How the catalogs are compared.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Report a resource whose tags differ (as sets), as a change of its `tag` parameter.
    pub tags: bool,
}

/// The roots the declarations' files are shown relative to: each revision's files are under its
/// own root (a revision read from git is written into a temporary folder).
pub struct Roots<'a> {
    pub from: &'a Path,
    pub to: &'a Path,
}

/// The changes from `from` to `to`, in a canonical order (classes, then resources by type and
/// title), and the parameters left unknown on either side.
pub fn catalogs(
    from: &Catalog,
    to: &Catalog,
    roots: &Roots<'_>,
    options: Options,
) -> (Vec<Change>, Vec<Unknown>) {
    let mut changes = Vec::new();
    let mut unknown = Vec::new();
    let before: BTreeSet<&str> = from.classes.iter().map(String::as_str).collect();
    let after: BTreeSet<&str> = to.classes.iter().map(String::as_str).collect();
    for class in after.difference(&before) {
        changes.push(Change::ClassAdded {
            class: class.to_string(),
        });
    }
    for class in before.difference(&after) {
        changes.push(Change::ClassRemoved {
            class: class.to_string(),
        });
    }

    let old = resources(from);
    let new = resources(to);
    let mut keys: BTreeSet<&(String, String)> = old.keys().collect();
    keys.extend(new.keys());
    for key in keys {
        let reference = format!("{}[{}]", key.0, key.1);
        match (old.get(key), new.get(key)) {
            (Some(a), Some(b)) => {
                let pair = Pair {
                    reference: &reference,
                    from: a,
                    to: b,
                    at: place(&b.location, roots.to),
                };
                pair.compare(options, &mut changes, &mut unknown);
            }
            (None, Some(b)) if b.type_name != "Class" => changes.push(Change::ResourceAdded {
                resource: reference,
                at: place(&b.location, roots.to),
                parameters: shown_params(b),
            }),
            (Some(a), None) if a.type_name != "Class" => changes.push(Change::ResourceRemoved {
                resource: reference,
                at: place(&a.location, roots.from),
                parameters: shown_params(a),
            }),
            _ => {}
        }
    }
    (changes, unknown)
}

/// The resources of a catalog written out (not virtual), by type and title. A resource whose
/// title is unknown cannot be matched: it is left out.
fn resources(c: &Catalog) -> HashMap<(String, String), &Resource> {
    c.resources()
        .iter()
        .filter(|r| !r.virtual_ && r.unknown_title.is_none())
        .map(|r| ((r.type_name.clone(), r.title.clone()), r))
        .collect()
}

/// Where a declaration is, its file relative to `root` when it is under it.
pub fn place(at: &Location, root: &Path) -> Option<Place> {
    let file = at.file.as_ref()?;
    let shown = file.strip_prefix(root).unwrap_or(file);
    Some(Place {
        file: shown.to_string_lossy().into_owned(),
        line: at.line,
    })
}

/// A parameter's value as shown: as the catalog writes it, a `Sensitive` one redacted.
fn shown(v: &Value) -> Json {
    if contains_sensitive(v) {
        json!(REDACTED)
    } else {
        value_json(v)
    }
}

fn contains_sensitive(v: &Value) -> bool {
    match v {
        Value::Sensitive(_) => true,
        Value::Array(a) => a.iter().any(contains_sensitive),
        Value::Hash(h) => h.iter().any(|(_, v)| contains_sensitive(v)),
        _ => false,
    }
}

/// The parameters of a resource as the catalog writes them (undef left out), by name.
fn shown_params(r: &Resource) -> BTreeMap<String, Json> {
    r.params
        .iter()
        .filter(|(_, v)| !v.is_undef())
        .map(|(n, v)| (n.clone(), shown(v)))
        .collect()
}

/// One resource at both revisions.
struct Pair<'a> {
    reference: &'a str,
    from: &'a Resource,
    to: &'a Resource,
    at: Option<Place>,
}

impl Pair<'_> {
    fn compare(&self, options: Options, changes: &mut Vec<Change>, unknown: &mut Vec<Unknown>) {
        let params = |r: &Resource| -> BTreeMap<String, Value> {
            r.params
                .iter()
                .filter(|(_, v)| !v.is_undef())
                .map(|(n, v)| (n.clone(), v.clone()))
                .collect()
        };
        let (a, b) = (params(self.from), params(self.to));
        let mut names: BTreeSet<&String> = a.keys().collect();
        names.extend(b.keys());
        for name in names {
            let (x, y) = (a.get(name), b.get(name));
            // `tag` adds to the resource's tags, compared as a set below (with `tags`).
            if name == "tag" {
                continue;
            }
            if RELATIONSHIP_PARAMS.contains(&name.as_str()) {
                self.relationships(name, x, y, changes, unknown);
                continue;
            }
            if let Some(side) = unknown_side(x, y) {
                unknown.push(self.unknown(name, side, x.or(y)));
                continue;
            }
            let (jx, jy) = (x.map(value_json), y.map(value_json));
            if jx != jy {
                changes.push(Change::ParameterChanged {
                    resource: self.reference.to_string(),
                    parameter: name.clone(),
                    from: x.map(shown),
                    to: y.map(shown),
                    at: self.at.clone(),
                });
            }
        }
        if options.tags {
            let set = |r: &Resource| r.tags.iter().cloned().collect::<BTreeSet<String>>();
            let (x, y) = (set(self.from), set(self.to));
            if x != y {
                changes.push(Change::ParameterChanged {
                    resource: self.reference.to_string(),
                    parameter: "tag".into(),
                    from: Some(json!(x)),
                    to: Some(json!(y)),
                    at: self.at.clone(),
                });
            }
        }
    }

    /// A relationship metaparameter: the references added and removed, as sets.
    fn relationships(
        &self,
        name: &str,
        x: Option<&Value>,
        y: Option<&Value>,
        changes: &mut Vec<Change>,
        unknown: &mut Vec<Unknown>,
    ) {
        let (refs_x, refs_y) = (references(x), references(y));
        let (Some(refs_x), Some(refs_y)) = (refs_x, refs_y) else {
            if references(x) != references(y) || x.is_some() != y.is_some() {
                let side = match (x.is_some_and(Value::contains_unknown), y) {
                    (true, Some(y)) if y.contains_unknown() => Side::Both,
                    (true, _) => Side::From,
                    _ => Side::To,
                };
                unknown.push(self.unknown(name, side, x.or(y)));
            }
            return;
        };
        for target in refs_y.difference(&refs_x) {
            changes.push(Change::RelationshipAdded {
                resource: self.reference.to_string(),
                relationship: name.to_string(),
                target: target.clone(),
                at: self.at.clone(),
            });
        }
        for target in refs_x.difference(&refs_y) {
            changes.push(Change::RelationshipRemoved {
                resource: self.reference.to_string(),
                relationship: name.to_string(),
                target: target.clone(),
                at: self.at.clone(),
            });
        }
    }

    fn unknown(&self, parameter: &str, side: Side, value: Option<&Value>) -> Unknown {
        let origin = [self.from.param(parameter), self.to.param(parameter)]
            .into_iter()
            .flatten()
            .chain(value)
            .find_map(|v| v.first_unknown())
            .map(|u| u.origin.to_string())
            .unwrap_or_default();
        Unknown {
            resource: self.reference.to_string(),
            parameter: parameter.to_string(),
            side,
            origin,
        }
    }
}

/// Which side of a parameter holds an unknown value where the known parts do not already
/// differ: `None` when both are known, or when what is known differs (a change).
fn unknown_side(x: Option<&Value>, y: Option<&Value>) -> Option<Side> {
    let (ux, uy) = (
        x.is_some_and(Value::contains_unknown),
        y.is_some_and(Value::contains_unknown),
    );
    if !ux && !uy {
        return None;
    }
    let (Some(x), Some(y)) = (x, y) else {
        // Set on one side only, unknown there: whether it changes is not known.
        return Some(if ux { Side::From } else { Side::To });
    };
    match known_parts(&value_json(x), &value_json(y)) {
        Known::Differ => None,
        Known::Agree => Some(match (ux, uy) {
            (true, true) => Side::Both,
            (true, false) => Side::From,
            _ => Side::To,
        }),
    }
}

enum Known {
    Agree,
    Differ,
}

fn is_unknown(j: &Json) -> bool {
    j.as_object().is_some_and(|o| o.contains_key("__unknown__"))
}

/// Whether the known parts of two values (as the catalog writes them) differ: an unknown on
/// either side agrees with anything.
fn known_parts(a: &Json, b: &Json) -> Known {
    if is_unknown(a) || is_unknown(b) {
        return Known::Agree;
    }
    let all = |mut it: Box<dyn Iterator<Item = Known> + '_>| {
        if it.any(|k| matches!(k, Known::Differ)) {
            Known::Differ
        } else {
            Known::Agree
        }
    };
    match (a, b) {
        (Json::Array(x), Json::Array(y)) if x.len() == y.len() => {
            all(Box::new(x.iter().zip(y).map(|(x, y)| known_parts(x, y))))
        }
        (Json::Object(x), Json::Object(y))
            if x.len() == y.len() && x.keys().all(|k| y.contains_key(k)) =>
        {
            all(Box::new(x.iter().map(|(k, v)| known_parts(v, &y[k]))))
        }
        _ if a == b => Known::Agree,
        _ => Known::Differ,
    }
}

/// The references of a relationship parameter as a set (`None` when one is unknown).
fn references(v: Option<&Value>) -> Option<BTreeSet<String>> {
    fn collect(j: &Json, out: &mut BTreeSet<String>) -> bool {
        match j {
            Json::Array(items) => items.iter().all(|i| collect(i, out)),
            Json::Null => true,
            Json::String(s) => {
                out.insert(s.clone());
                true
            }
            j if is_unknown(j) => false,
            j => {
                out.insert(j.to_string());
                true
            }
        }
    }
    let mut out = BTreeSet::new();
    match v {
        Some(v) => collect(&value_json(v), &mut out).then_some(out),
        None => Some(out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::catalog::Resource;

    fn roots() -> Roots<'static> {
        Roots {
            from: Path::new("/a"),
            to: Path::new("/b"),
        }
    }

    fn catalog(resources: Vec<Resource>, classes: &[&str]) -> Catalog {
        let mut c = Catalog::new("n1", "production");
        for r in resources {
            c.add(r).unwrap();
        }
        c.classes = classes.iter().map(|s| s.to_string()).collect();
        c
    }

    fn file(title: &str, params: &[(&str, Value)]) -> Resource {
        let mut r = Resource::new("File", title);
        for (n, v) in params {
            r.set_param(n, v.clone());
        }
        r.location = Location {
            file: Some("/b/site.pp".into()),
            span: None,
            line: Some(3),
        };
        r
    }

    #[test]
    fn every_kind_of_change() {
        let a = catalog(
            vec![
                file("/gone", &[]),
                file(
                    "/f",
                    &[
                        ("mode", Value::string("0644")),
                        (
                            "require",
                            Value::array(vec![
                                Value::resource("File", "/x"),
                                Value::resource("File", "/y"),
                            ]),
                        ),
                    ],
                ),
            ],
            &["settings", "old"],
        );
        let b = catalog(
            vec![
                file("/new", &[]),
                file(
                    "/f",
                    &[
                        ("mode", Value::string("0600")),
                        ("owner", Value::string("root")),
                        (
                            "require",
                            Value::array(vec![
                                Value::resource("File", "/z"),
                                Value::resource("File", "/x"),
                            ]),
                        ),
                    ],
                ),
            ],
            &["settings", "new"],
        );
        let (changes, unknown) = catalogs(&a, &b, &roots(), Options::default());
        assert!(unknown.is_empty());
        let kinds: Vec<String> = changes.iter().map(|c| c.to_string()).collect();
        assert_eq!(
            kinds,
            [
                "+ class new",
                "- class old",
                "~ File[/f] mode",
                "~ File[/f] owner",
                "+ File[/f] require File[/z]",
                "- File[/f] require File[/y]",
                "- File[/gone]",
                "+ File[/new]",
            ]
        );
        let Change::ResourceAdded { at, .. } = &changes[7] else {
            panic!()
        };
        assert_eq!(at.as_ref().unwrap().file, "site.pp");
    }

    #[test]
    fn unknowns_are_never_changes() {
        let u = Value::unknown("String", "template('x/y.erb')");
        let a = catalog(
            vec![file(
                "/f",
                &[
                    ("content", u.clone()),
                    ("mode", Value::string("0644")),
                    ("owner", Value::array(vec![Value::string("a"), u.clone()])),
                    ("group", Value::array(vec![Value::string("a"), u.clone()])),
                ],
            )],
            &[],
        );
        let b = catalog(
            vec![file(
                "/f",
                &[
                    ("content", Value::string("text")),
                    ("mode", u.clone()),
                    ("owner", Value::array(vec![Value::string("a"), u.clone()])),
                    ("group", Value::array(vec![Value::string("b"), u])),
                ],
            )],
            &[],
        );
        let (changes, unknown) = catalogs(&a, &b, &roots(), Options::default());
        // `group`'s known part changed: a change; the others are unknown.
        assert_eq!(changes.len(), 1, "{changes:?}");
        assert_eq!(changes[0].to_string(), "~ File[/f] group");
        let found: Vec<(&str, Side)> = unknown
            .iter()
            .map(|u| (u.parameter.as_str(), u.side))
            .collect();
        assert_eq!(
            found,
            [
                ("content", Side::From),
                ("mode", Side::To),
                ("owner", Side::Both)
            ]
        );
        assert_eq!(unknown[0].origin, "template('x/y.erb')");
    }

    #[test]
    fn ordering_of_tags_and_references_is_not_a_change() {
        let mut x = file(
            "/f",
            &[(
                "before",
                Value::array(vec![
                    Value::resource("File", "/a"),
                    Value::resource("File", "/b"),
                ]),
            )],
        );
        x.tags = vec!["a".into(), "b".into()];
        let mut y = file(
            "/f",
            &[(
                "before",
                Value::array(vec![
                    Value::resource("File", "/b"),
                    Value::array(vec![Value::resource("File", "/a")]),
                ]),
            )],
        );
        y.tags = vec!["b".into(), "a".into()];
        let options = Options { tags: true };
        let (changes, _) = catalogs(
            &catalog(vec![x], &[]),
            &catalog(vec![y.clone()], &[]),
            &roots(),
            options,
        );
        assert!(changes.is_empty(), "{changes:?}");
        let mut z = y.clone();
        z.tags.push("c".into());
        let (changes, _) = catalogs(
            &catalog(vec![y.clone()], &[]),
            &catalog(vec![z.clone()], &[]),
            &roots(),
            options,
        );
        assert_eq!(changes.len(), 1);
        let (changes, _) = catalogs(
            &catalog(vec![y], &[]),
            &catalog(vec![z], &[]),
            &roots(),
            Options::default(),
        );
        assert!(changes.is_empty());
    }

    #[test]
    fn sensitive_values_are_compared_and_redacted() {
        let s = |t: &str| Value::Sensitive(std::sync::Arc::new(Value::string(t)));
        let a = catalog(vec![file("/f", &[("content", s("secret1"))])], &[]);
        let b = catalog(vec![file("/f", &[("content", s("secret2"))])], &[]);
        let (changes, _) = catalogs(&a, &b, &roots(), Options::default());
        let Change::ParameterChanged { from, to, .. } = &changes[0] else {
            panic!()
        };
        assert_eq!(from, &Some(json!(REDACTED)));
        assert_eq!(to, &Some(json!(REDACTED)));
        let (changes, _) = catalogs(&a, &a, &roots(), Options::default());
        assert!(changes.is_empty());
    }
}
