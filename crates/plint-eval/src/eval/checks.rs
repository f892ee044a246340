//! Checks of a compiled catalog, as pure functions of the catalog model: what Puppet 7 reports
//! after compiling (dangling relationships, unknown attributes) and what the agent reports
//! before applying (relationships to resources left out of the agent's catalog, dependency
//! cycles).
//!
//! Each check returns [`EvalDiag`]s, whose rules write Puppet's messages. Puppet stops at the first error; the
//! checks report every one, in catalog order.
//!
//! References resolve as in Puppet's catalog: by type and title (a class title in any case of
//! its name, `'Class[foo]'` as `Class[Foo]`), then by alias: the `alias` metaparameter, and
//! the namevar's value when it differs from the title (`file { 'x': path => '/a' }` is
//! `File['/a']` too; not for `exec` and `tidy`, whose names are not the managed object's
//! identity). A file's title and path are compared without trailing slashes. A reference held
//! as a string (`'File[/a]'`) is parsed as Puppet parses it (`Type[title]`, the type's
//! segments capitalized unless it starts with a capital letter).
//!
//! The agent's catalog is the compiled one without its virtual resources: those never
//! realized, and exported ones (Puppet's exported resources are virtual too) not collected by
//! a `<| |>` collector of the same catalog; the server filters them out.

use std::collections::{HashMap, HashSet};

use super::catalog::{Catalog, Location, Resource};
use super::diag::{BadAttribute, Dangling, EvalDiag, EvalDiagKind, Related};
use super::value::Value;
use crate::defs::{Index, builtins};

pub use crate::eval::catalog::RELATIONSHIP_PARAMS;

/// Every catalog check: relationships, attributes, cycles.
pub fn check_catalog(cat: &Catalog, index: Option<&Index>) -> Vec<EvalDiag> {
    let mut out = check_attributes(cat, index);
    out.extend(check_relationships(cat, index));
    out.extend(check_cycles(cat, index));
    out
}

// ------------------------------------------------------------------------- references

pub use crate::types::capitalize_segments;

/// A class's title as the catalog keys it: its name without a leading `::`, capitalized per
/// segment (`apache::mod::ssl` -> `Apache::Mod::Ssl`, `main` -> `Main`).
fn class_title(name: &str) -> String {
    let n = name.trim_start_matches("::").to_lowercase();
    if n.is_empty() {
        return "Main".into();
    }
    capitalize_segments(&n)
}

/// How a resource is written in Puppet's messages: `File[/a]`, `Class[Apache::Vhost]`.
pub fn display_ref(r: &Resource) -> String {
    if r.type_name == "Class" {
        format!("Class[{}]", class_title(&r.title))
    } else {
        r.reference()
    }
}

/// `Type[title]` split as Puppet splits a reference string (the title is everything between
/// the first `[` and the last `]`, not empty; the type has no brackets).
pub fn parse_reference(s: &str) -> Option<(&str, &str)> {
    let open = s.find('[')?;
    let inner = s.strip_suffix(']')?;
    let (ty, title) = (&inner[..open], &inner[open + 1..]);
    if ty.is_empty() || title.is_empty() || ty.contains(']') {
        return None;
    }
    Some((ty, title))
}

/// One reference named by a relationship value.
#[derive(Debug, Clone, PartialEq)]
enum Ref {
    /// Type (capitalized) and title, as the catalog is searched; `shown` is how Puppet's
    /// compiler prints it (`r.to_s`); `canonical` how the agent prints it.
    Named {
        ty: String,
        title: String,
        shown: String,
        canonical: String,
    },
    /// Not a reference: Puppet's message.
    Invalid(String),
}

/// The references a relationship value names, flattened (undef and unknowns left out).
fn references(v: &Value, out: &mut Vec<Ref>) {
    match v {
        Value::Undef | Value::Unknown(_) => {}
        Value::Array(items) => items.iter().for_each(|i| references(i, out)),
        Value::Resource(r) => {
            let ty = capitalize_segments(r.type_name.trim_start_matches("::"));
            let title = if ty == "Class" {
                class_title(&r.title)
            } else {
                r.title.clone()
            };
            let shown = format!("{ty}[{title}]");
            out.push(Ref::Named {
                ty,
                title,
                canonical: shown.clone(),
                shown,
            });
        }
        Value::String(s) => out.push(string_reference(s)),
        Value::Type(t) => {
            let s = t.to_string();
            match parse_reference(&s) {
                Some(_) => out.push(string_reference(&s)),
                None => out.push(Ref::Invalid(invalid_reference(&format!("{s}[]")))),
            }
        }
        other if other.contains_unknown() => {}
        other => out.push(string_reference(&other.to_puppet_string())),
    }
}

fn invalid_reference(s: &str) -> String {
    format!(
        "No title provided and {} is not a valid resource reference",
        crate::ruby_core::inspect::inspect(s)
    )
}

fn string_reference(s: &str) -> Ref {
    let Some((ty, title)) = parse_reference(s) else {
        return Ref::Invalid(invalid_reference(s));
    };
    let ty = capitalize_segments(ty);
    let title = if ty == "Class" {
        capitalize_segments(title)
    } else {
        title.to_string()
    };
    Ref::Named {
        canonical: format!("{ty}[{title}]"),
        ty,
        title,
        shown: s.to_string(),
    }
}

/// Whether a type's names are the identity of what it manages (Puppet's `isomorphic?`): all
/// but `exec` and `tidy`.
fn isomorphic(type_lower: &str) -> bool {
    !matches!(type_lower, "exec" | "tidy")
}

/// A title or namevar value as the catalog keys it for the type.
pub(crate) fn title_key(ty: &str, title: &str) -> String {
    match ty {
        "Class" => class_title(title),
        // `file`'s title pattern: trailing slashes are not part of the path.
        "File" => {
            let t = title.trim_end_matches('/');
            if t.is_empty() && !title.is_empty() {
                "/".to_string()
            } else if t.ends_with(':') && t.len() < title.len() {
                format!("{t}/")
            } else {
                t.to_string()
            }
        }
        _ => title.to_string(),
    }
}

/// The name of the namevar of a resource's type: `path` for file, `command` for exec, `name`
/// for defined types and most others.
fn namevar(type_lower: &str, index: Option<&Index>) -> Option<String> {
    if let Some(t) = builtins::resource_type(type_lower) {
        return t.namevars().next().map(|a| a.name.clone());
    }
    if let Some(t) = index.and_then(|i| i.resource_type(type_lower)) {
        return t.namevars().next().map(|a| a.name.clone());
    }
    Some("name".into())
}

/// Finds resources by reference as Puppet's catalog does (titles, then aliases).
pub struct RefLookup {
    by_key: HashMap<(String, String), usize>,
}

impl RefLookup {
    pub fn new(cat: &Catalog, index: Option<&Index>) -> Self {
        let mut by_key = HashMap::with_capacity(cat.resources().len());
        for (i, r) in cat.resources().iter().enumerate() {
            if r.unknown_title.is_none() {
                by_key
                    .entry((r.type_name.clone(), title_key(&r.type_name, &r.title)))
                    .or_insert(i);
            }
        }
        for (i, r) in cat.resources().iter().enumerate() {
            let mut aliases: Vec<&str> = Vec::new();
            if let Some(v) = r.param("alias") {
                match v {
                    Value::String(s) => aliases.push(s),
                    Value::Array(items) => aliases.extend(items.iter().filter_map(Value::as_str)),
                    _ => {}
                }
            }
            let lower = r.type_name.to_ascii_lowercase();
            if !matches!(lower.as_str(), "class" | "node")
                && isomorphic(&lower)
                && let Some(nv) = namevar(&lower, index)
                && let Some(Value::String(s)) = r.param(&nv)
            {
                aliases.push(s);
            }
            for a in aliases {
                by_key
                    .entry((r.type_name.clone(), title_key(&r.type_name, a)))
                    .or_insert(i);
            }
        }
        RefLookup { by_key }
    }

    /// The resource `ty[title]` (type capitalized as the catalog writes it; a class by its
    /// name in any case).
    pub fn find(&self, ty: &str, title: &str) -> Option<usize> {
        self.by_key
            .get(&(ty.to_string(), title_key(ty, title)))
            .copied()
    }

    fn find_ref(&self, r: &Ref) -> Option<usize> {
        match r {
            // A class title is already in its final form (`'Class[FOO]'` is not `Class[Foo]`).
            Ref::Named { ty, title, .. } if ty == "Class" => {
                self.by_key.get(&(ty.clone(), title.clone())).copied()
            }
            Ref::Named { ty, title, .. } => self.find(ty, title),
            Ref::Invalid(_) => None,
        }
    }
}

/// Whether the resource is in the catalog the agent applies: not virtual (an exported
/// resource is virtual until a collector of this catalog collects it).
pub fn in_agent_catalog(r: &Resource) -> bool {
    !r.virtual_
}

/// The resources a relationship operand or metaparameter value names (a reference, a
/// `'Type[title]'` string, or an array of them, nested or not; undef and unknown values name
/// nothing). The error is Puppet's message for the first reference that is not valid or not
/// in the catalog (virtual resources count as in it, as at compile time).
pub fn resolve_reference(cat: &Catalog, v: &Value) -> Result<Vec<usize>, String> {
    RefLookup::new(cat, None).resolve(v)
}

impl RefLookup {
    /// [`resolve_reference`] with this lookup (build it once for many references: it reads the
    /// whole catalog).
    pub fn resolve(&self, v: &Value) -> Result<Vec<usize>, String> {
        let mut refs = Vec::new();
        references(v, &mut refs);
        let mut out = Vec::with_capacity(refs.len());
        for r in &refs {
            match r {
                Ref::Invalid(m) => return Err(m.clone()),
                Ref::Named { shown, .. } => match self.find_ref(r) {
                    Some(i) => out.push(i),
                    None => return Err(format!("Could not find resource '{shown}'")),
                },
            }
        }
        Ok(out)
    }
}

/// A relationship arrow between two evaluated operands, as Puppet's compiler applies it at the
/// end of a compilation: for each source and target (a reference or an array of them), the
/// target's reference is appended to the source's `before` (`->`) or `notify` (`~>`, with
/// `notify`) parameter, which becomes an array. `<-` and `<~` are these with the operands
/// swapped. Unknown operands are skipped. The error is Puppet's message for a source or target
/// not in the catalog.
pub fn add_relationship(
    cat: &mut Catalog,
    source: &Value,
    target: &Value,
    notify: bool,
) -> Result<(), String> {
    let lookup = RefLookup::new(cat, None);
    add_relationship_with(cat, &lookup, source, target, notify)
}

/// [`add_relationship`] with a lookup built once for all the relationships of a compilation
/// (adding relationships does not change what references resolve to).
pub fn add_relationship_with(
    cat: &mut Catalog,
    lookup: &RefLookup,
    source: &Value,
    target: &Value,
    notify: bool,
) -> Result<(), String> {
    let mut sources = Vec::new();
    references(source, &mut sources);
    let mut targets = Vec::new();
    references(target, &mut targets);
    let param = if notify { "notify" } else { "before" };
    for s in &sources {
        for t in &targets {
            let (s_shown, t_shown) = (shown(s), shown(t));
            let Some(si) = lookup.find_ref(s) else {
                return Err(match s {
                    Ref::Invalid(m) => m.clone(),
                    Ref::Named { .. } => format!(
                        "Could not find resource '{s_shown}' for relationship on '{t_shown}'"
                    ),
                });
            };
            if lookup.find_ref(t).is_none() {
                return Err(match t {
                    Ref::Invalid(m) => m.clone(),
                    Ref::Named { .. } => format!(
                        "Could not find resource '{t_shown}' for relationship from '{s_shown}'"
                    ),
                });
            }
            let r = cat.get_mut(si);
            let mut items = match r.param(param) {
                None | Some(Value::Undef) => Vec::new(),
                Some(Value::Array(a)) => a.as_ref().clone(),
                Some(other) => vec![other.clone()],
            };
            items.push(Value::string(t_shown));
            r.set_param(param, Value::array(items));
        }
    }
    Ok(())
}

fn shown(r: &Ref) -> String {
    match r {
        Ref::Named { canonical, .. } => canonical.clone(),
        Ref::Invalid(m) => m.clone(),
    }
}

/// Relationship metaparameters naming resources that are not in the catalog: Puppet's
/// compiler fails with "Could not find resource 'File[/x]' in parameter 'require'" (or "No
/// title provided and ... is not a valid resource reference" for a value that is not a
/// reference); one naming a resource the agent does not get (virtual: never realized, or
/// exported and not collected) makes the agent fail with "Could not find dependency File[/x] for File[/a]"
/// (`require`, `subscribe`) or "Could not find dependent ..." (`before`, `notify`).
pub fn check_relationships(cat: &Catalog, index: Option<&Index>) -> Vec<EvalDiag> {
    let lookup = RefLookup::new(cat, index);
    let mut out = Vec::new();
    let mut refs = Vec::new();
    for r in cat.resources() {
        // Puppet's validator skips virtual resources.
        if !in_agent_catalog(r) {
            continue;
        }
        for (name, value) in &r.params {
            let name = name.as_str();
            if !RELATIONSHIP_PARAMS.contains(&name) {
                continue;
            }
            refs.clear();
            references(value, &mut refs);
            for reference in &refs {
                let named = match reference {
                    Ref::Invalid(m) => Dangling::Invalid { message: m.clone() },
                    Ref::Named {
                        shown, canonical, ..
                    } => match lookup.find_ref(reference) {
                        None => Dangling::Parameter {
                            reference: shown.clone(),
                            param: name.to_string(),
                        },
                        Some(t) if !in_agent_catalog(cat.get(t)) => Dangling::Agent {
                            reference: canonical.clone(),
                            dependency: matches!(name, "require" | "subscribe"),
                            of: display_ref(r),
                        },
                        Some(_) => continue,
                    },
                };
                let mut related = Vec::new();
                if let Some(t) = lookup.find_ref(reference) {
                    let t = cat.get(t);
                    let why = if t.exported {
                        Related::Exported
                    } else {
                        Related::NeverRealized
                    };
                    related.push((t.location.clone(), why));
                }
                out.push(EvalDiag {
                    kind: EvalDiagKind::DanglingRelationship { named },
                    at: r.location.clone(),
                    related,
                    in_templates: Vec::new(),
                });
            }
        }
    }
    out
}

// ------------------------------------------------------------------------- attributes

/// What a resource's type accepts, as far as it is known.
enum Accepts<'a> {
    /// A core or custom resource type with a complete attribute list.
    Native(&'a crate::defs::model::ResourceTypeDef),
    /// A defined type or a class: its parameters.
    Definition(&'a crate::defs::model::ClassDef),
    /// Not known (an unknown type, a custom type whose attributes are not all known).
    Unknown,
}

fn accepts<'a>(r: &Resource, index: Option<&'a Index>) -> Accepts<'a> {
    if r.type_name == "Class" {
        return match index.and_then(|i| i.class(&r.title.to_lowercase())) {
            Some(c) => Accepts::Definition(c),
            None => Accepts::Unknown,
        };
    }
    let lower = r.type_name.to_ascii_lowercase();
    if let Some(t) = builtins::resource_type(&lower) {
        return Accepts::Native(t);
    }
    let Some(index) = index else {
        return Accepts::Unknown;
    };
    if let Some(t) = index.resource_type(&lower) {
        return if t.complete {
            Accepts::Native(t)
        } else {
            Accepts::Unknown
        };
    }
    match index.define(&lower) {
        Some(d) => Accepts::Definition(d),
        None => Accepts::Unknown,
    }
}

/// Parameters a resource's type does not have. For a core type or a module's custom type
/// (when the index knows all its attributes) Puppet's message is "no parameter named 'x' on
/// File\[/a\]", one per parameter; for a defined type or a class, "D\[a\]: has no parameter named
/// 'x'", all of the resource's in one message, as Puppet gives them. `stage` on anything but a
/// class is Puppet's "Only classes can set 'stage'; ..." error. Virtual resources are checked
/// too (Puppet checks them when they are declared).
pub fn check_attributes(cat: &Catalog, index: Option<&Index>) -> Vec<EvalDiag> {
    let mut out = Vec::new();
    for r in cat.resources() {
        let is_class = r.type_name == "Class";
        let diag = |problem: BadAttribute| {
            let resource = display_ref(r);
            let kind = EvalDiagKind::UnknownAttribute { resource, problem };
            EvalDiag::new(kind, r.location.clone())
        };
        if !is_class && r.param("stage").is_some() {
            out.push(diag(BadAttribute::Stage));
        }
        let meta = |n: &str| builtins::metaparameter(n).is_some();
        match accepts(r, index) {
            Accepts::Unknown => {}
            Accepts::Native(t) => {
                let has_namevar = t.namevars().next().is_some();
                for (name, _) in &r.params {
                    let known = t.attribute(name).is_some()
                        || meta(name)
                        || (name == "name" && has_namevar);
                    if !known {
                        out.push(diag(BadAttribute::Native(name.clone())));
                    }
                }
            }
            Accepts::Definition(d) => {
                let unknown: Vec<String> = r
                    .params
                    .iter()
                    .map(|(n, _)| n)
                    .filter(|n| !(d.param(n).is_some() || meta(n) || *n == "name"))
                    .cloned()
                    .collect();
                if !unknown.is_empty() {
                    out.push(diag(BadAttribute::Defined(unknown)));
                }
            }
        }
    }
    out
}

// ------------------------------------------------------------------------- cycles

/// A directed graph with Puppet's `SimpleGraph` adjacency order: a vertex's successors in the
/// order their first edge was added; removing the last edge to a successor forgets it, so that
/// adding one again puts it last.
struct Graph {
    out: Vec<Vec<u32>>,
    inn: Vec<Vec<u32>>,
    edges: HashSet<(u32, u32)>,
    alive: Vec<bool>,
}

impl Graph {
    fn new(n: usize) -> Self {
        Graph {
            out: vec![Vec::new(); n],
            inn: vec![Vec::new(); n],
            edges: HashSet::new(),
            alive: vec![true; n],
        }
    }

    fn add_vertex(&mut self) -> u32 {
        self.out.push(Vec::new());
        self.inn.push(Vec::new());
        self.alive.push(true);
        (self.out.len() - 1) as u32
    }

    fn add_edge(&mut self, s: u32, t: u32) {
        if self.edges.insert((s, t)) {
            self.out[s as usize].push(t);
            self.inn[t as usize].push(s);
        }
    }

    fn remove_edge(&mut self, s: u32, t: u32) {
        if self.edges.remove(&(s, t)) {
            self.out[s as usize].retain(|&x| x != t);
            self.inn[t as usize].retain(|&x| x != s);
        }
    }

    fn has_edge(&self, s: u32, t: u32) -> bool {
        self.edges.contains(&(s, t))
    }
}

/// One vertex of the agent's relationship graph.
struct Vertex {
    /// The resource it stands for (a container's sentinels stand for the container).
    resource: usize,
    /// Puppet's `ref`, by which cycles are sorted (`File[/a]`, `Whit[admissible_Class[Foo]]`).
    sort_key: String,
    /// How the cycle message prints it (`File[/a]`; a sentinel as its container, `Class[Foo]`).
    shown: String,
}

/// What a file resource requires automatically, in Puppet's order: its parent directories,
/// nearest first (the nearest one the catalog manages is required), then its `target`, its
/// `owner` and its `group` (names, not numeric ids).
type AutoRequires = (Vec<String>, Vec<(&'static str, String)>);

fn file_autorequires(r: &Resource) -> AutoRequires {
    let mut parents = Vec::new();
    let mut out = Vec::new();
    let path = match r.param("path") {
        Some(Value::String(p)) => p.as_str(),
        _ => r.title.as_str(),
    };
    let path = title_key("File", path);
    if path.starts_with('/') && path != "/" {
        let mut p = path.as_str();
        while let Some(cut) = p.rfind('/') {
            p = if cut == 0 { "/" } else { &p[..cut] };
            parents.push(p.to_string());
            if p == "/" {
                break;
            }
        }
    }
    let first = |v: Option<&Value>| -> Option<String> {
        match v? {
            Value::String(s) => Some(s.clone()),
            Value::Array(a) => a.first().and_then(Value::as_str).map(str::to_string),
            _ => None,
        }
    };
    if let Some(t) = first(r.param("target")) {
        out.push(("File", t));
    }
    for (ty, param) in [("User", "owner"), ("Group", "group")] {
        if let Some(n) = first(r.param(param))
            && !n.bytes().all(|b| b.is_ascii_digit())
        {
            out.push((ty, n));
        }
    }
    (parents, out)
}

/// Whether Puppet's agent turns the resource into a container (a class, a node, a stage, a
/// defined type) rather than a resource it manages.
fn is_container(r: &Resource, index: Option<&Index>) -> bool {
    let lower = r.type_name.to_ascii_lowercase();
    match lower.as_str() {
        "class" | "node" | "stage" => true,
        _ if builtins::resource_type(&lower).is_some() => false,
        _ => index.is_none_or(|i| !i.has_resource_type(&lower)),
    }
}

/// Dependency cycles in the graph Puppet's agent builds from the catalog (relationship
/// metaparameters; each class, define, node and stage replaced by an "admissible" and a
/// "completed" sentinel around its contents), reported as Puppet reports them: "Found 1
/// dependency cycle:" then, for each cycle, one path through it, `(File[/a] => File[/b] =>
/// File[/a])`. One diagnostic for all cycles (at the first resource of the first cycle),
/// listing every resource of every cycle. Of the automatic relationships, a file's (parent
/// directory, link target, owner, group) are modelled; other types' (an exec's command and
/// working directory, a user's groups, a package's source) are not.
pub fn check_cycles(cat: &Catalog, index: Option<&Index>) -> Vec<EvalDiag> {
    let lookup = RefLookup::new(cat, index);
    let resources = cat.resources();
    let mut agent = AgentGraph::new(resources);
    agent.add_relationships(resources, &lookup);
    agent.add_file_autorequires(resources, &lookup);
    agent.replace_containers(cat, index);
    let cycles = agent.cycles();
    if cycles.is_empty() {
        return Vec::new();
    }
    let (g, vertices) = (&agent.g, &agent.vertices);
    let mut paths = Vec::new();
    let mut related: Vec<(Location, Related)> = Vec::new();
    let mut seen: HashSet<usize> = HashSet::new();
    for cycle in &cycles {
        let path = path_in_cycle(g, cycle);
        let shown: Vec<String> = path
            .iter()
            .map(|v| vertices[*v as usize].shown.clone())
            .collect();
        paths.push(shown);
        for v in cycle {
            let r = vertices[*v as usize].resource;
            if seen.insert(r) {
                let resource = display_ref(&resources[r]);
                related.push((resources[r].location.clone(), Related::InCycle { resource }));
            }
        }
    }
    let first = vertices[cycles[0][0] as usize].resource;
    vec![EvalDiag {
        kind: EvalDiagKind::DependencyCycle { cycles: paths },
        at: resources[first].location.clone(),
        related,
        in_templates: Vec::new(),
    }]
}

/// The graph the agent orders a catalog's resources by, as [`check_cycles`] builds it step by
/// step.
struct AgentGraph {
    g: Graph,
    /// Each resource's vertex, for the resources of the agent's catalog.
    vertex_of: Vec<Option<u32>>,
    vertices: Vec<Vertex>,
}

impl AgentGraph {
    /// The vertices: the resources of the agent's catalog, in catalog order; no edge yet.
    fn new(resources: &[Resource]) -> Self {
        let mut vertex_of: Vec<Option<u32>> = vec![None; resources.len()];
        let mut vertices: Vec<Vertex> = Vec::new();
        for (i, r) in resources.iter().enumerate() {
            if in_agent_catalog(r) {
                vertex_of[i] = Some(vertices.len() as u32);
                let shown = display_ref(r);
                vertices.push(Vertex {
                    resource: i,
                    sort_key: shown.clone(),
                    shown,
                });
            }
        }
        AgentGraph {
            g: Graph::new(vertices.len()),
            vertex_of,
            vertices,
        }
    }

    /// Relationship edges, as each resource's relationship metaparameters give them.
    fn add_relationships(&mut self, resources: &[Resource], lookup: &RefLookup) {
        let mut refs = Vec::new();
        for (i, r) in resources.iter().enumerate() {
            let Some(v) = self.vertex_of[i] else { continue };
            for param in RELATIONSHIP_PARAMS {
                let Some(value) = r.param(param) else {
                    continue;
                };
                refs.clear();
                references(value, &mut refs);
                for reference in &refs {
                    let found = lookup.find_ref(reference).and_then(|t| self.vertex_of[t]);
                    let Some(other) = found else { continue };
                    if matches!(param, "require" | "subscribe") {
                        self.g.add_edge(other, v);
                    } else {
                        self.g.add_edge(v, other);
                    }
                }
            }
        }
    }

    /// Automatic relationships of files (Puppet adds them after the explicit ones, unless an
    /// explicit edge joins the two resources either way): the nearest managed parent
    /// directory, a link's target, the owner (`User`) and the group (`Group`).
    fn add_file_autorequires(&mut self, resources: &[Resource], lookup: &RefLookup) {
        for (i, r) in resources.iter().enumerate() {
            let Some(v) = self.vertex_of[i] else { continue };
            if r.type_name != "File" {
                continue;
            }
            let (parents, others) = file_autorequires(r);
            // Only the nearest parent directory that the catalog manages.
            let parent = parents.iter().find_map(|p| lookup.find("File", p));
            let deps = parent
                .into_iter()
                .chain(others.iter().filter_map(|(ty, name)| lookup.find(ty, name)));
            for t in deps {
                let Some(d) = self.vertex_of[t] else { continue };
                if d != v && !self.g.has_edge(d, v) && !self.g.has_edge(v, d) {
                    self.g.add_edge(d, v);
                }
            }
        }
    }

    /// Containers (classes, defines, nodes, stages) replaced by their "admissible" and
    /// "completed" sentinels around their contents.
    fn replace_containers(&mut self, cat: &Catalog, index: Option<&Index>) {
        let resources = cat.resources();
        let vertex_of = &self.vertex_of;
        let g = &mut self.g;
        let by_ref: HashMap<String, usize> = resources
            .iter()
            .enumerate()
            .filter(|(_, r)| r.unknown_title.is_none())
            .map(|(i, r)| (r.reference(), i))
            .collect();
        let containers: Vec<usize> = (0..resources.len())
            .filter(|&i| vertex_of[i].is_some() && is_container(&resources[i], index))
            .collect();
        let mut admissible: HashMap<u32, u32> = HashMap::new();
        let mut completed: HashMap<u32, u32> = HashMap::new();
        for &c in &containers {
            let v = vertex_of[c].unwrap_or_default();
            let shown = self.vertices[v as usize].shown.clone();
            for (map, prefix) in [
                (&mut admissible, "admissible"),
                (&mut completed, "completed"),
            ] {
                let w = g.add_vertex();
                self.vertices.push(Vertex {
                    resource: c,
                    sort_key: format!("Whit[{prefix}_{shown}]"),
                    shown: shown.clone(),
                });
                map.insert(v, w);
            }
        }
        let adm = |v: u32| admissible.get(&v).copied().unwrap_or(v);
        let cmp = |v: u32| completed.get(&v).copied().unwrap_or(v);
        let mut contents: HashMap<usize, Vec<u32>> = HashMap::new();
        for e in &cat.edges {
            let (Some(&s), Some(&t)) = (by_ref.get(&e.source), by_ref.get(&e.target)) else {
                continue;
            };
            if let (Some(_), Some(tv)) = (vertex_of[s], vertex_of[t]) {
                let list = contents.entry(s).or_default();
                if !list.contains(&tv) {
                    list.push(tv);
                }
            }
        }
        for &c in &containers {
            let x = vertex_of[c].unwrap_or_default();
            let kids = contents.get(&c).map(Vec::as_slice).unwrap_or(&[]);
            if kids.is_empty() {
                g.add_edge(adm(x), cmp(x));
            }
            for &k in kids {
                g.add_edge(adm(x), adm(k));
                g.add_edge(cmp(k), cmp(x));
            }
            for s in g.inn[x as usize].clone() {
                g.add_edge(cmp(s), adm(x));
                g.remove_edge(s, x);
            }
            for t in g.out[x as usize].clone() {
                g.add_edge(cmp(x), adm(t));
                g.remove_edge(x, t);
            }
        }
        for &c in &containers {
            let x = vertex_of[c].unwrap_or_default();
            for s in g.inn[x as usize].clone() {
                g.remove_edge(s, x);
            }
            for t in g.out[x as usize].clone() {
                g.remove_edge(x, t);
            }
            g.alive[x as usize] = false;
        }
    }

    /// The cycles: strongly connected components with more than one vertex, or a vertex with
    /// an edge to itself; each sorted by Puppet's `ref`, then sorted among themselves.
    fn cycles(&self) -> Vec<Vec<u32>> {
        let key = |v: &u32| self.vertices[*v as usize].sort_key.as_str();
        let mut cycles: Vec<Vec<u32>> = tarjan(&self.g)
            .into_iter()
            .filter(|c| c.len() > 1 || self.g.has_edge(c[0], c[0]))
            .map(|mut c| {
                c.sort_by(|a, b| key(a).cmp(key(b)));
                c
            })
            .collect();
        cycles.sort_by(|a, b| a.iter().map(key).cmp(b.iter().map(key)));
        cycles
    }
}

/// Tarjan's strongly connected components of the live vertices, iteratively, visiting roots
/// and successors in graph order.
fn tarjan(g: &Graph) -> Vec<Vec<u32>> {
    let n = g.out.len();
    const NONE: u32 = u32::MAX;
    let mut index = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut next = 0u32;
    let mut sccs = Vec::new();
    // (vertex, position in its successor list)
    let mut calls: Vec<(u32, usize)> = Vec::new();
    for root in 0..n as u32 {
        if !g.alive[root as usize] || index[root as usize] != NONE {
            continue;
        }
        calls.push((root, 0));
        index[root as usize] = next;
        low[root as usize] = next;
        next += 1;
        stack.push(root);
        on_stack[root as usize] = true;
        while let Some(&(v, pos)) = calls.last() {
            let succ = &g.out[v as usize];
            if pos < succ.len() {
                let w = succ[pos];
                if let Some(top) = calls.last_mut() {
                    top.1 += 1;
                }
                if index[w as usize] == NONE {
                    index[w as usize] = next;
                    low[w as usize] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w as usize] = true;
                    calls.push((w, 0));
                } else if on_stack[w as usize] {
                    low[v as usize] = low[v as usize].min(index[w as usize]);
                }
            } else {
                calls.pop();
                if let Some(&(parent, _)) = calls.last() {
                    low[parent as usize] = low[parent as usize].min(low[v as usize]);
                }
                if low[v as usize] == index[v as usize] {
                    let mut scc = Vec::new();
                    while let Some(top) = stack.pop() {
                        on_stack[top as usize] = false;
                        scc.push(top);
                        if top == v {
                            break;
                        }
                    }
                    sccs.push(scc);
                }
            }
        }
    }
    sccs
}

/// The path Puppet prints for a cycle: a breadth-first search from the cycle's first vertex
/// over edges inside the cycle, stopping at the first path that comes back to a vertex it went
/// through. Bounded: past a million partial paths (or twenty million steps), the shortest way
/// back to the start is given instead.
fn path_in_cycle(g: &Graph, cycle: &[u32]) -> Vec<u32> {
    let members: HashSet<u32> = cycle.iter().copied().collect();
    let adj = |v: u32| {
        g.out[v as usize]
            .iter()
            .copied()
            .filter(|w| members.contains(w))
    };
    // Each frame: a vertex and the index of the frame of the path before it.
    let mut frames: Vec<(u32, Option<usize>)> = vec![(cycle[0], None)];
    let mut head = 0;
    let path_of = |frames: &[(u32, Option<usize>)], mut i: Option<usize>| {
        let mut p = Vec::new();
        while let Some(j) = i {
            p.push(frames[j].0);
            i = frames[j].1;
        }
        p.reverse();
        p
    };
    let mut work = 0usize;
    while head < frames.len() && frames.len() < 1_000_000 && work < 20_000_000 {
        let (v, prev) = frames[head];
        let before = path_of(&frames, prev);
        work += before.len() + 1;
        if before.contains(&v) {
            let mut p = before;
            p.push(v);
            return p;
        }
        for w in adj(v) {
            frames.push((w, Some(head)));
        }
        head += 1;
    }
    // Fallback: the shortest path from the start back to it.
    let start = cycle[0];
    let mut pred: HashMap<u32, u32> = HashMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        for w in adj(v) {
            if w == start {
                let mut p = vec![v];
                let mut x = v;
                while x != start {
                    x = pred[&x];
                    p.push(x);
                }
                p.reverse();
                p.push(start);
                return p;
            }
            if let std::collections::hash_map::Entry::Vacant(e) = pred.entry(w) {
                e.insert(v);
                queue.push_back(w);
            }
        }
    }
    vec![start, start]
}
