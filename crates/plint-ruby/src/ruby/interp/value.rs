//! Ruby values as the interpreter holds them: objects with identity (strings, arrays, hashes)
//! are shared and mutable, as in Ruby. Values live within one run (one thread); what crosses
//! to the host are these same values.

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;
use std::sync::Arc;

use indexmap::IndexMap;
use num_bigint::BigInt;

use super::super::ast::Body;
use super::super::regexp::Regexp;

/// Why a value is unknown: the construct, the program and the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The construct (`File.read`, `String#unpack`, `function foo`...).
    pub what: String,
    /// The program's label (a template path...), empty when not known.
    pub file: String,
    /// 1-based line (0 when not known).
    pub line: u32,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.file.is_empty(), self.line) {
            (true, 0) => write!(f, "{}", self.what),
            (true, l) => write!(f, "{} at line {l}", self.what),
            (false, 0) => write!(f, "{} in {}", self.what, self.file),
            (false, l) => write!(f, "{} at {}:{l}", self.what, self.file),
        }
    }
}

/// A Ruby String: mutable text (UTF-8), frozen or not. `unknown` marks a string some of whose
/// text is not known (an unknown was appended to it).
#[derive(Clone, Debug, Default)]
pub struct RStr {
    /// The text.
    pub text: String,
    /// `frozen?`
    pub frozen: bool,
    /// Set when an unknown was appended: the text is then not the real one.
    pub unknown: Option<Origin>,
    /// A binary (ASCII-8BIT) string that is not ASCII: its bytes. Such a string is also
    /// `unknown` (its text is not UTF-8), so that only the methods that know bytes
    /// (`interp/binary.rs`) see it; everything else treats it as unknown.
    pub binary: Option<Rc<[u8]>>,
}

/// A Ruby Array.
#[derive(Clone, Debug, Default)]
pub struct RArray {
    /// The elements.
    pub items: Vec<Value>,
    /// `frozen?`
    pub frozen: bool,
}

/// A Ruby Hash: insertion order, keys compared with `eql?`.
#[derive(Clone, Debug, Default)]
pub struct RHash {
    /// Key -> (the key as given, the value).
    pub map: IndexMap<HashKey, (Value, Value)>,
    /// `Hash.new(default)`.
    pub default: Value,
    /// `Hash.new { |h, k| ... }`.
    pub default_proc: Option<Rc<Proc>>,
    /// `frozen?`
    pub frozen: bool,
}

/// A hash key: a value's identity under `eql?`/`hash`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HashKey {
    /// nil
    Nil,
    /// true/false
    Bool(bool),
    /// An Integer.
    Int(i64),
    /// A large Integer.
    Big(BigInt),
    /// A Float (its bits; `0.0` and `-0.0` are the same key, as in Ruby).
    Float(u64),
    /// A String's text.
    Str(String),
    /// A Symbol.
    Sym(Rc<str>),
    /// An Array's elements.
    Array(Vec<HashKey>),
    /// A Range.
    Range(Box<HashKey>, Box<HashKey>, bool),
    /// Anything else: by identity.
    Id(usize),
}

/// A range `lo..hi` / `lo...hi`.
#[derive(Clone, Debug)]
pub struct RRange {
    /// The start (`nil`: beginless).
    pub lo: Value,
    /// The end (`nil`: endless).
    pub hi: Value,
    /// `...`
    pub exclusive: bool,
}

/// The result of a successful match.
#[derive(Clone, Debug)]
pub struct MatchData {
    /// The string matched.
    pub subject: Rc<str>,
    /// Byte ranges of group 0.. (`None`: a group that did not take part).
    pub groups: Vec<Option<(usize, usize)>>,
    /// Group names, by group index.
    pub names: Vec<(String, usize)>,
}

impl MatchData {
    /// Group `i`'s text.
    pub fn group(&self, i: usize) -> Option<&str> {
        self.groups
            .get(i)
            .copied()
            .flatten()
            .and_then(|(a, b)| self.subject.get(a..b))
    }
}

/// A block or lambda with its captured variables.
#[derive(Debug)]
pub struct Proc {
    /// The code.
    pub body: Arc<Body>,
    /// The variables it closes over.
    pub env: Env,
    /// A lambda (strict arity, `return` returns from it).
    pub lambda: bool,
}

/// An exception object.
#[derive(Clone, Debug)]
pub struct Exception {
    /// Its class (`RuntimeError`, `ArgumentError`, `Puppet::ParseError`...).
    pub class: String,
    /// Its message.
    pub message: String,
}

/// An object of the host's (a Puppet `Sensitive`, type, resource reference...): opaque to Ruby
/// code, handed back to the host as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opaque {
    /// Its Ruby class name, for `class`, `is_a?` and messages.
    pub class: String,
    /// What `to_s` gives.
    pub text: String,
    /// The host's handle.
    pub id: u64,
}

/// A scope of local variables; blocks see their parents'.
#[derive(Debug, Default)]
pub struct Frame {
    /// The variables of this scope.
    pub vars: Vec<(String, Value)>,
    /// The enclosing scope (for a block).
    pub parent: Option<Env>,
}

/// A shared scope.
pub type Env = Rc<RefCell<Frame>>;

/// A Ruby value.
#[derive(Clone, Debug, Default)]
pub enum Value {
    /// `nil` (Puppet's `undef`).
    #[default]
    Nil,
    /// `true`/`false`.
    Bool(bool),
    /// An Integer that fits 64 bits.
    Int(i64),
    /// A larger Integer.
    Big(Rc<BigInt>),
    /// A Float.
    Float(f64),
    /// A String.
    Str(Rc<RefCell<RStr>>),
    /// A Symbol.
    Sym(Rc<str>),
    /// An Array.
    Array(Rc<RefCell<RArray>>),
    /// A Hash.
    Hash(Rc<RefCell<RHash>>),
    /// A Set (a hash of its members to `true`).
    Set(Rc<RefCell<RHash>>),
    /// A Range.
    Range(Rc<RRange>),
    /// A Regexp.
    Regexp(Rc<Regexp>),
    /// A MatchData.
    Match(Rc<MatchData>),
    /// A Proc or lambda.
    Proc(Rc<Proc>),
    /// An exception.
    Exception(Rc<Exception>),
    /// A class or module named by a constant (`String`, `Puppet::ParseError`...).
    Class(Rc<str>),
    /// The template's `scope` (Puppet's scope object).
    Scope,
    /// `self` of a template or function.
    Main,
    /// A host object.
    Opaque(Rc<Opaque>),
    /// Not known.
    Unknown(Rc<Origin>),
}

impl Value {
    /// A new mutable string.
    pub fn str(s: impl Into<String>) -> Value {
        Value::Str(Rc::new(RefCell::new(RStr {
            text: s.into(),
            frozen: false,
            unknown: None,
            binary: None,
        })))
    }

    /// A new frozen string.
    pub fn frozen_str(s: impl Into<String>) -> Value {
        Value::Str(Rc::new(RefCell::new(RStr {
            text: s.into(),
            frozen: true,
            unknown: None,
            binary: None,
        })))
    }

    /// A symbol.
    pub fn sym(s: &str) -> Value {
        Value::Sym(Rc::from(s))
    }

    /// A new array.
    pub fn array(items: Vec<Value>) -> Value {
        Value::Array(Rc::new(RefCell::new(RArray {
            items,
            frozen: false,
        })))
    }

    /// A new hash of the pairs (later keys win).
    pub fn hash(pairs: Vec<(Value, Value)>) -> Value {
        let mut h = RHash::default();
        for (k, v) in pairs {
            h.insert(k, v);
        }
        Value::Hash(Rc::new(RefCell::new(h)))
    }

    /// An unknown value from `what` at `line` (no file).
    pub fn unknown(what: impl Into<String>, line: u32) -> Value {
        Value::Unknown(Rc::new(Origin {
            what: what.into(),
            file: String::new(),
            line,
        }))
    }

    /// Ruby's truth: all but `nil` and `false`.
    pub fn truthy(&self) -> bool {
        !matches!(self, Value::Nil | Value::Bool(false))
    }

    /// Is it unknown (or a string holding unknown text)?
    pub fn unknown_origin(&self) -> Option<Origin> {
        match self {
            Value::Unknown(o) => Some((**o).clone()),
            Value::Str(s) => s.borrow().unknown.clone(),
            _ => None,
        }
    }

    /// The class name Ruby gives it.
    pub fn class_name(&self) -> String {
        match self {
            Value::Nil => "NilClass".into(),
            Value::Bool(true) => "TrueClass".into(),
            Value::Bool(false) => "FalseClass".into(),
            Value::Int(_) | Value::Big(_) => "Integer".into(),
            Value::Float(_) => "Float".into(),
            Value::Str(_) => "String".into(),
            Value::Sym(_) => "Symbol".into(),
            Value::Array(_) => "Array".into(),
            Value::Hash(_) => "Hash".into(),
            Value::Set(_) => "Set".into(),
            Value::Range(_) => "Range".into(),
            Value::Regexp(_) => "Regexp".into(),
            Value::Match(_) => "MatchData".into(),
            Value::Proc(_) => "Proc".into(),
            Value::Exception(e) => e.class.clone(),
            Value::Class(_) => "Class".into(),
            Value::Scope => "Puppet::Parser::Scope".into(),
            Value::Main => "Puppet::Parser::TemplateWrapper".into(),
            Value::Opaque(o) => o.class.clone(),
            Value::Unknown(_) => "Unknown".into(),
        }
    }

    /// The key of this value in a hash.
    pub fn hash_key(&self) -> HashKey {
        match self {
            Value::Nil => HashKey::Nil,
            Value::Bool(b) => HashKey::Bool(*b),
            Value::Int(i) => HashKey::Int(*i),
            Value::Big(b) => HashKey::Big((**b).clone()),
            Value::Float(f) => HashKey::Float(if *f == 0.0 { 0 } else { f.to_bits() }),
            Value::Str(s) => HashKey::Str(s.borrow().text.clone()),
            Value::Sym(s) => HashKey::Sym(s.clone()),
            Value::Array(a) => {
                HashKey::Array(a.borrow().items.iter().map(|v| v.hash_key()).collect())
            }
            Value::Range(r) => HashKey::Range(
                Box::new(r.lo.hash_key()),
                Box::new(r.hi.hash_key()),
                r.exclusive,
            ),
            Value::Class(c) => HashKey::Str(format!("\0class:{c}")),
            other => HashKey::Id(other.identity()),
        }
    }

    /// An address standing for the object's identity (0 for immediates).
    pub fn identity(&self) -> usize {
        match self {
            Value::Str(r) => Rc::as_ptr(r) as *const u8 as usize,
            Value::Array(r) => Rc::as_ptr(r) as *const u8 as usize,
            Value::Hash(r) | Value::Set(r) => Rc::as_ptr(r) as *const u8 as usize,
            Value::Range(r) => Rc::as_ptr(r) as *const u8 as usize,
            Value::Regexp(r) => Rc::as_ptr(r) as *const u8 as usize,
            Value::Match(r) => Rc::as_ptr(r) as *const u8 as usize,
            Value::Proc(r) => Rc::as_ptr(r) as *const u8 as usize,
            Value::Exception(r) => Rc::as_ptr(r) as *const u8 as usize,
            Value::Opaque(r) => Rc::as_ptr(r) as *const u8 as usize,
            Value::Unknown(r) => Rc::as_ptr(r) as *const u8 as usize,
            _ => 0,
        }
    }

    /// The text of a String value.
    pub fn as_str(&self) -> Option<String> {
        match self {
            Value::Str(s) => Some(s.borrow().text.clone()),
            _ => None,
        }
    }

    /// Ruby's `to_s` (for values whose `to_s` needs no interpreter).
    pub fn to_s(&self) -> String {
        match self {
            Value::Nil => String::new(),
            Value::Bool(b) => b.to_string(),
            Value::Int(i) => i.to_string(),
            Value::Big(b) => b.to_string(),
            Value::Float(f) => crate::ruby_core::float::to_s(*f),
            Value::Str(s) => s.borrow().text.clone(),
            Value::Sym(s) => s.to_string(),
            Value::Array(_) | Value::Hash(_) | Value::Set(_) => self.inspect(),
            Value::Range(r) => format!(
                "{}{}{}",
                r.lo.to_s(),
                if r.exclusive { "..." } else { ".." },
                r.hi.to_s()
            ),
            Value::Regexp(r) => r.to_s(),
            Value::Match(m) => m.group(0).unwrap_or("").to_string(),
            Value::Proc(p) => format!(
                "#<Proc:0x{:016x}{}>",
                self.identity(),
                if p.lambda { " (lambda)" } else { "" }
            ),
            Value::Exception(e) => e.message.clone(),
            Value::Class(c) => c.to_string(),
            Value::Scope => "Scope()".into(),
            Value::Main => "template[inline]".into(),
            Value::Opaque(o) => o.text.clone(),
            Value::Unknown(o) => format!("<unknown: {o}>"),
        }
    }

    /// Ruby's `inspect`.
    pub fn inspect(&self) -> String {
        let mut seen = Vec::new();
        self.inspect_in(&mut seen)
    }

    fn inspect_in(&self, seen: &mut Vec<usize>) -> String {
        match self {
            Value::Nil => "nil".into(),
            Value::Str(s) => match &s.borrow().binary {
                Some(b) => super::binary::inspect_binary(b),
                None => crate::ruby_core::inspect::inspect(&s.borrow().text),
            },
            Value::Sym(s) => inspect_sym(s),
            Value::Array(a) => {
                let id = self.identity();
                if seen.contains(&id) {
                    return "[...]".into();
                }
                seen.push(id);
                let items: Vec<String> = a
                    .borrow()
                    .items
                    .iter()
                    .map(|v| v.inspect_in(seen))
                    .collect();
                seen.pop();
                format!("[{}]", items.join(", "))
            }
            Value::Hash(h) => {
                let id = self.identity();
                if seen.contains(&id) {
                    return "{...}".into();
                }
                seen.push(id);
                let items: Vec<String> = h
                    .borrow()
                    .map
                    .values()
                    .map(|(k, v)| format!("{}=>{}", k.inspect_in(seen), v.inspect_in(seen)))
                    .collect();
                seen.pop();
                format!("{{{}}}", items.join(", "))
            }
            Value::Set(h) => {
                let items: Vec<String> = h
                    .borrow()
                    .map
                    .values()
                    .map(|(k, _)| k.inspect_in(seen))
                    .collect();
                format!("#<Set: {{{}}}>", items.join(", "))
            }
            Value::Range(r) => format!(
                "{}{}{}",
                if matches!(r.lo, Value::Nil) {
                    String::new()
                } else {
                    r.lo.inspect_in(seen)
                },
                if r.exclusive { "..." } else { ".." },
                if matches!(r.hi, Value::Nil) {
                    String::new()
                } else {
                    r.hi.inspect_in(seen)
                }
            ),
            Value::Regexp(r) => r.inspect(),
            Value::Match(m) => {
                let mut s = format!(
                    "#<MatchData {}",
                    crate::ruby_core::inspect::inspect(m.group(0).unwrap_or(""))
                );
                for i in 1..m.groups.len() {
                    let name = m
                        .names
                        .iter()
                        .find(|(_, g)| *g == i)
                        .map(|(n, _)| n.clone())
                        .unwrap_or_else(|| i.to_string());
                    let v = m
                        .group(i)
                        .map(crate::ruby_core::inspect::inspect)
                        .unwrap_or_else(|| "nil".into());
                    s.push_str(&format!(" {name}:{v}"));
                }
                s.push('>');
                s
            }
            Value::Exception(e) => {
                if e.message.is_empty() {
                    e.class.clone()
                } else {
                    format!("#<{}: {}>", e.class, e.message)
                }
            }
            Value::Opaque(o) => o.text.clone(),
            _ => self.to_s(),
        }
    }
}

/// Ruby's `Symbol#inspect`.
pub fn inspect_sym(s: &str) -> String {
    let plain = !s.is_empty() && {
        let b = s.as_bytes();
        let ident = (b[0].is_ascii_alphabetic() || b[0] == b'_' || b[0] >= 0x80)
            && s[..s.len() - 1]
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80)
            && s.bytes().last().is_some_and(|c| {
                c.is_ascii_alphanumeric()
                    || c == b'_'
                    || c == b'?'
                    || c == b'!'
                    || c == b'='
                    || c >= 0x80
            });
        let op = matches!(
            s,
            "+" | "-"
                | "*"
                | "/"
                | "%"
                | "**"
                | "=="
                | "!="
                | "<"
                | ">"
                | "<="
                | ">="
                | "<=>"
                | "==="
                | "=~"
                | "!~"
                | "[]"
                | "[]="
                | "<<"
                | ">>"
                | "!"
                | "&"
                | "|"
                | "^"
                | "~"
                | "+@"
                | "-@"
        );
        ident || op
    };
    if plain {
        format!(":{s}")
    } else {
        format!(":{}", crate::ruby_core::inspect::inspect(s))
    }
}

impl RHash {
    /// Sets `k` to `v` (a String key is copied and frozen, as Ruby does).
    pub fn insert(&mut self, k: Value, v: Value) {
        let key = k.hash_key();
        let k = match &k {
            Value::Str(s) if !s.borrow().frozen => Value::frozen_str(s.borrow().text.clone()),
            _ => k,
        };
        if let Some(slot) = self.map.get_mut(&key) {
            slot.1 = v;
        } else {
            self.map.insert(key, (k, v));
        }
    }

    /// The value of `k`, if present.
    pub fn get(&self, k: &Value) -> Option<Value> {
        self.map.get(&k.hash_key()).map(|(_, v)| v.clone())
    }
}
