//! `Kernel#format` / `String#%` of the interpreter's values, through the one implementation
//! of Ruby's `format` ([`crate::ruby_core::sprintf`]).

use std::rc::Rc;

use num_bigint::BigInt;

use crate::ruby_core::sprintf::{Arg, Error, View};

use super::value::*;
use super::{Interp, R};

/// An argument, its conversions done by the interpreter (a `to_s` may run Ruby code).
#[derive(Clone)]
enum FormatArg {
    Nil,
    Bool(bool),
    Int(BigInt),
    Float(f64),
    Str(String),
    /// A hash's values at symbol keys, and its `inspect`.
    Hash(Rc<Vec<(Rc<str>, FormatArg)>>, String),
    Other {
        class: String,
        to_s: String,
        inspect: String,
    },
}

impl Arg for FormatArg {
    fn view(&self) -> View<Self> {
        match self {
            FormatArg::Nil => View::Nil,
            FormatArg::Bool(b) => View::Bool(*b),
            FormatArg::Int(i) => View::Int(i.clone()),
            FormatArg::Float(f) => View::Float(*f),
            FormatArg::Str(s) => View::Str(s.clone()),
            FormatArg::Hash(pairs, _) => {
                let pairs = pairs.clone();
                View::Hash(Box::new(move |k| {
                    pairs
                        .iter()
                        .find(|(name, _)| &**name == k)
                        .map(|(_, v)| v.clone())
                }))
            }
            FormatArg::Other {
                class,
                to_s,
                inspect,
            } => View::Other {
                class: class.clone(),
                to_s: to_s.clone(),
                inspect: inspect.clone(),
            },
        }
    }

    fn inspect(&self) -> String {
        match self {
            FormatArg::Nil => "nil".into(),
            FormatArg::Bool(b) => b.to_string(),
            FormatArg::Int(i) => i.to_string(),
            FormatArg::Float(f) => crate::ruby_core::float::to_s(*f),
            FormatArg::Str(s) => crate::ruby_core::inspect::inspect(s),
            FormatArg::Hash(_, inspect) | FormatArg::Other { inspect, .. } => inspect.clone(),
        }
    }
}

impl Interp<'_> {
    pub(crate) fn sprintf(&mut self, fmt: &str, args: &[Value]) -> R<String> {
        for a in args {
            if let Some(o) = self.deep_unknown(a) {
                return Err(super::Ctrl::Unknown(o));
            }
        }
        let mut converted = Vec::with_capacity(args.len());
        for a in args {
            converted.push(self.format_arg(a, true)?);
        }
        match crate::ruby_core::sprintf::sprintf(fmt, &converted, self.budget.max_string) {
            Ok(text) => {
                self.check_str_size(text.len())?;
                Ok(text)
            }
            Err(Error::Raise { class, message }) => self.raise(class, message),
            Err(Error::TooLarge) => Err(super::Ctrl::Budget("a format width too large".into())),
            Err(Error::Unsupported(what)) => Err(super::Ctrl::Unknown(self.origin(what))),
        }
    }

    fn format_arg(&mut self, v: &Value, top: bool) -> R<FormatArg> {
        Ok(match v {
            Value::Nil => FormatArg::Nil,
            Value::Bool(b) => FormatArg::Bool(*b),
            Value::Int(i) => FormatArg::Int((*i).into()),
            Value::Big(b) => FormatArg::Int((**b).clone()),
            Value::Float(f) => FormatArg::Float(*f),
            Value::Str(s) => FormatArg::Str(s.borrow().text.clone()),
            Value::Hash(h) if top => {
                let pairs: Vec<(Value, Value)> = h.borrow().map.values().cloned().collect();
                let mut named = Vec::new();
                for (k, x) in &pairs {
                    if let Value::Sym(name) = k {
                        named.push((Rc::from(&**name), self.format_arg(x, false)?));
                    }
                }
                FormatArg::Hash(Rc::new(named), v.inspect())
            }
            other => {
                let s = self.stringify(other)?;
                FormatArg::Other {
                    class: other.class_name().to_string(),
                    to_s: self.text(&s)?,
                    inspect: other.inspect(),
                }
            }
        })
    }
}
