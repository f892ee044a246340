//! The methods of Ruby's Array, and of Enumerable over any elements (arrays, hashes as pairs,
//! ranges, sets).

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

    fn block_cmp(&mut self, b: &Blk, x: &Value, y: &Value) -> R<Ordering> {
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

    fn sort_by_values(&mut self, items: Vec<Value>, b: &Blk) -> R<Vec<Value>> {
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

    /// Enumerable's methods over `items` (a hash's items are `[key, value]` pairs).
    pub(crate) fn enum_method(
        &mut self,
        recv: &Value,
        items: Vec<Value>,
        name: &str,
        args: &[Value],
        blk: Option<&Blk>,
    ) -> R<Option<Value>> {
        let a0 = args.first();
        let v = match (name, blk) {
            ("each" | "each_entry", Some(b)) => {
                for x in items {
                    self.call_block(b, vec![x])?;
                }
                recv.clone()
            }
            ("each_with_index" | "each_with_index_map", Some(b)) => {
                for (i, x) in items.into_iter().enumerate() {
                    self.call_block(b, vec![x, Value::Int(i as i64)])?;
                }
                recv.clone()
            }
            ("map" | "collect" | "flat_map" | "collect_concat", Some(b)) => {
                let mut out = Vec::with_capacity(items.len());
                for x in items {
                    let r = self.call_block(b, vec![x])?;
                    if matches!(name, "flat_map" | "collect_concat")
                        && let Value::Array(a) = &r
                    {
                        out.extend(a.borrow().items.iter().cloned());
                        continue;
                    }
                    out.push(r);
                }
                Value::array(out)
            }
            ("select" | "filter" | "reject" | "find_all", Some(b)) => {
                let keep = name != "reject";
                let mut out = Vec::new();
                for x in items {
                    let r = self.call_block(b, vec![x.clone()])?;
                    if self.truth(&r)? == keep {
                        out.push(x);
                    }
                }
                Value::array(out)
            }
            ("filter_map", Some(b)) => {
                let mut out = Vec::new();
                for x in items {
                    let r = self.call_block(b, vec![x])?;
                    if self.truth(&r)? {
                        out.push(r);
                    }
                }
                Value::array(out)
            }
            ("partition", Some(b)) => {
                let (mut yes, mut no) = (Vec::new(), Vec::new());
                for x in items {
                    let r = self.call_block(b, vec![x.clone()])?;
                    if self.truth(&r)? {
                        yes.push(x);
                    } else {
                        no.push(x);
                    }
                }
                Value::array(vec![Value::array(yes), Value::array(no)])
            }
            ("find" | "detect", Some(b)) => {
                for x in items {
                    let r = self.call_block(b, vec![x.clone()])?;
                    if self.truth(&r)? {
                        return Ok(Some(x));
                    }
                }
                Value::Nil
            }
            ("find_index" | "index", _) => {
                for (i, x) in items.into_iter().enumerate() {
                    let hit = match (blk, a0) {
                        (_, Some(v)) => self.equal(&x, v)?,
                        (Some(b), None) => {
                            let r = self.call_block(b, vec![x])?;
                            self.truth(&r)?
                        }
                        (None, None) => return Ok(Some(self.unknown("enumerator"))),
                    };
                    if hit {
                        return Ok(Some(Value::Int(i as i64)));
                    }
                }
                Value::Nil
            }
            ("any?" | "all?" | "none?" | "one?", _) => {
                let mut count = 0usize;
                let total = items.len();
                for x in items {
                    let t = match (a0, blk) {
                        (Some(pat), _) => {
                            let r = self.call_method(pat.clone(), "===", vec![x], None)?;
                            self.truth(&r)?
                        }
                        (None, Some(b)) => {
                            let r = self.call_block(b, vec![x])?;
                            self.truth(&r)?
                        }
                        (None, None) => self.truth(&x)?,
                    };
                    if t {
                        count += 1;
                        if name == "any?" {
                            return Ok(Some(Value::Bool(true)));
                        }
                        if name == "none?" {
                            return Ok(Some(Value::Bool(false)));
                        }
                    } else if name == "all?" {
                        return Ok(Some(Value::Bool(false)));
                    }
                }
                let _ = total;
                Value::Bool(match name {
                    "any?" => false,
                    "all?" | "none?" => true,
                    _ => count == 1,
                })
            }
            ("count", _) => match (a0, blk) {
                (Some(v), _) => {
                    let mut n = 0;
                    for x in items {
                        if self.equal(&x, v)? {
                            n += 1;
                        }
                    }
                    Value::Int(n)
                }
                (None, Some(b)) => {
                    let mut n = 0;
                    for x in items {
                        let r = self.call_block(b, vec![x])?;
                        if self.truth(&r)? {
                            n += 1;
                        }
                    }
                    Value::Int(n)
                }
                (None, None) => Value::Int(items.len() as i64),
            },
            ("inject" | "reduce", _) => {
                let (mut acc, op, rest): (Option<Value>, Option<String>, Vec<Value>) =
                    match (args, blk) {
                        ([init, Value::Sym(op)], _) => {
                            (Some(init.clone()), Some(op.to_string()), items)
                        }
                        ([Value::Sym(op)], None) => (None, Some(op.to_string()), items),
                        ([init], Some(_)) => (Some(init.clone()), None, items),
                        _ => (None, None, items),
                    };
                for x in rest {
                    acc = Some(match acc {
                        None => x,
                        Some(a) => match (&op, blk) {
                            (Some(op), _) => self.call_method(a, op, vec![x], None)?,
                            (None, Some(b)) => self.call_block(b, vec![a, x])?,
                            (None, None) => {
                                return Ok(Some(self.unknown("inject without a block")));
                            }
                        },
                    });
                }
                acc.unwrap_or(Value::Nil)
            }
            ("sum", _) => {
                let mut acc = a0.cloned().unwrap_or(Value::Int(0));
                for x in items {
                    let x = match blk {
                        Some(b) => self.call_block(b, vec![x])?,
                        None => x,
                    };
                    acc = self.call_method(acc, "+", vec![x], None)?;
                }
                acc
            }
            ("each_with_object", Some(b)) => {
                let memo = a0.cloned().unwrap_or(Value::Nil);
                for x in items {
                    self.call_block(b, vec![x, memo.clone()])?;
                }
                memo
            }
            ("group_by", Some(b)) => {
                let mut h = RHash::default();
                for x in items {
                    let k = self.call_block(b, vec![x.clone()])?;
                    if let Value::Unknown(o) = &k {
                        return Err(Ctrl::Unknown((**o).clone()));
                    }
                    match h.get(&k) {
                        Some(Value::Array(a)) => a.borrow_mut().items.push(x),
                        _ => h.insert(k, Value::array(vec![x])),
                    }
                }
                Value::Hash(Rc::new(std::cell::RefCell::new(h)))
            }
            ("tally", None) => {
                let mut h = RHash::default();
                for x in items {
                    let n = match h.get(&x) {
                        Some(Value::Int(n)) => n + 1,
                        _ => 1,
                    };
                    h.insert(x, Value::Int(n));
                }
                Value::Hash(Rc::new(std::cell::RefCell::new(h)))
            }
            ("sort", _) => Value::array(self.sort_values(items, blk)?),
            ("sort_by", Some(b)) => Value::array(self.sort_by_values(items, b)?),
            ("min" | "max", _) => {
                let want = if name == "min" {
                    Ordering::Less
                } else {
                    Ordering::Greater
                };
                if let Some(Value::Int(n)) = a0 {
                    let mut sorted = self.sort_values(items, blk)?;
                    if name == "max" {
                        sorted.reverse();
                    }
                    sorted.truncate((*n).max(0) as usize);
                    return Ok(Some(Value::array(sorted)));
                }
                let mut best: Option<Value> = None;
                for x in items {
                    best = Some(match best {
                        None => x,
                        Some(b0) => {
                            let o = match blk {
                                Some(b) => self.block_cmp(b, &x, &b0)?,
                                None => self.compare(&x, &b0)?,
                            };
                            if o == want { x } else { b0 }
                        }
                    });
                }
                best.unwrap_or(Value::Nil)
            }
            ("min_by" | "max_by", Some(b)) => {
                let want = if name == "min_by" {
                    Ordering::Less
                } else {
                    Ordering::Greater
                };
                let mut best: Option<(Value, Value)> = None;
                for x in items {
                    let k = self.call_block(b, vec![x.clone()])?;
                    best = Some(match best {
                        None => (k, x),
                        Some((bk, bx)) => {
                            if self.compare(&k, &bk)? == want {
                                (k, x)
                            } else {
                                (bk, bx)
                            }
                        }
                    });
                }
                best.map(|(_, x)| x).unwrap_or(Value::Nil)
            }
            ("minmax", None) => {
                let sorted = self.sort_values(items, None)?;
                Value::array(vec![
                    sorted.first().cloned().unwrap_or(Value::Nil),
                    sorted.last().cloned().unwrap_or(Value::Nil),
                ])
            }
            ("each_slice" | "each_cons", _) => {
                let n = self.int_arg(a0.unwrap_or(&Value::Nil))?;
                if n <= 0 {
                    return self.raise("ArgumentError", "invalid slice size");
                }
                let n = n as usize;
                let groups: Vec<Value> = if name == "each_slice" {
                    items.chunks(n).map(|c| Value::array(c.to_vec())).collect()
                } else if items.len() >= n {
                    items.windows(n).map(|c| Value::array(c.to_vec())).collect()
                } else {
                    Vec::new()
                };
                match blk {
                    Some(b) => {
                        for g in groups {
                            self.call_block(b, vec![g])?;
                        }
                        if name == "each_slice" {
                            Value::Nil
                        } else {
                            recv.clone()
                        }
                    }
                    None => Value::array(groups),
                }
            }
            ("to_a" | "entries", None) => Value::array(items),
            // Without a block, these stand for their enumerator: the elements (with their
            // indexes), which `map`, `to_a`, `select`... then read.
            ("each_with_index", None) => Value::array(
                items
                    .into_iter()
                    .enumerate()
                    .map(|(i, x)| Value::array(vec![x, Value::Int(i as i64)]))
                    .collect(),
            ),
            ("each" | "map" | "collect" | "each_entry", None) => Value::array(items),
            ("include?" | "member?", _) => {
                let v = a0.cloned().unwrap_or(Value::Nil);
                for x in &items {
                    if self.equal(x, &v)? {
                        return Ok(Some(Value::Bool(true)));
                    }
                }
                Value::Bool(false)
            }
            ("first", None) => match a0 {
                None => items.first().cloned().unwrap_or(Value::Nil),
                Some(n) => {
                    let n = self.int_arg(n)?;
                    if n < 0 {
                        return self.raise("ArgumentError", "negative array size");
                    }
                    Value::array(items.into_iter().take(n as usize).collect())
                }
            },
            ("take", None) => {
                let n = self.int_arg(a0.unwrap_or(&Value::Nil))?;
                if n < 0 {
                    return self.raise("ArgumentError", "attempt to take negative size");
                }
                Value::array(items.into_iter().take(n as usize).collect())
            }
            ("drop", None) => {
                let n = self.int_arg(a0.unwrap_or(&Value::Nil))?;
                if n < 0 {
                    return self.raise("ArgumentError", "attempt to drop negative size");
                }
                Value::array(items.into_iter().skip(n as usize).collect())
            }
            ("take_while" | "drop_while", Some(b)) => {
                let mut idx = items.len();
                for (i, x) in items.iter().enumerate() {
                    let r = self.call_block(b, vec![x.clone()])?;
                    if !self.truth(&r)? {
                        idx = i;
                        break;
                    }
                }
                if name == "take_while" {
                    Value::array(items[..idx].to_vec())
                } else {
                    Value::array(items[idx..].to_vec())
                }
            }
            ("zip", _) => {
                let mut others = Vec::new();
                for a in args {
                    others.push(self.iterate(a)?);
                }
                let out: Vec<Value> = items
                    .into_iter()
                    .enumerate()
                    .map(|(i, x)| {
                        let mut row = vec![x];
                        for o in &others {
                            row.push(o.get(i).cloned().unwrap_or(Value::Nil));
                        }
                        Value::array(row)
                    })
                    .collect();
                match blk {
                    Some(b) => {
                        for r in out {
                            self.call_block(b, vec![r])?;
                        }
                        Value::Nil
                    }
                    None => Value::array(out),
                }
            }
            ("uniq", _) => {
                let mut seen = std::collections::HashSet::new();
                let mut out = Vec::new();
                for x in items {
                    let k = match blk {
                        Some(b) => self.call_block(b, vec![x.clone()])?,
                        None => x.clone(),
                    };
                    if let Some(o) = self.deep_unknown(&k) {
                        return Err(Ctrl::Unknown(o));
                    }
                    if seen.insert(k.hash_key()) {
                        out.push(x);
                    }
                }
                Value::array(out)
            }
            ("to_set", None) => {
                let mut h = RHash::default();
                for x in items {
                    h.insert(x, Value::Bool(true));
                }
                Value::Set(Rc::new(std::cell::RefCell::new(h)))
            }
            ("to_h", _) => {
                let mut h = RHash::default();
                for x in items {
                    let pair = match blk {
                        Some(b) => self.call_block(b, vec![x])?,
                        None => x,
                    };
                    match &pair {
                        Value::Array(a) if a.borrow().items.len() == 2 => {
                            let a = a.borrow();
                            h.insert(a.items[0].clone(), a.items[1].clone());
                        }
                        other => {
                            return self.raise(
                                "TypeError",
                                format!(
                                    "wrong element type {} (expected array)",
                                    other.class_name()
                                ),
                            );
                        }
                    }
                }
                Value::Hash(Rc::new(std::cell::RefCell::new(h)))
            }
            ("each_index", Some(b)) => {
                for i in 0..items.len() {
                    self.call_block(b, vec![Value::Int(i as i64)])?;
                }
                recv.clone()
            }
            ("reverse_each", Some(b)) => {
                for x in items.into_iter().rev() {
                    self.call_block(b, vec![x])?;
                }
                recv.clone()
            }
            ("chunk_while" | "slice_when", Some(b)) => {
                let mut groups: Vec<Vec<Value>> = Vec::new();
                for x in items {
                    let split = match groups.last().and_then(|g| g.last()) {
                        None => true,
                        Some(prev) => {
                            let r = self.call_block(b, vec![prev.clone(), x.clone()])?;
                            self.truth(&r)? == (name == "slice_when")
                        }
                    };
                    if split {
                        groups.push(vec![x]);
                    } else if let Some(g) = groups.last_mut() {
                        g.push(x);
                    }
                }
                Value::array(groups.into_iter().map(Value::array).collect())
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    /// The methods of Array.
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
        let a0 = args.first();
        let frozen_check = |me: &Self| -> R<()> {
            if ra.borrow().frozen {
                return me.raise(
                    "FrozenError",
                    format!("can't modify frozen Array: {}", recv.inspect()),
                );
            }
            Ok(())
        };
        let v = match name {
            "<<" | "push" | "append" => {
                frozen_check(self)?;
                ra.borrow_mut().items.extend(args.iter().cloned());
                self.charge(args.len() * 16)?;
                self.check_len_size(ra.borrow().items.len())?;
                recv.clone()
            }
            "unshift" | "prepend" => {
                frozen_check(self)?;
                let mut b = ra.borrow_mut();
                for (i, a) in args.iter().enumerate() {
                    b.items.insert(i, a.clone());
                }
                recv.clone()
            }
            "pop" | "shift" => {
                frozen_check(self)?;
                let mut b = ra.borrow_mut();
                match a0 {
                    None => {
                        if b.items.is_empty() {
                            Value::Nil
                        } else if name == "pop" {
                            b.items.pop().unwrap_or(Value::Nil)
                        } else {
                            b.items.remove(0)
                        }
                    }
                    Some(n) => {
                        let n = (self.int_arg(n)?.max(0) as usize).min(b.items.len());
                        let len = b.items.len();
                        let taken: Vec<Value> = if name == "pop" {
                            b.items.drain(len - n..).collect()
                        } else {
                            b.items.drain(..n).collect()
                        };
                        Value::array(taken)
                    }
                }
            }
            "insert" => {
                frozen_check(self)?;
                let i = self.int_arg(a0.unwrap_or(&Value::Nil))?;
                let mut b = ra.borrow_mut();
                let n = b.items.len() as i64;
                let pos = if i < 0 { n + i + 1 } else { i };
                if pos < 0 {
                    drop(b);
                    return self.raise(
                        "IndexError",
                        format!("index {i} too small for array; minimum: -{}", n + 1),
                    );
                }
                if pos as usize > self.budget.max_collection {
                    drop(b);
                    return Err(Ctrl::Budget("a collection too large".into()));
                }
                while (b.items.len() as i64) < pos {
                    b.items.push(Value::Nil);
                }
                for (k, a) in args[1..].iter().enumerate() {
                    b.items.insert(pos as usize + k, a.clone());
                }
                recv.clone()
            }
            "concat" => {
                frozen_check(self)?;
                for a in args {
                    let more = match a {
                        Value::Array(x) => x.borrow().items.clone(),
                        other => {
                            return self.raise(
                                "TypeError",
                                format!(
                                    "no implicit conversion of {} into Array",
                                    super::string::conv_name(other)
                                ),
                            );
                        }
                    };
                    ra.borrow_mut().items.extend(more);
                }
                recv.clone()
            }
            "+" => match a0 {
                Some(Value::Array(o)) => {
                    let mut v = items;
                    v.extend(o.borrow().items.iter().cloned());
                    self.check_len(v.len())?;
                    Value::array(v)
                }
                other => {
                    return self.raise(
                        "TypeError",
                        format!(
                            "no implicit conversion of {} into Array",
                            super::string::conv_name(other.unwrap_or(&Value::Nil))
                        ),
                    );
                }
            },
            "-" | "difference" => {
                let other = self.iterate(a0.unwrap_or(&Value::Nil))?;
                let keys: std::collections::HashSet<HashKey> =
                    other.iter().map(|v| v.hash_key()).collect();
                Value::array(
                    items
                        .into_iter()
                        .filter(|x| !keys.contains(&x.hash_key()))
                        .collect(),
                )
            }
            "&" | "intersection" => {
                let other = self.iterate(a0.unwrap_or(&Value::Nil))?;
                let keys: std::collections::HashSet<HashKey> =
                    other.iter().map(|v| v.hash_key()).collect();
                let mut seen = std::collections::HashSet::new();
                Value::array(
                    items
                        .into_iter()
                        .filter(|x| keys.contains(&x.hash_key()) && seen.insert(x.hash_key()))
                        .collect(),
                )
            }
            "|" | "union" => {
                let mut all = items;
                for a in args {
                    all.extend(self.iterate(a)?);
                }
                let mut seen = std::collections::HashSet::new();
                Value::array(
                    all.into_iter()
                        .filter(|x| seen.insert(x.hash_key()))
                        .collect(),
                )
            }
            "*" => match a0 {
                Some(Value::Str(sep)) => {
                    let sep = sep.borrow().text.clone();
                    Value::str(self.join(&items, &sep)?)
                }
                Some(v) => {
                    let n = self.int_arg(v)?;
                    if n < 0 {
                        return self.raise("ArgumentError", "negative argument");
                    }
                    self.check_len(items.len().saturating_mul(n as usize))?;
                    let mut out = Vec::new();
                    for _ in 0..n {
                        out.extend(items.iter().cloned());
                    }
                    Value::array(out)
                }
                None => return self.raise("ArgumentError", "wrong number of arguments"),
            },
            "==" | "eql?" => Value::Bool(match a0 {
                Some(o @ Value::Array(_)) => self.equal(recv, o)?,
                _ => false,
            }),
            "<=>" => match a0 {
                Some(o @ Value::Array(_)) => Value::Int(self.compare(recv, o)? as i64),
                _ => Value::Nil,
            },
            "join" => {
                let sep = match a0 {
                    Some(Value::Nil) | None => String::new(),
                    Some(v) => self.str_arg(v)?,
                };
                Value::str(self.join(&items, &sep)?)
            }
            "to_s" | "inspect" => {
                if let Some(o) = self.deep_unknown(recv) {
                    return Ok(Some(Value::Unknown(Rc::new(o))));
                }
                Value::str(recv.inspect())
            }
            "to_a" | "entries" | "to_ary" => recv.clone(),
            "size" | "length" => Value::Int(items.len() as i64),
            "empty?" => Value::Bool(items.is_empty()),
            "[]" | "slice" => self.ary_index(&items, args)?,
            "dig" => {
                let first = self.ary_index(&items, &args[..1.min(args.len())])?;
                if args.len() <= 1 || matches!(first, Value::Nil) {
                    first
                } else {
                    self.call_method(first, "dig", args[1..].to_vec(), None)?
                }
            }
            "at" => self.ary_index(&items, args)?,
            "[]=" => {
                frozen_check(self)?;
                match args {
                    [Value::Int(i), v] => {
                        let n = items.len() as i64;
                        let pos = if *i < 0 { n + i } else { *i };
                        if pos < 0 {
                            return self.raise(
                                "IndexError",
                                format!("index {i} too small for array; minimum: -{n}"),
                            );
                        }
                        self.check_len(pos as usize + 1)?;
                        let mut b = ra.borrow_mut();
                        while b.items.len() <= pos as usize {
                            b.items.push(Value::Nil);
                        }
                        b.items[pos as usize] = v.clone();
                        v.clone()
                    }
                    _ => return Ok(Some(self.unknown("Array#[]= with this index"))),
                }
            }
            "fetch" => {
                let i = self.int_arg(a0.unwrap_or(&Value::Nil))?;
                let n = items.len() as i64;
                let pos = if i < 0 { n + i } else { i };
                if pos >= 0 && pos < n {
                    items[pos as usize].clone()
                } else if let Some(d) = args.get(1) {
                    d.clone()
                } else if let Some(b) = blk {
                    self.call_block(b, vec![Value::Int(i)])?
                } else {
                    return self.raise(
                        "IndexError",
                        format!("index {i} outside of array bounds: {}...{}", -n, n),
                    );
                }
            }
            "values_at" => {
                let mut out = Vec::new();
                for a in args {
                    out.push(self.ary_index(&items, std::slice::from_ref(a))?);
                }
                Value::array(out)
            }
            "last" => match a0 {
                None => items.last().cloned().unwrap_or(Value::Nil),
                Some(n) => {
                    let n = (self.int_arg(n)?.max(0) as usize).min(items.len());
                    Value::array(items[items.len() - n..].to_vec())
                }
            },
            "compact" => Value::array(
                items
                    .into_iter()
                    .filter(|x| !matches!(x, Value::Nil))
                    .collect(),
            ),
            "flatten" => {
                let depth = match a0 {
                    Some(v) => self.int_arg(v)?,
                    None => -1,
                };
                let mut out = Vec::new();
                flatten_into(&items, depth, &mut out, 0);
                self.check_len(out.len())?;
                Value::array(out)
            }
            "reverse" => Value::array(items.into_iter().rev().collect()),
            "rotate" => {
                let n = match a0 {
                    Some(v) => self.int_arg(v)?,
                    None => 1,
                };
                let mut v = items;
                if !v.is_empty() {
                    let k = n.rem_euclid(v.len() as i64) as usize;
                    v.rotate_left(k);
                }
                Value::array(v)
            }
            "include?" | "member?" => {
                let v = a0.cloned().unwrap_or(Value::Nil);
                let mut hit = false;
                for x in &items {
                    if self.equal(x, &v)? {
                        hit = true;
                        break;
                    }
                }
                Value::Bool(hit)
            }
            "delete" => {
                frozen_check(self)?;
                let v = a0.cloned().unwrap_or(Value::Nil);
                let mut kept = Vec::new();
                let mut found = None;
                for x in items {
                    if self.equal(&x, &v)? {
                        found = Some(x);
                    } else {
                        kept.push(x);
                    }
                }
                ra.borrow_mut().items = kept;
                found.unwrap_or(Value::Nil)
            }
            "delete_at" => {
                frozen_check(self)?;
                let i = self.int_arg(a0.unwrap_or(&Value::Nil))?;
                let n = items.len() as i64;
                let pos = if i < 0 { n + i } else { i };
                if pos >= 0 && pos < n {
                    ra.borrow_mut().items.remove(pos as usize)
                } else {
                    Value::Nil
                }
            }
            "clear" => {
                frozen_check(self)?;
                ra.borrow_mut().items.clear();
                recv.clone()
            }
            "replace" => {
                frozen_check(self)?;
                let other = self.iterate(a0.unwrap_or(&Value::Nil))?;
                ra.borrow_mut().items = other;
                recv.clone()
            }
            "transpose" => {
                let rows: Vec<Vec<Value>> = items
                    .iter()
                    .map(|r| match r {
                        Value::Array(a) => Ok(a.borrow().items.clone()),
                        other => Err(other.class_name()),
                    })
                    .collect::<Result<_, _>>()
                    .or_else(|c| {
                        self.raise(
                            "TypeError",
                            format!("no implicit conversion of {c} into Array"),
                        )
                    })?;
                let w = rows.first().map(|r| r.len()).unwrap_or(0);
                if rows.iter().any(|r| r.len() != w) {
                    let bad = rows
                        .iter()
                        .find(|r| r.len() != w)
                        .map(|r| r.len())
                        .unwrap_or(0);
                    return self.raise(
                        "IndexError",
                        format!("element size differs ({bad} should be {w})"),
                    );
                }
                Value::array(
                    (0..w)
                        .map(|c| Value::array(rows.iter().map(|r| r[c].clone()).collect()))
                        .collect(),
                )
            }
            "assoc" => {
                let v = a0.cloned().unwrap_or(Value::Nil);
                let mut found = Value::Nil;
                for x in &items {
                    if let Value::Array(a) = x {
                        let first = a.borrow().items.first().cloned();
                        if let Some(f) = first
                            && self.equal(&f, &v)?
                        {
                            found = x.clone();
                            break;
                        }
                    }
                }
                found
            }
            "rindex" => {
                let mut found = Value::Nil;
                for (i, x) in items.iter().enumerate().rev() {
                    let hit = match (a0, blk) {
                        (Some(v), _) => self.equal(x, v)?,
                        (None, Some(b)) => {
                            let r = self.call_block(b, vec![x.clone()])?;
                            self.truth(&r)?
                        }
                        _ => false,
                    };
                    if hit {
                        found = Value::Int(i as i64);
                        break;
                    }
                }
                found
            }
            "product" => {
                let mut acc: Vec<Vec<Value>> = items.into_iter().map(|x| vec![x]).collect();
                for a in args {
                    let other = self.iterate(a)?;
                    let mut next = Vec::new();
                    for row in &acc {
                        for o in &other {
                            let mut r = row.clone();
                            r.push(o.clone());
                            next.push(r);
                        }
                    }
                    self.check_len(next.len())?;
                    acc = next;
                }
                Value::array(acc.into_iter().map(Value::array).collect())
            }
            "pack" => return self.string_pack(recv, args).map(Some),
            "sample" | "shuffle" | "shuffle!" | "cycle" | "combination" | "permutation" => {
                return Ok(Some(self.unknown(format!("Array#{name}"))));
            }
            "map!" | "collect!" | "select!" | "filter!" | "reject!" | "keep_if" | "delete_if"
            | "sort!" | "sort_by!" | "uniq!" | "compact!" | "flatten!" | "reverse!" | "rotate!" => {
                frozen_check(self)?;
                let base = match name {
                    "keep_if" => "select",
                    "delete_if" => "reject",
                    n => &n[..n.len() - 1],
                };
                let r = match self.array_method(recv, base, args, blk)? {
                    Some(r) => r,
                    None => return Ok(None),
                };
                let new = match &r {
                    Value::Array(a) => a.borrow().items.clone(),
                    _ => return Ok(Some(r)),
                };
                let changed = new.len() != items.len()
                    || !super::call::values_equal(&Value::array(new.clone()), &Value::array(items));
                ra.borrow_mut().items = new;
                if !changed
                    && matches!(
                        name,
                        "select!" | "filter!" | "reject!" | "uniq!" | "compact!" | "flatten!"
                    )
                {
                    Value::Nil
                } else {
                    recv.clone()
                }
            }
            "shelljoin" => {
                let mut parts = Vec::new();
                for x in &items {
                    parts.push(super::misc::shellescape(&self.text(x)?));
                }
                Value::str(parts.join(" "))
            }
            "hash" => return Ok(None),
            "frozen?" | "freeze" | "dup" | "clone" => return Ok(None),
            _ => return self.enum_method(recv, items, name, args, blk),
        };
        Ok(Some(v))
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

    fn ary_index(&mut self, items: &[Value], args: &[Value]) -> R<Value> {
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

fn flatten_into(items: &[Value], depth: i64, out: &mut Vec<Value>, level: u32) {
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
