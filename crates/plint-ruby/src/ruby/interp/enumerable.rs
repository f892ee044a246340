//! Enumerable's methods (over an Array's elements, a Hash's `[key, value]` pairs, a Range's or
//! a Set's members), one function each (or each small group), and [`METHODS`], the table
//! [`Interp::enum_method`] dispatches by (checked against Ruby's own lists of Array's and
//! Hash's methods, `known_methods::ARRAY` and `known_methods::HASH`).

use std::cmp::Ordering;
use std::rc::Rc;

use super::array::{EnumCall, EnumMethod};
use super::value::*;
use super::{Ctrl, Interp, R};

/// Enumerable's methods: each name and the function that answers it.
pub(super) const METHODS: &[(&str, EnumMethod)] = &[
    ("each", each_either),
    ("each_entry", each_either),
    ("each_with_index", each_with_index_either),
    ("map", map_either),
    ("collect", map_either),
    ("flat_map", map),
    ("collect_concat", map),
    ("select", select),
    ("filter", select),
    ("reject", select),
    ("find_all", select),
    ("filter_map", filter_map),
    ("partition", partition),
    ("find", find),
    ("detect", find),
    ("find_index", find_index),
    ("index", find_index),
    ("any?", any_p),
    ("all?", any_p),
    ("none?", any_p),
    ("one?", any_p),
    ("count", count),
    ("inject", inject),
    ("reduce", inject),
    ("sum", sum),
    ("each_with_object", each_with_object),
    ("group_by", group_by),
    ("tally", tally_without_block),
    ("sort", sort),
    ("sort_by", sort_by),
    ("min", min),
    ("max", min),
    ("min_by", min_by),
    ("max_by", min_by),
    ("minmax", minmax_without_block),
    ("each_slice", each_slice),
    ("each_cons", each_slice),
    ("to_a", to_a_without_block),
    ("entries", to_a_without_block),
    ("include?", include_p),
    ("member?", include_p),
    ("first", first_without_block),
    ("take", take_without_block),
    ("drop", drop_without_block),
    ("take_while", take_while),
    ("drop_while", take_while),
    ("zip", zip),
    ("uniq", uniq),
    ("to_set", to_set_without_block),
    ("to_h", to_h),
    ("each_index", each_index),
    ("reverse_each", reverse_each),
    ("chunk_while", chunk_while),
    ("slice_when", chunk_while),
];

/// `Enumerable#each`, `Enumerable#each_entry` with a block.
fn each(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall {
        recv, items, blk, ..
    } = c;
    let Some(b) = blk else {
        return Ok(None);
    };
    for x in items {
        interp.call_block(b, vec![x])?;
    }
    Ok(Some(recv.clone()))
}

/// `Enumerable#each_with_index` with a block.
fn each_with_index(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall {
        recv, items, blk, ..
    } = c;
    let Some(b) = blk else {
        return Ok(None);
    };
    for (i, x) in items.into_iter().enumerate() {
        interp.call_block(b, vec![x, Value::Int(i as i64)])?;
    }
    Ok(Some(recv.clone()))
}

/// `Enumerable#map`, `Enumerable#collect`, `Enumerable#flat_map`, `Enumerable#collect_concat` with a block.
fn map(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall {
        items, name, blk, ..
    } = c;
    let Some(b) = blk else {
        return Ok(None);
    };
    let mut out = Vec::with_capacity(items.len());
    for x in items {
        let r = interp.call_block(b, vec![x])?;
        if matches!(name, "flat_map" | "collect_concat")
            && let Value::Array(a) = &r
        {
            out.extend(a.borrow().items.iter().cloned());
            continue;
        }
        out.push(r);
    }
    Ok(Some(Value::array(out)))
}

/// `Enumerable#select`, `Enumerable#filter`, `Enumerable#reject`, `Enumerable#find_all` with a block.
fn select(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall {
        items, name, blk, ..
    } = c;
    let Some(b) = blk else {
        return Ok(None);
    };
    let keep = name != "reject";
    let mut out = Vec::new();
    for x in items {
        let r = interp.call_block(b, vec![x.clone()])?;
        if interp.truth(&r)? == keep {
            out.push(x);
        }
    }
    Ok(Some(Value::array(out)))
}

/// `Enumerable#filter_map` with a block.
fn filter_map(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall { items, blk, .. } = c;
    let Some(b) = blk else {
        return Ok(None);
    };
    let mut out = Vec::new();
    for x in items {
        let r = interp.call_block(b, vec![x])?;
        if interp.truth(&r)? {
            out.push(r);
        }
    }
    Ok(Some(Value::array(out)))
}

/// `Enumerable#partition` with a block.
fn partition(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall { items, blk, .. } = c;
    let Some(b) = blk else {
        return Ok(None);
    };
    let (mut yes, mut no) = (Vec::new(), Vec::new());
    for x in items {
        let r = interp.call_block(b, vec![x.clone()])?;
        if interp.truth(&r)? {
            yes.push(x);
        } else {
            no.push(x);
        }
    }
    Ok(Some(Value::array(vec![
        Value::array(yes),
        Value::array(no),
    ])))
}

/// `Enumerable#find`, `Enumerable#detect` with a block.
fn find(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall { items, blk, .. } = c;
    let Some(b) = blk else {
        return Ok(None);
    };
    for x in items {
        let r = interp.call_block(b, vec![x.clone()])?;
        if interp.truth(&r)? {
            return Ok(Some(x));
        }
    }
    Ok(Some(Value::Nil))
}

/// `Enumerable#find_index`, `Enumerable#index`.
fn find_index(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall {
        items, args, blk, ..
    } = c;
    let a0 = args.first();
    for (i, x) in items.into_iter().enumerate() {
        let hit = match (blk, a0) {
            (_, Some(v)) => interp.equal(&x, v)?,
            (Some(b), None) => {
                let r = interp.call_block(b, vec![x])?;
                interp.truth(&r)?
            }
            (None, None) => return Ok(Some(interp.unknown("enumerator"))),
        };
        if hit {
            return Ok(Some(Value::Int(i as i64)));
        }
    }
    Ok(Some(Value::Nil))
}

/// `Enumerable#any?`, `Enumerable#all?`, `Enumerable#none?`, `Enumerable#one?`.
fn any_p(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall {
        items,
        name,
        args,
        blk,
        ..
    } = c;
    let a0 = args.first();
    let mut count = 0usize;
    let total = items.len();
    for x in items {
        let t = match (a0, blk) {
            (Some(pat), _) => {
                let r = interp.call_method(pat.clone(), "===", vec![x], None)?;
                interp.truth(&r)?
            }
            (None, Some(b)) => {
                let r = interp.call_block(b, vec![x])?;
                interp.truth(&r)?
            }
            (None, None) => interp.truth(&x)?,
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
    Ok(Some(Value::Bool(match name {
        "any?" => false,
        "all?" | "none?" => true,
        _ => count == 1,
    })))
}

/// `Enumerable#count`.
fn count(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall {
        items, args, blk, ..
    } = c;
    let a0 = args.first();
    Ok(Some(match (a0, blk) {
        (Some(v), _) => {
            let mut n = 0;
            for x in items {
                if interp.equal(&x, v)? {
                    n += 1;
                }
            }
            Value::Int(n)
        }
        (None, Some(b)) => {
            let mut n = 0;
            for x in items {
                let r = interp.call_block(b, vec![x])?;
                if interp.truth(&r)? {
                    n += 1;
                }
            }
            Value::Int(n)
        }
        (None, None) => Value::Int(items.len() as i64),
    }))
}

/// `Enumerable#inject`, `Enumerable#reduce`.
fn inject(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall {
        items, args, blk, ..
    } = c;
    let (mut acc, op, rest): (Option<Value>, Option<String>, Vec<Value>) = match (args, blk) {
        ([init, Value::Sym(op)], _) => (Some(init.clone()), Some(op.to_string()), items),
        ([Value::Sym(op)], None) => (None, Some(op.to_string()), items),
        ([init], Some(_)) => (Some(init.clone()), None, items),
        _ => (None, None, items),
    };
    for x in rest {
        acc = Some(match acc {
            None => x,
            Some(a) => match (&op, blk) {
                (Some(op), _) => interp.call_method(a, op, vec![x], None)?,
                (None, Some(b)) => interp.call_block(b, vec![a, x])?,
                (None, None) => {
                    return Ok(Some(interp.unknown("inject without a block")));
                }
            },
        });
    }
    Ok(Some(acc.unwrap_or(Value::Nil)))
}

/// `Enumerable#sum`.
fn sum(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall {
        items, args, blk, ..
    } = c;
    let a0 = args.first();
    let mut acc = a0.cloned().unwrap_or(Value::Int(0));
    for x in items {
        let x = match blk {
            Some(b) => interp.call_block(b, vec![x])?,
            None => x,
        };
        acc = interp.call_method(acc, "+", vec![x], None)?;
    }
    Ok(Some(acc))
}

/// `Enumerable#each_with_object` with a block.
fn each_with_object(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall {
        items, args, blk, ..
    } = c;
    let Some(b) = blk else {
        return Ok(None);
    };
    let a0 = args.first();
    let memo = a0.cloned().unwrap_or(Value::Nil);
    for x in items {
        interp.call_block(b, vec![x, memo.clone()])?;
    }
    Ok(Some(memo))
}

/// `Enumerable#group_by` with a block.
fn group_by(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall { items, blk, .. } = c;
    let Some(b) = blk else {
        return Ok(None);
    };
    let mut h = RHash::default();
    for x in items {
        let k = interp.call_block(b, vec![x.clone()])?;
        if let Value::Unknown(o) = &k {
            return Err(Ctrl::Unknown((**o).clone()));
        }
        match h.get(&k) {
            Some(Value::Array(a)) => a.borrow_mut().items.push(x),
            _ => h.insert(k, Value::array(vec![x])),
        }
    }
    Ok(Some(Value::Hash(Rc::new(std::cell::RefCell::new(h)))))
}

/// `Enumerable#tally` without a block.
fn tally_without_block(_: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall { items, blk, .. } = c;
    if blk.is_some() {
        return Ok(None);
    }
    let mut h = RHash::default();
    for x in items {
        let n = match h.get(&x) {
            Some(Value::Int(n)) => n + 1,
            _ => 1,
        };
        h.insert(x, Value::Int(n));
    }
    Ok(Some(Value::Hash(Rc::new(std::cell::RefCell::new(h)))))
}

/// `Enumerable#sort`.
fn sort(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall { items, blk, .. } = c;
    Ok(Some(Value::array(interp.sort_values(items, blk)?)))
}

/// `Enumerable#sort_by` with a block.
fn sort_by(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall { items, blk, .. } = c;
    let Some(b) = blk else {
        return Ok(None);
    };
    Ok(Some(Value::array(interp.sort_by_values(items, b)?)))
}

/// `Enumerable#min`, `Enumerable#max`.
fn min(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall {
        items,
        name,
        args,
        blk,
        ..
    } = c;
    let a0 = args.first();
    let want = if name == "min" {
        Ordering::Less
    } else {
        Ordering::Greater
    };
    if let Some(Value::Int(n)) = a0 {
        let mut sorted = interp.sort_values(items, blk)?;
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
                    Some(b) => interp.block_cmp(b, &x, &b0)?,
                    None => interp.compare(&x, &b0)?,
                };
                if o == want { x } else { b0 }
            }
        });
    }
    Ok(Some(best.unwrap_or(Value::Nil)))
}

/// `Enumerable#min_by`, `Enumerable#max_by` with a block.
fn min_by(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall {
        items, name, blk, ..
    } = c;
    let Some(b) = blk else {
        return Ok(None);
    };
    let want = if name == "min_by" {
        Ordering::Less
    } else {
        Ordering::Greater
    };
    let mut best: Option<(Value, Value)> = None;
    for x in items {
        let k = interp.call_block(b, vec![x.clone()])?;
        best = Some(match best {
            None => (k, x),
            Some((bk, bx)) => {
                if interp.compare(&k, &bk)? == want {
                    (k, x)
                } else {
                    (bk, bx)
                }
            }
        });
    }
    Ok(Some(best.map(|(_, x)| x).unwrap_or(Value::Nil)))
}

/// `Enumerable#minmax` without a block.
fn minmax_without_block(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall { items, blk, .. } = c;
    if blk.is_some() {
        return Ok(None);
    }
    let sorted = interp.sort_values(items, None)?;
    Ok(Some(Value::array(vec![
        sorted.first().cloned().unwrap_or(Value::Nil),
        sorted.last().cloned().unwrap_or(Value::Nil),
    ])))
}

/// `Enumerable#each_slice`, `Enumerable#each_cons`.
fn each_slice(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall {
        recv,
        items,
        name,
        args,
        blk,
    } = c;
    let a0 = args.first();
    let n = interp.int_arg(a0.unwrap_or(&Value::Nil))?;
    if n <= 0 {
        return interp.raise("ArgumentError", "invalid slice size");
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
                interp.call_block(b, vec![g])?;
            }
            if name == "each_slice" {
                Ok(Some(Value::Nil))
            } else {
                Ok(Some(recv.clone()))
            }
        }
        None => Ok(Some(Value::array(groups))),
    }
}

/// `Enumerable#to_a`, `Enumerable#entries` without a block.
fn to_a_without_block(_: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall { items, blk, .. } = c;
    if blk.is_some() {
        return Ok(None);
    }
    Ok(Some(Value::array(items)))
}

/// `Enumerable#each_with_index` without a block.
// Without a block, these stand for their enumerator: the elements (with their
// indexes), which `map`, `to_a`, `select`... then read.
fn each_with_index_without_block(_: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall { items, blk, .. } = c;
    if blk.is_some() {
        return Ok(None);
    }
    Ok(Some(Value::array(
        items
            .into_iter()
            .enumerate()
            .map(|(i, x)| Value::array(vec![x, Value::Int(i as i64)]))
            .collect(),
    )))
}

/// `Enumerable#each`, `Enumerable#map`, `Enumerable#collect`, `Enumerable#each_entry` without a block.
fn each_without_block(_: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall { items, blk, .. } = c;
    if blk.is_some() {
        return Ok(None);
    }
    Ok(Some(Value::array(items)))
}

/// `Enumerable#include?`, `Enumerable#member?`.
fn include_p(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall { items, args, .. } = c;
    let a0 = args.first();
    let v = a0.cloned().unwrap_or(Value::Nil);
    for x in &items {
        if interp.equal(x, &v)? {
            return Ok(Some(Value::Bool(true)));
        }
    }
    Ok(Some(Value::Bool(false)))
}

/// `Enumerable#first` without a block.
fn first_without_block(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall {
        items, args, blk, ..
    } = c;
    if blk.is_some() {
        return Ok(None);
    }
    let a0 = args.first();
    Ok(Some(match a0 {
        None => items.first().cloned().unwrap_or(Value::Nil),
        Some(n) => {
            let n = interp.int_arg(n)?;
            if n < 0 {
                return interp.raise("ArgumentError", "negative array size");
            }
            Value::array(items.into_iter().take(n as usize).collect())
        }
    }))
}

/// `Enumerable#take` without a block.
fn take_without_block(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall {
        items, args, blk, ..
    } = c;
    if blk.is_some() {
        return Ok(None);
    }
    let a0 = args.first();
    let n = interp.int_arg(a0.unwrap_or(&Value::Nil))?;
    if n < 0 {
        return interp.raise("ArgumentError", "attempt to take negative size");
    }
    Ok(Some(Value::array(
        items.into_iter().take(n as usize).collect(),
    )))
}

/// `Enumerable#drop` without a block.
fn drop_without_block(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall {
        items, args, blk, ..
    } = c;
    if blk.is_some() {
        return Ok(None);
    }
    let a0 = args.first();
    let n = interp.int_arg(a0.unwrap_or(&Value::Nil))?;
    if n < 0 {
        return interp.raise("ArgumentError", "attempt to drop negative size");
    }
    Ok(Some(Value::array(
        items.into_iter().skip(n as usize).collect(),
    )))
}

/// `Enumerable#take_while`, `Enumerable#drop_while` with a block.
fn take_while(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall {
        items, name, blk, ..
    } = c;
    let Some(b) = blk else {
        return Ok(None);
    };
    let mut idx = items.len();
    for (i, x) in items.iter().enumerate() {
        let r = interp.call_block(b, vec![x.clone()])?;
        if !interp.truth(&r)? {
            idx = i;
            break;
        }
    }
    if name == "take_while" {
        Ok(Some(Value::array(items[..idx].to_vec())))
    } else {
        Ok(Some(Value::array(items[idx..].to_vec())))
    }
}

/// `Enumerable#zip`.
fn zip(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall {
        items, args, blk, ..
    } = c;
    let mut others = Vec::new();
    for a in args {
        others.push(interp.iterate(a)?);
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
                interp.call_block(b, vec![r])?;
            }
            Ok(Some(Value::Nil))
        }
        None => Ok(Some(Value::array(out))),
    }
}

/// `Enumerable#uniq`.
fn uniq(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall { items, blk, .. } = c;
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for x in items {
        let k = match blk {
            Some(b) => interp.call_block(b, vec![x.clone()])?,
            None => x.clone(),
        };
        if let Some(o) = interp.deep_unknown(&k) {
            return Err(Ctrl::Unknown(o));
        }
        if seen.insert(k.hash_key()) {
            out.push(x);
        }
    }
    Ok(Some(Value::array(out)))
}

/// `Enumerable#to_set` without a block.
fn to_set_without_block(_: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall { items, blk, .. } = c;
    if blk.is_some() {
        return Ok(None);
    }
    let mut h = RHash::default();
    for x in items {
        h.insert(x, Value::Bool(true));
    }
    Ok(Some(Value::Set(Rc::new(std::cell::RefCell::new(h)))))
}

/// `Enumerable#to_h`.
fn to_h(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall { items, blk, .. } = c;
    let mut h = RHash::default();
    for x in items {
        let pair = match blk {
            Some(b) => interp.call_block(b, vec![x])?,
            None => x,
        };
        match &pair {
            Value::Array(a) if a.borrow().items.len() == 2 => {
                let a = a.borrow();
                h.insert(a.items[0].clone(), a.items[1].clone());
            }
            other => {
                return interp.raise(
                    "TypeError",
                    format!("wrong element type {} (expected array)", other.class_name()),
                );
            }
        }
    }
    Ok(Some(Value::Hash(Rc::new(std::cell::RefCell::new(h)))))
}

/// `Enumerable#each_index` with a block.
fn each_index(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall {
        recv, items, blk, ..
    } = c;
    let Some(b) = blk else {
        return Ok(None);
    };
    for i in 0..items.len() {
        interp.call_block(b, vec![Value::Int(i as i64)])?;
    }
    Ok(Some(recv.clone()))
}

/// `Enumerable#reverse_each` with a block.
fn reverse_each(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall {
        recv, items, blk, ..
    } = c;
    let Some(b) = blk else {
        return Ok(None);
    };
    for x in items.into_iter().rev() {
        interp.call_block(b, vec![x])?;
    }
    Ok(Some(recv.clone()))
}

/// `Enumerable#chunk_while`, `Enumerable#slice_when` with a block.
fn chunk_while(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    let EnumCall {
        items, name, blk, ..
    } = c;
    let Some(b) = blk else {
        return Ok(None);
    };
    let mut groups: Vec<Vec<Value>> = Vec::new();
    for x in items {
        let split = match groups.last().and_then(|g| g.last()) {
            None => true,
            Some(prev) => {
                let r = interp.call_block(b, vec![prev.clone(), x.clone()])?;
                interp.truth(&r)? == (name == "slice_when")
            }
        };
        if split {
            groups.push(vec![x]);
        } else if let Some(g) = groups.last_mut() {
            g.push(x);
        }
    }
    Ok(Some(Value::array(
        groups.into_iter().map(Value::array).collect(),
    )))
}

/// `Enumerable#each`, `Enumerable#each_entry`, with a block or without.
fn each_either(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    if c.blk.is_some() {
        each(interp, c)
    } else {
        each_without_block(interp, c)
    }
}

/// `Enumerable#each_with_index`, with a block or without.
fn each_with_index_either(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    if c.blk.is_some() {
        each_with_index(interp, c)
    } else {
        each_with_index_without_block(interp, c)
    }
}

/// `Enumerable#map`, `Enumerable#collect`, with a block or without.
fn map_either(interp: &mut Interp<'_>, c: EnumCall<'_>) -> R<Option<Value>> {
    if c.blk.is_some() {
        map(interp, c)
    } else {
        each_without_block(interp, c)
    }
}
