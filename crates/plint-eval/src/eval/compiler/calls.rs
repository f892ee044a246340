//! Calls in the compiler: the built-in control functions (`notice`, `break`, `next`,
//! `return`), templates, the functions that need the compiler, `Type(...)` conversions,
//! functions written in Puppet, the pure built-ins (with lambdas), modules' Ruby functions (an
//! unknown value of their declared return type), type checks and lambdas.

use super::Compiler;
use super::scope::Frame;
use crate::eval::diag::{EvalDiagKind, NotEvaluated, Unknown, ValueFrom};
use crate::eval::error::{ErrorKind, EvalError, EvalResult, err};
use crate::eval::functions::{self, Lambda};
use crate::eval::value::{TypeVal, Value};
use crate::syntax::ast::{Expr, Lambda as AstLambda};

impl Compiler<'_> {
    // ------------------------------------------------------------------ calls

    pub fn call_function(
        &mut self,
        name: &str,
        args: Vec<Value>,
        lambda: Option<&AstLambda>,
        span: crate::syntax::ast::Span,
    ) -> EvalResult {
        let name = name.trim_start_matches("::");
        match name {
            "notice" | "warning" | "info" | "debug" | "err" | "alert" | "crit" | "emerg" => {
                if name == "notice" && self.findings.records_notices() {
                    self.findings
                        .push_notice(if args.iter().any(Value::contains_unknown) {
                            "<unknown>".to_string()
                        } else {
                            functions::core_log_message(&args)
                        });
                }
                return Ok(Value::Undef);
            }
            "break" => return Err(EvalError::control(ErrorKind::Break)),
            "next" => {
                return Err(EvalError::control(ErrorKind::Next(
                    args.into_iter().next().unwrap_or(Value::Undef),
                )));
            }
            "return" => {
                return Err(EvalError::control(ErrorKind::Return(
                    args.into_iter().next().unwrap_or(Value::Undef),
                )));
            }
            _ => {}
        }
        if let Some(r) = self.template_function(name, &args, span) {
            return r;
        }
        if let Some(r) = self.compiler_function(name, &args, lambda, span) {
            return r;
        }
        if name.starts_with(|c: char| c.is_ascii_uppercase()) {
            let t = self
                .types
                .checked(name)
                .map_err(|e| EvalError::new(e.message))?;
            let v = functions::new_value(&t, args)?;
            return match lambda {
                Some(l) => self.call_lambda(l, vec![v]),
                None => Ok(v),
            };
        }
        if let Some(f) = self.loader.function(name) {
            return self.call_puppet_function(&f, args);
        }
        if let Some(f) = functions::lookup(name) {
            // A module's 3.x function (stdlib's `str2bool`, ...) gets `undef` as `''`.
            let args = if args.iter().any(Value::is_undef)
                && self.loader.ruby_function(name).is_some_and(|r| r.api3)
            {
                api3_arguments(args)
            } else {
                args
            };
            let regexes = self.regexes.clone();
            let r = match lambda {
                Some(l) => {
                    // An unknown argument: what the block would declare is left out, and a
                    // note says so.
                    let unknown = args.iter().find_map(|a| match a {
                        Value::Unknown(u) => Some(u.origin.clone()),
                        _ => None,
                    });
                    let mut closure = Closure {
                        ev: self,
                        lambda: l,
                        calls: 0,
                    };
                    let r = f.call(args, Some(&mut closure), &regexes);
                    if let (0, Some(origin), Ok(_)) = (closure.calls, unknown, &r) {
                        let what = Unknown::Block {
                            function: name.to_string(),
                        };
                        self.note_unknown_once(self.ctx.file, span, what, &origin);
                    }
                    r
                }
                None => f.call(args, None, &regexes),
            };
            if let Err(e) = &r
                && crate::eval::regex::gave_up(e).is_some()
            {
                let ty = crate::defs::builtins::function(name)
                    .and_then(|d| d.signatures.first())
                    .and_then(|s| s.return_type.clone())
                    .unwrap_or_else(|| "Any".to_string());
                return Ok(self.regex_unknown(e, span, &ty).unwrap_or(Value::Undef));
            }
            if let Ok(v) = &r {
                self.limits.check_size(v)?;
            }
            return r;
        }
        if let Some(rf) = self.loader.ruby_function(name) {
            if let Some(def) = rf.def.clone()
                && let Some(r) = self.call_ruby_function(name, &def, args, lambda, span)
            {
                return match r {
                    Ok(Value::Unknown(u)) => {
                        self.not_evaluated_because(name, &rf.path, &u.origin, span);
                        Ok(Value::Unknown(u))
                    }
                    other => other,
                };
            }
            self.not_evaluated(name, Some(&rf.path), span);
            let ty = rf.return_type.unwrap_or_else(|| "Any".to_string());
            return Ok(Value::unknown(&ty, &format!("{name}()")));
        }
        if let Some(def) = crate::defs::builtins::function(name) {
            self.not_evaluated(name, None, span);
            let ty = def
                .signatures
                .first()
                .and_then(|s| s.return_type.clone())
                .unwrap_or_else(|| "Any".to_string());
            return Ok(Value::unknown(&ty, &format!("{name}()")));
        }
        err(format!("Unknown function: '{name}'."))
    }

    /// Notes, once per function and node, that a function was not evaluated: a module's Ruby
    /// function (at `path`), or a built-in plint has no implementation of (one that asks a
    /// server, `puppetdb_query`). Its result is unknown, and what it does besides (declare
    /// classes or resources, set variables) is missing from the catalog.
    fn not_evaluated(
        &mut self,
        name: &str,
        path: Option<&std::path::Path>,
        span: crate::syntax::ast::Span,
    ) {
        let function = name.to_string();
        let what = match path {
            Some(path) => NotEvaluated::RubyFunction {
                function,
                path: module_relative(path),
            },
            None => NotEvaluated::Builtin { function },
        };
        let kind = EvalDiagKind::NotEvaluated { what };
        if !self.findings.any(|d| d.kind == kind) {
            self.note(kind, span);
        }
    }

    /// Notes, once per function and node, that a module's Ruby function ran but its result
    /// depends on what plint cannot evaluate (`why`, the interpreter's origin).
    fn not_evaluated_because(
        &mut self,
        name: &str,
        path: &std::path::Path,
        why: &str,
        span: crate::syntax::ast::Span,
    ) {
        // Once per function: whatever was said of it before.
        let said = |d: &crate::eval::diag::EvalDiag| match &d.kind {
            EvalDiagKind::NotEvaluated {
                what:
                    NotEvaluated::RubyFunction { function, .. }
                    | NotEvaluated::Builtin { function }
                    | NotEvaluated::Partly { function, .. },
            } => function == name,
            _ => false,
        };
        if !self.findings.any(said) {
            let what = NotEvaluated::Partly {
                function: name.to_string(),
                path: module_relative(path),
                why: why.to_string(),
            };
            self.note(EvalDiagKind::NotEvaluated { what }, span);
        }
    }

    fn call_puppet_function(
        &mut self,
        f: &std::rc::Rc<super::loader::FunctionDefinition>,
        args: Vec<Value>,
    ) -> EvalResult {
        if self.limits.too_deep() {
            return err(format!("Recursion too deep calling function '{}'", f.name));
        }
        let has_rest = f.params.last().is_some_and(|p| p.captures_rest);
        let required = f
            .params
            .iter()
            .filter(|p| p.default.is_none() && !p.captures_rest)
            .count();
        if args.len() < required || (args.len() > f.params.len() && !has_rest) {
            return err(format!(
                "'{}' expects {} argument{}, got {}",
                f.name,
                if required == f.params.len() {
                    required.to_string()
                } else if has_rest {
                    format!("at least {required}")
                } else {
                    format!("between {required} and {}", f.params.len())
                },
                if f.params.len() == 1 { "" } else { "s" },
                args.len()
            ));
        }
        let saved = std::mem::replace(
            &mut self.ctx,
            super::scope::Ctx::new(super::scope::TOP, f.file),
        );
        self.ctx.function = true;
        self.ctx.frames.push(Frame::default());
        self.limits.enter();
        let r = (|| {
            let mut it = args.into_iter();
            for p in &f.params {
                let v = if p.captures_rest {
                    Value::array(it.by_ref().collect())
                } else {
                    match it.next() {
                        Some(v) => v,
                        None => match &p.default {
                            Some(d) => self.eval(d)?,
                            None => Value::Undef,
                        },
                    }
                };
                if let Some(te) = &p.type_expr
                    && !p.captures_rest
                {
                    self.check_type(te, &v, &format!("'{}' parameter '{}'", f.name, p.name.name))?;
                }
                self.set_var(&p.name.name, v)?;
            }
            self.eval_block(&f.body)
        })();
        let r = match r {
            Err(e) if matches!(e.kind, ErrorKind::Return(_) | ErrorKind::Next(_)) => match e.kind {
                ErrorKind::Return(v) | ErrorKind::Next(v) => Ok(v),
                _ => Ok(Value::Undef),
            },
            other => other,
        };
        let r = match (r, &f.return_type) {
            (Ok(v), Some(rt)) => {
                let subject = format!("function '{}' returned value", f.name);
                self.check_type(rt, &v, &subject).map(|()| v)
            }
            (r, _) => r,
        };
        self.limits.leave();
        self.ctx = saved;
        r
    }

    /// Checks a value against a declared type (an expression), with aliases resolved; the
    /// error says `<subject> expects ..., got ...`.
    pub fn check_type(&mut self, type_expr: &Expr, v: &Value, subject: &str) -> EvalResult<()> {
        if v.contains_unknown() {
            return Ok(());
        }
        let t = self.eval(type_expr)?;
        self.check_type_value(&t, v, subject)
    }

    /// Checks `v` against the value of a type expression (anything but a type passes).
    pub fn check_type_value(&mut self, t: &Value, v: &Value, subject: &str) -> EvalResult<()> {
        let Value::Type(t) = t else {
            return Ok(());
        };
        if v.contains_unknown() {
            return Ok(());
        }
        match self.type_mismatch(t.ty(), v, subject) {
            Some(m) => err(m),
            None => Ok(()),
        }
    }

    /// Whether a value is an instance of a type (aliases resolved); `None` for an unknown.
    pub fn instance_of(&self, v: &Value, t: &TypeVal) -> Option<bool> {
        if v.contains_unknown() {
            return None;
        }
        let calc = crate::types::TypeCalculator::with_regexes(&self.loader, &self.regexes);
        Some(calc.is_assignable(t.ty(), &crate::eval::value_type::infer(v)))
    }

    /// Puppet's message when `v` is not an instance of `t`.
    pub fn type_mismatch(
        &self,
        t: &crate::types::Type,
        v: &Value,
        subject: &str,
    ) -> Option<String> {
        if v.contains_unknown() {
            return None;
        }
        let calc = crate::types::TypeCalculator::with_regexes(&self.loader, &self.regexes);
        let actual = crate::eval::value_type::infer(v);
        calc.describe_mismatch(subject, t, &actual)
    }

    pub fn call_lambda(&mut self, l: &AstLambda, args: Vec<Value>) -> EvalResult {
        // Each call costs a step, so that iterating with an empty lambda still costs.
        self.limits.charge_steps(1)?;
        if self.limits.too_deep_for_expr() {
            return err("Evaluation nested too deeply");
        }
        self.ctx.frames.push(Frame::default());
        let result = (|| {
            let mut args = args.into_iter();
            for p in &l.params {
                let v = if p.captures_rest {
                    Value::array(args.by_ref().collect())
                } else {
                    match args.next() {
                        Some(v) => v,
                        None => match &p.default {
                            Some(d) => self.eval(d)?,
                            None => {
                                return err(format!(
                                    "Parameter ${} is required but no value was given",
                                    p.name.name
                                ));
                            }
                        },
                    }
                };
                if let Some(te) = &p.type_expr
                    && !p.captures_rest
                    && let Err(e) =
                        self.check_type(te, &v, &format!("block parameter '{}'", p.name.name))
                {
                    return Err(EvalError::finding(EvalDiagKind::ParameterType {
                        owner: None,
                        mismatch: e.text(),
                        from: ValueFrom::Given,
                    }));
                }
                self.set_var(&p.name.name, v)?;
            }
            self.eval_block(&l.body)
        })();
        self.ctx.frames.pop();
        match result {
            Err(e) if matches!(e.kind, ErrorKind::Next(_)) => match e.kind {
                ErrorKind::Next(v) => Ok(v),
                _ => Ok(Value::Undef),
            },
            other => other,
        }
    }
}

/// A Puppet lambda bound to the compiler, as functions call it.
struct Closure<'a, 'i> {
    ev: &'a mut Compiler<'i>,
    lambda: &'a AstLambda,
    /// How many times the function called it.
    calls: usize,
}

impl Lambda for Closure<'_, '_> {
    fn param_count(&self) -> usize {
        self.lambda.params.len()
    }

    fn call(&mut self, args: Vec<Value>) -> EvalResult {
        self.calls += 1;
        self.ev.call_lambda(self.lambda, args)
    }
}

/// `apache/lib/puppet/functions/x.rb`, `apache/templates/x.erb` for a module file's path: from
/// the module's folder on.
pub(super) fn module_relative(path: &std::path::Path) -> String {
    let parts: Vec<_> = path.components().collect();
    match parts
        .iter()
        .rposition(|c| c.as_os_str() == "lib" || c.as_os_str() == "templates")
    {
        Some(i) if i > 0 => parts[i - 1..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/"),
        _ => path.display().to_string(),
    }
}

/// The arguments as Puppet gives them to a 3.x function: `undef` becomes `''`.
pub(super) fn api3_arguments(args: Vec<Value>) -> Vec<Value> {
    args.into_iter()
        .map(|a| if a.is_undef() { Value::string("") } else { a })
        .collect()
}
