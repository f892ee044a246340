//! Runtime values of the Puppet language, as Puppet 7 evaluates them.
//!
//! A [`Value`] is either known (an integer, a string, an array, ...) or [`Value::Unknown`]: a
//! value that cannot be known statically (the result of a Ruby function without a Rust
//! implementation, an ERB template) but whose type is known. Unknowns propagate through
//! operators and functions; nothing guesses their content.

use std::fmt;
use std::sync::Arc;

use crate::types::Type;

/// A Puppet type used as a value (`Integer[1, 3]`, `Pattern[/a/]`), shared; with the text
/// Puppet shows for a type alias named by the value itself (`Port = Integer[1, 65535]`).
#[derive(Debug, Clone)]
pub struct TypeVal(pub Arc<Type>, Option<Arc<str>>);

impl PartialEq for TypeVal {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl TypeVal {
    pub fn new(t: Type) -> Self {
        TypeVal(Arc::new(t), None)
    }

    /// A type already shared (one parsed once and remembered).
    pub fn shared(t: Arc<Type>) -> Self {
        TypeVal(t, None)
    }

    /// A type alias's value, shown as `shown` (`Port = Integer[1, 65535]`: Puppet expands an
    /// alias named as a value when it converts it to a string, not one inside another type).
    pub fn alias(t: Type, shown: Arc<str>) -> Self {
        TypeVal(Arc::new(t), Some(shown))
    }

    /// The type written in Puppet syntax (`Integer[1, 3]`); `Any` if it does not parse.
    pub fn parse(src: &str) -> Self {
        // The common plain names without a trip through the parser.
        let t = match src {
            "Any" => Type::Any,
            "Boolean" => Type::Boolean(None),
            "String" => Type::string(),
            "Integer" => Type::integer(),
            "Numeric" => Type::Numeric,
            "Array" => Type::array_any(),
            "Hash" => Type::hash_any(),
            _ => crate::types::parse(src).unwrap_or(Type::Any),
        };
        TypeVal::new(t)
    }

    pub fn ty(&self) -> &Type {
        &self.0
    }

    /// The type as a string value shows it: a type alias named by the value expanded
    /// (`Port = Integer[1, 65535]`), else as written (`Integer[1, 3]`, `Optional[Port]`).
    pub fn shown(&self) -> String {
        match &self.1 {
            Some(shown) => shown.to_string(),
            None => self.0.to_string(),
        }
    }

    /// The type's name without parameters: `Integer` for `Integer[1, 3]`.
    pub fn base_name(&self) -> &str {
        self.0.name()
    }
}

impl fmt::Display for TypeVal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A value that is not known statically, of a known type.
#[derive(Debug, Clone, PartialEq)]
pub struct Unknown {
    /// The type every possible value has (`Any` when nothing is known).
    pub ty: TypeVal,
    /// Why the value is unknown (`template('ntp/ntp.conf.erb')`, a function's name).
    pub origin: Arc<str>,
}

/// A reference to a resource or class: `File['/tmp/x']`, `Class['apache']`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ResourceRef {
    /// The type's name as Puppet capitalizes it (`File`, `Apache::Vhost`, `Class`).
    pub type_name: String,
    pub title: String,
}

/// A Puppet value.
#[derive(Debug, Clone)]
pub enum Value {
    Undef,
    Default,
    Integer(i64),
    Float(f64),
    String(String),
    Boolean(bool),
    /// A regular expression, by its source (without delimiters).
    Regexp(Arc<str>),
    Array(Arc<Vec<Value>>),
    Hash(Arc<Hash>),
    Type(TypeVal),
    Resource(Arc<ResourceRef>),
    Sensitive(Arc<Value>),
    Binary(Arc<Vec<u8>>),
    /// A point in time: nanoseconds since 1970-01-01 UTC.
    Timestamp(i64),
    /// A duration in nanoseconds.
    Timespan(i64),
    Unknown(Arc<Unknown>),
}

impl Value {
    pub fn string(s: impl Into<String>) -> Value {
        Value::String(s.into())
    }

    pub fn array(items: Vec<Value>) -> Value {
        Value::Array(Arc::new(items))
    }

    pub fn hash(h: Hash) -> Value {
        Value::Hash(Arc::new(h))
    }

    pub fn regexp(src: &str) -> Value {
        Value::Regexp(Arc::from(src))
    }

    /// An unknown value of the type written in Puppet syntax (`Array[String]`).
    pub fn unknown(ty: &str, origin: &str) -> Value {
        Value::unknown_of(TypeVal::parse(ty), origin)
    }

    pub fn unknown_of(ty: TypeVal, origin: &str) -> Value {
        Value::Unknown(Arc::new(Unknown {
            ty,
            origin: Arc::from(origin),
        }))
    }

    pub fn resource(type_name: &str, title: &str) -> Value {
        Value::Resource(Arc::new(ResourceRef {
            type_name: type_name.to_string(),
            title: title.to_string(),
        }))
    }

    pub fn is_undef(&self) -> bool {
        matches!(self, Value::Undef)
    }

    pub fn is_unknown(&self) -> bool {
        matches!(self, Value::Unknown(_))
    }

    /// Whether an unknown value is anywhere in this value (an element, a key, a hash value).
    pub fn contains_unknown(&self) -> bool {
        match self {
            Value::Unknown(_) => true,
            Value::Array(a) => a.iter().any(Value::contains_unknown),
            Value::Hash(h) => h
                .iter()
                .any(|(k, v)| k.contains_unknown() || v.contains_unknown()),
            Value::Sensitive(v) => v.contains_unknown(),
            _ => false,
        }
    }

    /// The first unknown found in this value, depth first.
    pub fn first_unknown(&self) -> Option<&Unknown> {
        match self {
            Value::Unknown(u) => Some(u),
            Value::Array(a) => a.iter().find_map(Value::first_unknown),
            Value::Hash(h) => h
                .iter()
                .find_map(|(k, v)| k.first_unknown().or_else(|| v.first_unknown())),
            Value::Sensitive(v) => v.first_unknown(),
            _ => None,
        }
    }

    /// The origin a value computed from `values` keeps when it is unknown: the origin of the
    /// first unknown among them (what made it unknown in the first place), else `fallback`.
    /// Derived unknowns keep that root, so a message about them names the cause.
    pub fn origin_among<'a>(values: impl IntoIterator<Item = &'a Value>, fallback: &str) -> String {
        values
            .into_iter()
            .find_map(Value::first_unknown)
            .map_or_else(|| fallback.to_string(), |u| u.origin.to_string())
    }

    /// Puppet's truth: `undef` and `false` are false, everything else (the empty string
    /// included) is true. `None` for an unknown value.
    pub fn truthy(&self) -> Option<bool> {
        match self {
            Value::Undef | Value::Boolean(false) => Some(false),
            Value::Unknown(_) => None,
            _ => Some(true),
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    pub fn as_hash(&self) -> Option<&Hash> {
        match self {
            Value::Hash(h) => Some(h),
            _ => None,
        }
    }

    pub fn is_numeric(&self) -> bool {
        matches!(self, Value::Integer(_) | Value::Float(_))
    }

    /// The name of the value's general type, as Puppet's messages name it (`String`,
    /// `Integer`, `Array`, `Hash`, `Undef`, ...).
    pub fn type_name(&self) -> String {
        match self {
            Value::Undef => "Undef".into(),
            Value::Default => "Default".into(),
            Value::Integer(_) => "Integer".into(),
            Value::Float(_) => "Float".into(),
            Value::String(_) => "String".into(),
            Value::Boolean(_) => "Boolean".into(),
            Value::Regexp(_) => "Regexp".into(),
            Value::Array(_) => "Array".into(),
            Value::Hash(_) => "Hash".into(),
            Value::Type(t) => format!("Type[{}]", t.base_name()),
            Value::Resource(r) => r.type_name.clone(),
            Value::Sensitive(_) => "Sensitive".into(),
            Value::Binary(_) => "Binary".into(),
            Value::Timestamp(_) => "Timestamp".into(),
            Value::Timespan(_) => "Timespan".into(),
            Value::Unknown(u) => u.ty.base_name().to_string(),
        }
    }

    /// The string form Puppet uses for interpolation and `notice`: strings as they are,
    /// `undef` as the empty string (also inside collections), arrays `[1, a]`, hashes
    /// `{a => 1}`, floats as Ruby prints them, regexps `/src/`.
    ///
    /// An unknown value prints as `<unknown Type from origin>`; callers check [`Value::contains_unknown`]
    /// first when the result must be exact.
    pub fn to_puppet_string(&self) -> String {
        let mut out = String::new();
        self.write_puppet_string(&mut out);
        out
    }

    pub fn write_puppet_string(&self, out: &mut String) {
        match self {
            Value::Undef => {}
            Value::Default => out.push_str("default"),
            Value::Integer(i) => out.push_str(&i.to_string()),
            Value::Float(f) => out.push_str(&crate::ruby_core::float::to_s(*f)),
            Value::String(s) => out.push_str(s),
            Value::Boolean(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Regexp(r) => {
                out.push('/');
                out.push_str(&regexp_source_for_display(r));
                out.push('/');
            }
            Value::Array(a) => {
                out.push('[');
                for (i, v) in a.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    v.write_puppet_string(out);
                }
                out.push(']');
            }
            Value::Hash(h) => {
                out.push('{');
                for (i, (k, v)) in h.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    k.write_puppet_string(out);
                    out.push_str(" => ");
                    v.write_puppet_string(out);
                }
                out.push('}');
            }
            Value::Type(t) => out.push_str(&t.shown()),
            Value::Resource(r) => {
                out.push_str(&r.type_name);
                out.push('[');
                if r.type_name == "Class" {
                    // Puppet writes a class's name in lower case (`Class[apache]`); the catalog
                    // keeps the title capitalized (`Class[Apache]`).
                    out.push_str(&r.title.to_ascii_lowercase());
                } else {
                    out.push('\'');
                    out.push_str(&r.title);
                    out.push('\'');
                }
                out.push(']');
            }
            Value::Sensitive(_) => out.push_str("Sensitive [value redacted]"),
            Value::Binary(b) => out.push_str(&crate::ruby_core::base64::strict_encode(b)),
            Value::Timestamp(t) => out.push_str(&super::time::timestamp_string(*t)),
            Value::Timespan(t) => out.push_str(&super::time::timespan_string(*t)),
            Value::Unknown(u) => {
                out.push_str("<unknown ");
                out.push_str(&u.ty.to_string());
                if !u.origin.is_empty() {
                    out.push_str(" from ");
                    out.push_str(&u.origin);
                }
                out.push('>');
            }
        }
    }

    /// Strict equality as Ruby's `eql?` (used for hash keys and `unique`): `1` and `1.0`
    /// differ, strings compare case-sensitively.
    pub fn strict_eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Undef, Value::Undef) | (Value::Default, Value::Default) => true,
            (Value::Integer(a), Value::Integer(b)) => a == b,
            (Value::Float(a), Value::Float(b)) => a == b || (a.is_nan() && b.is_nan()),
            (Value::String(a), Value::String(b)) => a == b,
            (Value::Boolean(a), Value::Boolean(b)) => a == b,
            (Value::Regexp(a), Value::Regexp(b)) => a == b,
            (Value::Array(a), Value::Array(b)) => {
                Arc::ptr_eq(a, b)
                    || a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.strict_eq(y))
            }
            (Value::Hash(a), Value::Hash(b)) => {
                Arc::ptr_eq(a, b)
                    || a.len() == b.len()
                        && a.iter()
                            .all(|(k, v)| b.get(k).is_some_and(|w| v.strict_eq(w)))
            }
            (Value::Type(a), Value::Type(b)) => a == b,
            (Value::Resource(a), Value::Resource(b)) => a == b,
            (Value::Sensitive(a), Value::Sensitive(b)) => Arc::ptr_eq(a, b),
            (Value::Binary(a), Value::Binary(b)) => a == b,
            (Value::Timestamp(a), Value::Timestamp(b))
            | (Value::Timespan(a), Value::Timespan(b)) => a == b,
            (Value::Unknown(a), Value::Unknown(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

/// A regexp's source as Puppet prints it between slashes: an unescaped `/` is escaped.
pub fn regexp_source_for_display(src: &str) -> String {
    let mut out = String::with_capacity(src.len());
    let mut escaped = false;
    for c in src.chars() {
        if escaped {
            out.push(c);
            escaped = false;
        } else if c == '\\' {
            out.push(c);
            escaped = true;
        } else if c == '/' {
            out.push_str("\\/");
        } else {
            out.push(c);
        }
    }
    out
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_puppet_string())
    }
}

impl PartialEq for Value {
    /// Structural (strict) equality; Puppet's `==` is [`super::ops::equals`].
    fn eq(&self, other: &Self) -> bool {
        self.strict_eq(other)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::String(s.to_string())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::String(s)
    }
}

impl From<i64> for Value {
    fn from(i: i64) -> Self {
        Value::Integer(i)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Boolean(b)
    }
}

/// An insertion-ordered hash whose keys are values (compared strictly, as Ruby's `eql?`).
///
/// Keys are found through a hash index (std's randomly seeded hasher, so crafted keys cannot
/// make lookups linear): a facts file or Hiera file of 100k keys loads in time linear in its
/// size.
#[derive(Debug, Clone, Default)]
pub struct Hash {
    map: indexmap::IndexMap<Key, Value>,
}

/// A hash key: a value hashed and compared as [`Value::strict_eq`] compares.
#[derive(Debug, Clone)]
#[repr(transparent)]
struct Key(Value);

impl PartialEq for Key {
    fn eq(&self, other: &Self) -> bool {
        self.0.strict_eq(&other.0)
    }
}

impl Eq for Key {}

impl std::hash::Hash for Key {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        hash_value(&self.0, state, 0);
    }
}

/// A borrowed value looked up as a key.
struct KeyRef<'a>(&'a Value);

impl std::hash::Hash for KeyRef<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        hash_value(self.0, state, 0);
    }
}

impl indexmap::Equivalent<Key> for KeyRef<'_> {
    fn equivalent(&self, key: &Key) -> bool {
        self.0.strict_eq(&key.0)
    }
}

/// A string looked up as a key, without building a `Value`.
struct StrKey<'a>(&'a str);

impl std::hash::Hash for StrKey<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        hash_str(self.0, state);
    }
}

impl indexmap::Equivalent<Key> for StrKey<'_> {
    fn equivalent(&self, key: &Key) -> bool {
        matches!(&key.0, Value::String(s) if s == self.0)
    }
}

fn hash_str<H: std::hash::Hasher>(s: &str, state: &mut H) {
    use std::hash::Hash as _;
    4u8.hash(state);
    s.hash(state);
}

/// Hashes `v` consistently with [`Value::strict_eq`]: equal values hash equally. Collections
/// hash their length and a few first elements only (bounded work even for values that share
/// their parts many times over); hashes as keys hash their length (their equality ignores
/// order); types hash by their name without parameters.
fn hash_value<H: std::hash::Hasher>(v: &Value, state: &mut H, depth: usize) {
    use std::hash::Hash as _;
    match v {
        Value::String(s) => hash_str(s, state),
        Value::Undef => 0u8.hash(state),
        Value::Default => 1u8.hash(state),
        Value::Integer(i) => {
            2u8.hash(state);
            i.hash(state);
        }
        Value::Float(f) => {
            3u8.hash(state);
            // 0.0 == -0.0 and NaN equals NaN for keys.
            let bits = if *f == 0.0 {
                0
            } else if f.is_nan() {
                1
            } else {
                f.to_bits()
            };
            bits.hash(state);
        }
        Value::Boolean(b) => {
            5u8.hash(state);
            b.hash(state);
        }
        Value::Regexp(r) => {
            6u8.hash(state);
            r.hash(state);
        }
        Value::Array(a) => {
            7u8.hash(state);
            a.len().hash(state);
            if depth < 3 {
                for e in a.iter().take(4) {
                    hash_value(e, state, depth + 1);
                }
            }
        }
        Value::Hash(h) => {
            8u8.hash(state);
            h.len().hash(state);
        }
        Value::Type(t) => {
            9u8.hash(state);
            t.base_name().hash(state);
        }
        Value::Resource(r) => {
            10u8.hash(state);
            r.hash(state);
        }
        Value::Sensitive(s) => {
            11u8.hash(state);
            (Arc::as_ptr(s) as usize).hash(state);
        }
        Value::Binary(b) => {
            12u8.hash(state);
            b.hash(state);
        }
        Value::Timestamp(t) => {
            13u8.hash(state);
            t.hash(state);
        }
        Value::Timespan(t) => {
            14u8.hash(state);
            t.hash(state);
        }
        Value::Unknown(u) => {
            15u8.hash(state);
            (Arc::as_ptr(u) as usize).hash(state);
        }
    }
}

impl Hash {
    pub fn new() -> Self {
        Hash::default()
    }

    pub fn with_capacity(n: usize) -> Self {
        Hash {
            map: indexmap::IndexMap::with_capacity(n),
        }
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    pub fn get(&self, key: &Value) -> Option<&Value> {
        self.map.get(&KeyRef(key))
    }

    pub fn get_str(&self, key: &str) -> Option<&Value> {
        self.map.get(&StrKey(key))
    }

    pub fn contains_key(&self, key: &Value) -> bool {
        self.map.contains_key(&KeyRef(key))
    }

    /// Sets `key` to `value`; an existing key keeps its position (as Ruby's `Hash#[]=`).
    pub fn insert(&mut self, key: Value, value: Value) {
        self.map.insert(Key(key), value);
    }

    /// Removes `key`, keeping the order of the others.
    pub fn remove(&mut self, key: &Value) -> Option<Value> {
        self.map.shift_remove(&KeyRef(key))
    }

    /// Removes every key of `keys`, keeping the order of the others, in time linear in the
    /// sizes of both.
    pub fn remove_all<'a>(&mut self, keys: impl IntoIterator<Item = &'a Value>) {
        let gone: ValueSet = keys.into_iter().cloned().collect();
        if !gone.is_empty() {
            self.map.retain(|k, _| !gone.contains(&k.0));
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = (&Value, &Value)> {
        self.map.iter().map(|(k, v)| (&k.0, v))
    }

    pub fn keys(&self) -> impl Iterator<Item = &Value> {
        self.map.keys().map(|k| &k.0)
    }

    pub fn values(&self) -> impl Iterator<Item = &Value> {
        self.map.values()
    }

    pub fn into_entries(self) -> Vec<(Value, Value)> {
        self.map.into_iter().map(|(k, v)| (k.0, v)).collect()
    }
}

/// A set of values compared strictly (as hash keys are), to drop repeats or test membership
/// in constant time.
#[derive(Debug, Clone, Default)]
pub struct ValueSet {
    set: indexmap::IndexSet<Key>,
}

impl ValueSet {
    pub fn new() -> Self {
        ValueSet::default()
    }

    /// Adds `v`; `false` when it was already there.
    pub fn insert(&mut self, v: Value) -> bool {
        self.set.insert(Key(v))
    }

    pub fn contains(&self, v: &Value) -> bool {
        self.set.contains(&KeyRef(v))
    }

    pub fn len(&self) -> usize {
        self.set.len()
    }

    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
    }
}

impl FromIterator<Value> for ValueSet {
    fn from_iter<I: IntoIterator<Item = Value>>(iter: I) -> Self {
        ValueSet {
            set: iter.into_iter().map(Key).collect(),
        }
    }
}

/// The values without repeats (compared strictly, as Ruby's `uniq`), in first-seen order.
pub fn unique_values(items: impl IntoIterator<Item = Value>) -> Vec<Value> {
    let mut seen = ValueSet::new();
    items
        .into_iter()
        .filter(|v| seen.insert(v.clone()))
        .collect()
}

impl FromIterator<(Value, Value)> for Hash {
    fn from_iter<I: IntoIterator<Item = (Value, Value)>>(iter: I) -> Self {
        let mut h = Hash::new();
        for (k, v) in iter {
            h.insert(k, v);
        }
        h
    }
}
