//! More pure stdlib functions (beyond the most used ones of `stdlib.rs`): collections from
//! arrays, pattern filters, escaping, base64, YAML parsing, digging, type tests; and Puppet's
//! `shellquote`.

use super::format::{ruby_inspect, ruby_to_s};
use super::{BuiltinFn, Lambda, RegexFn, arg_error, arity, flatten_into, unknown_if_any};
use crate::eval::error::{EvalError, EvalResult, err};
use crate::eval::regex;
use crate::eval::value::{Hash, TypeVal, Value};
use crate::types::RegexCache;

pub(super) const FUNCTIONS: &[(&str, BuiltinFn)] = &[
    ("base64", base64),
    ("batch_escape", batch_escape),
    ("convert_base", convert_base),
    ("dos2unix", dos2unix),
    ("convert_to", convert_to),
    ("dig44", dig44),
    ("enclose_ipv6", enclose_ipv6),
    ("hash", hash),
    ("parseyaml", parseyaml),
    ("powershell_escape", powershell_escape),
    ("shell_join", shell_join),
    ("shellquote", shellquote),
    ("squeeze", squeeze),
    ("stdlib::extname", extname),
    ("stdlib::xml_encode", xml_encode),
    ("to_bytes", to_bytes),
    ("to_python", to_python),
    ("to_ruby", to_ruby),
    ("try_get_value", try_get_value),
    ("type_of", type_of),
    ("unix2dos", unix2dos),
    ("uriescape", uriescape),
];

/// The functions that match regexps.
pub(super) const REGEX_FUNCTIONS: &[(&str, RegexFn)] =
    &[("grep", grep), ("reject", reject), ("is_a", is_a)];

/// `hash([k1, v1, k2, v2])`: the flattened array's pairs as a hash.
fn hash(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    if args.is_empty() {
        return err("hash(): Wrong number of arguments given (0 for 1)");
    }
    unknown_guard!("hash", args, "Hash");
    let Value::Array(a) = &args[0] else {
        return err("hash(): Requires array to work with");
    };
    let mut flat = Vec::new();
    a.iter().for_each(|e| flatten_into(e, &mut flat));
    if flat.len() % 2 != 0 {
        return err("hash(): Unable to compute hash from array given");
    }
    let mut h = Hash::with_capacity(flat.len() / 2);
    let mut it = flat.into_iter();
    while let (Some(k), Some(v)) = (it.next(), it.next()) {
        h.insert(k, v);
    }
    Ok(Value::hash(h))
}

/// The regexp source of `grep`'s and `reject`'s pattern argument.
fn pattern_of(regexes: &RegexCache, name: &str, v: &Value) -> EvalResult<String> {
    let src = match v {
        Value::String(s) => s.clone(),
        Value::Regexp(r) => r.to_string(),
        other => {
            return err(format!(
                "{name}(): no implicit conversion of {} into String",
                other.type_name()
            ));
        }
    };
    regex::compile(regexes, &src).map_err(EvalError::new)?;
    Ok(src)
}

/// Whether `v` matches as Ruby's `Regexp#===` (only strings match).
fn matches(regexes: &RegexCache, src: &str, v: &Value) -> EvalResult<bool> {
    match v {
        Value::String(s) => Ok(regex::captures(regexes, src, s)
            .map_err(|f| regex::failure_error(src, f, EvalError::new))?
            .is_some()),
        _ => Ok(false),
    }
}

fn filter_by_pattern(regexes: &RegexCache, name: &str, args: &[Value], keep: bool) -> EvalResult {
    if args.len() != 2 {
        return err(format!(
            "{name}(): Wrong number of arguments given {} for 2",
            args.len()
        ));
    }
    unknown_guard!(name, args, "Array");
    let src = pattern_of(regexes, name, &args[1])?;
    let Value::Array(a) = &args[0] else {
        return Err(arg_error(name, "an Array", args));
    };
    let mut out = Vec::new();
    for e in a.iter() {
        if matches(regexes, &src, e)? == keep {
            out.push(e.clone());
        }
    }
    Ok(Value::array(out))
}

fn grep(args: Vec<Value>, _: Option<&mut dyn Lambda>, regexes: &RegexCache) -> EvalResult {
    filter_by_pattern(regexes, "grep", &args, true)
}

fn reject(args: Vec<Value>, _: Option<&mut dyn Lambda>, regexes: &RegexCache) -> EvalResult {
    filter_by_pattern(regexes, "reject", &args, false)
}

/// `enclose_ipv6`: IPv6 addresses in brackets (as Ruby's IPAddr prints them), others as they
/// are; duplicates removed.
fn enclose_ipv6(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    if args.len() != 1 {
        return err(format!(
            "enclose_ipv6(): Wrong number of arguments given {} for 1",
            args.len()
        ));
    }
    unknown_guard!("enclose_ipv6", args, "Array[String]");
    let items: Vec<Value> = match &args[0] {
        Value::String(_) => vec![args[0].clone()],
        Value::Array(_) => {
            let mut flat = Vec::new();
            flatten_into(&args[0], &mut flat);
            flat.into_iter().filter(|v| !v.is_undef()).collect()
        }
        other => {
            return err(format!(
                "enclose_ipv6(): Wrong argument type given {} expected String or Array",
                match other {
                    Value::Integer(_) => "Integer",
                    Value::Float(_) => "Float",
                    Value::Hash(_) => "Hash",
                    Value::Boolean(true) => "TrueClass",
                    Value::Boolean(false) => "FalseClass",
                    Value::Undef => "NilClass",
                    _ => "Object",
                }
            ));
        }
    };
    let mut out: Vec<Value> = Vec::new();
    for v in items {
        let s = ruby_to_s(&v);
        let r = if s == "*" {
            s
        } else {
            let addr = s.split('/').next().unwrap_or(&s);
            if let Ok(ip) = addr.parse::<std::net::Ipv6Addr>() {
                format!("[{ip}]")
            } else if addr.parse::<std::net::Ipv4Addr>().is_ok() {
                s
            } else {
                return err(format!(
                    "enclose_ipv6(): Wrong argument given {s} is not an ip address."
                ));
            }
        };
        let r = Value::string(r);
        if !out.contains(&r) {
            out.push(r);
        }
    }
    Ok(Value::array(out))
}

fn shell_join(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    if args.len() != 1 {
        return err(format!(
            "shell_join(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    }
    unknown_guard!("shell_join", args, "String");
    let Value::Array(a) = &args[0] else {
        return err(format!(
            "First argument is not an Array: {}",
            ruby_inspect(&args[0])
        ));
    };
    let words: Vec<String> = a
        .iter()
        .map(|v| super::stdlib::shell_escape_str(&ruby_to_s(v)))
        .collect();
    Ok(Value::string(words.join(" ")))
}

/// Ruby's `String#squeeze`: runs of the same character (of the given set, if any) become one.
fn squeeze_str(s: &str, set: Option<&str>) -> String {
    let mut out = String::with_capacity(s.len());
    let mut last: Option<char> = None;
    for c in s.chars() {
        if last == Some(c) && set.is_none_or(|set| char_in_set(c, set)) {
            continue;
        }
        out.push(c);
        last = Some(c);
    }
    out
}

/// Whether `c` is in a Ruby character set specification (`a-z`, `^abc`).
fn char_in_set(c: char, set: &str) -> bool {
    let (negate, body) = match set.strip_prefix('^') {
        Some(b) if !b.is_empty() => (true, b),
        _ => (false, set),
    };
    let chars: Vec<char> = body.chars().collect();
    let mut found = false;
    let mut i = 0;
    while i < chars.len() {
        if i + 2 < chars.len() && chars[i + 1] == '-' {
            if chars[i] <= c && c <= chars[i + 2] {
                found = true;
            }
            i += 3;
        } else {
            if chars[i] == c {
                found = true;
            }
            i += 1;
        }
    }
    found != negate
}

fn squeeze(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    if args.is_empty() || args.len() > 2 {
        return err(format!(
            "squeeze(): Wrong number of arguments given {} for 2 or 1",
            args.len()
        ));
    }
    unknown_guard!("squeeze", args, "Any");
    let set = match args.get(1) {
        None | Some(Value::Undef) | Some(Value::Boolean(false)) => None,
        Some(v) => Some(ruby_to_s(v)),
    };
    let one = |v: &Value| -> EvalResult {
        match v {
            Value::String(s) => Ok(Value::string(squeeze_str(s, set.as_deref()))),
            other => err(format!(
                "squeeze(): undefined method `squeeze' for {}",
                ruby_inspect(other)
            )),
        }
    };
    match &args[0] {
        Value::Array(a) => Ok(Value::array(a.iter().map(one).collect::<EvalResult<_>>()?)),
        other => one(other),
    }
}

/// `dig44(data, path, default)`: follows the keys (integers into arrays); the default when a
/// step is missing or undef.
fn dig44(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    if args.len() < 2 {
        return err(format!(
            "dig44(): Wrong number of arguments given ({} for at least 2)",
            args.len()
        ));
    }
    unknown_guard!("dig44", args, "Any");
    let default = args.get(2).cloned().unwrap_or(Value::Undef);
    if !matches!(args[0], Value::Hash(_) | Value::Array(_)) {
        return err(format!(
            "dig44(): first argument must be a hash or an array, given {}",
            args[0].type_name()
        ));
    }
    let Value::Array(path) = &args[1] else {
        return err(format!(
            "dig44(): second argument must be an array, given {}",
            args[1].type_name()
        ));
    };
    Ok(dig_path(&args[0], path).unwrap_or(default))
}

fn dig_path(data: &Value, path: &[Value]) -> Option<Value> {
    let mut cur = data.clone();
    for key in path {
        let next = match &cur {
            Value::Hash(h) => h.get(key).cloned(),
            Value::Array(a) => {
                let i = match key {
                    Value::Integer(i) => Some(*i),
                    Value::String(s) => s.trim().parse::<i64>().ok(),
                    _ => None,
                }?;
                let i = if i < 0 { a.len() as i64 + i } else { i };
                usize::try_from(i).ok().and_then(|i| a.get(i).cloned())
            }
            _ => return Some(cur),
        };
        match next {
            None | Some(Value::Undef) => return None,
            Some(v) => cur = v,
        }
    }
    Some(cur)
}

/// `try_get_value(data, 'a/b/0', default, separator)`.
fn try_get_value(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("try_get_value", &args, 1, 4)?;
    unknown_guard!("try_get_value", args, "Any");
    let data = &args[0];
    let path = match args.get(1) {
        None | Some(Value::Undef) => String::new(),
        Some(v) => ruby_to_s(v),
    };
    let default = args.get(2).cloned().unwrap_or(Value::Undef);
    if !matches!(data, Value::Hash(_) | Value::Array(_)) || path.is_empty() {
        return Ok(if default.truthy() == Some(true) {
            default
        } else {
            data.clone()
        });
    }
    let sep = match args.get(3) {
        None | Some(Value::Undef) => "/".to_string(),
        Some(v) => ruby_to_s(v),
    };
    let keys: Vec<Value> = path
        .split(sep.as_str())
        .map(|k| {
            if !k.is_empty() && k.bytes().all(|c| c.is_ascii_digit()) {
                k.parse::<i64>()
                    .map(Value::Integer)
                    .unwrap_or_else(|_| Value::string(k))
            } else {
                Value::string(k)
            }
        })
        .collect();
    Ok(dig_path(data, &keys).unwrap_or(default))
}

fn uri_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        let keep = b.is_ascii_alphanumeric() || b"-_.!~*'();/?:@&=+$,[]".contains(&b);
        if keep {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn uriescape(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    if args.is_empty() {
        return err("uriescape(): Wrong number of arguments given (0 for 1)");
    }
    unknown_guard!("uriescape", args, "Any");
    match &args[0] {
        Value::String(s) => Ok(Value::string(uri_escape(s))),
        Value::Array(a) => Ok(Value::array(
            a.iter()
                .map(|v| match v {
                    Value::String(s) => Value::string(uri_escape(s)),
                    other => other.clone(),
                })
                .collect(),
        )),
        _ => err("uriescape(): Requires either array or string to work with"),
    }
}

/// Ruby's `File.extname`: the extension of the last path component, with its dot (`.` for a
/// trailing dot); empty for none and for a name that only starts with a dot.
fn extname(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("stdlib::extname", &args, 1, 1)?;
    unknown_guard!("stdlib::extname", args, "String");
    let Value::String(p) = &args[0] else {
        return Err(arg_error("stdlib::extname", "a String value", &args));
    };
    let base = p.trim_end_matches('/').rsplit('/').next().unwrap_or("");
    let stem = base.trim_start_matches('.');
    let ext = stem.rfind('.').map_or("", |i| &stem[i..]);
    Ok(Value::string(ext))
}

fn type_of(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("type_of", &args, 1, 1)?;
    unknown_guard!("type_of", args, "Type");
    Ok(Value::Type(TypeVal::new(crate::eval::value_type::infer(
        &args[0],
    ))))
}

fn is_a(args: Vec<Value>, _: Option<&mut dyn Lambda>, regexes: &RegexCache) -> EvalResult {
    arity("is_a", &args, 2, 2)?;
    let Value::Type(t) = &args[1] else {
        return err(format!(
            "'is_a' parameter 'type' expects a Type value, got {}",
            args[1].type_name()
        ));
    };
    Ok(
        match crate::eval::value_type::instance_of(regexes, &args[0], t) {
            Some(b) => Value::Boolean(b),
            None => Value::unknown("Boolean", "is_a() that needs the index"),
        },
    )
}

/// `convert_to(value, Type, *args)`: `Type.new(value, *args)`.
fn convert_to(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("convert_to", &args, 2, usize::MAX)?;
    let Value::Type(t) = &args[1] else {
        return err(format!(
            "'convert_to' parameter 'type' expects a Type value, got {}",
            args[1].type_name()
        ));
    };
    let mut new_args = vec![args[0].clone()];
    new_args.extend(args[2..].iter().cloned());
    super::new_value(t.ty(), new_args)
}

fn parseyaml(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    if args.is_empty() || args.len() > 2 {
        return err(format!(
            "parseyaml(): Wrong number of arguments given ({} for 1 or 2)",
            args.len()
        ));
    }
    unknown_guard!("parseyaml", args, "Any");
    let text = ruby_to_s(&args[0]);
    match crate::eval::yaml::parse(&text) {
        Ok(v) => Ok(v),
        Err(e) => match args.get(1) {
            Some(d) => Ok(d.clone()),
            None => err(format!("parseyaml(): {e}")),
        },
    }
}

fn base64(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    if args.len() < 2 {
        return err(format!(
            "base64(): Wrong number of arguments ({}; must be >= 2)",
            args.len()
        ));
    }
    unknown_guard!("base64", args, "String");
    let action = ruby_to_s(&args[0]);
    if action != "encode" && action != "decode" {
        return err("base64(): the first argument must be one of 'encode' or 'decode'");
    }
    let Value::String(s) = &args[1] else {
        return err("base64(): the second argument must be a string to base64");
    };
    let method = args.get(2).map_or("default".to_string(), ruby_to_s);
    if !["default", "strict", "urlsafe"].contains(&method.as_str()) {
        return err(
            "base64(): the third argument must be one of 'default', 'strict', or 'urlsafe'",
        );
    }
    use crate::ruby_core::base64 as b64;
    let bytes = s.as_bytes();
    if action == "encode" {
        return Ok(Value::string(match method.as_str() {
            "strict" => b64::strict_encode(bytes),
            "urlsafe" => b64::urlsafe_encode(bytes, true),
            _ => b64::encode64(bytes),
        }));
    }
    let decoded = match method.as_str() {
        "strict" => b64::strict_decode(bytes),
        "urlsafe" => b64::urlsafe_decode(bytes),
        _ => Some(b64::decode(bytes)),
    }
    .ok_or_else(|| EvalError::new("base64(): invalid base64"))?;
    Ok(Value::string(
        String::from_utf8_lossy(&decoded).into_owned(),
    ))
}

/// Puppet's `shellquote`: each word (arrays flattened) as it is when all its characters are
/// safe, else in double quotes, else in single quotes, else in double quotes with `!"`$\`
/// escaped; joined with spaces.
fn shellquote(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    unknown_guard!("shellquote", args, "String");
    let mut words = Vec::new();
    args.iter().for_each(|a| flatten_into(a, &mut words));
    let safe = |c: char| c.is_ascii_alphanumeric() || "@%_+=:,./-".contains(c);
    let dangerous = |c: char| "!\"`$\\".contains(c);
    let quoted: Vec<String> = words
        .iter()
        .map(|w| {
            let w = ruby_to_s(w);
            if !w.is_empty() && w.chars().all(safe) {
                w
            } else if !w.chars().any(dangerous) {
                format!("\"{w}\"")
            } else if !w.contains('\'') {
                format!("'{w}'")
            } else {
                let mut r = String::from("\"");
                for c in w.chars() {
                    if dangerous(c) {
                        r.push('\\');
                    }
                    r.push(c);
                }
                r.push('"');
                r
            }
        })
        .collect();
    Ok(Value::string(quoted.join(" ")))
}

fn line_endings(name: &str, args: &[Value], dos: bool) -> EvalResult {
    unknown_guard!(name, args, "String");
    let Some(Value::String(s)) = args.first() else {
        return err(format!("{name}(): Requires string as argument"));
    };
    if !dos {
        return Ok(Value::string(s.replace("\r\n", "\n")));
    }
    // `\r*\n` becomes `\r\n`.
    let mut out = String::with_capacity(s.len() + s.len() / 16);
    let mut pending_cr = 0usize;
    for c in s.chars() {
        match c {
            '\r' => pending_cr += 1,
            '\n' => {
                pending_cr = 0;
                out.push_str("\r\n");
            }
            other => {
                out.extend(std::iter::repeat_n('\r', pending_cr));
                pending_cr = 0;
                out.push(other);
            }
        }
    }
    out.extend(std::iter::repeat_n('\r', pending_cr));
    Ok(Value::string(out))
}

fn dos2unix(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    line_endings("dos2unix", &args, false)
}

fn unix2dos(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    line_endings("unix2dos", &args, true)
}

/// `convert_base(254, 16)`: the integer (or decimal string) in another base, as a string.
fn convert_base(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("convert_base", &args, 2, 2)?;
    unknown_guard!("convert_base", args, "String");
    let int_of = |v: &Value, which: &str| -> EvalResult<i64> {
        match v {
            Value::Integer(i) => Ok(*i),
            Value::String(s) if !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit()) => s
                .parse::<i64>()
                .map_err(|_| EvalError::new("convert_base(): number out of range")),
            Value::String(_) => err(
                "convert_base(): First argument must be an integer or a string corresponding to an integer in base 10",
            ),
            _ => err(format!(
                "convert_base(): {which} argument must be either a string or an integer"
            )),
        }
    };
    let n = int_of(&args[0], "First")?;
    let base = int_of(&args[1], "Second")?;
    if !(2..=36).contains(&base) {
        return err("convert_base(): base must be at least 2 and must not be greater than 36");
    }
    let digits = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut m = n.unsigned_abs();
    let mut out = Vec::new();
    loop {
        out.push(digits[(m % base as u64) as usize]);
        m /= base as u64;
        if m == 0 {
            break;
        }
    }
    if n < 0 {
        out.push(b'-');
    }
    out.reverse();
    Ok(Value::string(String::from_utf8_lossy(&out).into_owned()))
}

fn powershell_escape(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("powershell_escape", &args, 1, 1)?;
    unknown_guard!("powershell_escape", args, "String");
    let mut out = String::new();
    for c in ruby_to_s(&args[0]).chars() {
        match c {
            ' ' | '\'' | '`' | '|' | '\n' | '$' => {
                out.push('`');
                out.push(c);
            }
            '"' => out.push_str("\\`\""),
            other => out.push(other),
        }
    }
    Ok(Value::string(out))
}

fn batch_escape(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("batch_escape", &args, 1, 1)?;
    unknown_guard!("batch_escape", args, "String");
    let mut out = String::from("\"");
    for c in ruby_to_s(&args[0]).chars() {
        match c {
            '"' => out.push_str("\"\""),
            '$' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            other => out.push(other),
        }
    }
    out.push('"');
    Ok(Value::string(out))
}

/// `stdlib::xml_encode(s, 'text' | 'attr')`: Ruby's XML encoding (`attr` also quotes and
/// wraps in double quotes).
fn xml_encode(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("stdlib::xml_encode", &args, 1, 2)?;
    unknown_guard!("stdlib::xml_encode", args, "String");
    let Value::String(s) = &args[0] else {
        return Err(arg_error("stdlib::xml_encode", "a String value", &args));
    };
    let attr = match args.get(1) {
        None => false,
        Some(Value::String(t)) if t == "text" => false,
        Some(Value::String(t)) if t == "attr" => true,
        Some(_) => {
            return Err(arg_error(
                "stdlib::xml_encode",
                "Enum['text', 'attr'] for the type",
                &args,
            ));
        }
    };
    let mut out = String::new();
    if attr {
        out.push('"');
    }
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attr => out.push_str("&quot;"),
            '\'' if attr => out.push_str("&apos;"),
            other => out.push(other),
        }
    }
    if attr {
        out.push('"');
    }
    Ok(Value::string(out))
}

/// `to_bytes('4 kB')`: a size with a binary prefix (k, M, G, T, P, E) in bytes.
fn to_bytes(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    if args.len() != 1 {
        return err(format!(
            "to_bytes(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    }
    unknown_guard!("to_bytes", args, "Integer");
    let s = match &args[0] {
        Value::Integer(_) | Value::Float(_) => return Ok(args[0].clone()),
        other => ruby_to_s(other),
    };
    // The leading run of number characters, optional whitespace, then a prefix letter.
    let num_len = s
        .find(|c: char| !(c.is_ascii_digit() || ".e+-".contains(c)))
        .unwrap_or(s.len());
    let (num, rest) = s.split_at(num_len);
    let rest = rest.trim_start();
    let prefix = rest.chars().next().filter(|c| *c != 'b' && *c != 'B');
    let value = ruby_to_f(num);
    let shift = match prefix {
        None => 0,
        Some('k') => 10,
        Some('M') => 20,
        Some('G') => 30,
        Some('T') => 40,
        Some('P') => 50,
        Some('E') => 60,
        Some(p) => return err(format!("to_bytes(): Unknown prefix {p}")),
    };
    let bytes = value * (1u64 << shift) as f64;
    if !bytes.is_finite() || bytes < i64::MIN as f64 || bytes >= i64::MAX as f64 {
        return err("to_bytes(): the result is outside of Puppet's Integer range");
    }
    Ok(Value::Integer(bytes as i64))
}

/// Ruby's `String#to_f`: the longest leading float, 0.0 if none.
fn ruby_to_f(s: &str) -> f64 {
    (1..=s.len())
        .rev()
        .filter_map(|n| s.get(..n))
        .find_map(|p| {
            p.parse::<f64>()
                .ok()
                .filter(|_| !p.ends_with(['e', 'E', '+']))
        })
        .unwrap_or(0.0)
}

/// A value as Ruby (`to_ruby`) or Python (`to_python`) source.
fn source_of(v: &Value, python: bool, out: &mut String) {
    match v {
        Value::Boolean(b) if python => out.push_str(if *b { "True" } else { "False" }),
        Value::Undef if python => out.push_str("None"),
        Value::Array(a) => {
            out.push('[');
            for (i, e) in a.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                source_of(e, python, out);
            }
            out.push(']');
        }
        Value::Hash(h) => {
            out.push('{');
            for (i, (k, e)) in h.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                source_of(k, python, out);
                out.push_str(if python { ": " } else { " => " });
                source_of(e, python, out);
            }
            out.push('}');
        }
        other => out.push_str(&ruby_inspect(other)),
    }
}

fn to_python(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("to_python", &args, 1, 1)?;
    unknown_guard!("to_python", args, "String");
    let mut out = String::new();
    source_of(&args[0], true, &mut out);
    Ok(Value::string(out))
}

fn to_ruby(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("to_ruby", &args, 1, 1)?;
    unknown_guard!("to_ruby", args, "String");
    let mut out = String::new();
    source_of(&args[0], false, &mut out);
    Ok(Value::string(out))
}
