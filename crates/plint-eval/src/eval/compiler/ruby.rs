//! Ruby in the compiler: `template()` and `inline_template()` render their templates, and
//! modules' Ruby functions run, in plint's Ruby interpreter ([`crate::ruby`]), bound as Puppet
//! 7 binds them.
//!
//! A template sees the calling scope's variables as instance variables (`@x`: every variable
//! visible where the function is called, undef ones left unbound, so `@x` reads `nil`), and
//! `scope` (`scope['x']`, `scope.lookupvar('x')`, qualified names too, `scope.to_hash`,
//! `scope.function_x([...])`, `scope.call_function('x', [...])`). Values cross as Puppet's
//! runtime hands them over: `undef` is `nil`, `default` the Symbol `:default`, strings,
//! numbers, booleans, arrays and hashes their Ruby counterparts, and any other Puppet value
//! (a `Sensitive`, a type, a resource reference, ...) an opaque object the template can only
//! print or hand back to a function.
//!
//! What the interpreter cannot evaluate makes the template's result an unknown `String` whose
//! origin names the template, line and construct; an exception the template raises is
//! Puppet's "Failed to parse template" error.
//!
//! A module's Ruby function runs its dispatcher's method (4.x: the first dispatcher whose
//! arity and parameter types accept the arguments; its variables are the top scope's, its
//! `closure_scope`) or its block (3.x: with the calling scope as `self`). What it calls back
//! (`call_function('include', ...)`) happens in the catalog as in Puppet. A function that
//! cannot be evaluated gives an unknown value, and a `P218` note says why. A module's function
//! run as a Hiera backend is in `hiera_backend.rs`.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use super::Compiler;
use super::cache::ParsedTemplate;
use crate::discover::lookup::{self, FileFunction, Folder, Probe, Resolution};
use crate::eval::error::{EvalResult, err};
use crate::eval::value::{Hash, Value};
use crate::ruby::{self, CallStyle, Rendered, RubyError, Value as RValue};

/// Variables set from Ruby (`scope.setvar`), by scope and name: the Ruby objects themselves,
/// so that a template that sets a hash and a template that reads it later share one mutable
/// object, as in Puppet (apache's `_template_scope`).
pub type RubyVariables = HashMap<(super::scope::ScopeId, String), RValue>;

impl Compiler<'_> {
    /// `template(files...)` and `inline_template(texts...)`: each rendered, the results
    /// joined.
    pub(super) fn erb_function(&mut self, name: &str, args: &[Value]) -> EvalResult {
        if args.is_empty() {
            return err(format!("'{name}' expects at least 1 argument, got 0"));
        }
        let mut out = String::new();
        let mut unknown: Option<String> = None;
        for a in flatten(args) {
            let rendered = if name == "template" {
                self.render_template_file(&a)?
            } else {
                self.render_inline(&a)?
            };
            match rendered {
                Ok(text) => out.push_str(&text),
                Err(origin) => {
                    unknown.get_or_insert(origin);
                }
            }
        }
        Ok(match unknown {
            Some(origin) => Value::unknown("String", &origin),
            None => Value::String(out),
        })
    }

    /// One `template()` argument: Ok(Ok(text)) or Ok(Err(why unknown)).
    fn render_template_file(&mut self, arg: &Value) -> EvalResult<Result<String, String>> {
        let file = match arg {
            Value::String(s) => s.clone(),
            Value::Unknown(u) => return Ok(Err(u.origin.to_string())),
            other => other.to_puppet_string(),
        };
        let shown = format!("template('{file}')");
        let tree = crate::eval::epp::ModulePath {
            sandbox: &self.input.sandbox,
            dirs: &self.input.modulepath,
        };
        let found = lookup::resolve(&tree, FileFunction::Template, &[&file]);
        if let Some(e) = crate::eval::epp::template_error(&file, &found) {
            return Err(e);
        }
        let path = match found {
            Resolution::Found { path, .. } => path,
            Resolution::Refused { error, .. } => {
                crate::eval::epp::EppHost::refused(self, &file, &error);
                return Ok(Err(format!("{shown} (not read)")));
            }
            _ => return Ok(Err(shown)),
        };
        let program = match self.erb_program(&path) {
            Some(Ok(p)) => p,
            Some(Err(message)) => {
                return err(format!(
                    "Failed to parse template {file}:\n  Filepath: {}\n  Detail: {message}\n",
                    path.display()
                ));
            }
            // Refused by the sandbox (reported) or unreadable: unknown.
            None => return Ok(Err(shown)),
        };
        self.run_erb(&program, Some(&path))
            .map(|r| match r {
                Ok(text) => Ok(text),
                Err(origin) => Err(format!("{shown}: {origin}")),
            })
            .map_err(|e| {
                crate::eval::error::EvalError::new(format!(
                    "Failed to parse template {file}:\n  Filepath: {}\n  Line: {}\n  Detail: {}\n",
                    path.display(),
                    e.0,
                    e.1
                ))
            })
    }

    fn render_inline(&mut self, arg: &Value) -> EvalResult<Result<String, String>> {
        let text = match arg {
            Value::String(s) => s.clone(),
            Value::Unknown(u) => return Ok(Err(u.origin.to_string())),
            other => other.to_puppet_string(),
        };
        let program = match ruby::erb::compile("inline template", &text) {
            Ok(p) => Arc::new(p),
            Err(errors) => {
                let e = errors.first();
                return err(format!(
                    "Failed to parse inline template: {}",
                    e.map_or("syntax error".to_string(), |e| e.message.clone())
                ));
            }
        };
        self.run_erb(&program, None)
            .map(|r| r.map_err(|origin| format!("inline_template(): {origin}")))
            .map_err(|e| {
                crate::eval::error::EvalError::new(format!(
                    "Failed to parse inline template: {}",
                    e.1
                ))
            })
    }

    /// The compiled template at `path`, parsed once per run; `None` when the file cannot be
    /// read (the sandbox's refusal is reported).
    fn erb_program(&mut self, path: &Path) -> Option<ParsedTemplate> {
        let cache = self.input.ruby.clone();
        let mut refused = None;
        let parsed = cache.template(path, || {
            let text = match self.input.sandbox.read_to_string(path) {
                Ok(t) => t,
                Err(e) => {
                    refused = Some(e);
                    return None;
                }
            };
            let label = super::calls::module_relative(path);
            let compile = |text: &str| {
                ruby::erb::compile(&label, text)
                    .map(Arc::new)
                    .map_err(|errors| {
                        errors.first().map_or("syntax error".to_string(), |e| {
                            format!("line {}, column {}: {}", e.line, e.column, e.message)
                        })
                    })
            };
            Some(cache.erb(&label, &text, || compile(&text)))
        });
        if let Some(e) = refused {
            let written = path.display().to_string();
            crate::eval::epp::EppHost::refused(self, &written, &e);
        }
        parsed
    }

    /// Runs a compiled template in the current scope: Ok(text), Err(origin) when unknown; the
    /// outer Err is a Ruby exception (line, message).
    fn run_erb(
        &mut self,
        program: &ruby::Program,
        file: Option<&Path>,
    ) -> Result<Result<String, String>, (u32, String)> {
        let budget = ruby::Budget {
            max_string: self.limits.budgets().template_bytes,
            ..ruby::Budget::default()
        };
        let mut host = RubyHost {
            compiler: self,
            file: file.map(|p| p.display().to_string()),
            opaque: Vec::new(),
            shared: Shared::new(),
            lambda: None,
            caller: None,
        };
        match ruby::render_erb(program, &mut host, &budget) {
            Ok(Rendered::Known(text)) => Ok(Ok(text)),
            Ok(Rendered::Unknown(origin)) => Ok(Err(origin.to_string())),
            Err(RubyError::Raised { message, line, .. }) => Err((line, message)),
            Err(RubyError::Budget(what)) => Ok(Err(format!("budget exceeded: {what}"))),
        }
    }

    /// `to_hash` of the current scope: the variables visible here, the nearer overriding
    /// the farther, undef ones left out.
    fn visible_variables(&self) -> Vec<(String, Value)> {
        let mut chain = Vec::new();
        if self.ctx.function {
            chain.push(super::scope::TOP);
        } else {
            let mut s = Some(self.ctx.scope);
            let mut guard = 0;
            while let Some(id) = s {
                guard += 1;
                if guard > 10_000 {
                    break;
                }
                chain.push(id);
                let sc = &self.scopes[id];
                // Puppet merges the inherited scope's over the enclosing one's.
                s = sc.inherited.or(sc.enclosing);
            }
        }
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut out: Vec<(String, Value)> = Vec::new();
        let scopes = chain.iter().rev().map(|&id| &self.scopes[id].vars);
        let frames = self.ctx.frames.iter().map(|f| &f.vars);
        for vars in scopes.chain(frames) {
            let mut names: Vec<(&String, &Value)> = vars.iter().collect();
            names.sort_by(|a, b| a.0.cmp(b.0));
            for (k, v) in names {
                match index.get(k) {
                    Some(&i) => out[i].1 = v.clone(),
                    None => {
                        index.insert(k.clone(), out.len());
                        out.push((k.clone(), v.clone()));
                    }
                }
            }
        }
        out.retain(|(_, v)| !v.is_undef());
        out
    }
}

/// Arguments as Puppet's 3.x functions see them: nested arrays flattened.
fn flatten(args: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    for a in args {
        match a {
            Value::Array(items) => out.extend(flatten(items)),
            other => out.push(other.clone()),
        }
    }
    out
}

/// The compiler seen from a template.
struct RubyHost<'a, 'i> {
    compiler: &'a mut Compiler<'i>,
    file: Option<String>,
    /// Puppet values handed to the template as opaque objects, by id.
    opaque: Vec<Value>,
    /// The Ruby object made for each Puppet collection handed over, by the collection's
    /// address (the value kept so the address stays its own): one Puppet object is one Ruby
    /// object, as in Puppet (Psych writes an alias for an object met twice).
    shared: Shared,
    /// The lambda given to the function called, if any (the Ruby block [`HOST_LAMBDA`]).
    lambda: Option<crate::syntax::ast::Lambda>,
    /// The caller's context while a 4.x function runs in the top scope: a lambda runs there.
    caller: Option<super::scope::Ctx>,
}

/// The `id` of the opaque object standing for the lambda given to a Ruby function.
const HOST_LAMBDA: u64 = u64::MAX - 1;

impl RubyHost<'_, '_> {
    fn ruby_value(&mut self, v: &Value) -> RValue {
        to_ruby(v, &mut self.opaque, &mut self.shared)
    }

    fn puppet_value(&self, v: &RValue) -> Value {
        to_puppet(v, &self.opaque)
    }
}

/// The Ruby objects made for Puppet collections, by address.
pub(super) type Shared = HashMap<usize, (Value, RValue)>;

/// A Puppet value as Ruby sees it; other runtime objects become opaque objects kept in
/// `opaque`. A collection handed over twice is the same Ruby object both times.
pub(super) fn to_ruby(v: &Value, opaque: &mut Vec<Value>, shared: &mut Shared) -> RValue {
    {
        let address = match v {
            Value::Array(a) => Some(Arc::as_ptr(a) as *const u8 as usize),
            Value::Hash(h) => Some(Arc::as_ptr(h) as *const u8 as usize),
            _ => None,
        };
        if let Some(hit) = address.and_then(|a| shared.get(&a)) {
            return hit.1.clone();
        }
        let r = match v {
            Value::Undef => RValue::Nil,
            Value::Default => RValue::sym("default"),
            Value::Integer(i) => RValue::Int(*i),
            Value::Float(f) => RValue::Float(*f),
            Value::String(s) => RValue::str(s.clone()),
            Value::Boolean(b) => RValue::Bool(*b),
            Value::Array(items) => {
                let items = items.iter().map(|i| to_ruby(i, opaque, shared)).collect();
                RValue::array(items)
            }
            Value::Hash(h) => {
                let pairs = h
                    .iter()
                    .map(|(k, v)| (to_ruby(k, opaque, shared), to_ruby(v, opaque, shared)))
                    .collect();
                RValue::hash(pairs)
            }
            Value::Unknown(u) => RValue::unknown(u.origin.to_string(), 0),
            other => {
                let id = opaque.len() as u64;
                opaque.push(other.clone());
                RValue::Opaque(std::rc::Rc::new(ruby::Opaque {
                    class: opaque_class(other).to_string(),
                    text: other.to_puppet_string(),
                    id,
                }))
            }
        };
        if let Some(a) = address {
            shared.insert(a, (v.clone(), r.clone()));
        }
        r
    }
}

/// A Ruby value as Puppet gets it back.
pub(super) fn to_puppet(v: &RValue, opaque: &[Value]) -> Value {
    {
        match v {
            RValue::Nil => Value::Undef,
            RValue::Bool(b) => Value::Boolean(*b),
            RValue::Int(i) => Value::Integer(*i),
            RValue::Float(f) => Value::Float(*f),
            RValue::Str(s) => {
                let s = s.borrow();
                match &s.unknown {
                    Some(o) => Value::unknown("String", &o.to_string()),
                    None => Value::String(s.text.clone()),
                }
            }
            RValue::Sym(s) if &**s == "default" => Value::Default,
            RValue::Sym(s) => Value::String(s.to_string()),
            RValue::Array(a) => Value::array(
                a.borrow()
                    .items
                    .iter()
                    .map(|i| to_puppet(i, opaque))
                    .collect(),
            ),
            RValue::Hash(h) => {
                let mut out = Hash::new();
                for (k, v) in h.borrow().map.values() {
                    out.insert(to_puppet(k, opaque), to_puppet(v, opaque));
                }
                Value::hash(out)
            }
            RValue::Opaque(o) => opaque
                .get(o.id as usize)
                .cloned()
                .unwrap_or_else(|| Value::unknown("Any", &o.text)),
            RValue::Unknown(o) => Value::unknown("Any", &o.to_string()),
            other => Value::unknown("Any", &format!("a Ruby {}", other.class_name())),
        }
    }
}

/// The Ruby class name a Puppet runtime object has.
fn opaque_class(v: &Value) -> &'static str {
    match v {
        Value::Sensitive(_) => "Puppet::Pops::Types::PSensitiveType::Sensitive",
        Value::Type(_) => "Puppet::Pops::Types::PAnyType",
        Value::Resource(_) => "Puppet::Pops::Types::PResourceType",
        Value::Regexp(_) => "Regexp",
        Value::Binary(_) => "Puppet::Pops::Types::PBinaryType::Binary",
        Value::Timestamp(_) => "Puppet::Pops::Time::Timestamp",
        Value::Timespan(_) => "Puppet::Pops::Time::Timespan",
        _ => "Object",
    }
}

impl RubyHost<'_, '_> {
    /// The Ruby object a template stored in the variable `name` of the current scope.
    fn live(&self, name: &str) -> Option<RValue> {
        let name = name.strip_prefix('@').unwrap_or(name);
        self.compiler
            .templates
            .ruby_variable(self.compiler.ctx.scope, name)
            .cloned()
    }
}

impl RubyHost<'_, '_> {
    /// A Puppet variable read from Ruby; a fact the node's facts lack is recorded (`read` says
    /// how the code read it).
    fn puppet_variable(&mut self, name: &str, read: impl FnOnce(&str) -> String) -> Option<Value> {
        let span = self.compiler.templates.call();
        let found = self.compiler.lookup_var(name, span).ok().flatten();
        let bare = name.trim_start_matches("::");
        if found.is_none() && !bare.contains("::") && crate::defs::facts::is_known_fact(bare) {
            self.compiler
                .missing_fact(vec![bare.to_string()], read(bare), span);
        }
        found
    }
}

impl ruby::Host for RubyHost<'_, '_> {
    fn path_kind(&mut self, path: &str) -> Option<ruby::PathKind> {
        let kind = self.compiler.ruby_path_kind(path);
        if kind.is_none() {
            crate::eval::epp::EppHost::refused(
                &mut *self.compiler,
                path,
                &crate::sandbox::Error::Outside,
            );
        }
        kind
    }

    fn list_dir(&mut self, path: &str) -> Option<Vec<ruby::DirEntry>> {
        match ruby::list_dir_in(&self.compiler.input.sandbox, path) {
            Ok(entries) => Some(entries),
            Err(e) => {
                if e.is_refusal() {
                    crate::eval::epp::EppHost::refused(&mut *self.compiler, path, &e);
                }
                None
            }
        }
    }

    fn find_module(&mut self, name: &str) -> Option<Option<String>> {
        match self.compiler.ruby_find_module(name) {
            Ok(found) => Some(found),
            Err(e) => {
                crate::eval::epp::EppHost::refused(&mut *self.compiler, name, &e);
                None
            }
        }
    }

    fn modulepath(&mut self) -> Option<Vec<String>> {
        Some(self.compiler.ruby_modulepath())
    }

    fn read_file(&mut self, path: &str) -> Option<String> {
        // A refusal is reported (`P216`); the content is then unknown.
        match self.compiler.ruby_read_file(path) {
            Ok(text) => Some(text),
            Err(e) => {
                if e.is_refusal() {
                    crate::eval::epp::EppHost::refused(&mut *self.compiler, path, &e);
                }
                None
            }
        }
    }

    fn load_yaml(&mut self, text: &str) -> Result<Option<RValue>, String> {
        match crate::eval::yaml::parse(text) {
            Ok(v) => Ok(Some(self.ruby_value(&v))),
            Err(e) => Err(e.to_string()),
        }
    }

    fn find_module_file(&mut self, name: &str, files: bool) -> ruby::FoundFile {
        let compiler = &mut *self.compiler;
        if compiler.input.modulepath.is_empty() {
            return ruby::FoundFile::Unknown;
        }
        let tree = crate::eval::epp::ModulePath {
            sandbox: &compiler.input.sandbox,
            dirs: &compiler.input.modulepath,
        };
        let folder = if files {
            Folder::Files
        } else {
            Folder::Templates
        };
        let path = match lookup::find(&tree, folder, name) {
            Probe::File(path) => path,
            Probe::Missing => return ruby::FoundFile::NotFound,
            // A folder is found, and cannot be read.
            Probe::Folder(_) | Probe::Unknown => return ruby::FoundFile::Unknown,
            Probe::Refused(e) => {
                crate::eval::epp::EppHost::refused(compiler, name, &e);
                return ruby::FoundFile::Unknown;
            }
        };
        match compiler.input.sandbox.read_to_string(&path) {
            Ok(text) => ruby::FoundFile::Found {
                path: path.display().to_string(),
                text,
            },
            Err(e) => {
                crate::eval::epp::EppHost::refused(compiler, name, &e);
                ruby::FoundFile::Unknown
            }
        }
    }

    fn environment_name(&self) -> Option<String> {
        Some(self.compiler.input.environment.clone())
    }

    fn opaque_method(
        &mut self,
        object: &ruby::Opaque,
        name: &str,
        args: Vec<RValue>,
    ) -> Result<Option<RValue>, ruby::Leave> {
        if object.id != HOST_LAMBDA || !matches!(name, "call" | "yield" | "()") {
            return Ok(None);
        }
        let Some(lambda) = self.lambda.clone() else {
            return Ok(None);
        };
        let args: Vec<Value> = args.iter().map(|a| self.puppet_value(a)).collect();
        // The lambda runs where it was written, in the caller's scope.
        let inner = self
            .caller
            .take()
            .map(|c| std::mem::replace(&mut self.compiler.ctx, c));
        let r = self.compiler.call_lambda(&lambda, args);
        if let Some(inner) = inner {
            self.caller = Some(std::mem::replace(&mut self.compiler.ctx, inner));
        }
        match r {
            Ok(v) => Ok(Some(self.ruby_value(&v))),
            Err(e) if e.is_error() => Err(ruby::Leave::Raise {
                class: "Puppet::ParseError".into(),
                message: e.text(),
            }),
            // `next`, `break` or `return` leaving the lambda: not followed into Ruby.
            Err(_) => Ok(Some(RValue::unknown("a Puppet lambda's jump", 0))),
        }
    }

    fn instance_variable(&mut self, name: &str) -> Option<RValue> {
        if let Some(v) = self.live(name) {
            return Some(v);
        }
        let v = self.puppet_variable(name, |n| format!("@{n}"))?;
        if v.is_undef() {
            return None;
        }
        Some(self.ruby_value(&v))
    }

    fn lookup_variable(&mut self, name: &str) -> Option<RValue> {
        if let Some(v) = self.live(name) {
            return Some(v);
        }
        let v = self.puppet_variable(name, |n| format!("scope['{n}']"))?;
        Some(self.ruby_value(&v))
    }

    fn variables(&mut self) -> Vec<(String, RValue)> {
        let vars = self.compiler.visible_variables();
        vars.into_iter()
            .map(|(k, v)| {
                let r = self.ruby_value(&v);
                (k, r)
            })
            .collect()
    }

    fn call_function(
        &mut self,
        name: &str,
        args: Vec<RValue>,
        _style: CallStyle,
    ) -> Result<RValue, String> {
        let args: Vec<Value> = args.iter().map(|a| self.puppet_value(a)).collect();
        let span = self.compiler.templates.call();
        match self.compiler.call_function(name, args, None, span) {
            Ok(v) => Ok(self.ruby_value(&v)),
            Err(e) => Err(e.text()),
        }
    }

    fn template_file(&self) -> Option<String> {
        self.file.clone()
    }

    fn set_variable(&mut self, name: &str, value: RValue) -> Result<Option<()>, String> {
        let puppet = self.puppet_value(&value);
        // In the named scope, not a lambda's local one, as Puppet's `setvar` does.
        let scope = self.compiler.ctx.scope;
        let vars = &mut self.compiler.scopes[scope].vars;
        if vars.contains_key(name) {
            return Err(format!("Cannot reassign variable '${name}'"));
        }
        vars.insert(name.to_string(), puppet);
        self.compiler
            .templates
            .set_ruby_variable(scope, name, value);
        Ok(Some(()))
    }

    fn set_top_variable(&mut self, name: &str, value: RValue) -> Result<Option<()>, String> {
        let puppet = self.puppet_value(&value);
        let top = super::scope::TOP;
        let vars = &mut self.compiler.scopes[top].vars;
        if vars.contains_key(name) {
            return Err(format!("Cannot reassign variable '${name}'"));
        }
        vars.insert(name.to_string(), puppet);
        self.compiler.templates.set_ruby_variable(top, name, value);
        Ok(Some(()))
    }
}

impl Compiler<'_> {
    /// Calls a module's Ruby function; `None` when it cannot be run at all (no dispatcher
    /// accepts the arguments and the lambda, a 3.x function given a lambda): the caller makes
    /// the result unknown.
    pub(super) fn call_ruby_function(
        &mut self,
        name: &str,
        def: &ruby::function::FunctionDef,
        args: Vec<Value>,
        lambda: Option<&crate::syntax::ast::Lambda>,
        span: crate::syntax::ast::Span,
    ) -> Option<EvalResult> {
        use ruby::function::Api;
        // An `InternalFunction`'s `scope_param` is the caller's scope: such a function runs
        // there (the resources it declares are the caller's), other 4.x functions in the top scope.
        let (method, top_scope, statement, scope_param) = match &def.api {
            Api::V4 { dispatches, .. } => {
                let d = dispatches.iter().find(|d| {
                    self.dispatch_accepts(d, &args) && block_accepts(d.block.as_ref(), lambda)
                })?;
                (d.method.clone(), !d.scope_param, false, d.scope_param)
            }
            // A 3.x function takes no lambda.
            Api::V3 { .. } if lambda.is_some() => return None,
            Api::V3 { rvalue, .. } => (String::new(), false, !rvalue, false),
        };
        let args = match &def.api {
            Api::V3 { .. } => super::calls::api3_arguments(args),
            Api::V4 { .. } => args,
        };
        if self.limits.too_deep() {
            return Some(err(format!("Recursion too deep calling function '{name}'")));
        }
        let mut saved = top_scope.then(|| {
            let file = self.ctx.file;
            let mut ctx = super::scope::Ctx::new(super::scope::TOP, file);
            ctx.function = true;
            std::mem::replace(&mut self.ctx, ctx)
        });
        self.limits.enter();
        let saved_call = self.templates.set_call(span);
        let budget = ruby::Budget {
            max_string: self.limits.budgets().string_bytes,
            ..ruby::Budget::default()
        };
        let mut host = RubyHost {
            compiler: self,
            file: None,
            opaque: Vec::new(),
            shared: Shared::new(),
            lambda: lambda.cloned(),
            caller: saved.take(),
        };
        let rargs: Vec<RValue> = scope_param
            .then_some(RValue::Scope)
            .into_iter()
            .chain(args.iter().map(|a| host.ruby_value(a)))
            .collect();
        let block = lambda.map(|_| {
            std::rc::Rc::new(ruby::Opaque {
                class: ruby::interp::HOST_BLOCK.to_string(),
                text: "#<Puppet::Pops::Evaluator::Closure>".to_string(),
                id: HOST_LAMBDA,
            })
        });
        let result =
            ruby::function::call_with_block(def, &method, rargs, block, &mut host, &budget);
        let value = result.map(|v| host.puppet_value(&v));
        saved = host.caller.take();
        self.templates.set_call(saved_call);
        self.limits.leave();
        if let Some(ctx) = saved {
            self.ctx = ctx;
        }
        Some(match value {
            Ok(_) if statement => Ok(Value::Undef),
            Ok(v) => Ok(v),
            Err(RubyError::Raised { message, .. }) => err(message),
            Err(RubyError::Budget(what)) => Ok(Value::unknown(
                "Any",
                &format!("{name}(): budget exceeded: {what}"),
            )),
        })
    }

    /// Whether a 4.x dispatcher accepts the arguments: their number, and each one's type
    /// (a type plint cannot read, such as a function's local type, accepts anything).
    fn dispatch_accepts(&self, d: &ruby::function::Dispatch, args: &[Value]) -> bool {
        self.dispatch_accepts_with(d, args, 0)
    }

    /// Whether a dispatcher accepts `args` followed by `extra` arguments of any type.
    pub(super) fn dispatch_accepts_with(
        &self,
        d: &ruby::function::Dispatch,
        args: &[Value],
        extra: usize,
    ) -> bool {
        let (min, max) = d.arity();
        let n = args.len() + extra;
        if n < min || max.is_some_and(|m| n > m) {
            return false;
        }
        args.iter().enumerate().all(|(i, a)| {
            let Some(ty) = d.type_of_arg(i) else {
                return false;
            };
            match self.types.checked(ty) {
                Ok(t) => self
                    .instance_of(a, &crate::eval::value::TypeVal::shared(t))
                    .unwrap_or(true),
                Err(_) => true,
            }
        })
    }
}

/// Whether a dispatcher's `block_param` takes the lambda given (or its absence): a lambda
/// needs a block parameter whose type plint reads (`Callable`, `Callable[min]`,
/// `Callable[min, max]`) and accepts the lambda's number of parameters; a required block
/// needs a lambda.
fn block_accepts(
    block: Option<&(String, bool)>,
    lambda: Option<&crate::syntax::ast::Lambda>,
) -> bool {
    let (ty, l) = match (block, lambda) {
        (None, None) => return true,
        (None, Some(_)) => return false,
        (Some((_, optional)), None) => return *optional,
        (Some((ty, _)), Some(l)) => (ty.replace(' ', ""), l),
    };
    if ty == "Callable" {
        return true;
    }
    let Some(inner) = ty
        .strip_prefix("Callable[")
        .and_then(|t| t.strip_suffix(']'))
    else {
        return false;
    };
    let num = |s: &str| s.parse::<usize>().ok();
    let (min, max) = match inner.split(',').collect::<Vec<_>>().as_slice() {
        [a] => (num(a), Some(usize::MAX)),
        [a, b] => (num(a), num(b).or((*b == "default").then_some(usize::MAX))),
        _ => return false,
    };
    let (Some(min), Some(max)) = (min, max) else {
        return false;
    };
    // The lambda must take every count of arguments the block may be called with.
    let variadic = l.params.iter().any(|p| p.captures_rest);
    let required = l
        .params
        .iter()
        .filter(|p| p.default.is_none() && !p.captures_rest)
        .count();
    required <= min && (variadic || max <= l.params.len())
}

impl Compiler<'_> {
    /// What `path` is, for Ruby's `File.exist?`, through the sandbox (`None`: refused).
    pub(super) fn ruby_path_kind(&self, path: &str) -> Option<ruby::PathKind> {
        match self.input.sandbox.locate(Path::new(path)) {
            crate::sandbox::Located::File => Some(ruby::PathKind::File),
            crate::sandbox::Located::Folder => Some(ruby::PathKind::Folder),
            crate::sandbox::Located::Missing => Some(ruby::PathKind::Missing),
            crate::sandbox::Located::Refused => None,
        }
    }

    /// A file Ruby code reads (`File.read`, a Hiera backend's `cached_file_data`), through the
    /// sandbox: its text, or why it was not read.
    pub(super) fn ruby_read_file(&self, path: &str) -> Result<String, crate::sandbox::Error> {
        self.input.sandbox.read_to_string(Path::new(path))
    }

    /// `Puppet::Module.find(name)`: the module's folder on the module path, if any.
    pub(super) fn ruby_find_module(
        &self,
        name: &str,
    ) -> Result<Option<String>, crate::sandbox::Error> {
        let found =
            crate::eval::epp::module_dir(&self.input.sandbox, &self.input.modulepath, name)?;
        Ok(found.map(|p| p.display().to_string()))
    }

    /// `environment.modulepath`: the folders of the module path that exist.
    pub(super) fn ruby_modulepath(&self) -> Vec<String> {
        self.input
            .modulepath
            .iter()
            .filter(|d| self.input.sandbox.locate(d) == crate::sandbox::Located::Folder)
            .map(|d| d.display().to_string())
            .collect()
    }
}
