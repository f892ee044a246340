//! Method dispatch: by receiver class to the core classes' files, `Object`'s methods shared by
//! all, `Kernel` functions (`raise`, `format`, `Integer()`, `require`...), and Puppet's side:
//! the template's `self` and `scope`, which ask the [`crate::ruby::Host`].

use std::cell::RefCell;
use std::rc::Rc;

/// The class of a Puppet scope handed to Ruby as an object (`scope.compiler.topscope`).
pub(crate) const SCOPE_CLASS: &str = "Puppet::Parser::Scope";
/// The class of a Hiera backend's `Puppet::LookupContext` (an object of the host's).
pub const LOOKUP_CONTEXT: &str = "Puppet::LookupContext";
/// The `id` of the top scope's object.
pub(crate) const TOP_SCOPE: u64 = 1;

use super::super::CallStyle;
use super::value::*;
use super::{Blk, Ctrl, Interp, R};

/// Methods that only move values around: an unknown argument or element does not make their
/// result unknown (it is carried along).
fn is_structural(name: &str) -> bool {
    matches!(
        name,
        "<<" | "push"
            | "append"
            | "unshift"
            | "prepend"
            | "[]="
            | "store"
            | "[]"
            | "fetch"
            | "dig"
            | "first"
            | "last"
            | "each"
            | "each_with_index"
            | "each_pair"
            | "each_key"
            | "each_value"
            | "map"
            | "collect"
            | "flat_map"
            | "select"
            | "filter"
            | "reject"
            | "size"
            | "length"
            | "empty?"
            | "keys"
            | "values"
            | "key?"
            | "has_key?"
            | "to_a"
            | "dup"
            | "clone"
            | "freeze"
            | "frozen?"
            | "is_a?"
            | "kind_of?"
            | "instance_of?"
            | "class"
            | "respond_to?"
            | "merge"
            | "merge!"
            | "update"
            | "concat"
            | "delete"
            | "each_with_object"
            | "inject"
            | "reduce"
            | "values_at"
            | "tap"
            | "then"
            | "nil?"
            | "to_h"
            | "call"
            | "sort_by"
            | "group_by"
            | "partition"
            | "find"
            | "detect"
            | "any?"
            | "all?"
            | "none?"
            | "count"
            | "zip"
            | "transpose"
            | "sum"
            | "min_by"
            | "max_by"
            | "each_slice"
            | "each_cons"
            | "slice"
            | "take"
            | "drop"
            | "reverse"
            | "rotate"
            | "insert"
            | "compact"
            | "flatten"
            | "find_all"
            | "filter_map"
            | "each_index"
            | "times"
            | "upto"
            | "downto"
            | "step"
            | "to_hash"
            | "itself"
            | "fetch_values"
            | "to_ary"
            | "key"
            | "keep_if"
            | "delete_if"
            | "select!"
            | "reject!"
            | "map!"
            | "collect!"
            | "transform_values"
            | "transform_keys"
            | "sort_by!"
            | "filter!"
            | "lookupvar"
            | "to_s"
            | "inspect"
    )
}

/// Names the `Kernel` of the subset knows (for `defined?` and `respond_to?`).
const KERNEL: &[&str] = &[
    "raise",
    "fail",
    "require",
    "require_relative",
    "format",
    "sprintf",
    "puts",
    "print",
    "warn",
    "p",
    "pp",
    "Integer",
    "Float",
    "String",
    "Array",
    "Hash",
    "loop",
    "lambda",
    "proc",
    "block_given?",
    "catch",
    "throw",
    "call_function",
    "scope",
    "has_variable?",
    "freeze",
    "_",
    "n_",
    "N_",
];

pub(crate) fn is_kernel(name: &str) -> bool {
    KERNEL.contains(&name)
}

/// Libraries `require` accepts: pure ones the subset implements (or whose loading does nothing
/// the subset can observe).
pub(super) const PURE_LIBRARIES: &[&str] = &[
    "json",
    "set",
    "erb",
    "ipaddr",
    "shellwords",
    "digest",
    "digest/md5",
    "digest/sha1",
    "digest/sha2",
    "digest/sha256",
    "base64",
    "yaml",
    "psych",
    "date",
    "time",
    "uri",
    "resolv",
    "English",
    "pp",
    "strscan",
    "stringio",
    "securerandom",
    "openssl",
    "zlib",
    // Loading it reads nothing; what would reach the network (`OpenURI.open_uri`) is unknown.
    "open-uri",
];

/// The methods Ruby's class of `v` has (Puppet's Ruby), for the classes the subset models
/// fully enough to say a method does not exist.
fn known_methods(v: &Value) -> Option<&'static [&'static str]> {
    use super::known_methods as k;
    Some(match v {
        Value::Nil => k::NIL,
        Value::Bool(true) => k::TRUE,
        Value::Bool(false) => k::FALSE,
        Value::Str(_) => k::STRING,
        Value::Int(_) | Value::Big(_) => k::INTEGER,
        Value::Float(_) => k::FLOAT,
        Value::Sym(_) => k::SYMBOL,
        Value::Array(_) => k::ARRAY,
        Value::Hash(_) => k::HASH,
        Value::Range(_) => k::RANGE,
        _ => return None,
    })
}

impl Interp<'_> {
    /// Calls `recv.name(*args, &blk)`.
    pub(crate) fn call_method(
        &mut self,
        recv: Value,
        name: &str,
        args: Vec<Value>,
        blk: Option<Blk>,
    ) -> R<Value> {
        self.step()?;
        if let Value::Unknown(o) = &recv {
            // The block would have run an unknown number of times: what it does is unknown.
            if blk.is_some() {
                return Err(Ctrl::Unknown((**o).clone()));
            }
            return Ok(recv);
        }
        if super::binary::involves_binary(&recv, name, &args)
            && let Some(v) = self.binary_call(&recv, name, &args)?
        {
            return Ok(v);
        }
        if let Some(r) = self.unknown_operand(&recv, name, &args, blk.is_some()) {
            return r;
        }
        let found = match &recv {
            Value::Str(_) => self.string_method(&recv, name, &args, blk.as_ref())?,
            Value::Int(_) | Value::Big(_) | Value::Float(_) => {
                self.numeric_method(&recv, name, &args, blk.as_ref())?
            }
            Value::Array(_) => self.array_method(&recv, name, &args, blk.as_ref())?,
            Value::Hash(_) => self.hash_method(&recv, name, &args, blk.as_ref())?,
            Value::Set(_) => self.set_method(&recv, name, &args, blk.as_ref())?,
            Value::Nil => self.nil_method(name, &args)?,
            Value::Bool(_) => self.bool_method(&recv, name, &args)?,
            Value::Sym(_) => self.symbol_method(&recv, name, &args, blk.as_ref())?,
            Value::Range(_) => self.range_method(&recv, name, &args, blk.as_ref())?,
            Value::Regexp(_) => self.regexp_method(&recv, name, &args)?,
            Value::Match(_) => self.match_method(&recv, name, &args)?,
            Value::Proc(p) => {
                let p = p.clone();
                match name {
                    "call" | "()" | "yield" | "===" | "[]" => {
                        Some(self.call_proc(&p, args.clone(), blk.clone())?)
                    }
                    "to_proc" => Some(recv.clone()),
                    "lambda?" => Some(Value::Bool(p.lambda)),
                    "arity" => Some(Value::Int(p.body.params.required.len() as i64)),
                    _ => None,
                }
            }
            Value::Exception(e) => match name {
                "message" | "to_s" => Some(Value::str(e.message.clone())),
                "full_message" => Some(Value::str(format!("{} ({})", e.message, e.class))),
                "backtrace" => Some(Value::Nil),
                _ => None,
            },
            Value::Class(c) => {
                let c = c.clone();
                self.class_method(&c, name, &args, blk.as_ref())?
            }
            Value::Scope => self.scope_method(name, &args)?,
            Value::Opaque(o) if o.class == SCOPE_CLASS && o.id == TOP_SCOPE => {
                Some(self.top_scope_method(name, &args)?)
            }
            Value::Main => {
                return self.call_function(
                    name,
                    args,
                    blk,
                    &Rc::new(RefCell::new(Frame::default())),
                );
            }
            Value::Opaque(o) if super::puppet_files::is_puppet_object(o) => {
                let o = o.clone();
                Some(self.puppet_object_method(&o, name, &args)?)
            }
            Value::Opaque(o) if o.class == "IPAddr" && o.id == 0 => {
                let o = o.clone();
                self.ipaddr_method(&o, name, &args)?
            }
            Value::Opaque(o) if o.class == super::gem_version::CLASS && o.id == 0 => {
                let o = o.clone();
                self.gem_version_method(&o, name, &args)?
            }
            // A Hiera backend's `context.explain { text }`: plint explains nothing, so the
            // block is not called (as in Puppet without `--explain`).
            Value::Opaque(o) if o.class == LOOKUP_CONTEXT && name == "explain" => Some(Value::Nil),
            Value::Opaque(o) => {
                let o = o.clone();
                match self.host.opaque_method(&o, name, args.clone()) {
                    Ok(Some(v)) => match &blk {
                        // An Array is iterated by the block; another value is given to it once
                        // and the block's value is the result (`context.cached_file_data(p) {
                        // |content| ... }`).
                        Some(b) => {
                            let Value::Array(a) = &v else {
                                return self.call_block(b, vec![v]);
                            };
                            let items = a.borrow().items.clone();
                            for item in items {
                                self.call_block(b, vec![item])?;
                            }
                            return Ok(Value::Nil);
                        }
                        None => Some(v),
                    },
                    Ok(None) => None,
                    Err(crate::ruby::Leave::Throw(tag)) => {
                        return Err(Ctrl::Throw(tag, Value::Nil));
                    }
                    Err(crate::ruby::Leave::Raise { class, message }) => {
                        return self.raise(&class, message);
                    }
                }
            }
            Value::Unknown(_) => None,
        };
        if let Some(v) = found {
            return Ok(v);
        }
        if let Some(v) = self.object_method(&recv, name, &args, blk.as_ref())? {
            return Ok(v);
        }
        if let Some(known) = known_methods(&recv)
            && known.binary_search(&name).is_err()
        {
            let desc = recv.inspect();
            let desc = if desc.chars().count() > 65 {
                format!("an instance of {}", recv.class_name())
            } else {
                format!("{desc}:{}", recv.class_name())
            };
            return self.raise(
                "NoMethodError",
                format!("undefined method `{name}' for {desc}"),
            );
        }
        let what = match &recv {
            Value::Class(c) => format!("{c}.{name}"),
            other => format!("{}#{name}", other.class_name()),
        };
        if blk.is_some() {
            return Err(Ctrl::Unknown(self.origin(what)));
        }
        Ok(self.unknown(what))
    }

    /// A call given an unknown: a method that is not structural gives an unknown when its
    /// receiver or an argument holds one; a structural one (`merge(u)`, `dig(u)`, `values_at(u)`)
    /// when it needs the argument's value, not when it stores it. `None` when the call goes on.
    fn unknown_operand(
        &mut self,
        recv: &Value,
        name: &str,
        args: &[Value],
        has_block: bool,
    ) -> Option<R<Value>> {
        let structural = is_structural(name);
        if !structural && let Some(o) = self.deep_unknown(recv) {
            return Some(if has_block {
                Err(Ctrl::Unknown(o))
            } else {
                Ok(Value::Unknown(Rc::new(o)))
            });
        }
        // A structural method given an unknown where it needs a value (`merge(u)`, `dig(u)`,
        // `values_at(u)`) gives an unknown; one that stores its argument carries it.
        let carries = matches!(
            name,
            "<<" | "push"
                | "append"
                | "unshift"
                | "prepend"
                | "insert"
                | "[]="
                | "store"
                | "each_with_object"
                | "inject"
                | "reduce"
                | "call"
                | "fetch"
        );
        if structural
            && !carries
            && let Some(Value::Unknown(o)) = args.iter().find(|a| matches!(a, Value::Unknown(_)))
        {
            return Some(if has_block {
                Err(Ctrl::Unknown((**o).clone()))
            } else {
                Ok(Value::Unknown(o.clone()))
            });
        }
        if !structural || name == "[]" || name == "fetch" || name == "key?" || name == "has_key?" {
            let skip_last = matches!(name, "[]=" | "store");
            let n = args.len();
            for (i, a) in args.iter().enumerate() {
                if skip_last && i + 1 == n {
                    continue;
                }
                if let Some(o) = self.deep_unknown(a) {
                    return Some(if has_block {
                        Err(Ctrl::Unknown(o))
                    } else {
                        Ok(Value::Unknown(Rc::new(o)))
                    });
                }
            }
        }
        None
    }

    /// The methods every object has: the function
    /// [`object_methods::METHODS`](super::object_methods::METHODS) names; `None` for a name it
    /// lacks.
    pub(crate) fn object_method(
        &mut self,
        recv: &Value,
        name: &str,
        args: &[Value],
        blk: Option<&Blk>,
    ) -> R<Option<Value>> {
        let Some(method) = super::find_method(super::object_methods::METHODS, name) else {
            return Ok(None);
        };
        method(
            self,
            ObjCall {
                recv,
                name,
                args,
                blk,
            },
        )
    }

    /// `ivar` for `instance_variable_get`.
    pub(super) fn ivar_public(&mut self, name: &str) -> Value {
        self.host.instance_variable(name).unwrap_or(Value::Nil)
    }

    pub(super) fn responds_to(&self, recv: &Value, m: &str) -> bool {
        let common = [
            "to_s", "inspect", "nil?", "==", "class", "is_a?", "freeze", "dup",
        ];
        if common.contains(&m) {
            return true;
        }
        match recv {
            Value::Str(_) => matches!(
                m,
                "to_str"
                    | "upcase"
                    | "downcase"
                    | "split"
                    | "strip"
                    | "gsub"
                    | "sub"
                    | "+"
                    | "length"
                    | "size"
                    | "empty?"
                    | "each_line"
                    | "to_i"
                    | "to_f"
                    | "to_sym"
                    | "match"
                    | "=~"
                    | "start_with?"
                    | "end_with?"
                    | "include?"
                    | "chomp"
                    | "lines"
                    | "chars"
                    | "bytes"
                    | "capitalize"
                    | "tr"
                    | "%"
                    | "*"
                    | "<<"
            ),
            Value::Array(_) => matches!(
                m,
                "to_ary"
                    | "each"
                    | "map"
                    | "join"
                    | "size"
                    | "length"
                    | "empty?"
                    | "first"
                    | "last"
                    | "include?"
                    | "sort"
                    | "flatten"
                    | "compact"
                    | "uniq"
                    | "<<"
                    | "push"
                    | "select"
                    | "reject"
                    | "each_with_index"
                    | "to_a"
            ),
            Value::Hash(_) => matches!(
                m,
                "to_hash"
                    | "each"
                    | "each_pair"
                    | "keys"
                    | "values"
                    | "key?"
                    | "has_key?"
                    | "fetch"
                    | "merge"
                    | "size"
                    | "length"
                    | "empty?"
                    | "to_h"
                    | "to_a"
                    | "map"
                    | "select"
                    | "reject"
                    | "include?"
                    | "dig"
                    | "sort"
            ),
            Value::Int(_) | Value::Big(_) | Value::Float(_) => matches!(
                m,
                "to_i"
                    | "to_f"
                    | "+"
                    | "-"
                    | "*"
                    | "/"
                    | "to_int"
                    | "round"
                    | "abs"
                    | "floor"
                    | "ceil"
                    | "times"
                    | "zero?"
            ),
            Value::Sym(_) => matches!(m, "to_sym" | "to_proc" | "length" | "size" | "upcase"),
            Value::Nil => matches!(m, "to_a" | "to_i" | "to_f" | "to_h"),
            _ => false,
        }
    }

    /// Is `v` an instance of class `c` (or of a subclass, or does it include module `c`)?
    /// `None` for a class the subset does not know.
    pub(crate) fn is_a(&self, v: &Value, c: &str) -> Option<bool> {
        let cls = v.class_name();
        let mut ancestors: Vec<&str> = vec![cls.as_str()];
        let extra: &[&str] = match v {
            Value::Int(_) | Value::Big(_) => &["Numeric", "Comparable"],
            Value::Float(_) => &["Numeric", "Comparable"],
            Value::Str(_) => &["Comparable"],
            Value::Array(_) | Value::Hash(_) | Value::Range(_) | Value::Set(_) => &["Enumerable"],
            Value::Sym(_) => &["Comparable"],
            _ => &[],
        };
        ancestors.extend_from_slice(extra);
        ancestors.extend_from_slice(&["Object", "Kernel", "BasicObject"]);
        if ancestors.contains(&c) {
            return Some(true);
        }
        if let Value::Exception(e) = v {
            return Some(super::eval::is_a_class(&e.class, c));
        }
        if let Value::Opaque(_) = v {
            return None;
        }
        let known = [
            "String",
            "Integer",
            "Float",
            "Numeric",
            "Array",
            "Hash",
            "Symbol",
            "NilClass",
            "TrueClass",
            "FalseClass",
            "Range",
            "Regexp",
            "MatchData",
            "Proc",
            "Set",
            "Comparable",
            "Enumerable",
            "Fixnum",
            "Bignum",
            "Exception",
            "StandardError",
            "Class",
            "Module",
            "Struct",
            "Time",
            "IPAddr",
            "Numeric",
            "Gem::Version",
        ];
        if c == "Fixnum" || c == "Bignum" {
            return Some(matches!(v, Value::Int(_) | Value::Big(_)));
        }
        if known.contains(&c) || super::misc::superclass(c).is_some() {
            return Some(false);
        }
        if c.starts_with("Puppet::Pops::Types") || c.starts_with("Puppet::") {
            return Some(false);
        }
        None
    }

    /// Ruby's `==`.
    pub(crate) fn equal(&mut self, a: &Value, b: &Value) -> R<bool> {
        if let Some(o) = self.deep_unknown(a).or_else(|| self.deep_unknown(b)) {
            return Err(Ctrl::Unknown(o));
        }
        Ok(values_equal(a, b))
    }

    /// Calls a Puppet function through the host.
    pub(crate) fn host_call(&mut self, name: &str, args: Vec<Value>, style: CallStyle) -> R<Value> {
        match self.host.call_function(name, args, style) {
            Ok(v) => Ok(v),
            Err(msg) => self.raise("Puppet::ParseError", msg),
        }
    }

    /// The methods of `scope.compiler.topscope`: reading and setting top-scope variables.
    fn top_scope_method(&mut self, name: &str, args: &[Value]) -> R<Value> {
        let a0 = args.first().cloned().unwrap_or(Value::Nil);
        match name {
            "[]" | "lookupvar" => {
                let n = self.text(&a0)?;
                let n = format!("::{}", n.trim_start_matches("::"));
                Ok(self.host.lookup_variable(&n).unwrap_or(Value::Nil))
            }
            "[]=" | "setvar" => {
                let n = self.text(&a0)?;
                let v = args.get(1).cloned().unwrap_or(Value::Nil);
                match self
                    .host
                    .set_top_variable(n.trim_start_matches("::"), v.clone())
                {
                    Ok(Some(())) => Ok(v),
                    Ok(None) => Err(Ctrl::Unknown(self.origin(format!("topscope.{name}")))),
                    Err(message) => self.raise("Puppet::ParseError", message),
                }
            }
            _ => Ok(self.unknown(format!("topscope.{name}"))),
        }
    }

    /// The template's `scope` object.
    pub(super) fn scope_method(&mut self, name: &str, args: &[Value]) -> R<Option<Value>> {
        let a0 = args.first().cloned().unwrap_or(Value::Nil);
        Ok(Some(match name {
            "compiler" => self.compiler_object(),
            "[]" | "lookupvar" => {
                let n = self.text(&a0)?;
                self.host.lookup_variable(&n).unwrap_or(Value::Nil)
            }
            "include?" | "has_variable?" => {
                let n = self.text(&a0)?;
                Value::Bool(
                    self.host
                        .lookup_variable(&n)
                        .is_some_and(|v| !matches!(v, Value::Nil)),
                )
            }
            "exist?" => {
                let n = self.text(&a0)?;
                Value::Bool(self.host.lookup_variable(&n).is_some())
            }
            "setvar" | "[]=" => {
                let n = self.text(&a0)?;
                let v = args.get(1).cloned().unwrap_or(Value::Nil);
                match self.host.set_variable(&n, v.clone()) {
                    Ok(Some(())) => v,
                    Ok(None) => return Err(Ctrl::Unknown(self.origin(format!("scope.{name}")))),
                    Err(message) => return self.raise("Puppet::ParseError", message),
                }
            }
            "to_hash" => {
                let vars = self.host.variables();
                Value::hash(vars.into_iter().map(|(k, v)| (Value::str(k), v)).collect())
            }
            "call_function" => {
                // Puppet splats the arguments (`*args`): a Hash gives its pairs.
                let n = self.text(&a0)?;
                let mut list = Vec::new();
                match args.get(1) {
                    Some(Value::Unknown(o)) => return Err(Ctrl::Unknown((**o).clone())),
                    Some(v) => self.splat_into(v, &mut list)?,
                    None => {}
                }
                self.host_call(&n, list, CallStyle::Function4x)?
            }
            _ => {
                if let Some(f) = name.strip_prefix("function_") {
                    let list = match args.first() {
                        Some(Value::Array(a)) => a.borrow().items.clone(),
                        Some(other) => vec![other.clone()],
                        None => Vec::new(),
                    };
                    return Ok(Some(self.host_call(f, list, CallStyle::Function3x)?));
                }
                return Ok(Some(self.unknown(format!("scope.{name}"))));
            }
        }))
    }

    /// The value of a constant.
    pub(crate) fn constant(&mut self, path: &[String]) -> Value {
        let full = path.join("::");
        match full.as_str() {
            "String"
            | "Integer"
            | "Float"
            | "Numeric"
            | "Array"
            | "Hash"
            | "Symbol"
            | "NilClass"
            | "TrueClass"
            | "FalseClass"
            | "Range"
            | "Regexp"
            | "MatchData"
            | "Proc"
            | "Set"
            | "Comparable"
            | "Enumerable"
            | "Fixnum"
            | "Bignum"
            | "JSON"
            | "Shellwords"
            | "Base64"
            | "IPAddr"
            | "YAML"
            | "Psych"
            | "Digest::MD5"
            | "Digest::SHA1"
            | "Digest::SHA256"
            | "Digest::SHA2"
            | "Math"
            | "Kernel"
            | "Object"
            | "Struct"
            | "ERB::Util"
            | "ERB"
            | "StopIteration"
            | "IPAddr::InvalidAddressError"
            | "Gem::Version"
            | "File"
            | "Dir"
            | "PSON"
            | "OpenURI"
            | "URI" => Value::Class(Rc::from(full.as_str())),
            "Puppet"
            | "Puppet::Module"
            | "Puppet::Parser::Functions"
            | "Puppet::Functions"
            | "Puppet::Parser::Files" => Value::Class(Rc::from(full.as_str())),
            "Float::INFINITY" => Value::Float(f64::INFINITY),
            "Float::NAN" => Value::Float(f64::NAN),
            "Math::PI" => Value::Float(std::f64::consts::PI),
            "RUBY_VERSION" => Value::frozen_str("3.1.2"),
            _ if super::misc::superclass(&full).is_some() || full == "Exception" => {
                Value::Class(Rc::from(full.as_str()))
            }
            _ => self.unknown(full),
        }
    }
}

/// Ruby's `==` on known values.
pub(crate) fn values_equal(a: &Value, b: &Value) -> bool {
    use Value as V;
    match (a, b) {
        (V::Nil, V::Nil) => true,
        (V::Bool(x), V::Bool(y)) => x == y,
        (V::Int(x), V::Int(y)) => x == y,
        (V::Big(x), V::Big(y)) => x == y,
        (V::Int(x), V::Float(y)) | (V::Float(y), V::Int(x)) => (*x as f64) == *y,
        (V::Big(x), V::Float(y)) | (V::Float(y), V::Big(x)) => {
            num_traits::ToPrimitive::to_f64(&**x) == Some(*y)
        }
        (V::Float(x), V::Float(y)) => x == y,
        (V::Str(x), V::Str(y)) => x.borrow().text == y.borrow().text,
        (V::Sym(x), V::Sym(y)) => x == y,
        (V::Array(x), V::Array(y)) => {
            if Rc::ptr_eq(x, y) {
                return true;
            }
            let (x, y) = (x.borrow(), y.borrow());
            x.items.len() == y.items.len()
                && x.items
                    .iter()
                    .zip(y.items.iter())
                    .all(|(a, b)| values_equal(a, b))
        }
        (V::Hash(x), V::Hash(y)) | (V::Set(x), V::Set(y)) => {
            if Rc::ptr_eq(x, y) {
                return true;
            }
            let (x, y) = (x.borrow(), y.borrow());
            x.map.len() == y.map.len()
                && x.map
                    .iter()
                    .all(|(k, (_, v))| y.map.get(k).is_some_and(|(_, w)| values_equal(v, w)))
        }
        (V::Range(x), V::Range(y)) => {
            x.exclusive == y.exclusive && values_equal(&x.lo, &y.lo) && values_equal(&x.hi, &y.hi)
        }
        (V::Regexp(x), V::Regexp(y)) => x.source == y.source && x.flags == y.flags,
        (V::Class(x), V::Class(y)) => x == y,
        (V::Scope, V::Scope) | (V::Main, V::Main) => true,
        (V::Opaque(x), V::Opaque(y)) => x == y,
        (V::Exception(x), V::Exception(y)) => x.class == y.class && x.message == y.message,
        _ => a.identity() != 0 && a.identity() == b.identity(),
    }
}

/// A call of one of the methods every object has, as its function in the table receives it.
#[derive(Clone, Copy)]
pub(crate) struct ObjCall<'a> {
    /// The object.
    pub(crate) recv: &'a Value,
    /// The method's name (one function answers several).
    pub(crate) name: &'a str,
    pub(crate) args: &'a [Value],
    pub(crate) blk: Option<&'a Blk>,
}

/// The function of one of the methods every object has; `None` when it does not answer.
pub(crate) type ObjMethod = fn(&mut Interp<'_>, ObjCall<'_>) -> R<Option<Value>>;
