//! Classes, defines and nodes: declaring a class (once), evaluating class and define bodies
//! with their parameters (given, from Hiera, defaults), stages, and node matching.

use std::rc::Rc;

use super::loader::{DefKind, Definition};
use super::resources::{class_title, tag_name, valid_tag};
use super::scope::{Ctx, Scope, ScopeId};
use super::{Compiler, ResKind, ResMeta};
use crate::eval::catalog::Resource;
use crate::eval::diag::{BadAttribute, BadInput, ClassWanted, EvalDiagKind, ValueFrom};
use crate::eval::error::{EvalError, EvalResult, err};
use crate::eval::ops;
use crate::eval::value::Value;
use crate::syntax::ast::{self, Expr, ExprKind, Span};

impl Compiler<'_> {
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
        if let Some(existing) = self.built.catalog.find("Class", &title) {
            if params.is_none() {
                return Ok(existing);
            }
            let m = &self.built.meta[existing];
            return Err(EvalError::finding(EvalDiagKind::DuplicateResource {
                reference: format!("Class[{title}]"),
                first: self.location(m.file, m.span),
                here: self.location(self.ctx.file, span),
            }));
        }
        let Some(def) = self
            .loader
            .definition(&name)
            .filter(|d| d.kind == DefKind::Class)
        else {
            return Err(EvalError::finding(EvalDiagKind::UnknownClass {
                class: name,
                wanted: ClassWanted::Declared {
                    node: Some(self.input.node.name.clone()),
                },
            }));
        };
        if let Some(parent) = &def.parent {
            if self
                .loader
                .definition(parent)
                .filter(|d| d.kind == DefKind::Class)
                .is_none()
            {
                return Err(EvalError::finding(EvalDiagKind::UnknownClass {
                    class: parent.clone(),
                    wanted: ClassWanted::Parent { child: name },
                }));
            }
            if self
                .built
                .catalog
                .find("Class", &class_title(parent))
                .is_none()
            {
                if self.limits.too_deep() {
                    return err("Class inheritance is too deep (a cycle?)");
                }
                self.limits.enter();
                let r = self.declare_class(parent, None, span);
                self.limits.leave();
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
            if !self.built.catalog.tags.contains(&t) {
                self.built.catalog.tags.push(t);
            }
        }
        res.location = self.location(self.ctx.file, span);
        self.limits.check_resource_budget(&self.built.catalog)?;
        let idx = match self.built.catalog.add(res) {
            Ok(i) | Err(i) => i,
        };
        self.built.meta.push(ResMeta {
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
        if self.built.meta[idx].evaluated {
            return Ok(());
        }
        self.built.meta[idx].evaluated = true;
        let name = self.built.catalog.get(idx).title.to_lowercase();
        let Some(def) = self.loader.definition(&name) else {
            return Ok(());
        };
        if self.limits.too_deep() {
            return err("Evaluation nested too deeply");
        }
        let static_parent = match &def.parent {
            Some(p) => {
                let pidx = self.declare_class(p, None, def.span)?;
                self.limits.enter();
                let r = self.evaluate_class(pidx);
                self.limits.leave();
                r?;
                self.scopes.class(p)
            }
            None => None,
        };
        let declaring = self.built.meta[idx].scope;
        let dyn_parent = static_parent.unwrap_or(declaring);
        let mut scope = Scope::new(
            static_parent,
            Some(self.enclosing_of(dyn_parent)),
            Some(dyn_parent),
        );
        scope.resource = Some(idx);
        scope.class_name = Some(name.clone());
        scope.module = def.module.clone();
        let sid = self.scopes.add_class(name.clone(), scope);
        self.built.catalog.classes.push(name.clone());
        let given = self.built.meta[idx].given.clone();
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
        self.limits.enter();
        let r = self.run_body_inner(idx, def, sid, given, caller_module, is_class);
        self.limits.leave();
        let r = r.map_err(|e| e.in_file(self.ctx.file));
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
            let r = self.built.catalog.get(idx);
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
        let title = self.built.catalog.get(idx).title.clone();
        if is_class {
            self.scopes[sid]
                .vars
                .insert("title".into(), Value::string(def.name.clone()));
            self.scopes[sid]
                .vars
                .insert("name".into(), Value::string(def.name.clone()));
        } else {
            let t = self
                .built
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
                return Err(EvalError::finding(EvalDiagKind::UnknownAttribute {
                    resource: res_ref,
                    problem: BadAttribute::Defined(vec![n.clone()]),
                })
                .located(self.built.meta[idx].file, self.built.meta[idx].span));
            }
        }
        let mut missing = Vec::new();
        for p in &def.params {
            let pname = p.name.name.clone();
            let given_v = given
                .iter()
                .find(|(n, _)| *n == pname)
                .map(|(_, v)| v.clone());
            let mut origin = ValueFrom::Given;
            let mut value = match &given_v {
                Some(v) if !v.is_undef() => Some(v.clone()),
                _ => None,
            };
            if value.is_none() && is_class {
                let key = format!("{}::{pname}", def.name);
                if let Some(v) = self.hiera_lookup(&key)? {
                    value = Some(v);
                    origin = ValueFrom::Hiera;
                }
            }
            if value.is_none()
                && let Some(d) = &p.default
            {
                value = Some(self.eval(d)?);
                origin = ValueFrom::Default;
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
                    return Err(EvalError::finding(EvalDiagKind::ParameterType {
                        owner: Some(res_ref),
                        mismatch: e.text(),
                        from: origin,
                    })
                    .located(self.built.meta[idx].file, self.built.meta[idx].span));
                }
            }
            self.scopes[sid].vars.insert(pname.clone(), value.clone());
            if !value.is_undef() {
                self.built.catalog.get_mut(idx).set_param(&pname, value);
            }
        }
        if !missing.is_empty() {
            return Err(EvalError::finding(EvalDiagKind::MissingParameter {
                owner: res_ref,
                params: missing,
            })
            .located(self.built.meta[idx].file, self.built.meta[idx].span));
        }
        if is_class {
            self.add_edge_to_stage(idx)?;
        } else {
            // The define's scope tags come with its evaluation.
            self.merge_scope_tags(idx);
        }
        self.eval_body(&def.body.statements)?;
        Ok(())
    }

    fn add_edge_to_stage(&mut self, idx: usize) -> EvalResult<()> {
        let own = self.built.catalog.get(idx).param("stage").cloned();
        let decl_scope = self.built.meta[idx].scope;
        let from_scope = self.scopes[decl_scope]
            .resource
            .and_then(|r| self.built.catalog.get(r).param("stage").cloned());
        let stage = match own.or(from_scope) {
            Some(Value::String(s)) => s,
            Some(Value::Resource(r)) => r.title.clone(),
            _ => "main".to_string(),
        };
        if self.built.catalog.find("Stage", &stage).is_none() {
            let r = self.built.catalog.get(idx).reference();
            return err(format!("Could not find stage {stage} specified by {r}"));
        }
        if stage != "main" && self.built.catalog.get(idx).param("stage").is_none() {
            self.built
                .catalog
                .get_mut(idx)
                .set_param("stage", Value::string(stage.clone()));
        }
        let dst = self.built.catalog.get(idx).reference();
        self.built.catalog.add_edge(format!("Stage[{stage}]"), dst);
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
        self.limits.charge_steps(1)?;
        let view = TopView {
            vars: &self.scopes[super::scope::TOP].vars,
            compiler: self,
        };
        let found = self.hiera.lookup(key, merge, &view);
        match found {
            Ok(v) => {
                if let Some(v) = &v {
                    self.limits.check_size(v)?;
                }
                Ok(v)
            }
            Err(e) if self.hiera.budget_exhausted() => Err(EvalError {
                kind: crate::eval::ErrorKind::Budget,
                ..EvalError::new(e.message)
            }),
            Err(e) => Err(EvalError::finding(EvalDiagKind::BadInput {
                problem: BadInput::Lookup {
                    key: key.to_string(),
                    error: e.message,
                },
            })),
        }
    }

    // ------------------------------------------------------------------ defines

    pub(super) fn evaluate_define(&mut self, idx: usize) -> EvalResult<()> {
        if self.built.meta[idx].evaluated {
            return Ok(());
        }
        self.built.meta[idx].evaluated = true;
        let ResKind::Define(name) = self.built.meta[idx].kind.clone() else {
            return Ok(());
        };
        let Some(def) = self.loader.definition(&name) else {
            return Ok(());
        };
        if self.limits.too_deep() {
            return err(format!("Recursion too deep evaluating defined type {name}"));
        }
        let declaring = self.built.meta[idx].scope;
        let mut scope = Scope::new(None, Some(self.enclosing_of(declaring)), Some(declaring));
        scope.resource = Some(idx);
        scope.module = def.module.clone();
        let sid = self.scopes.add(scope);
        let r = self.built.catalog.get(idx);
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
                        let outcome = ops::match_op(
                            &self.regexes,
                            &Value::string(name.clone()),
                            &Value::regexp(re),
                            false,
                        );
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
            return Err(EvalError::finding(EvalDiagKind::NoMatchingNode {
                node: Some(self.input.node.name.clone()),
            }));
        };
        let mut res = Resource::new("Node", title.clone());
        res.tag("node");
        if valid_tag(&title) {
            res.tag(&title);
        }
        res.location = self.location(node.file, node.span);
        let idx = match self.built.catalog.add(res) {
            Ok(i) | Err(i) => i,
        };
        self.built.meta.push(ResMeta {
            scope: super::scope::TOP,
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
        let main = self.scopes[super::scope::TOP].resource.unwrap_or(0);
        let src = self.built.catalog.get(main).reference();
        let dst = self.built.catalog.get(idx).reference();
        self.built.catalog.add_edge(src, dst);
        self.built.catalog.classes.push(title.clone());
        let mut scope = Scope::new(None, Some(super::scope::TOP), Some(super::scope::TOP));
        scope.is_node = true;
        scope.resource = Some(idx);
        if let Some(c) = caps {
            scope.matches.push(Some(c));
        }
        let sid = self.scopes.add_node(scope);
        self.merge_scope_tags(idx);
        let saved = std::mem::replace(&mut self.ctx, Ctx::new(sid, node.file));
        let r = self.eval_body(&node.body.statements);
        let r = r.map_err(|e| e.in_file(self.ctx.file));
        self.ctx = saved;
        r.map(|_| ())
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

/// The top scope's variables, as Hiera's interpolation reads them.
struct TopView<'a, 'c> {
    vars: &'a std::collections::HashMap<String, Value>,
    /// Runs the modules' Ruby backend functions.
    compiler: &'a Compiler<'c>,
}

impl crate::eval::hiera::HieraScope for TopView<'_, '_> {
    fn variable(&self, name: &str) -> Option<Value> {
        self.vars.get(name.trim_start_matches("::")).cloned()
    }

    fn call_backend(
        &self,
        function: &str,
        args: Vec<Value>,
        context: &mut dyn crate::eval::hiera::LookupContext,
    ) -> crate::eval::hiera::BackendAnswer {
        self.compiler.run_hiera_backend(function, args, context)
    }
}
