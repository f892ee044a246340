//! Resource expressions: declarations (their titles, attributes, defaults and tags) and what
//! they add to the catalog, with the helpers the other catalog expressions share (the
//! scope's resource and class, resource defaults, type names and class titles).

use std::collections::{HashMap, HashSet};

use super::collectors::Collector;
use super::loader::{DefKind, FileId};
use super::overrides::{PendingOverride, append_values};
use super::relationships::{RelOperand, Relationship};
use super::scope::ScopeId;
use super::{Compiler, ResKind, ResMeta};
use crate::eval::catalog::{Catalog, Resource};
use crate::eval::diag::{EvalDiagKind, TypeUse, Unknown};
use crate::eval::error::{EvalError, EvalResult, err};
use crate::eval::value::Value;
use crate::syntax::ast::{self, AttributeOp, ResourceForm, Span};

/// A type name as Puppet capitalizes it (`apache::vhost` -> `Apache::Vhost`).
pub use crate::types::capitalize_type_name as cap_type;

/// The catalog being built and what is known of its resources: the catalog, each resource's
/// [`ResMeta`] (by the resource's index), and what waits for the end of the compilation
/// (overrides, collectors, relationships, realized references).
pub(crate) struct Built {
    pub catalog: Catalog,
    /// What is known of each resource of `catalog`, by index.
    pub meta: Vec<ResMeta>,
    overrides: Vec<PendingOverride>,
    collectors: Vec<Collector>,
    /// For a collector in a relationship chain: the operand left of it, which stands in for
    /// it should it collect nothing.
    empty_alternatives: HashMap<usize, RelOperand>,
    relationships: Vec<Relationship>,
    /// Classes whose collectors override: they may override anything afterwards.
    override_sources: HashSet<String>,
    /// `realize`d references not (yet) declared: (type, title, file, span).
    pending_realize: Vec<(String, String, FileId, Span)>,
    /// Resources whose title is unknown so far.
    unknown_titles: usize,
}

impl Built {
    /// An empty catalog of `node` in `environment`.
    pub fn new(node: &str, environment: &str) -> Self {
        Built {
            catalog: Catalog::new(node, environment),
            meta: Vec::new(),
            overrides: Vec::new(),
            collectors: Vec::new(),
            empty_alternatives: HashMap::new(),
            relationships: Vec::new(),
            override_sources: HashSet::new(),
            pending_realize: Vec::new(),
            unknown_titles: 0,
        }
    }

    /// An override to apply at the end (its resource is not declared yet).
    pub fn defer_override(&mut self, ov: PendingOverride) {
        self.overrides.push(ov);
    }

    /// The overrides waiting, taken.
    pub fn take_overrides(&mut self) -> Vec<PendingOverride> {
        std::mem::take(&mut self.overrides)
    }

    /// Adds a collector; gives its id.
    pub fn add_collector(&mut self, c: Collector) -> usize {
        self.collectors.push(c);
        self.collectors.len() - 1
    }

    pub fn collector_count(&self) -> usize {
        self.collectors.len()
    }

    pub fn collector(&self, id: usize) -> &Collector {
        &self.collectors[id]
    }

    /// Records that collector `id` collected the resource `idx`.
    pub fn mark_collected(&mut self, id: usize, idx: usize) {
        self.collectors[id].collected.push(idx);
    }

    /// The operand that stands in for collector `id` in its chain, should it collect nothing.
    pub fn empty_alternative(&self, id: usize) -> Option<&RelOperand> {
        self.empty_alternatives.get(&id)
    }

    pub fn set_empty_alternative(&mut self, id: usize, alternative: RelOperand) {
        self.empty_alternatives.insert(id, alternative);
    }

    /// A relationship to add at the end.
    pub fn add_relationship(&mut self, r: Relationship) {
        self.relationships.push(r);
    }

    /// The relationships waiting, taken.
    pub fn take_relationships(&mut self) -> Vec<Relationship> {
        std::mem::take(&mut self.relationships)
    }

    /// Records that class `class`'s collectors override.
    pub fn add_override_source(&mut self, class: String) {
        self.override_sources.insert(class);
    }

    /// Whether class `class`'s collectors override (so it may override anything).
    pub fn is_override_source(&self, class: &str) -> bool {
        self.override_sources.contains(class)
    }

    /// A `realize`d reference not declared (yet).
    pub fn defer_realize(&mut self, type_name: String, title: String, file: FileId, span: Span) {
        self.pending_realize.push((type_name, title, file, span));
    }

    /// Realizes the resources realized before they were declared.
    pub fn realize_pending(&mut self) {
        for (t, title, _, _) in &self.pending_realize {
            if let Some(i) = self.catalog.find(t, title) {
                self.catalog.get_mut(i).virtual_ = false;
            }
        }
    }

    /// The `realize`d references still not declared (or still virtual).
    pub fn unrealized(&self) -> Vec<(String, String, FileId, Span)> {
        self.pending_realize
            .iter()
            .filter(|(t, title, _, _)| {
                self.catalog
                    .find(t, title)
                    .is_none_or(|i| self.catalog.get(i).virtual_)
            })
            .cloned()
            .collect()
    }

    /// The number of the next resource whose title is unknown.
    fn next_unknown_title(&mut self) -> usize {
        self.unknown_titles += 1;
        self.unknown_titles
    }
}

/// Whether a title is also a tag (Puppet's tag syntax).
pub(super) fn valid_tag(s: &str) -> bool {
    let mut cs = s.chars();
    match cs.next() {
        Some(c) if c.is_alphanumeric() || c == '_' => {}
        _ => return false,
    }
    cs.all(|c| c.is_alphanumeric() || matches!(c, '_' | ':' | '.' | '-'))
}

/// Adds a name as tags: itself and, for `a::b`, each segment.
pub(super) fn tag_name(r: &mut Resource, name: &str) {
    let lower = name.to_lowercase();
    r.tag(&lower);
    if lower.contains("::") {
        for seg in lower.split("::") {
            if !seg.is_empty() {
                r.tag(seg);
            }
        }
    }
}

/// A resource body evaluated: titles, attributes, where.
type Body = (Vec<Value>, Vec<(String, Value)>, Span);

/// What a relationship or reference names in the catalog: (type, title) as the catalog keys
/// them.
pub(super) fn ref_key(v: &Value) -> Option<(String, String)> {
    match v {
        Value::Resource(r) => Some(if r.type_name == "Class" {
            ("Class".to_string(), class_title(&r.title))
        } else {
            (r.type_name.clone(), r.title.clone())
        }),
        Value::String(s) => Some(("Class".to_string(), class_title(s))),
        Value::Type(t) => match t.ty() {
            crate::types::Type::Class(Some(n)) => Some(("Class".into(), class_title(n))),
            crate::types::Type::Resource {
                type_name: Some(n),
                title: Some(t),
            } => Some((n.clone(), t.clone())),
            _ => None,
        },
        _ => None,
    }
}

/// A class's title in the catalog: `Apache::Mod`; `main` stays as it is.
pub fn class_title(name: &str) -> String {
    let n = name.trim_start_matches("::");
    if n == "main" || n.is_empty() {
        "main".to_string()
    } else {
        cap_type(n)
    }
}

impl Compiler<'_> {
    // ------------------------------------------------------------------ helpers

    pub(super) fn current_resource(&self) -> Option<usize> {
        let mut s = Some(self.ctx.scope);
        while let Some(id) = s {
            if let Some(r) = self.scopes[id].resource {
                return Some(r);
            }
            s = self.scopes[id].dyn_parent;
        }
        None
    }

    /// The identity of the code declaring things here (for overrides): the class or define,
    /// `node` or `` for main.
    pub(super) fn current_source(&self) -> String {
        self.source_of_scope(self.ctx.scope)
    }

    fn source_of_scope(&self, sid: ScopeId) -> String {
        let s = &self.scopes[sid];
        if let Some(c) = &s.class_name {
            return c.clone();
        }
        if let Some(r) = s.resource
            && let Some(m) = self.built.meta.get(r)
            && let ResKind::Define(d) = &m.kind
        {
            return format!("define {d}");
        }
        if s.is_node {
            return "node".into();
        }
        String::new()
    }

    /// Whether code of class `a` may override what class `b` declared.
    pub(super) fn child_of(&mut self, a: &str, b: &str) -> bool {
        if self.built.is_override_source(a) {
            return true;
        }
        let mut cur = a.to_string();
        for _ in 0..100 {
            let Some(def) = self.loader.definition(&cur) else {
                return false;
            };
            match &def.parent {
                Some(p) if p == b => return true,
                Some(p) => cur = p.clone(),
                None => return false,
            }
        }
        false
    }

    pub(super) fn enclosing_of(&self, sid: ScopeId) -> ScopeId {
        let s = &self.scopes[sid];
        if s.is_top || s.is_node {
            sid
        } else {
            s.enclosing.unwrap_or(super::scope::TOP)
        }
    }

    /// The defaults for a type seen from a scope, through its dynamic parents (the nearest
    /// wins; `+>` appends to the outer value).
    fn lookup_defaults(&self, sid: ScopeId, type_key: &str) -> Vec<(String, Value)> {
        let mut chain = Vec::new();
        let mut s = Some(sid);
        let mut guard = 0;
        while let Some(id) = s {
            guard += 1;
            if guard > 10_000 {
                break;
            }
            chain.push(id);
            s = self.scopes[id].dyn_parent;
        }
        let mut out: Vec<(String, Value)> = Vec::new();
        for id in chain.into_iter().rev() {
            if let Some(ds) = self.scopes[id].defaults.get(type_key) {
                for d in ds {
                    let value = match (d.append, out.iter().find(|(n, _)| *n == d.name)) {
                        (true, Some((_, old))) => append_values(old, &d.value),
                        _ => d.value.clone(),
                    };
                    match out.iter_mut().find(|(n, _)| *n == d.name) {
                        Some(slot) => slot.1 = value,
                        None => out.push((d.name.clone(), value)),
                    }
                }
            }
        }
        out
    }

    /// What a type name is: a core or custom type, a define; `None` if unknown.
    pub(super) fn resolve_type(&mut self, lower: &str) -> Option<ResKind> {
        if lower == "stage" {
            return Some(ResKind::Stage);
        }
        if crate::defs::builtins::resource_type(lower).is_some() {
            return Some(ResKind::Builtin);
        }
        if let Some(d) = self.loader.definition(lower)
            && d.kind == DefKind::Define
        {
            return Some(ResKind::Define(d.name.clone()));
        }
        if self.loader.custom_type(lower) {
            return Some(ResKind::Builtin);
        }
        None
    }

    // ------------------------------------------------------------------ resources

    pub fn eval_resource(&mut self, r: &ast::Resource, span: Span) -> EvalResult {
        let type_lower = match &r.type_expr {
            Some(te) => match self.eval(te)? {
                Value::Type(t) => match t.ty() {
                    crate::types::Type::Resource {
                        type_name: Some(n), ..
                    } => n.to_lowercase(),
                    crate::types::Type::Class(_) => "class".into(),
                    crate::types::Type::Alias(n) => n.to_lowercase(),
                    _ => return err("A resource type must be a resource type reference"),
                },
                Value::String(s) => s.to_lowercase(),
                Value::Unknown(u) => {
                    self.note_unknown_once(self.ctx.file, span, Unknown::ResourceType, &u.origin);
                    return Ok(Value::Undef);
                }
                _ => return err("A resource type must be a resource type reference"),
            },
            None => r.type_name.name.trim_start_matches("::").to_lowercase(),
        };
        // Titles and attributes of every body, the `default:` body apart.
        let mut bodies: Vec<Body> = Vec::new();
        let mut local_defaults: Vec<(String, Value)> = Vec::new();
        for b in &r.bodies {
            let title = self.eval(&b.title)?;
            let attrs = self.eval_attributes(&b.attributes)?;
            if matches!(title, Value::Default) {
                local_defaults = attrs.into_iter().map(|(n, v, _)| (n, v)).collect();
                continue;
            }
            let mut titles = Vec::new();
            super::eval::flatten_into(&title, &mut titles);
            let mut plain = Vec::new();
            for t in titles {
                if matches!(t, Value::Default) {
                    local_defaults = attrs
                        .iter()
                        .map(|(n, v, _)| (n.clone(), v.clone()))
                        .collect();
                } else {
                    plain.push(t);
                }
            }
            bodies.push((
                plain,
                attrs.into_iter().map(|(n, v, _)| (n, v)).collect(),
                b.span,
            ));
        }
        let mut created = Vec::new();
        if type_lower == "class" {
            if r.form != ResourceForm::Regular {
                return err("Classes cannot be virtual or exported");
            }
            for (titles, attrs, _) in bodies {
                for t in titles {
                    let name = match &t {
                        Value::String(s) => s.clone(),
                        Value::Resource(rr) => rr.title.clone(),
                        Value::Unknown(u) => {
                            let what = Unknown::ClassName;
                            self.note_unknown_once(self.ctx.file, span, what, &u.origin);
                            continue;
                        }
                        other => {
                            return err(format!(
                                "A class title must be a String, got {}",
                                other.type_name()
                            ));
                        }
                    };
                    let mut params = local_defaults.clone();
                    for (n, v) in &attrs {
                        match params.iter_mut().find(|(x, _)| x == n) {
                            Some(slot) => slot.1 = v.clone(),
                            None => params.push((n.clone(), v.clone())),
                        }
                    }
                    let idx = self.declare_class(&name, Some(params), span)?;
                    self.evaluate_class(idx)?;
                    created.push(Value::resource(
                        "Class",
                        &self.built.catalog.get(idx).title.clone(),
                    ));
                }
            }
            return Ok(Value::array(created));
        }
        let Some(kind) = self.resolve_type(&type_lower) else {
            return Err(EvalError::finding(EvalDiagKind::UnknownResourceType {
                name: type_lower,
                used: TypeUse::Declared,
            }));
        };
        let type_name = cap_type(&type_lower);
        for (titles, attrs, bspan) in bodies {
            for t in titles {
                let mut params = local_defaults.clone();
                for (n, v) in &attrs {
                    match params.iter_mut().find(|(x, _)| x == n) {
                        Some(slot) => slot.1 = v.clone(),
                        None => params.push((n.clone(), v.clone())),
                    }
                }
                let idx = self.create_resource(
                    &type_name,
                    kind.clone(),
                    t,
                    params,
                    r.form,
                    bspan,
                    false,
                )?;
                let res = self.built.catalog.get(idx);
                created.push(Value::resource(&res.type_name.clone(), &res.title.clone()));
            }
        }
        Ok(Value::array(created))
    }

    /// Evaluates attribute operations: (name, value, append); `* =>` expands a hash.
    pub fn eval_attributes(
        &mut self,
        attrs: &[ast::Attribute],
    ) -> EvalResult<Vec<(String, Value, bool)>> {
        let mut out: Vec<(String, Value, bool)> = Vec::new();
        for a in attrs {
            let v = self.eval(&a.value)?;
            match a.op {
                AttributeOp::Splat => match &v {
                    Value::Hash(h) => {
                        for (k, x) in h.iter() {
                            let Value::String(k) = k else {
                                return err("The hash given to '* =>' must have String keys");
                            };
                            if out.iter().any(|(n, _, _)| n == k) {
                                return err(format!("The attribute '{k}' has already been set"));
                            }
                            out.push((k.clone(), x.clone(), false));
                        }
                    }
                    Value::Undef => {}
                    Value::Unknown(_) => {}
                    other => {
                        return err(format!("'* =>' expects a Hash, got {}", other.type_name()));
                    }
                },
                _ => {
                    let name = a.name.name.clone();
                    if out.iter().any(|(n, _, _)| *n == name) {
                        return err(format!("The attribute '{name}' has already been set"));
                    }
                    out.push((name, v, a.op == AttributeOp::Append));
                }
            }
        }
        Ok(out)
    }

    /// Creates a resource (not a class) declared in the current scope. `from_ruby`: for
    /// `create_resources` and `ensure_resource`, which pass the title on as Ruby has it: a
    /// number or boolean is keyed by its string form, but the resource is not tagged with it
    /// and the catalog writes its namevar (a resource expression rejects such a title).
    #[allow(clippy::too_many_arguments)]
    pub fn create_resource(
        &mut self,
        type_name: &str,
        kind: ResKind,
        title: Value,
        params: Vec<(String, Value)>,
        form: ResourceForm,
        span: Span,
        from_ruby: bool,
    ) -> EvalResult<usize> {
        let nonstring_title = from_ruby
            && matches!(
                title,
                Value::Integer(_) | Value::Float(_) | Value::Boolean(_)
            );
        let title = if nonstring_title {
            Value::string(title.to_puppet_string())
        } else {
            title
        };
        let (title_s, unknown_title) = match &title {
            Value::String(s) if !s.is_empty() => (s.clone(), None),
            Value::String(_) => {
                return err("Missing title. The title expression resulted in undef");
            }
            Value::Unknown(_) => (
                format!("<unknown title {}>", self.built.next_unknown_title()),
                Some(title.clone()),
            ),
            Value::Undef => return err("Missing title. The title expression resulted in undef"),
            other => {
                return err(format!(
                    "Illegal title type at index 0. Expected String, got {}",
                    other.type_name()
                ));
            }
        };
        let mut res = Resource::new(type_name, title_s.clone());
        res.unknown_title = unknown_title;
        tag_name(&mut res, &type_name.to_lowercase());
        if valid_tag(&title_s) && !nonstring_title {
            tag_name(&mut res, &title_s);
        }
        for (n, v) in &params {
            if n == "stage" && kind != ResKind::Stage {
                return err(format!(
                    "Only classes can set 'stage'; normal resources like {type_name}[{title_s}] cannot change run stage"
                ));
            }
            res.set_param(n, v.clone());
        }
        let type_key = type_name.to_lowercase();
        for (n, v) in self.lookup_defaults(self.ctx.scope, &type_key) {
            if res.param(&n).is_none() {
                res.set_param(&n, v);
            }
        }
        if let Some(tags) = res.param("tag").cloned() {
            let mut flat = Vec::new();
            super::eval::flatten_into(&tags, &mut flat);
            for t in flat {
                if let Value::String(s) = t {
                    res.tag(&s);
                }
            }
        }
        match form {
            ResourceForm::Regular => {}
            ResourceForm::Virtual => res.virtual_ = true,
            ResourceForm::Exported => res.exported = true,
        }
        res.location = self.location(self.ctx.file, span);
        let is_define = matches!(kind, ResKind::Define(_));
        let given = params.clone();
        self.limits.check_resource_budget(&self.built.catalog)?;
        match self.built.catalog.add(res) {
            Ok(idx) => {
                self.built.meta.push(ResMeta {
                    scope: self.ctx.scope,
                    kind: kind.clone(),
                    evaluated: !is_define,
                    file: self.ctx.file,
                    span,
                    source_class: Some(self.current_source()),
                    given,
                    param_sources: Vec::new(),
                    tags_merged: false,
                    nonstring_title,
                });
                if kind != ResKind::Stage
                    && let Some(container) = self.current_resource()
                {
                    let src = self.built.catalog.get(container).reference();
                    let dst = self.built.catalog.get(idx).reference();
                    self.built.catalog.add_edge(src, dst);
                }
                Ok(idx)
            }
            Err(first) => {
                let m = &self.built.meta[first];
                Err(EvalError::finding(EvalDiagKind::DuplicateResource {
                    reference: self.built.catalog.get(first).reference(),
                    first: self.location(m.file, m.span),
                    here: self.location(self.ctx.file, span),
                }))
            }
        }
    }
}

/// `File[/tmp/x]` (a reference written as a string) as the catalog keys it.
/// The title is kept as written: Puppet finds no `Notify['a']` for a `Notify[a]`.
pub(super) fn parse_ref_string(s: &str) -> Option<(String, String)> {
    let (ty, title) = crate::eval::checks::parse_reference(s)?;
    let t = cap_type(ty);
    let title = title.to_string();
    if t == "Class" {
        return Some((t, class_title(&title)));
    }
    Some((t, title))
}
