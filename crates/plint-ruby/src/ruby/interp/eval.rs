//! Evaluation of the nodes: variables, literals, control flow, assignments, blocks.

use std::cell::RefCell;
use std::rc::Rc;

use super::super::ast::*;
use super::value::*;
use super::{Ctrl, Interp, R};

impl Interp<'_> {
    /// Evaluates a node.
    pub(crate) fn eval(&mut self, n: &Node, env: &Env) -> R<Value> {
        self.step()?;
        self.depth += 1;
        if self.depth > self.budget.max_depth.saturating_mul(16) {
            self.depth -= 1;
            return Err(Ctrl::Budget("nesting too deep".into()));
        }
        let r = stacker::maybe_grow(256 * 1024, 4 * 1024 * 1024, || self.eval_inner(n, env));
        self.depth -= 1;
        r
    }

    fn set_line(&mut self, span: Span) {
        self.line = self.program.line_of(span.start);
    }

    /// A condition's truth; an unknown condition makes the run unknown.
    pub(crate) fn truth(&self, v: &Value) -> R<bool> {
        match v {
            Value::Unknown(o) => Err(Ctrl::Unknown((**o).clone())),
            Value::Str(s) => {
                // A string is true whatever its text.
                let _ = s;
                Ok(true)
            }
            v => Ok(v.truthy()),
        }
    }

    fn eval_opt(&mut self, n: &Option<Box<Node>>, env: &Env) -> R<Value> {
        match n {
            Some(n) => self.eval(n, env),
            None => Ok(Value::Nil),
        }
    }

    fn eval_inner(&mut self, n: &Node, env: &Env) -> R<Value> {
        use NodeKind as K;
        match &n.kind {
            K::Nil => Ok(Value::Nil),
            K::True => Ok(Value::Bool(true)),
            K::False => Ok(Value::Bool(false)),
            K::SelfRef => Ok(Value::Main),
            K::Int(i) => Ok(Value::Int(*i)),
            K::BigInt(s) => Ok(s
                .parse::<num_bigint::BigInt>()
                .map(|b| Value::Big(Rc::new(b)))
                .unwrap_or(Value::Nil)),
            K::Float(f) => Ok(Value::Float(*f)),
            K::Str { text, frozen } => Ok(if *frozen {
                Value::frozen_str(text.clone())
            } else {
                Value::str(text.clone())
            }),
            K::Interp(parts) => {
                let s = self.interp_parts(parts, env)?;
                Ok(s)
            }
            K::Sym(s) => Ok(Value::sym(s)),
            K::DSym(parts) => {
                let v = self.interp_parts(parts, env)?;
                match v.unknown_origin() {
                    Some(_) => Ok(v),
                    None => Ok(Value::sym(&v.to_s())),
                }
            }
            K::Regex { parts, flags } => self.eval_regex(n, parts, flags, env),
            K::Array(items) => {
                let v = self.eval_list(items, env)?;
                self.check_len(v.len())?;
                Ok(Value::array(v))
            }
            K::Hash(pairs) => self.eval_hash(pairs, env),
            K::Splat(inner) => self.eval(inner, env),
            K::DoubleSplat(inner) => self.eval(inner, env),
            K::BlockPass(_) => Ok(Value::Nil),
            K::Range { lo, hi, exclusive } => self.eval_range(lo, hi, exclusive, env),
            K::Local(name) => Ok(lookup(env, name).unwrap_or(Value::Nil)),
            K::Ivar(name) => Ok(self.ivar(name)),
            K::Global(name) => Ok(self.global(name)),
            K::NthRef(i) => Ok(match &self.last_match {
                Some(m) => m.group(*i as usize).map(Value::str).unwrap_or(Value::Nil),
                None => Value::Nil,
            }),
            K::BackRef(c) => self.back_ref(c),
            K::Const(path) => {
                self.set_line(n.span);
                Ok(self.constant(path))
            }
            K::Assign(t, v) => {
                self.set_line(n.span);
                let v = self.eval(v, env)?;
                self.assign(t, v.clone(), env)?;
                Ok(v)
            }
            K::OpAssign { target, op, value } => {
                self.set_line(n.span);
                self.op_assign(target, op, value, env)
            }
            K::MultiAssign(targets, value) => self.multi_assign(n, targets, value, env),
            K::Call {
                recv,
                name,
                args,
                block,
                safe_nav,
                vcall,
            } => {
                self.set_line(n.span);
                self.eval_call(
                    recv.as_deref(),
                    name,
                    args,
                    block.as_ref(),
                    *safe_nav,
                    *vcall,
                    env,
                )
            }
            K::And(a, b) => self.eval_and(a, b, env),
            K::Or(a, b) => self.eval_or(a, b, env),
            K::Not(a) => self.eval_not(a, env),
            K::Defined(inner) => Ok(self.defined(inner, env)),
            K::If {
                cond,
                then,
                otherwise,
            } => self.eval_if(cond, then, otherwise, env),
            K::While {
                cond,
                body,
                negate,
                do_while,
            } => self.eval_while(cond, body, negate, do_while, env),
            K::For { target, iter, body } => self.eval_for(target, iter, body, env),
            K::Case {
                subject,
                whens,
                otherwise,
            } => self.eval_case(subject, whens, otherwise, env),
            K::Seq(v) => {
                let mut last = Value::Nil;
                for n in v {
                    last = self.eval(n, env)?;
                }
                Ok(last)
            }
            K::Begin {
                body,
                rescues,
                otherwise,
                ensure,
            } => self.eval_begin(body, rescues, otherwise, ensure, env),
            K::RescueMod(a, b) => self.rescue_modifier(a, b, env),
            K::Def(name, body) => {
                self.methods.insert(name.clone(), body.clone());
                Ok(Value::sym(name))
            }
            K::Lambda(body) => Ok(Value::Proc(Rc::new(Proc {
                body: body.clone(),
                env: env.clone(),
                lambda: true,
            }))),
            K::Return(v) => Err(Ctrl::Return(self.eval_opt(v, env)?)),
            K::Break(v) => Err(Ctrl::Break(self.eval_opt(v, env)?)),
            K::Next(v) => Err(Ctrl::Next(self.eval_opt(v, env)?)),
            K::Yield(args) => self.eval_yield(n, args, env),
            K::MatchWrite { call, names } => self.match_write(call, names, env),
            K::Module { path, .. } => {
                self.set_line(n.span);
                Ok(self.unknown(format!("module {}", path.join("::"))))
            }
            K::Class { path, .. } => {
                self.set_line(n.span);
                Ok(self.unknown(format!("class {}", path.join("::"))))
            }
            K::Unsupported(what) => {
                self.set_line(n.span);
                Ok(self.unknown(what.clone()))
            }
        }
    }

    /// A regexp literal (interpolated parts, flags).
    fn eval_regex(&mut self, n: &Node, parts: &[Part], flags: &RegexFlags, env: &Env) -> R<Value> {
        self.set_line(n.span);
        let mut src = String::new();
        for p in parts {
            match p {
                Part::Str(s) => src.push_str(s),
                Part::Code(c) => {
                    let v = self.eval(c, env)?;
                    if let Some(o) = v.unknown_origin() {
                        return Ok(Value::Unknown(Rc::new(o)));
                    }
                    match &v {
                        Value::Regexp(r) => src.push_str(&r.to_s()),
                        _ => src.push_str(&self.text(&v)?),
                    }
                }
            }
        }
        Ok(Value::Regexp(self.regexp(&src, *flags)?))
    }

    /// A hash literal (`**h` merged in).
    fn eval_hash(&mut self, pairs: &[(Node, Node)], env: &Env) -> R<Value> {
        let mut h = RHash::default();
        for (k, v) in pairs {
            if let NodeKind::DoubleSplat(inner) = &k.kind {
                let other = self.eval(inner, env)?;
                match other {
                    Value::Hash(o) => {
                        for (_, (k, v)) in o.borrow().map.iter() {
                            h.insert(k.clone(), v.clone());
                        }
                    }
                    Value::Nil => {}
                    Value::Unknown(o) => return Ok(Value::Unknown(o)),
                    other => {
                        return self.raise(
                            "TypeError",
                            format!("no implicit conversion of {} into Hash", other.class_name()),
                        );
                    }
                }
                continue;
            }
            let kv = self.eval(k, env)?;
            if let Value::Unknown(o) = &kv {
                return Ok(Value::Unknown(o.clone()));
            }
            let vv = self.eval(v, env)?;
            h.insert(kv, vv);
        }
        Ok(Value::Hash(Rc::new(RefCell::new(h))))
    }

    /// `$~`, `$&`, `` $` ``, `$'`, `$+`: the last match.
    fn back_ref(&mut self, c: &char) -> R<Value> {
        Ok(match (&self.last_match, c) {
            (Some(m), '~') => Value::Match(m.clone()),
            (Some(m), '&') => m.group(0).map(Value::str).unwrap_or(Value::Nil),
            (Some(m), '`') => m
                .groups
                .first()
                .copied()
                .flatten()
                .map(|(a, _)| Value::str(&m.subject[..a]))
                .unwrap_or(Value::Nil),
            (Some(m), '\'') => m
                .groups
                .first()
                .copied()
                .flatten()
                .map(|(_, b)| Value::str(&m.subject[b..]))
                .unwrap_or(Value::Nil),
            (Some(m), '+') => (1..m.groups.len())
                .rev()
                .find_map(|i| m.group(i))
                .map(Value::str)
                .unwrap_or(Value::Nil),
            _ => Value::Nil,
        })
    }

    /// `while`, `until` (and their `begin ... end while` forms).
    fn eval_while(
        &mut self,
        cond: &Node,
        body: &Option<Box<Node>>,
        negate: &bool,
        do_while: &bool,
        env: &Env,
    ) -> R<Value> {
        let mut first = *do_while;
        loop {
            if !first {
                let c = self.eval(cond, env)?;
                if self.truth(&c)? == *negate {
                    break;
                }
            }
            first = false;
            match self.eval_opt(body, env) {
                Ok(_) | Err(Ctrl::Next(_)) => {}
                Err(Ctrl::Break(v)) => return Ok(v),
                Err(e) => return Err(e),
            }
        }
        Ok(Value::Nil)
    }

    /// `case ... when ... else ... end`.
    fn eval_case(
        &mut self,
        subject: &Option<Box<Node>>,
        whens: &[(Vec<Node>, Option<Node>)],
        otherwise: &Option<Box<Node>>,
        env: &Env,
    ) -> R<Value> {
        let subj = match subject {
            Some(s) => Some(self.eval(s, env)?),
            None => None,
        };
        for (conds, body) in whens {
            for c in conds {
                let hit = if let NodeKind::Splat(inner) = &c.kind {
                    let list = self.eval(inner, env)?;
                    let mut any = false;
                    for v in self.iterate(&list)? {
                        if self.case_hit(&v, subj.as_ref())? {
                            any = true;
                            break;
                        }
                    }
                    any
                } else {
                    let v = self.eval(c, env)?;
                    self.case_hit(&v, subj.as_ref())?
                };
                if hit {
                    return match body {
                        Some(b) => self.eval(b, env),
                        None => Ok(Value::Nil),
                    };
                }
            }
        }
        self.eval_opt(otherwise, env)
    }

    /// `begin ... rescue ... else ... ensure ... end`.
    fn eval_begin(
        &mut self,
        body: &Option<Box<Node>>,
        rescues: &[Rescue],
        otherwise: &Option<Box<Node>>,
        ensure: &Option<Box<Node>>,
        env: &Env,
    ) -> R<Value> {
        let r = self.eval_opt(body, env);
        let r = match r {
            Err(Ctrl::Raise(exc, line)) => self.rescue(exc, line, rescues, env),
            Ok(v) => match otherwise {
                Some(o) => self.eval(o, env),
                None => Ok(v),
            },
            other => other,
        };
        if let Some(e) = ensure {
            self.eval(e, env)?;
        }
        r
    }

    /// A range literal (`a..b`, `a...b`, endless and beginless).
    fn eval_range(
        &mut self,
        lo: &Option<Box<Node>>,
        hi: &Option<Box<Node>>,
        exclusive: &bool,
        env: &Env,
    ) -> R<Value> {
        let lo = self.eval_opt(lo, env)?;
        let hi = self.eval_opt(hi, env)?;
        for v in [&lo, &hi] {
            if let Value::Unknown(o) = v {
                return Ok(Value::Unknown(o.clone()));
            }
        }
        Ok(Value::Range(Rc::new(RRange {
            lo,
            hi,
            exclusive: *exclusive,
        })))
    }

    /// `a, b = ...`.
    fn multi_assign(&mut self, n: &Node, targets: &[Target], value: &Node, env: &Env) -> R<Value> {
        self.set_line(n.span);
        let v = self.eval(value, env)?;
        let items = match &v {
            Value::Array(a) => a.borrow().items.clone(),
            Value::Unknown(_) => {
                for t in targets {
                    self.assign(t, v.clone(), env)?;
                }
                return Ok(v);
            }
            other => vec![other.clone()],
        };
        self.destructure(targets, items, env)?;
        Ok(v)
    }

    /// `if`, `unless`, the ternary.
    fn eval_if(
        &mut self,
        cond: &Node,
        then: &Option<Box<Node>>,
        otherwise: &Option<Box<Node>>,
        env: &Env,
    ) -> R<Value> {
        let c = self.eval(cond, env)?;
        if self.truth(&c)? {
            self.eval_opt(then, env)
        } else {
            self.eval_opt(otherwise, env)
        }
    }

    /// `for x in ... end`.
    fn eval_for(
        &mut self,
        target: &Target,
        iter: &Node,
        body: &Option<Box<Node>>,
        env: &Env,
    ) -> R<Value> {
        let coll = self.eval(iter, env)?;
        let items = self.iterate(&coll)?;
        for item in items {
            self.step()?;
            self.assign(target, item, env)?;
            match self.eval_opt(body, env) {
                Ok(_) | Err(Ctrl::Next(_)) => {}
                Err(Ctrl::Break(v)) => return Ok(v),
                Err(e) => return Err(e),
            }
        }
        Ok(coll)
    }

    /// `yield`: the block of the method running.
    fn eval_yield(&mut self, n: &Node, args: &[Node], env: &Env) -> R<Value> {
        self.set_line(n.span);
        let args = self.eval_args(args, env)?.0;
        let blk = self.block_stack.last().cloned().flatten();
        match blk {
            Some(b) => self.call_block(&b, args),
            None => self.raise("LocalJumpError", "no block given (yield)"),
        }
    }

    /// `/(?<name>...)/ =~ s`: the named groups set local variables.
    fn match_write(&mut self, call: &Node, names: &[String], env: &Env) -> R<Value> {
        let v = self.eval(call, env)?;
        let m = self.last_match.clone();
        for name in names {
            let val = match &m {
                Some(m) if v.truthy() => m
                    .names
                    .iter()
                    .find(|(n, _)| n == name)
                    .and_then(|(_, i)| m.group(*i))
                    .map(Value::str)
                    .unwrap_or(Value::Nil),
                _ => Value::Nil,
            };
            set_local(env, name, val);
        }
        Ok(v)
    }

    /// `a && b`, `a and b`.
    fn eval_and(&mut self, a: &Node, b: &Node, env: &Env) -> R<Value> {
        let l = self.eval(a, env)?;
        if self.truth(&l)? {
            self.eval(b, env)
        } else {
            Ok(l)
        }
    }

    /// `a || b`, `a or b`.
    fn eval_or(&mut self, a: &Node, b: &Node, env: &Env) -> R<Value> {
        let l = self.eval(a, env)?;
        if self.truth(&l)? {
            Ok(l)
        } else {
            self.eval(b, env)
        }
    }

    /// `!a`, `not a` (unknown stays unknown).
    fn eval_not(&mut self, a: &Node, env: &Env) -> R<Value> {
        let v = self.eval(a, env)?;
        if let Value::Unknown(o) = v {
            return Ok(Value::Unknown(o));
        }
        Ok(Value::Bool(!v.truthy()))
    }

    /// `a rescue b`.
    fn rescue_modifier(&mut self, a: &Node, b: &Node, env: &Env) -> R<Value> {
        match self.eval(a, env) {
            Err(Ctrl::Raise(e, _)) if is_a_class(&e.class, "StandardError") => {
                self.globals.insert("!".into(), Value::Exception(e));
                self.eval(b, env)
            }
            other => other,
        }
    }

    fn rescue(&mut self, exc: Rc<Exception>, line: u32, rescues: &[Rescue], env: &Env) -> R<Value> {
        for r in rescues {
            let mut hit = r.classes.is_empty() && is_a_class(&exc.class, "StandardError");
            for c in &r.classes {
                let cv = self.eval(c, env)?;
                let list = match &cv {
                    Value::Array(a) => a.borrow().items.clone(),
                    other => vec![other.clone()],
                };
                for cv in list {
                    match cv {
                        Value::Class(name) if is_a_class(&exc.class, &name) => hit = true,
                        Value::Unknown(o) => return Err(Ctrl::Unknown((*o).clone())),
                        _ => {}
                    }
                }
            }
            if hit {
                if let Some(t) = &r.var {
                    self.assign(t, Value::Exception(exc.clone()), env)?;
                }
                self.globals
                    .insert("!".into(), Value::Exception(exc.clone()));
                return match &r.body {
                    Some(b) => self.eval(b, env),
                    None => Ok(Value::Nil),
                };
            }
        }
        Err(Ctrl::Raise(exc, line))
    }

    fn case_hit(&mut self, pattern: &Value, subject: Option<&Value>) -> R<bool> {
        match subject {
            None => self.truth(pattern),
            Some(s) => {
                let v = self.call_method(pattern.clone(), "===", vec![s.clone()], None)?;
                self.truth(&v)
            }
        }
    }

    /// Evaluates interpolation parts to a new string (unknown if a part is).
    fn interp_parts(&mut self, parts: &[Part], env: &Env) -> R<Value> {
        let mut s = String::new();
        for p in parts {
            match p {
                Part::Str(t) => s.push_str(t),
                Part::Code(c) => {
                    let v = self.eval(c, env)?;
                    if let Some(o) = v.unknown_origin() {
                        return Ok(Value::Unknown(Rc::new(o)));
                    }
                    let t = self.stringify(&v)?;
                    if let Some(o) = t.unknown_origin() {
                        return Ok(Value::Unknown(Rc::new(o)));
                    }
                    s.push_str(&t.to_s());
                    self.check_str_size(s.len())?;
                }
            }
        }
        self.charge(s.len())?;
        Ok(Value::str(s))
    }

    /// `v.to_s` (through the methods, for values that define it).
    pub(crate) fn stringify(&mut self, v: &Value) -> R<Value> {
        match v {
            Value::Opaque(o) if super::puppet_files::is_puppet_object(o) => {
                let o = o.clone();
                self.puppet_object_method(&o, "to_s", &[])
            }
            Value::Str(_) => Ok(v.clone()),
            Value::Unknown(_) => Ok(v.clone()),
            Value::Array(_) | Value::Hash(_) => {
                if let Some(o) = self.deep_unknown(v) {
                    return Ok(Value::Unknown(Rc::new(o)));
                }
                Ok(Value::str(v.inspect()))
            }
            other => Ok(Value::str(other.to_s())),
        }
    }

    /// The text of a value for a string operation; an unknown makes the run unknown.
    pub(crate) fn text(&self, v: &Value) -> R<String> {
        if let Some(o) = self.deep_unknown(v) {
            return Err(Ctrl::Unknown(o));
        }
        if let Value::Opaque(o) = v
            && super::puppet_files::is_puppet_object(o)
            && (o.class != "Puppet::Node::Environment" || o.text.is_empty())
        {
            return Err(Ctrl::Unknown(self.origin(o.class.clone())));
        }
        Ok(v.to_s())
    }

    /// The first unknown in a value, looking into arrays and hashes.
    pub(crate) fn deep_unknown(&self, v: &Value) -> Option<Origin> {
        fn walk(v: &Value, depth: u32) -> Option<Origin> {
            if depth > 64 {
                return None;
            }
            match v {
                Value::Unknown(o) => Some((**o).clone()),
                Value::Str(s) => s.borrow().unknown.clone(),
                Value::Array(a) => a.borrow().items.iter().find_map(|x| walk(x, depth + 1)),
                Value::Hash(h) | Value::Set(h) => h
                    .borrow()
                    .map
                    .values()
                    .find_map(|(k, x)| walk(k, depth + 1).or_else(|| walk(x, depth + 1))),
                _ => None,
            }
        }
        walk(v, 0)
    }

    /// Ruby's `*v`: an Array's items, a Hash's `[key, value]` pairs, a Range's members, nothing
    /// for `nil`, else `v` itself.
    pub(crate) fn splat_into(&mut self, v: &Value, out: &mut Vec<Value>) -> R<()> {
        match v {
            Value::Array(a) => out.extend(a.borrow().items.iter().cloned()),
            Value::Nil => {}
            Value::Hash(h) => out.extend(
                h.borrow()
                    .map
                    .values()
                    .map(|(k, v)| Value::array(vec![k.clone(), v.clone()])),
            ),
            Value::Range(_) => out.extend(self.iterate(v)?),
            other => out.push(other.clone()),
        }
        Ok(())
    }

    /// Evaluates a list of elements with splats.
    pub(crate) fn eval_list(&mut self, items: &[Node], env: &Env) -> R<Vec<Value>> {
        let mut out = Vec::with_capacity(items.len());
        for it in items {
            if let NodeKind::Splat(inner) = &it.kind {
                let v = self.eval(inner, env)?;
                self.splat_into(&v, &mut out)?;
            } else {
                out.push(self.eval(it, env)?);
            }
        }
        Ok(out)
    }

    /// Assigns `v` to a target.
    pub(crate) fn assign(&mut self, t: &Target, v: Value, env: &Env) -> R<()> {
        match t {
            Target::Local(n) => set_local(env, n, v),
            Target::Ivar(n) => {
                self.ivars.insert(n.clone(), v);
            }
            Target::Global(n) => {
                self.globals.insert(n.clone(), v);
            }
            Target::Index { recv, args } => {
                let r = self.eval(recv, env)?;
                let mut a = self.eval_list(args, env)?;
                a.push(v);
                self.call_method(r, "[]=", a, None)?;
            }
            Target::Attr { recv, name } => {
                let r = self.eval(recv, env)?;
                self.call_method(r, &format!("{name}="), vec![v], None)?;
            }
            Target::Splat(inner) => {
                if let Some(inner) = inner {
                    let arr = match &v {
                        Value::Array(_) => v.clone(),
                        other => Value::array(vec![other.clone()]),
                    };
                    self.assign(inner, arr, env)?;
                }
            }
            Target::Nested(list) => {
                let items = match &v {
                    Value::Array(a) => a.borrow().items.clone(),
                    other => vec![other.clone()],
                };
                self.destructure(list, items, env)?;
            }
            Target::Const(n) => {
                return Err(Ctrl::Unknown(
                    self.origin(format!("assignment of constant {n}")),
                ));
            }
            Target::Unsupported(what) => {
                return Err(Ctrl::Unknown(self.origin(format!("assignment to {what}"))));
            }
        }
        Ok(())
    }

    fn destructure(&mut self, targets: &[Target], items: Vec<Value>, env: &Env) -> R<()> {
        let splat = targets.iter().position(|t| matches!(t, Target::Splat(_)));
        match splat {
            None => {
                for (k, t) in targets.iter().enumerate() {
                    self.assign(t, items.get(k).cloned().unwrap_or(Value::Nil), env)?;
                }
            }
            Some(s) => {
                let after = targets.len() - s - 1;
                for (k, t) in targets[..s].iter().enumerate() {
                    self.assign(t, items.get(k).cloned().unwrap_or(Value::Nil), env)?;
                }
                let end = items.len().saturating_sub(after).max(s);
                let mid = if s < end {
                    items[s..end].to_vec()
                } else {
                    Vec::new()
                };
                self.assign(&targets[s], Value::array(mid), env)?;
                for (k, t) in targets[s + 1..].iter().enumerate() {
                    self.assign(t, items.get(end + k).cloned().unwrap_or(Value::Nil), env)?;
                }
            }
        }
        Ok(())
    }

    fn read_target(&mut self, t: &Target, env: &Env) -> R<Value> {
        match t {
            Target::Local(n) => Ok(lookup(env, n).unwrap_or(Value::Nil)),
            Target::Ivar(n) => Ok(self.ivar(n)),
            Target::Global(n) => Ok(self.global(n)),
            Target::Index { recv, args } => {
                let r = self.eval(recv, env)?;
                let a = self.eval_list(args, env)?;
                self.call_method(r, "[]", a, None)
            }
            Target::Attr { recv, name } => {
                let r = self.eval(recv, env)?;
                self.call_method(r, name, Vec::new(), None)
            }
            Target::Const(n) => Ok(self.constant(std::slice::from_ref(n))),
            _ => Ok(self.unknown("compound assignment")),
        }
    }

    fn op_assign(&mut self, target: &Target, op: &str, value: &Node, env: &Env) -> R<Value> {
        // Index and attribute targets evaluate their receiver once.
        let (target, env2) = match target {
            Target::Index { recv, args } => {
                let r = self.eval(recv, env)?;
                let a = self.eval_list(args, env)?;
                let tmp: Env = Rc::new(RefCell::new(Frame {
                    vars: Vec::new(),
                    parent: Some(env.clone()),
                }));
                set_local(&tmp, "\0recv", r);
                let mut arg_nodes = Vec::new();
                for (k, v) in a.into_iter().enumerate() {
                    let name = format!("\0arg{k}");
                    set_local(&tmp, &name, v);
                    arg_nodes.push(Node::new(NodeKind::Local(name), Span::default()));
                }
                (
                    Target::Index {
                        recv: Box::new(Node::new(
                            NodeKind::Local("\0recv".into()),
                            Span::default(),
                        )),
                        args: arg_nodes,
                    },
                    tmp,
                )
            }
            other => (other.clone(), env.clone()),
        };
        let cur = self.read_target(&target, &env2)?;
        let v = match op {
            "||" => {
                if self.truth(&cur)? {
                    return Ok(cur);
                }
                self.eval(value, env)?
            }
            "&&" => {
                if !self.truth(&cur)? {
                    return Ok(cur);
                }
                self.eval(value, env)?
            }
            _ => {
                let rhs = self.eval(value, env)?;
                self.call_method(cur, op, vec![rhs], None)?
            }
        };
        self.assign(&target, v.clone(), &env2)?;
        Ok(v)
    }

    fn defined(&mut self, n: &Node, env: &Env) -> Value {
        let what = match &n.kind {
            NodeKind::Local(_) => Some("local-variable"),
            NodeKind::Ivar(name) => {
                if self.ivars.contains_key(name) || self.host.instance_variable(name).is_some() {
                    Some("instance-variable")
                } else {
                    None
                }
            }
            NodeKind::Global(g) => self.globals.contains_key(g).then_some("global-variable"),
            NodeKind::Const(p) => match self.constant(p) {
                Value::Unknown(_) => None,
                _ => Some("constant"),
            },
            NodeKind::Call {
                recv: None, name, ..
            } => (self.methods.contains_key(name) || super::call::is_kernel(name))
                .then_some("method"),
            NodeKind::Call { .. } => Some("method"),
            NodeKind::Nil => Some("expression"),
            NodeKind::SelfRef => Some("self"),
            NodeKind::Yield(_) => self.block_stack.last().cloned().flatten().map(|_| "yield"),
            _ => Some("expression"),
        };
        let _ = env;
        match what {
            Some(w) => Value::str(w),
            None => Value::Nil,
        }
    }

    /// `@name`: assigned by the code, else the host's variable, else nil.
    fn ivar(&mut self, name: &str) -> Value {
        if let Some(v) = self.ivars.get(name) {
            return v.clone();
        }
        let v = self.host.instance_variable(name).unwrap_or(Value::Nil);
        self.ivars.insert(name.to_string(), v.clone());
        v
    }

    fn global(&mut self, name: &str) -> Value {
        if let Some(v) = self.globals.get(name) {
            return v.clone();
        }
        match name {
            "," | "/" | ";" => Value::Nil,
            "stdout" | "stderr" | "stdin" | "0" | "PROGRAM_NAME" | "LOAD_PATH" | ":" => {
                self.unknown(format!("${name}"))
            }
            _ => Value::Nil,
        }
    }

    /// Iterates a collection's elements (arrays, hashes as pairs, ranges of integers).
    pub(crate) fn iterate(&mut self, v: &Value) -> R<Vec<Value>> {
        match v {
            Value::Array(a) => Ok(a.borrow().items.clone()),
            Value::Hash(h) => Ok(h
                .borrow()
                .map
                .values()
                .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
                .collect()),
            Value::Set(h) => Ok(h.borrow().map.values().map(|(k, _)| k.clone()).collect()),
            Value::Range(r) => self.range_items(r),
            Value::Unknown(o) => Err(Ctrl::Unknown((**o).clone())),
            Value::Nil => self.raise("NoMethodError", "undefined method `each' for nil:NilClass"),
            other => Err(Ctrl::Unknown(
                self.origin(format!("iteration over {}", other.class_name())),
            )),
        }
    }
}

/// A local variable, looked up through the enclosing scopes.
pub(crate) fn lookup(env: &Env, name: &str) -> Option<Value> {
    let f = env.borrow();
    if let Some((_, v)) = f.vars.iter().rev().find(|(n, _)| n == name) {
        return Some(v.clone());
    }
    match &f.parent {
        Some(p) => lookup(p, name),
        None => None,
    }
}

/// Sets a local: where it is already defined, else in the innermost scope.
pub(crate) fn set_local(env: &Env, name: &str, v: Value) {
    fn find_set(env: &Env, name: &str, v: &Value) -> bool {
        let mut f = env.borrow_mut();
        if let Some(slot) = f.vars.iter_mut().find(|(n, _)| n == name) {
            slot.1 = v.clone();
            return true;
        }
        match f.parent.clone() {
            Some(p) => {
                drop(f);
                find_set(&p, name, v)
            }
            None => false,
        }
    }
    if !find_set(env, name, &v) {
        env.borrow_mut().vars.push((name.to_string(), v));
    }
}

/// Is an exception of class `class` an instance of `ancestor`?
pub(crate) fn is_a_class(class: &str, ancestor: &str) -> bool {
    let mut c = class.to_string();
    for _ in 0..16 {
        if c == ancestor {
            return true;
        }
        match super::misc::superclass(&c) {
            Some(p) => c = p.to_string(),
            None => return false,
        }
    }
    false
}

/// Defines a local in the innermost scope (a parameter shadows an outer variable).
pub(crate) fn define_local(env: &Env, name: &str, v: Value) {
    let mut f = env.borrow_mut();
    if let Some(slot) = f.vars.iter_mut().find(|(n, _)| n == name) {
        slot.1 = v;
    } else {
        f.vars.push((name.to_string(), v));
    }
}
