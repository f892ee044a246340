//! Calls without a receiver: a `def` method, Kernel's functions (`raise`, `require`, `format`,
//! `Integer()`, `loop`, `catch`...), Puppet's functions (`call_function`, `function_*`) and
//! the template's own methods.

use std::rc::Rc;

use super::super::CallStyle;
use super::call::{PURE_LIBRARIES, values_equal};
use super::value::*;
use super::{Blk, Ctrl, Interp, R};

impl Interp<'_> {
    /// A call with no receiver: a `def` method, `Kernel`, the template's own methods.
    pub(crate) fn call_function(
        &mut self,
        name: &str,
        args: Vec<Value>,
        blk: Option<Blk>,
        env: &Env,
    ) -> R<Value> {
        let _ = env;
        if let Some(body) = self.methods.get(name).cloned() {
            return self.call_def(&body, args, blk);
        }
        for a in &args {
            if !matches!(
                name,
                "raise" | "fail" | "p" | "puts" | "warn" | "print" | "pp" | "call_function"
            ) && let Some(o) = self.deep_unknown(a)
            {
                return Ok(Value::Unknown(Rc::new(o)));
            }
        }
        let a0 = args.first().cloned();
        match name {
            "raise" | "fail" => self.kernel_raise(&args),
            "compiler" if args.is_empty() => Ok(self.compiler_object()),
            "require" | "require_relative" | "load" => self.kernel_require(a0),
            "format" | "sprintf" => {
                let Some(f) = a0 else {
                    return self.raise("ArgumentError", "too few arguments");
                };
                let f = self.text(&f)?;
                let s = self.sprintf(&f, &args[1..])?;
                Ok(Value::str(s))
            }
            "puts" | "print" | "warn" | "pp" | "debug" | "info" | "notice" | "warning" | "err" => {
                Ok(Value::Nil)
            }
            // gettext: the text as written (Puppet's messages are not translated).
            "_" | "N_" => Ok(a0.unwrap_or(Value::Nil)),
            "n_" => {
                let n = args.get(2).cloned().unwrap_or(Value::Nil);
                Ok(match n {
                    Value::Int(1) => a0.unwrap_or(Value::Nil),
                    _ => args.get(1).cloned().unwrap_or(Value::Nil),
                })
            }
            "p" => Ok(match args.len() {
                0 => Value::Nil,
                1 => args[0].clone(),
                _ => Value::array(args),
            }),
            "Integer" => self.kernel_integer(&args),
            "Float" => self.kernel_float(&args),
            "String" => {
                let v = a0.unwrap_or(Value::Nil);
                self.stringify(&v)
            }
            "Array" => self.kernel_array(a0),
            "Hash" => self.kernel_hash(a0),
            "loop" => self.kernel_loop(blk),
            "lambda" | "proc" => self.kernel_proc(name, blk),
            "block_given?" => Ok(Value::Bool(
                self.block_stack.last().cloned().flatten().is_some(),
            )),
            "catch" => self.kernel_catch(a0, blk),
            "throw" => Err(Ctrl::Throw(
                a0.unwrap_or(Value::Nil),
                args.get(1).cloned().unwrap_or(Value::Nil),
            )),
            "call_function" => {
                let fname = self.text(&a0.unwrap_or(Value::Nil))?;
                self.host_call(&fname, args[1..].to_vec(), CallStyle::Function4x)
            }
            // `closure_scope` of a 4.x function; `self` of a 3.x function's block is Puppet's
            // scope, so its methods are called bare there.
            "scope" | "closure_scope" => Ok(Value::Scope),
            "lookupvar" | "setvar" => Ok(self.scope_method(name, &args)?.unwrap_or(Value::Nil)),
            "has_variable?" => {
                let n = self.text(&a0.unwrap_or(Value::Nil))?;
                Ok(Value::Bool(
                    self.host
                        .lookup_variable(&n)
                        .is_some_and(|v| !matches!(v, Value::Nil)),
                ))
            }
            "file" => Ok(match self.host.template_file() {
                Some(f) => Value::str(f),
                None => Value::Nil,
            }),
            "__method__" => Ok(Value::Nil),
            "freeze"
            | "frozen?"
            | "nil?"
            | "is_a?"
            | "kind_of?"
            | "class"
            | "respond_to?"
            | "instance_variable_get"
            | "send"
            | "public_send"
            | "tap"
            | "then" => Ok(self
                .object_method(&Value::Main, name, &args, blk.as_ref())?
                .unwrap_or(Value::Nil)),
            _ => {
                if let Some(f) = name.strip_prefix("function_") {
                    let list = match a0 {
                        Some(Value::Array(a)) => a.borrow().items.clone(),
                        Some(other) => vec![other],
                        None => Vec::new(),
                    };
                    return self.host_call(f, list, CallStyle::Function3x);
                }
                if blk.is_some() {
                    return Err(Ctrl::Unknown(self.origin(name.to_string())));
                }
                Ok(self.unknown(name.to_string()))
            }
        }
    }

    /// `require 'lib'`: a pure library plint models, or Puppet's own; another is unknown.
    fn kernel_require(&mut self, a0: Option<Value>) -> R<Value> {
        let lib = a0.map(|v| v.to_s()).unwrap_or_default();
        if PURE_LIBRARIES.contains(&lib.as_str())
            || lib == "puppet"
            || lib.starts_with("puppet/")
            || lib.starts_with("puppet_x/")
        {
            Ok(Value::Bool(true))
        } else {
            Err(Ctrl::Unknown(self.origin(format!("require '{lib}'"))))
        }
    }

    /// `Array(x)`.
    fn kernel_array(&mut self, a0: Option<Value>) -> R<Value> {
        Ok(match a0.unwrap_or(Value::Nil) {
            Value::Nil => Value::array(Vec::new()),
            Value::Array(a) => Value::Array(a),
            h @ Value::Hash(_) => Value::array(self.iterate(&h)?),
            r @ Value::Range(_) => Value::array(self.iterate(&r)?),
            other => Value::array(vec![other]),
        })
    }

    /// `Hash(x)`.
    fn kernel_hash(&mut self, a0: Option<Value>) -> R<Value> {
        Ok(match a0.unwrap_or(Value::Nil) {
            Value::Nil => Value::hash(Vec::new()),
            Value::Array(a) if a.borrow().items.is_empty() => Value::hash(Vec::new()),
            h @ Value::Hash(_) => h,
            other => {
                return self.raise(
                    "TypeError",
                    format!("can't convert {} into Hash", other.class_name()),
                );
            }
        })
    }

    /// `loop { ... }`: until `break` or StopIteration.
    fn kernel_loop(&mut self, blk: Option<Blk>) -> R<Value> {
        let Some(b) = blk else {
            return Ok(self.unknown("loop without a block"));
        };
        loop {
            self.step()?;
            match self.call_block(&b, Vec::new()) {
                Ok(_) => {}
                Err(Ctrl::Break(v)) => return Ok(v),
                Err(Ctrl::Raise(e, _)) if e.class == "StopIteration" => {
                    return Ok(Value::Nil);
                }
                Err(e) => return Err(e),
            }
        }
    }

    /// `lambda { ... }`, `proc { ... }`.
    fn kernel_proc(&mut self, name: &str, blk: Option<Blk>) -> R<Value> {
        match blk {
            Some(Blk::Proc(p)) => Ok(Value::Proc(if name == "lambda" {
                Rc::new(Proc {
                    body: p.body.clone(),
                    env: p.env.clone(),
                    lambda: true,
                })
            } else {
                p
            })),
            Some(Blk::Host(o)) => Ok(Value::Opaque(o)),
            _ => self.raise(
                "ArgumentError",
                "tried to create Proc object without a block",
            ),
        }
    }

    /// `catch(tag) { ... }`: the value thrown to the tag, or the block's.
    fn kernel_catch(&mut self, a0: Option<Value>, blk: Option<Blk>) -> R<Value> {
        let tag = a0.unwrap_or_else(|| Value::Int(self.steps as i64));
        let Some(b) = blk else {
            return Ok(self.unknown("catch without a block"));
        };
        match self.call_block(&b, vec![tag.clone()]) {
            Err(Ctrl::Throw(t, v))
                if values_equal(&t, &tag)
                    || t.identity() == tag.identity() && t.identity() != 0 =>
            {
                Ok(v)
            }
            other => other,
        }
    }

    fn kernel_raise(&mut self, args: &[Value]) -> R<Value> {
        let (class, message) = match args {
            [] => (
                "RuntimeError".to_string(),
                "unhandled exception".to_string(),
            ),
            [Value::Exception(e)] => (e.class.clone(), e.message.clone()),
            [Value::Class(c)] => (c.to_string(), c.to_string()),
            [Value::Class(c), m, ..] => (c.to_string(), self.text(m)?),
            [Value::Exception(e), m, ..] => (e.class.clone(), self.text(m)?),
            [Value::Str(s)] => ("RuntimeError".to_string(), s.borrow().text.clone()),
            [Value::Unknown(o), ..] => return Err(Ctrl::Unknown((**o).clone())),
            [other, ..] => {
                return self.raise(
                    "TypeError",
                    format!("exception class/object expected{}", {
                        let _ = other;
                        ""
                    }),
                );
            }
        };
        self.raise(&class, message)
    }

    fn kernel_integer(&mut self, args: &[Value]) -> R<Value> {
        let v = args.first().cloned().unwrap_or(Value::Nil);
        let exc = !matches!(args.last(), Some(Value::Hash(h)) if h.borrow().get(&Value::sym("exception")).is_some_and(|v| !v.truthy()));
        let base = match args.get(1) {
            Some(Value::Int(b)) if (2..=36).contains(b) => Some(*b as u32),
            Some(Value::Int(b)) => {
                return self.raise("ArgumentError", format!("invalid radix {b}"));
            }
            _ => None,
        };
        let r = match &v {
            Value::Int(_) | Value::Big(_) => Some(v.clone()),
            Value::Float(f) => {
                if f.is_nan() || f.is_infinite() {
                    return self.raise("FloatDomainError", crate::ruby_core::float::to_s(*f));
                }
                Some(super::numeric::float_to_int(*f))
            }
            Value::Str(s) => super::numeric::parse_integer_strict(&s.borrow().text, base),
            Value::Nil => {
                if exc {
                    return self.raise("TypeError", "can't convert nil into Integer");
                }
                return Ok(Value::Nil);
            }
            _ => None,
        };
        match r {
            Some(v) => Ok(v),
            None if !exc => Ok(Value::Nil),
            None => self.raise(
                "ArgumentError",
                format!("invalid value for Integer(): {}", v.inspect()),
            ),
        }
    }

    fn kernel_float(&mut self, args: &[Value]) -> R<Value> {
        let v = args.first().cloned().unwrap_or(Value::Nil);
        match &v {
            Value::Int(i) => Ok(Value::Float(*i as f64)),
            Value::Float(_) => Ok(v),
            Value::Str(s) => {
                let t = s.borrow().text.clone();
                match super::numeric::parse_float_strict(&t) {
                    Some(f) => Ok(Value::Float(f)),
                    None => self.raise(
                        "ArgumentError",
                        format!("invalid value for Float(): {}", v.inspect()),
                    ),
                }
            }
            Value::Nil => self.raise("TypeError", "can't convert nil into Float"),
            _ => Ok(self.unknown("Float()")),
        }
    }
}
