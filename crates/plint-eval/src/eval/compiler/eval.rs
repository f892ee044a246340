//! Expressions in the compiler: values, variables in Puppet's scopes, operators, strings and
//! references. Conditionals are in `conditions.rs`, calls in `calls.rs`.

use super::Compiler;
use crate::eval::diag::{ClassState, EvalDiagKind, GaveUp, TypeUse};
use crate::eval::error::{ErrorKind, EvalError, EvalResult, err};
use crate::eval::ops::{self, MatchOutcome};
use crate::eval::value::{Hash, TypeVal, Value};
use crate::syntax::ast::{
    AssignOp, BinaryOp, Block, Expr, ExprKind, StringLit, StringPart, UnaryOp,
};

impl Compiler<'_> {
    // ------------------------------------------------------------------ variables

    pub fn set_var(&mut self, name: &str, value: Value) -> EvalResult<()> {
        let name = name.trim_start_matches("::");
        if name.chars().all(|c| c.is_ascii_digit()) {
            return err(format!(
                "Illegal attempt to assign to the numeric match result variable '${name}'"
            ));
        }
        if name.contains("::") {
            return err(format!(
                "Illegal attempt to assign to '${name}'. Cannot assign to variables in other namespaces"
            ));
        }
        let vars = match self.ctx.frames.last_mut() {
            Some(f) => &mut f.vars,
            None => &mut self.scopes[self.ctx.scope].vars,
        };
        if vars.contains_key(name) {
            return err(format!("Cannot reassign variable '${name}'"));
        }
        vars.insert(name.to_string(), value);
        Ok(())
    }

    /// A variable's value: `Some(undef)`-like `None` when it is not defined.
    pub fn lookup_var(
        &mut self,
        raw: &str,
        span: crate::syntax::ast::Span,
    ) -> EvalResult<Option<Value>> {
        if let Ok(n) = raw.parse::<usize>() {
            for f in self.ctx.frames.iter().rev() {
                if let Some(m) = f.matches.iter().rev().flatten().next() {
                    return Ok(Some(m.get(n).cloned().unwrap_or(Value::Undef)));
                }
            }
            if !self.ctx.function {
                let s = &self.scopes[self.ctx.scope];
                if let Some(m) = s.matches.iter().rev().flatten().next() {
                    return Ok(Some(m.get(n).cloned().unwrap_or(Value::Undef)));
                }
            }
            return Ok(Some(Value::Undef));
        }
        if let Some(rest) = raw.strip_prefix("::") {
            if !rest.contains("::") {
                return Ok(self.scopes[super::scope::TOP].vars.get(rest).cloned());
            }
            return self.qualified_var(rest, span);
        }
        if raw.contains("::") {
            return self.qualified_var(raw, span);
        }
        for f in self.ctx.frames.iter().rev() {
            if let Some(v) = f.vars.get(raw) {
                return Ok(Some(v.clone()));
            }
        }
        if self.ctx.function {
            return Ok(self.scopes[super::scope::TOP].vars.get(raw).cloned());
        }
        Ok(self.scope_var(self.ctx.scope, raw))
    }

    /// A variable seen from a named scope: its own, its inherited classes', its enclosing
    /// scope's (node, then top).
    pub fn scope_var(&self, scope: usize, name: &str) -> Option<crate::eval::value::Value> {
        let mut guard = 0;
        let mut s = Some(scope);
        while let Some(id) = s {
            guard += 1;
            if guard > 10_000 {
                return None;
            }
            let sc = &self.scopes[id];
            if let Some(v) = sc.vars.get(name) {
                return Some(v.clone());
            }
            s = sc.inherited.or(sc.enclosing);
        }
        None
    }

    /// [`Self::lookup_var`] of a variable the manifest reads, recorded when the input asks.
    fn read_variable(
        &mut self,
        name: &str,
        span: crate::syntax::ast::Span,
    ) -> EvalResult<Option<Value>> {
        let found = self.lookup_var(name, span)?;
        if self.findings.records_variable_reads() {
            let read = super::VariableRead {
                name: name.to_string(),
                at: self.location(self.ctx.file, span),
                found: found.is_some(),
            };
            self.findings.push_variable_read(read);
        }
        Ok(found)
    }

    fn qualified_var(
        &mut self,
        name: &str,
        span: crate::syntax::ast::Span,
    ) -> EvalResult<Option<Value>> {
        let (class, leaf) = name.rsplit_once("::").unwrap_or(("", name));
        let class = class.to_ascii_lowercase();
        let mut cls = class.clone();
        let mut guard = 0;
        loop {
            guard += 1;
            let Some(sid) = self.scopes.class(&cls) else {
                break;
            };
            if let Some(v) = self.scopes[sid].vars.get(leaf) {
                return Ok(Some(v.clone()));
            }
            match self.scopes[sid].inherited {
                Some(p) if guard < 100 => match &self.scopes[p].class_name {
                    Some(n) => cls = n.clone(),
                    None => break,
                },
                _ => break,
            }
        }
        let why = if self.scopes.class(&class).is_some() {
            None
        } else if self.loader.definition(&class).is_some() {
            Some(ClassState::NotEvaluated(class))
        } else {
            Some(ClassState::NotFound(class))
        };
        if self.input.strict_variables {
            return Err(EvalError::finding(EvalDiagKind::UndefinedVariable {
                name: name.to_string(),
                class: why,
            }));
        }
        let _ = span;
        Ok(None)
    }

    fn push_match_scope(&mut self) -> usize {
        match self.ctx.frames.last_mut() {
            Some(f) => {
                f.matches.push(None);
                f.matches.len() - 1
            }
            None => {
                let s = &mut self.scopes[self.ctx.scope];
                s.matches.push(None);
                s.matches.len() - 1
            }
        }
    }

    fn pop_match_scope(&mut self, depth: usize) {
        match self.ctx.frames.last_mut() {
            Some(f) => f.matches.truncate(depth),
            None => self.scopes[self.ctx.scope].matches.truncate(depth),
        }
    }

    pub(super) fn set_matches(&mut self, caps: Option<Vec<Value>>) {
        let Some(c) = caps else { return };
        let m = match self.ctx.frames.last_mut() {
            Some(f) => &mut f.matches,
            None => &mut self.scopes[self.ctx.scope].matches,
        };
        match m.last_mut() {
            Some(slot) => *slot = Some(c),
            None => m.push(Some(c)),
        }
    }

    pub(super) fn with_match_scope(
        &mut self,
        f: impl FnOnce(&mut Self) -> EvalResult,
    ) -> EvalResult {
        let d = self.push_match_scope();
        let r = f(self);
        self.pop_match_scope(d);
        r
    }

    // ------------------------------------------------------------------ evaluation

    pub fn eval_statements(&mut self, stmts: &[Expr]) -> EvalResult {
        let mut last = Value::Undef;
        for s in stmts {
            last = self.eval(s)?;
        }
        Ok(last)
    }

    pub fn eval_block(&mut self, b: &Block) -> EvalResult {
        self.eval_statements(&b.statements)
    }

    /// The statements of the main manifest or of a class, define or node body. Puppet stops
    /// at the first error; plint reports it and goes on with the next statement, so that a
    /// run shows every independent error at once: what the failed statement would have
    /// assigned is unknown, and an error already reported is not reported again. The
    /// compilation still fails. A budget that ran out stops it.
    pub fn eval_body(&mut self, stmts: &[Expr]) -> EvalResult {
        let mut last = Value::Undef;
        for s in stmts {
            match self.eval(s) {
                Ok(v) => last = v,
                Err(e) if e.is_error() && e.kind != ErrorKind::Budget => {
                    self.recover(e, s);
                    last = Value::Undef;
                }
                Err(e) => return Err(e),
            }
        }
        Ok(last)
    }

    /// Records the error `e` of the statement `s` and makes what `s` assigns unknown.
    fn recover(&mut self, e: EvalError, s: &Expr) {
        self.record_error(e);
        let mut vars = Vec::new();
        let mut overrides = Vec::new();
        super::conditions::branch_effects(s, &mut vars, &mut overrides);
        let origin = format!(
            "a statement that failed {}",
            self.where_text(self.ctx.file, s.span)
        );
        for name in vars {
            let _ = self.set_var(name, Value::unknown("Any", &origin));
        }
    }

    /// Records an error that stops Puppet and goes on: the compilation has failed, and the
    /// same error met again (a define declared twice with the same bad value) is reported
    /// once. A budget that ran out is given back: it stops the compilation.
    pub(super) fn recover_error(&mut self, e: EvalError) -> Result<(), EvalError> {
        if e.kind == ErrorKind::Budget || !e.is_error() {
            return Err(e);
        }
        self.record_error(e);
        Ok(())
    }

    fn record_error(&mut self, e: EvalError) {
        let mark = self.findings.mark();
        self.report_error(e);
        self.findings.recovered_since(mark);
    }

    pub fn eval(&mut self, e: &Expr) -> EvalResult {
        self.limits.charge_steps(1).map_err(|x| x.at(e.span))?;
        if self.limits.too_deep_for_expr() {
            return Err(EvalError::new("Evaluation nested too deeply").at(e.span));
        }
        self.limits.enter();
        let r = stacker::maybe_grow(128 * 1024, 2 * 1024 * 1024, || self.eval_inner(e));
        self.limits.leave();
        r.map_err(|x| {
            if x.span.is_none() && x.is_error() {
                x.in_file(self.ctx.file).at(e.span)
            } else {
                x.at(e.span)
            }
        })
    }

    fn eval_inner(&mut self, e: &Expr) -> EvalResult {
        match &e.kind {
            ExprKind::Integer(lit) => match lit.value {
                Some(i) => Ok(Value::Integer(i)),
                None => err("Integer literal out of range or malformed"),
            },
            ExprKind::Float(f) => Ok(Value::Float(*f)),
            ExprKind::Boolean(b) => Ok(Value::Boolean(*b)),
            ExprKind::Undef => Ok(Value::Undef),
            ExprKind::Default => Ok(Value::Default),
            ExprKind::Regex(r) => {
                crate::eval::regex::compile(&self.regexes, r).map_err(EvalError::new)?;
                Ok(Value::regexp(r))
            }
            ExprKind::String(s) => self.eval_string(s),
            ExprKind::Variable(name) => match self.read_variable(name, e.span)? {
                Some(v) => Ok(v),
                None => {
                    let n = name.trim_start_matches("::");
                    if matches!(n, "module_name" | "caller_module_name") {
                        return Ok(Value::Undef);
                    }
                    if crate::defs::facts::is_known_fact(n) {
                        self.missing_fact(vec![n.to_string()], format!("$::{n}"), e.span);
                    }
                    // Puppet names the variable as written (`::x` keeps its `::`).
                    let kind = EvalDiagKind::UndefinedVariable {
                        name: name.clone(),
                        class: None,
                    };
                    if self.input.strict_variables {
                        return Err(EvalError::finding(kind));
                    }
                    self.note(kind, e.span);
                    Ok(Value::Undef)
                }
            },
            ExprKind::Name(n) => Ok(Value::string(n.clone())),
            ExprKind::TypeRef(t) => self.eval_type_ref(t),
            ExprKind::ReservedWord(w) => err(format!("The reserved word '{w}' cannot be used")),
            ExprKind::Array(items) => {
                let v = Value::array(self.eval_list(items)?);
                self.limits.check_size(&v)?;
                Ok(v)
            }
            ExprKind::Hash(h) => {
                let mut out = Hash::with_capacity(h.entries.len());
                for p in &h.entries {
                    let k = self.eval(&p.key)?;
                    let v = self.eval(&p.value)?;
                    out.insert(k, v);
                }
                let v = Value::hash(out);
                self.limits.check_size(&v)?;
                Ok(v)
            }
            ExprKind::Access { target, args } => {
                let t = self.eval(target)?;
                let keys = self.eval_list(args)?;
                if let (Value::Hash(h), [Value::String(k)]) = (&t, keys.as_slice())
                    && h.get_str(k).is_none()
                    && let Some(mut path) = target.facts_path()
                {
                    path.push(k.clone());
                    let read = format!(
                        "$facts{}",
                        path.iter().map(|k| format!("['{k}']")).collect::<String>()
                    );
                    self.missing_fact(path, read, e.span);
                }
                self.access(&t, &keys)
            }
            ExprKind::Unary { op, operand } => {
                let v = self.eval(operand)?;
                match op {
                    UnaryOp::Neg => ops::negate(&v),
                    UnaryOp::Not => {
                        if v.is_unknown() {
                            return Ok(Value::unknown(
                                "Boolean",
                                &Value::origin_among([&v], "negation of an unknown value"),
                            ));
                        }
                        Ok(ops::not(&v))
                    }
                    UnaryOp::Splat => Ok(match unfold(v) {
                        a @ Value::Array(_) => a,
                        other => Value::array(vec![other]),
                    }),
                }
            }
            ExprKind::Binary {
                op, left, right, ..
            } => self.eval_binary(*op, left, right),
            ExprKind::Assignment { op, left, right } => {
                if *op != AssignOp::Assign {
                    return err("The operators += and -= are no longer supported");
                }
                let v = self.eval(right)?;
                self.assign(left, v.clone())?;
                Ok(v)
            }
            ExprKind::Selector { value, entries } => {
                self.with_match_scope(|ev| ev.eval_selector(e, value, entries))
            }
            ExprKind::Paren(inner) => self.eval(inner),
            ExprKind::Call(call) => {
                let name = call.name().unwrap_or("").to_string();
                let args = self.eval_list(&call.args)?;
                self.call_function(&name, args, call.lambda.as_ref(), e.span)
            }
            ExprKind::MethodCall(m) => {
                let receiver = self.eval(&m.receiver)?;
                let mut args = vec![receiver];
                if let Some(a) = &m.args {
                    args.extend(self.eval_list(a)?);
                }
                self.call_function(&m.method.name, args, m.lambda.as_ref(), e.span)
            }
            ExprKind::If(i) => self.with_match_scope(|ev| ev.eval_if(e, i)),
            ExprKind::Unless(u) => self.with_match_scope(|ev| ev.eval_unless(e, u)),
            ExprKind::Case(c) => self.with_match_scope(|ev| ev.eval_case(e, c)),
            ExprKind::Resource(r) => self.eval_resource(r, e.span),
            ExprKind::ResourceDefaults(d) => self.eval_defaults(d),
            ExprKind::ResourceOverride(o) => self.eval_override(o, e.span),
            ExprKind::Collector(c) => {
                let id = self.eval_collector(c, e.span)?;
                Ok(Value::unknown_of(
                    TypeVal::parse("Any"),
                    &format!("collector #{id}"),
                ))
            }
            ExprKind::Relationship {
                op, left, right, ..
            } => self.eval_relationship(*op, left, right, e.span),
            ExprKind::Class(_)
            | ExprKind::Define(_)
            | ExprKind::Function(_)
            | ExprKind::TypeAlias(_)
            | ExprKind::TypeDefinition(_)
            | ExprKind::Plan(_) => Ok(Value::Undef),
            ExprKind::Node(_) => err(
                "Classes, definitions, and nodes may only appear at toplevel or inside other classes",
            ),
            ExprKind::Error => err("The expression has a syntax error"),
        }
    }

    fn eval_type_ref(&mut self, t: &str) -> EvalResult {
        let name = t.trim_start_matches("::");
        let parsed = match self.types.checked(name) {
            Ok(t) => t,
            Err(e) => return err(e.message),
        };
        let crate::types::Type::Alias(n) = &*parsed else {
            return Ok(Value::Type(TypeVal::shared(parsed)));
        };
        let n = n.clone();
        if crate::types::AliasResolver::resolve(&self.loader, &n).is_none()
            && (self.loader.definition(&n).is_some() || self.loader.custom_type(&n))
        {
            return Ok(Value::Type(TypeVal::new(crate::types::Type::Resource {
                type_name: Some(resources::cap_type(&n)),
                title: None,
            })));
        }
        // A name that is no type alias, class, defined or resource type.
        let lower = n.to_ascii_lowercase();
        if !matches!(lower.as_str(), "data" | "richdata")
            && crate::defs::builtins::resource_type(&lower).is_none()
            && crate::types::AliasResolver::resolve(&self.loader, &n).is_none()
            && !self.loader.has_alias(&lower)
            && self.loader.definition(&n).is_none()
            && !self.loader.custom_type(&n)
        {
            return Err(EvalError::finding(EvalDiagKind::UnknownResourceType {
                name: resources::cap_type(&n),
                used: TypeUse::Referenced,
            }));
        }
        let t = crate::types::Type::Alias(n);
        if crate::types::builtin_alias(&lower).is_some() {
            return Ok(Value::Type(TypeVal::new(t)));
        }
        let shown = match self.alias_shown.get(&lower) {
            Some(s) => s.clone(),
            None => {
                let calc = crate::types::TypeCalculator::new(&self.loader);
                let s: std::sync::Arc<str> = crate::types::expanded_string(&t, &calc).into();
                self.alias_shown.insert(lower, s.clone());
                s
            }
        };
        Ok(Value::Type(TypeVal::alias(t, shown)))
    }

    /// `[]`: references (`File['a']`, `Class['x']`) built here, the rest by `ops::access`.
    fn access(&mut self, t: &Value, keys: &[Value]) -> EvalResult {
        if let Value::Type(tv) = t {
            match tv.ty() {
                crate::types::Type::Resource {
                    type_name: None,
                    title: None,
                } => {
                    if let Some(first) = keys.first() {
                        let tname = match first {
                            Value::String(s) => resources::cap_type(s),
                            Value::Type(x) => match x.ty() {
                                crate::types::Type::Resource {
                                    type_name: Some(n), ..
                                } => n.clone(),
                                crate::types::Type::Alias(n) => resources::cap_type(n),
                                _ => x.to_string(),
                            },
                            // Unknown, for the reason the type's name is.
                            Value::Unknown(u) => return Ok(Value::unknown("Any", &u.origin)),
                            other => other.to_puppet_string(),
                        };
                        if keys.len() == 1 {
                            return Ok(Value::Type(TypeVal::new(crate::types::Type::Resource {
                                type_name: Some(tname),
                                title: None,
                            })));
                        }
                        return self.make_refs(&tname, &keys[1..]);
                    }
                }
                crate::types::Type::Resource {
                    type_name: Some(n),
                    title: None,
                } => {
                    let n = n.clone();
                    return self.make_refs(&n, keys);
                }
                crate::types::Type::Class(None) => return self.make_refs("Class", keys),
                _ => {}
            }
        }
        ops::access(t, keys, &self.types)
    }

    fn make_refs(&mut self, type_name: &str, keys: &[Value]) -> EvalResult {
        let mut out = Vec::new();
        let mut flat = Vec::new();
        for k in keys {
            flatten_into(k, &mut flat);
        }
        for k in &flat {
            match k {
                Value::String(s) => {
                    let title = if type_name == "Class" {
                        resources::class_title(s)
                    } else {
                        s.clone()
                    };
                    out.push(Value::resource(type_name, &title));
                }
                Value::Resource(r) if type_name == "Class" => {
                    out.push(Value::resource("Class", &resources::class_title(&r.title)))
                }
                Value::Type(tv) if type_name == "Class" => {
                    if let crate::types::Type::Resource {
                        type_name: Some(n), ..
                    } = tv.ty()
                    {
                        out.push(Value::resource("Class", &resources::class_title(n)))
                    }
                }
                // The reference is unknown for the reason its title is.
                Value::Unknown(u) => return Ok(Value::unknown("Any", &u.origin)),
                other => {
                    return err(format!(
                        "{type_name}[] accepts only String titles, got {}",
                        other.type_name()
                    ));
                }
            }
        }
        if out.len() == 1 && keys.len() == 1 && !matches!(keys[0], Value::Array(_)) {
            return Ok(out.pop().unwrap_or(Value::Undef));
        }
        Ok(Value::array(out))
    }

    /// The values of a splatted `*operand`: an array's elements, a hash's pairs, none for
    /// undef, else the value itself.
    pub(super) fn unfolded(&mut self, operand: &Expr) -> EvalResult<Vec<Value>> {
        Ok(match unfold(self.eval(operand)?) {
            Value::Array(a) => a.as_ref().clone(),
            other => vec![other],
        })
    }

    pub fn eval_list(&mut self, items: &[Expr]) -> EvalResult<Vec<Value>> {
        let mut out = Vec::with_capacity(items.len());
        for i in items {
            if let Some(operand) = splatted(i) {
                out.extend(self.unfolded(operand)?);
            } else {
                out.push(self.eval(i)?);
            }
        }
        Ok(out)
    }

    fn assign(&mut self, target: &Expr, v: Value) -> EvalResult<()> {
        match &target.kind {
            ExprKind::Variable(name) => self.set_var(name, v),
            ExprKind::Array(targets) => {
                match &v {
                    Value::Array(values) => {
                        if values.len() != targets.len() {
                            return err(format!(
                                "Mismatched number of assignable entries and values, expected {}, got {}",
                                targets.len(),
                                values.len()
                            ));
                        }
                        for (t, x) in targets.iter().zip(values.iter()) {
                            self.assign(t, x.clone())?;
                        }
                    }
                    Value::Hash(h) => {
                        for t in targets {
                            let ExprKind::Variable(name) = &t.kind else {
                                return err("Only variables can be assigned from a hash");
                            };
                            let key = name.trim_start_matches("::");
                            let Some(x) = h.get_str(key) else {
                                return err(format!(
                                    "No value for required variable '${key}' in hash"
                                ));
                            };
                            self.set_var(name, x.clone())?;
                        }
                    }
                    Value::Unknown(_) => {
                        for t in targets {
                            self.assign(
                                t,
                                Value::unknown(
                                    "Any",
                                    &Value::origin_among([&v], "destructuring of an unknown value"),
                                ),
                            )?;
                        }
                    }
                    _ => {
                        return err(
                            "Only an Array or a Hash can be assigned to an array of variables",
                        );
                    }
                }
                Ok(())
            }
            _ => err("Illegal assignment target"),
        }
    }

    fn eval_binary(&mut self, op: BinaryOp, left: &Expr, right: &Expr) -> EvalResult {
        match op {
            BinaryOp::And | BinaryOp::Or => {
                let l = self.eval(left)?;
                let want_short = op == BinaryOp::Or;
                match l.truthy() {
                    Some(b) if b == want_short => Ok(Value::Boolean(b)),
                    Some(_) => {
                        let r = self.eval(right)?;
                        Ok(match r.truthy() {
                            Some(b) => Value::Boolean(b),
                            None => Value::unknown(
                                "Boolean",
                                &Value::origin_among([&r], "condition on an unknown value"),
                            ),
                        })
                    }
                    None => {
                        let r = self.eval(right)?;
                        Ok(match r.truthy() {
                            Some(b) if b == want_short => Value::Boolean(b),
                            _ => Value::unknown(
                                "Boolean",
                                &Value::origin_among([&l, &r], "condition on an unknown value"),
                            ),
                        })
                    }
                }
            }
            BinaryOp::Match | BinaryOp::NotMatch => {
                let l = self.eval(left)?;
                let r = self.eval(right)?;
                if let Value::Type(t) = &r {
                    return Ok(match self.instance_of(&l, t) {
                        Some(b) => Value::Boolean(b == (op == BinaryOp::Match)),
                        None => Value::unknown(
                            "Boolean",
                            &Value::origin_among([&l], "instance check of an unknown value"),
                        ),
                    });
                }
                let outcome = ops::match_op(&self.regexes, &l, &r, op == BinaryOp::NotMatch);
                let outcome = self.regex_outcome(outcome, right.span).map_err(|e| {
                    e.at(
                        if matches!(r, Value::String(_) | Value::Regexp(_))
                            && !matches!(l, Value::String(_))
                        {
                            left.span
                        } else {
                            right.span
                        },
                    )
                })?;
                Ok(self.take_outcome(outcome))
            }
            BinaryOp::In => {
                let l = self.eval(left)?;
                let r = self.eval(right)?;
                let outcome = ops::in_op(&self.regexes, &l, &r);
                let outcome = self.regex_outcome(outcome, right.span)?;
                Ok(self.take_outcome(outcome))
            }
            _ => {
                let l = self.eval(left)?;
                let r = self.eval(right)?;
                let v = ops::binary(op, &l, &r)?;
                if matches!(op, BinaryOp::Add | BinaryOp::Shl) {
                    self.limits.check_size(&v)?;
                }
                Ok(v)
            }
        }
    }

    /// A match whose regular expression gave up (see [`crate::eval::regex::too_costly`]): its
    /// outcome is unknown, and P220 says why (once per pattern). Other errors stay errors.
    pub(super) fn regex_outcome(
        &mut self,
        r: EvalResult<MatchOutcome>,
        span: crate::syntax::ast::Span,
    ) -> EvalResult<MatchOutcome> {
        match r {
            Err(e) => match self.regex_unknown(&e, span, "Boolean") {
                Some(value) => Ok(MatchOutcome {
                    value,
                    captures: None,
                }),
                None => Err(e),
            },
            ok => ok,
        }
    }

    /// When `e` is a match that gave up: reports it (P220, once per pattern) and gives the
    /// unknown value of type `ty` that stands for the result.
    pub(super) fn regex_unknown(
        &mut self,
        e: &EvalError,
        span: crate::syntax::ast::Span,
        ty: &str,
    ) -> Option<Value> {
        let pattern = crate::eval::regex::gave_up(e)?;
        let shown: String = match pattern.char_indices().nth(80) {
            Some((i, _)) => format!("{}…", &pattern[..i]),
            None => pattern.to_string(),
        };
        let kind = EvalDiagKind::RegexTooCostly {
            gave_up: GaveUp::ResultUnknown { pattern: shown },
        };
        if !self.findings.any(|d| d.kind == kind) {
            self.note(kind, span);
        }
        Some(Value::unknown(ty, &e.message))
    }

    pub(super) fn take_outcome(&mut self, outcome: MatchOutcome) -> Value {
        self.set_matches(outcome.captures);
        outcome.value
    }

    pub fn eval_string(&mut self, s: &StringLit) -> EvalResult {
        let mut out = String::new();
        let mut unknown: Option<String> = None;
        for part in &s.parts {
            match part {
                StringPart::Text { value, .. } => {
                    crate::eval::budget::check_string(
                        out.len().saturating_add(value.len()),
                        self.limits.budgets().string_bytes,
                    )?;
                    out.push_str(value);
                }
                StringPart::Interpolation { expr, .. } => {
                    let v = self.eval_interpolated(expr)?;
                    if unknown.is_none() && v.contains_unknown() {
                        unknown = Some(Value::origin_among([&v], ""));
                    }
                    // A string's size is known before it is copied; a collection is bounded
                    // by the collection budget and checked once rendered.
                    if let Value::String(s) = &v {
                        crate::eval::budget::check_string(
                            out.len().saturating_add(s.len()),
                            self.limits.budgets().string_bytes,
                        )?;
                    }
                    v.write_puppet_string(&mut out);
                    crate::eval::budget::check_string(
                        out.len(),
                        self.limits.budgets().string_bytes,
                    )?;
                }
            }
        }
        if let Some(origin) = unknown {
            return Ok(Value::unknown("String", &origin));
        }
        Ok(Value::String(out))
    }

    fn eval_interpolated(&mut self, e: &Expr) -> EvalResult {
        match &e.kind {
            ExprKind::Name(n) => self.eval(&Expr::new(ExprKind::Variable(n.clone()), e.span)),
            ExprKind::Integer(lit) if lit.value.is_some() => self.eval(&Expr::new(
                ExprKind::Variable(lit.value.unwrap_or(0).to_string()),
                e.span,
            )),
            _ => self.eval(e),
        }
    }
}

use super::resources;

/// `*x`: an array as its elements, a hash as its pairs, undef as nothing.
/// The operand of a splat `*operand`.
pub(super) fn splatted(e: &Expr) -> Option<&Expr> {
    match &e.kind {
        ExprKind::Unary {
            op: UnaryOp::Splat,
            operand,
        } => Some(operand),
        _ => None,
    }
}

fn unfold(v: Value) -> Value {
    match v {
        Value::Undef => Value::array(Vec::new()),
        Value::Hash(h) => Value::array(
            h.iter()
                .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
                .collect(),
        ),
        other => other,
    }
}

pub(crate) use crate::eval::functions::flatten_into;
