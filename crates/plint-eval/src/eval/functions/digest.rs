//! Puppet's digest functions (`md5`, `sha1`, `sha256`, and `digest` with Puppet 7's default
//! `digest_algorithm`, sha256) and stdlib's `fqdn_uuid` (a version 5 UUID of a name).

use md5::{Digest, Md5};
use sha1::Sha1;
use sha2::Sha256;

use super::random::hex;
use super::{BuiltinFn, Lambda};
use crate::eval::error::{EvalResult, err};
use crate::eval::value::Value;

pub(super) const FUNCTIONS: &[(&str, BuiltinFn)] = &[
    ("digest", digest),
    ("fqdn_uuid", fqdn_uuid),
    ("md5", md5),
    ("sha1", sha1),
    ("sha256", sha256),
];

/// The string argument of a one-argument 3.x digest function (undef arrives as '').
fn digest_input<'a>(name: &str, args: &'a [Value]) -> EvalResult<Option<&'a str>> {
    if args.len() != 1 {
        return err(format!(
            "{name}(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    }
    match &args[0] {
        Value::String(s) => Ok(Some(s)),
        Value::Undef => Ok(Some("")),
        Value::Unknown(_) => Ok(None),
        other => err(format!(
            "no implicit conversion of {} into String",
            ruby_class(other)
        )),
    }
}

/// The Ruby class a Puppet value has inside a 3.x function.
fn ruby_class(v: &Value) -> &'static str {
    match v {
        Value::Integer(_) => "Integer",
        Value::Float(_) => "Float",
        Value::Boolean(true) => "true",
        Value::Boolean(false) => "false",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        Value::Default => "Symbol",
        Value::Regexp(_) => "Regexp",
        _ => "Object",
    }
}

fn hex_digest(name: &str, args: &[Value], f: fn(&[u8]) -> String) -> EvalResult {
    Ok(match digest_input(name, args)? {
        Some(s) => Value::string(f(s.as_bytes())),
        None => Value::unknown("String", &format!("{name}() of an unknown value")),
    })
}

fn md5(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    hex_digest("md5", &args, |b| hex(&Md5::digest(b)))
}

fn sha1(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    hex_digest("sha1", &args, |b| hex(&Sha1::digest(b)))
}

fn sha256(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    hex_digest("sha256", &args, |b| hex(&Sha256::digest(b)))
}

/// `digest(s)`: the checksum of Puppet's `digest_algorithm` setting, sha256 by default.
fn digest(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    hex_digest("digest", &args, |b| hex(&Sha256::digest(b)))
}

/// The DNS namespace of RFC 4122's name-based UUIDs.
const DNS_NAMESPACE: [u8; 16] = [
    0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8,
];

/// stdlib's `fqdn_uuid(name)`: the version 5 UUID of the name in the DNS namespace.
fn fqdn_uuid(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    match args.len() {
        0 => return err("fqdn_uuid: No arguments given"),
        1 => {}
        n => return err(format!("fqdn_uuid: Too many arguments given ({n})")),
    }
    let Some(name) = digest_input("fqdn_uuid", &args)? else {
        return Ok(Value::unknown("String", "fqdn_uuid() of an unknown value"));
    };
    let mut h = Sha1::new();
    h.update(DNS_NAMESPACE);
    h.update(name.as_bytes());
    let mut b: Vec<u8> = h.finalize()[..16].to_vec();
    b[6] = (b[6] & 0x0f) | 0x50;
    b[8] = (b[8] & 0x3f) | 0x80;
    Ok(Value::string(format!(
        "{}-{}-{}-{}-{}",
        hex(&b[0..4]),
        hex(&b[4..6]),
        hex(&b[6..8]),
        hex(&b[8..10]),
        hex(&b[10..16])
    )))
}
