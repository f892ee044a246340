//! Modules' Ruby functions as Hiera backends (`data_hash`, `lookup_key`, `data_dig`), run in
//! plint's Ruby interpreter: the function's variables are the top scope's, and its
//! `Puppet::LookupContext` an opaque object this host answers (`Host::opaque_method`) from
//! Hiera's [`LookupContext`](crate::eval::hiera::LookupContext).

use super::Compiler;
use super::ruby::{Shared, to_puppet, to_ruby};
use crate::eval::value::Value;
use crate::ruby::{self, CallStyle, RubyError, Value as RValue};

/// The `id` of the `Puppet::LookupContext` object a Hiera backend function gets.
const LOOKUP_CONTEXT: u64 = u64::MAX;

/// The compiler seen from a Hiera backend function: the top scope's variables (its
/// `closure_scope`), and the level's `Puppet::LookupContext`. Puppet functions it calls give
/// unknown values (a lookup cannot change the catalog).
struct BackendHost<'a, 'c> {
    compiler: &'a Compiler<'c>,
    context: &'a mut dyn crate::eval::hiera::LookupContext,
    opaque: Vec<Value>,
    /// The Ruby object made for each Puppet collection handed over, by the collection's
    /// address (the value kept so the address stays its own): one Puppet object is one Ruby
    /// object, as in Puppet (Psych writes an alias for an object met twice).
    shared: Shared,
    /// Set once `context.not_found` was called.
    not_found: bool,
}

impl BackendHost<'_, '_> {
    fn top_variable(&mut self, name: &str) -> Option<RValue> {
        let name = name.trim_start_matches('@').trim_start_matches("::");
        let v = self.compiler.scopes[super::scope::TOP].vars.get(name)?;
        Some(to_ruby(v, &mut self.opaque, &mut self.shared))
    }
}

impl ruby::Host for BackendHost<'_, '_> {
    fn path_kind(&mut self, path: &str) -> Option<ruby::PathKind> {
        let kind = self.compiler.ruby_path_kind(path);
        if kind.is_none() {
            self.context.refused(path);
        }
        kind
    }

    fn read_file(&mut self, path: &str) -> Option<String> {
        match self.compiler.ruby_read_file(path) {
            Ok(text) => Some(text),
            Err(e) => {
                if e.is_refusal() {
                    self.context.refused(path);
                }
                None
            }
        }
    }

    fn list_dir(&mut self, path: &str) -> Option<Vec<ruby::DirEntry>> {
        match ruby::list_dir_in(&self.compiler.input.sandbox, path) {
            Ok(entries) => Some(entries),
            Err(e) => {
                if e.is_refusal() {
                    self.context.refused(path);
                }
                None
            }
        }
    }

    fn find_module(&mut self, name: &str) -> Option<Option<String>> {
        self.compiler.ruby_find_module(name).ok()
    }

    fn modulepath(&mut self) -> Option<Vec<String>> {
        Some(self.compiler.ruby_modulepath())
    }

    fn environment_name(&self) -> Option<String> {
        Some(self.compiler.input.environment.clone())
    }

    fn load_yaml(&mut self, text: &str) -> Result<Option<RValue>, String> {
        match crate::eval::yaml::parse(text) {
            Ok(v) => Ok(Some(to_ruby(&v, &mut self.opaque, &mut self.shared))),
            Err(e) => Err(e.to_string()),
        }
    }

    fn instance_variable(&mut self, name: &str) -> Option<RValue> {
        self.top_variable(name)
            .filter(|v| !matches!(v, RValue::Nil))
    }

    fn lookup_variable(&mut self, name: &str) -> Option<RValue> {
        self.top_variable(name)
    }

    fn variables(&mut self) -> Vec<(String, RValue)> {
        let mut vars: Vec<(String, Value)> = self.compiler.scopes[super::scope::TOP]
            .vars
            .iter()
            .filter(|(_, v)| !v.is_undef())
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        vars.sort_by(|a, b| a.0.cmp(&b.0));
        vars.into_iter()
            .map(|(k, v)| {
                let r = to_ruby(&v, &mut self.opaque, &mut self.shared);
                (k, r)
            })
            .collect()
    }

    fn call_function(
        &mut self,
        name: &str,
        _args: Vec<RValue>,
        _style: CallStyle,
    ) -> Result<RValue, String> {
        Ok(RValue::unknown(
            format!("call_function('{name}') in a Hiera backend"),
            0,
        ))
    }

    fn opaque_method(
        &mut self,
        object: &ruby::Opaque,
        name: &str,
        args: Vec<RValue>,
    ) -> Result<Option<RValue>, ruby::Leave> {
        if object.id != LOOKUP_CONTEXT || object.class != "Puppet::LookupContext" {
            return Ok(None);
        }
        let arg = |i: usize, host: &Self| {
            args.get(i)
                .map(|a| to_puppet(a, &host.opaque))
                .unwrap_or(Value::Undef)
        };
        let arity = |n: usize| {
            if args.len() == n {
                Ok(())
            } else {
                Err(ruby::Leave::Raise {
                    class: "ArgumentError".into(),
                    message: format!(
                        "wrong number of arguments (given {}, expected {n})",
                        args.len()
                    ),
                })
            }
        };
        Ok(Some(match name {
            "not_found" => {
                arity(0)?;
                self.not_found = true;
                return Err(ruby::Leave::Throw(RValue::sym("no_such_key")));
            }
            "cache" => {
                arity(2)?;
                let (k, v) = (arg(0, self), arg(1, self));
                self.context.cache().insert(k, v);
                args[1].clone()
            }
            "cache_all" => {
                arity(1)?;
                if let Value::Hash(h) = arg(0, self) {
                    for (k, v) in h.iter() {
                        self.context.cache().insert(k.clone(), v.clone());
                    }
                }
                RValue::Nil
            }
            "cache_has_key" => {
                arity(1)?;
                let k = arg(0, self);
                RValue::Bool(self.context.cache().get(&k).is_some())
            }
            "cached_value" => {
                arity(1)?;
                let k = arg(0, self);
                match self.context.cache().get(&k).cloned() {
                    Some(v) => to_ruby(&v, &mut self.opaque, &mut self.shared),
                    None => RValue::Nil,
                }
            }
            "cached_entries" => {
                arity(0)?;
                let pairs: Vec<(Value, Value)> = self
                    .context
                    .cache()
                    .iter()
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect();
                let items = pairs
                    .iter()
                    .map(|(k, v)| {
                        RValue::array(vec![
                            to_ruby(k, &mut self.opaque, &mut self.shared),
                            to_ruby(v, &mut self.opaque, &mut self.shared),
                        ])
                    })
                    .collect();
                RValue::array(items)
            }
            "interpolate" => {
                arity(1)?;
                let v = arg(0, self);
                match self.context.interpolate(v) {
                    Ok(v) => to_ruby(&v, &mut self.opaque, &mut self.shared),
                    Err(message) => {
                        return Err(ruby::Leave::Raise {
                            class: "Puppet::DataBinding::LookupError".into(),
                            message,
                        });
                    }
                }
            }
            "cached_file_data" => {
                arity(1)?;
                // The file's content (the interpreter gives it to the block, whose value is
                // the result); unknown when it cannot be read.
                let Value::String(path) = arg(0, self) else {
                    return Ok(None);
                };
                if self.compiler.ruby_path_kind(&path) == Some(ruby::PathKind::Missing) {
                    return Err(ruby::Leave::Raise {
                        class: "Errno::ENOENT".into(),
                        message: format!("No such file or directory @ rb_file_s_stat - {path}"),
                    });
                }
                match ruby::Host::read_file(self, &path) {
                    Some(text) => RValue::str(text),
                    None => return Ok(None),
                }
            }
            "environment_name" => RValue::sym(&self.context.environment_name()),
            "module_name" => match self.context.module_name() {
                Some(m) => RValue::str(m),
                None => RValue::Nil,
            },
            _ => return Ok(None),
        }))
    }
}

impl Compiler<'_> {
    /// Runs a module's Ruby function as a Hiera backend: `args` (the key or key path, if any,
    /// and the options) and the level's `Puppet::LookupContext`.
    pub(super) fn run_hiera_backend(
        &self,
        name: &str,
        args: Vec<Value>,
        context: &mut dyn crate::eval::hiera::LookupContext,
    ) -> crate::eval::hiera::BackendAnswer {
        use crate::eval::hiera::BackendAnswer;
        use ruby::function::Api;
        let not_run = |why: &str| BackendAnswer::NotRun(format!("{name}(): {why}"));
        let Some(rf) = self.loader.ruby_function(name) else {
            return not_run("no such function");
        };
        let Some(def) = rf.def.clone() else {
            return not_run("not in a form plint reads");
        };
        let method = match &def.api {
            Api::V4 { dispatches, .. } => {
                match dispatches
                    .iter()
                    .find(|d| self.dispatch_accepts_with(d, &args, 1))
                {
                    Some(d) => d.method.clone(),
                    None => return not_run("no dispatcher accepts the arguments"),
                }
            }
            Api::V3 { .. } => return not_run("a 3.x function"),
        };
        if self.limits.too_deep() {
            return BackendAnswer::Failed(format!("Recursion too deep calling function '{name}'"));
        }
        let budget = ruby::Budget {
            max_string: self.limits.budgets().string_bytes,
            ..ruby::Budget::default()
        };
        let mut host = BackendHost {
            compiler: self,
            context,
            opaque: Vec::new(),
            shared: Shared::new(),
            not_found: false,
        };
        let mut rargs: Vec<RValue> = args
            .iter()
            .map(|a| to_ruby(a, &mut host.opaque, &mut host.shared))
            .collect();
        rargs.push(RValue::Opaque(std::rc::Rc::new(ruby::Opaque {
            class: "Puppet::LookupContext".into(),
            text: "#<Puppet::Pops::Lookup::Context>".into(),
            id: LOOKUP_CONTEXT,
        })));
        match ruby::function::call(&def, &method, rargs, &mut host, &budget) {
            Ok(v) => BackendAnswer::Value(to_puppet(&v, &host.opaque)),
            Err(RubyError::Raised { class, .. })
                if host.not_found && class == "UncaughtThrowError" =>
            {
                BackendAnswer::NotFound
            }
            Err(RubyError::Raised { message, .. }) => BackendAnswer::Failed(message),
            Err(RubyError::Budget(what)) => not_run(&format!("budget exceeded: {what}")),
        }
    }
}
