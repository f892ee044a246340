//! The functions that need the compiler: include, contain, require, realize, defined, tag,
//! lookup and hiera, create_resources, ensure_resource, call, fact and getvar, fqdn_rand, ...

use super::Compiler;
use super::resources::{cap_type, class_title, ref_key, tag_name};
use crate::eval::diag::{EvalDiagKind, TypeUse, Unknown};
use crate::eval::error::{EvalError, EvalResult, err};
use crate::eval::ops;
use crate::eval::value::{Hash, Value};
use crate::syntax::ast::{Lambda as AstLambda, ResourceForm, Span};

impl Compiler<'_> {
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
            "tag" => self.fn_tag(args),
            "tagged" => Ok(self.fn_tagged(args)),
            "lookup" => self.fn_lookup(args, lambda),
            "hiera" | "hiera_array" | "hiera_hash" => self.fn_hiera(name, args),
            "hiera_include" => self.fn_hiera_include(args, span),
            "fact" => self.fn_fact(args),
            "getvar" => self.fn_getvar(args, span),
            "create_resources" => self.fn_create_resources(args, span),
            "ensure_resource" => self.fn_ensure_resource(args, span),
            "ensure_resources" => self.fn_ensure_resources(args, span),
            "ensure_packages" => self.fn_ensure_packages(args, span),
            "defined_with_params" => Ok(self.fn_defined_with_params(args)),
            "call" => self.fn_call(args, lambda, span),
            _ if crate::eval::functions::is_fqdn_function(name) => self.fn_fqdn(name, args),
            "assert_type" => self.fn_assert_type(args, lambda),
            _ => return None,
        })
    }

    /// `tag(names...)`: tags the resource whose code is evaluated (a class or a define).
    fn fn_tag(&mut self, args: &[Value]) -> EvalResult {
        let mut flat = Vec::new();
        for a in args {
            super::eval::flatten_into(a, &mut flat);
        }
        if let Some(r) = self.current_resource() {
            for t in flat {
                if let Value::String(s) = t {
                    tag_name(self.built.catalog.get_mut(r), &s);
                }
            }
        }
        Ok(Value::Undef)
    }

    /// `tagged(names...)`: whether the current resource or the catalog has every tag.
    fn fn_tagged(&self, args: &[Value]) -> Value {
        let r = self.current_resource();
        let mut flat = Vec::new();
        for a in args {
            super::eval::flatten_into(a, &mut flat);
        }
        let ok = flat.iter().all(|t| {
            t.as_str().is_some_and(|s| {
                let s = s.to_lowercase();
                r.is_some_and(|r| self.built.catalog.get(r).tags.contains(&s))
                    || self.built.catalog.tags.contains(&s)
            })
        });
        Value::Boolean(ok)
    }

    /// `hiera_include(key)`: includes the classes the key's values (merged, unique) name.
    fn fn_hiera_include(&mut self, args: &[Value], span: Span) -> EvalResult {
        let key = args
            .first()
            .map(|a| a.to_puppet_string())
            .unwrap_or_default();
        let unique = crate::eval::hiera::MergeStrategy::Unique;
        match self.hiera_lookup_merge(&key, Some(&unique))? {
            Some(v) => self.fn_include("include", &[v], span),
            None => err(format!(
                "Function hiera_include() did not find a value for the name '{key}'"
            )),
        }
    }

    /// `fact('a.b.c')`: the fact at that dotted path, or `undef`.
    fn fn_fact(&mut self, args: &[Value]) -> EvalResult {
        let Some(Value::String(path)) = args.first() else {
            return err("'fact' expects a String");
        };
        Ok(dig_dotted(Value::hash(self.facts().clone()), path))
    }

    /// `getvar('x.a.b', default)`: the variable, then the dotted path in its value, or the
    /// default (an unknown variable is an error with strict variables).
    fn fn_getvar(&mut self, args: &[Value], span: Span) -> EvalResult {
        let Some(Value::String(v)) = args.first() else {
            return err("'getvar' expects a String");
        };
        let v = v.trim_start_matches('$');
        let (head, path) = match v.split_once('.') {
            Some((h, p)) => (h, Some(p)),
            None => (v, None),
        };
        let found = match self.lookup_var(head, span) {
            Ok(x) => x,
            Err(e) if self.input.strict_variables => return Err(e),
            Err(_) => None,
        };
        let mut cur = found.unwrap_or(Value::Undef);
        if let Some(p) = path {
            cur = dig_dotted(cur, p);
        }
        if cur.is_undef() {
            Ok(args.get(1).cloned().unwrap_or(Value::Undef))
        } else {
            Ok(cur)
        }
    }

    /// `ensure_resources(type, {title => params}, defaults)`.
    fn fn_ensure_resources(&mut self, args: &[Value], span: Span) -> EvalResult {
        let (Some(t), Some(Value::Hash(h))) = (args.first(), args.get(1)) else {
            return err("'ensure_resources' expects a type and a Hash");
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

    /// `ensure_packages(names or {name => params}, defaults)`: packages `ensure => installed`
    /// (`present` given is `installed`).
    fn fn_ensure_packages(&mut self, args: &[Value], span: Span) -> EvalResult {
        let mut names = Vec::new();
        let params = args.get(1).cloned().unwrap_or(Value::hash(Hash::new()));
        let mut base = Hash::new();
        base.insert(Value::string("ensure"), Value::string("installed"));
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
                    self.fn_ensure_resource(&[Value::string("package"), k.clone(), p], span)?;
                }
                return Ok(Value::Undef);
            }
            Some(v) => super::eval::flatten_into(v, &mut names),
            None => {}
        }
        for n in names {
            self.fn_ensure_resource(&[Value::string("package"), n, defaults.clone()], span)?;
        }
        Ok(Value::Undef)
    }

    /// `defined_with_params(reference, params)`: whether the resource is declared with those
    /// parameters.
    fn fn_defined_with_params(&self, args: &[Value]) -> Value {
        let Some((t, title)) = args.first().and_then(ref_key) else {
            return Value::Boolean(false);
        };
        let Some(i) = self.built.catalog.find(&t, &title) else {
            return Value::Boolean(false);
        };
        let res = self.built.catalog.get(i);
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
        Value::Boolean(ok)
    }

    /// `fqdn_rand()` and its kin, seeded with the node's fully qualified name.
    fn fn_fqdn(&self, name: &str, args: &[Value]) -> EvalResult {
        let facts = self.facts();
        let networking = match facts.get_str("networking") {
            Some(Value::Hash(n)) => n.get_str("fqdn").cloned(),
            Some(u @ Value::Unknown(_)) => Some(u.clone()),
            _ => None,
        };
        let top = facts.get_str("fqdn").cloned();
        crate::eval::functions::call_fqdn(name, args.to_vec(), networking.as_ref(), top.as_ref())
    }

    /// `assert_type(type, value)`: the value when it is an instance of the type (with the
    /// environment's aliases), else the lambda's result given the expected and actual types,
    /// else Puppet's description of the mismatch. Unknown when the value holds unknowns.
    fn fn_assert_type(&mut self, args: &[Value], lambda: Option<&AstLambda>) -> EvalResult {
        use crate::eval::value::TypeVal;
        crate::eval::functions::arity("assert_type", args, 2, 2)?;
        if let Some(l) = lambda {
            crate::eval::functions::block_arity("assert_type", l.params.len(), 2, 2)?;
        }
        let t = match &args[0] {
            Value::Type(t) => t.clone(),
            Value::String(s) => TypeVal::shared(
                self.types
                    .checked(s)
                    .map_err(|e| EvalError::new(e.message))?,
            ),
            _ => {
                return Err(crate::eval::functions::arg_error(
                    "assert_type",
                    "a Type or a String type name",
                    args,
                ));
            }
        };
        let value = &args[1];
        match self.instance_of(value, &t) {
            Some(true) => Ok(value.clone()),
            Some(false) => match lambda {
                Some(l) => {
                    let actual = TypeVal::new(crate::eval::value_type::infer(value));
                    self.call_lambda(l, vec![Value::Type(t), Value::Type(actual)])
                }
                None => {
                    let mismatch = self.type_mismatch(t.ty(), value, "").unwrap_or_default();
                    Err(EvalError::finding(EvalDiagKind::AssertType { mismatch }))
                }
            },
            None => Ok(Value::unknown_of(t, "assert_type() of an unknown value")),
        }
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
                Value::Unknown(u) => {
                    let what = Unknown::ClassOf {
                        function: name.to_string(),
                    };
                    let origin = u.origin.to_string();
                    self.note(EvalDiagKind::UnknownCondition { what, origin }, span);
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
            let title = self.built.catalog.get(idx).title.clone();
            out.push(Value::resource("Class", &title));
            match name {
                "contain" => {
                    if let Some(c) = self.current_resource() {
                        let src = self.built.catalog.get(c).reference();
                        self.built.catalog.add_edge(src, format!("Class[{title}]"));
                    }
                }
                "require" => {
                    if let Some(c) = self.current_resource() {
                        let target = Value::string(format!("Class[{title}]"));
                        let res = self.built.catalog.get_mut(c);
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
            if let Value::Unknown(u) = &v {
                self.note_unknown_once(self.ctx.file, span, Unknown::Realize, &u.origin);
                continue;
            }
            let Some((t, title)) = ref_key(&v) else {
                return err(format!(
                    "'realize' expects resource references, got {}",
                    v.type_name()
                ));
            };
            match self.built.catalog.find(&t, &title) {
                Some(i) => self.built.catalog.get_mut(i).virtual_ = false,
                None => self.built.defer_realize(t, title, self.ctx.file, span),
            }
        }
        // Resources realized before they are declared.
        self.built.realize_pending();
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
                    matches!(r, Ok(Some(_)))
                }
                // A class, defined or resource type of that name (not a function: Puppet 4+
                // looks up no functions here).
                Value::String(s) => {
                    let n = s.trim_start_matches("::").to_lowercase();
                    self.resolve_type(&n).is_some() || self.loader.definition(&n).is_some()
                }
                Value::Resource(_) => match ref_key(a) {
                    Some((t, title)) => self.built.catalog.find(&t, &title).is_some(),
                    None => false,
                },
                Value::Type(t) => match t.ty() {
                    crate::types::Type::Resource {
                        type_name: Some(n),
                        title: Some(title),
                    } => {
                        if n == "Class" {
                            self.built
                                .catalog
                                .find("Class", &class_title(title))
                                .is_some()
                        } else {
                            self.built.catalog.find(n, title).is_some()
                        }
                    }
                    crate::types::Type::Resource {
                        type_name: Some(n),
                        title: None,
                    } => self.resolve_type(&n.to_lowercase()).is_some(),
                    crate::types::Type::Class(Some(n)) => {
                        self.built.catalog.find("Class", &class_title(n)).is_some()
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
        // The type or the whole hash unknown (an unknown parameter value is declared as such).
        let unknown = [t, h].into_iter().find_map(|v| match v {
            Value::Unknown(u) => Some(u),
            _ => None,
        });
        if let Some(u) = unknown {
            let origin = u.origin.clone();
            self.note_unknown_once(self.ctx.file, span, Unknown::CreateResources, &origin);
            return Ok(Value::Undef);
        }
        let Value::Hash(h) = h else {
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
                return Err(EvalError::finding(EvalDiagKind::UnknownResourceType {
                    name: type_lower,
                    used: TypeUse::Declared,
                }));
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
                if self
                    .built
                    .catalog
                    .find("Class", &class_title(&name))
                    .is_none()
                {
                    let idx = self.declare_class(&name, Some(pl.clone()), span)?;
                    self.evaluate_class(idx)?;
                }
                continue;
            }
            let type_name = cap_type(&type_lower);
            if let Some(i) = self
                .built
                .catalog
                .find(&type_name, &title.to_puppet_string())
            {
                // Declared already: the same parameters are fine, others are a duplicate.
                let res = self.built.catalog.get(i);
                let same = pl.iter().all(|(k, v)| {
                    res.param(k)
                        .is_some_and(|x| x.to_puppet_string() == v.to_puppet_string())
                });
                if same {
                    continue;
                }
            }
            let Some(kind) = self.resolve_type(&type_lower) else {
                return Err(EvalError::finding(EvalDiagKind::UnknownResourceType {
                    name: type_lower,
                    used: TypeUse::Declared,
                }));
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

fn merge_hashes(a: &Value, b: &Value) -> Value {
    let mut out = a.as_hash().cloned().unwrap_or_default();
    if let Some(h) = b.as_hash() {
        for (k, v) in h.iter() {
            out.insert(k.clone(), v.clone());
        }
    }
    Value::hash(out)
}

/// The value at a dotted path (`a.b.0`: hash keys, array indexes) in `v`, or `undef`.
fn dig_dotted(mut v: Value, path: &str) -> Value {
    for seg in path.split('.') {
        v = match &v {
            Value::Hash(h) => h.get_str(seg).cloned().unwrap_or(Value::Undef),
            Value::Array(a) => seg
                .parse::<usize>()
                .ok()
                .and_then(|i| a.get(i).cloned())
                .unwrap_or(Value::Undef),
            _ => Value::Undef,
        };
    }
    v
}
