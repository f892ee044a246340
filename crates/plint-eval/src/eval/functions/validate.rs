//! stdlib's validation functions: `validate_legacy` and the legacy `validate_*` and `is_*`
//! functions it falls back on (with their Puppet messages), and the log functions, which
//! compute nothing (`warning`, `deprecation`, ...).

use std::net::{Ipv4Addr, Ipv6Addr};

use super::format::ruby_inspect;
use super::{BuiltinFn, Lambda, RegexFn, arity, unknown_if_any};
use crate::eval::error::{EvalError, EvalResult, err};
use crate::eval::regex;
use crate::eval::value::{TypeVal, Value};
use crate::types::RegexCache;

pub(super) const FUNCTIONS: &[(&str, BuiltinFn)] = &[
    ("alert", log),
    ("crit", log),
    ("debug", log),
    ("deprecation", log),
    ("emerg", log),
    ("err", log),
    ("info", log),
    ("warning", log),
    ("is_absolute_path", is_absolute_path),
    ("is_domain_name", is_domain_name),
    ("is_ip_address", is_ip_address),
    ("is_ipv4_address", is_ipv4_address),
    ("is_ipv6_address", is_ipv6_address),
    ("validate_absolute_path", validate_absolute_path),
    ("validate_array", validate_array),
    ("validate_bool", validate_bool),
    ("validate_hash", validate_hash),
    ("validate_integer", validate_integer),
    ("validate_ip_address", validate_ip_address),
    ("validate_ipv4_address", validate_ipv4_address),
    ("validate_ipv6_address", validate_ipv6_address),
    ("validate_slength", validate_slength),
    ("validate_string", validate_string),
];

/// The functions that match regexps.
pub(super) const REGEX_FUNCTIONS: &[(&str, RegexFn)] = &[
    ("is_email_address", is_email_address),
    ("is_mac_address", is_mac_address),
    ("validate_re", validate_re),
    ("validate_legacy", validate_legacy),
];

/// The log functions (and `deprecation`): their messages are the caller's business; the value
/// is undef.
fn log(_: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    Ok(Value::Undef)
}

/// The Ruby class of a value, as the legacy functions name it in messages.
fn ruby_class(v: &Value) -> &'static str {
    match v {
        Value::String(_) => "String",
        Value::Integer(_) => "Integer",
        Value::Float(_) => "Float",
        Value::Boolean(true) => "TrueClass",
        Value::Boolean(false) => "FalseClass",
        Value::Undef => "NilClass",
        Value::Default => "Symbol",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        Value::Regexp(_) => "Regexp",
        _ => "Object",
    }
}

/// `validate_legacy(Type, 'validate_fn', $value, *args)`: passes when the value is of the type;
/// otherwise fails with Puppet's type mismatch, unless the legacy function accepts the value
/// (then only a deprecation warning).
fn validate_legacy(
    args: Vec<Value>,
    _: Option<&mut dyn Lambda>,
    regexes: &RegexCache,
) -> EvalResult {
    arity("validate_legacy", &args, 3, usize::MAX)?;
    let t = match &args[0] {
        Value::Type(t) => t.clone(),
        Value::String(s) => match crate::types::parse(s) {
            Ok(t) => TypeVal::new(t),
            Err(e) => return err(e.message),
        },
        Value::Unknown(_) => return Ok(Value::Undef),
        other => {
            return err(format!(
                "'validate_legacy' parameter 'target_type' expects a Type value, got {}",
                other.type_name()
            ));
        }
    };
    let Value::String(fname) = &args[1] else {
        return err(format!(
            "'validate_legacy' parameter 'function_name' expects a String value, got {}",
            args[1].type_name()
        ));
    };
    let value = &args[2];
    // An unknown value, or a type only the index can resolve (Stdlib::Compat::String), cannot
    // be checked here: the validation passes.
    if crate::eval::value_type::instance_of(regexes, value, &t) != Some(false) {
        return Ok(Value::Undef);
    }
    let legacy_ok = super::lookup(fname)
        .map(|f| f.call(args[2..].to_vec(), None, regexes).is_ok())
        .unwrap_or(false);
    if legacy_ok {
        return Ok(Value::Undef);
    }
    let calc = crate::types::TypeCalculator::with_regexes(&crate::types::NoAliases, regexes);
    let msg = calc
        .describe_mismatch(
            &format!("validate_legacy({fname})"),
            t.ty(),
            &crate::eval::value_type::infer(value),
        )
        .unwrap_or_else(|| format!("validate_legacy({fname}) expects a {t} value"));
    Err(EvalError::fail(msg))
}

fn at_least_one(name: &str, args: &[Value]) -> EvalResult<()> {
    if args.is_empty() {
        return err(format!(
            "{name}(): wrong number of arguments (0; must be > 0)"
        ));
    }
    Ok(())
}

/// Applies a per-argument check of a legacy `validate_*` function; unknown arguments pass.
fn each_arg(
    name: &str,
    args: &[Value],
    check: impl Fn(&Value) -> Result<(), String>,
) -> EvalResult {
    at_least_one(name, args)?;
    for a in args {
        if a.contains_unknown() {
            continue;
        }
        check(a).map_err(EvalError::new)?;
    }
    Ok(Value::Undef)
}

fn validate_string(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    each_arg("validate_string", &args, |a| match a {
        Value::String(_) | Value::Undef => Ok(()),
        _ => Err(format!(
            "{} is not a string.  It looks to be a {}",
            ruby_inspect(a),
            ruby_class(a)
        )),
    })
}

fn validate_bool(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    each_arg("validate_bool", &args, |a| match a {
        Value::Boolean(_) => Ok(()),
        _ => Err(format!(
            "{} is not a boolean.  It looks to be a {}",
            ruby_inspect(a),
            ruby_class(a)
        )),
    })
}

fn validate_hash(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    each_arg("validate_hash", &args, |a| match a {
        Value::Hash(_) => Ok(()),
        _ => Err(format!(
            "{} is not a Hash.  It looks to be a {}",
            ruby_inspect(a),
            ruby_class(a)
        )),
    })
}

fn validate_array(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    each_arg("validate_array", &args, |a| match a {
        Value::Array(_) => Ok(()),
        _ => Err(format!(
            "{} is not an Array.  It looks to be a {}",
            ruby_inspect(a),
            ruby_class(a)
        )),
    })
}

/// Puppet's absolute path test: POSIX (`/x`) or Windows (`C:\x`, `\\host\share`, `\\?\x`).
fn absolute_path(v: &Value) -> bool {
    let Value::String(p) = v else {
        return false;
    };
    if p.starts_with('/') {
        return true;
    }
    let b = p.as_bytes();
    let slash = |c: u8| c == b'/' || c == b'\\';
    if b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && slash(b[2]) {
        return true;
    }
    if b.len() >= 2 && slash(b[0]) && slash(b[1]) {
        let rest = &p[2..];
        if let Some(r) = rest.strip_prefix('?')
            && r.starts_with(['/', '\\'])
            && r.len() > 1
            && !slash(r.as_bytes()[1])
        {
            return true;
        }
        // `\\host\share`: a label, a slash, a label.
        let mut parts = rest.splitn(2, ['/', '\\']);
        let host = parts.next().unwrap_or("");
        let share = parts.next().unwrap_or("");
        return !host.is_empty() && !share.is_empty() && !slash(share.as_bytes()[0]);
    }
    false
}

fn is_absolute_path(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("is_absolute_path", &args, 1, 1)?;
    if let Some(u) = unknown_if_any("is_absolute_path", &args, "Boolean") {
        return Ok(u);
    }
    Ok(Value::Boolean(absolute_path(&args[0])))
}

fn validate_absolute_path(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    each_arg("validate_absolute_path", &args, |a| {
        let candidates: Vec<&Value> = match a {
            Value::Array(items) => items.iter().collect(),
            other => vec![other],
        };
        for p in candidates {
            if !absolute_path(p) {
                return Err(format!("{} is not an absolute path.", ruby_inspect(p)));
            }
        }
        Ok(())
    })
}

fn validate_re(args: Vec<Value>, _: Option<&mut dyn Lambda>, regexes: &RegexCache) -> EvalResult {
    if args.len() < 2 || args.len() > 3 {
        return err(format!(
            "validate_re(): wrong number of arguments ({}; must be 2 or 3)",
            args.len()
        ));
    }
    if args.iter().any(Value::contains_unknown) {
        return Ok(Value::Undef);
    }
    let Value::String(input) = &args[0] else {
        return err(format!(
            "validate_re(): input needs to be a String, not a {}",
            ruby_class(&args[0])
        ));
    };
    let patterns: Vec<&Value> = match &args[1] {
        Value::Array(a) => a.iter().collect(),
        other => vec![other],
    };
    for p in patterns {
        let src = match p {
            Value::String(s) => s.as_str(),
            Value::Regexp(r) => r,
            _ => continue,
        };
        if regex::captures(regexes, src, input)
            .map_err(|f| regex::failure_error(src, f, EvalError::new))?
            .is_some()
        {
            return Ok(Value::Undef);
        }
    }
    match args.get(2) {
        Some(m) => err(m.to_puppet_string()),
        None => err(format!(
            "validate_re(): {} does not match {}",
            ruby_inspect(&args[0]),
            ruby_inspect(&args[1])
        )),
    }
}

/// Ruby's `Integer(s)`: decimal, `0x`, `0b`, `0o`/leading `0` octal, `_` between digits,
/// surrounding whitespace.
fn ruby_integer(s: &str) -> Option<i64> {
    let t = s.trim_matches(|c: char| c.is_ascii_whitespace());
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let lower = t.to_ascii_lowercase();
    let (radix, digits) = if let Some(r) = lower.strip_prefix("0x") {
        (16, r.to_string())
    } else if let Some(r) = lower.strip_prefix("0b") {
        (2, r.to_string())
    } else if let Some(r) = lower.strip_prefix("0o") {
        (8, r.to_string())
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, lower[1..].to_string())
    } else {
        (10, lower)
    };
    if digits.is_empty()
        || digits.starts_with('_')
        || digits.ends_with('_')
        || digits.contains("__")
    {
        return None;
    }
    let clean: String = digits.chars().filter(|&c| c != '_').collect();
    let v = i64::from_str_radix(&clean, radix).ok()?;
    Some(if neg { -v } else { v })
}

/// Ruby's `to_s` of a value, for the conversions of the legacy functions.
fn to_s(v: &Value) -> String {
    super::format::ruby_to_s(v)
}

fn validate_integer(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    if args.is_empty() || args.len() > 3 {
        return err(format!(
            "validate_integer(): Wrong number of arguments; must be 1, 2 or 3, got {}",
            args.len()
        ));
    }
    if args.iter().any(Value::contains_unknown) {
        return Ok(Value::Undef);
    }
    let input = &args[0];
    let max = match args.get(1) {
        None => None,
        Some(m) => {
            let s = to_s(m);
            if args.len() > 2 && s.is_empty() {
                None
            } else {
                Some(ruby_integer(&s).ok_or_else(|| {
                    EvalError::new(format!(
                        "validate_integer(): Expected second argument to be unset or an Integer, got {s}:{}",
                        ruby_class(m)
                    ))
                })?)
            }
        }
    };
    let min = match args.get(2) {
        None => None,
        Some(m) => {
            let s = to_s(m);
            Some(ruby_integer(&s).ok_or_else(|| {
                EvalError::new(format!(
                    "validate_integer(): Expected third argument to be unset or an Integer, got {s}:{}",
                    ruby_class(m)
                ))
            })?)
        }
    };
    if let (Some(lo), Some(hi)) = (min, max)
        && lo > hi
    {
        return err(format!(
            "validate_integer(): Expected second argument to be larger than third argument, got {hi} < {lo}"
        ));
    }
    let check = |n: i64| -> EvalResult<()> {
        if let Some(hi) = max
            && n > hi
        {
            return err(format!(
                "validate_integer(): Expected {} to be smaller or equal to {hi}, got {}.",
                ruby_inspect(input),
                ruby_inspect(input)
            ));
        }
        if let Some(lo) = min
            && n < lo
        {
            return err(format!(
                "validate_integer(): Expected {} to be greater or equal to {lo}, got {}.",
                ruby_inspect(input),
                ruby_inspect(input)
            ));
        }
        Ok(())
    };
    match input {
        Value::Array(items) => {
            for (pos, a) in items.iter().enumerate() {
                let n = match a {
                    Value::Hash(_) => None,
                    other => ruby_integer(&to_s(other)),
                };
                let Some(n) = n else {
                    return err(format!(
                        "validate_integer(): Expected element at array position {pos} to be an Integer, got {}",
                        ruby_class(a)
                    ));
                };
                check(n)?;
            }
            Ok(Value::Undef)
        }
        Value::Hash(_) => {
            err("validate_integer(): Expected first argument to be an Integer or Array, got Hash")
        }
        other => match ruby_integer(&to_s(other)) {
            Some(n) => {
                check(n)?;
                Ok(Value::Undef)
            }
            None => err(format!(
                "validate_integer(): Expected first argument to be an Integer or Array, got {}",
                ruby_class(other)
            )),
        },
    }
}

fn validate_slength(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    if args.len() < 2 || args.len() > 3 {
        return err(format!(
            "validate_slength(): Wrong number of arguments ({}; must be 2 or 3)",
            args.len()
        ));
    }
    if args.iter().any(Value::contains_unknown) {
        return Ok(Value::Undef);
    }
    let as_int = |v: &Value| match v {
        Value::Integer(i) => Some(*i),
        Value::String(s) => ruby_integer(s),
        _ => None,
    };
    let Some(max) = as_int(&args[1]).filter(|m| *m >= 0) else {
        return err("validate_slength(): Expected second argument to be a positive Numeric");
    };
    let min = match args.get(2) {
        None => 0,
        Some(v) => match as_int(v).filter(|m| *m >= 0) {
            Some(m) => m,
            None => {
                return err(
                    "validate_slength(): Expected third argument to be unset or a positive Numeric",
                );
            }
        },
    };
    if min > max {
        return err(
            "validate_slength(): Expected second argument to be equal to or larger than third argument",
        );
    }
    let check = |s: &str| -> EvalResult<()> {
        let n = s.chars().count() as i64;
        if n > max || n < min {
            return err(format!(
                "validate_slength(): Expected length of {} to be between {min} and {max}, was {n}",
                ruby_inspect(&Value::string(s))
            ));
        }
        Ok(())
    };
    match &args[0] {
        Value::String(s) => check(s)?,
        Value::Array(items) => {
            for (i, a) in items.iter().enumerate() {
                match a {
                    Value::String(s) => check(s)?,
                    _ => {
                        return err(format!(
                            "validate_slength(): Expected element at array position {i} to be a String, got {}",
                            ruby_class(a)
                        ));
                    }
                }
            }
        }
        other => {
            return err(format!(
                "validate_slength(): Expected first argument to be a String or Array, got {}",
                ruby_class(other)
            ));
        }
    }
    Ok(Value::Undef)
}

/// An IPv4 address as Ruby's `IPAddr` reads it (a `/prefix` is allowed).
fn ipv4(s: &str) -> bool {
    let (addr, prefix) = match s.split_once('/') {
        Some((a, p)) => (a, Some(p)),
        None => (s, None),
    };
    addr.parse::<Ipv4Addr>().is_ok()
        && prefix
            .is_none_or(|p| p.parse::<u8>().is_ok_and(|n| n <= 32) || p.parse::<Ipv4Addr>().is_ok())
}

fn ipv6(s: &str) -> bool {
    let (addr, prefix) = match s.split_once('/') {
        Some((a, p)) => (a, Some(p)),
        None => (s, None),
    };
    let addr = addr.split('%').next().unwrap_or(addr);
    addr.parse::<Ipv6Addr>().is_ok()
        && prefix.is_none_or(|p| p.parse::<u8>().is_ok_and(|n| n <= 128))
}

fn string_test(name: &str, args: &[Value], mut f: impl FnMut(&str) -> bool) -> EvalResult {
    if args.len() != 1 {
        return err(format!(
            "{name}(): Wrong number of arguments given {} for 1",
            args.len()
        ));
    }
    if let Some(u) = unknown_if_any(name, args, "Boolean") {
        return Ok(u);
    }
    Ok(Value::Boolean(match &args[0] {
        Value::String(s) => f(s),
        _ => false,
    }))
}

fn is_ip_address(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    string_test("is_ip_address", &args, |s| ipv4(s) || ipv6(s))
}

fn is_ipv4_address(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    string_test("is_ipv4_address", &args, ipv4)
}

fn is_ipv6_address(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    string_test("is_ipv6_address", &args, ipv6)
}

fn domain_name(d: &str) -> bool {
    if d == "." {
        return true;
    }
    let d = d.strip_suffix('.').unwrap_or(d);
    if d.is_empty() || d.len() > 255 {
        return false;
    }
    if d.contains('.') {
        let tld = d.rsplit('.').next().unwrap_or("");
        if tld.is_empty() || !tld.bytes().all(|c| c.is_ascii_alphabetic()) {
            return false;
        }
    }
    d.split('.').all(|l| {
        !l.is_empty()
            && l.len() <= 63
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-')
    })
}

fn is_domain_name(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    string_test("is_domain_name", &args, domain_name)
}

fn regex_test(regexes: &RegexCache, name: &str, args: &[Value], patterns: &[&str]) -> EvalResult {
    let mut failure = None;
    let r = string_test(name, args, |s| {
        patterns
            .iter()
            .any(|p| match regex::captures(regexes, p, s) {
                Ok(m) => m.is_some(),
                Err(e) => {
                    failure.get_or_insert((p, e));
                    false
                }
            })
    });
    match failure {
        Some((p, e)) => Err(regex::failure_error(p, e, EvalError::new)),
        None => r,
    }
}

fn is_email_address(
    args: Vec<Value>,
    _: Option<&mut dyn Lambda>,
    regexes: &RegexCache,
) -> EvalResult {
    regex_test(
        regexes,
        "is_email_address",
        &args,
        &[r"\A([\w+\-].?)+@[a-z\d\-]+(\.[a-z]+)*\.[a-z]+\z"],
    )
}

fn is_mac_address(
    args: Vec<Value>,
    _: Option<&mut dyn Lambda>,
    regexes: &RegexCache,
) -> EvalResult {
    // Six pairs of hex digits (or twenty, for InfiniBand), each of one or two digits.
    regex_test(
        regexes,
        "is_mac_address",
        &args,
        &[
            r"(?i)^[a-f0-9]{1,2}(:[a-f0-9]{1,2}){5}$",
            r"(?i)^[a-f0-9]{1,2}(:[a-f0-9]{1,2}){19}$",
        ],
    )
}

fn validate_ips(name: &str, args: &[Value], what: &str, f: fn(&str) -> bool) -> EvalResult {
    if args.is_empty() {
        return err(format!(
            "{name}(): wrong number of arguments (0; must be > 0)"
        ));
    }
    for a in args {
        if a.contains_unknown() {
            continue;
        }
        let Value::String(s) = a else {
            return err(format!("{} is not a string.", ruby_inspect(a)));
        };
        if !f(s) {
            return err(format!("{} is not a valid {what}.", ruby_inspect(a)));
        }
    }
    Ok(Value::Undef)
}

fn validate_ip_address(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    validate_ips("validate_ip_address", &args, "IP address", |s| {
        ipv4(s) || ipv6(s)
    })
}

fn validate_ipv4_address(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    validate_ips("validate_ipv4_address", &args, "IPv4 address", ipv4)
}

fn validate_ipv6_address(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    validate_ips("validate_ipv6_address", &args, "IPv6 address", ipv6)
}
