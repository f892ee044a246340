//! The methods of Ruby's Array, one function each (or each small group), and [`METHODS`], the
//! table [`Interp::array_method`] dispatches by before Enumerable's (checked against Ruby's own
//! list of Array's methods, `known_methods::ARRAY`).

use std::rc::Rc;

use super::array::{ArrayCall, ArrayMethod, flatten_into, frozen_check};
use super::value::*;
use super::{Ctrl, Interp, R};

/// Array's methods: each name and the function that answers it.
pub(super) const METHODS: &[(&str, ArrayMethod)] = &[
    ("<<", append),
    ("push", append),
    ("append", append),
    ("unshift", unshift),
    ("prepend", unshift),
    ("pop", pop_or_shift),
    ("shift", pop_or_shift),
    ("insert", insert),
    ("concat", concat),
    ("+", plus),
    ("-", minus),
    ("difference", minus),
    ("&", and),
    ("intersection", and),
    ("|", or),
    ("union", or),
    ("*", times),
    ("==", eq),
    ("eql?", eq),
    ("<=>", cmp),
    ("join", join),
    ("to_s", to_s),
    ("inspect", to_s),
    ("to_a", to_a),
    ("entries", to_a),
    ("to_ary", to_a),
    ("size", size),
    ("length", size),
    ("empty?", empty_p),
    ("[]", slice),
    ("slice", slice),
    ("dig", dig),
    ("at", element_at),
    ("[]=", set_at),
    ("fetch", fetch),
    ("values_at", values_at),
    ("last", last),
    ("compact", compact),
    ("flatten", flatten),
    ("reverse", reverse),
    ("rotate", rotate),
    ("include?", include_p),
    ("member?", include_p),
    ("delete", delete),
    ("delete_at", delete_at),
    ("clear", clear),
    ("replace", replace),
    ("transpose", transpose),
    ("assoc", assoc),
    ("rindex", rindex),
    ("product", product),
    ("pack", pack),
    ("sample", not_modelled),
    ("shuffle", not_modelled),
    ("shuffle!", not_modelled),
    ("cycle", not_modelled),
    ("combination", not_modelled),
    ("permutation", not_modelled),
    ("map!", in_place),
    ("collect!", in_place),
    ("select!", in_place),
    ("filter!", in_place),
    ("reject!", in_place),
    ("keep_if", in_place),
    ("delete_if", in_place),
    ("sort!", in_place),
    ("sort_by!", in_place),
    ("uniq!", in_place),
    ("compact!", in_place),
    ("flatten!", in_place),
    ("reverse!", in_place),
    ("rotate!", in_place),
    ("shelljoin", shelljoin),
    ("hash", left_to_object),
    ("frozen?", left_to_object),
    ("freeze", left_to_object),
    ("dup", left_to_object),
    ("clone", left_to_object),
];

/// `Array#<<`, `Array#push`, `Array#append`.
fn append(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { recv, ra, args, .. } = c;
    frozen_check(interp, ra, recv)?;
    ra.borrow_mut().items.extend(args.iter().cloned());
    interp.charge(args.len() * 16)?;
    interp.check_len_size(ra.borrow().items.len())?;
    Ok(Some(recv.clone()))
}

/// `Array#unshift`, `Array#prepend`.
fn unshift(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { recv, ra, args, .. } = c;
    frozen_check(interp, ra, recv)?;
    let mut b = ra.borrow_mut();
    for (i, a) in args.iter().enumerate() {
        b.items.insert(i, a.clone());
    }
    Ok(Some(recv.clone()))
}

/// `Array#pop`, `Array#shift`.
fn pop_or_shift(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall {
        recv,
        ra,
        name,
        args,
        ..
    } = c;
    let a0 = args.first();
    frozen_check(interp, ra, recv)?;
    let mut b = ra.borrow_mut();
    match a0 {
        None => {
            if b.items.is_empty() {
                Ok(Some(Value::Nil))
            } else if name == "pop" {
                Ok(Some(b.items.pop().unwrap_or(Value::Nil)))
            } else {
                Ok(Some(b.items.remove(0)))
            }
        }
        Some(n) => {
            let n = (interp.int_arg(n)?.max(0) as usize).min(b.items.len());
            let len = b.items.len();
            let taken: Vec<Value> = if name == "pop" {
                b.items.drain(len - n..).collect()
            } else {
                b.items.drain(..n).collect()
            };
            Ok(Some(Value::array(taken)))
        }
    }
}

/// `Array#insert`.
fn insert(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { recv, ra, args, .. } = c;
    let a0 = args.first();
    frozen_check(interp, ra, recv)?;
    let i = interp.int_arg(a0.unwrap_or(&Value::Nil))?;
    let mut b = ra.borrow_mut();
    let n = b.items.len() as i64;
    let pos = if i < 0 { n + i + 1 } else { i };
    if pos < 0 {
        drop(b);
        return interp.raise(
            "IndexError",
            format!("index {i} too small for array; minimum: -{}", n + 1),
        );
    }
    if pos as usize > interp.budget.max_collection {
        drop(b);
        return Err(Ctrl::Budget("a collection too large".into()));
    }
    while (b.items.len() as i64) < pos {
        b.items.push(Value::Nil);
    }
    for (k, a) in args[1..].iter().enumerate() {
        b.items.insert(pos as usize + k, a.clone());
    }
    Ok(Some(recv.clone()))
}

/// `Array#concat`.
fn concat(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { recv, ra, args, .. } = c;
    frozen_check(interp, ra, recv)?;
    for a in args {
        let more = match a {
            Value::Array(x) => x.borrow().items.clone(),
            other => {
                return interp.raise(
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
    Ok(Some(recv.clone()))
}

/// `Array#+`.
fn plus(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { args, items, .. } = c;
    let a0 = args.first();
    Ok(Some(match a0 {
        Some(Value::Array(o)) => {
            let mut v = items;
            v.extend(o.borrow().items.iter().cloned());
            interp.check_len(v.len())?;
            Value::array(v)
        }
        other => {
            return interp.raise(
                "TypeError",
                format!(
                    "no implicit conversion of {} into Array",
                    super::string::conv_name(other.unwrap_or(&Value::Nil))
                ),
            );
        }
    }))
}

/// `Array#-`, `Array#difference`.
fn minus(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { args, items, .. } = c;
    let a0 = args.first();
    let other = interp.iterate(a0.unwrap_or(&Value::Nil))?;
    let keys: std::collections::HashSet<HashKey> = other.iter().map(|v| v.hash_key()).collect();
    Ok(Some(Value::array(
        items
            .into_iter()
            .filter(|x| !keys.contains(&x.hash_key()))
            .collect(),
    )))
}

/// `Array#&`, `Array#intersection`.
fn and(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { args, items, .. } = c;
    let a0 = args.first();
    let other = interp.iterate(a0.unwrap_or(&Value::Nil))?;
    let keys: std::collections::HashSet<HashKey> = other.iter().map(|v| v.hash_key()).collect();
    let mut seen = std::collections::HashSet::new();
    Ok(Some(Value::array(
        items
            .into_iter()
            .filter(|x| keys.contains(&x.hash_key()) && seen.insert(x.hash_key()))
            .collect(),
    )))
}

/// `Array#|`, `Array#union`.
fn or(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { args, items, .. } = c;
    let mut all = items;
    for a in args {
        all.extend(interp.iterate(a)?);
    }
    let mut seen = std::collections::HashSet::new();
    Ok(Some(Value::array(
        all.into_iter()
            .filter(|x| seen.insert(x.hash_key()))
            .collect(),
    )))
}

/// `Array#*`.
fn times(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { args, items, .. } = c;
    let a0 = args.first();
    Ok(Some(match a0 {
        Some(Value::Str(sep)) => {
            let sep = sep.borrow().text.clone();
            Value::str(interp.join(&items, &sep)?)
        }
        Some(v) => {
            let n = interp.int_arg(v)?;
            if n < 0 {
                return interp.raise("ArgumentError", "negative argument");
            }
            interp.check_len(items.len().saturating_mul(n as usize))?;
            let mut out = Vec::new();
            for _ in 0..n {
                out.extend(items.iter().cloned());
            }
            Value::array(out)
        }
        None => return interp.raise("ArgumentError", "wrong number of arguments"),
    }))
}

/// `Array#==`, `Array#eql?`.
fn eq(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { recv, args, .. } = c;
    let a0 = args.first();
    Ok(Some(Value::Bool(match a0 {
        Some(o @ Value::Array(_)) => interp.equal(recv, o)?,
        _ => false,
    })))
}

/// `Array#<=>`.
fn cmp(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { recv, args, .. } = c;
    let a0 = args.first();
    Ok(Some(match a0 {
        Some(o @ Value::Array(_)) => Value::Int(interp.compare(recv, o)? as i64),
        _ => Value::Nil,
    }))
}

/// `Array#join`.
fn join(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { args, items, .. } = c;
    let a0 = args.first();
    let sep = match a0 {
        Some(Value::Nil) | None => String::new(),
        Some(v) => interp.str_arg(v)?,
    };
    Ok(Some(Value::str(interp.join(&items, &sep)?)))
}

/// `Array#to_s`, `Array#inspect`.
fn to_s(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { recv, .. } = c;
    if let Some(o) = interp.deep_unknown(recv) {
        return Ok(Some(Value::Unknown(Rc::new(o))));
    }
    Ok(Some(Value::str(recv.inspect())))
}

/// `Array#to_a`, `Array#entries`, `Array#to_ary`.
fn to_a(_: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { recv, .. } = c;
    Ok(Some(recv.clone()))
}

/// `Array#size`, `Array#length`.
fn size(_: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { items, .. } = c;
    Ok(Some(Value::Int(items.len() as i64)))
}

/// `Array#empty?`.
fn empty_p(_: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { items, .. } = c;
    Ok(Some(Value::Bool(items.is_empty())))
}

/// `Array#[]`, `Array#slice`.
fn slice(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { args, items, .. } = c;
    Ok(Some(interp.ary_index(&items, args)?))
}

/// `Array#dig`.
fn dig(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { args, items, .. } = c;
    let first = interp.ary_index(&items, &args[..1.min(args.len())])?;
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

/// `Array#at`.
fn element_at(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { args, items, .. } = c;
    Ok(Some(interp.ary_index(&items, args)?))
}

/// `Array#[]=`.
fn set_at(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall {
        recv,
        ra,
        args,
        items,
        ..
    } = c;
    frozen_check(interp, ra, recv)?;
    match args {
        [Value::Int(i), v] => {
            let n = items.len() as i64;
            let pos = if *i < 0 { n + i } else { *i };
            if pos < 0 {
                return interp.raise(
                    "IndexError",
                    format!("index {i} too small for array; minimum: -{n}"),
                );
            }
            interp.check_len(pos as usize + 1)?;
            let mut b = ra.borrow_mut();
            while b.items.len() <= pos as usize {
                b.items.push(Value::Nil);
            }
            b.items[pos as usize] = v.clone();
            Ok(Some(v.clone()))
        }
        _ => Ok(Some(interp.unknown("Array#[]= with this index"))),
    }
}

/// `Array#fetch`.
fn fetch(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall {
        args, blk, items, ..
    } = c;
    let a0 = args.first();
    let i = interp.int_arg(a0.unwrap_or(&Value::Nil))?;
    let n = items.len() as i64;
    let pos = if i < 0 { n + i } else { i };
    if pos >= 0 && pos < n {
        Ok(Some(items[pos as usize].clone()))
    } else if let Some(d) = args.get(1) {
        Ok(Some(d.clone()))
    } else if let Some(b) = blk {
        Ok(Some(interp.call_block(b, vec![Value::Int(i)])?))
    } else {
        interp.raise(
            "IndexError",
            format!("index {i} outside of array bounds: {}...{}", -n, n),
        )
    }
}

/// `Array#values_at`.
fn values_at(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { args, items, .. } = c;
    let mut out = Vec::new();
    for a in args {
        out.push(interp.ary_index(&items, std::slice::from_ref(a))?);
    }
    Ok(Some(Value::array(out)))
}

/// `Array#last`.
fn last(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { args, items, .. } = c;
    let a0 = args.first();
    Ok(Some(match a0 {
        None => items.last().cloned().unwrap_or(Value::Nil),
        Some(n) => {
            let n = (interp.int_arg(n)?.max(0) as usize).min(items.len());
            Value::array(items[items.len() - n..].to_vec())
        }
    }))
}

/// `Array#compact`.
fn compact(_: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { items, .. } = c;
    Ok(Some(Value::array(
        items
            .into_iter()
            .filter(|x| !matches!(x, Value::Nil))
            .collect(),
    )))
}

/// `Array#flatten`.
fn flatten(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { args, items, .. } = c;
    let a0 = args.first();
    let depth = match a0 {
        Some(v) => interp.int_arg(v)?,
        None => -1,
    };
    let mut out = Vec::new();
    flatten_into(&items, depth, &mut out, 0);
    interp.check_len(out.len())?;
    Ok(Some(Value::array(out)))
}

/// `Array#reverse`.
fn reverse(_: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { items, .. } = c;
    Ok(Some(Value::array(items.into_iter().rev().collect())))
}

/// `Array#rotate`.
fn rotate(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { args, items, .. } = c;
    let a0 = args.first();
    let n = match a0 {
        Some(v) => interp.int_arg(v)?,
        None => 1,
    };
    let mut v = items;
    if !v.is_empty() {
        let k = n.rem_euclid(v.len() as i64) as usize;
        v.rotate_left(k);
    }
    Ok(Some(Value::array(v)))
}

/// `Array#include?`, `Array#member?`.
fn include_p(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { args, items, .. } = c;
    let a0 = args.first();
    let v = a0.cloned().unwrap_or(Value::Nil);
    let mut hit = false;
    for x in &items {
        if interp.equal(x, &v)? {
            hit = true;
            break;
        }
    }
    Ok(Some(Value::Bool(hit)))
}

/// `Array#delete`.
fn delete(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall {
        recv,
        ra,
        args,
        items,
        ..
    } = c;
    let a0 = args.first();
    frozen_check(interp, ra, recv)?;
    let v = a0.cloned().unwrap_or(Value::Nil);
    let mut kept = Vec::new();
    let mut found = None;
    for x in items {
        if interp.equal(&x, &v)? {
            found = Some(x);
        } else {
            kept.push(x);
        }
    }
    ra.borrow_mut().items = kept;
    Ok(Some(found.unwrap_or(Value::Nil)))
}

/// `Array#delete_at`.
fn delete_at(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall {
        recv,
        ra,
        args,
        items,
        ..
    } = c;
    let a0 = args.first();
    frozen_check(interp, ra, recv)?;
    let i = interp.int_arg(a0.unwrap_or(&Value::Nil))?;
    let n = items.len() as i64;
    let pos = if i < 0 { n + i } else { i };
    if pos >= 0 && pos < n {
        Ok(Some(ra.borrow_mut().items.remove(pos as usize)))
    } else {
        Ok(Some(Value::Nil))
    }
}

/// `Array#clear`.
fn clear(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { recv, ra, .. } = c;
    frozen_check(interp, ra, recv)?;
    ra.borrow_mut().items.clear();
    Ok(Some(recv.clone()))
}

/// `Array#replace`.
fn replace(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { recv, ra, args, .. } = c;
    let a0 = args.first();
    frozen_check(interp, ra, recv)?;
    let other = interp.iterate(a0.unwrap_or(&Value::Nil))?;
    ra.borrow_mut().items = other;
    Ok(Some(recv.clone()))
}

/// `Array#transpose`.
fn transpose(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { items, .. } = c;
    let rows: Vec<Vec<Value>> = items
        .iter()
        .map(|r| match r {
            Value::Array(a) => Ok(a.borrow().items.clone()),
            other => Err(other.class_name()),
        })
        .collect::<Result<_, _>>()
        .or_else(|c| {
            interp.raise(
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
        return interp.raise(
            "IndexError",
            format!("element size differs ({bad} should be {w})"),
        );
    }
    Ok(Some(Value::array(
        (0..w)
            .map(|c| Value::array(rows.iter().map(|r| r[c].clone()).collect()))
            .collect(),
    )))
}

/// `Array#assoc`.
fn assoc(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { args, items, .. } = c;
    let a0 = args.first();
    let v = a0.cloned().unwrap_or(Value::Nil);
    let mut found = Value::Nil;
    for x in &items {
        if let Value::Array(a) = x {
            let first = a.borrow().items.first().cloned();
            if let Some(f) = first
                && interp.equal(&f, &v)?
            {
                found = x.clone();
                break;
            }
        }
    }
    Ok(Some(found))
}

/// `Array#rindex`.
fn rindex(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall {
        args, blk, items, ..
    } = c;
    let a0 = args.first();
    let mut found = Value::Nil;
    for (i, x) in items.iter().enumerate().rev() {
        let hit = match (a0, blk) {
            (Some(v), _) => interp.equal(x, v)?,
            (None, Some(b)) => {
                let r = interp.call_block(b, vec![x.clone()])?;
                interp.truth(&r)?
            }
            _ => false,
        };
        if hit {
            found = Value::Int(i as i64);
            break;
        }
    }
    Ok(Some(found))
}

/// `Array#product`.
fn product(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { args, items, .. } = c;
    let mut acc: Vec<Vec<Value>> = items.into_iter().map(|x| vec![x]).collect();
    for a in args {
        let other = interp.iterate(a)?;
        let mut next = Vec::new();
        for row in &acc {
            for o in &other {
                let mut r = row.clone();
                r.push(o.clone());
                next.push(r);
            }
        }
        interp.check_len(next.len())?;
        acc = next;
    }
    Ok(Some(Value::array(
        acc.into_iter().map(Value::array).collect(),
    )))
}

/// `Array#pack`.
fn pack(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { recv, args, .. } = c;
    interp.string_pack(recv, args).map(Some)
}

/// `Array#sample`, `Array#shuffle`, `Array#shuffle!`, `Array#cycle`, `Array#combination`, `Array#permutation`.
fn not_modelled(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { name, .. } = c;
    Ok(Some(interp.unknown(format!("Array#{name}"))))
}

/// `Array#map!`, `Array#collect!`, `Array#select!`, `Array#filter!`, `Array#reject!`, `Array#keep_if`, `Array#delete_if`, `Array#sort!`, `Array#sort_by!`, `Array#uniq!`, `Array#compact!`, `Array#flatten!`, `Array#reverse!`, `Array#rotate!`.
fn in_place(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall {
        recv,
        ra,
        name,
        args,
        blk,
        items,
    } = c;
    frozen_check(interp, ra, recv)?;
    let base = match name {
        "keep_if" => "select",
        "delete_if" => "reject",
        n => &n[..n.len() - 1],
    };
    let r = match interp.array_method(recv, base, args, blk)? {
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
        Ok(Some(Value::Nil))
    } else {
        Ok(Some(recv.clone()))
    }
}

/// `Array#shelljoin`.
fn shelljoin(interp: &mut Interp<'_>, c: ArrayCall<'_>) -> R<Option<Value>> {
    let ArrayCall { items, .. } = c;
    let mut parts = Vec::new();
    for x in &items {
        parts.push(super::misc::shellescape(&interp.text(x)?));
    }
    Ok(Some(Value::str(parts.join(" "))))
}

/// `Array#hash`, `Array#frozen?`, `Array#freeze`, `Array#dup`, `Array#clone`: Object's
/// (not Enumerable's).
fn left_to_object(_: &mut Interp<'_>, _c: ArrayCall<'_>) -> R<Option<Value>> {
    Ok(None)
}
