//! The catalog a compilation produces: resources (classes included, as `Class[name]`
//! resources), containment edges and the list of classes, written as Puppet's
//! `catalog.to_data_hash` writes it, so that tools reading Puppet's JSON catalogs read plint's.
//!
//! Relationships (`->`, `~>`, `before`, `require`, `notify`, `subscribe`) are parameters of
//! the resources, as in Puppet's catalog; `edges` are the containment edges only.
//!
//! An unknown value is written as `{"__unknown__": "<type>", "origin": "<why>"}` wherever it
//! occurs.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use serde_json::{Map, Value as Json, json};

use super::value::Value;
use crate::syntax::ast::Span;

/// Where something was declared: a file and a span in it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Location {
    pub file: Option<PathBuf>,
    pub span: Option<Span>,
    /// The 1-based line, as Puppet's catalog gives it.
    pub line: Option<u32>,
}

/// One resource of the catalog.
#[derive(Debug, Clone)]
pub struct Resource {
    /// The type's name, capitalized as Puppet writes it: `File`, `Class`, `Stage`,
    /// `Apache::Vhost`.
    pub type_name: String,
    /// The title (for a class: its name capitalized per segment, `Apache::Mod::Ssl`).
    pub title: String,
    /// The title when it is not known statically (the resource is still in the catalog).
    pub unknown_title: Option<Value>,
    /// Parameters in the order they were set.
    pub params: Vec<(String, Value)>,
    pub tags: Vec<String>,
    pub exported: bool,
    /// Virtual (`@`) and not realized: kept for `realize` and collectors, not written out.
    pub virtual_: bool,
    pub location: Location,
}

impl Resource {
    pub fn new(type_name: impl Into<String>, title: impl Into<String>) -> Self {
        Resource {
            type_name: type_name.into(),
            title: title.into(),
            unknown_title: None,
            params: Vec::new(),
            tags: Vec::new(),
            exported: false,
            virtual_: false,
            location: Location::default(),
        }
    }

    /// `Type[title]`, as edges and relationship parameters write a reference.
    pub fn reference(&self) -> String {
        format!("{}[{}]", self.type_name, self.title)
    }

    pub fn param(&self, name: &str) -> Option<&Value> {
        self.params.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// Sets a parameter, replacing an earlier value in place.
    pub fn set_param(&mut self, name: &str, value: Value) {
        match self.params.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value,
            None => self.params.push((name.to_string(), value)),
        }
    }

    /// Adds a tag unless present (tags are lower case in Puppet's catalog).
    pub fn tag(&mut self, tag: &str) {
        let t = tag.to_ascii_lowercase();
        if !self.tags.contains(&t) {
            self.tags.push(t);
        }
    }
}

/// A containment edge: `source` contains `target`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Edge {
    pub source: String,
    pub target: String,
}

/// A compiled catalog.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    /// The node's name.
    pub name: String,
    pub environment: String,
    resources: Vec<Resource>,
    by_ref: HashMap<(String, String), usize>,
    pub edges: Vec<Edge>,
    /// Every edge ever added (for `add_edge` to skip duplicates in constant time).
    edge_set: HashSet<Edge>,
    /// Classes in the order they were evaluated (lower case names, as Puppet lists them).
    pub classes: Vec<String>,
    /// Tags of the catalog itself.
    pub tags: Vec<String>,
}

impl Catalog {
    pub fn new(name: impl Into<String>, environment: impl Into<String>) -> Self {
        Catalog {
            name: name.into(),
            environment: environment.into(),
            ..Catalog::default()
        }
    }

    /// All resources, virtual ones included, in the order they were added.
    pub fn resources(&self) -> &[Resource] {
        &self.resources
    }

    pub fn resources_mut(&mut self) -> &mut [Resource] {
        &mut self.resources
    }

    /// Adds a resource. If one with the same type and title is there, returns its index as the
    /// error (a duplicate declaration; the caller reports both places).
    pub fn add(&mut self, r: Resource) -> Result<usize, usize> {
        let key = (r.type_name.clone(), r.title.clone());
        if let Some(&i) = self.by_ref.get(&key) {
            return Err(i);
        }
        let i = self.resources.len();
        self.by_ref.insert(key, i);
        self.resources.push(r);
        Ok(i)
    }

    /// The index of the resource `type_name[title]` (type capitalized as Puppet writes it).
    pub fn find(&self, type_name: &str, title: &str) -> Option<usize> {
        self.by_ref
            .get(&(type_name.to_string(), title.to_string()))
            .copied()
    }

    pub fn get(&self, i: usize) -> &Resource {
        &self.resources[i]
    }

    pub fn get_mut(&mut self, i: usize) -> &mut Resource {
        &mut self.resources[i]
    }

    pub fn add_edge(&mut self, source: String, target: String) {
        let e = Edge { source, target };
        if self.edge_set.insert(e.clone()) {
            self.edges.push(e);
        }
    }

    /// The catalog as Puppet's `to_data_hash` writes it (virtual resources left out).
    pub fn to_json(&self) -> Json {
        let resources: Vec<Json> = self
            .resources
            .iter()
            .filter(|r| !r.virtual_)
            .map(resource_json)
            .collect();
        let edges: Vec<Json> = self
            .edges
            .iter()
            .map(|e| json!({"source": e.source, "target": e.target}))
            .collect();
        json!({
            "tags": self.tags,
            "name": self.name,
            "version": 0,
            "code_id": null,
            "catalog_uuid": null,
            "catalog_format": 1,
            "environment": self.environment,
            "resources": resources,
            "edges": edges,
            "classes": self.classes,
        })
    }
}

/// The relationship metaparameters, in the order Puppet's agent builds their edges.
pub const RELATIONSHIP_PARAMS: [&str; 4] = ["require", "subscribe", "before", "notify"];

/// A relationship parameter's value as the catalog writes it: an Array flattened, without its
/// undef entries (as Puppet's `Puppet::Parser::Resource#to_hash`).
fn relationship_value(v: &Value) -> Value {
    fn flatten(v: &Value, out: &mut Vec<Value>) {
        match v {
            Value::Array(items) => items.iter().for_each(|i| flatten(i, out)),
            v if v.is_undef() => {}
            v => out.push(v.clone()),
        }
    }
    match v {
        Value::Array(_) => {
            let mut out = Vec::new();
            flatten(v, &mut out);
            Value::array(out)
        }
        v => v.clone(),
    }
}

fn resource_json(r: &Resource) -> Json {
    let mut o = Map::new();
    o.insert("type".into(), json!(r.type_name));
    match &r.unknown_title {
        Some(v) => o.insert("title".into(), value_json(v)),
        None => o.insert("title".into(), json!(r.title)),
    };
    o.insert("tags".into(), json!(r.tags));
    if let Some(f) = &r.location.file {
        o.insert("file".into(), json!(f.to_string_lossy()));
    }
    if let Some(l) = r.location.line {
        o.insert("line".into(), json!(l));
    }
    o.insert("exported".into(), json!(r.exported));
    let params: Map<String, Json> = r
        .params
        .iter()
        .filter(|(_, v)| !v.is_undef())
        .map(|(n, v)| {
            let json = if RELATIONSHIP_PARAMS.contains(&n.as_str()) {
                value_json(&relationship_value(v))
            } else {
                value_json(v)
            };
            (n.clone(), json)
        })
        .collect();
    if !params.is_empty() {
        o.insert("parameters".into(), Json::Object(params));
    }
    let sensitive: Vec<&str> = r
        .params
        .iter()
        .filter(|(_, v)| matches!(v, Value::Sensitive(_)))
        .map(|(n, _)| n.as_str())
        .collect();
    if !sensitive.is_empty() {
        o.insert("sensitive_parameters".into(), json!(sensitive));
    }
    Json::Object(o)
}

/// A value as Puppet's catalog writes it (rich data as its string form, as Puppet's
/// `to_data_hash` does for types, regexps and references), unknowns as
/// `{"__unknown__": type, "origin": why}`.
pub fn value_json(v: &Value) -> Json {
    match v {
        Value::Undef => Json::Null,
        Value::Default => json!("default"),
        Value::Integer(i) => json!(i),
        Value::Float(f) => serde_json::Number::from_f64(*f)
            .map(Json::Number)
            .unwrap_or_else(|| json!(crate::ruby_core::float::to_s(*f))),
        Value::String(s) => json!(s),
        Value::Boolean(b) => json!(b),
        Value::Array(a) => Json::Array(a.iter().map(value_json).collect()),
        Value::Hash(h) => {
            let mut m = Map::new();
            for (k, v) in h.iter() {
                let key = match k {
                    Value::String(s) => s.clone(),
                    other => other.to_puppet_string(),
                };
                m.insert(key, value_json(v));
            }
            Json::Object(m)
        }
        Value::Sensitive(inner) => value_json(inner),
        Value::Unknown(u) => json!({"__unknown__": u.ty.to_string(), "origin": &*u.origin}),
        // A reference as the catalog writes it: `File[/tmp/x]`, without quotes.
        Value::Resource(r) => json!(format!("{}[{}]", r.type_name, r.title)),
        Value::Regexp(_)
        | Value::Type(_)
        | Value::Binary(_)
        | Value::Timestamp(_)
        | Value::Timespan(_) => {
            json!(v.to_puppet_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicates_are_refused_with_the_first_index() {
        let mut c = Catalog::new("n1", "production");
        assert_eq!(c.add(Resource::new("File", "/a")), Ok(0));
        assert_eq!(c.add(Resource::new("File", "/b")), Ok(1));
        assert_eq!(c.add(Resource::new("File", "/a")), Err(0));
        assert_eq!(c.find("File", "/b"), Some(1));
    }

    #[test]
    fn edges_are_added_once() {
        let mut c = Catalog::new("n1", "production");
        for _ in 0..2 {
            c.add_edge("Class[A]".into(), "File[/a]".into());
            c.add_edge("Class[A]".into(), "File[/b]".into());
        }
        assert_eq!(c.edges.len(), 2);
    }

    #[test]
    fn unknowns_are_marked_in_json() {
        let mut r = Resource::new("File", "/etc/ntp.conf");
        r.set_param(
            "content",
            Value::unknown("String", "template('ntp/ntp.conf.erb')"),
        );
        r.set_param("mode", Value::string("0644"));
        let j = resource_json(&r);
        assert_eq!(
            j["parameters"]["content"],
            json!({"__unknown__": "String", "origin": "template('ntp/ntp.conf.erb')"})
        );
        assert_eq!(j["parameters"]["mode"], json!("0644"));
    }
}
