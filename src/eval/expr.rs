//! A small evaluator of expressions: literals, variables in local scopes, operators, string
//! interpolation, control flow as values (if, unless, case, selector), calls of the pure
//! built-in functions with lambdas, and `notice`. It is the seed of the catalog evaluator, which
//! adds classes, resources and the rest around the same value model.

use std::collections::HashMap;

use super::error::{ErrorKind, EvalError, EvalResult, err};
use super::functions::{self, Lambda};
use super::ops::{self, MatchOutcome};
use super::value::{Hash, TypeVal, Value};
use crate::syntax::ast::{
    AssignOp, BinaryOp, Block, Expr, ExprKind, Lambda as AstLambda, StringLit, StringPart, UnaryOp,
};

/// Recursion limit for nested lambda calls and expressions evaluated through calls.
const MAX_DEPTH: usize = 500;

#[derive(Debug, Default)]
struct Frame {
    vars: HashMap<String, Value>,
    /// Match scopes of this frame, innermost last: `$0..$n` of the last successful match in
    /// each. An `if`, `unless`, `case` or selector opens one for its condition and branch.
    matches: Vec<Option<Vec<Value>>>,
}

/// Evaluates expressions in a stack of local scopes.
#[derive(Debug)]
pub struct Evaluator {
    frames: Vec<Frame>,
    /// Messages of `notice(...)` calls, in order.
    pub notices: Vec<String>,
    /// Unknown variables are errors (Puppet's `strict_variables`); otherwise they are undef.
    pub strict_variables: bool,
    /// Where `epp('mod/file.epp')` finds templates (`<dir>/mod/templates/file.epp`); empty: the
    /// result of `epp()` is unknown.
    pub modulepath: Vec<std::path::PathBuf>,
    /// Where files are read: the repository of the working directory.
    pub sandbox: crate::sandbox::Sandbox,
    /// The templates being rendered, innermost last.
    epp_frames: Vec<super::epp::RenderFrame>,
    depth: usize,
}

impl Default for Evaluator {
    fn default() -> Self {
        Self::new()
    }
}

impl Evaluator {
    pub fn new() -> Self {
        Evaluator {
            frames: vec![Frame::default()],
            notices: Vec::new(),
            strict_variables: true,
            modulepath: Vec::new(),
            sandbox: {
                let cwd = std::env::current_dir().unwrap_or_default();
                crate::sandbox::Sandbox::new(&cwd, std::slice::from_ref(&cwd))
            },
            epp_frames: Vec::new(),
            depth: 0,
        }
    }

    /// Sets a variable in the innermost scope; a variable cannot be reassigned in its scope.
    pub fn set_var(&mut self, name: &str, value: Value) -> EvalResult<()> {
        let name = name.trim_start_matches("::");
        if name.chars().all(|c| c.is_ascii_digit()) {
            return err(format!(
                "Illegal attempt to assign to the numeric match result variable '${name}'"
            ));
        }
        let frame = self.frames.last_mut().expect("there is always a frame");
        if frame.vars.contains_key(name) {
            return err(format!("Cannot reassign variable '${name}'"));
        }
        frame.vars.insert(name.to_string(), value);
        Ok(())
    }

    /// Looks a variable up from the innermost scope outwards; match variables come from the
    /// innermost frame that has a match.
    pub fn get_var(&self, name: &str) -> Option<Value> {
        let name = name.trim_start_matches("::");
        if let Ok(n) = name.parse::<usize>() {
            for f in self.frames.iter().rev() {
                if let Some(m) = f.matches.iter().rev().flatten().next() {
                    return Some(m.get(n).cloned().unwrap_or(Value::Undef));
                }
            }
            return Some(Value::Undef);
        }
        self.frames
            .iter()
            .rev()
            .find_map(|f| f.vars.get(name).cloned())
    }

    fn set_matches(&mut self, caps: Option<Vec<Value>>) {
        if let Some(c) = caps
            && let Some(f) = self.frames.last_mut()
        {
            match f.matches.last_mut() {
                Some(slot) => *slot = Some(c),
                None => f.matches.push(Some(c)),
            }
        }
    }

    /// Evaluates `f` in a new match scope of the current frame (for a conditional's condition
    /// and branch): matches made there are gone afterwards.
    fn with_match_scope(&mut self, f: impl FnOnce(&mut Self) -> EvalResult) -> EvalResult {
        let depth = self.frames.last().map_or(0, |fr| fr.matches.len());
        if let Some(fr) = self.frames.last_mut() {
            fr.matches.push(None);
        }
        let r = f(self);
        if let Some(fr) = self.frames.last_mut() {
            fr.matches.truncate(depth);
        }
        r
    }

    fn push(&mut self) {
        self.frames.push(Frame::default());
    }

    fn pop(&mut self) {
        if self.frames.len() > 1 {
            self.frames.pop();
        }
    }

    /// Evaluates statements in order; the value is the last one's (undef for none).
    pub fn eval_statements(&mut self, stmts: &[Expr]) -> EvalResult {
        let mut last = Value::Undef;
        for s in stmts {
            last = self.eval(s)?;
        }
        Ok(last)
    }

    fn eval_block(&mut self, b: &Block) -> EvalResult {
        self.eval_statements(&b.statements)
    }

    /// Evaluates one expression.
    pub fn eval(&mut self, e: &Expr) -> EvalResult {
        if self.depth > MAX_DEPTH {
            return Err(EvalError::new("Evaluation nested too deeply").at(e.span));
        }
        self.depth += 1;
        let r = stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.eval_inner(e));
        self.depth -= 1;
        r.map_err(|err| err.at(e.span))
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
                super::regex::compile(r).map_err(EvalError::new)?;
                Ok(Value::regexp(r))
            }
            ExprKind::String(s) => self.eval_string(s),
            ExprKind::Variable(name) => match self.get_var(name) {
                Some(v) => Ok(v),
                None if self.strict_variables => err(format!(
                    "Unknown variable: '{}'.",
                    name.trim_start_matches("::")
                )),
                None => Ok(Value::Undef),
            },
            ExprKind::Name(n) => Ok(Value::string(n.clone())),
            ExprKind::TypeRef(t) => match crate::types::parse(t.trim_start_matches("::")) {
                Ok(ty) => Ok(Value::Type(TypeVal::new(ty))),
                Err(e) => err(e.message),
            },
            ExprKind::ReservedWord(w) => err(format!("The reserved word '{w}' cannot be used")),
            ExprKind::Array(items) => Ok(Value::array(self.eval_list(items)?)),
            ExprKind::Hash(h) => {
                let mut out = Hash::with_capacity(h.entries.len());
                for p in &h.entries {
                    let k = self.eval(&p.key)?;
                    let v = self.eval(&p.value)?;
                    out.insert(k, v);
                }
                Ok(Value::hash(out))
            }
            ExprKind::Access { target, args } => {
                let t = self.eval(target)?;
                let keys = self.eval_list(args)?;
                ops::access(&t, &keys)
            }
            ExprKind::Unary { op, operand } => {
                let v = self.eval(operand)?;
                match op {
                    UnaryOp::Neg => ops::negate(&v),
                    UnaryOp::Not => Ok(ops::not(&v)),
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
                self.with_match_scope(|ev| ev.eval_selector(value, entries))
            }
            ExprKind::Paren(inner) => self.eval(inner),
            ExprKind::Call(call) => {
                let name = call.name().unwrap_or("").to_string();
                let args = self.eval_list(&call.args)?;
                self.call_function(&name, args, call.lambda.as_ref())
            }
            ExprKind::MethodCall(m) => {
                let receiver = self.eval(&m.receiver)?;
                let mut args = vec![receiver];
                if let Some(a) = &m.args {
                    args.extend(self.eval_list(a)?);
                }
                self.call_function(&m.method.name, args, m.lambda.as_ref())
            }
            ExprKind::If(i) => self.with_match_scope(|ev| ev.eval_if(i)),
            ExprKind::Unless(u) => self.with_match_scope(|ev| ev.eval_unless(u)),
            ExprKind::Case(c) => self.with_match_scope(|ev| ev.eval_case(c)),
            ExprKind::Error => err("The expression has a syntax error"),
            _ => err("This expression is not supported by the expression evaluator"),
        }
    }

    fn eval_selector(
        &mut self,
        value: &Expr,
        entries: &[crate::syntax::ast::SelectorEntry],
    ) -> EvalResult {
        let v = self.eval(value)?;
        for entry in entries {
            let m = self.eval(&entry.matcher)?;
            let outcome = ops::case_match(&v, &m)?;
            match outcome.value.truthy() {
                Some(true) => {
                    self.set_matches(outcome.captures);
                    return self.eval(&entry.value);
                }
                Some(false) => {}
                None => return Ok(Value::unknown("Any", "selector on an unknown value")),
            }
        }
        err(format!(
            "No matching entry for selector parameter with value '{}'",
            v.to_puppet_string()
        ))
    }

    fn eval_if(&mut self, i: &crate::syntax::ast::If) -> EvalResult {
        for (cond, body) in &i.branches {
            let c = self.eval(cond)?;
            match c.truthy() {
                Some(true) => return self.eval_block(body),
                Some(false) => {}
                None => return Ok(Value::unknown("Any", "if on an unknown condition")),
            }
        }
        match &i.else_block {
            Some(b) => self.eval_block(b),
            None => Ok(Value::Undef),
        }
    }

    fn eval_unless(&mut self, u: &crate::syntax::ast::Unless) -> EvalResult {
        let c = self.eval(&u.condition)?;
        match c.truthy() {
            Some(false) => self.eval_block(&u.then_block),
            Some(true) => match &u.else_block {
                Some(b) => self.eval_block(b),
                None => Ok(Value::Undef),
            },
            None => Ok(Value::unknown("Any", "unless on an unknown condition")),
        }
    }

    fn eval_case(&mut self, c: &crate::syntax::ast::Case) -> EvalResult {
        let v = self.eval(&c.value)?;
        let mut default_body = None;
        for opt in &c.options {
            for m in &opt.matchers {
                if matches!(m.kind, ExprKind::Default) {
                    default_body = Some(&opt.body);
                    continue;
                }
                let pattern = self.eval(m)?;
                // An array option lists alternatives, unless the value is an array.
                let alternatives: Vec<Value> = match (&pattern, &m.kind) {
                    (Value::Array(a), ExprKind::Array(_)) if !matches!(v, Value::Array(_)) => {
                        a.as_ref().clone()
                    }
                    _ => vec![pattern],
                };
                for p in alternatives {
                    let outcome = ops::case_match(&v, &p)?;
                    match outcome.value.truthy() {
                        Some(true) => {
                            self.set_matches(outcome.captures);
                            return self.eval_block(&opt.body);
                        }
                        Some(false) => {}
                        None => {
                            return Ok(Value::unknown("Any", "case on an unknown value"));
                        }
                    }
                }
            }
        }
        match default_body {
            Some(b) => self.eval_block(b),
            None => Ok(Value::Undef),
        }
    }

    /// Evaluates a list of expressions, unfolding `*x` splats.
    fn eval_list(&mut self, items: &[Expr]) -> EvalResult<Vec<Value>> {
        let mut out = Vec::with_capacity(items.len());
        for i in items {
            if let ExprKind::Unary {
                op: UnaryOp::Splat,
                operand,
            } = &i.kind
            {
                match unfold(self.eval(operand)?) {
                    Value::Array(a) => out.extend(a.iter().cloned()),
                    other => out.push(other),
                }
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
                            None => Value::unknown("Boolean", "condition on an unknown value"),
                        })
                    }
                    None => {
                        let r = self.eval(right)?;
                        // `unknown or true` is true, `unknown and false` is false.
                        Ok(match r.truthy() {
                            Some(b) if b == want_short => Value::Boolean(b),
                            _ => Value::unknown("Boolean", "condition on an unknown value"),
                        })
                    }
                }
            }
            BinaryOp::Match | BinaryOp::NotMatch => {
                let l = self.eval(left)?;
                let r = self.eval(right)?;
                let outcome = ops::match_op(&l, &r, op == BinaryOp::NotMatch).map_err(|e| {
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
                let outcome = ops::in_op(&l, &r)?;
                Ok(self.take_outcome(outcome))
            }
            _ => {
                let l = self.eval(left)?;
                let r = self.eval(right)?;
                ops::binary(op, &l, &r)
            }
        }
    }

    fn take_outcome(&mut self, outcome: MatchOutcome) -> Value {
        self.set_matches(outcome.captures);
        outcome.value
    }

    fn eval_string(&mut self, s: &StringLit) -> EvalResult {
        let mut out = String::new();
        for part in &s.parts {
            match part {
                StringPart::Text { value, .. } => out.push_str(value),
                StringPart::Interpolation { expr, .. } => {
                    let v = self.eval_interpolated(expr)?;
                    if v.contains_unknown() {
                        return Ok(Value::unknown(
                            "String",
                            "interpolation of an unknown value",
                        ));
                    }
                    v.write_puppet_string(&mut out);
                }
            }
        }
        Ok(Value::String(out))
    }

    /// `${name}` is the variable `$name`; `${name[1]}` and `${name.m}` start with it too.
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

    /// Calls a function by name: `notice` and the registered pure functions.
    pub fn call_function(
        &mut self,
        name: &str,
        args: Vec<Value>,
        lambda: Option<&AstLambda>,
    ) -> EvalResult {
        let name = name.trim_start_matches("::");
        match name {
            "notice" => {
                if args.iter().any(Value::contains_unknown) {
                    self.notices.push("<unknown>".into());
                } else {
                    self.notices.push(functions::core_log_message(&args));
                }
                return Ok(Value::Undef);
            }
            "getvar" | "fact" => return self.getvar(name, args),
            "call" => {
                return match super::functions::call_target(&args) {
                    Ok(f) => self.call_function(&f, args[1..].to_vec(), lambda),
                    Err(result) => result,
                };
            }
            _ if functions::is_fqdn_function(name) => {
                let facts = self.get_var("facts");
                let networking = match &facts {
                    Some(Value::Hash(h)) => match h.get_str("networking") {
                        Some(Value::Hash(n)) => n.get_str("fqdn").cloned(),
                        Some(u @ Value::Unknown(_)) => Some(u.clone()),
                        _ => None,
                    },
                    Some(u @ Value::Unknown(_)) => Some(u.clone()),
                    _ => None,
                };
                let top = self.get_var("::fqdn").filter(|v| !v.is_undef());
                return functions::call_fqdn(name, args, networking.as_ref(), top.as_ref());
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
        if super::epp::is_template_function(name) {
            return super::epp::call(self, name, args);
        }
        if name.starts_with(|c: char| c.is_ascii_uppercase()) {
            // `Integer('12')`: a call of `new` on the type.
            let t = crate::types::parse(name).map_err(|e| EvalError::new(e.message))?;
            let v = functions::new_value(&t, args)?;
            return match lambda {
                Some(l) => self.call_lambda(l, vec![v]),
                None => Ok(v),
            };
        }
        let Some(f) = functions::lookup(name) else {
            return err(format!("Unknown function: '{name}'."));
        };
        match lambda {
            Some(l) => {
                let mut closure = Closure {
                    ev: self,
                    lambda: l,
                };
                f(args, Some(&mut closure))
            }
            None => f(args, None),
        }
    }

    /// `getvar('x.a.0', default)`: a variable, navigated as `get` does; `fact('os.family')`:
    /// the same in `$facts`. A missing variable gives the default (undef).
    fn getvar(&mut self, name: &str, args: Vec<Value>) -> EvalResult {
        let max = if name == "fact" { 1 } else { 2 };
        if args.is_empty() || args.len() > max {
            return err(format!(
                "'{name}' expects {} argument{}, got {}",
                if max == 1 { "1" } else { "between 1 and 2" },
                if max == 1 { "" } else { "s" },
                args.len()
            ));
        }
        let Value::String(path) = &args[0] else {
            return err(format!(
                "'{name}' parameter 'name' expects a String value, got {}",
                args[0].type_name()
            ));
        };
        let default = args.get(1).cloned().unwrap_or(Value::Undef);
        let (var, rest) = if name == "fact" {
            ("facts", path.as_str())
        } else {
            path.split_once('.').unwrap_or((path.as_str(), ""))
        };
        let Some(v) = self.get_var(var) else {
            return Ok(default);
        };
        match functions::lookup("get") {
            Some(get) => get(vec![v, Value::string(rest), default], None),
            None => Ok(v),
        }
    }

    /// Calls a lambda with arguments in a new local scope.
    fn call_lambda(&mut self, l: &AstLambda, args: Vec<Value>) -> EvalResult {
        if self.depth > MAX_DEPTH {
            return err("Evaluation nested too deeply");
        }
        let has_rest = l.params.last().is_some_and(|p| p.captures_rest);
        if args.len() > l.params.len() && !has_rest {
            return err(format!(
                "The lambda expects {} argument{}, got {}",
                l.params.len(),
                if l.params.len() == 1 { "" } else { "s" },
                args.len()
            ));
        }
        self.push();
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
                                    "The lambda expects a value for parameter ${}",
                                    p.name.name
                                ));
                            }
                        },
                    }
                };
                self.set_var(&p.name.name, v)?;
            }
            self.eval_block(&l.body)
        })();
        self.pop();
        match result {
            Err(e) if matches!(e.kind, ErrorKind::Next(_)) => match e.kind {
                ErrorKind::Next(v) => Ok(v),
                _ => unreachable!(),
            },
            other => other,
        }
    }
}

/// `*x`: an array as its elements, a hash as its pairs, undef as nothing.
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

/// A Puppet lambda bound to the evaluator, as functions call it.
struct Closure<'a> {
    ev: &'a mut Evaluator,
    lambda: &'a AstLambda,
}

impl Lambda for Closure<'_> {
    fn param_count(&self) -> usize {
        self.lambda.params.len()
    }

    fn call(&mut self, args: Vec<Value>) -> EvalResult {
        self.ev.call_lambda(self.lambda, args)
    }
}

impl super::epp::EppHost for Evaluator {
    fn epp_frames(&mut self) -> &mut Vec<super::epp::RenderFrame> {
        &mut self.epp_frames
    }

    fn in_template_scope(
        &mut self,
        top_only: bool,
        f: &mut dyn FnMut(&mut Self) -> EvalResult<Option<Value>>,
    ) -> EvalResult<Option<Value>> {
        let hidden = if top_only {
            self.frames.split_off(1)
        } else {
            Vec::new()
        };
        self.push();
        let r = f(self);
        self.pop();
        self.frames.extend(hidden);
        r
    }

    fn set_var(&mut self, name: &str, value: Value) -> EvalResult<()> {
        Evaluator::set_var(self, name, value)
    }

    fn eval(&mut self, e: &Expr) -> EvalResult {
        Evaluator::eval(self, e)
    }

    fn eval_statements(&mut self, statements: &[Expr]) -> EvalResult {
        Evaluator::eval_statements(self, statements)
    }

    fn sandbox(&self) -> &crate::sandbox::Sandbox {
        &self.sandbox
    }

    fn modulepath(&self) -> &[std::path::PathBuf] {
        &self.modulepath
    }
}
