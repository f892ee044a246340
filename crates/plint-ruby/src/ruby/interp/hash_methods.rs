//! The methods of Ruby's Hash, one function each (or each small group), and [`METHODS`], the
//! table [`Interp::hash_method`] dispatches by (checked against Ruby's own list of Hash's
//! methods, `known_methods::HASH`).

use std::rc::Rc;

use super::hash::{HashCall, HashMethod, frozen_check, new_hash};
use super::value::*;
use super::{Ctrl, Interp, R};

/// Hash's methods: each name and the function that answers it.
pub(super) const METHODS: &[(&str, HashMethod)] = &[
    ("[]", get),
    ("[]=", set_at),
    ("store", set_at),
    ("fetch", fetch),
    ("key?", key_p),
    ("has_key?", key_p),
    ("include?", key_p),
    ("member?", key_p),
    ("value?", value_p),
    ("has_value?", value_p),
    ("key", key),
    ("keys", keys),
    ("values", values),
    ("values_at", values_at),
    ("fetch_values", fetch_values),
    ("dig", dig),
    ("each", each),
    ("each_pair", each),
    ("each_key", each_key_or_value),
    ("each_value", each_key_or_value),
    ("select", select_or_reject),
    ("filter", select_or_reject),
    ("reject", select_or_reject),
    ("filter!", select_or_reject),
    ("select!", select_or_reject),
    ("reject!", select_or_reject),
    ("keep_if", select_or_reject),
    ("delete_if", select_or_reject),
    ("map", enumerable),
    ("collect", enumerable),
    ("flat_map", enumerable),
    ("filter_map", enumerable),
    ("find", enumerable),
    ("detect", enumerable),
    ("each_with_index", enumerable),
    ("each_with_object", enumerable),
    ("inject", enumerable),
    ("reduce", enumerable),
    ("sort_by", enumerable),
    ("group_by", enumerable),
    ("partition", enumerable),
    ("min_by", enumerable),
    ("max_by", enumerable),
    ("any?", enumerable),
    ("all?", enumerable),
    ("none?", enumerable),
    ("sum", enumerable),
    ("find_all", enumerable),
    ("each_slice", enumerable),
    ("zip", enumerable),
    ("first", enumerable),
    ("take", enumerable),
    ("drop", enumerable),
    ("sort", enumerable),
    ("uniq", enumerable),
    ("to_set", enumerable),
    ("one?", enumerable),
    ("each_entry", enumerable),
    ("tally", enumerable),
    ("entries", enumerable),
    ("count", count),
    ("to_a", to_a),
    ("to_h", to_h),
    ("to_hash", to_hash),
    ("to_s", to_s),
    ("inspect", to_s),
    ("merge", merge),
    ("merge!", merge),
    ("update", merge),
    ("delete", delete),
    ("size", size),
    ("length", size),
    ("empty?", empty_p),
    ("invert", invert),
    ("transform_values", transform),
    ("transform_values!", transform),
    ("transform_keys", transform),
    ("transform_keys!", transform),
    ("min", min_max),
    ("max", min_max),
    ("minmax", min_max),
    ("==", eq),
    ("eql?", eq),
    ("default", default),
    ("default=", default_set),
    ("clear", clear),
    ("replace", replace),
    ("compact", compact),
    ("slice", slice),
    ("except", slice),
    ("shift", shift),
    ("compare_by_identity", unchanged),
    ("rehash", unchanged),
];

/// `Hash#[]`.
fn get(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { recv, args, .. } = c;
    let a0 = args.first();
    Ok(Some(interp.hash_get(recv, a0.unwrap_or(&Value::Nil))?))
}

/// `Hash#[]=`, `Hash#store`.
fn set_at(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { recv, rh, args, .. } = c;
    let a0 = args.first();
    frozen_check(interp, rh, recv)?;
    let k = a0.cloned().unwrap_or(Value::Nil);
    if let Value::Unknown(o) = &k {
        return Err(Ctrl::Unknown((**o).clone()));
    }
    let v = args.get(1).cloned().unwrap_or(Value::Nil);
    rh.borrow_mut().insert(k, v.clone());
    interp.charge(48)?;
    interp.check_len_size(rh.borrow().map.len())?;
    Ok(Some(v))
}

/// `Hash#fetch`.
fn fetch(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { rh, args, blk, .. } = c;
    let a0 = args.first();
    let k = a0.cloned().unwrap_or(Value::Nil);
    let got = rh.borrow().get(&k);
    match got {
        Some(v) => Ok(Some(v)),
        None => {
            if let Some(d) = args.get(1) {
                Ok(Some(d.clone()))
            } else if let Some(b) = blk {
                Ok(Some(interp.call_block(b, vec![k])?))
            } else {
                interp.raise("KeyError", format!("key not found: {}", k.inspect()))
            }
        }
    }
}

/// `Hash#key?`, `Hash#has_key?`, `Hash#include?`, `Hash#member?`.
fn key_p(_: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { rh, args, .. } = c;
    let a0 = args.first();
    Ok(Some(Value::Bool(
        rh.borrow()
            .map
            .contains_key(&a0.unwrap_or(&Value::Nil).hash_key()),
    )))
}

/// `Hash#value?`, `Hash#has_value?`.
fn value_p(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { args, pairs, .. } = c;
    let a0 = args.first();
    let v = a0.cloned().unwrap_or(Value::Nil);
    let mut hit = false;
    for (_, x) in &pairs {
        if interp.equal(x, &v)? {
            hit = true;
            break;
        }
    }
    Ok(Some(Value::Bool(hit)))
}

/// `Hash#key`.
fn key(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { args, pairs, .. } = c;
    let a0 = args.first();
    let v = a0.cloned().unwrap_or(Value::Nil);
    let mut found = Value::Nil;
    for (k, x) in &pairs {
        if interp.equal(x, &v)? {
            found = k.clone();
            break;
        }
    }
    Ok(Some(found))
}

/// `Hash#keys`.
fn keys(_: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { pairs, .. } = c;
    Ok(Some(Value::array(
        pairs.into_iter().map(|(k, _)| k).collect(),
    )))
}

/// `Hash#values`.
fn values(_: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { pairs, .. } = c;
    Ok(Some(Value::array(
        pairs.into_iter().map(|(_, v)| v).collect(),
    )))
}

/// `Hash#values_at`.
fn values_at(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { recv, args, .. } = c;
    let mut out = Vec::new();
    for a in args {
        out.push(interp.hash_get(recv, a)?);
    }
    Ok(Some(Value::array(out)))
}

/// `Hash#fetch_values`.
fn fetch_values(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { rh, args, .. } = c;
    let mut out = Vec::new();
    for a in args {
        match rh.borrow().get(a) {
            Some(v) => out.push(v),
            None => {
                return interp.raise("KeyError", format!("key not found: {}", a.inspect()));
            }
        }
    }
    Ok(Some(Value::array(out)))
}

/// `Hash#dig`.
fn dig(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { recv, args, .. } = c;
    let a0 = args.first();
    let first = interp.hash_get(recv, a0.unwrap_or(&Value::Nil))?;
    if args.len() <= 1 || matches!(first, Value::Nil) {
        Ok(Some(first))
    } else {
        Ok(Some(interp.call_method(
            first,
            "dig",
            args[1..].to_vec(),
            None,
        )?))
    }
}

/// `Hash#each`, `Hash#each_pair`.
fn each(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall {
        recv, blk, pairs, ..
    } = c;
    let Some(b) = blk else {
        return Ok(Some(interp.unknown("Hash#each without a block")));
    };
    for (k, v) in pairs {
        interp.call_block(b, vec![Value::array(vec![k, v])])?;
    }
    Ok(Some(recv.clone()))
}

/// `Hash#each_key`, `Hash#each_value`.
fn each_key_or_value(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall {
        recv,
        name,
        blk,
        pairs,
        ..
    } = c;
    let Some(b) = blk else {
        return Ok(Some(interp.unknown("enumerator")));
    };
    for (k, v) in pairs {
        interp.call_block(b, vec![if name == "each_key" { k } else { v }])?;
    }
    Ok(Some(recv.clone()))
}

/// `Hash#select`, `Hash#filter`, `Hash#reject`, `Hash#filter!`, `Hash#select!`, `Hash#reject!`, `Hash#keep_if`, `Hash#delete_if`.
fn select_or_reject(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall {
        recv,
        rh,
        name,
        blk,
        pairs,
        ..
    } = c;
    let Some(b) = blk else {
        return Ok(Some(interp.unknown("enumerator")));
    };
    let keep = matches!(
        name,
        "select" | "filter" | "filter!" | "select!" | "keep_if"
    );
    let mut out = RHash::default();
    for (k, v) in pairs.iter().cloned() {
        let r = interp.call_block(b, vec![Value::array(vec![k.clone(), v.clone()])])?;
        if interp.truth(&r)? == keep {
            out.insert(k, v);
        }
    }
    if matches!(name, "select" | "filter" | "reject") {
        Ok(Some(new_hash(out)))
    } else {
        frozen_check(interp, rh, recv)?;
        let changed = out.map.len() != pairs.len();
        rh.borrow_mut().map = out.map;
        if changed || matches!(name, "keep_if" | "delete_if") {
            Ok(Some(recv.clone()))
        } else {
            Ok(Some(Value::Nil))
        }
    }
}

/// `Hash#map`, `Hash#collect`, `Hash#flat_map`, `Hash#filter_map`, `Hash#find`, `Hash#detect`, `Hash#each_with_index`, `Hash#each_with_object`, `Hash#inject`, `Hash#reduce`, `Hash#sort_by`, `Hash#group_by`, `Hash#partition`, `Hash#min_by`, `Hash#max_by`, `Hash#any?`, `Hash#all?`, `Hash#none?`, `Hash#sum`, `Hash#find_all`, `Hash#each_slice`, `Hash#zip`, `Hash#first`, `Hash#take`, `Hash#drop`, `Hash#sort`, `Hash#uniq`, `Hash#to_set`, `Hash#one?`, `Hash#each_entry`, `Hash#tally`, `Hash#entries`.
fn enumerable(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall {
        recv,
        name,
        args,
        blk,
        pairs,
        ..
    } = c;
    let a0 = args.first();
    if name == "count" || (name == "any?" && blk.is_none() && a0.is_none()) {
        return Ok(Some(Value::Bool(!pairs.is_empty())));
    }
    let items: Vec<Value> = pairs
        .into_iter()
        .map(|(k, v)| Value::array(vec![k, v]))
        .collect();
    interp.enum_method(recv, items, name, args, blk)
}

/// `Hash#count`.
fn count(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall {
        recv,
        name,
        args,
        blk,
        pairs,
        ..
    } = c;
    let a0 = args.first();
    if a0.is_none() && blk.is_none() {
        Ok(Some(Value::Int(pairs.len() as i64)))
    } else {
        let items: Vec<Value> = pairs
            .into_iter()
            .map(|(k, v)| Value::array(vec![k, v]))
            .collect();
        interp.enum_method(recv, items, name, args, blk)
    }
}

/// `Hash#to_a`.
fn to_a(_: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { pairs, .. } = c;
    Ok(Some(Value::array(
        pairs
            .into_iter()
            .map(|(k, v)| Value::array(vec![k, v]))
            .collect(),
    )))
}

/// `Hash#to_h`.
fn to_h(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall {
        recv,
        args,
        blk,
        pairs,
        ..
    } = c;
    Ok(Some(match blk {
        None => recv.clone(),
        Some(_) => {
            let items: Vec<Value> = pairs
                .into_iter()
                .map(|(k, v)| Value::array(vec![k, v]))
                .collect();
            return interp.enum_method(recv, items, "to_h", args, blk);
        }
    }))
}

/// `Hash#to_hash`.
fn to_hash(_: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { recv, .. } = c;
    Ok(Some(recv.clone()))
}

/// `Hash#to_s`, `Hash#inspect`.
fn to_s(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { recv, .. } = c;
    if let Some(o) = interp.deep_unknown(recv) {
        return Ok(Some(Value::Unknown(Rc::new(o))));
    }
    Ok(Some(Value::str(recv.inspect())))
}

/// `Hash#merge`, `Hash#merge!`, `Hash#update`.
fn merge(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall {
        recv,
        rh,
        name,
        args,
        blk,
        ..
    } = c;
    let mut out = if name == "merge" {
        rh.borrow().clone()
    } else {
        frozen_check(interp, rh, recv)?;
        rh.borrow().clone()
    };
    out.frozen = false;
    for a in args {
        let Value::Hash(o) = a else {
            return interp.raise(
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
                (Some(b), Some(old)) => interp.call_block(b, vec![k.clone(), old, v])?,
                _ => v,
            };
            out.insert(k, v);
        }
    }
    interp.check_len(out.map.len())?;
    if name == "merge" {
        Ok(Some(new_hash(out)))
    } else {
        let frozen = rh.borrow().frozen;
        out.frozen = frozen;
        *rh.borrow_mut() = out;
        Ok(Some(recv.clone()))
    }
}

/// `Hash#delete`.
fn delete(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall {
        recv,
        rh,
        args,
        blk,
        ..
    } = c;
    let a0 = args.first();
    frozen_check(interp, rh, recv)?;
    let k = a0.cloned().unwrap_or(Value::Nil);
    let removed = rh.borrow_mut().map.shift_remove(&k.hash_key());
    match removed {
        Some((_, v)) => Ok(Some(v)),
        None => match blk {
            Some(b) => Ok(Some(interp.call_block(b, vec![k])?)),
            None => Ok(Some(Value::Nil)),
        },
    }
}

/// `Hash#size`, `Hash#length`.
fn size(_: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { pairs, .. } = c;
    Ok(Some(Value::Int(pairs.len() as i64)))
}

/// `Hash#empty?`.
fn empty_p(_: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { pairs, .. } = c;
    Ok(Some(Value::Bool(pairs.is_empty())))
}

/// `Hash#invert`.
fn invert(_: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { pairs, .. } = c;
    let mut out = RHash::default();
    for (k, v) in pairs {
        out.insert(v, k);
    }
    Ok(Some(new_hash(out)))
}

/// `Hash#transform_values`, `Hash#transform_values!`, `Hash#transform_keys`, `Hash#transform_keys!`.
fn transform(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall {
        recv,
        rh,
        name,
        args,
        blk,
        pairs,
    } = c;
    let a0 = args.first();
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
                (None, Some(b)) => interp.call_block(b, vec![k])?,
                _ => return Ok(Some(interp.unknown("enumerator"))),
            };
            out.insert(nk, v);
        } else {
            let Some(b) = blk else {
                return Ok(Some(interp.unknown("enumerator")));
            };
            let nv = interp.call_block(b, vec![v])?;
            out.insert(k, nv);
        }
    }
    if name.ends_with('!') {
        frozen_check(interp, rh, recv)?;
        rh.borrow_mut().map = out.map;
        Ok(Some(recv.clone()))
    } else {
        Ok(Some(new_hash(out)))
    }
}

/// `Hash#min`, `Hash#max`, `Hash#minmax`.
fn min_max(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall {
        recv,
        name,
        args,
        blk,
        pairs,
        ..
    } = c;
    let items: Vec<Value> = pairs
        .into_iter()
        .map(|(k, v)| Value::array(vec![k, v]))
        .collect();
    interp.enum_method(recv, items, name, args, blk)
}

/// `Hash#==`, `Hash#eql?`.
fn eq(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { recv, args, .. } = c;
    let a0 = args.first();
    Ok(Some(Value::Bool(match a0 {
        Some(o @ Value::Hash(_)) => interp.equal(recv, o)?,
        _ => false,
    })))
}

/// `Hash#default`.
fn default(_: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { rh, .. } = c;
    Ok(Some(rh.borrow().default.clone()))
}

/// `Hash#default=`.
fn default_set(_: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { rh, args, .. } = c;
    let a0 = args.first();
    rh.borrow_mut().default = a0.cloned().unwrap_or(Value::Nil);
    Ok(Some(a0.cloned().unwrap_or(Value::Nil)))
}

/// `Hash#clear`.
fn clear(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { recv, rh, .. } = c;
    frozen_check(interp, rh, recv)?;
    rh.borrow_mut().map.clear();
    Ok(Some(recv.clone()))
}

/// `Hash#replace`.
fn replace(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { recv, rh, args, .. } = c;
    let a0 = args.first();
    frozen_check(interp, rh, recv)?;
    if let Some(Value::Hash(o)) = a0 {
        let m = o.borrow().map.clone();
        rh.borrow_mut().map = m;
    }
    Ok(Some(recv.clone()))
}

/// `Hash#compact`.
fn compact(_: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { pairs, .. } = c;
    let mut out = RHash::default();
    for (k, v) in pairs {
        if !matches!(v, Value::Nil) {
            out.insert(k, v);
        }
    }
    Ok(Some(new_hash(out)))
}

/// `Hash#slice`, `Hash#except`.
fn slice(_: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall {
        rh,
        name,
        args,
        pairs,
        ..
    } = c;
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
    Ok(Some(new_hash(out)))
}

/// `Hash#shift`.
fn shift(interp: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { recv, rh, .. } = c;
    frozen_check(interp, rh, recv)?;
    let first = rh.borrow_mut().map.shift_remove_index(0);
    match first {
        Some((_, (k, v))) => Ok(Some(Value::array(vec![k, v]))),
        None => Ok(Some(Value::Nil)),
    }
}

/// `Hash#compare_by_identity`, `Hash#rehash`.
fn unchanged(_: &mut Interp<'_>, c: HashCall<'_>) -> R<Option<Value>> {
    let HashCall { recv, .. } = c;
    Ok(Some(recv.clone()))
}
