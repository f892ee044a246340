//! The methods of Ruby's Array, and of Enumerable over any elements (arrays, hashes as pairs,
//! ranges, sets).

use std::cell::RefCell;
use std::cmp::Ordering;
use std::rc::Rc;

use super::value::*;
use super::{Blk, Ctrl, Interp, R};

impl Interp<'_> {
    /// Ruby's `<=>` for sorting: `Err` (an ArgumentError) when not comparable.
    pub(crate) fn compare(&mut self, a: &Value, b: &Value) -> R<Ordering> {
        self.step()?;
        if let Some(o) = self.deep_unknown(a).or_else(|| self.deep_unknown(b)) {
            return Err(Ctrl::Unknown(o));
        }
        let r = match (a, b) {
            (Value::Str(x), Value::Str(y)) => {
                Some(x.borrow().text.as_bytes().cmp(y.borrow().text.as_bytes()))
            }
            (Value::Sym(x), Value::Sym(y)) => Some(x.as_bytes().cmp(y.as_bytes())),
            (Value::Array(x), Value::Array(y)) => {
                let (x, y) = (x.borrow().items.clone(), y.borrow().items.clone());
                for (p, q) in x.iter().zip(y.iter()) {
                    let o = self.compare(p, q)?;
                    if o != Ordering::Equal {
                        return Ok(o);
                    }
                }
                Some(x.len().cmp(&y.len()))
            }
            (
                Value::Int(_) | Value::Big(_) | Value::Float(_),
                Value::Int(_) | Value::Big(_) | Value::Float(_),
            ) => match self.numeric_method(a, "<=>", std::slice::from_ref(b), None)? {
                Some(Value::Int(i)) => Some(i.cmp(&0)),
                _ => None,
            },
            _ => None,
        };
        match r {
            Some(o) => Ok(o),
            None => self.raise(
                "ArgumentError",
                format!(
                    "comparison of {} with {} failed",
                    a.class_name(),
                    match b {
                        Value::Nil => "nil".to_string(),
                        Value::Int(_) | Value::Float(_) | Value::Bool(_) => b.inspect(),
                        other => other.class_name(),
                    }
                ),
            ),
        }
    }

    pub(super) fn block_cmp(&mut self, b: &Blk, x: &Value, y: &Value) -> R<Ordering> {
        let r = self.call_block(b, vec![x.clone(), y.clone()])?;
        match r {
            Value::Int(i) => Ok(i.cmp(&0)),
            Value::Unknown(o) => Err(Ctrl::Unknown((*o).clone())),
            other => self.raise(
                "ArgumentError",
                format!(
                    "comparison of {} with {} failed",
                    x.class_name(),
                    other.class_name()
                ),
            ),
        }
    }

    /// A stable merge sort with a fallible comparison.
    pub(crate) fn sort_values(&mut self, items: Vec<Value>, blk: Option<&Blk>) -> R<Vec<Value>> {
        let mut v = items;
        // Insertion into a sorted vector by binary search keeps it simple and stable.
        let mut out: Vec<Value> = Vec::with_capacity(v.len());
        for x in v.drain(..) {
            let (mut lo, mut hi) = (0, out.len());
            while lo < hi {
                let mid = (lo + hi) / 2;
                let o = match blk {
                    Some(b) => self.block_cmp(b, &out[mid], &x)?,
                    None => self.compare(&out[mid], &x)?,
                };
                if o == Ordering::Greater {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            out.insert(lo, x);
        }
        Ok(out)
    }

    pub(super) fn sort_by_values(&mut self, items: Vec<Value>, b: &Blk) -> R<Vec<Value>> {
        let mut keyed = Vec::with_capacity(items.len());
        for x in items {
            let k = self.call_block(b, vec![x.clone()])?;
            keyed.push(Value::array(vec![k, x]));
        }
        let mut out = Vec::with_capacity(keyed.len());
        let sorted = {
            let mut v: Vec<(Value, Value)> = keyed
                .into_iter()
                .map(|p| match p {
                    Value::Array(a) => {
                        let a = a.borrow();
                        (a.items[0].clone(), a.items[1].clone())
                    }
                    _ => (Value::Nil, Value::Nil),
                })
                .collect();
            let mut res: Vec<(Value, Value)> = Vec::with_capacity(v.len());
            for (k, x) in v.drain(..) {
                let (mut lo, mut hi) = (0, res.len());
                while lo < hi {
                    let mid = (lo + hi) / 2;
                    if self.compare(&res[mid].0, &k)? == Ordering::Greater {
                        hi = mid;
                    } else {
                        lo = mid + 1;
                    }
                }
                res.insert(lo, (k, x));
            }
            res
        };
        for (_, x) in sorted {
            out.push(x);
        }
        Ok(out)
    }

    /// Enumerable's methods over `items` (a hash's items are `[key, value]` pairs): the function
    /// [`enumerable::METHODS`](super::enumerable::METHODS) names; `None` for a name it lacks.
    pub(crate) fn enum_method(
        &mut self,
        recv: &Value,
        items: Vec<Value>,
        name: &str,
        args: &[Value],
        blk: Option<&Blk>,
    ) -> R<Option<Value>> {
        let Some(method) = super::find_method(super::enumerable::METHODS, name) else {
            return Ok(None);
        };
        method(
            self,
            EnumCall {
                recv,
                items,
                name,
                args,
                blk,
            },
        )
    }

    /// The methods of Array: reads that need no copy of the elements, then the function
    /// [`array_methods::METHODS`](super::array_methods::METHODS) names, else Enumerable's.
    pub(crate) fn array_method(
        &mut self,
        recv: &Value,
        name: &str,
        args: &[Value],
        blk: Option<&Blk>,
    ) -> R<Option<Value>> {
        let Value::Array(ra) = recv else {
            return Ok(None);
        };
        // Reads that need no copy of the elements.
        {
            let b = ra.borrow();
            let fast = match (name, args) {
                ("size" | "length", []) => Some(Value::Int(b.items.len() as i64)),
                ("empty?", []) => Some(Value::Bool(b.items.is_empty())),
                ("first", []) => Some(b.items.first().cloned().unwrap_or(Value::Nil)),
                ("last", []) => Some(b.items.last().cloned().unwrap_or(Value::Nil)),
                ("[]" | "at", [Value::Int(i)]) => {
                    let n = b.items.len() as i64;
                    let i = if *i < 0 { n + i } else { *i };
                    Some(if i >= 0 && i < n {
                        b.items[i as usize].clone()
                    } else {
                        Value::Nil
                    })
                }
                _ => None,
            };
            if fast.is_some() {
                return Ok(fast);
            }
        }
        let items = ra.borrow().items.clone();
        match super::find_method(super::array_methods::METHODS, name) {
            Some(method) => method(
                self,
                ArrayCall {
                    recv,
                    ra,
                    name,
                    args,
                    blk,
                    items,
                },
            ),
            None => self.enum_method(recv, items, name, args, blk),
        }
    }

    /// `Array#join`: nested arrays joined recursively, elements by `to_s`.
    pub(crate) fn join(&mut self, items: &[Value], sep: &str) -> R<String> {
        let mut out = String::new();
        for (i, x) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(sep);
            }
            match x {
                Value::Array(a) => {
                    let inner = a.borrow().items.clone();
                    out.push_str(&self.join(&inner, sep)?);
                }
                other => {
                    let t = self.stringify(other)?;
                    out.push_str(&self.text(&t)?);
                }
            }
            self.check_str_size(out.len())?;
        }
        Ok(out)
    }

    pub(super) fn ary_index(&mut self, items: &[Value], args: &[Value]) -> R<Value> {
        let n = items.len() as i64;
        match args {
            [Value::Int(i)] => {
                let i = if *i < 0 { n + i } else { *i };
                Ok(if i >= 0 && i < n {
                    items[i as usize].clone()
                } else {
                    Value::Nil
                })
            }
            [Value::Float(f)] => self.ary_index(items, &[Value::Int(f.trunc() as i64)]),
            [Value::Int(a), Value::Int(l)] => {
                let a = if *a < 0 { n + a } else { *a };
                if a < 0 || a > n || *l < 0 {
                    return Ok(Value::Nil);
                }
                let e = a.saturating_add(*l).min(n);
                Ok(Value::array(items[a as usize..e as usize].to_vec()))
            }
            [Value::Range(r)] => {
                let lo = match &r.lo {
                    Value::Nil => 0,
                    v => self.int_arg(v)?,
                };
                let hi = match &r.hi {
                    Value::Nil => -1,
                    v => self.int_arg(v)?,
                };
                let lo = if lo < 0 { n + lo } else { lo };
                let mut hi = if hi < 0 { n + hi } else { hi };
                if r.exclusive && !matches!(r.hi, Value::Nil) {
                    hi -= 1;
                }
                if lo < 0 || lo > n {
                    return Ok(Value::Nil);
                }
                let e = hi.saturating_add(1).min(n).max(lo);
                Ok(Value::array(items[lo as usize..e as usize].to_vec()))
            }
            [other, ..] => self.raise(
                "TypeError",
                format!(
                    "no implicit conversion of {} into Integer",
                    super::string::conv_name(other)
                ),
            ),
            [] => self.raise(
                "ArgumentError",
                "wrong number of arguments (given 0, expected 1..2)",
            ),
        }
    }
}

pub(super) fn flatten_into(items: &[Value], depth: i64, out: &mut Vec<Value>, level: u32) {
    for x in items {
        match x {
            Value::Array(a) if depth != 0 && level < 256 => {
                let inner = a.borrow().items.clone();
                flatten_into(&inner, depth - 1, out, level + 1);
            }
            other => out.push(other.clone()),
        }
    }
}

/// A call of one of Array's methods, as its function in the table receives it.
pub(crate) struct ArrayCall<'a> {
    /// The Array.
    pub(crate) recv: &'a Value,
    /// Its elements and state.
    pub(crate) ra: &'a Rc<RefCell<RArray>>,
    /// The method's name (one function answers several).
    pub(crate) name: &'a str,
    pub(crate) args: &'a [Value],
    pub(crate) blk: Option<&'a Blk>,
    /// A copy of its elements.
    pub(crate) items: Vec<Value>,
}

/// The function of one of Array's methods; `None` when it does not answer.
pub(crate) type ArrayMethod = fn(&mut Interp<'_>, ArrayCall<'_>) -> R<Option<Value>>;

/// A FrozenError if the array is frozen.
pub(crate) fn frozen_check(interp: &Interp<'_>, ra: &RefCell<RArray>, recv: &Value) -> R<()> {
    if ra.borrow().frozen {
        return interp.raise(
            "FrozenError",
            format!("can't modify frozen Array: {}", recv.inspect()),
        );
    }
    Ok(())
}

/// A call of one of Enumerable's methods, as its function in the table receives it.
pub(crate) struct EnumCall<'a> {
    /// The Array, Hash, Range or Set.
    pub(crate) recv: &'a Value,
    /// Its elements (a Hash's are `[key, value]` pairs).
    pub(crate) items: Vec<Value>,
    /// The method's name (one function answers several).
    pub(crate) name: &'a str,
    pub(crate) args: &'a [Value],
    pub(crate) blk: Option<&'a Blk>,
}

/// The function of one of Enumerable's methods; `None` when it does not answer.
pub(crate) type EnumMethod = fn(&mut Interp<'_>, EnumCall<'_>) -> R<Option<Value>>;
