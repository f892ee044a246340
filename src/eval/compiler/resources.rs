//! Catalog expressions: resources, classes, defines, nodes, resource defaults, overrides,
//! collectors, relationships, and the functions that act on the catalog (include, contain,
//! require, realize, defined, tag, create_resources, ensure_resource, ...).

use std::rc::Rc;

use super::loader::{DefKind, Definition, FileId};
use super::scope::{Ctx, DefaultAttr, Scope, ScopeId};
use super::{Compiler, ResKind, ResMeta};
use crate::eval::catalog::{Location, Resource};
use crate::eval::diag::EvalDiagKind;
use crate::eval::error::{EvalError, EvalResult, err};
use crate::eval::ops;
use crate::eval::value::{Hash, TypeVal, Value};
use crate::syntax::ast::{
    self, AttributeOp, Expr, ExprKind, Lambda as AstLambda, RelationshipOp, ResourceForm, Span,
};

/// A type name as Puppet capitalizes it (`apache::vhost` -> `Apache::Vhost`).
pub use crate::types::capitalize_type_name as cap_type;

/// Whether a title is also a tag (Puppet's tag syntax).
fn valid_tag(s: &str) -> bool {
    let mut cs = s.chars();
    match cs.next() {
        Some(c) if c.is_alphanumeric() || c == '_' => {}
        _ => return false,
    }
    cs.all(|c| c.is_alphanumeric() || matches!(c, '_' | ':' | '.' | '-'))
}

/// Adds a name as tags: itself and, for `a::b`, each segment.
fn tag_name(r: &mut Resource, name: &str) {
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

/// An override waiting for its resource.
#[derive(Debug, Clone)]
pub struct PendingOverride {
    pub type_name: String,
    pub title: String,
    pub attrs: Vec<(String, Value, bool)>,
    pub source: String,
    pub file: FileId,
    pub span: Span,
    /// From a branch plint could not choose (its values are unknown): it may never happen, so
    /// a missing resource or a forbidden override is no error.
    pub uncertain: bool,
}

/// A query of a collector.
#[derive(Debug, Clone)]
pub enum Query {
    All,
    Eq(String, Value),
    Ne(String, Value),
    And(Box<Query>, Box<Query>),
    Or(Box<Query>, Box<Query>),
}

#[derive(Debug, Clone)]
pub struct Collector {
    pub type_name: String,
    pub exported: bool,
    pub query: Query,
    pub attrs: Vec<(String, Value, bool)>,
    pub source: String,
    pub collected: Vec<usize>,
    pub file: FileId,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub enum RelOperand {
    Refs(Vec<(String, String)>),
    Collector(usize),
}

#[derive(Debug, Clone)]
pub struct Relationship {
    pub source: RelOperand,
    pub target: RelOperand,
    /// `before` or `notify`.
    pub param: &'static str,
    pub file: FileId,
    pub span: Span,
}

/// What a relationship or reference names in the catalog: (type, title) as the catalog keys
/// them.
fn ref_key(v: &Value) -> Option<(String, String)> {
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

    fn current_resource(&self) -> Option<usize> {
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
    fn current_source(&self) -> String {
        self.source_of_scope(self.ctx.scope)
    }

    fn source_of_scope(&self, sid: ScopeId) -> String {
        let s = &self.scopes[sid];
        if let Some(c) = &s.class_name {
            return c.clone();
        }
        if let Some(r) = s.resource
            && let Some(m) = self.meta.get(r)
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
    fn child_of(&mut self, a: &str, b: &str) -> bool {
        if self.override_sources.contains(a) {
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

    fn enclosing_of(&self, sid: ScopeId) -> ScopeId {
        let s = &self.scopes[sid];
        if s.is_top || s.is_node {
            sid
        } else {
            s.enclosing.unwrap_or(self.top)
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
    fn resolve_type(&mut self, lower: &str) -> Option<ResKind> {
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
                        Value::Unknown(_) => {
                            self.note(
                                EvalDiagKind::UnknownCondition,
                                "a class declared with a name not known statically is not evaluated".into(),
                                span,
                            );
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
                        &self.catalog.get(idx).title.clone(),
                    ));
                }
            }
            return Ok(Value::array(created));
        }
        let Some(kind) = self.resolve_type(&type_lower) else {
            return Err(self.fatal(
                EvalDiagKind::UnknownResourceType,
                format!("Unknown resource type: '{type_lower}'"),
            ));
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
                let res = self.catalog.get(idx);
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
            Value::Unknown(_) => {
                self.unknown_titles += 1;
                (
                    format!("<unknown title {}>", self.unknown_titles),
                    Some(title.clone()),
                )
            }
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
        self.check_resource_budget()?;
        match self.catalog.add(res) {
            Ok(idx) => {
                self.meta.push(ResMeta {
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
                    let src = self.catalog.get(container).reference();
                    let dst = self.catalog.get(idx).reference();
                    self.catalog.add_edge(src, dst);
                }
                Ok(idx)
            }
            Err(first) => {
                let m = self.meta[first].clone();
                let r = self.catalog.get(first).reference();
                let first_at = self.where_text(m.file, m.span);
                let here = self.where_text(self.ctx.file, span);
                self.err_related = vec![(
                    self.location(m.file, m.span),
                    "first declared here".to_string(),
                )];
                Err(self.fatal(
                    EvalDiagKind::DuplicateResource,
                    format!(
                        "Duplicate declaration: {r} is already declared at {first_at}; cannot redeclare {here}"
                    ),
                ))
            }
        }
    }

    // ------------------------------------------------------------------ classes

    /// Puts a class in the catalog (once) and returns its resource; `params` for a
    /// resource-like declaration (a second declaration is an error).
    pub fn declare_class(
        &mut self,
        name: &str,
        params: Option<Vec<(String, Value)>>,
        span: Span,
    ) -> EvalResult<usize> {
        let name = name.trim_start_matches("::").to_lowercase();
        let title = class_title(&name);
        if let Some(existing) = self.catalog.find("Class", &title) {
            if params.is_none() {
                return Ok(existing);
            }
            let m = self.meta[existing].clone();
            self.err_related = vec![(self.location(m.file, m.span), "first declared here".into())];
            let first = self.where_text(m.file, m.span);
            let here = self.where_text(self.ctx.file, span);
            return Err(self.fatal(
                EvalDiagKind::DuplicateResource,
                format!(
                    "Duplicate declaration: Class[{title}] is already declared {}; cannot redeclare {here}",
                    if first.is_empty() { String::new() } else { format!("at {first}") }
                ),
            ));
        }
        let Some(def) = self
            .loader
            .definition(&name)
            .filter(|d| d.kind == DefKind::Class)
        else {
            return Err(self.fatal(
                EvalDiagKind::UnknownClass,
                format!("Could not find class ::{name} for {}", self.input.node.name),
            ));
        };
        if let Some(parent) = &def.parent {
            if self
                .loader
                .definition(parent)
                .filter(|d| d.kind == DefKind::Class)
                .is_none()
            {
                return Err(self.fatal(
                    EvalDiagKind::UnknownClass,
                    format!("Could not find parent class {parent} of class {name}"),
                ));
            }
            if self.catalog.find("Class", &class_title(parent)).is_none() {
                if self.depth > super::MAX_DEPTH {
                    return err("Class inheritance is too deep (a cycle?)");
                }
                self.depth += 1;
                let r = self.declare_class(parent, None, span);
                self.depth -= 1;
                r?;
            }
        }
        let mut res = Resource::new("Class", title.clone());
        res.tag("class");
        tag_name(&mut res, &name);
        let params = params.unwrap_or_default();
        for (n, v) in &params {
            res.set_param(n, v.clone());
            if n == "tag" {
                let mut flat = Vec::new();
                super::eval::flatten_into(v, &mut flat);
                for t in flat {
                    if let Value::String(s) = t {
                        res.tag(&s);
                    }
                }
            }
        }
        for t in res.tags.clone() {
            if !self.catalog.tags.contains(&t) {
                self.catalog.tags.push(t);
            }
        }
        res.location = self.location(self.ctx.file, span);
        self.check_resource_budget()?;
        let idx = match self.catalog.add(res) {
            Ok(i) | Err(i) => i,
        };
        self.meta.push(ResMeta {
            scope: self.ctx.scope,
            kind: ResKind::Class,
            evaluated: false,
            file: self.ctx.file,
            span,
            source_class: Some(self.current_source()),
            given: params,
            param_sources: Vec::new(),
            tags_merged: false,
            nonstring_title: false,
        });
        Ok(idx)
    }

    /// Evaluates a class resource's body once.
    pub fn evaluate_class(&mut self, idx: usize) -> EvalResult<()> {
        if self.meta[idx].evaluated {
            return Ok(());
        }
        self.meta[idx].evaluated = true;
        let name = self.catalog.get(idx).title.to_lowercase();
        let Some(def) = self.loader.definition(&name) else {
            return Ok(());
        };
        if self.depth > super::MAX_DEPTH {
            return Err(self.fatal(EvalDiagKind::EvalError, "Evaluation nested too deeply"));
        }
        let static_parent = match &def.parent {
            Some(p) => {
                let pidx = self.declare_class(p, None, def.span)?;
                self.depth += 1;
                let r = self.evaluate_class(pidx);
                self.depth -= 1;
                r?;
                self.class_scopes.get(p).copied()
            }
            None => None,
        };
        let declaring = self.meta[idx].scope;
        let dyn_parent = static_parent.unwrap_or(declaring);
        let mut scope = Scope::new(
            static_parent,
            Some(self.enclosing_of(dyn_parent)),
            Some(dyn_parent),
        );
        scope.resource = Some(idx);
        scope.class_name = Some(name.clone());
        scope.module = def.module.clone();
        let sid = self.scopes.len();
        self.scopes.push(scope);
        self.class_scopes.insert(name.clone(), sid);
        self.catalog.classes.push(name.clone());
        let given = self.meta[idx].given.clone();
        let caller_module = self.scopes[declaring].module.clone();
        self.run_body(idx, &def, sid, given, caller_module, true)?;
        Ok(())
    }

    /// Sets the parameters of a class or define instance in its scope, adds the stage edge of
    /// a class, and evaluates the body.
    fn run_body(
        &mut self,
        idx: usize,
        def: &Rc<Definition>,
        sid: ScopeId,
        given: Vec<(String, Value)>,
        caller_module: Option<String>,
        is_class: bool,
    ) -> EvalResult<()> {
        let saved = std::mem::replace(&mut self.ctx, Ctx::new(sid, def.file));
        self.depth += 1;
        let r = self.run_body_inner(idx, def, sid, given, caller_module, is_class);
        self.depth -= 1;
        if r.is_err() && self.err_file.is_none() {
            self.err_file = Some(self.ctx.file);
        }
        self.ctx = saved;
        r
    }

    fn run_body_inner(
        &mut self,
        idx: usize,
        def: &Rc<Definition>,
        sid: ScopeId,
        given: Vec<(String, Value)>,
        caller_module: Option<String>,
        is_class: bool,
    ) -> EvalResult<()> {
        let res_ref = {
            let r = self.catalog.get(idx);
            if is_class {
                format!("Class[{}]", r.title)
            } else {
                r.reference()
            }
        };
        self.scopes[sid].vars.insert(
            "module_name".into(),
            Value::string(def.module.clone().unwrap_or_default()),
        );
        self.scopes[sid].vars.insert(
            "caller_module_name".into(),
            Value::string(caller_module.unwrap_or_default()),
        );
        let title = self.catalog.get(idx).title.clone();
        if is_class {
            self.scopes[sid]
                .vars
                .insert("title".into(), Value::string(def.name.clone()));
            self.scopes[sid]
                .vars
                .insert("name".into(), Value::string(def.name.clone()));
        } else {
            let t = self
                .catalog
                .get(idx)
                .unknown_title
                .clone()
                .unwrap_or(Value::string(title.clone()));
            let name = given
                .iter()
                .find(|(n, v)| n == "name" && !v.is_undef())
                .map(|(_, v)| v.clone())
                .unwrap_or_else(|| t.clone());
            self.scopes[sid].vars.insert("title".into(), t);
            self.scopes[sid].vars.insert("name".into(), name);
        }
        // Parameters that are not declared.
        for (n, _) in &given {
            if n == "name" || n == "title" {
                continue;
            }
            if !def.params.iter().any(|p| p.name.name == *n)
                && crate::defs::builtins::metaparameter(n).is_none()
                && n != "stage"
            {
                self.err_file = Some(self.meta[idx].file);
                return Err(self
                    .fatal(
                        EvalDiagKind::UnknownAttribute,
                        format!("{res_ref}: has no parameter named '{n}'"),
                    )
                    .at(self.meta[idx].span));
            }
        }
        let mut missing = Vec::new();
        for p in &def.params {
            let pname = p.name.name.clone();
            let given_v = given
                .iter()
                .find(|(n, _)| *n == pname)
                .map(|(_, v)| v.clone());
            let mut origin = "given";
            let mut value = match &given_v {
                Some(v) if !v.is_undef() => Some(v.clone()),
                _ => None,
            };
            if value.is_none() && is_class {
                let key = format!("{}::{pname}", def.name);
                if let Some(v) = self.hiera_lookup(&key)? {
                    value = Some(v);
                    origin = "hiera";
                }
            }
            if value.is_none()
                && let Some(d) = &p.default
            {
                value = Some(self.eval(d)?);
                origin = "default";
            }
            let value = match value {
                Some(v) => v,
                None if given_v.is_some() => Value::Undef,
                None => {
                    missing.push(pname);
                    continue;
                }
            };
            if let Some(te) = &p.type_expr {
                let subject = format!("parameter '{pname}'");
                // The type is evaluated first: an error there is the type's own (a type that
                // does not exist), reported where it is written.
                let ty = self.eval(te)?;
                if let Err(e) = self.check_type_value(&ty, &value, &subject) {
                    let from = match origin {
                        "hiera" => " (the value came from Hiera)",
                        "default" => " (the value is the parameter's default)",
                        _ => "",
                    };
                    self.err_file = Some(self.meta[idx].file);
                    return Err(self
                        .fatal(
                            EvalDiagKind::ParameterType,
                            format!("{res_ref}: {}{from}", e.message),
                        )
                        .at(self.meta[idx].span));
                }
            }
            self.scopes[sid].vars.insert(pname.clone(), value.clone());
            if !value.is_undef() {
                self.catalog.get_mut(idx).set_param(&pname, value);
            }
        }
        if !missing.is_empty() {
            let list = missing
                .iter()
                .map(|m| format!("'{m}'"))
                .collect::<Vec<_>>()
                .join(", ");
            self.err_file = Some(self.meta[idx].file);
            return Err(self
                .fatal(
                    EvalDiagKind::MissingParameter,
                    format!(
                        "{res_ref}: expects a value for parameter{} {list}",
                        if missing.len() > 1 { "s" } else { "" }
                    ),
                )
                .at(self.meta[idx].span));
        }
        if is_class {
            self.add_edge_to_stage(idx)?;
        } else {
            // The define's scope tags come with its evaluation.
            self.merge_scope_tags(idx);
        }
        self.eval_block(&def.body)?;
        Ok(())
    }

    fn add_edge_to_stage(&mut self, idx: usize) -> EvalResult<()> {
        let own = self.catalog.get(idx).param("stage").cloned();
        let decl_scope = self.meta[idx].scope;
        let from_scope = self.scopes[decl_scope]
            .resource
            .and_then(|r| self.catalog.get(r).param("stage").cloned());
        let stage = match own.or(from_scope) {
            Some(Value::String(s)) => s,
            Some(Value::Resource(r)) => r.title.clone(),
            _ => "main".to_string(),
        };
        if self.catalog.find("Stage", &stage).is_none() {
            let r = self.catalog.get(idx).reference();
            return err(format!("Could not find stage {stage} specified by {r}"));
        }
        if stage != "main" && self.catalog.get(idx).param("stage").is_none() {
            self.catalog
                .get_mut(idx)
                .set_param("stage", Value::string(stage.clone()));
        }
        let dst = self.catalog.get(idx).reference();
        self.catalog.add_edge(format!("Stage[{stage}]"), dst);
        Ok(())
    }

    fn hiera_lookup(&mut self, key: &str) -> EvalResult<Option<Value>> {
        self.hiera_lookup_merge(key, None)
    }

    /// A Hiera lookup with the top scope's variables for interpolation.
    pub fn hiera_lookup_merge(
        &mut self,
        key: &str,
        merge: Option<&crate::eval::hiera::MergeStrategy>,
    ) -> EvalResult<Option<Value>> {
        self.charge_steps(1)?;
        let view = TopView {
            vars: &self.scopes[self.top].vars,
        };
        let found = self.hiera.lookup(key, merge, &view);
        match found {
            Ok(v) => {
                if let Some(v) = &v {
                    self.check_size(v)?;
                }
                Ok(v)
            }
            Err(e) if self.hiera.budget_exhausted() => Err(crate::eval::EvalError {
                kind: crate::eval::ErrorKind::Budget,
                message: e.message,
                span: None,
            }),
            Err(e) => Err(self.fatal(
                EvalDiagKind::BadInput,
                format!("Lookup of key '{key}' failed: {}", e.message),
            )),
        }
    }

    // ------------------------------------------------------------------ defines

    fn evaluate_define(&mut self, idx: usize) -> EvalResult<()> {
        if self.meta[idx].evaluated {
            return Ok(());
        }
        self.meta[idx].evaluated = true;
        let ResKind::Define(name) = self.meta[idx].kind.clone() else {
            return Ok(());
        };
        let Some(def) = self.loader.definition(&name) else {
            return Ok(());
        };
        if self.depth > super::MAX_DEPTH {
            return Err(self.fatal(
                EvalDiagKind::EvalError,
                format!("Recursion too deep evaluating defined type {name}"),
            ));
        }
        let declaring = self.meta[idx].scope;
        let mut scope = Scope::new(None, Some(self.enclosing_of(declaring)), Some(declaring));
        scope.resource = Some(idx);
        scope.module = def.module.clone();
        let sid = self.scopes.len();
        self.scopes.push(scope);
        let r = self.catalog.get(idx);
        let given: Vec<(String, Value)> = r.params.clone();
        let caller_module = self.scopes[declaring].module.clone();
        self.run_body(idx, &def, sid, given, caller_module, false)
    }

    // ------------------------------------------------------------------ node

    pub fn evaluate_node(&mut self) -> EvalResult<()> {
        let nodes = self.loader.nodes();
        if nodes.is_empty() {
            return Ok(());
        }
        let name = self.input.node.name.to_lowercase();
        let mut chosen = None;
        let mut caps = None;
        let mut title = String::new();
        // The exact name, then regular expressions, then `default`.
        'find: for n in &nodes {
            for m in &n.matchers {
                if let Some(s) = node_name_of(m)
                    && s == name
                {
                    chosen = Some(n.clone());
                    title = s;
                    break 'find;
                }
            }
        }
        if chosen.is_none() {
            're: for n in &nodes {
                for m in &n.matchers {
                    if let ExprKind::Regex(re) = &m.kind {
                        let outcome =
                            ops::match_op(&Value::string(name.clone()), &Value::regexp(re), false);
                        // A match that gave up: the node is taken as not matching (P220).
                        let outcome = match outcome {
                            Err(e) if crate::eval::regex::gave_up(&e).is_some() => {
                                let _ = self.regex_unknown(&e, m.span, "Boolean");
                                continue;
                            }
                            r => r?,
                        };
                        if outcome.value.truthy() == Some(true) {
                            chosen = Some(n.clone());
                            caps = outcome.captures;
                            let cleaned: String = re
                                .to_lowercase()
                                .chars()
                                .filter(|c| {
                                    c.is_alphanumeric() || matches!(c, '-' | '_' | ':' | '.')
                                })
                                .collect();
                            title = format!("__node_regexp__{}", cleaned.trim_start_matches('.'));
                            break 're;
                        }
                    }
                }
            }
        }
        if chosen.is_none() {
            for n in &nodes {
                if n.matchers
                    .iter()
                    .any(|m| matches!(m.kind, ExprKind::Default))
                {
                    chosen = Some(n.clone());
                    title = "default".into();
                    break;
                }
            }
        }
        let Some(node) = chosen else {
            return Err(self.fatal(
                EvalDiagKind::NoMatchingNode,
                format!(
                    "Could not find node statement with name 'default' or '{}'",
                    self.input.node.name
                ),
            ));
        };
        let mut res = Resource::new("Node", title.clone());
        res.tag("node");
        if valid_tag(&title) {
            res.tag(&title);
        }
        res.location = self.location(node.file, node.span);
        let idx = match self.catalog.add(res) {
            Ok(i) | Err(i) => i,
        };
        self.meta.push(ResMeta {
            scope: self.top,
            kind: ResKind::Node,
            evaluated: true,
            file: node.file,
            span: node.span,
            source_class: Some(String::new()),
            given: Vec::new(),
            param_sources: Vec::new(),
            tags_merged: false,
            nonstring_title: false,
        });
        let main = self.scopes[self.top].resource.unwrap_or(0);
        let src = self.catalog.get(main).reference();
        let dst = self.catalog.get(idx).reference();
        self.catalog.add_edge(src, dst);
        self.catalog.classes.push(title.clone());
        let mut scope = Scope::new(None, Some(self.top), Some(self.top));
        scope.is_node = true;
        scope.resource = Some(idx);
        if let Some(c) = caps {
            scope.matches.push(Some(c));
        }
        let sid = self.scopes.len();
        self.scopes.push(scope);
        self.node_scope = Some(sid);
        self.merge_scope_tags(idx);
        let saved = std::mem::replace(&mut self.ctx, Ctx::new(sid, node.file));
        let r = self.eval_block(&node.body);
        if r.is_err() && self.err_file.is_none() {
            self.err_file = Some(self.ctx.file);
        }
        self.ctx = saved;
        r.map(|_| ())
    }

    // ------------------------------------------------------------------ defaults, overrides

    pub fn eval_defaults(&mut self, d: &ast::ResourceDefaults) -> EvalResult {
        let type_lower = d.type_ref.name.trim_start_matches("::").to_lowercase();
        if type_lower == "class" {
            return err("Defaults are not allowed for classes");
        }
        if self.resolve_type(&type_lower).is_none() {
            return Err(self.fatal(
                EvalDiagKind::UnknownResourceType,
                format!("Unknown resource type: '{type_lower}'"),
            ));
        }
        let attrs = self.eval_attributes(&d.attributes)?;
        let sid = self.ctx.scope;
        let entry = self.scopes[sid]
            .defaults
            .entry(type_lower.clone())
            .or_default();
        for (n, v, append) in attrs {
            if entry.iter().any(|x| x.name == n) {
                return err(format!(
                    "The default for '{n}' of {} is already set in this scope",
                    cap_type(&type_lower)
                ));
            }
            entry.push(DefaultAttr {
                name: n,
                value: v,
                append,
            });
        }
        Ok(Value::Undef)
    }

    pub fn eval_override(&mut self, o: &ast::ResourceOverride, span: Span) -> EvalResult {
        let target = self.eval(&o.target)?;
        let attrs = self.eval_attributes(&o.attributes)?;
        let mut refs = Vec::new();
        super::eval::flatten_into(&target, &mut refs);
        let source = self.current_source();
        for r in refs {
            if r.is_unknown() {
                continue;
            }
            let Some((t, title)) = ref_key(&r) else {
                return err(format!(
                    "A resource override needs resource references, got {}",
                    r.type_name()
                ));
            };
            let ov = PendingOverride {
                type_name: t,
                title,
                attrs: attrs.clone(),
                source: source.clone(),
                file: self.ctx.file,
                span,
                uncertain: false,
            };
            match self.catalog.find(&ov.type_name, &ov.title) {
                Some(idx) => self.apply_override(idx, &ov, false)?,
                None => self.overrides.push(ov),
            }
        }
        Ok(Value::Undef)
    }

    /// Sets attributes of the resources `target` names to unknown values, for an override in
    /// a branch plint could not choose; errors (a resource another class owns) are ignored,
    /// as the override may never happen.
    pub fn override_unknown(
        &mut self,
        target: &Value,
        attrs: Vec<(String, Value, bool)>,
        span: Span,
    ) -> EvalResult<()> {
        let mut refs = Vec::new();
        super::eval::flatten_into(target, &mut refs);
        let source = self.current_source();
        for r in refs {
            let Some((type_name, title)) = ref_key(&r) else {
                continue;
            };
            let ov = PendingOverride {
                type_name,
                title,
                attrs: attrs.clone(),
                source: source.clone(),
                file: self.ctx.file,
                span,
                uncertain: true,
            };
            match self.catalog.find(&ov.type_name, &ov.title) {
                Some(idx) => {
                    if self.apply_override(idx, &ov, false).is_err() {
                        self.err_file = None;
                    }
                }
                None => self.overrides.push(ov),
            }
        }
        Ok(())
    }

    fn apply_override(
        &mut self,
        idx: usize,
        ov: &PendingOverride,
        from_collector: bool,
    ) -> EvalResult<()> {
        let res_source = self.meta[idx].source_class.clone().unwrap_or_default();
        let allowed =
            from_collector || ov.source == res_source || self.child_of(&ov.source, &res_source);
        if !allowed {
            self.err_file = Some(ov.file);
            return Err(EvalError::new("Only subclasses can override parameters").at(ov.span));
        }
        for (n, v, append) in &ov.attrs {
            let current = self.catalog.get(idx).param(n).cloned();
            let value = match current {
                None => v.clone(),
                Some(cur) if cur.is_undef() => v.clone(),
                Some(cur) => {
                    let param_source = self.meta[idx]
                        .param_sources
                        .iter()
                        .find(|(p, _)| p == n)
                        .map(|(_, s)| s.clone())
                        .unwrap_or(res_source.clone());
                    if !(from_collector || self.child_of(&ov.source, &param_source)) {
                        let r = self.catalog.get(idx).reference();
                        let by = if param_source.is_empty() {
                            String::new()
                        } else {
                            format!(" by Class[{}]", cap_type(&param_source))
                        };
                        self.err_file = Some(self.meta[idx].file);
                        return Err(EvalError::new(format!(
                            "Parameter '{n}' is already set on {r}{by}; cannot redefine"
                        ))
                        .at(self.meta[idx].span));
                    }
                    if *append {
                        append_values(&cur, v)
                    } else {
                        v.clone()
                    }
                }
            };
            self.catalog.get_mut(idx).set_param(n, value);
            self.meta[idx]
                .param_sources
                .push((n.clone(), ov.source.clone()));
        }
        Ok(())
    }

    // ------------------------------------------------------------------ collectors

    pub fn eval_collector(&mut self, c: &ast::Collector, span: Span) -> EvalResult<usize> {
        let type_lower = c.type_ref.name.trim_start_matches("::").to_lowercase();
        if self.resolve_type(&type_lower).is_none() {
            return Err(self.fatal(
                EvalDiagKind::UnknownResourceType,
                format!("Unknown resource type: '{type_lower}'"),
            ));
        }
        let query = match &c.query {
            Some(q) => self.eval_query(q)?,
            None => Query::All,
        };
        let attrs = self.eval_attributes(&c.attributes)?;
        let source = self.current_source();
        if !attrs.is_empty() {
            self.override_sources.insert(source.clone());
        }
        self.collectors.push(Collector {
            type_name: cap_type(&type_lower),
            exported: c.exported,
            query,
            attrs,
            source,
            collected: Vec::new(),
            file: self.ctx.file,
            span,
        });
        Ok(self.collectors.len() - 1)
    }

    fn eval_query(&mut self, q: &Expr) -> EvalResult<Query> {
        match &q.kind {
            ExprKind::Paren(inner) => self.eval_query(inner),
            ExprKind::Binary {
                op, left, right, ..
            } => match op {
                ast::BinaryOp::And => Ok(Query::And(
                    Box::new(self.eval_query(left)?),
                    Box::new(self.eval_query(right)?),
                )),
                ast::BinaryOp::Or => Ok(Query::Or(
                    Box::new(self.eval_query(left)?),
                    Box::new(self.eval_query(right)?),
                )),
                ast::BinaryOp::Eq | ast::BinaryOp::Ne => {
                    let attr = match &left.kind {
                        ExprKind::Name(n) => n.clone(),
                        ExprKind::String(_) | ExprKind::ReservedWord(_) => {
                            self.eval(left)?.to_puppet_string()
                        }
                        _ => return err("A query attribute must be a name"),
                    };
                    let v = self.eval(right)?;
                    Ok(if *op == ast::BinaryOp::Eq {
                        Query::Eq(attr, v)
                    } else {
                        Query::Ne(attr, v)
                    })
                }
                _ => err("Unsupported query operator"),
            },
            _ => err("Unsupported query"),
        }
    }

    fn query_matches(&self, q: &Query, r: &Resource) -> bool {
        match q {
            Query::All => true,
            Query::And(a, b) => self.query_matches(a, r) && self.query_matches(b, r),
            Query::Or(a, b) => self.query_matches(a, r) || self.query_matches(b, r),
            Query::Eq(attr, v) => attr_matches(r, attr, v),
            Query::Ne(attr, v) => !attr_matches(r, attr, v),
        }
    }

    /// One pass of every collector; true when something new was collected.
    fn evaluate_collections(&mut self) -> EvalResult<bool> {
        let mut found = false;
        for ci in 0..self.collectors.len() {
            let c = self.collectors[ci].clone();
            let n = self.catalog.resources().len();
            for idx in 0..n {
                if c.collected.contains(&idx) {
                    continue;
                }
                let r = self.catalog.get(idx);
                if r.type_name != c.type_name {
                    continue;
                }
                if c.exported && !r.exported {
                    continue;
                }

                if !self.query_matches(&c.query, r) {
                    continue;
                }
                self.catalog.get_mut(idx).virtual_ = false;
                self.collectors[ci].collected.push(idx);
                found = true;
                if !c.attrs.is_empty() {
                    let ov = PendingOverride {
                        type_name: c.type_name.clone(),
                        title: String::new(),
                        attrs: c.attrs.clone(),
                        source: c.source.clone(),
                        file: c.file,
                        span: c.span,
                        uncertain: false,
                    };
                    self.apply_override(idx, &ov, true)?;
                }
            }
        }
        Ok(found)
    }

    /// The generators loop: collectors, then defines not yet evaluated, until nothing new.
    pub fn evaluate_generators(&mut self) -> EvalResult<()> {
        for _ in 0..1000 {
            let mut done = !self.evaluate_collections()?;
            let pending: Vec<usize> = (0..self.meta.len())
                .filter(|&i| {
                    !self.meta[i].evaluated && matches!(self.meta[i].kind, ResKind::Define(_))
                })
                .filter(|&i| !self.catalog.get(i).virtual_)
                .collect();
            for i in pending {
                done = false;
                self.evaluate_define(i)?;
            }
            if done {
                return Ok(());
            }
        }
        err("Somehow looped more than 1000 times while evaluating host catalog")
    }

    // ------------------------------------------------------------------ relationships

    pub fn eval_relationship(
        &mut self,
        op: RelationshipOp,
        left: &Expr,
        right: &Expr,
        span: Span,
    ) -> EvalResult {
        let (_, v) = self.relationship_operands(op, left, right, span)?;
        Ok(v)
    }

    fn rel_operand(&mut self, e: &Expr) -> EvalResult<(RelOperand, Value)> {
        match &e.kind {
            ExprKind::Collector(c) => {
                let id = self.eval_collector(c, e.span)?;
                Ok((RelOperand::Collector(id), Value::Undef))
            }
            ExprKind::Relationship {
                op, left, right, ..
            } => self.relationship_operands(*op, left, right, e.span),
            ExprKind::Paren(inner) => self.rel_operand(inner),
            _ => {
                let v = self.eval(e)?;
                let mut flat = Vec::new();
                super::eval::flatten_into(&v, &mut flat);
                let mut refs = Vec::new();
                for x in &flat {
                    if x.is_unknown() || x.is_undef() {
                        continue;
                    }
                    match ref_key(x) {
                        Some(k) => {
                            if !refs.contains(&k) {
                                refs.push(k)
                            }
                        }
                        None => {
                            return err(format!(
                                "Illegal relationship operand, can not form a relationship with {}. A Catalog type is required.",
                                ops::a_an(x)
                            ));
                        }
                    }
                }
                Ok((RelOperand::Refs(refs), v))
            }
        }
    }

    /// Records `left op right`; gives the right operand (for chains) and its value.
    fn relationship_operands(
        &mut self,
        op: RelationshipOp,
        left: &Expr,
        right: &Expr,
        span: Span,
    ) -> EvalResult<(RelOperand, Value)> {
        let (l, _) = self.rel_operand(left)?;
        let (r, rv) = self.rel_operand(right)?;
        let l_chain = l.clone();
        let (source, target, param) = match op {
            RelationshipOp::Before => (l, r.clone(), "before"),
            RelationshipOp::Notify => (l, r.clone(), "notify"),
            RelationshipOp::Require => (r.clone(), l, "before"),
            RelationshipOp::Subscribe => (r.clone(), l, "notify"),
        };
        self.relationships.push(Relationship {
            source,
            target,
            param,
            file: self.ctx.file,
            span,
        });
        // In a chain, the right operand is the next left one; when it is empty, the left one
        // stands in for it (`X -> [] -> Y` is `X -> Y`). A collector is known only at the end:
        // should it collect nothing, the left operand stands in for it then.
        match &r {
            RelOperand::Refs(refs) if refs.is_empty() => return Ok((l_chain, rv)),
            RelOperand::Collector(id) => {
                self.empty_alternatives.insert(*id, l_chain);
            }
            RelOperand::Refs(_) => {}
        }
        Ok((r, rv))
    }

    /// The resources of an operand. A source collector that collected nothing gives what
    /// stood left of it in its chain (recursively), as Puppet does.
    fn operand_refs(&self, o: &RelOperand, source: bool) -> Vec<(String, String)> {
        match o {
            RelOperand::Refs(r) => r.clone(),
            RelOperand::Collector(id) => {
                let collected: Vec<(String, String)> = self.collectors[*id]
                    .collected
                    .iter()
                    .map(|&i| {
                        let r = self.catalog.get(i);
                        (r.type_name.clone(), r.title.clone())
                    })
                    .collect();
                match self.empty_alternatives.get(id) {
                    Some(alt) if source && collected.is_empty() => self.operand_refs(alt, true),
                    _ => collected,
                }
            }
        }
    }

    // ------------------------------------------------------------------ finish

    pub fn finish(&mut self) -> EvalResult<()> {
        // Relationships.
        let rels = std::mem::take(&mut self.relationships);
        for rel in &rels {
            let sources = self.operand_refs(&rel.source, true);
            let targets = self.operand_refs(&rel.target, false);
            for s in &sources {
                for t in &targets {
                    let Some(si) = self.find_resource(&s.0, &s.1) else {
                        self.err_file = Some(rel.file);
                        return Err(self
                            .fatal(
                                EvalDiagKind::DanglingRelationship,
                                format!(
                                    "Could not find resource '{}[{}]' for relationship on '{}[{}]'",
                                    s.0, s.1, t.0, t.1
                                ),
                            )
                            .at(rel.span));
                    };
                    if self.find_resource(&t.0, &t.1).is_none() {
                        self.err_file = Some(rel.file);
                        return Err(self.fatal(
                            EvalDiagKind::DanglingRelationship,
                            format!(
                                "Could not find resource '{}[{}]' for relationship from '{}[{}]'",
                                t.0, t.1, s.0, s.1
                            ),
                        )
                        .at(rel.span));
                    }
                    let target = Value::string(format!("{}[{}]", t.0, t.1));
                    let res = self.catalog.get_mut(si);
                    let new = match res.param(rel.param) {
                        None | Some(Value::Undef) => Value::array(vec![target]),
                        Some(Value::Array(a)) => {
                            let mut a = a.as_ref().clone();
                            a.push(target);
                            Value::array(a)
                        }
                        Some(other) => Value::array(vec![other.clone(), target]),
                    };
                    res.set_param(rel.param, new);
                }
            }
        }
        // Overrides still waiting.
        let pending = std::mem::take(&mut self.overrides);
        let mut remaining = Vec::new();
        for ov in pending {
            match self.catalog.find(&ov.type_name, &ov.title) {
                Some(idx) if ov.uncertain => {
                    if self.apply_override(idx, &ov, false).is_err() {
                        self.err_file = None;
                    }
                }
                Some(idx) => self.apply_override(idx, &ov, false)?,
                None if ov.uncertain => {}
                None => remaining.push(ov),
            }
        }
        if let Some(first) = remaining.first() {
            let list = remaining
                .iter()
                .map(|o| format!("{}[{}]", o.type_name, o.title))
                .collect::<Vec<_>>()
                .join(", ");
            self.err_file = Some(first.file);
            return Err(self
                .fatal(
                    EvalDiagKind::RealizeMissing,
                    format!("Could not find resource(s) {list} for overriding"),
                )
                .at(first.span));
        }
        self.check_relationship_params()?;
        self.check_attributes()?;
        // Realized references that were never found.
        if let Some((t, title, file, span)) = self
            .pending_realize
            .iter()
            .find(|(t, title, _, _)| {
                self.catalog
                    .find(t, title)
                    .is_none_or(|i| self.catalog.get(i).virtual_)
            })
            .cloned()
        {
            self.err_file = Some(file);
            return Err(self
                .fatal(
                    EvalDiagKind::RealizeMissing,
                    format!("Failed to realize virtual resources {t}[{title}]"),
                )
                .at(span));
        }
        // A core type's namevar set to the title is not written (as Puppet's catalog).
        for i in 0..self.catalog.resources().len() {
            let nonstring_title = self.meta[i].nonstring_title;
            if self.meta[i].kind != ResKind::Builtin {
                // A define's namevar is `name`.
                let r = self.catalog.get_mut(i);
                if nonstring_title && r.param("name").is_none() {
                    let title = Value::string(r.title.clone());
                    r.params.insert(0, ("name".into(), title));
                }
                continue;
            }
            let r = self.catalog.get(i);
            let lower = r.type_name.to_lowercase();
            let mut names: Vec<String> = match crate::defs::builtins::resource_type(&lower) {
                Some(def) => def.namevars().map(|a| a.name.clone()).collect(),
                None => match self.loader.custom_type_def(&lower) {
                    Some(def) => def.namevars().map(|a| a.name.clone()).collect(),
                    None => continue,
                },
            };
            if names.is_empty() {
                names.push("name".into());
            }
            let title = r.title.clone();
            let r = self.catalog.get_mut(i);
            if !nonstring_title {
                r.params
                    .retain(|(n, v)| !(names.contains(n) && v.as_str() == Some(title.as_str())));
            }
            // A title pattern that changes the title (a file's trailing slashes) gives the
            // namevar its own value, which the catalog writes first.
            let key = crate::eval::checks::title_key(&r.type_name, &title);
            if (key != title || nonstring_title) && !r.params.iter().any(|(n, _)| names.contains(n))
            {
                r.params.insert(0, (names[0].clone(), Value::String(key)));
            }
        }
        // Scope tags, in creation order (a container's tags are complete before its
        // contents').
        for i in 0..self.meta.len() {
            self.merge_scope_tags(i);
        }
        // Sensitive values are written in the clear with their names listed (catalog.rs);
        // edges to virtual resources are left out.
        let virtual_refs: std::collections::HashSet<String> = self
            .catalog
            .resources()
            .iter()
            .filter(|r| r.virtual_)
            .map(Resource::reference)
            .collect();
        self.catalog
            .edges
            .retain(|e| !virtual_refs.contains(&e.target) && !virtual_refs.contains(&e.source));
        Ok(())
    }

    /// The relationship metaparameters name resources of the catalog.
    fn check_relationship_params(&mut self) -> EvalResult<()> {
        for i in 0..self.catalog.resources().len() {
            if self.catalog.get(i).virtual_ {
                continue;
            }
            for p in ["before", "require", "notify", "subscribe"] {
                let Some(v) = self.catalog.get(i).param(p).cloned() else {
                    continue;
                };
                let mut flat = Vec::new();
                super::eval::flatten_into(&v, &mut flat);
                for x in flat {
                    let key = match &x {
                        Value::String(s) => parse_ref_string(s),
                        Value::Undef | Value::Unknown(_) => continue,
                        other => ref_key(other),
                    };
                    let Some((t, title)) = key else { continue };
                    let found = self
                        .find_resource(&t, &title)
                        .is_some_and(|j| !self.catalog.get(j).virtual_);
                    if !found {
                        let (file, span) = (self.meta[i].file, self.meta[i].span);
                        self.err_file = Some(file);
                        return Err(self
                            .fatal(
                                EvalDiagKind::DanglingRelationship,
                                format!(
                                    "Could not find resource '{t}[{title}]' in parameter '{p}'"
                                ),
                            )
                            .at(span));
                    }
                }
            }
        }
        Ok(())
    }

    /// A resource by type and title, or by an `alias` or name parameter.
    pub fn find_resource(&self, t: &str, title: &str) -> Option<usize> {
        if let Some(i) = self.catalog.find(t, title) {
            return Some(i);
        }
        self.catalog.resources().iter().position(|r| {
            r.type_name == t
                && ["alias", "name"].iter().any(|p| {
                    r.param(p).is_some_and(|v| {
                        let mut flat = Vec::new();
                        super::eval::flatten_into(v, &mut flat);
                        flat.iter().any(|x| x.as_str() == Some(title))
                    })
                })
        })
    }

    /// The attributes of core-type resources are the type's.
    fn check_attributes(&mut self) -> EvalResult<()> {
        for i in 0..self.catalog.resources().len() {
            if self.meta[i].kind != ResKind::Builtin || self.catalog.get(i).virtual_ {
                continue;
            }
            let r = self.catalog.get(i);
            let Some(def) = crate::defs::builtins::resource_type(&r.type_name.to_lowercase())
            else {
                continue;
            };
            if !def.complete {
                continue;
            }
            let bad = r.params.iter().find(|(n, _)| {
                def.attribute(n).is_none()
                    && crate::defs::builtins::metaparameter(n).is_none()
                    // `name` is the namevar by another name (`file`'s `path`).
                    && !(n == "name" && def.namevars().next().is_some())
            });
            if let Some((n, _)) = bad {
                let msg = format!("no parameter named '{n}' on {}", r.reference());
                let (file, span) = (self.meta[i].file, self.meta[i].span);
                self.err_file = Some(file);
                return Err(self.fatal(EvalDiagKind::UnknownAttribute, msg).at(span));
            }
        }
        Ok(())
    }

    fn merge_scope_tags(&mut self, idx: usize) {
        if self.meta[idx].tags_merged {
            return;
        }
        self.meta[idx].tags_merged = true;
        let sid = self.meta[idx].scope;
        let container = if matches!(self.meta[idx].kind, ResKind::Class | ResKind::Node) {
            self.scopes[sid].resource.or_else(|| {
                let mut s = self.scopes[sid].dyn_parent;
                while let Some(id) = s {
                    if let Some(r) = self.scopes[id].resource {
                        return Some(r);
                    }
                    s = self.scopes[id].dyn_parent;
                }
                None
            })
        } else {
            self.scopes[sid].resource
        };
        let Some(c) = container.filter(|&c| c != idx) else {
            return;
        };
        self.merge_scope_tags(c);
        let tags = self.catalog.get(c).tags.clone();
        let r = self.catalog.get_mut(idx);
        for t in tags {
            r.tag(&t);
        }
    }

    // ------------------------------------------------------------------ functions

    /// The functions that need the compiler; `None` for the others.
    pub fn compiler_function(
        &mut self,
        name: &str,
        args: &[Value],
        lambda: Option<&AstLambda>,
        span: Span,
    ) -> Option<EvalResult> {
        Some(match name {
            "include" | "contain" | "require" => self.fn_include(name, args, span),
            "realize" => self.fn_realize(args, span),
            "defined" => self.fn_defined(args, span),
            "tag" => {
                let mut flat = Vec::new();
                for a in args {
                    super::eval::flatten_into(a, &mut flat);
                }
                if let Some(r) = self.current_resource() {
                    for t in flat {
                        if let Value::String(s) = t {
                            tag_name(self.catalog.get_mut(r), &s);
                        }
                    }
                }
                Ok(Value::Undef)
            }
            "tagged" => {
                let r = self.current_resource();
                let mut flat = Vec::new();
                for a in args {
                    super::eval::flatten_into(a, &mut flat);
                }
                let ok = flat.iter().all(|t| {
                    t.as_str().is_some_and(|s| {
                        let s = s.to_lowercase();
                        r.is_some_and(|r| self.catalog.get(r).tags.contains(&s))
                            || self.catalog.tags.contains(&s)
                    })
                });
                Ok(Value::Boolean(ok))
            }
            "lookup" => self.fn_lookup(args, lambda),
            "hiera" | "hiera_array" | "hiera_hash" => self.fn_hiera(name, args),
            "hiera_include" => {
                let key = args
                    .first()
                    .map(|a| a.to_puppet_string())
                    .unwrap_or_default();
                match self
                    .hiera_lookup_merge(&key, Some(&crate::eval::hiera::MergeStrategy::Unique))
                {
                    Ok(Some(v)) => self.fn_include("include", &[v], span),
                    Ok(None) => err(format!(
                        "Function hiera_include() did not find a value for the name '{key}'"
                    )),
                    Err(e) => Err(e),
                }
            }
            "fact" => {
                let Some(Value::String(path)) = args.first() else {
                    return Some(err("'fact' expects a String"));
                };
                let mut cur = Value::hash(self.facts().clone());
                for seg in path.split('.') {
                    cur = match &cur {
                        Value::Hash(h) => h.get_str(seg).cloned().unwrap_or(Value::Undef),
                        Value::Array(a) => seg
                            .parse::<usize>()
                            .ok()
                            .and_then(|i| a.get(i).cloned())
                            .unwrap_or(Value::Undef),
                        _ => Value::Undef,
                    };
                }
                Ok(cur)
            }
            "getvar" => {
                let Some(Value::String(v)) = args.first() else {
                    return Some(err("'getvar' expects a String"));
                };
                let v = v.trim_start_matches('$').to_string();
                let (head, path) = match v.split_once('.') {
                    Some((h, p)) => (h.to_string(), Some(p.to_string())),
                    None => (v.clone(), None),
                };
                let strict = self.input.strict_variables;
                let found = match self.lookup_var(&head, span) {
                    Ok(x) => x,
                    Err(e) if strict => return Some(Err(e)),
                    Err(_) => None,
                };
                self.err_kind = None;
                let mut cur = found.unwrap_or(Value::Undef);
                if let Some(p) = path {
                    for seg in p.split('.') {
                        cur = match &cur {
                            Value::Hash(h) => h.get_str(seg).cloned().unwrap_or(Value::Undef),
                            Value::Array(a) => seg
                                .parse::<usize>()
                                .ok()
                                .and_then(|i| a.get(i).cloned())
                                .unwrap_or(Value::Undef),
                            _ => Value::Undef,
                        };
                    }
                }
                if cur.is_undef() {
                    Ok(args.get(1).cloned().unwrap_or(Value::Undef))
                } else {
                    Ok(cur)
                }
            }
            "create_resources" => self.fn_create_resources(args, span),
            "ensure_resource" => self.fn_ensure_resource(args, span),
            "ensure_resources" => {
                let (Some(t), Some(Value::Hash(h))) = (args.first(), args.get(1)) else {
                    return Some(err("'ensure_resources' expects a type and a Hash"));
                };
                let defaults = args.get(2).cloned().unwrap_or(Value::hash(Hash::new()));
                let mut r = Ok(Value::Undef);
                for (title, params) in h.iter() {
                    let merged = merge_hashes(&defaults, params);
                    r = self.fn_ensure_resource(&[t.clone(), title.clone(), merged], span);
                    if r.is_err() {
                        break;
                    }
                }
                r
            }
            "ensure_packages" => {
                let mut names = Vec::new();
                let params = args.get(1).cloned().unwrap_or(Value::hash(Hash::new()));
                let mut base = Hash::new();
                base.insert(Value::string("ensure"), Value::string("installed"));
                // The defaults: `ensure => installed`, and `present` given is `installed`.
                let mut defaults = merge_hashes(&Value::hash(base), &params);
                if let Value::Hash(h) = &mut defaults
                    && h.get(&Value::string("ensure")).and_then(Value::as_str) == Some("present")
                {
                    let mut fixed = h.as_ref().clone();
                    fixed.insert(Value::string("ensure"), Value::string("installed"));
                    *h = std::sync::Arc::new(fixed);
                }
                match args.first() {
                    Some(Value::Hash(h)) => {
                        for (k, v) in h.iter() {
                            let p = merge_hashes(&defaults, v);
                            if let Err(e) = self
                                .fn_ensure_resource(&[Value::string("package"), k.clone(), p], span)
                            {
                                return Some(Err(e));
                            }
                        }
                        return Some(Ok(Value::Undef));
                    }
                    Some(v) => super::eval::flatten_into(v, &mut names),
                    None => {}
                }
                let p = defaults;
                for n in names {
                    if let Err(e) =
                        self.fn_ensure_resource(&[Value::string("package"), n, p.clone()], span)
                    {
                        return Some(Err(e));
                    }
                }
                Ok(Value::Undef)
            }
            "defined_with_params" => {
                let Some(r) = args.first() else {
                    return Some(Ok(Value::Boolean(false)));
                };
                let Some((t, title)) = ref_key(r) else {
                    return Some(Ok(Value::Boolean(false)));
                };
                let Some(i) = self.catalog.find(&t, &title) else {
                    return Some(Ok(Value::Boolean(false)));
                };
                let res = self.catalog.get(i);
                let ok = match args.get(1) {
                    Some(Value::Hash(h)) => h.iter().all(|(k, v)| {
                        k.as_str().is_some_and(|k| {
                            res.param(k).is_some_and(|x| {
                                ops::equals(x, v) || x.to_puppet_string() == v.to_puppet_string()
                            })
                        })
                    }),
                    _ => true,
                };
                Ok(Value::Boolean(ok))
            }
            "call" => self.fn_call(args, lambda, span),
            _ if crate::eval::functions::is_fqdn_function(name) => {
                let facts = self.facts();
                let networking = match facts.get_str("networking") {
                    Some(Value::Hash(n)) => n.get_str("fqdn").cloned(),
                    Some(u @ Value::Unknown(_)) => Some(u.clone()),
                    _ => None,
                };
                let top = facts.get_str("fqdn").cloned();
                crate::eval::functions::call_fqdn(
                    name,
                    args.to_vec(),
                    networking.as_ref(),
                    top.as_ref(),
                )
            }
            "assert_type" => return None,
            _ => return None,
        })
    }

    /// `call(name, args..., lambda)`: calls the function `name` (a Puppet-language function,
    /// a built-in or a compiler function) with the arguments and the lambda.
    fn fn_call(&mut self, args: &[Value], lambda: Option<&AstLambda>, span: Span) -> EvalResult {
        match crate::eval::functions::call_target(args) {
            Ok(f) => self.call_function(&f, args[1..].to_vec(), lambda, span),
            Err(result) => result,
        }
    }

    fn fn_include(&mut self, name: &str, args: &[Value], span: Span) -> EvalResult {
        let mut flat = Vec::new();
        for a in args {
            super::eval::flatten_into(a, &mut flat);
        }
        if flat.is_empty() {
            return err(format!("'{name}' expects at least one class name"));
        }
        let mut out = Vec::new();
        for v in flat {
            let class = match &v {
                Value::String(s) => s.clone(),
                Value::Resource(r) if r.type_name == "Class" => r.title.clone(),
                Value::Type(t) => match t.ty() {
                    crate::types::Type::Class(Some(n)) => n.clone(),
                    crate::types::Type::Resource {
                        type_name: Some(n),
                        title: Some(t),
                    } if n == "Class" => t.clone(),
                    _ => return err(format!("'{name}' expects class names, got {}", t)),
                },
                Value::Unknown(_) => {
                    self.note(
                        EvalDiagKind::UnknownCondition,
                        format!("{name} of a class whose name is not known statically"),
                        span,
                    );
                    continue;
                }
                other => {
                    return err(format!(
                        "'{name}' expects class names, got {}",
                        other.type_name()
                    ));
                }
            };
            if class.is_empty() {
                return err(format!("'{name}' expects non-empty class names"));
            }
            let idx = self.declare_class(&class, None, span)?;
            self.evaluate_class(idx)?;
            let title = self.catalog.get(idx).title.clone();
            out.push(Value::resource("Class", &title));
            match name {
                "contain" => {
                    if let Some(c) = self.current_resource() {
                        let src = self.catalog.get(c).reference();
                        self.catalog.add_edge(src, format!("Class[{title}]"));
                    }
                }
                "require" => {
                    if let Some(c) = self.current_resource() {
                        let target = Value::string(format!("Class[{title}]"));
                        let res = self.catalog.get_mut(c);
                        let new = match res.param("require") {
                            None | Some(Value::Undef) => Value::array(vec![target]),
                            Some(Value::Array(a)) => {
                                let mut a = a.as_ref().clone();
                                a.push(target);
                                Value::array(a)
                            }
                            Some(other) => Value::array(vec![other.clone(), target]),
                        };
                        res.set_param("require", new);
                    }
                }
                _ => {}
            }
        }
        Ok(Value::array(out))
    }

    fn fn_realize(&mut self, args: &[Value], span: Span) -> EvalResult {
        let mut flat = Vec::new();
        for a in args {
            super::eval::flatten_into(a, &mut flat);
        }
        for v in flat {
            if v.is_unknown() {
                continue;
            }
            let Some((t, title)) = ref_key(&v) else {
                return err(format!(
                    "'realize' expects resource references, got {}",
                    v.type_name()
                ));
            };
            match self.catalog.find(&t, &title) {
                Some(i) => self.catalog.get_mut(i).virtual_ = false,
                None => self.pending_realize.push((t, title, self.ctx.file, span)),
            }
        }
        // Resources realized before they are declared.
        let pending = std::mem::take(&mut self.pending_realize);
        for p in &pending {
            if let Some(i) = self.catalog.find(&p.0, &p.1) {
                self.catalog.get_mut(i).virtual_ = false;
            }
        }
        self.pending_realize = pending;
        Ok(Value::Undef)
    }

    fn fn_defined(&mut self, args: &[Value], span: Span) -> EvalResult {
        if args.is_empty() {
            return err("'defined' expects at least 1 argument, got none");
        }
        for a in args {
            let found = match a {
                Value::String(s) if s.starts_with('$') => {
                    let r = self.lookup_var(s.trim_start_matches('$'), span);
                    self.err_kind = None;
                    matches!(r, Ok(Some(_)))
                }
                Value::String(s) => {
                    let n = s.trim_start_matches("::").to_lowercase();
                    self.resolve_type(&n).is_some()
                        || self.loader.definition(&n).is_some()
                        || self.loader.function(&n).is_some()
                        || crate::eval::functions::lookup(&n).is_some()
                        || crate::defs::builtins::function(&n).is_some()
                        || matches!(
                            n.as_str(),
                            "include"
                                | "contain"
                                | "require"
                                | "realize"
                                | "defined"
                                | "tag"
                                | "tagged"
                                | "template"
                                | "lookup"
                                | "create_resources"
                                | "notice"
                        )
                }
                Value::Resource(_) => match ref_key(a) {
                    Some((t, title)) => self.catalog.find(&t, &title).is_some(),
                    None => false,
                },
                Value::Type(t) => match t.ty() {
                    crate::types::Type::Resource {
                        type_name: Some(n),
                        title: Some(title),
                    } => {
                        if n == "Class" {
                            self.catalog.find("Class", &class_title(title)).is_some()
                        } else {
                            self.catalog.find(n, title).is_some()
                        }
                    }
                    crate::types::Type::Resource {
                        type_name: Some(n),
                        title: None,
                    } => self.resolve_type(&n.to_lowercase()).is_some(),
                    crate::types::Type::Class(Some(n)) => {
                        self.catalog.find("Class", &class_title(n)).is_some()
                    }
                    _ => false,
                },
                Value::Unknown(_) => {
                    return Ok(Value::unknown("Boolean", "defined() of an unknown value"));
                }
                _ => false,
            };
            if found {
                return Ok(Value::Boolean(true));
            }
        }
        Ok(Value::Boolean(false))
    }

    fn fn_lookup(&mut self, args: &[Value], lambda: Option<&AstLambda>) -> EvalResult {
        let (name, ty, merge, default) = match args.first() {
            Some(Value::Hash(h)) => (
                h.get_str("name").cloned().unwrap_or(Value::Undef),
                h.get_str("value_type").cloned(),
                h.get_str("merge").cloned(),
                h.get_str("default_value").cloned(),
            ),
            Some(n) => match args.get(1) {
                Some(Value::Hash(h)) => (
                    n.clone(),
                    h.get_str("value_type").cloned(),
                    h.get_str("merge").cloned(),
                    h.get_str("default_value").cloned(),
                ),
                _ => (
                    n.clone(),
                    args.get(1).cloned(),
                    args.get(2).cloned(),
                    args.get(3).cloned(),
                ),
            },
            None => return err("'lookup' expects at least 1 argument, got none"),
        };
        let merge = match merge {
            None | Some(Value::Undef) => None,
            Some(m) => Some(
                crate::eval::hiera::MergeStrategy::from_value(&m)
                    .map_err(|e| EvalError::new(e.message))?,
            ),
        };
        let names: Vec<String> = match &name {
            Value::String(s) => vec![s.clone()],
            Value::Array(a) => a.iter().map(|v| v.to_puppet_string()).collect(),
            other => vec![other.to_puppet_string()],
        };
        let mut found = None;
        for n in &names {
            if let Some(v) = self.hiera_lookup_merge(n, merge.as_ref())? {
                found = Some(v);
                break;
            }
        }
        let value = match found {
            Some(v) => v,
            None => match (lambda, default) {
                (Some(l), _) => self.call_lambda(
                    l,
                    vec![Value::string(names.first().cloned().unwrap_or_default())],
                )?,
                (None, Some(d)) => d,
                (None, None) => {
                    return err(format!(
                        "Function lookup() did not find a value for the name '{}'",
                        names.first().cloned().unwrap_or_default()
                    ));
                }
            },
        };
        if let Some(Value::Type(t)) = ty
            && let Some(m) = self.type_mismatch(t.ty(), &value, "value")
        {
            return err(format!(
                "Found value has wrong type, expects {}",
                m.trim_start_matches("value expects ")
            ));
        }
        Ok(value)
    }

    fn fn_hiera(&mut self, name: &str, args: &[Value]) -> EvalResult {
        let key = args
            .first()
            .map(|a| a.to_puppet_string())
            .unwrap_or_default();
        let merge = match name {
            "hiera_array" => Some(crate::eval::hiera::MergeStrategy::Unique),
            "hiera_hash" => Some(crate::eval::hiera::MergeStrategy::Hash),
            _ => None,
        };
        match self.hiera_lookup_merge(&key, merge.as_ref())? {
            Some(v) => Ok(v),
            None => match args.get(1) {
                Some(d) => Ok(d.clone()),
                None => err(format!(
                    "Function {name}() did not find a value for the name '{key}'"
                )),
            },
        }
    }

    fn fn_create_resources(&mut self, args: &[Value], span: Span) -> EvalResult {
        let (Some(t), Some(h)) = (args.first(), args.get(1)) else {
            return err("'create_resources' expects 2 or 3 arguments");
        };
        let Value::Hash(h) = h else {
            if h.is_unknown() {
                return Ok(Value::Undef);
            }
            return err(format!(
                "'create_resources' expects a Hash, got {}",
                h.type_name()
            ));
        };
        let defaults = args.get(2).cloned().unwrap_or(Value::hash(Hash::new()));
        let type_lower = match t {
            Value::String(s) => s.trim_start_matches("::").to_lowercase(),
            Value::Type(tv) => match tv.ty() {
                crate::types::Type::Resource {
                    type_name: Some(n), ..
                } => n.to_lowercase(),
                crate::types::Type::Class(_) => "class".into(),
                _ => tv.to_string().to_lowercase(),
            },
            other => other.to_puppet_string().to_lowercase(),
        };
        for (title, params) in h.iter() {
            let merged = merge_hashes(&defaults, params);
            let pl: Vec<(String, Value)> = merged
                .as_hash()
                .map(|h| {
                    h.iter()
                        .map(|(k, v)| (k.to_puppet_string(), v.clone()))
                        .collect()
                })
                .unwrap_or_default();
            if type_lower == "class" {
                let idx = self.declare_class(&title.to_puppet_string(), Some(pl), span)?;
                self.evaluate_class(idx)?;
                continue;
            }
            let (type_lower, form) = if let Some(rest) = type_lower.strip_prefix("@@") {
                (rest.to_string(), ResourceForm::Exported)
            } else if let Some(rest) = type_lower.strip_prefix('@') {
                (rest.to_string(), ResourceForm::Virtual)
            } else {
                (type_lower.clone(), ResourceForm::Regular)
            };
            let Some(kind) = self.resolve_type(&type_lower) else {
                return Err(self.fatal(
                    EvalDiagKind::UnknownResourceType,
                    format!("Unknown resource type: '{type_lower}'"),
                ));
            };
            self.create_resource(
                &cap_type(&type_lower),
                kind,
                title.clone(),
                pl,
                form,
                span,
                true,
            )?;
        }
        Ok(Value::Undef)
    }

    fn fn_ensure_resource(&mut self, args: &[Value], span: Span) -> EvalResult {
        let (Some(t), Some(titles)) = (args.first(), args.get(1)) else {
            return err("'ensure_resource' expects 2 or 3 arguments");
        };
        let params = args.get(2).cloned().unwrap_or(Value::hash(Hash::new()));
        let type_lower = t.to_puppet_string().trim_start_matches("::").to_lowercase();
        let mut flat = Vec::new();
        super::eval::flatten_into(titles, &mut flat);
        let pl: Vec<(String, Value)> = params
            .as_hash()
            .map(|h| {
                h.iter()
                    .map(|(k, v)| (k.to_puppet_string(), v.clone()))
                    .collect()
            })
            .unwrap_or_default();
        for title in flat {
            if type_lower == "class" {
                let name = title.to_puppet_string();
                if self.catalog.find("Class", &class_title(&name)).is_none() {
                    let idx = self.declare_class(&name, Some(pl.clone()), span)?;
                    self.evaluate_class(idx)?;
                }
                continue;
            }
            let type_name = cap_type(&type_lower);
            if let Some(i) = self.catalog.find(&type_name, &title.to_puppet_string()) {
                // Declared already: the same parameters are fine, others are a duplicate.
                let res = self.catalog.get(i);
                let same = pl.iter().all(|(k, v)| {
                    res.param(k)
                        .is_some_and(|x| x.to_puppet_string() == v.to_puppet_string())
                });
                if same {
                    continue;
                }
            }
            let Some(kind) = self.resolve_type(&type_lower) else {
                return Err(self.fatal(
                    EvalDiagKind::UnknownResourceType,
                    format!("Unknown resource type: '{type_lower}'"),
                ));
            };
            self.create_resource(
                &type_name,
                kind,
                title,
                pl.clone(),
                ResourceForm::Regular,
                span,
                true,
            )?;
        }
        Ok(Value::Undef)
    }
}

/// The name a node matcher stands for (lower case); `None` for a regexp or `default`.
fn node_name_of(e: &Expr) -> Option<String> {
    match &e.kind {
        ExprKind::Name(n) => Some(n.to_lowercase()),
        ExprKind::String(s) => {
            let mut out = String::new();
            for p in &s.parts {
                if let ast::StringPart::Text { value, .. } = p {
                    out.push_str(value);
                }
            }
            Some(out.to_lowercase())
        }
        ExprKind::Integer(_) | ExprKind::Float(_) => None,
        _ => None,
    }
}

/// `File[/tmp/x]` (a reference written as a string) as the catalog keys it.
fn parse_ref_string(s: &str) -> Option<(String, String)> {
    let open = s.find('[')?;
    let inner = s[open + 1..].strip_suffix(']')?;
    let t = cap_type(&s[..open]);
    let title = inner.trim_matches(|c| c == '\'' || c == '"').to_string();
    if t == "Class" {
        return Some((t, class_title(&title)));
    }
    Some((t, title))
}

/// `+>`: the old value (an array, or wrapped in one) with the new appended, flattened.
fn append_values(old: &Value, new: &Value) -> Value {
    let mut out = Vec::new();
    super::eval::flatten_into(old, &mut out);
    super::eval::flatten_into(new, &mut out);
    Value::array(out)
}

fn merge_hashes(a: &Value, b: &Value) -> Value {
    let mut out = a.as_hash().cloned().unwrap_or_default();
    if let Some(h) = b.as_hash() {
        for (k, v) in h.iter() {
            out.insert(k.clone(), v.clone());
        }
    }
    Value::hash(out)
}

/// Whether a resource's attribute matches a query value (`title`, `tag` and array values as
/// Puppet compares them).
fn attr_matches(r: &Resource, attr: &str, v: &Value) -> bool {
    let want = v.to_puppet_string();
    match attr {
        "title" => r.title == want,
        "tag" => r.tags.iter().any(|t| t.eq_ignore_ascii_case(&want)),
        _ => match r.param(attr) {
            Some(Value::Array(a)) => a.iter().any(|x| ops::equals(x, v)),
            Some(x) => ops::equals(x, v),
            None => false,
        },
    }
}

#[allow(dead_code)]
fn _unused(_: TypeVal, _: Location) {}

/// The top scope's variables, as Hiera's interpolation reads them.
struct TopView<'a> {
    vars: &'a std::collections::HashMap<String, Value>,
}

impl crate::eval::hiera::HieraScope for TopView<'_> {
    fn variable(&self, name: &str) -> Option<Value> {
        self.vars.get(name.trim_start_matches("::")).cloned()
    }
}
