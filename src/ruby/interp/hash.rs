//! The methods of Ruby's Hash (insertion order; Enumerable over `[key, value]` pairs).

use std::cell::RefCell;
use std::rc::Rc;

use super::value::*;
use super::{Blk, Ctrl, Interp, R};

fn new_hash(h: RHash) -> Value {
    Value::Hash(Rc::new(RefCell::new(h)))
}

impl Interp<'_> {
    /// `h[k]` with the default value or block.
    pub(crate) fn hash_get(&mut self, recv: &Value, k: &Value) -> R<Value> {
        let Value::Hash(h) = recv else {
            return Ok(Value::Nil);
        };
        if let Some(v) = h.borrow().get(k) {
            return Ok(v);
        }
        let (dp, d) = {
            let b = h.borrow();
            (b.default_proc.clone(), b.default.clone())
        };
        match dp {
            Some(p) => self.call_proc(&p, vec![recv.clone(), k.clone()], None),
            None => Ok(d),
        }
    }

    /// The methods of Hash.
    pub(crate) fn hash_method(
        &mut self,
        recv: &Value,
        name: &str,
        args: &[Value],
        blk: Option<&Blk>,
    ) -> R<Option<Value>> {
        let Value::Hash(rh) = recv else {
            return Ok(None);
        };
        let a0 = args.first();
        // Lookups that need no copy of the pairs.
        match (name, args) {
            ("[]", [k]) => return Ok(Some(self.hash_get(recv, k)?)),
            ("key?" | "has_key?" | "include?" | "member?", [k]) => {
                return Ok(Some(Value::Bool(
                    rh.borrow().map.contains_key(&k.hash_key()),
                )));
            }
            ("size" | "length", []) => return Ok(Some(Value::Int(rh.borrow().map.len() as i64))),
            ("empty?", []) => return Ok(Some(Value::Bool(rh.borrow().map.is_empty()))),
            _ => {}
        }
        let pairs: Vec<(Value, Value)> = rh.borrow().map.values().cloned().collect();
        let frozen_check = |me: &Self| -> R<()> {
            if rh.borrow().frozen {
                return me.raise(
                    "FrozenError",
                    format!("can't modify frozen Hash: {}", recv.inspect()),
                );
            }
            Ok(())
        };
        let v = match name {
            "[]" => self.hash_get(recv, a0.unwrap_or(&Value::Nil))?,
            "[]=" | "store" => {
                frozen_check(self)?;
                let k = a0.cloned().unwrap_or(Value::Nil);
                if let Value::Unknown(o) = &k {
                    return Err(Ctrl::Unknown((**o).clone()));
                }
                let v = args.get(1).cloned().unwrap_or(Value::Nil);
                rh.borrow_mut().insert(k, v.clone());
                self.charge(48)?;
                self.check_len_size(rh.borrow().map.len())?;
                v
            }
            "fetch" => {
                let k = a0.cloned().unwrap_or(Value::Nil);
                let got = rh.borrow().get(&k);
                match got {
                    Some(v) => v,
                    None => {
                        if let Some(d) = args.get(1) {
                            d.clone()
                        } else if let Some(b) = blk {
                            self.call_block(b, vec![k])?
                        } else {
                            return self
                                .raise("KeyError", format!("key not found: {}", k.inspect()));
                        }
                    }
                }
            }
            "key?" | "has_key?" | "include?" | "member?" => Value::Bool(
                rh.borrow()
                    .map
                    .contains_key(&a0.unwrap_or(&Value::Nil).hash_key()),
            ),
            "value?" | "has_value?" => {
                let v = a0.cloned().unwrap_or(Value::Nil);
                let mut hit = false;
                for (_, x) in &pairs {
                    if self.equal(x, &v)? {
                        hit = true;
                        break;
                    }
                }
                Value::Bool(hit)
            }
            "key" => {
                let v = a0.cloned().unwrap_or(Value::Nil);
                let mut found = Value::Nil;
                for (k, x) in &pairs {
                    if self.equal(x, &v)? {
                        found = k.clone();
                        break;
                    }
                }
                found
            }
            "keys" => Value::array(pairs.into_iter().map(|(k, _)| k).collect()),
            "values" => Value::array(pairs.into_iter().map(|(_, v)| v).collect()),
            "values_at" => {
                let mut out = Vec::new();
                for a in args {
                    out.push(self.hash_get(recv, a)?);
                }
                Value::array(out)
            }
            "fetch_values" => {
                let mut out = Vec::new();
                for a in args {
                    match rh.borrow().get(a) {
                        Some(v) => out.push(v),
                        None => {
                            return self
                                .raise("KeyError", format!("key not found: {}", a.inspect()));
                        }
                    }
                }
                Value::array(out)
            }
            "dig" => {
                let first = self.hash_get(recv, a0.unwrap_or(&Value::Nil))?;
                if args.len() <= 1 || matches!(first, Value::Nil) {
                    first
                } else {
                    self.call_method(first, "dig", args[1..].to_vec(), None)?
                }
            }
            "each" | "each_pair" => {
                let Some(b) = blk else {
                    return Ok(Some(self.unknown("Hash#each without a block")));
                };
                for (k, v) in pairs {
                    self.call_block(b, vec![Value::array(vec![k, v])])?;
                }
                recv.clone()
            }
            "each_key" | "each_value" => {
                let Some(b) = blk else {
                    return Ok(Some(self.unknown("enumerator")));
                };
                for (k, v) in pairs {
                    self.call_block(b, vec![if name == "each_key" { k } else { v }])?;
                }
                recv.clone()
            }
            "select" | "filter" | "reject" | "filter!" | "select!" | "reject!" | "keep_if"
            | "delete_if" => {
                let Some(b) = blk else {
                    return Ok(Some(self.unknown("enumerator")));
                };
                let keep = matches!(
                    name,
                    "select" | "filter" | "filter!" | "select!" | "keep_if"
                );
                let mut out = RHash::default();
                for (k, v) in pairs.iter().cloned() {
                    let r = self.call_block(b, vec![Value::array(vec![k.clone(), v.clone()])])?;
                    if self.truth(&r)? == keep {
                        out.insert(k, v);
                    }
                }
                if matches!(name, "select" | "filter" | "reject") {
                    new_hash(out)
                } else {
                    frozen_check(self)?;
                    let changed = out.map.len() != pairs.len();
                    rh.borrow_mut().map = out.map;
                    if changed || matches!(name, "keep_if" | "delete_if") {
                        recv.clone()
                    } else {
                        Value::Nil
                    }
                }
            }
            "map" | "collect" | "flat_map" | "filter_map" | "find" | "detect"
            | "each_with_index" | "each_with_object" | "inject" | "reduce" | "sort_by"
            | "group_by" | "partition" | "min_by" | "max_by" | "any?" | "all?" | "none?"
            | "sum" | "find_all" | "each_slice" | "zip" | "first" | "take" | "drop" | "sort"
            | "uniq" | "to_set" | "one?" | "each_entry" | "tally" | "entries" => {
                if name == "count" || (name == "any?" && blk.is_none() && a0.is_none()) {
                    return Ok(Some(Value::Bool(!pairs.is_empty())));
                }
                let items: Vec<Value> = pairs
                    .into_iter()
                    .map(|(k, v)| Value::array(vec![k, v]))
                    .collect();
                return self.enum_method(recv, items, name, args, blk);
            }
            "count" => {
                if a0.is_none() && blk.is_none() {
                    Value::Int(pairs.len() as i64)
                } else {
                    let items: Vec<Value> = pairs
                        .into_iter()
                        .map(|(k, v)| Value::array(vec![k, v]))
                        .collect();
                    return self.enum_method(recv, items, name, args, blk);
                }
            }
            "to_a" => Value::array(
                pairs
                    .into_iter()
                    .map(|(k, v)| Value::array(vec![k, v]))
                    .collect(),
            ),
            "to_h" => match blk {
                None => recv.clone(),
                Some(_) => {
                    let items: Vec<Value> = pairs
                        .into_iter()
                        .map(|(k, v)| Value::array(vec![k, v]))
                        .collect();
                    return self.enum_method(recv, items, "to_h", args, blk);
                }
            },
            "to_hash" => recv.clone(),
            "to_s" | "inspect" => {
                if let Some(o) = self.deep_unknown(recv) {
                    return Ok(Some(Value::Unknown(Rc::new(o))));
                }
                Value::str(recv.inspect())
            }
            "merge" | "merge!" | "update" => {
                let mut out = if name == "merge" {
                    rh.borrow().clone()
                } else {
                    frozen_check(self)?;
                    rh.borrow().clone()
                };
                out.frozen = false;
                for a in args {
                    let Value::Hash(o) = a else {
                        return self.raise(
                            "TypeError",
                            format!(
                                "no implicit conversion of {} into Hash",
                                super::string::conv_name(a)
                            ),
                        );
                    };
                    let other: Vec<(Value, Value)> = o.borrow().map.values().cloned().collect();
                    for (k, v) in other {
                        let v = match (blk, out.get(&k)) {
                            (Some(b), Some(old)) => self.call_block(b, vec![k.clone(), old, v])?,
                            _ => v,
                        };
                        out.insert(k, v);
                    }
                }
                self.check_len(out.map.len())?;
                if name == "merge" {
                    new_hash(out)
                } else {
                    let frozen = rh.borrow().frozen;
                    out.frozen = frozen;
                    *rh.borrow_mut() = out;
                    recv.clone()
                }
            }
            "delete" => {
                frozen_check(self)?;
                let k = a0.cloned().unwrap_or(Value::Nil);
                let removed = rh.borrow_mut().map.shift_remove(&k.hash_key());
                match removed {
                    Some((_, v)) => v,
                    None => match blk {
                        Some(b) => self.call_block(b, vec![k])?,
                        None => Value::Nil,
                    },
                }
            }
            "size" | "length" => Value::Int(pairs.len() as i64),
            "empty?" => Value::Bool(pairs.is_empty()),
            "invert" => {
                let mut out = RHash::default();
                for (k, v) in pairs {
                    out.insert(v, k);
                }
                new_hash(out)
            }
            "transform_values" | "transform_values!" | "transform_keys" | "transform_keys!" => {
                let mut out = RHash::default();
                let keys = name.starts_with("transform_keys");
                let map_h = match a0 {
                    Some(Value::Hash(m)) if keys => Some(m.clone()),
                    _ => None,
                };
                for (k, v) in pairs {
                    if keys {
                        let nk = match (&map_h, blk) {
                            (Some(m), _) => m.borrow().get(&k).unwrap_or(k.clone()),
                            (None, Some(b)) => self.call_block(b, vec![k])?,
                            _ => return Ok(Some(self.unknown("enumerator"))),
                        };
                        out.insert(nk, v);
                    } else {
                        let Some(b) = blk else {
                            return Ok(Some(self.unknown("enumerator")));
                        };
                        let nv = self.call_block(b, vec![v])?;
                        out.insert(k, nv);
                    }
                }
                if name.ends_with('!') {
                    frozen_check(self)?;
                    rh.borrow_mut().map = out.map;
                    recv.clone()
                } else {
                    new_hash(out)
                }
            }
            "min" | "max" | "minmax" => {
                let items: Vec<Value> = pairs
                    .into_iter()
                    .map(|(k, v)| Value::array(vec![k, v]))
                    .collect();
                return self.enum_method(recv, items, name, args, blk);
            }
            "==" | "eql?" => Value::Bool(match a0 {
                Some(o @ Value::Hash(_)) => self.equal(recv, o)?,
                _ => false,
            }),
            "default" => rh.borrow().default.clone(),
            "default=" => {
                rh.borrow_mut().default = a0.cloned().unwrap_or(Value::Nil);
                a0.cloned().unwrap_or(Value::Nil)
            }
            "clear" => {
                frozen_check(self)?;
                rh.borrow_mut().map.clear();
                recv.clone()
            }
            "replace" => {
                frozen_check(self)?;
                if let Some(Value::Hash(o)) = a0 {
                    let m = o.borrow().map.clone();
                    rh.borrow_mut().map = m;
                }
                recv.clone()
            }
            "compact" => {
                let mut out = RHash::default();
                for (k, v) in pairs {
                    if !matches!(v, Value::Nil) {
                        out.insert(k, v);
                    }
                }
                new_hash(out)
            }
            "slice" | "except" => {
                let keys: Vec<HashKey> = args.iter().map(|a| a.hash_key()).collect();
                let mut out = RHash::default();
                if name == "slice" {
                    for k in args {
                        if let Some(v) = rh.borrow().get(k) {
                            out.insert(k.clone(), v);
                        }
                    }
                } else {
                    for (k, v) in pairs {
                        if !keys.contains(&k.hash_key()) {
                            out.insert(k, v);
                        }
                    }
                }
                new_hash(out)
            }
            "shift" => {
                frozen_check(self)?;
                let first = rh.borrow_mut().map.shift_remove_index(0);
                match first {
                    Some((_, (k, v))) => Value::array(vec![k, v]),
                    None => Value::Nil,
                }
            }
            "compare_by_identity" | "rehash" => recv.clone(),
            "sum_values" => return Ok(None),
            _ => return Ok(None),
        };
        Ok(Some(v))
    }
}
