//! The most used pure functions of puppetlabs-stdlib.

use super::format::{ruby_to_s, to_json};
use super::{BuiltinFn, Lambda, RegexFn, arg_error, arity, unknown_if_any};
use crate::eval::error::{EvalError, EvalResult, err};
use crate::eval::regex;
use crate::eval::value::{Hash, Value, ValueSet};
use crate::types::RegexCache;

mod json;
mod predicates;

use json::*;
use predicates::*;

pub(super) const FUNCTIONS: &[(&str, BuiltinFn)] = &[
    ("any2array", any2array),
    ("basename", basename),
    ("clamp", clamp),
    ("dirname", dirname),
    ("is_array", is_array),
    ("is_bool", is_bool),
    ("is_float", is_float),
    ("is_hash", is_hash),
    ("is_integer", is_integer),
    ("is_numeric", is_numeric),
    ("is_string", is_string),
    ("range", range),
    ("regexpescape", regexpescape),
    ("shell_escape", shell_escape),
    ("to_yaml", to_yaml),
    ("any2bool", any2bool),
    ("bool2num", bool2num),
    ("bool2str", bool2str),
    ("concat", concat),
    ("count", count),
    ("deep_merge", deep_merge),
    ("delete", delete),
    ("delete_at", delete_at),
    ("delete_undef_values", delete_undef_values),
    ("delete_values", delete_values),
    ("difference", difference),
    ("has_key", has_key),
    ("intersection", intersection),
    ("join_keys_to_values", join_keys_to_values),
    ("member", member),
    ("merge", merge),
    ("num2bool", num2bool),
    ("parsejson", parsejson),
    ("pick", pick),
    ("pick_default", pick_default),
    ("prefix", prefix),
    ("reverse", reverse),
    ("stdlib::end_with", end_with),
    ("stdlib::start_with", start_with),
    ("str2bool", str2bool),
    ("suffix", suffix),
    ("swapcase", swapcase),
    ("to_json", to_json_fn),
    ("to_json_pretty", to_json_pretty),
    ("union", union),
    ("values_at", values_at),
    ("zip", zip),
];

/// The functions that match regexps.
pub(super) const REGEX_FUNCTIONS: &[(&str, RegexFn)] = &[("delete_regex", delete_regex)];

macro_rules! unknown_guard {
    ($name:expr, $args:expr, $ty:expr) => {
        if let Some(u) = unknown_if_any($name, &$args, $ty) {
            return Ok(u);
        }
    };
}

fn any2array(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    unknown_guard!("any2array", args, "Array");
    match args.as_slice() {
        [] => Ok(Value::array(Vec::new())),
        [Value::Array(_)] => Ok(args[0].clone()),
        [Value::Hash(h)] => Ok(Value::array(
            h.iter().flat_map(|(k, v)| [k.clone(), v.clone()]).collect(),
        )),
        _ => Ok(Value::array(args)),
    }
}

fn str_to_bool(s: &str) -> Option<bool> {
    match s {
        "1" | "t" | "y" | "true" | "yes" => Some(true),
        "" | "0" | "f" | "n" | "false" | "no" | "undef" | "undefined" => Some(false),
        _ => None,
    }
}

fn any2bool(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("any2bool", &args, 1, 1)?;
    unknown_guard!("any2bool", args, "Boolean");
    Ok(Value::Boolean(match &args[0] {
        Value::Boolean(b) => *b,
        Value::Undef => false,
        Value::String(s) => str_to_bool(s).unwrap_or(false),
        Value::Integer(i) => *i > 0,
        Value::Float(f) => *f > 0.0,
        _ => true,
    }))
}

fn bool2num(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("bool2num", &args, 1, 1)?;
    unknown_guard!("bool2num", args, "Integer");
    let b = match &args[0] {
        Value::Boolean(b) => *b,
        Value::String(s) => str_to_bool(s).ok_or_else(|| {
            EvalError::new(format!("bool2num(): Unknown type of boolean given: '{s}'"))
        })?,
        Value::Undef => false,
        _ => return Err(arg_error("bool2num", "a Boolean or String", &args)),
    };
    Ok(Value::Integer(i64::from(b)))
}

fn bool2str(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    if args.len() != 1 && args.len() != 3 {
        return err("bool2str(): Wrong number of arguments given (expected 1 or 3)");
    }
    unknown_guard!("bool2str", args, "String");
    let Value::Boolean(b) = &args[0] else {
        return err("bool2str(): Requires a boolean to work with");
    };
    if args.len() == 3 {
        let (Value::String(t), Value::String(f)) = (&args[1], &args[2]) else {
            return err("bool2str(): Requires strings to convert to");
        };
        return Ok(Value::string(if *b { t.clone() } else { f.clone() }));
    }
    Ok(Value::string(if *b { "true" } else { "false" }))
}

fn str2bool(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("str2bool", &args, 1, 1)?;
    unknown_guard!("str2bool", args, "Boolean");
    match &args[0] {
        Value::Boolean(b) => Ok(Value::Boolean(*b)),
        Value::String(s) => str_to_bool(s)
            .map(Value::Boolean)
            .ok_or_else(|| EvalError::new("str2bool(): Unknown type of boolean given")),
        _ => err("str2bool(): Requires a string to work with"),
    }
}

fn num2bool(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("num2bool", &args, 1, 1)?;
    unknown_guard!("num2bool", args, "Boolean");
    let n: f64 = match &args[0] {
        Value::Integer(i) => *i as f64,
        Value::Float(f) => *f,
        Value::String(s) => s
            .trim()
            .parse()
            .map_err(|_| EvalError::new("num2bool(): Unable to parse number"))?,
        Value::Boolean(b) => return Ok(Value::Boolean(*b)),
        _ => return err("num2bool(): Unable to parse number"),
    };
    Ok(Value::Boolean(n.trunc() > 0.0))
}

fn concat(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("concat", &args, 2, usize::MAX)?;
    unknown_guard!("concat", args, "Array");
    let Value::Array(first) = &args[0] else {
        return err("concat(): Requires array to work with");
    };
    let mut out = first.as_ref().clone();
    for a in &args[1..] {
        match a {
            Value::Array(x) => out.extend(x.iter().cloned()),
            other => out.push(other.clone()),
        }
    }
    Ok(Value::array(out))
}

fn count(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("count", &args, 1, 2)?;
    unknown_guard!("count", args, "Integer");
    let items: Vec<Value> = match &args[0] {
        Value::Array(a) => a.as_ref().clone(),
        Value::Hash(h) => h.values().cloned().collect(),
        _ => return err("count(): Wrong argument type given (expected Array or Hash)"),
    };
    let n = match args.get(1) {
        Some(x) => items.iter().filter(|e| e.strict_eq(x)).count(),
        None => items
            .iter()
            .filter(|e| !e.is_undef() && e.as_str() != Some(""))
            .count(),
    };
    Ok(Value::Integer(n as i64))
}

fn merge(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    unknown_guard!("merge", args, "Hash");
    let mut out = Hash::new();
    for a in &args {
        match a {
            Value::Hash(h) => {
                for (k, v) in h.iter() {
                    out.insert(k.clone(), v.clone());
                }
            }
            Value::Undef => {}
            Value::String(s) if s.is_empty() => {}
            _ => {
                return Err(arg_error(
                    "merge",
                    "Hash, Undef or empty String arguments",
                    &args,
                ));
            }
        }
    }
    Ok(Value::hash(out))
}

fn deep_merge_into(into: &mut Hash, from: &Hash) {
    for (k, v) in from.iter() {
        match (into.get(k), v) {
            (Some(Value::Hash(a)), Value::Hash(b)) => {
                let mut merged = a.as_ref().clone();
                deep_merge_into(&mut merged, b);
                into.insert(k.clone(), Value::hash(merged));
            }
            _ => into.insert(k.clone(), v.clone()),
        }
    }
}

fn deep_merge(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    if args.len() < 2 {
        return err("deep_merge(): wrong number of arguments (1; must be at least 2)");
    }
    unknown_guard!("deep_merge", args, "Hash");
    let mut out = Hash::new();
    for a in &args {
        match a {
            Value::Hash(h) => deep_merge_into(&mut out, h),
            Value::Undef => {}
            Value::String(s) if s.is_empty() => {}
            other => {
                return err(format!(
                    "deep_merge: unexpected argument type {}, only expects hash arguments",
                    other.type_name()
                ));
            }
        }
    }
    Ok(Value::hash(out))
}

fn delete(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("delete", &args, 2, 2)?;
    unknown_guard!("delete", args, "Any");
    let remove: Vec<Value> = match &args[1] {
        Value::Array(a) => a.as_ref().clone(),
        other => vec![other.clone()],
    };
    match &args[0] {
        Value::Array(a) => {
            let remove: ValueSet = remove.iter().cloned().collect();
            Ok(Value::array(
                a.iter().filter(|e| !remove.contains(e)).cloned().collect(),
            ))
        }
        Value::Hash(h) => {
            let mut out = h.as_ref().clone();
            out.remove_all(&remove);
            Ok(Value::hash(out))
        }
        Value::String(s) => {
            let mut out = s.clone();
            for r in &remove {
                if let Value::String(r) = r
                    && !r.is_empty()
                {
                    out = out.replace(r.as_str(), "");
                }
            }
            Ok(Value::string(out))
        }
        _ => err("delete(): First argument must be an Array, String, or Hash."),
    }
}

fn delete_at(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("delete_at", &args, 2, 2)?;
    unknown_guard!("delete_at", args, "Array");
    let Value::Array(a) = &args[0] else {
        return err("delete_at(): Requires array to work with");
    };
    let i = match &args[1] {
        Value::Integer(i) => *i,
        Value::String(s) => s.parse().map_err(|_| {
            EvalError::new("delete_at(): You must provide non-negative numeric index")
        })?,
        _ => return err("delete_at(): You must provide non-negative numeric index"),
    };
    if i < 0 || i as usize >= a.len() {
        return err("delete_at(): Given index exceeds size of array given");
    }
    let mut out = a.as_ref().clone();
    out.remove(i as usize);
    Ok(Value::array(out))
}

fn delete_regex(args: Vec<Value>, _: Option<&mut dyn Lambda>, regexes: &RegexCache) -> EvalResult {
    arity("delete_regex", &args, 2, 2)?;
    unknown_guard!("delete_regex", args, "Any");
    let pats: Vec<String> = match &args[1] {
        Value::Array(a) => a.iter().map(ruby_to_s).collect(),
        other => vec![ruby_to_s(other)],
    };
    let full = |s: &str| -> EvalResult<bool> {
        for p in &pats {
            let full = format!("\\A(?:{p})\\z");
            if regex::is_match(regexes, &full, s)
                .map_err(|f| regex::failure_error(&full, f, EvalError::new))?
            {
                return Ok(true);
            }
        }
        Ok(false)
    };
    match &args[0] {
        Value::Array(a) => {
            let mut out = Vec::new();
            for e in a.iter() {
                if !full(&ruby_to_s(e))? {
                    out.push(e.clone());
                }
            }
            Ok(Value::array(out))
        }
        Value::Hash(h) => {
            let mut out = Hash::new();
            for (k, v) in h.iter() {
                if !full(&ruby_to_s(k))? {
                    out.insert(k.clone(), v.clone());
                }
            }
            Ok(Value::hash(out))
        }
        _ => err("delete_regex(): First argument must be an Array, Hash, or String."),
    }
}

fn delete_undef_values(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("delete_undef_values", &args, 1, 1)?;
    unknown_guard!("delete_undef_values", args, "Collection");
    match &args[0] {
        Value::Array(a) => Ok(Value::array(
            a.iter().filter(|e| !e.is_undef()).cloned().collect(),
        )),
        Value::Hash(h) => Ok(Value::hash(
            h.iter()
                .filter(|(_, v)| !v.is_undef())
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        )),
        _ => err("delete_undef_values(): expected an array or hash"),
    }
}

fn delete_values(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("delete_values", &args, 2, 2)?;
    unknown_guard!("delete_values", args, "Hash");
    let Value::Hash(h) = &args[0] else {
        return err("delete_values(): First argument must be a Hash");
    };
    Ok(Value::hash(
        h.iter()
            .filter(|(_, v)| !v.strict_eq(&args[1]))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
    ))
}

fn arrays2(name: &str, args: &[Value]) -> EvalResult<(Vec<Value>, Vec<Value>)> {
    match args {
        [Value::Array(a), Value::Array(b)] => Ok((a.as_ref().clone(), b.as_ref().clone())),
        _ => err(format!("{name}(): Requires 2 arrays")),
    }
}

fn uniq(v: Vec<Value>) -> Vec<Value> {
    crate::eval::value::unique_values(v)
}

fn difference(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    unknown_guard!("difference", args, "Array");
    let (a, b) = arrays2("difference", &args)?;
    let b: ValueSet = b.into_iter().collect();
    Ok(Value::array(uniq(
        a.into_iter().filter(|e| !b.contains(e)).collect(),
    )))
}

fn intersection(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    unknown_guard!("intersection", args, "Array");
    let (a, b) = arrays2("intersection", &args)?;
    let b: ValueSet = b.into_iter().collect();
    Ok(Value::array(uniq(
        a.into_iter().filter(|e| b.contains(e)).collect(),
    )))
}

fn union(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    unknown_guard!("union", args, "Array");
    if args.len() < 2 {
        return err("union(): Every parameter must be an array");
    }
    let mut all = Vec::new();
    for a in &args {
        match a {
            Value::Array(x) => all.extend(x.iter().cloned()),
            _ => return err("union(): Every parameter must be an array"),
        }
    }
    Ok(Value::array(uniq(all)))
}

fn has_key(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("has_key", &args, 2, 2)?;
    unknown_guard!("has_key", args, "Boolean");
    match &args[0] {
        Value::Hash(h) => Ok(Value::Boolean(h.contains_key(&args[1]))),
        other => err(format!(
            "has_key(): expects the first argument to be a hash, got {} which is of type {}",
            ruby_to_s(other),
            other.type_name()
        )),
    }
}

fn member(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("member", &args, 2, 2)?;
    unknown_guard!("member", args, "Boolean");
    let Value::Array(a) = &args[0] else {
        return err("member(): Requires array to work with");
    };
    Ok(Value::Boolean(match &args[1] {
        Value::Array(items) => items.iter().all(|i| a.iter().any(|e| e.strict_eq(i))),
        item => a.iter().any(|e| e.strict_eq(item)),
    }))
}

fn join_keys_to_values(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("join_keys_to_values", &args, 2, 2)?;
    unknown_guard!("join_keys_to_values", args, "Array");
    let (Value::Hash(h), Value::String(sep)) = (&args[0], &args[1]) else {
        return err(
            "join_keys_to_values(): The first argument must be a hash and the second a string",
        );
    };
    let mut out = Vec::new();
    for (k, v) in h.iter() {
        let k = ruby_to_s(k);
        match v {
            Value::Array(a) => {
                for e in a.iter() {
                    out.push(Value::string(format!("{k}{sep}{}", ruby_to_s(e))));
                }
            }
            other => out.push(Value::string(format!("{k}{sep}{}", ruby_to_s(other)))),
        }
    }
    Ok(Value::array(out))
}

fn affix(name: &str, args: &[Value], before: bool) -> EvalResult {
    arity(name, args, 1, 2)?;
    let add = match args.get(1) {
        None | Some(Value::Undef) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(_) => return err(format!("{name}(): expected second argument to be a String")),
    };
    let f = |s: &str| {
        if before {
            format!("{add}{s}")
        } else {
            format!("{s}{add}")
        }
    };
    match &args[0] {
        Value::Array(a) => Ok(Value::array(
            a.iter().map(|e| Value::string(f(&ruby_to_s(e)))).collect(),
        )),
        Value::Hash(h) => Ok(Value::hash(
            h.iter()
                .map(|(k, v)| (Value::string(f(&ruby_to_s(k))), v.clone()))
                .collect(),
        )),
        _ => err(format!(
            "{name}(): expected first argument to be an Array or a Hash"
        )),
    }
}

fn prefix(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    unknown_guard!("prefix", args, "Collection");
    affix("prefix", &args, true)
}

fn suffix(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    unknown_guard!("suffix", args, "Collection");
    affix("suffix", &args, false)
}

fn reverse(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("reverse", &args, 1, 1)?;
    unknown_guard!("reverse", args, "Any");
    match &args[0] {
        Value::Array(a) => Ok(Value::array(a.iter().rev().cloned().collect())),
        Value::String(s) => Ok(Value::string(s.chars().rev().collect::<String>())),
        _ => err("reverse(): Requires either array or string to work with"),
    }
}

fn swapcase(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("swapcase", &args, 1, 1)?;
    unknown_guard!("swapcase", args, "Any");
    let sw = |s: &str| -> String {
        s.chars()
            .flat_map(|c| {
                if c.is_uppercase() {
                    c.to_lowercase().collect::<Vec<_>>()
                } else {
                    c.to_uppercase().collect::<Vec<_>>()
                }
            })
            .collect()
    };
    match &args[0] {
        Value::String(s) => Ok(Value::string(sw(s))),
        Value::Array(a) => Ok(Value::array(
            a.iter()
                .map(|e| match e {
                    Value::String(s) => Value::string(sw(s)),
                    other => other.clone(),
                })
                .collect(),
        )),
        _ => err("swapcase(): Requires either array or string to work with"),
    }
}

fn pick(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    for a in &args {
        match a {
            Value::Undef => {}
            Value::String(s) if s.is_empty() || s == "undef" || s == "undefined" => {}
            Value::Unknown(_) => return Ok(Value::unknown("Any", "pick() of an unknown value")),
            other => return Ok(other.clone()),
        }
    }
    err("pick(): must receive at least one non empty value")
}

fn pick_default(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    if args.is_empty() {
        return err("pick_default(): Must receive at least one argument.");
    }
    for a in &args {
        match a {
            Value::Undef => {}
            Value::String(s) if s.is_empty() || s == "undef" || s == "undefined" => {}
            Value::Unknown(_) => {
                return Ok(Value::unknown("Any", "pick_default() of an unknown value"));
            }
            other => return Ok(other.clone()),
        }
    }
    Ok(args.last().cloned().unwrap_or(Value::Undef))
}

fn values_at(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("values_at", &args, 2, 2)?;
    unknown_guard!("values_at", args, "Array");
    let Value::Array(a) = &args[0] else {
        return err("values_at(): Requires array to work with");
    };
    let idx: Vec<Value> = match &args[1] {
        Value::Array(x) => x.as_ref().clone(),
        other => vec![other.clone()],
    };
    let mut out = Vec::new();
    for i in idx {
        let text = ruby_to_s(&i);
        if let Some((from, to)) = text.split_once('-')
            && let (Ok(f), Ok(t)) = (from.trim().parse::<usize>(), to.trim().parse::<usize>())
        {
            for j in f..=t {
                out.push(a.get(j).cloned().ok_or_else(|| {
                    EvalError::new("values_at(): Given indexes are out of range")
                })?);
            }
            continue;
        }
        let j: usize = text
            .trim()
            .parse()
            .map_err(|_| EvalError::new("values_at(): Unknown format of given index"))?;
        out.push(
            a.get(j)
                .cloned()
                .ok_or_else(|| EvalError::new("values_at(): Given index exceeds array size"))?,
        );
    }
    Ok(Value::array(out))
}

fn zip(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("zip", &args, 2, 3)?;
    unknown_guard!("zip", args, "Array");
    let (Value::Array(a), Value::Array(b)) = (&args[0], &args[1]) else {
        return err("zip(): Requires array to work with");
    };
    let flat = args.get(2).is_some_and(|v| v.truthy() == Some(true));
    let pairs: Vec<Value> = a
        .iter()
        .enumerate()
        .map(|(i, e)| Value::array(vec![e.clone(), b.get(i).cloned().unwrap_or(Value::Undef)]))
        .collect();
    if flat {
        Ok(Value::array(
            pairs
                .iter()
                .flat_map(|p| p.as_array().unwrap_or(&[]).to_vec())
                .collect(),
        ))
    } else {
        Ok(Value::array(pairs))
    }
}

fn start_with(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    affix_test("stdlib::start_with", "prefixes", args, |s, p| {
        s.starts_with(p)
    })
}

fn end_with(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    affix_test("stdlib::end_with", "suffixes", args, |s, p| s.ends_with(p))
}

/// `stdlib::start_with` / `stdlib::end_with`: whether the string has the affix, or one of an
/// array of affixes (`what` names them in errors).
fn affix_test(
    name: &str,
    what: &str,
    args: Vec<Value>,
    test: fn(&str, &str) -> bool,
) -> EvalResult {
    arity(name, &args, 2, 2)?;
    unknown_guard!(name, args, "Boolean");
    let Value::String(s) = &args[0] else {
        return Err(arg_error(name, "a String", &args));
    };
    Ok(Value::Boolean(match &args[1] {
        Value::String(p) => test(s, p),
        Value::Array(ps) => ps.iter().any(|p| p.as_str().is_some_and(|p| test(s, p))),
        _ => {
            return Err(arg_error(
                name,
                &format!("a String or Array of {what}"),
                &args,
            ));
        }
    }))
}

fn basename(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("basename", &args, 1, 2)?;
    unknown_guard!("basename", args, "String");
    let Value::String(path) = &args[0] else {
        return err("basename(): Requires string as first argument");
    };
    let trimmed = path.trim_end_matches('/');
    let mut base = if trimmed.is_empty() && path.starts_with('/') {
        "/".to_string()
    } else {
        trimmed.rsplit('/').next().unwrap_or("").to_string()
    };
    match args.get(1) {
        Some(Value::String(ext)) => {
            if ext == ".*" {
                if let Some(i) = base.rfind('.').filter(|&i| i > 0) {
                    base.truncate(i);
                }
            } else if base.len() > ext.len() && base.ends_with(ext.as_str()) {
                base.truncate(base.len() - ext.len());
            }
        }
        None => {}
        Some(_) => return err("basename(): Requires string as second argument"),
    }
    Ok(Value::string(base))
}

fn dirname(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("dirname", &args, 1, 1)?;
    unknown_guard!("dirname", args, "String");
    let Value::String(path) = &args[0] else {
        return err("dirname(): Requires string as argument");
    };
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return Ok(Value::string(if path.starts_with('/') { "/" } else { "." }));
    }
    Ok(Value::string(match trimmed.rfind('/') {
        None => ".".to_string(),
        Some(i) => {
            let d = trimmed[..i].trim_end_matches('/');
            if d.is_empty() {
                "/".to_string()
            } else {
                d.to_string()
            }
        }
    }))
}

fn clamp(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    unknown_guard!("clamp", args, "Numeric");
    let flat: Vec<Value> = match args.as_slice() {
        [Value::Array(a)] => a.as_ref().clone(),
        _ => args.clone(),
    };
    if flat.len() != 3 {
        return err("clamp(): Wrong number of arguments, need three to clamp");
    }
    let mut nums = Vec::with_capacity(3);
    for v in &flat {
        match v {
            Value::Integer(i) => nums.push((*i as f64, v.clone())),
            Value::Float(f) => nums.push((*f, v.clone())),
            Value::String(s) => match crate::eval::number::string_to_number(s) {
                Some(crate::eval::number::Num::Int(i)) => nums.push((i as f64, Value::Integer(i))),
                Some(crate::eval::number::Num::Float(f)) => nums.push((f, Value::Float(f))),
                None => return err(format!("clamp(): Required explicit numeric ({s}:String)")),
            },
            other => {
                return err(format!(
                    "clamp(): The Hash and Array types are not allowed, got {}",
                    other.type_name()
                ));
            }
        }
    }
    nums.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal));
    Ok(nums[1].1.clone())
}

/// The most elements `range()` builds.
const MAX_RANGE: i128 = 1_000_000;

fn range(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("range", &args, 1, 3)?;
    unknown_guard!("range", args, "Array");
    let (from, to, step) = match args.as_slice() {
        [a, b] => (a.clone(), b.clone(), 1i64),
        [a, b, s] => {
            let step = match s {
                Value::Integer(i) => i.checked_abs().unwrap_or(i64::MAX).max(1),
                Value::String(t) => t
                    .parse::<i64>()
                    .map(|i| i.checked_abs().unwrap_or(i64::MAX).max(1))
                    .unwrap_or(1),
                _ => 1,
            };
            (a.clone(), b.clone(), step)
        }
        _ => return err("range(): Wrong number of arguments given (expected 2 or 3)"),
    };
    let as_int = |v: &Value| -> Option<i64> {
        match v {
            Value::Integer(i) => Some(*i),
            Value::String(s) => s.parse().ok(),
            _ => None,
        }
    };
    if let (Some(a), Some(b)) = (as_int(&from), as_int(&to)) {
        // Counted in i128: no overflow for any pair of 64-bit bounds.
        if (i128::from(b) - i128::from(a)) / i128::from(step) > MAX_RANGE {
            return Err(crate::eval::budget::too_many_elements(MAX_RANGE as usize));
        }
        let out: Vec<Value> = if a <= b {
            (a..=b).step_by(step as usize).map(Value::Integer).collect()
        } else {
            Vec::new()
        };
        return Ok(Value::array(out));
    }
    // String ranges such as 'a1'..'a3': a common prefix and a numeric or letter suffix.
    let (Value::String(a), Value::String(b)) = (&from, &to) else {
        return err("range(): Unknown range format");
    };
    let split = |s: &str| -> (String, String) {
        let i = s.rfind(|c: char| !c.is_ascii_digit()).map_or(0, |i| i + 1);
        (s[..i].to_string(), s[i..].to_string())
    };
    let (pa, na) = split(a);
    let (pb, nb) = split(b);
    if pa == pb && !na.is_empty() && !nb.is_empty() {
        let (x, y): (i64, i64) = (na.parse().unwrap_or(0), nb.parse().unwrap_or(0));
        if (i128::from(y) - i128::from(x)) / i128::from(step) > MAX_RANGE {
            return Err(crate::eval::budget::too_many_elements(MAX_RANGE as usize));
        }
        let width = if na.starts_with('0') { na.len() } else { 0 };
        return Ok(Value::array(
            (x..=y)
                .step_by(step as usize)
                .map(|n| Value::string(format!("{pa}{n:0width$}")))
                .collect(),
        ));
    }
    if a.chars().count() == 1 && b.chars().count() == 1 {
        let (x, y) = (
            a.chars().next().unwrap_or('a') as u32,
            b.chars().next().unwrap_or('a') as u32,
        );
        return Ok(Value::array(
            (x..=y)
                .step_by(step as usize)
                .filter_map(char::from_u32)
                .map(|c| Value::string(c.to_string()))
                .collect(),
        ));
    }
    err("range(): Unknown range format")
}

fn regexpescape(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("regexpescape", &args, 1, 1)?;
    unknown_guard!("regexpescape", args, "Any");
    match &args[0] {
        Value::String(s) => Ok(Value::string(regex::escape(s))),
        Value::Array(a) => Ok(Value::array(
            a.iter()
                .map(|e| match e {
                    Value::String(s) => Value::string(regex::escape(s)),
                    other => other.clone(),
                })
                .collect(),
        )),
        _ => err("regexpescape(): Requires either array or string to work with"),
    }
}

/// Ruby's `Shellwords.escape`.
pub fn shell_escape_str(s: &str) -> String {
    if s.is_empty() {
        return "''".into();
    }
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_ascii_alphanumeric() || "_-.,:+/@".contains(c) || !c.is_ascii() {
            out.push(c);
        } else if c == '\n' {
            out.push_str("'\n'");
        } else {
            out.push('\\');
            out.push(c);
        }
    }
    out
}

fn shell_escape(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("shell_escape", &args, 1, 1)?;
    unknown_guard!("shell_escape", args, "String");
    Ok(Value::string(shell_escape_str(&ruby_to_s(&args[0]))))
}

// --------------------------------------------------------------------------- to_yaml

/// Puppet's values as Ruby objects, for Psych's emitter: data only; anything else (a type, a
/// resource, `default`, `Sensitive`, binary, time) is not written.
impl crate::ruby_core::yaml::Dump for Value {
    fn node(&self) -> crate::ruby_core::yaml::Node<Self> {
        use crate::ruby_core::yaml::Node;
        match self {
            Value::Undef => Node::Nil,
            Value::Boolean(b) => Node::Bool(*b),
            Value::Integer(i) => Node::Int(i.to_string()),
            Value::Float(f) => Node::Float(*f),
            Value::String(s) => Node::Str(s.clone()),
            Value::Array(a) => Node::Seq(a.as_ref().clone()),
            Value::Hash(h) => Node::Map(h.iter().map(|(k, v)| (k.clone(), v.clone())).collect()),
            Value::Unknown(_) => Node::Unwritable("to_yaml of an unknown value".into()),
            other => Node::Unwritable(format!("to_yaml of a {}", other.type_name())),
        }
    }

    fn identity(&self) -> usize {
        match self {
            Value::Array(a) => std::sync::Arc::as_ptr(a) as usize,
            Value::Hash(h) => std::sync::Arc::as_ptr(h) as usize,
            _ => 0,
        }
    }
}

/// Psych's YAML document of a value (stdlib's `to_yaml`), or why plint cannot write it
/// exactly. A collection held twice is not written: whether Puppet's value holds the same Ruby
/// object twice (which Psych writes with an anchor) is not known.
pub fn to_yaml_string(v: &Value) -> Result<String, String> {
    use crate::ruby_core::yaml::{Shared, dump};
    dump(v, usize::MAX, Shared::Refuse)
}

fn to_yaml(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("to_yaml", &args, 1, 2)?;
    unknown_guard!("to_yaml", args, "String");
    if args
        .get(1)
        .is_some_and(|o| !matches!(o, Value::Hash(h) if h.is_empty()))
    {
        return Ok(Value::unknown("String", "to_yaml() with options"));
    }
    Ok(match to_yaml_string(&args[0]) {
        Ok(text) => Value::string(text),
        Err(why) => Value::unknown("String", &why),
    })
}
