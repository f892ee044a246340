//! Puppet 7's pure core functions on strings, numbers and collections.

use super::format::{ruby_to_s, sprintf_fn};
use super::ordering::{compare, max, min, sort, versioncmp};
use super::{BuiltinFn, Lambda, RegexFn, arg_error, arity, flatten_into, unknown_if_any};
use crate::eval::error::{EvalError, EvalResult, err};
use crate::eval::regex;
use crate::eval::value::{Hash, TypeVal, Value};
use crate::types::RegexCache;

pub(super) const FUNCTIONS: &[(&str, BuiltinFn)] = &[
    ("abs", abs),
    ("camelcase", camelcase),
    ("capitalize", capitalize),
    ("ceiling", ceiling),
    ("chomp", chomp),
    ("chop", chop),
    ("compare", compare),
    ("dig", dig),
    ("downcase", downcase),
    ("empty", empty),
    ("fail", fail),
    ("flatten", flatten),
    ("floor", floor),
    ("get", get),
    ("join", join),
    ("keys", keys),
    ("length", size),
    ("lstrip", lstrip),
    ("max", max),
    ("min", min),
    ("round", round),
    ("rstrip", rstrip),
    ("size", size),
    ("sort", sort),
    ("sprintf", sprintf_fn),
    ("strip", strip),
    ("type", type_fn),
    ("unique", unique),
    ("unwrap", unwrap),
    ("upcase", upcase),
    ("values", values),
    ("versioncmp", versioncmp),
];

/// The functions that match regexps.
pub(super) const REGEX_FUNCTIONS: &[(&str, RegexFn)] = &[
    ("match", match_fn),
    ("regsubst", regsubst),
    ("split", split),
];

fn abs(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("abs", &args, 1, 1)?;
    unknown_guard!("abs", args, "Numeric");
    match &args[0] {
        Value::Integer(i) => i
            .checked_abs()
            .map(Value::Integer)
            .ok_or_else(|| EvalError::new("abs(): integer overflow")),
        Value::Float(f) => Ok(Value::Float(f.abs())),
        Value::String(s) => match crate::eval::number::string_to_number(s) {
            Some(crate::eval::number::Num::Int(i)) => Ok(Value::Integer(i.abs())),
            Some(crate::eval::number::Num::Float(f)) => Ok(Value::Float(f.abs())),
            None => Err(arg_error("abs", "a Numeric value", &args)),
        },
        _ => Err(arg_error("abs", "a Numeric value", &args)),
    }
}

/// Applies a string transformation to a string, or to every string in an array or hash
/// (recursively), as the case functions do.
fn map_strings(
    name: &str,
    args: &[Value],
    f: &dyn Fn(&str) -> String,
    allow_numeric: bool,
) -> EvalResult {
    fn go(v: &Value, f: &dyn Fn(&str) -> String) -> Value {
        match v {
            Value::String(s) => Value::string(f(s)),
            Value::Array(a) => Value::array(a.iter().map(|e| go(e, f)).collect()),
            Value::Hash(h) => Value::hash(h.iter().map(|(k, v)| (go(k, f), go(v, f))).collect()),
            other => other.clone(),
        }
    }
    arity(name, args, 1, 1)?;
    unknown_guard!(name, args, "Any");
    match &args[0] {
        Value::String(_) | Value::Array(_) | Value::Hash(_) => Ok(go(&args[0], f)),
        Value::Integer(_) | Value::Float(_) if allow_numeric => Ok(args[0].clone()),
        _ => Err(arg_error(name, "a String, Array or Hash", args)),
    }
}

fn upcase(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    map_strings("upcase", &args, &|s| s.to_uppercase(), true)
}

fn downcase(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    map_strings("downcase", &args, &|s| s.to_lowercase(), true)
}

/// `capitalize` and `camelcase` accept an array only when all its elements are strings.
fn strings_only(name: &str, args: &[Value]) -> EvalResult<()> {
    if let Some(Value::Array(a)) = args.first()
        && !a.iter().all(|e| matches!(e, Value::String(_)))
    {
        return Err(arg_error(
            name,
            "a String, Numeric or an Iterable of Strings",
            args,
        ));
    }
    if let Some(Value::Hash(_)) = args.first() {
        return Err(arg_error(
            name,
            "a String, Numeric or an Iterable of Strings",
            args,
        ));
    }
    Ok(())
}

fn capitalize(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    strings_only("capitalize", &args)?;
    map_strings("capitalize", &args, &crate::types::capitalize_word, true)
}

fn camelcase(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    strings_only("camelcase", &args)?;
    map_strings(
        "camelcase",
        &args,
        &|s| {
            s.split('_')
                .map(crate::types::capitalize_word)
                .collect::<String>()
        },
        true,
    )
}

fn is_ruby_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0B' | '\x0C' | '\r' | '\0')
}

fn strip(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    map_strings(
        "strip",
        &args,
        &|s| s.trim_matches(is_ruby_space).to_string(),
        true,
    )
}

fn lstrip(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    map_strings(
        "lstrip",
        &args,
        &|s| s.trim_start_matches(is_ruby_space).to_string(),
        true,
    )
}

fn rstrip(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    map_strings(
        "rstrip",
        &args,
        &|s| s.trim_end_matches(is_ruby_space).to_string(),
        true,
    )
}

fn chomp(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    map_strings(
        "chomp",
        &args,
        &|s| {
            s.strip_suffix("\r\n")
                .or_else(|| s.strip_suffix('\n'))
                .or_else(|| s.strip_suffix('\r'))
                .unwrap_or(s)
                .to_string()
        },
        true,
    )
}

fn chop(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    map_strings(
        "chop",
        &args,
        &|s| {
            if let Some(t) = s.strip_suffix("\r\n") {
                return t.to_string();
            }
            let mut c = s.chars();
            c.next_back();
            c.as_str().to_string()
        },
        true,
    )
}

fn number_arg(name: &str, args: &[Value]) -> EvalResult<f64> {
    arity(name, args, 1, 1)?;
    match &args[0] {
        Value::Integer(i) => Ok(*i as f64),
        Value::Float(f) => Ok(*f),
        _ => Err(arg_error(name, "a Numeric value", args)),
    }
}

fn float_to_int(name: &str, f: f64) -> EvalResult {
    if !f.is_finite() || f < i64::MIN as f64 || f >= i64::MAX as f64 {
        return err(format!("{name}(): result is outside of the Integer range"));
    }
    Ok(Value::Integer(f as i64))
}

fn round(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    unknown_guard!("round", args, "Integer");
    if let Some(Value::Integer(i)) = args.first()
        && args.len() == 1
    {
        return Ok(Value::Integer(*i));
    }
    let f = number_arg("round", &args)?;
    float_to_int("round", f.round())
}

fn ceiling(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    unknown_guard!("ceiling", args, "Integer");
    if let Some(Value::Integer(i)) = args.first()
        && args.len() == 1
    {
        return Ok(Value::Integer(*i));
    }
    let f = number_arg("ceiling", &args)?;
    float_to_int("ceiling", f.ceil())
}

fn floor(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    unknown_guard!("floor", args, "Integer");
    if let Some(Value::Integer(i)) = args.first()
        && args.len() == 1
    {
        return Ok(Value::Integer(*i));
    }
    let f = number_arg("floor", &args)?;
    float_to_int("floor", f.floor())
}

fn dig(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    if args.is_empty() {
        return Err(arg_error("dig", "at least 1 argument", &args));
    }
    if args[0].is_unknown() {
        return Ok(Value::unknown("Any", "dig() of an unknown value"));
    }
    if !matches!(args[0], Value::Undef | Value::Array(_) | Value::Hash(_)) {
        return Err(arg_error("dig", "an Optional[Collection] value", &args));
    }
    let mut d = args[0].clone();
    for (i, k) in args[1..].iter().enumerate() {
        if d.is_undef() || k.is_undef() {
            return Ok(Value::Undef);
        }
        if d.is_unknown() || k.contains_unknown() {
            return Ok(Value::unknown("Any", "dig() into an unknown value"));
        }
        d = match &d {
            Value::Array(a) => match k {
                Value::Integer(n) => {
                    let len = a.len() as i64;
                    let n = if *n < 0 { len + n } else { *n };
                    if n < 0 || n >= len {
                        Value::Undef
                    } else {
                        a[n as usize].clone()
                    }
                }
                _ => {
                    return err(format!(
                        "The given data requires an Integer index at position {i}"
                    ));
                }
            },
            Value::Hash(h) => h.get(k).cloned().unwrap_or(Value::Undef),
            _ => {
                return err(format!(
                    "The given data does not contain a Collection at position {i}"
                ));
            }
        };
    }
    Ok(d)
}

/// Splits a `get` navigation string on dots, honoring single and double quoted segments.
fn split_navigation(nav: &str) -> EvalResult<Vec<(String, bool)>> {
    let mut segs = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut chars = nav.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                quoted = true;
                let mut closed = false;
                for d in chars.by_ref() {
                    if d == c {
                        closed = true;
                        break;
                    }
                    cur.push(d);
                }
                if !closed {
                    return err(format!("Syntax error in dotted-navigation string: '{nav}'"));
                }
            }
            '.' => {
                segs.push((std::mem::take(&mut cur), quoted));
                quoted = false;
            }
            _ => cur.push(c),
        }
    }
    segs.push((cur, quoted));
    Ok(segs)
}

fn get(args: Vec<Value>, mut lambda: Option<&mut dyn Lambda>) -> EvalResult {
    if args.len() < 2 || args.len() > 3 {
        return Err(arg_error("get", "2 or 3 arguments", &args));
    }
    let Value::String(nav) = &args[1] else {
        return Err(arg_error("get", "a String navigation", &args));
    };
    let default = args.get(2).cloned().unwrap_or(Value::Undef);
    if args[0].is_undef() {
        return Ok(default);
    }
    if nav.is_empty() {
        return Ok(args[0].clone());
    }
    if args[0].is_unknown() {
        return Ok(Value::unknown("Any", "get() of an unknown value"));
    }
    let mut d = args[0].clone();
    for (seg, quoted) in split_navigation(nav)? {
        if d.is_undef() {
            break;
        }
        d = match &d {
            Value::Array(a) => {
                let idx = if quoted {
                    None
                } else {
                    seg.parse::<i64>().ok()
                };
                match idx {
                    Some(n) => {
                        let len = a.len() as i64;
                        let n = if n < 0 { len + n } else { n };
                        if n < 0 || n >= len {
                            Value::Undef
                        } else {
                            a[n as usize].clone()
                        }
                    }
                    None => {
                        let e = EvalError::new(format!(
                            "The given data requires an Integer index at '{seg}' in '{nav}'"
                        ));
                        return get_error(e, &mut lambda);
                    }
                }
            }
            Value::Hash(h) => {
                let key = if !quoted && let Ok(n) = seg.parse::<i64>() {
                    h.get(&Value::Integer(n))
                        .or_else(|| h.get_str(&seg))
                        .cloned()
                } else {
                    h.get_str(&seg).cloned()
                };
                key.unwrap_or(Value::Undef)
            }
            Value::Unknown(_) => return Ok(Value::unknown("Any", "get() into an unknown value")),
            _ => {
                let e = EvalError::new(format!(
                    "The given data does not contain a Collection at '{seg}' in '{nav}'"
                ));
                return get_error(e, &mut lambda);
            }
        };
    }
    Ok(if d.is_undef() { default } else { d })
}

fn get_error(e: EvalError, lambda: &mut Option<&mut dyn Lambda>) -> EvalResult {
    match lambda {
        Some(l) => {
            let mut h = Hash::new();
            h.insert(Value::from("msg"), Value::string(e.message.clone()));
            h.insert(Value::from("issue_code"), Value::from("EVAL_ERROR"));
            l.call(vec![Value::hash(h)])
        }
        None => Err(e),
    }
}

fn fail(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    let msg: Vec<String> = args.iter().map(Value::to_puppet_string).collect();
    Err(EvalError::fail(msg.join(" ")))
}

fn flatten(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    let mut out = Vec::new();
    for a in &args {
        flatten_into(a, &mut out);
    }
    // An unknown that may be an array makes the length and the elements unknown.
    if let Some(origin) = out.iter().find_map(|v| match v {
        Value::Unknown(u) if may_be_array(&u.ty) => Some(u.origin.clone()),
        _ => None,
    }) {
        return Ok(Value::unknown("Array", &format!("flatten() of {origin}")));
    }
    Ok(Value::array(out))
}

/// Whether a value of type `t` may be an array: `t` is an array type, or accepts arrays.
fn may_be_array(t: &TypeVal) -> bool {
    let array = TypeVal::parse("Array");
    crate::eval::value_type::type_le(t, &array) != Some(false)
        || crate::eval::value_type::type_le(&TypeVal::parse("Array[Data]"), t) != Some(false)
}

/// Ruby's `Array#join`: nested arrays flattened, `undef` as the empty string, other values in
/// Ruby's string form.
pub(super) fn ruby_join(items: &[Value], sep: &str) -> String {
    let mut flat = Vec::new();
    items.iter().for_each(|e| flatten_into(e, &mut flat));
    flat.iter().map(ruby_to_s).collect::<Vec<_>>().join(sep)
}

fn join(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("join", &args, 1, 2)?;
    unknown_guard!("join", args, "String");
    let sep = match args.get(1) {
        None => "",
        Some(Value::String(s)) => s,
        Some(_) => return Err(arg_error("join", "an Array and a String", &args)),
    };
    match &args[0] {
        Value::Array(a) => Ok(Value::string(ruby_join(a, sep))),
        _ => Err(arg_error("join", "an Array and a String", &args)),
    }
}

fn keys(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("keys", &args, 1, 1)?;
    unknown_guard!("keys", args, "Array");
    match &args[0] {
        Value::Hash(h) => Ok(Value::array(h.keys().cloned().collect())),
        _ => Err(arg_error("keys", "a Hash value", &args)),
    }
}

fn values(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("values", &args, 1, 1)?;
    unknown_guard!("values", args, "Array");
    match &args[0] {
        Value::Hash(h) => Ok(Value::array(h.values().cloned().collect())),
        _ => Err(arg_error("values", "a Hash value", &args)),
    }
}

fn size(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("size", &args, 1, 1)?;
    if args[0].is_unknown() {
        return Ok(Value::unknown("Integer", "size() of an unknown value"));
    }
    Ok(Value::Integer(match &args[0] {
        Value::String(s) => s.chars().count() as i64,
        Value::Array(a) => a.len() as i64,
        Value::Hash(h) => h.len() as i64,
        Value::Binary(b) => b.len() as i64,
        _ => return Err(arg_error("size", "a Collection, String or Binary", &args)),
    }))
}

fn empty(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("empty", &args, 1, 1)?;
    if args[0].is_unknown() {
        return Ok(Value::unknown("Boolean", "empty() of an unknown value"));
    }
    Ok(Value::Boolean(match &args[0] {
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Hash(h) => h.is_empty(),
        Value::Binary(b) => b.is_empty(),
        Value::Undef => true,
        Value::Integer(_) | Value::Float(_) => false,
        _ => {
            return Err(arg_error(
                "empty",
                "a Collection, String, Numeric or Undef",
                &args,
            ));
        }
    }))
}

/// Ruby's `String#split` by a regexp: captures included, trailing empty strings removed; an
/// empty pattern splits into characters.
pub(super) fn ruby_split(regexes: &RegexCache, s: &str, pattern: &str) -> EvalResult<Vec<Value>> {
    let re = regex::compile_for(regexes, pattern, s.len()).map_err(EvalError::new)?;
    let mut out: Vec<String> = Vec::new();
    if s.is_empty() {
        return Ok(Vec::new());
    }
    let mut last = 0;
    let mut search = 0;
    while search <= s.len() {
        let caps = match re.captures_from_pos(s, search) {
            Ok(Some(c)) => c,
            Err(e) if crate::types::is_too_costly(&e) => return Err(regex::too_costly(pattern)),
            _ => break,
        };
        let Some(m) = caps.get(0) else { break };
        if m.end() == m.start() {
            // An empty match splits between characters (never at the start or the end).
            if m.start() >= s.len() {
                break;
            }
            if m.start() == 0 || m.start() == last {
                let next = s[m.start()..]
                    .chars()
                    .next()
                    .map_or(s.len(), |c| m.start() + c.len_utf8());
                if m.start() == last && m.start() != 0 {
                    out.push(s[last..next].to_string());
                    last = next;
                }
                if m.start() == 0 {
                    out.push(s[..next].to_string());
                    last = next;
                }
                search = next;
                continue;
            }
            out.push(s[last..m.start()].to_string());
            last = m.start();
            search = m.start() + s[m.start()..].chars().next().map_or(1, char::len_utf8);
            continue;
        }
        out.push(s[last..m.start()].to_string());
        for i in 1..caps.len() {
            if let Some(g) = caps.get(i) {
                out.push(g.as_str().to_string());
            }
        }
        last = m.end();
        search = m.end();
    }
    if last <= s.len() {
        out.push(s[last..].to_string());
    }
    while out.last().is_some_and(String::is_empty) {
        out.pop();
    }
    Ok(out.into_iter().map(Value::String).collect())
}

fn split(args: Vec<Value>, _: Option<&mut dyn Lambda>, regexes: &RegexCache) -> EvalResult {
    arity("split", &args, 2, 2)?;
    unknown_guard!("split", args, "Array[String]");
    let Value::String(s) = &args[0] else {
        return Err(arg_error("split", "a String and a String or Regexp", &args));
    };
    let pattern: &str = match &args[1] {
        Value::String(p) => p,
        Value::Regexp(r) => r,
        Value::Type(t) if matches!(t.ty(), crate::types::Type::Regexp(Some(_))) => {
            let crate::types::Type::Regexp(Some(r)) = t.ty() else {
                unreachable!()
            };
            return Ok(Value::array(ruby_split(regexes, s, r)?));
        }
        _ => return Err(arg_error("split", "a String and a String or Regexp", &args)),
    };
    Ok(Value::array(ruby_split(regexes, s, pattern)?))
}

fn unique(args: Vec<Value>, lambda: Option<&mut dyn Lambda>) -> EvalResult {
    arity("unique", &args, 1, 1)?;
    unknown_guard!("unique", args, "Any");
    let mut lambda = lambda;
    let mut key_of = |v: &Value| -> EvalResult {
        match lambda.as_deref_mut() {
            Some(l) => l.call(vec![v.clone()]),
            None => Ok(v.clone()),
        }
    };
    match &args[0] {
        Value::Array(a) => {
            let mut seen = crate::eval::value::ValueSet::new();
            let mut out = Vec::new();
            for e in a.iter() {
                let k = key_of(e)?;
                if seen.insert(k) {
                    out.push(e.clone());
                }
            }
            Ok(Value::array(out))
        }
        Value::String(s) => {
            let mut seen: Vec<char> = Vec::new();
            let mut set = std::collections::HashSet::new();
            for c in s.chars() {
                if set.insert(c) {
                    seen.push(c);
                }
            }
            Ok(Value::string(seen.into_iter().collect::<String>()))
        }
        Value::Hash(h) => {
            // Values that occur more than once are kept once, with all their keys.
            let mut groups: Vec<(Value, Value, Vec<Value>)> = Vec::new();
            for (k, v) in h.iter() {
                let key = key_of(v)?;
                match groups.iter_mut().find(|g| g.0.strict_eq(&key)) {
                    Some(g) => g.2.push(k.clone()),
                    None => groups.push((key, v.clone(), vec![k.clone()])),
                }
            }
            Ok(Value::hash(
                groups
                    .into_iter()
                    .map(|(_, v, ks)| {
                        let key = if ks.len() == 1 {
                            ks.into_iter().next().unwrap_or(Value::Undef)
                        } else {
                            Value::array(ks)
                        };
                        (key, v)
                    })
                    .collect(),
            ))
        }
        _ => Err(arg_error("unique", "a String, Array or Hash", &args)),
    }
}

fn unwrap(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("unwrap", &args, 1, 1)?;
    Ok(match &args[0] {
        Value::Sensitive(v) => v.as_ref().clone(),
        other => other.clone(),
    })
}

/// Expands a Ruby `sub`/`gsub` replacement: `\0` and `\&` the match, `\1`..`\9` the groups,
/// `\\` a backslash, `` \` `` and `\'` the text before and after.
fn expand_replacement(rep: &str, caps: &[Option<(usize, usize)>], text: &str) -> String {
    let group = |i: usize| caps.get(i).copied().flatten();
    let mut out = String::new();
    let mut chars = rep.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.peek().copied() {
            Some(d @ '0'..='9') => {
                chars.next();
                let i = d as usize - '0' as usize;
                if let Some((a, b)) = group(i) {
                    out.push_str(&text[a..b]);
                }
            }
            Some('&') => {
                chars.next();
                if let Some((a, b)) = group(0) {
                    out.push_str(&text[a..b]);
                }
            }
            Some('`') => {
                chars.next();
                if let Some((a, _)) = group(0) {
                    out.push_str(&text[..a]);
                }
            }
            Some('\'') => {
                chars.next();
                if let Some((_, b)) = group(0) {
                    out.push_str(&text[b..]);
                }
            }
            Some('\\') => {
                chars.next();
                out.push('\\');
            }
            _ => out.push('\\'),
        }
    }
    out
}

/// Ruby's `sub` (first match) or `gsub` (all matches) with a replacement string.
pub(super) fn ruby_sub(
    regexes: &RegexCache,
    text: &str,
    pattern: &str,
    rep: &str,
    global: bool,
) -> EvalResult<String> {
    let re = regex::compile_for(regexes, pattern, text.len()).map_err(EvalError::new)?;
    let mut out = String::new();
    let mut last = 0;
    let mut pos = 0;
    while pos <= text.len() {
        let caps = match re.captures_from_pos(text, pos) {
            Ok(Some(c)) => c,
            Ok(None) => break,
            Err(e) if crate::types::is_too_costly(&e) => return Err(regex::too_costly(pattern)),
            Err(e) => return err(e.to_string()),
        };
        let Some(m) = caps.get(0) else { break };
        out.push_str(&text[last..m.start()]);
        let groups: Vec<Option<(usize, usize)>> = (0..caps.len())
            .map(|i| caps.get(i).map(|g| (g.start(), g.end())))
            .collect();
        out.push_str(&expand_replacement(rep, &groups, text));
        last = m.end();
        if !global {
            break;
        }
        pos = if m.end() == m.start() {
            match text[m.end()..].chars().next() {
                Some(c) => {
                    out.push(c);
                    last = m.end() + c.len_utf8();
                    m.end() + c.len_utf8()
                }
                None => break,
            }
        } else {
            m.end()
        };
    }
    if last <= text.len() {
        out.push_str(&text[last..]);
    }
    Ok(out)
}

fn regsubst(args: Vec<Value>, _: Option<&mut dyn Lambda>, regexes: &RegexCache) -> EvalResult {
    arity("regsubst", &args, 3, 5)?;
    unknown_guard!("regsubst", args, "Any");
    let pattern: String = match &args[1] {
        Value::String(p) => p.clone(),
        Value::Regexp(r) => r.to_string(),
        _ => return Err(arg_error("regsubst", "a pattern String or Regexp", &args)),
    };
    let Value::String(rep) = &args[2] else {
        return Err(arg_error("regsubst", "a replacement String", &args));
    };
    let flags = match args.get(3) {
        Some(Value::String(f)) => f.clone(),
        None | Some(Value::Undef) => String::new(),
        _ => return Err(arg_error("regsubst", "a flags String", &args)),
    };
    let mut prefix = String::new();
    for f in flags.chars() {
        match f {
            'G' => {}
            'I' => prefix.push('i'),
            'M' => prefix.push('m'),
            'E' => prefix.push('x'),
            _ => return Err(arg_error("regsubst", "flags among E, I, M and G", &args)),
        }
    }
    let global = flags.contains('G');
    let pattern = if prefix.is_empty() {
        pattern
    } else {
        format!("(?{prefix}){pattern}")
    };
    let sub = |s: &str| ruby_sub(regexes, s, &pattern, rep, global);
    match &args[0] {
        Value::String(s) => Ok(Value::string(sub(s)?)),
        Value::Array(a) => {
            let mut out = Vec::with_capacity(a.len());
            for e in a.iter() {
                match e {
                    Value::String(s) => out.push(Value::string(sub(s)?)),
                    _ => return Err(arg_error("regsubst", "an Array of Strings", &args)),
                }
            }
            Ok(Value::array(out))
        }
        _ => Err(arg_error(
            "regsubst",
            "a String or an Array of Strings",
            &args,
        )),
    }
}

fn match_fn(args: Vec<Value>, _: Option<&mut dyn Lambda>, regexes: &RegexCache) -> EvalResult {
    arity("match", &args, 2, 2)?;
    unknown_guard!("match", args, "Any");
    let pattern: String = match &args[1] {
        Value::String(p) => p.clone(),
        Value::Regexp(r) => r.to_string(),
        Value::Type(t) => match t.ty() {
            crate::types::Type::Regexp(Some(r)) => r.clone(),
            crate::types::Type::Pattern(ps) if ps.len() == 1 => ps[0].clone(),
            _ => return Err(arg_error("match", "a String or Regexp pattern", &args)),
        },
        _ => return Err(arg_error("match", "a String or Regexp pattern", &args)),
    };
    let one = |s: &str, p: &str| -> EvalResult {
        Ok(
            match regex::captures(regexes, p, s)
                .map_err(|f| regex::failure_error(p, f, EvalError::new))?
            {
                Some(c) => Value::array(c),
                None => Value::Undef,
            },
        )
    };
    match &args[0] {
        Value::String(s) => one(s, &pattern),
        Value::Array(a) => {
            let mut out = Vec::with_capacity(a.len());
            for e in a.iter() {
                match e {
                    Value::String(s) => out.push(one(s, &pattern)?),
                    _ => return Err(arg_error("match", "an Array of Strings", &args)),
                }
            }
            Ok(Value::array(out))
        }
        _ => Err(arg_error("match", "a String or an Array of Strings", &args)),
    }
}

/// Used by `notice` and friends: the values joined by spaces, in Puppet's string form.
pub fn log_message(args: &[Value]) -> String {
    args.iter()
        .map(Value::to_puppet_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn type_fn(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    use crate::eval::value::TypeVal;
    use crate::eval::value_type::{infer, infer_generalized, infer_reduced};
    arity("type", &args, 1, 2)?;
    let mode = match args.get(1) {
        None => "detailed",
        Some(Value::String(s)) => s.as_str(),
        Some(_) => {
            return Err(arg_error(
                "type",
                "a mode 'detailed', 'reduced' or 'generalized'",
                &args,
            ));
        }
    };
    let t = match mode {
        "detailed" => infer(&args[0]),
        "reduced" => infer_reduced(&args[0]),
        "generalized" => infer_generalized(&args[0]),
        _ => {
            return Err(arg_error(
                "type",
                "a mode 'detailed', 'reduced' or 'generalized'",
                &args,
            ));
        }
    };
    Ok(Value::Type(TypeVal::new(t)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flatten_of_an_unknown_that_may_be_an_array_is_unknown() {
        let known = |v: Vec<Value>| flatten(v, None).unwrap();
        let a = Value::array(vec![
            Value::string("a"),
            Value::unknown("Any", "ipaddresses()"),
        ]);
        match known(vec![a]) {
            Value::Unknown(u) => assert_eq!(&*u.origin, "flatten() of ipaddresses()"),
            other => panic!("{other:?}"),
        }
        // An unknown String stays one element.
        let a = Value::array(vec![Value::string("a"), Value::unknown("String", "x()")]);
        match known(vec![a]) {
            Value::Array(items) => assert_eq!(items.len(), 2),
            other => panic!("{other:?}"),
        }
    }
}
