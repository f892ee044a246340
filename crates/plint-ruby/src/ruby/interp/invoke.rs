//! Calls in the Ruby subset: a call's arguments (splats, `&block`), a method call's receiver,
//! and calling blocks, procs and `def` methods (arity, binding parameters).

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use super::super::ast::*;
use super::eval::define_local;
use super::value::*;
use super::{Blk, Ctrl, Interp, R};

impl Interp<'_> {
    /// Evaluates call arguments: the values and a block passed with `&`.
    pub(crate) fn eval_args(&mut self, args: &[Node], env: &Env) -> R<(Vec<Value>, Option<Blk>)> {
        let mut blk = None;
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            if let NodeKind::BlockPass(inner) = &a.kind {
                blk = match inner {
                    None => self.block_stack.last().cloned().flatten(),
                    Some(e) => match self.eval(e, env)? {
                        Value::Sym(s) => Some(Blk::Sym(s.to_string())),
                        Value::Proc(p) => Some(Blk::Proc(p)),
                        Value::Opaque(o) if o.class == super::HOST_BLOCK => Some(Blk::Host(o)),
                        Value::Nil => None,
                        Value::Unknown(o) => return Err(Ctrl::Unknown((*o).clone())),
                        other => {
                            return self.raise(
                                "TypeError",
                                format!(
                                    "wrong argument type {} (expected Proc)",
                                    other.class_name()
                                ),
                            );
                        }
                    },
                };
            } else {
                let one = self.eval_list(std::slice::from_ref(a), env)?;
                vals.extend(one);
            }
        }
        Ok((vals, blk))
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn eval_call(
        &mut self,
        recv: Option<&Node>,
        name: &str,
        args: &[Node],
        block: Option<&Arc<Body>>,
        safe_nav: bool,
        vcall: bool,
        env: &Env,
    ) -> R<Value> {
        let _ = vcall;
        let recv_v = match recv {
            Some(r) => Some(self.eval(r, env)?),
            None => None,
        };
        if safe_nav && matches!(recv_v, Some(Value::Nil)) {
            return Ok(Value::Nil);
        }
        let (args_v, mut blk) = self.eval_args(args, env)?;
        let literal_block = block.is_some();
        if let Some(b) = block {
            blk = Some(Blk::Proc(Rc::new(Proc {
                body: b.clone(),
                env: env.clone(),
                lambda: false,
            })));
        }
        let line = self.line;
        let r = match recv_v {
            Some(rv) => self.call_method(rv, name, args_v, blk),
            None => self.call_function(name, args_v, blk, env),
        };
        self.line = line;
        match r {
            Err(Ctrl::Break(v)) if literal_block => Ok(v),
            other => other,
        }
    }

    /// Calls a block with arguments (Ruby's block argument rules).
    pub(crate) fn call_block(&mut self, blk: &Blk, args: Vec<Value>) -> R<Value> {
        self.step()?;
        match blk {
            Blk::Sym(name) => {
                let mut args = args;
                if args.is_empty() {
                    return self.raise("ArgumentError", "no receiver given");
                }
                let recv = args.remove(0);
                self.call_method(recv, name, args, None)
            }
            Blk::Proc(p) => self.call_proc(p, args, None),
            Blk::Host(o) => self.host_block(o, args),
        }
    }

    /// Calls a proc or lambda.
    pub(crate) fn call_proc(
        &mut self,
        p: &Rc<Proc>,
        args: Vec<Value>,
        blk: Option<Blk>,
    ) -> R<Value> {
        if self.block_stack.len() as u32 > self.budget.max_depth {
            return Err(Ctrl::Budget(format!(
                "more than {} nested calls",
                self.budget.max_depth
            )));
        }
        let frame: Env = Rc::new(RefCell::new(Frame {
            vars: Vec::new(),
            parent: Some(p.env.clone()),
        }));
        let params = &p.body.params;
        let mut args = args;
        if !p.lambda
            && args.len() == 1
            && (params.positional_count() > 1 || params.has_trailing_comma || params.numbered > 1)
            && let Value::Array(a) = &args[0]
        {
            let items = a.borrow().items.clone();
            args = items;
        }
        if p.lambda {
            self.check_arity(params, args.len())?;
        }
        self.bind_params(params, args, blk.clone(), &frame, !p.lambda)?;
        let r = match &p.body.body {
            Some(b) => self.eval(b, &frame),
            None => Ok(Value::Nil),
        };
        match r {
            Err(Ctrl::Next(v)) => Ok(v),
            Err(Ctrl::Return(v)) if p.lambda => Ok(v),
            other => other,
        }
    }

    /// Calls a method defined with `def`.
    pub(crate) fn call_def(
        &mut self,
        body: &Arc<Body>,
        args: Vec<Value>,
        blk: Option<Blk>,
    ) -> R<Value> {
        if self.block_stack.len() as u32 > self.budget.max_depth {
            return Err(Ctrl::Budget(format!(
                "more than {} nested calls",
                self.budget.max_depth
            )));
        }
        self.check_arity(&body.params, args.len())?;
        let frame: Env = Rc::new(RefCell::new(Frame::default()));
        self.bind_params(&body.params, args, blk.clone(), &frame, false)?;
        self.block_stack.push(blk);
        let saved_match = self.last_match.take();
        let r = match &body.body {
            Some(b) => self.eval(b, &frame),
            None => Ok(Value::Nil),
        };
        self.last_match = saved_match;
        self.block_stack.pop();
        match r {
            Err(Ctrl::Return(v)) => Ok(v),
            other => other,
        }
    }

    pub(super) fn check_arity(&self, params: &Params, given: usize) -> R<()> {
        let req = params.required.len() + params.post.len();
        let opt = params.optional.len();
        let has_kw_req = params.keywords.iter().any(|(_, d)| d.is_none());
        let _ = has_kw_req;
        if given < req || (params.rest.is_none() && given > req + opt) {
            let expected = if params.rest.is_some() {
                format!("{req}+")
            } else if opt > 0 {
                format!("{req}..{}", req + opt)
            } else {
                req.to_string()
            };
            // Keyword arguments come as a trailing hash: tolerate one extra.
            if !params.keywords.is_empty() && given == req + opt + 1 {
                return Ok(());
            }
            return self.raise(
                "ArgumentError",
                format!("wrong number of arguments (given {given}, expected {expected})"),
            );
        }
        Ok(())
    }

    pub(super) fn bind_params(
        &mut self,
        params: &Params,
        mut args: Vec<Value>,
        blk: Option<Blk>,
        frame: &Env,
        loose: bool,
    ) -> R<()> {
        if params.numbered > 0 {
            for i in 0..params.numbered as usize {
                let v = args.get(i).cloned().unwrap_or(Value::Nil);
                define_local(frame, &format!("_{}", i + 1), v);
            }
            return Ok(());
        }
        // Keywords from a trailing hash of symbols.
        if !params.keywords.is_empty() || params.keyword_rest.is_some() {
            let kw = match args.last() {
                Some(Value::Hash(h))
                    if h.borrow().map.keys().all(|k| matches!(k, HashKey::Sym(_))) =>
                {
                    let h = h.clone();
                    args.pop();
                    Some(h)
                }
                _ => None,
            };
            let mut rest = RHash::default();
            if let Some(h) = &kw {
                for (k, v) in h.borrow().map.values() {
                    rest.insert(k.clone(), v.clone());
                }
            }
            for (name, default) in &params.keywords {
                let key = Value::sym(name);
                let v = match rest.map.shift_remove(&key.hash_key()) {
                    Some((_, v)) => v,
                    None => match default {
                        Some(d) => self.eval(d, frame)?,
                        None => {
                            return self
                                .raise("ArgumentError", format!("missing keyword: :{name}"));
                        }
                    },
                };
                define_local(frame, name, v);
            }
            if let Some(Some(name)) = &params.keyword_rest {
                define_local(frame, name, Value::Hash(Rc::new(RefCell::new(rest))));
            }
        }
        let req = params.required.len();
        let post = params.post.len();
        let n = args.len();
        let mut i = 0;
        for p in &params.required {
            let v = if i < n { args[i].clone() } else { Value::Nil };
            i += 1;
            self.bind_target(p, v, frame);
        }
        let avail_opt = n.saturating_sub(req + post).min(params.optional.len());
        for (k, (name, default)) in params.optional.iter().enumerate() {
            let v = if k < avail_opt {
                let v = args[i].clone();
                i += 1;
                v
            } else {
                self.eval(default, frame)?
            };
            define_local(frame, name, v);
        }
        let rest_end = n.saturating_sub(post).max(i);
        if let Some(rest) = &params.rest {
            let items: Vec<Value> = if i < rest_end {
                args[i..rest_end].to_vec()
            } else {
                Vec::new()
            };
            i = rest_end;
            if let Some(name) = rest {
                define_local(frame, name, Value::array(items));
            }
        } else if loose {
            i = rest_end;
        }
        for p in &params.post {
            let v = if i < n { args[i].clone() } else { Value::Nil };
            i += 1;
            self.bind_target(p, v, frame);
        }
        if let Some(b) = &params.block {
            let v = match blk {
                Some(Blk::Proc(p)) => Value::Proc(p),
                Some(Blk::Sym(s)) => Value::sym(&s),
                Some(Blk::Host(o)) => Value::Opaque(o),
                None => Value::Nil,
            };
            define_local(frame, b, v);
        }
        Ok(())
    }

    pub(super) fn bind_target(&mut self, p: &ParamTarget, v: Value, frame: &Env) {
        match p {
            ParamTarget::Name(n) => define_local(frame, n, v),
            ParamTarget::Splat(n) => {
                if let Some(n) = n {
                    define_local(frame, n, Value::array(vec![v]));
                }
            }
            ParamTarget::Nested(list) => {
                let items = match &v {
                    Value::Array(a) => a.borrow().items.clone(),
                    other => vec![other.clone()],
                };
                let splat = list.iter().position(|t| matches!(t, ParamTarget::Splat(_)));
                match splat {
                    None => {
                        for (k, t) in list.iter().enumerate() {
                            self.bind_target(t, items.get(k).cloned().unwrap_or(Value::Nil), frame);
                        }
                    }
                    Some(s) => {
                        let after = list.len() - s - 1;
                        for (k, t) in list[..s].iter().enumerate() {
                            self.bind_target(t, items.get(k).cloned().unwrap_or(Value::Nil), frame);
                        }
                        let end = items.len().saturating_sub(after).max(s);
                        if let ParamTarget::Splat(Some(n)) = &list[s] {
                            let mid = if s < end {
                                items[s..end].to_vec()
                            } else {
                                Vec::new()
                            };
                            define_local(frame, n, Value::array(mid));
                        }
                        for (k, t) in list[s + 1..].iter().enumerate() {
                            self.bind_target(
                                t,
                                items.get(end + k).cloned().unwrap_or(Value::Nil),
                                frame,
                            );
                        }
                    }
                }
            }
        }
    }
}
