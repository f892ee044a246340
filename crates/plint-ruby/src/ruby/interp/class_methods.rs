//! The methods of the classes themselves (`String.new`, `JSON.generate`, `File.join`...), one
//! function each (or each small group), and the tables [`Interp::class_method`] dispatches by:
//! [`ANY_CLASS`], the methods every class has, and [`CLASSES`], each class's own (their names
//! checked against Ruby's own lists, `known_methods::CLASS_METHODS`).

use std::cell::RefCell;
use std::rc::Rc;

use super::misc::{base64, from_json, shellescape, shellsplit, superclass, to_json};
use super::value::*;
use super::{Blk, Interp, R};

/// A call of a class method: the class, the method's name (one function answers several),
/// the arguments and the block.
pub(crate) struct ClassCall<'a> {
    pub(crate) class: &'a Rc<str>,
    pub(crate) name: &'a str,
    pub(crate) args: &'a [Value],
    pub(crate) blk: Option<&'a Blk>,
}

impl ClassCall<'_> {
    /// The first argument (`nil` when there is none).
    fn a0(&self) -> Value {
        self.args.first().cloned().unwrap_or(Value::Nil)
    }
}

/// A class method: `None` when it does not answer this call.
pub(crate) type ClassMethod = fn(&mut Interp<'_>, ClassCall<'_>) -> R<Option<Value>>;

/// The methods every class (and module) has.
pub(super) const ANY_CLASS: &[(&str, ClassMethod)] = &[
    ("name", name),
    ("to_s", name),
    ("inspect", name),
    ("===", case_eq),
    ("==", eq),
];

/// Each class's own methods (its singleton methods).
pub(super) const CLASSES: &[(&str, &[(&str, ClassMethod)])] = &[
    ("YAML", YAML),
    ("Psych", YAML),
    ("String", &[("new", string_new)]),
    ("Array", &[("new", array_new)]),
    ("Hash", &[("new", hash_new), ("[]", hash_from)]),
    ("Set", &[("new", set_new), ("[]", set_new)]),
    (
        "Regexp",
        &[
            ("escape", regexp_escape),
            ("quote", regexp_escape),
            ("new", regexp_new),
            ("compile", regexp_new),
            ("union", regexp_union),
        ],
    ),
    ("Integer", &[("sqrt", integer_sqrt)]),
    (
        "Math",
        &[
            ("sqrt", math),
            ("log", math),
            ("log2", math),
            ("log10", math),
            ("exp", math),
            ("sin", math),
            ("cos", math),
        ],
    ),
    (
        "JSON",
        &[
            ("generate", json_generate),
            ("dump", json_generate),
            ("pretty_generate", json_generate),
            ("parse", json_parse),
        ],
    ),
    ("PSON", &[("parse", json_parse), ("load", json_parse)]),
    (
        "Shellwords",
        &[
            ("escape", shell_escape),
            ("shellescape", shell_escape),
            ("join", shell_join),
            ("shelljoin", shell_join),
            ("split", shell_split),
            ("shellsplit", shell_split),
            ("shellwords", shell_split),
        ],
    ),
    (
        "Base64",
        &[
            ("encode64", base64_method),
            ("decode64", base64_method),
            ("strict_encode64", base64_method),
            ("strict_decode64", base64_method),
            ("urlsafe_encode64", base64_method),
            ("urlsafe_decode64", base64_method),
        ],
    ),
    ("Digest::MD5", DIGEST),
    ("Digest::SHA1", DIGEST),
    ("Digest::SHA256", DIGEST),
    ("Digest::SHA2", DIGEST),
    // The path functions of File that only compute on text (nothing is read).
    (
        "File",
        &[
            ("join", file_join),
            ("basename", file_basename),
            ("dirname", file_dirname),
            ("extname", file_extname),
        ],
    ),
    ("IPAddr", &[("new", ipaddr_new)]),
    (
        "ERB::Util",
        &[
            ("url_encode", url_encode_method),
            ("u", url_encode_method),
            ("html_escape", html_escape_method),
            ("h", html_escape_method),
        ],
    ),
];

const YAML: &[(&str, ClassMethod)] = &[("dump", yaml_dump), ("to_yaml", yaml_dump)];

const DIGEST: &[(&str, ClassMethod)] = &[
    ("hexdigest", digest),
    ("digest", digest),
    ("base64digest", digest),
];

impl Interp<'_> {
    /// A method of a class (`class` is a `Value::Class`): Puppet's objects and the file system's
    /// classes first, `Gem::Version`, then the methods every class has, the class's own, and an
    /// exception class's `new` and `exception`. `None` for a method none of them has.
    pub(crate) fn class_method(
        &mut self,
        class: &Rc<str>,
        name: &str,
        args: &[Value],
        blk: Option<&Blk>,
    ) -> R<Option<Value>> {
        if let Some(v) = self.puppet_files_method(class, name, args)? {
            return Ok(Some(v));
        }
        if let Some(v) = self.dir_method(class, name, args, blk)? {
            return Ok(Some(v));
        }
        if &**class == super::gem_version::CLASS
            && let Some(v) = self.gem_version_class_method(name, args)?
        {
            return Ok(Some(v));
        }
        let own = CLASSES
            .iter()
            .find(|(c, _)| *c == &**class)
            .and_then(|(_, methods)| super::find_method(methods, name));
        let method = super::find_method(ANY_CLASS, name)
            .or(own)
            .or_else(|| exception_method(class, name));
        match method {
            Some(method) => method(
                self,
                ClassCall {
                    class,
                    name,
                    args,
                    blk,
                },
            ),
            None => Ok(None),
        }
    }
}

/// `new` and `exception` of an exception class.
fn exception_method(class: &str, name: &str) -> Option<ClassMethod> {
    match name {
        "new" if superclass(class).is_some() || class == "Exception" => Some(exception_new),
        "exception" if superclass(class).is_some() => Some(exception_new),
        _ => None,
    }
}

fn name(_: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    Ok(Some(Value::str(c.class.to_string())))
}

fn case_eq(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    Ok(Some(match me.is_a(&c.a0(), c.class) {
        Some(b) => Value::Bool(b),
        None => me.unknown(format!("{}.===", c.class)),
    }))
}

fn eq(_: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    Ok(Some(Value::Bool(
        matches!(&c.a0(), Value::Class(k) if k == c.class),
    )))
}

/// `YAML.dump(value)` (and Psych's).
fn yaml_dump(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    let Some(v) = c.args.first() else {
        return me.raise(
            "ArgumentError",
            "wrong number of arguments (given 0, expected 1..2)",
        );
    };
    Ok(Some(me.yaml_dump(v, &c.args[1..])?))
}

fn string_new(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    Ok(Some(Value::str(match &c.a0() {
        Value::Nil => String::new(),
        v => me.str_arg(v)?,
    })))
}

/// `Array.new(array)`, `Array.new(n, value)`, `Array.new(n) { |i| ... }`.
fn array_new(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    let n = match &c.a0() {
        Value::Nil => 0,
        Value::Array(a) => return Ok(Some(Value::array(a.borrow().items.clone()))),
        v => me.int_arg(v)?,
    };
    if n < 0 {
        return me.raise("ArgumentError", "negative array size");
    }
    me.check_len(n as usize)?;
    let mut items = Vec::with_capacity(n as usize);
    for i in 0..n {
        items.push(match c.blk {
            Some(b) => me.call_block(b, vec![Value::Int(i)])?,
            None => c.args.get(1).cloned().unwrap_or(Value::Nil),
        });
    }
    Ok(Some(Value::array(items)))
}

/// `Hash.new(default)`, `Hash.new { |h, k| ... }`.
fn hash_new(_: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    let mut h = RHash {
        default: c.a0(),
        ..RHash::default()
    };
    if let Some(Blk::Proc(p)) = c.blk {
        h.default_proc = Some(p.clone());
    }
    Ok(Some(Value::Hash(Rc::new(RefCell::new(h)))))
}

/// `Hash[hash]`, `Hash[pairs]`.
fn hash_from(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    let a0 = c.a0();
    match &a0 {
        Value::Hash(h) => Ok(Some(Value::Hash(Rc::new(RefCell::new(h.borrow().clone()))))),
        Value::Array(a) => {
            let items = a.borrow().items.clone();
            me.enum_method(&a0, items, "to_h", &[], None)
        }
        _ => Ok(None),
    }
}

/// `Set.new(enumerable)`, `Set[items...]`.
fn set_new(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    let a0 = c.a0();
    let items = if c.name == "[]" {
        c.args.to_vec()
    } else if matches!(a0, Value::Nil) {
        Vec::new()
    } else {
        me.iterate(&a0)?
    };
    let mut h = RHash::default();
    for x in items {
        h.insert(x, Value::Bool(true));
    }
    Ok(Some(Value::Set(Rc::new(RefCell::new(h)))))
}

fn regexp_escape(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    let t = me.str_arg(&c.a0())?;
    Ok(Some(Value::str(crate::ruby::regexp::escape(&t))))
}

/// `Regexp.new(source, options)`: of the options, only ignoring case is read.
fn regexp_new(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    let a0 = c.a0();
    if let Value::Regexp(_) = &a0 {
        return Ok(Some(a0));
    }
    let src = me.str_arg(&a0)?;
    let ic = match c.args.get(1) {
        Some(Value::Int(i)) => i & 1 != 0,
        Some(Value::Bool(b)) => *b,
        Some(Value::Nil) | None => false,
        Some(_) => true,
    };
    let flags = crate::ruby::ast::RegexFlags {
        ignore_case: ic,
        ..Default::default()
    };
    Ok(Some(Value::Regexp(me.regexp(&src, flags)?)))
}

/// `Regexp.union(patterns)`: regexps as they are, strings escaped.
fn regexp_union(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    let list = match &c.a0() {
        Value::Array(a) => a.borrow().items.clone(),
        _ => c.args.to_vec(),
    };
    let mut parts = Vec::new();
    for x in list {
        parts.push(match &x {
            Value::Regexp(r) => r.to_s(),
            other => crate::ruby::regexp::escape(&me.str_arg(other)?),
        });
    }
    Ok(Some(Value::Regexp(
        me.regexp(&parts.join("|"), Default::default())?,
    )))
}

fn integer_sqrt(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    let n = me.int_arg(&c.a0())?;
    if n < 0 {
        return me.raise(
            "Math::DomainError",
            "Numerical argument is out of domain - \"isqrt\"",
        );
    }
    Ok(Some(Value::Int((n as f64).sqrt().floor() as i64)))
}

/// `Math.sqrt`, `log`, `log2`, `log10`, `exp`, `sin`, `cos` of a number.
fn math(_: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    let x = match &c.a0() {
        Value::Int(i) => *i as f64,
        Value::Float(f) => *f,
        _ => return Ok(None),
    };
    Ok(Some(Value::Float(match c.name {
        "sqrt" => x.sqrt(),
        "log" => x.ln(),
        "log2" => x.log2(),
        "log10" => x.log10(),
        "exp" => x.exp(),
        "sin" => x.sin(),
        _ => x.cos(),
    })))
}

/// `JSON.generate`, `dump`, `pretty_generate`.
fn json_generate(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    let a0 = c.a0();
    if let Some(o) = me.deep_unknown(&a0) {
        return Ok(Some(Value::Unknown(Rc::new(o))));
    }
    Ok(Some(match to_json(&a0, c.name == "pretty_generate") {
        Some(s) => Value::str(s),
        None => me.unknown(format!("JSON.{} of this value", c.name)),
    }))
}

/// `JSON.parse`, `PSON.parse`, `PSON.load`.
fn json_parse(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    let t = me.str_arg(&c.a0())?;
    match serde_json::from_str::<serde_json::Value>(&t) {
        Ok(j) => Ok(Some(from_json(&j))),
        Err(e) => me.raise("JSON::ParserError", e.to_string()),
    }
}

fn shell_escape(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    Ok(Some(Value::str(shellescape(&me.str_arg(&c.a0())?))))
}

fn shell_join(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    let mut parts = Vec::new();
    for x in me.iterate(&c.a0())? {
        parts.push(shellescape(&me.text(&x)?));
    }
    Ok(Some(Value::str(parts.join(" "))))
}

fn shell_split(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    match shellsplit(&me.str_arg(&c.a0())?) {
        Some(v) => Ok(Some(Value::array(v.into_iter().map(Value::str).collect()))),
        None => me.raise("ArgumentError", "Unmatched quote"),
    }
}

/// `Base64.encode64`, `decode64` and their strict and URL-safe forms.
fn base64_method(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    let t = me.str_arg(&c.a0())?;
    Ok(Some(match base64(c.name, t.as_bytes()) {
        Some(b) if c.name.contains("decode") => me.binary_value(b, "Base64.decode64"),
        Some(b) => Value::str(String::from_utf8_lossy(&b).into_owned()),
        None => me.unknown(format!("Base64.{}", c.name)),
    }))
}

/// `Digest::MD5.hexdigest(text)` and the other digests.
fn digest(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    let t = me.str_arg(&c.a0())?;
    Ok(Some(me.digest_value(c.class, c.name, t.as_bytes())))
}

/// `File.join(parts...)`: arrays flattened, one `/` between parts.
fn file_join(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    let mut parts = Vec::new();
    for a in c.args {
        match a {
            Value::Array(_) => {
                let flat = me.call_method(a.clone(), "flatten", Vec::new(), None)?;
                for x in me.iterate(&flat)? {
                    parts.push(me.str_arg(&x)?);
                }
            }
            other => parts.push(me.str_arg(other)?),
        }
    }
    let mut out = String::new();
    for (i, p) in parts.iter().enumerate() {
        if i == 0 {
            out.push_str(p);
            continue;
        }
        match (out.ends_with('/'), p.starts_with('/')) {
            (true, true) => out.push_str(p.trim_start_matches('/')),
            (false, false) => {
                out.push('/');
                out.push_str(p);
            }
            _ => out.push_str(p),
        }
    }
    Ok(Some(Value::str(out)))
}

/// `File.basename(path[, suffix])`; the suffix `.*` removes any extension.
fn file_basename(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    let t = me.str_arg(&c.a0())?;
    let trimmed = t.trim_end_matches('/');
    let mut base = if trimmed.is_empty() && t.starts_with('/') {
        "/".to_string()
    } else {
        trimmed.rsplit('/').next().unwrap_or("").to_string()
    };
    if let Some(suf) = c.args.get(1) {
        let suf = me.str_arg(suf)?;
        if suf == ".*" {
            if let Some(i) = base.rfind('.')
                && i > 0
            {
                base.truncate(i);
            }
        } else if base != suf
            && let Some(b) = base.strip_suffix(suf.as_str())
        {
            base = b.to_string();
        }
    }
    Ok(Some(Value::str(base)))
}

fn file_dirname(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    let t = me.str_arg(&c.a0())?;
    let trimmed = t.trim_end_matches('/');
    let d = match trimmed.rfind('/') {
        Some(0) => "/".to_string(),
        Some(i) => trimmed[..i].trim_end_matches('/').to_string(),
        None if t.starts_with('/') => "/".to_string(),
        None => ".".to_string(),
    };
    Ok(Some(Value::str(if d.is_empty() {
        "/".to_string()
    } else {
        d
    })))
}

fn file_extname(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    let t = me.str_arg(&c.a0())?;
    let base = t.trim_end_matches('/').rsplit('/').next().unwrap_or("");
    let ext = match base.rfind('.') {
        Some(i) if i > 0 && i + 1 < base.len() => &base[i..],
        _ => "",
    };
    Ok(Some(Value::str(ext)))
}

/// `IPAddr.new(address)`: a plain address (with a prefix, unknown).
fn ipaddr_new(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    let t = me.str_arg(&c.a0())?;
    if t.contains('/') {
        return Ok(Some(me.unknown("IPAddr with a prefix")));
    }
    match t.parse::<std::net::IpAddr>() {
        Ok(ip) => Ok(Some(Value::Opaque(Rc::new(Opaque {
            class: "IPAddr".into(),
            text: ip.to_string(),
            id: 0,
        })))),
        Err(_) => me.raise(
            "IPAddr::InvalidAddressError",
            format!("invalid address: {t}"),
        ),
    }
}

fn url_encode_method(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    Ok(Some(Value::str(url_encode(&me.str_arg(&c.a0())?))))
}

fn html_escape_method(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    Ok(Some(Value::str(html_escape(&me.text(&c.a0())?))))
}

/// An exception class's `new(message)` and `exception(message)`: the message defaults to the
/// class's name.
fn exception_new(me: &mut Interp<'_>, c: ClassCall<'_>) -> R<Option<Value>> {
    let msg = match &c.a0() {
        Value::Nil => c.class.to_string(),
        v => me.text(v)?,
    };
    Ok(Some(Value::Exception(Rc::new(Exception {
        class: c.class.to_string(),
        message: msg,
    }))))
}

fn url_encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn html_escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
