//! The Puppet type system: representation, parsing, display, assignability.
//!
//! [`Type`] models every type of Puppet 7 (`Any`, `Integer[1, 3]`, `Optional[String]`,
//! `Struct[{...}]`, `Callable[...]`, resource and class references, aliases, ...).
//!
//! - [`parse`] reads type source text (`Optional[Hash[String[1], Integer]]`) and [`from_expr`]
//!   lowers a type expression of the AST (a parameter's type); both follow how Puppet's
//!   evaluator builds types from `Name[args]` expressions, and report bad type expressions as
//!   [`TypeError`] values, never panics.
//! - `Display` prints a type exactly as Puppet prints it (`notice(Integer[1,3])`);
//!   [`expanded_string`] shows aliases as `Name = Type`, as Puppet's messages do.
//! - [`is_assignable`] answers Puppet's `T1 >= T2` (can every value of `from` be given where
//!   `to` is expected), with type aliases resolved through an [`AliasResolver`]; recursive
//!   aliases terminate.
//! - [`TypeCalculator`] holds one resolver and the aliases it resolved, for many questions:
//!   assignability, [`TypeCalculator::describe_mismatch`] (Puppet's wording: "parameter 'x'
//!   expects an Integer value, got String"), [`TypeCalculator::accepts_call`] (does a
//!   signature accept these argument types and lambda), [`TypeCalculator::iterable_type`]
//!   (what `each` yields), normalization and common types.
//! - [`Type::generalize`], [`Type::normalize`] and [`common_type`] follow Puppet's type
//!   calculator.
//! - [`RegexCache`] compiles the Ruby regexps of `Pattern` and `Regexp` types.
//!
//! The representation is plain data: `Data`, `RichData` and `RichDataKey` are Puppet's built-in
//! aliases ([`Type::Alias`]) and resolve without a resolver.
//!
//! Every answer is checked against Puppet 7 itself: `scripts/oracle/types-oracle.sh` writes
//! `tests/types/*.expected`, which `tests/types_oracle.rs` compares row by row.

mod assign;
mod cache;
mod display;
mod mismatch;
mod normalize;
mod parse;
mod regex;
#[cfg(test)]
mod tests;

pub use assign::{
    AliasResolver, NoAliases, TypeCalculator, builtin_alias, is_assignable, is_assignable_with,
};
pub use cache::{Caches, Parsed};
pub use display::{expanded_string, puppet_quote};
pub use normalize::common_type;
pub use normalize::common_with;
pub use parse::{TypeError, from_expr, may_lower, parse};
pub use regex::{RegexCache, RegexFailure, is_too_costly, translate_ruby_regex};

/// The names of Puppet's built-in types, sorted (with `Class` and `Resource`); any other
/// capitalized name is a resource type or a type alias.
pub const CORE_TYPE_NAMES: &[&str] = &[
    "Any",
    "Array",
    "Binary",
    "Boolean",
    "Callable",
    "CatalogEntry",
    "Class",
    "Collection",
    "Data",
    "Default",
    "Deferred",
    "Enum",
    "Error",
    "Float",
    "Hash",
    "Init",
    "Integer",
    "Iterable",
    "Iterator",
    "NotUndef",
    "Numeric",
    "Object",
    "Optional",
    "Pattern",
    "Regexp",
    "Resource",
    "RichData",
    "Runtime",
    "Scalar",
    "ScalarData",
    "SemVer",
    "SemVerRange",
    "Sensitive",
    "String",
    "Struct",
    "Timespan",
    "Timestamp",
    "Tuple",
    "Type",
    "TypeReference",
    "TypeSet",
    "URI",
    "Undef",
    "Variant",
];

/// A Puppet type.
///
/// Variants mirror Puppet's type classes. Parameters that Puppet leaves unset are `None`
/// (an unset size means "any size", an unset element type means `Any`).
#[derive(Debug, Clone, PartialEq)]
pub enum Type {
    /// `Any`: every value.
    Any,
    /// `Unit`: Puppet's internal "I am what you are" type (the element type of `Array[0, 0]`);
    /// assignable to and from everything.
    Unit,
    /// `Undef`: only `undef`.
    Undef,
    /// `Default`: only `default`.
    Default,
    /// `Scalar`: strings, numbers, booleans, regexps, versions, time values.
    Scalar,
    /// `ScalarData`: strings, numbers and booleans.
    ScalarData,
    /// `Numeric`: integers and floats.
    Numeric,
    /// `Integer[min, max]`.
    Integer(IntRange),
    /// `Float[min, max]`.
    Float(FloatRange),
    /// `String[min, max]` (or the type of one known string, from inference).
    String(StringType),
    /// `Enum['a', 'b']`, `Enum['a', true]` (case insensitive).
    Enum(EnumType),
    /// `Pattern[/re/, ...]`: the regexps' sources.
    Pattern(Vec<String>),
    /// `Regexp` or `Regexp[/re/]` (the source).
    Regexp(Option<String>),
    /// `Boolean`, `Boolean[true]`, `Boolean[false]`.
    Boolean(Option<bool>),
    /// `Array[T, min, max]`.
    Array(ArrayType),
    /// `Hash[K, V, min, max]`.
    Hash(HashType),
    /// `Collection[min, max]`: arrays and hashes.
    Collection(Option<IntRange>),
    /// `Tuple[T1, T2, ..., min, max]`.
    Tuple(TupleType),
    /// `Struct[{key => T, Optional[key] => T}]`.
    Struct(Vec<StructMember>),
    /// `Variant[T1, T2, ...]`.
    Variant(Vec<Type>),
    /// `Optional[T]` (`Variant[Undef, T]`); `None` for a bare `Optional`.
    Optional(Option<Box<Type>>),
    /// `NotUndef[T]`; `None` for a bare `NotUndef`.
    NotUndef(Option<Box<Type>>),
    /// `Iterable[T]`.
    Iterable(Option<Box<Type>>),
    /// `Iterator[T]`.
    Iterator(Option<Box<Type>>),
    /// `Type[T]`: the type of types.
    Type(Option<Box<Type>>),
    /// `Callable[...]`.
    Callable(CallableType),
    /// `CatalogEntry`: resources and classes.
    CatalogEntry,
    /// `Resource`, `File`, `File['/tmp/x']`, `Resource['apache::vhost']`: the type name as
    /// Puppet keeps it (segments capitalized, `Apache::Vhost`), and a title.
    Resource {
        type_name: Option<String>,
        title: Option<String>,
    },
    /// `Class` or `Class[name]`.
    Class(Option<String>),
    /// `Sensitive[T]` (`T` generalized, `Any` for a bare `Sensitive`).
    Sensitive(Box<Type>),
    /// `Timespan[min, max]` (bounds in seconds).
    Timespan(FloatRange),
    /// `Timestamp[min, max]` (bounds in seconds since the epoch).
    Timestamp(FloatRange),
    /// `SemVer[ranges]`: the version range strings.
    SemVer(Vec<String>),
    /// `SemVerRange`.
    SemVerRange,
    /// `Binary`.
    Binary,
    /// `Init[T]`: values from which a `T` can be created.
    Init(Option<Box<Type>>),
    /// `URI` or `URI['...']` (the parameter as written).
    Uri(Option<String>),
    /// `Object`, or a named object type of Puppet (`Error`, `Deferred`).
    Object(Option<String>),
    /// `TypeSet`.
    TypeSet,
    /// `Runtime[runtime, name]`.
    Runtime {
        runtime: Option<String>,
        name: Option<String>,
    },
    /// `TypeReference['Name']`: a reference Puppet could not resolve.
    TypeReference(String),
    /// A named type that needs a resolver: a type alias (`Stdlib::Absolutepath`, or the
    /// built-in `Data`, `RichData`, `RichDataKey`), or the name of a resource type that is not
    /// Puppet's own (`Apache::Vhost`). The name is kept as written.
    Alias(String),
}

/// How many members [`Type::variant`] compares one by one before it keys them.
const VARIANT_SCAN: usize = 16;

/// An integer range; `None` is an unbounded end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct IntRange {
    pub min: Option<i64>,
    pub max: Option<i64>,
}

impl IntRange {
    /// The unbounded range.
    pub const ANY: IntRange = IntRange {
        min: None,
        max: None,
    };
    /// `[0, infinity]`: the default size of collections and strings.
    pub const SIZE: IntRange = IntRange {
        min: Some(0),
        max: None,
    };

    pub fn new(min: Option<i64>, max: Option<i64>) -> Self {
        IntRange { min, max }
    }

    /// `[n, n]`.
    pub fn exact(n: i64) -> Self {
        IntRange {
            min: Some(n),
            max: Some(n),
        }
    }

    /// The lower bound, `i128::MIN` when unbounded.
    pub fn lo(self) -> i128 {
        self.min.map_or(i128::MIN, i128::from)
    }

    /// The upper bound, `i128::MAX` when unbounded.
    pub fn hi(self) -> i128 {
        self.max.map_or(i128::MAX, i128::from)
    }

    pub fn is_unbounded(self) -> bool {
        self.min.is_none() && self.max.is_none()
    }

    /// Does this range hold every number of `other`?
    pub fn contains_range(self, other: IntRange) -> bool {
        self.lo() <= other.lo() && self.hi() >= other.hi()
    }

    pub fn contains(self, n: i128) -> bool {
        self.lo() <= n && n <= self.hi()
    }

    /// Puppet's `to_size`: a range of sizes, negative bounds made 0.
    pub fn to_size(self) -> Self {
        if self.lo() >= 0 {
            self
        } else {
            IntRange {
                min: Some(0),
                max: self.max.map(|m| m.max(0)),
            }
        }
    }
}

/// A float range; `None` is an unbounded end.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct FloatRange {
    pub min: Option<f64>,
    pub max: Option<f64>,
}

impl FloatRange {
    pub const ANY: FloatRange = FloatRange {
        min: None,
        max: None,
    };

    pub fn lo(self) -> f64 {
        self.min.unwrap_or(f64::NEG_INFINITY)
    }

    pub fn hi(self) -> f64 {
        self.max.unwrap_or(f64::INFINITY)
    }

    pub fn is_unbounded(self) -> bool {
        self.min.is_none() && self.max.is_none()
    }

    pub fn contains_range(self, other: FloatRange) -> bool {
        self.lo() <= other.lo() && self.hi() >= other.hi()
    }
}

/// `String[min, max]`, or the type of one string (`value`, from inference; Puppet prints
/// that as `String`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StringType {
    /// The size range (already made a size: no negative bounds); `None` is any size.
    pub size: Option<IntRange>,
    /// The one string this type holds.
    pub value: Option<String>,
}

impl StringType {
    /// Puppet's `derived_size_type`: the size range, or the value's length.
    pub fn derived_size(&self) -> IntRange {
        if let Some(s) = self.size {
            s
        } else if let Some(v) = &self.value {
            IntRange::exact(v.chars().count() as i64)
        } else {
            IntRange::SIZE
        }
    }
}

/// `Enum[...]`: values sorted and unique, as Puppet keeps them.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct EnumType {
    pub values: Vec<String>,
    pub case_insensitive: bool,
}

impl EnumType {
    pub fn new(mut values: Vec<String>, case_insensitive: bool) -> Self {
        values.sort();
        values.dedup();
        EnumType {
            values,
            case_insensitive,
        }
    }

    /// Is `s` one of the values? (The values are sorted: see [`EnumType::new`].)
    pub fn has(&self, s: &str) -> bool {
        if self.case_insensitive {
            let s = s.to_lowercase();
            self.values.iter().any(|v| v.to_lowercase() == s)
        } else {
            self.values.binary_search_by(|v| v.as_str().cmp(s)).is_ok()
        }
    }
}

/// `Array[T, min, max]`.
#[derive(Debug, Clone, PartialEq)]
pub struct ArrayType {
    pub elem: Box<Type>,
    pub size: Option<IntRange>,
}

/// `Hash[K, V, min, max]`.
#[derive(Debug, Clone, PartialEq)]
pub struct HashType {
    pub key: Box<Type>,
    pub value: Box<Type>,
    pub size: Option<IntRange>,
}

/// `Tuple[T1, ..., min, max]`: when `size` is set and larger than the number of types, the
/// last type repeats.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TupleType {
    pub types: Vec<Type>,
    pub size: Option<IntRange>,
}

impl TupleType {
    /// The number of elements accepted.
    pub fn size_range(&self) -> IntRange {
        match self.size {
            Some(s) => s,
            None if self.types.is_empty() => IntRange::SIZE,
            None => IntRange::exact(self.types.len() as i64),
        }
    }
}

/// One entry of a `Struct`.
#[derive(Debug, Clone, PartialEq)]
pub struct StructMember {
    pub name: String,
    /// The key is `Optional[...]`: the entry may be missing.
    pub optional: bool,
    pub value: Type,
}

/// `Callable[params, min, max, block]` or `Callable[[params...], return]`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CallableType {
    /// The parameters as a tuple; `None` for a bare `Callable` (any callable).
    pub params: Option<TupleType>,
    /// The block parameter's type (a `Callable`, `Optional[Callable]`, ...).
    pub block: Option<Box<Type>>,
    /// The return type; `None` is `Any`.
    pub ret: Option<Box<Type>>,
}

/// The core resource types Puppet 7 always knows (its static loader's list): a bare reference
/// to one of them is a resource type, any other capitalized name needs a resolver.
pub const BUILTIN_RESOURCE_TYPES: &[&str] = &[
    "Component",
    "Exec",
    "File",
    "Filebucket",
    "Group",
    "Node",
    "Notify",
    "Package",
    "Resources",
    "Schedule",
    "Service",
    "Stage",
    "Tidy",
    "User",
    "Whit",
];

impl Type {
    /// `String` (any string).
    pub fn string() -> Type {
        Type::String(StringType::default())
    }

    /// The type of one known string (`String` with a value, as Puppet infers `'abc'`).
    pub fn string_value(s: impl Into<String>) -> Type {
        Type::String(StringType {
            size: None,
            value: Some(s.into()),
        })
    }

    /// `String[min, max]`.
    pub fn string_sized(min: Option<i64>, max: Option<i64>) -> Type {
        Type::String(StringType {
            size: Some(IntRange::new(min, max).to_size()),
            value: None,
        })
    }

    /// `Integer` (unbounded).
    pub fn integer() -> Type {
        Type::Integer(IntRange::ANY)
    }

    /// `Integer[min, max]`.
    pub fn integer_range(min: Option<i64>, max: Option<i64>) -> Type {
        Type::Integer(IntRange::new(min, max))
    }

    /// `Float` (unbounded).
    pub fn float() -> Type {
        Type::Float(FloatRange::ANY)
    }

    /// `Array[elem, size]`; an `[0, 0]` size makes the element `Unit`, as in Puppet.
    pub fn array(elem: Type, size: Option<IntRange>) -> Type {
        let size = size.map(IntRange::to_size);
        let elem = if size == Some(IntRange::exact(0)) {
            Type::Unit
        } else {
            elem
        };
        Type::Array(ArrayType {
            elem: Box::new(elem),
            size,
        })
    }

    /// `Array` (of `Any`).
    pub fn array_any() -> Type {
        Type::array(Type::Any, None)
    }

    /// `Hash[key, value, size]`; an `[0, 0]` size makes key and value `Unit`.
    pub fn hash(key: Type, value: Type, size: Option<IntRange>) -> Type {
        let size = size.map(IntRange::to_size);
        let (key, value) = if size == Some(IntRange::exact(0)) {
            (Type::Unit, Type::Unit)
        } else {
            (key, value)
        };
        Type::Hash(HashType {
            key: Box::new(key),
            value: Box::new(value),
            size,
        })
    }

    /// `Hash` (of `Any` to `Any`).
    pub fn hash_any() -> Type {
        Type::hash(Type::Any, Type::Any, None)
    }

    /// `Tuple[types, size]`.
    pub fn tuple(types: Vec<Type>, size: Option<IntRange>) -> Type {
        Type::Tuple(TupleType {
            types,
            size: size.map(IntRange::to_size),
        })
    }

    /// `Optional[t]`.
    pub fn optional(t: Type) -> Type {
        Type::Optional(Some(Box::new(t)))
    }

    /// `Type[t]`.
    pub fn type_of(t: Type) -> Type {
        Type::Type(Some(Box::new(t)))
    }

    /// `Data` (Puppet's built-in alias).
    pub fn data() -> Type {
        Type::Alias("Data".to_string())
    }

    /// `RichData` (Puppet's built-in alias).
    pub fn rich_data() -> Type {
        Type::Alias("RichData".to_string())
    }

    /// A key equal for equal types (the kind and its names, values and bounds; not what
    /// nested types hold), to find equal types without comparing every pair.
    fn shallow_key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = rustc_hash::FxHasher::default();
        std::mem::discriminant(self).hash(&mut h);
        match self {
            Type::Integer(r) => r.hash(&mut h),
            Type::String(s) => s.value.hash(&mut h),
            Type::Enum(e) => e.values.hash(&mut h),
            Type::Pattern(ps) | Type::SemVer(ps) => ps.hash(&mut h),
            Type::Regexp(s) | Type::Uri(s) | Type::Object(s) | Type::Class(s) => s.hash(&mut h),
            Type::Boolean(b) => b.hash(&mut h),
            Type::Resource { type_name, title } => (type_name, title).hash(&mut h),
            Type::TypeReference(n) | Type::Alias(n) => n.hash(&mut h),
            Type::Struct(ms) => ms.len().hash(&mut h),
            Type::Tuple(t) => t.types.len().hash(&mut h),
            Type::Variant(ts) => ts.len().hash(&mut h),
            _ => {}
        }
        h.finish()
    }

    /// A variant of `types`, flattened and without duplicates; one type stays itself
    /// (Puppet's `Variant.maybe_create`).
    pub fn variant(types: Vec<Type>) -> Type {
        let mut out: Vec<Type> = Vec::with_capacity(types.len());
        // Past a few members, the ones already kept are found by a key (a `Variant` of
        // thousands of members must not compare each with all the others).
        let mut seen: Option<rustc_hash::FxHashMap<u64, Vec<usize>>> = None;
        let mut add = |t: Type, out: &mut Vec<Type>| {
            if out.len() < VARIANT_SCAN {
                if !out.contains(&t) {
                    out.push(t);
                }
                return;
            }
            let seen = seen.get_or_insert_with(|| {
                let mut m = rustc_hash::FxHashMap::default();
                for (i, o) in out.iter().enumerate() {
                    m.entry(o.shallow_key()).or_insert_with(Vec::new).push(i);
                }
                m
            });
            let same = seen.entry(t.shallow_key()).or_default();
            if !same.iter().any(|&i| out[i] == t) {
                same.push(out.len());
                out.push(t);
            }
        };
        for t in types {
            match t {
                Type::Variant(inner) => {
                    for i in inner {
                        add(i, &mut out);
                    }
                }
                t => add(t, &mut out),
            }
        }
        if out.len() == 1 {
            out.pop().unwrap_or(Type::Any)
        } else {
            Type::Variant(out)
        }
    }

    /// `Resource[type_name, title]`, the name capitalized as Puppet does.
    pub fn resource(type_name: &str, title: Option<String>) -> Type {
        Type::Resource {
            type_name: Some(capitalize_segments(type_name)),
            title,
        }
    }

    /// The name of the type without parameters (`Integer` for `Integer[1, 2]`).
    pub fn name(&self) -> &str {
        match self {
            Type::Any => "Any",
            Type::Unit => "Unit",
            Type::Undef => "Undef",
            Type::Default => "Default",
            Type::Scalar => "Scalar",
            Type::ScalarData => "ScalarData",
            Type::Numeric => "Numeric",
            Type::Integer(_) => "Integer",
            Type::Float(_) => "Float",
            Type::String(_) => "String",
            Type::Enum(_) => "Enum",
            Type::Pattern(_) => "Pattern",
            Type::Regexp(_) => "Regexp",
            Type::Boolean(_) => "Boolean",
            Type::Array(_) => "Array",
            Type::Hash(_) => "Hash",
            Type::Collection(_) => "Collection",
            Type::Tuple(_) => "Tuple",
            Type::Struct(_) => "Struct",
            Type::Variant(_) => "Variant",
            Type::Optional(_) => "Optional",
            Type::NotUndef(_) => "NotUndef",
            Type::Iterable(_) => "Iterable",
            Type::Iterator(_) => "Iterator",
            Type::Type(_) => "Type",
            Type::Callable(_) => "Callable",
            Type::CatalogEntry => "CatalogEntry",
            Type::Resource { .. } => "Resource",
            Type::Class(_) => "Class",
            Type::Sensitive(_) => "Sensitive",
            Type::Timespan(_) => "Timespan",
            Type::Timestamp(_) => "Timestamp",
            Type::SemVer(_) => "SemVer",
            Type::SemVerRange => "SemVerRange",
            Type::Binary => "Binary",
            Type::Init(_) => "Init",
            Type::Uri(_) => "URI",
            Type::Object(Some(n)) => n,
            Type::Object(None) => "Object",
            Type::TypeSet => "TypeSet",
            Type::Runtime { .. } => "Runtime",
            Type::TypeReference(_) => "TypeReference",
            Type::Alias(n) => n,
        }
    }
}

/// A word with its first letter upper case and the rest lower case (`aPPle` -> `Apple`).
pub fn capitalize_word(word: &str) -> String {
    let mut cs = word.chars();
    match cs.next() {
        Some(f) => f
            .to_uppercase()
            .chain(cs.flat_map(char::to_lowercase))
            .collect(),
        None => String::new(),
    }
}

/// Each `::` segment of a type name capitalized, a leading `::` dropped
/// (`apache::vhost` -> `Apache::Vhost`).
pub fn capitalize_type_name(name: &str) -> String {
    name.trim_start_matches("::")
        .split("::")
        .map(capitalize_word)
        .collect::<Vec<_>>()
        .join("::")
}

/// Puppet's `capitalize_segments`: `apache::vhost` -> `Apache::Vhost`; a name that starts
/// with an upper case ASCII letter is kept as it is.
pub fn capitalize_segments(name: &str) -> String {
    if name.starts_with(|c: char| c.is_ascii_uppercase()) {
        return name.to_string();
    }
    name.split("::")
        .map(capitalize_word)
        .collect::<Vec<_>>()
        .join("::")
}
