//! Whether a value of an inferred type can be given where a type is expected, answered
//! conservatively: a check reports only what cannot work.
//!
//! Inferred types are of two sorts. A *definite* type is known exactly from literals
//! (`Integer[3, 3]`, a string with its value, a tuple or struct of those): Puppet's
//! assignability decides. Any other type (a parameter's declared `String`, the result of a
//! function) stands for values plint does not know; such a value is reported only when the
//! two types share no kind of value at all (an `Integer` where a `String` is expected), never
//! because a `String` of unknown content might not match a `Pattern`.

use crate::types::{AliasResolver, IntRange, Type, TypeCalculator, builtin_alias};

/// Kinds of values, as bits.
pub const STR: u32 = 1;
pub const INT: u32 = 1 << 1;
pub const FLOAT: u32 = 1 << 2;
pub const BOOL: u32 = 1 << 3;
pub const UNDEF: u32 = 1 << 4;
pub const DEFAULT: u32 = 1 << 5;
pub const REGEXP: u32 = 1 << 6;
pub const ARRAY: u32 = 1 << 7;
pub const HASH: u32 = 1 << 8;
pub const TYPE: u32 = 1 << 9;
pub const RESOURCE: u32 = 1 << 10;
pub const SENSITIVE: u32 = 1 << 11;
pub const OTHER: u32 = 1 << 12;
pub const ALL: u32 = (1 << 13) - 1;

/// The kinds of values a type has (`ALL` when not known).
pub fn kinds(t: &Type, r: &dyn AliasResolver) -> u32 {
    kinds_depth(t, r, 0)
}

fn kinds_depth(t: &Type, r: &dyn AliasResolver, depth: u32) -> u32 {
    if depth > 16 {
        return ALL;
    }
    let k = |t: &Type| kinds_depth(t, r, depth + 1);
    match t {
        Type::Undef => UNDEF,
        Type::Default => DEFAULT,
        Type::Scalar => STR | INT | FLOAT | BOOL | REGEXP | OTHER,
        Type::ScalarData => STR | INT | FLOAT | BOOL,
        Type::Numeric => INT | FLOAT,
        Type::Integer(_) => INT,
        Type::Float(_) => FLOAT,
        Type::String(_) | Type::Enum(_) | Type::Pattern(_) => STR,
        Type::Regexp(_) => REGEXP,
        Type::Boolean(_) => BOOL,
        Type::Array(_) | Type::Tuple(_) => ARRAY,
        Type::Hash(_) | Type::Struct(_) => HASH,
        Type::Collection(_) => ARRAY | HASH,
        Type::Variant(ts) => ts.iter().fold(0, |acc, t| acc | k(t)),
        Type::Optional(Some(t)) => UNDEF | k(t),
        Type::NotUndef(Some(t)) => k(t) & !UNDEF,
        Type::Type(_) => TYPE,
        Type::CatalogEntry | Type::Resource { .. } | Type::Class(_) => RESOURCE,
        Type::Sensitive(_) => SENSITIVE,
        Type::Timespan(_)
        | Type::Timestamp(_)
        | Type::SemVer(_)
        | Type::SemVerRange
        | Type::Binary
        | Type::Uri(_) => OTHER,
        // An Object type's instances are objects (Deferred, Error, a type set's types): never
        // a string, number, boolean, array or hash.
        Type::Object(_) | Type::Iterator(_) => OTHER,
        Type::Alias(name) => match builtin_alias(name).or_else(|| r.resolve(name)) {
            Some(t) => k(&t),
            None => ALL,
        },
        _ => ALL,
    }
}

/// Is the type known exactly from literals?
pub fn is_definite(t: &Type) -> bool {
    match t {
        Type::Undef | Type::Default => true,
        Type::Integer(r) => r.min.is_some() && r.min == r.max,
        Type::Float(r) => r.min.is_some() && r.min == r.max,
        Type::String(s) => s.value.is_some(),
        Type::Boolean(b) => b.is_some(),
        Type::Regexp(p) => p.is_some(),
        Type::Tuple(t) => t.size.is_none() && t.types.iter().all(is_definite),
        // `[]` and `{}`: nothing to know but their size.
        Type::Array(a) => a.size == Some(IntRange::exact(0)),
        Type::Hash(h) => h.size == Some(IntRange::exact(0)),
        Type::Struct(members) => members.iter().all(|m| !m.optional && is_definite(&m.value)),
        _ => false,
    }
}

/// Does the type mention a name the resolver cannot resolve (or a type plint does not model
/// in full)? Then assignability cannot be decided.
pub fn has_unknowns(t: &Type, r: &dyn AliasResolver) -> bool {
    fn walk(t: &Type, r: &dyn AliasResolver, depth: u32) -> bool {
        if depth > 16 {
            return true;
        }
        match t {
            Type::Alias(name) => match builtin_alias(name).or_else(|| r.resolve(name)) {
                Some(t) => walk(&t, r, depth + 1),
                None => true,
            },
            Type::TypeReference(_)
            | Type::Object(_)
            | Type::Runtime { .. }
            | Type::Init(_)
            | Type::Callable(_)
            | Type::TypeSet => true,
            _ => {
                let mut found = false;
                t.for_each_child(&mut |c| found = found || walk(c, r, depth + 1));
                found
            }
        }
    }
    walk(t, r, 0)
}

/// Can a value of type `found` possibly be an instance of `expected`? False only when it
/// certainly cannot (see the module documentation).
pub fn may_match(expected: &Type, found: &Type, r: &dyn AliasResolver) -> bool {
    may_match_with(expected, found, r, &TypeCalculator::new(r))
}

/// [`may_match`] with a calculator that holds `r` (kept for many questions: see
/// [`TypeCalculator::settle`]).
pub fn may_match_with(
    expected: &Type,
    found: &Type,
    r: &dyn AliasResolver,
    calc: &TypeCalculator<'_>,
) -> bool {
    fit_with(expected, found, r, calc) != Fit::No
}

/// How a value of an inferred type fits where a type is expected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fit {
    /// It certainly cannot be an instance (see the module documentation).
    No,
    /// It may be one, or not: the inferred type says too little.
    Maybe,
    /// Every value of the inferred type is one (Puppet's assignability).
    Sure,
}

/// [`may_match_with`], telling a certain match from a possible one (the dispatcher of an
/// overloaded function stops at the first signature that surely accepts the arguments).
pub fn fit_with(
    expected: &Type,
    found: &Type,
    r: &dyn AliasResolver,
    calc: &TypeCalculator<'_>,
) -> Fit {
    let assignable = calc.is_assignable(expected, found);
    calc.settle();
    if assignable {
        return Fit::Sure;
    }
    // A Deferred (or other object) value given where a plain value is expected: not judged
    // here (a deferred value is resolved later, on the agent).
    if matches!(found, Type::Object(_)) {
        return Fit::Maybe;
    }
    let may = if has_unknowns(expected, r) {
        kinds(expected, r) & kinds(found, r) != 0 || kinds(found, r) == ALL
    } else if is_definite(found) {
        false
    } else {
        let f = kinds(found, r);
        f == ALL || kinds(expected, r) & f != 0
    };
    if may { Fit::Maybe } else { Fit::No }
}
