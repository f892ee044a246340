//! The methods of Ruby's Hash (insertion order; Enumerable over `[key, value]` pairs).

use std::cell::RefCell;
use std::rc::Rc;

use super::value::*;
use super::{Blk, Interp, R};

pub(crate) fn new_hash(h: RHash) -> Value {
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

    /// The methods of Hash: lookups that need no copy of the pairs, then the function
    /// [`hash_methods::METHODS`](super::hash_methods::METHODS) names; `None` for a name it
    /// lacks.
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
        let Some(method) = super::find_method(super::hash_methods::METHODS, name) else {
            return Ok(None);
        };
        method(
            self,
            HashCall {
                recv,
                rh,
                name,
                args,
                blk,
                pairs,
            },
        )
    }
}

/// A call of one of Hash's methods, as its function in the table receives it.
pub(crate) struct HashCall<'a> {
    /// The Hash.
    pub(crate) recv: &'a Value,
    /// Its pairs and state.
    pub(crate) rh: &'a Rc<RefCell<RHash>>,
    /// The method's name (one function answers several).
    pub(crate) name: &'a str,
    pub(crate) args: &'a [Value],
    pub(crate) blk: Option<&'a Blk>,
    /// A copy of its pairs, in order.
    pub(crate) pairs: Vec<(Value, Value)>,
}

/// The function of one of Hash's methods; `None` when it does not answer.
pub(crate) type HashMethod = fn(&mut Interp<'_>, HashCall<'_>) -> R<Option<Value>>;

/// A FrozenError if the hash is frozen.
pub(crate) fn frozen_check(interp: &Interp<'_>, rh: &RefCell<RHash>, recv: &Value) -> R<()> {
    if rh.borrow().frozen {
        return interp.raise(
            "FrozenError",
            format!("can't modify frozen Hash: {}", recv.inspect()),
        );
    }
    Ok(())
}
