//! Iteration functions (as Puppet 7 settled them): each, map, filter,
//! reduce, slice, reverse_each, step, with, then, lest, any, all, index.
//!
//! Conventions shared by all of them: a hash is iterated as `[key, value]` pairs, given to a
//! one-parameter lambda as one array and to a two-parameter lambda as key and value; an array
//! (or another iterable) given to a two-parameter lambda gets the index and the element.
//! `break()` stops the iteration: what was gathered so far is the result.

use super::{BuiltinFn, Lambda, RegexFn, arg_error, need_lambda};
use crate::eval::error::{ErrorKind, EvalError, EvalResult, err};
use crate::eval::value::{Hash, Value};
use crate::types::RegexCache;

pub(super) const FUNCTIONS: &[(&str, BuiltinFn)] = &[
    ("each", each),
    ("map", map),
    ("filter", filter),
    ("reduce", reduce),
    ("slice", slice),
    ("reverse_each", reverse_each),
    ("step", step),
    ("with", with),
    ("then", then),
    ("lest", lest),
    ("any", any),
    ("all", all),
    ("group_by", group_by),
    ("partition", partition),
    ("tree_each", tree_each),
];

/// The functions that match regexps.
pub(super) const REGEX_FUNCTIONS: &[(&str, RegexFn)] = &[("index", index)];

/// The elements an iterable value yields, and whether it is a hash (pairs).
pub(crate) struct Items {
    pub items: Vec<Value>,
    pub hash_style: bool,
}

/// The elements of an iterable: an array, a hash (as pairs), a non-negative integer `n`
/// (0 to n-1), a string (its characters), an `Integer[a, b]` type (a to b), an `Enum` type
/// (its values). `None` when the value is not iterable.
pub(crate) fn iterable(v: &Value) -> Option<Items> {
    let items = match v {
        Value::Array(a) => a.as_ref().clone(),
        Value::Hash(h) => {
            return Some(Items {
                items: h
                    .iter()
                    .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
                    .collect(),
                hash_style: true,
            });
        }
        Value::Integer(n) => {
            if *n > MAX_ITERATION {
                return None;
            }
            (0..(*n).max(0)).map(Value::Integer).collect()
        }
        Value::String(s) => s.chars().map(|c| Value::string(c.to_string())).collect(),
        Value::Type(t) => {
            let r = match t.ty() {
                crate::types::Type::Integer(r) => r,
                // An `Enum` yields its values.
                crate::types::Type::Enum(e) => {
                    return Some(Items {
                        items: e.values.iter().map(|v| Value::string(v.clone())).collect(),
                        hash_style: false,
                    });
                }
                _ => return None,
            };
            let (a, b) = (r.min?, r.max?);
            if (i128::from(b) - i128::from(a)).unsigned_abs() > MAX_ITERATION as u128 {
                return None;
            }
            if a <= b {
                (a..=b).map(Value::Integer).collect()
            } else {
                (b..=a).rev().map(Value::Integer).collect()
            }
        }
        _ => return None,
    };
    Some(Items {
        items,
        hash_style: false,
    })
}

/// The most elements plint iterates over in one call (an `Integer` or `Integer[a, b]` beyond
/// that is an error rather than an endless evaluation).
pub(crate) const MAX_ITERATION: i64 = crate::eval::budget::MAX_ELEMENTS as i64;

fn not_iterable(name: &str, args: &[Value]) -> EvalError {
    let too_big = match args.first() {
        Some(Value::Integer(n)) => *n > MAX_ITERATION,
        // A finite range too long; an unbounded one is not iterable.
        Some(Value::Type(t)) => matches!(
            t.ty(),
            crate::types::Type::Integer(r) if r.min.is_some() && r.max.is_some()
        ),
        _ => false,
    };
    if too_big {
        return crate::eval::budget::exceeded(
            "iterations",
            format!("{MAX_ITERATION} elements in one call of '{name}', or an unbounded range"),
        );
    }
    arg_error(name, "an Iterable value", args)
}

fn unknown_result(name: &str, args: &[Value], ty: &str) -> Option<Value> {
    super::unknown_if_any(name, args, ty)
}

/// Calls the lambda for one element following the conventions above.
fn yield_element(
    lambda: &mut dyn Lambda,
    index: usize,
    item: &Value,
    hash_style: bool,
) -> EvalResult {
    if lambda.param_count() >= 2 {
        if hash_style && let Value::Array(pair) = item {
            return lambda.call(pair.as_ref().clone());
        }
        lambda.call(vec![Value::Integer(index as i64), item.clone()])
    } else {
        lambda.call(vec![item.clone()])
    }
}

/// Runs `f` on each element; stops on `break()`. `f` returns `false` to stop early.
fn for_each(
    items: &Items,
    lambda: &mut dyn Lambda,
    mut f: impl FnMut(usize, &Value, Value) -> bool,
) -> EvalResult<()> {
    for (i, item) in items.items.iter().enumerate() {
        match yield_element(lambda, i, item, items.hash_style) {
            Ok(v) => {
                if !f(i, item, v) {
                    break;
                }
            }
            Err(e) if e.kind == ErrorKind::Break => break,
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

fn check_params(name: &str, lambda: &dyn Lambda, min: usize, max: usize) -> EvalResult<()> {
    block_arity(name, lambda.param_count(), min, max)
}

/// That a function's block with `n` parameters takes between `min` and `max` arguments, as
/// Puppet checks it before the call: `'each' block expects between 1 and 2 arguments, got 3`.
pub(crate) fn block_arity(name: &str, n: usize, min: usize, max: usize) -> EvalResult<()> {
    if n < min || n > max {
        // Puppet's words (its TypeMismatchDescriber on the block's signature).
        return err(format!(
            "'{name}' block expects {} argument{}, got {}",
            if min == max {
                min.to_string()
            } else {
                format!("between {min} and {max}")
            },
            if max == 1 { "" } else { "s" },
            if n == 0 {
                "none".to_string()
            } else {
                n.to_string()
            }
        ));
    }
    Ok(())
}

fn each(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult {
    let lambda = need_lambda("each", lambda)?;
    check_params("each", lambda, 1, 2)?;
    if args.len() != 1 {
        return Err(arg_error("each", "1 argument", &args));
    }
    if let Some(u) = unknown_result("each", &args[..1], "Any").filter(|_| args[0].is_unknown()) {
        return Ok(u);
    }
    let items = iterable(&args[0]).ok_or_else(|| not_iterable("each", &args))?;
    for_each(&items, lambda, |_, _, _| true)?;
    Ok(args.into_iter().next().unwrap_or(Value::Undef))
}

fn map(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult {
    let lambda = need_lambda("map", lambda)?;
    check_params("map", lambda, 1, 2)?;
    if args.len() != 1 {
        return Err(arg_error("map", "1 argument", &args));
    }
    if args[0].is_unknown() {
        return Ok(Value::unknown("Array", "map() of an unknown value"));
    }
    let items = iterable(&args[0]).ok_or_else(|| not_iterable("map", &args))?;
    let mut out = Vec::with_capacity(items.items.len());
    for_each(&items, lambda, |_, _, v| {
        out.push(v);
        true
    })?;
    Ok(Value::array(out))
}

fn filter(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult {
    let lambda = need_lambda("filter", lambda)?;
    check_params("filter", lambda, 1, 2)?;
    if args.len() != 1 {
        return Err(arg_error("filter", "1 argument", &args));
    }
    if args[0].is_unknown() {
        return Ok(Value::unknown("Collection", "filter() of an unknown value"));
    }
    let items = iterable(&args[0]).ok_or_else(|| not_iterable("filter", &args))?;
    let mut kept: Vec<Value> = Vec::new();
    let mut unknown = false;
    for_each(&items, lambda, |_, item, v| {
        match v.truthy() {
            Some(true) => kept.push(item.clone()),
            Some(false) => {}
            None => unknown = true,
        }
        true
    })?;
    if unknown {
        return Ok(Value::unknown(
            if items.hash_style { "Hash" } else { "Array" },
            "filter() with an unknown condition",
        ));
    }
    if items.hash_style {
        let mut h = Hash::new();
        for pair in kept {
            if let Value::Array(p) = pair
                && p.len() == 2
            {
                h.insert(p[0].clone(), p[1].clone());
            }
        }
        Ok(Value::hash(h))
    } else {
        Ok(Value::array(kept))
    }
}

fn reduce(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult {
    let lambda = need_lambda("reduce", lambda)?;
    check_params("reduce", lambda, 2, 2)?;
    if args.is_empty() || args.len() > 2 {
        return Err(arg_error("reduce", "1 or 2 arguments", &args));
    }
    if args[0].is_unknown() {
        return Ok(Value::unknown("Any", "reduce() of an unknown value"));
    }
    let items = iterable(&args[0]).ok_or_else(|| not_iterable("reduce", &args))?;
    let mut iter = items.items.into_iter();
    let mut memo = match args.get(1) {
        Some(m) => m.clone(),
        None => match iter.next() {
            Some(first) => first,
            None => return Ok(Value::Undef),
        },
    };
    for item in iter {
        match lambda.call(vec![memo.clone(), item]) {
            Ok(v) => memo = v,
            Err(e) if e.kind == ErrorKind::Break => break,
            Err(e) => return Err(e),
        }
    }
    Ok(memo)
}

fn slice(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult {
    if args.len() != 2 {
        return Err(arg_error("slice", "2 arguments", &args));
    }
    let size = match &args[1] {
        Value::Integer(n) if *n >= 1 => *n as usize,
        _ => {
            return Err(arg_error(
                "slice",
                "an Iterable and an Integer[1, default]",
                &args,
            ));
        }
    };
    if args[0].is_unknown() {
        return Ok(Value::unknown("Array", "slice() of an unknown value"));
    }
    let items = iterable(&args[0]).ok_or_else(|| not_iterable("slice", &args))?;
    let chunks: Vec<Vec<Value>> = items.items.chunks(size).map(<[Value]>::to_vec).collect();
    let Some(lambda) = lambda else {
        return Ok(Value::array(chunks.into_iter().map(Value::array).collect()));
    };
    let n = lambda.param_count();
    if n == 0 {
        return err("slice(): block must define at least one parameter. Block has 0.");
    }
    if n != 1 && n != size {
        return err(format!(
            "slice(): block must define one parameter, or the same number of parameters as the given size of the slice ({size}). Block has {n}"
        ));
    }
    for chunk in chunks {
        let call_args = if n == 1 {
            vec![Value::array(chunk)]
        } else {
            let mut c = chunk;
            c.resize(size, Value::Undef);
            c
        };
        match lambda.call(call_args) {
            Ok(_) => {}
            Err(e) if e.kind == ErrorKind::Break => break,
            Err(e) => return Err(e),
        }
    }
    Ok(args.into_iter().next().unwrap_or(Value::Undef))
}

fn reverse_each(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult {
    if args.len() != 1 {
        return Err(arg_error("reverse_each", "1 argument", &args));
    }
    if args[0].is_unknown() {
        return Ok(Value::unknown(
            "Iterable",
            "reverse_each() of an unknown value",
        ));
    }
    let mut items = iterable(&args[0]).ok_or_else(|| not_iterable("reverse_each", &args))?;
    items.items.reverse();
    let Some(lambda) = lambda else {
        // Puppet returns an iterator; an array of the same elements stands for it.
        return Ok(Value::array(items.items));
    };
    check_params("reverse_each", lambda, 1, 1)?;
    for_each(&items, lambda, |_, _, _| true)?;
    Ok(args.into_iter().next().unwrap_or(Value::Undef))
}

fn step(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult {
    if args.len() != 2 {
        return Err(arg_error("step", "2 arguments", &args));
    }
    let n = match &args[1] {
        Value::Integer(n) if *n >= 1 => *n as usize,
        _ => return Err(arg_error("step", "an Iterable and an Integer[1]", &args)),
    };
    if args[0].is_unknown() {
        return Ok(Value::unknown("Iterable", "step() of an unknown value"));
    }
    let items = iterable(&args[0]).ok_or_else(|| not_iterable("step", &args))?;
    let stepped = Items {
        items: items.items.into_iter().step_by(n).collect(),
        hash_style: items.hash_style,
    };
    let Some(lambda) = lambda else {
        return Ok(Value::array(stepped.items));
    };
    check_params("step", lambda, 1, 1)?;
    for_each(&stepped, lambda, |_, _, _| true)?;
    Ok(args.into_iter().next().unwrap_or(Value::Undef))
}

fn with(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult {
    let lambda = need_lambda("with", lambda)?;
    lambda.call(args)
}

fn then(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult {
    let lambda = need_lambda("then", lambda)?;
    check_params("then", lambda, 1, 1)?;
    if args.len() != 1 {
        return Err(arg_error("then", "1 argument", &args));
    }
    match &args[0] {
        Value::Undef => Ok(Value::Undef),
        v if v.is_unknown() => Ok(Value::unknown("Any", "then() of an unknown value")),
        _ => lambda.call(args),
    }
}

fn lest(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult {
    let lambda = need_lambda("lest", lambda)?;
    check_params("lest", lambda, 0, 0)?;
    if args.len() != 1 {
        return Err(arg_error("lest", "1 argument", &args));
    }
    match &args[0] {
        Value::Undef => lambda.call(Vec::new()),
        v if v.is_unknown() => Ok(Value::unknown("Any", "lest() of an unknown value")),
        _ => Ok(args.into_iter().next().unwrap_or(Value::Undef)),
    }
}

fn any_all(
    name: &str,
    args: Vec<Value>,
    lambda: Option<&mut dyn Lambda>,
    want: bool,
) -> EvalResult {
    let lambda = need_lambda(name, lambda)?;
    check_params(name, lambda, 1, 2)?;
    if args.len() != 1 {
        return Err(arg_error(name, "1 argument", &args));
    }
    if args[0].is_unknown() {
        return Ok(Value::unknown(
            "Boolean",
            &format!("{name}() of an unknown value"),
        ));
    }
    let items = iterable(&args[0]).ok_or_else(|| not_iterable(name, &args))?;
    // any: stop at the first true; all: stop at the first false.
    let mut decided = false;
    let mut unknown = false;
    for_each(&items, lambda, |_, _, v| match v.truthy() {
        Some(b) if b == want => {
            decided = true;
            false
        }
        Some(_) => true,
        None => {
            unknown = true;
            true
        }
    })?;
    if decided {
        return Ok(Value::Boolean(want));
    }
    if unknown {
        return Ok(Value::unknown(
            "Boolean",
            &format!("{name}() with an unknown condition"),
        ));
    }
    Ok(Value::Boolean(!want))
}

fn any(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult {
    any_all("any", args, lambda, true)
}

fn all(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult {
    any_all("all", args, lambda, false)
}

fn index(args: Vec<Value>, lambda: Option<&mut dyn Lambda>, regexes: &RegexCache) -> EvalResult {
    if let Some(u) = unknown_result("index", &args, "Any") {
        return Ok(u);
    }
    match lambda {
        Some(lambda) => {
            check_params("index", lambda, 1, 2)?;
            if args.len() != 1 {
                return Err(arg_error("index", "1 argument", &args));
            }
            let items = iterable(&args[0]).ok_or_else(|| not_iterable("index", &args))?;
            let mut found = Value::Undef;
            let hash_style = items.hash_style;
            let items = if hash_style && lambda.param_count() == 1 {
                // A one-parameter lambda gets the values of a hash.
                Items {
                    items: items
                        .items
                        .iter()
                        .map(|p| {
                            p.as_array()
                                .and_then(|p| p.get(1).cloned())
                                .unwrap_or(Value::Undef)
                        })
                        .collect(),
                    hash_style: false,
                }
            } else {
                items
            };
            let keys: Vec<Value> = match &args[0] {
                Value::Hash(h) => h.keys().cloned().collect(),
                _ => Vec::new(),
            };
            for_each(&items, lambda, |i, item, v| {
                if v.truthy() == Some(true) {
                    found = if hash_style {
                        keys.get(i).cloned().unwrap_or_else(|| {
                            item.as_array()
                                .and_then(|p| p.first().cloned())
                                .unwrap_or(Value::Undef)
                        })
                    } else {
                        Value::Integer(i as i64)
                    };
                    return false;
                }
                true
            })?;
            Ok(found)
        }
        None => {
            if args.len() != 2 {
                return Err(arg_error("index", "2 arguments", &args));
            }
            if let (Value::String(s), pat) = (&args[0], &args[1]) {
                let pos = match pat {
                    Value::String(p) => s.find(p.as_str()),
                    Value::Regexp(r) => crate::eval::regex::compile_for(regexes, r, s.len())
                        .map_err(EvalError::new)?
                        .find(s)
                        .map_err(|e| {
                            if crate::types::is_too_costly(&e) {
                                crate::eval::regex::too_costly(r)
                            } else {
                                EvalError::new(e.to_string())
                            }
                        })?
                        .map(|m| m.start()),
                    _ => return Err(arg_error("index", "a String or Regexp to find", &args)),
                };
                return Ok(match pos {
                    Some(b) => Value::Integer(s[..b].chars().count() as i64),
                    None => Value::Undef,
                });
            }
            let items = iterable(&args[0]).ok_or_else(|| not_iterable("index", &args))?;
            for (i, item) in items.items.iter().enumerate() {
                if items.hash_style {
                    if let Value::Array(p) = item
                        && p.len() == 2
                        && crate::eval::ops::ruby_eq(&p[1], &args[1])
                    {
                        return Ok(p[0].clone());
                    }
                } else if crate::eval::ops::ruby_eq(item, &args[1]) {
                    return Ok(Value::Integer(i as i64));
                }
            }
            Ok(Value::Undef)
        }
    }
}

fn group_by(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult {
    let lambda = need_lambda("group_by", lambda)?;
    check_params("group_by", lambda, 1, 2)?;
    if args.len() != 1 {
        return Err(arg_error("group_by", "1 argument", &args));
    }
    if args[0].is_unknown() {
        return Ok(Value::unknown("Hash", "group_by() of an unknown value"));
    }
    let items = iterable(&args[0]).ok_or_else(|| not_iterable("group_by", &args))?;
    let mut groups = Hash::new();
    let mut keyed: Vec<(Value, Value)> = Vec::new();
    for_each(&items, lambda, |_, item, key| {
        keyed.push((key, item.clone()));
        true
    })?;
    for (key, item) in keyed {
        let mut list = match groups.get(&key) {
            Some(Value::Array(a)) => a.as_ref().clone(),
            _ => Vec::new(),
        };
        list.push(item);
        groups.insert(key, Value::array(list));
    }
    Ok(Value::hash(groups))
}

fn partition(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult {
    let lambda = need_lambda("partition", lambda)?;
    check_params("partition", lambda, 1, 2)?;
    if args.len() != 1 {
        return Err(arg_error("partition", "1 argument", &args));
    }
    if args[0].is_unknown() {
        return Ok(Value::unknown("Array", "partition() of an unknown value"));
    }
    let items = iterable(&args[0]).ok_or_else(|| not_iterable("partition", &args))?;
    let (mut yes, mut no) = (Vec::new(), Vec::new());
    let mut unknown = false;
    for_each(&items, lambda, |_, item, v| {
        match v.truthy() {
            Some(true) => yes.push(item.clone()),
            Some(false) => no.push(item.clone()),
            None => unknown = true,
        }
        true
    })?;
    if unknown {
        return Ok(Value::unknown(
            "Array",
            "partition() with an unknown condition",
        ));
    }
    Ok(Value::array(vec![Value::array(yes), Value::array(no)]))
}

/// The `[path, value]` pairs of a tree walk, depth first (pre-order) or breadth first.
fn tree_entries(
    root: &Value,
    depth_first: bool,
    containers: bool,
    values: bool,
    include_root: bool,
) -> Vec<Value> {
    fn children(v: &Value) -> Vec<(Value, Value)> {
        match v {
            Value::Array(a) => a
                .iter()
                .enumerate()
                .map(|(i, e)| (Value::Integer(i as i64), e.clone()))
                .collect(),
            Value::Hash(h) => h.iter().map(|(k, e)| (k.clone(), e.clone())).collect(),
            _ => Vec::new(),
        }
    }
    let is_container = |v: &Value| matches!(v, Value::Array(_) | Value::Hash(_));
    let mut out = Vec::new();
    let keep = |path: &[Value], v: &Value, out: &mut Vec<Value>| {
        if path.is_empty() && !include_root {
            return;
        }
        if (is_container(v) && containers) || (!is_container(v) && values) {
            out.push(Value::array(vec![Value::array(path.to_vec()), v.clone()]));
        }
    };
    if depth_first {
        let mut stack: Vec<(Vec<Value>, Value)> = vec![(Vec::new(), root.clone())];
        while let Some((path, v)) = stack.pop() {
            keep(&path, &v, &mut out);
            for (k, c) in children(&v).into_iter().rev() {
                let mut p = path.clone();
                p.push(k);
                stack.push((p, c));
            }
        }
    } else {
        let mut queue: std::collections::VecDeque<(Vec<Value>, Value)> =
            std::collections::VecDeque::from([(Vec::new(), root.clone())]);
        while let Some((path, v)) = queue.pop_front() {
            keep(&path, &v, &mut out);
            for (k, c) in children(&v) {
                let mut p = path.clone();
                p.push(k);
                queue.push_back((p, c));
            }
        }
    }
    out
}

fn tree_each(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult {
    if args.is_empty() || args.len() > 2 {
        return Err(arg_error("tree_each", "1 or 2 arguments", &args));
    }
    if args[0].contains_unknown() {
        return Ok(Value::unknown("Any", "tree_each() of an unknown value"));
    }
    if !matches!(args[0], Value::Array(_) | Value::Hash(_)) {
        return Err(arg_error("tree_each", "an Array or a Hash", &args));
    }
    let opt = |name: &str, dflt: bool| -> bool {
        match args.get(1) {
            Some(Value::Hash(h)) => h.get_str(name).and_then(Value::truthy).unwrap_or(dflt),
            _ => dflt,
        }
    };
    let depth_first = !matches!(
        args.get(1).and_then(|o| o.as_hash()).and_then(|h| h.get_str("order")),
        Some(Value::String(s)) if s == "breadth_first"
    );
    let entries = tree_entries(
        &args[0],
        depth_first,
        opt("include_containers", true),
        opt("include_values", true),
        opt("include_root", true),
    );
    let Some(lambda) = lambda else {
        return Ok(Value::array(entries));
    };
    check_params("tree_each", lambda, 1, 2)?;
    for e in entries {
        let call_args = if lambda.param_count() == 2 {
            e.as_array().map(<[Value]>::to_vec).unwrap_or_default()
        } else {
            vec![e]
        };
        match lambda.call(call_args) {
            Ok(_) => {}
            Err(e) if e.kind == ErrorKind::Break => break,
            Err(e) => return Err(e),
        }
    }
    Ok(args.into_iter().next().unwrap_or(Value::Undef))
}
