//! The methods of Ruby's Set (insertion order; Enumerable over its members).

use std::rc::Rc;

use super::value::*;
use super::{Blk, Interp, R};

impl Interp<'_> {
    /// The methods of Set.
    pub(crate) fn set_method(
        &mut self,
        recv: &Value,
        name: &str,
        args: &[Value],
        blk: Option<&Blk>,
    ) -> R<Option<Value>> {
        let Value::Set(h) = recv else { return Ok(None) };
        let a0 = args.first().cloned().unwrap_or(Value::Nil);
        let items: Vec<Value> = h.borrow().map.values().map(|(k, _)| k.clone()).collect();
        Ok(Some(match name {
            "<<" | "add" => {
                h.borrow_mut().insert(a0, Value::Bool(true));
                recv.clone()
            }
            "add?" => {
                if h.borrow().map.contains_key(&a0.hash_key()) {
                    Value::Nil
                } else {
                    h.borrow_mut().insert(a0, Value::Bool(true));
                    recv.clone()
                }
            }
            "delete" => {
                h.borrow_mut().map.shift_remove(&a0.hash_key());
                recv.clone()
            }
            "include?" | "member?" | "===" | "contain?" => {
                Value::Bool(h.borrow().map.contains_key(&a0.hash_key()))
            }
            "size" | "length" | "count" if blk.is_none() && args.is_empty() => {
                Value::Int(items.len() as i64)
            }
            "empty?" => Value::Bool(items.is_empty()),
            "to_a" => Value::array(items),
            "to_set" => recv.clone(),
            "merge" | "|" | "union" | "+" => {
                let more = self.iterate(&a0)?;
                let mut n = h.borrow().clone();
                for x in more {
                    n.insert(x, Value::Bool(true));
                }
                if name == "merge" {
                    *h.borrow_mut() = n;
                    recv.clone()
                } else {
                    Value::Set(Rc::new(std::cell::RefCell::new(n)))
                }
            }
            "-" | "difference" | "&" | "intersection" => {
                let other = self.iterate(&a0)?;
                let keys: std::collections::HashSet<HashKey> =
                    other.iter().map(|v| v.hash_key()).collect();
                let keep_in = matches!(name, "&" | "intersection");
                let mut n = RHash::default();
                for x in items {
                    if keys.contains(&x.hash_key()) == keep_in {
                        n.insert(x, Value::Bool(true));
                    }
                }
                Value::Set(Rc::new(std::cell::RefCell::new(n)))
            }
            "subset?" | "<=" | "superset?" | ">=" => {
                let other = self.iterate(&a0)?;
                let okeys: std::collections::HashSet<HashKey> =
                    other.iter().map(|v| v.hash_key()).collect();
                let mine: std::collections::HashSet<HashKey> =
                    items.iter().map(|v| v.hash_key()).collect();
                Value::Bool(if matches!(name, "subset?" | "<=") {
                    mine.is_subset(&okeys)
                } else {
                    mine.is_superset(&okeys)
                })
            }
            "to_s" | "inspect" => Value::str(recv.inspect()),
            "==" => Value::Bool(super::call::values_equal(recv, &a0)),
            _ => return self.enum_method(recv, items, name, args, blk),
        }))
    }
}
