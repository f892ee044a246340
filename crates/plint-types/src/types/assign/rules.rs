//! The assignability rules of the types with parameters (`Enum`, `Pattern`, `Array`, `Hash`,
//! `Struct`, `Iterable`, `Callable`, the scalar kinds...), which [`TypeCalculator`]'s `rule`
//! dispatches to.

use super::*;

impl TypeCalculator<'_> {
    /// `Scalar`: a scalar kind, or what one of the scalar types accepts.
    pub(super) fn scalar_rule(&self, from: &Type, g: &mut Guard) -> bool {
        is_scalar_kind(from)
            || self.any_of(
                &[
                    Type::string(),
                    Type::integer(),
                    Type::float(),
                    Type::Boolean(None),
                    Type::Regexp(None),
                    Type::SemVer(Vec::new()),
                    Type::SemVerRange,
                    Type::Timespan(crate::types::FloatRange::ANY),
                    Type::Timestamp(crate::types::FloatRange::ANY),
                ],
                from,
                g,
            )
    }

    /// `ScalarData`: a scalar data kind, or what one of its types accepts.
    pub(super) fn scalar_data_rule(&self, from: &Type, g: &mut Guard) -> bool {
        is_scalar_data_kind(from)
            || self.any_of(
                &[
                    Type::string(),
                    Type::integer(),
                    Type::float(),
                    Type::Boolean(None),
                ],
                from,
                g,
            )
    }

    /// `Enum[...]`.
    pub(super) fn enum_rule(&self, e: &EnumType, to: &Type, from: &Type) -> bool {
        if to == from {
            return true;
        }
        if e.values.is_empty() && matches!(from, Type::String(_) | Type::Enum(_) | Type::Pattern(_))
        {
            return true;
        }
        match from {
            Type::String(s) => s.value.as_deref().is_some_and(|v| e.has(v)),
            Type::Enum(o) => {
                !o.values.is_empty()
                    && (e.case_insensitive || !o.case_insensitive)
                    && o.values.iter().all(|v| e.has(v))
            }
            _ => false,
        }
    }

    /// `Pattern[...]`: strings and enums whose values a pattern matches.
    pub(super) fn pattern_rule(&self, ps: &[String], from: &Type) -> bool {
        if let Type::Pattern(os) = from
            && os.len() == ps.len()
            && ps.iter().all(|p| os.contains(p))
        {
            return true;
        }
        match from {
            Type::String(s) => match &s.value {
                None => ps.is_empty(),
                Some(v) => ps.is_empty() || ps.iter().any(|p| self.regex_matches(p, v)),
            },
            Type::Enum(e) => {
                if e.values.is_empty() {
                    ps.is_empty()
                } else {
                    ps.is_empty()
                        || e.values
                            .iter()
                            .all(|v| ps.iter().any(|p| self.regex_matches(p, v)))
                }
            }
            Type::Pattern(_) => ps.is_empty(),
            _ => false,
        }
    }

    /// `Array[T, min, max]`: arrays and tuples of fitting size and elements.
    pub(super) fn array_rule(&self, a: &ArrayType, from: &Type, g: &mut Guard) -> bool {
        match from {
            Type::Tuple(t) => {
                let size_s = a.size.unwrap_or(IntRange::SIZE);
                let size_o = t.size.unwrap_or(IntRange::exact(t.types.len() as i64));
                size_s.contains_range(size_o)
                    && t.types.iter().all(|ot| self.assignable(&a.elem, ot, g))
            }
            Type::Array(o) => {
                a.size
                    .unwrap_or(IntRange::SIZE)
                    .contains_range(o.size.unwrap_or(IntRange::SIZE))
                    && self.assignable(&a.elem, &o.elem, g)
            }
            _ => false,
        }
    }

    /// `Hash[K, V, min, max]`: hashes and structs of fitting size, keys and values.
    pub(super) fn hash_rule(&self, h: &HashType, from: &Type, g: &mut Guard) -> bool {
        match from {
            Type::Hash(o) => {
                let is_empty_hash = o.size == Some(IntRange::exact(0))
                    && *o.key == Type::Unit
                    && *o.value == Type::Unit;
                if h.size.is_none_or(|s| s.min == Some(0)) && is_empty_hash {
                    return true;
                }
                self.assignable(&h.key, &o.key, g)
                    && self.assignable(&h.value, &o.value, g)
                    && h.size
                        .unwrap_or(IntRange::SIZE)
                        .contains_range(o.size.unwrap_or(IntRange::SIZE))
            }
            Type::Struct(ms) => {
                h.size.unwrap_or(IntRange::SIZE).contains(ms.len() as i128)
                    && ms.iter().all(|m| {
                        self.assignable(&h.key, &Type::string_value(m.name.clone()), g)
                            && self.assignable(&h.value, &m.value, g)
                    })
            }
            _ => false,
        }
    }

    /// `Struct[{...}]`: structs with the same keys (a required one not optional), and hashes.
    pub(super) fn struct_rule(&self, ms: &[StructMember], from: &Type, g: &mut Guard) -> bool {
        match from {
            Type::Struct(os) => {
                let mut matched = 0;
                for m in ms {
                    match os.iter().find(|o| o.name == m.name) {
                        None => {
                            if !self.member_optional(m) {
                                return false;
                            }
                        }
                        Some(o) => {
                            matched += 1;
                            // A required key does not accept an optional one.
                            if (!self.member_optional(m) && self.member_optional(o))
                                || !self.assignable(&m.value, &o.value, g)
                            {
                                return false;
                            }
                        }
                    }
                }
                matched == os.len()
            }
            Type::Hash(h) => {
                let mut required = 0i64;
                for m in ms {
                    if self.member_optional(m) {
                        continue;
                    }
                    required += 1;
                    if !self.assignable(&m.value, &h.value, g)
                        || !self.assignable(&Type::string(), &h.key, g)
                    {
                        return false;
                    }
                }
                IntRange::new(Some(required), Some(ms.len() as i64))
                    .contains_range(h.size.unwrap_or(IntRange::SIZE))
            }
            _ => false,
        }
    }

    /// `Iterable[T]`.
    pub(super) fn iterable_rule(&self, t: &Option<Box<Type>>, from: &Type, g: &mut Guard) -> bool {
        let any_elem = t
            .as_deref()
            .is_none_or(|t| self.assignable(t, &Type::Any, g));
        if any_elem {
            self.is_iterable_kind(from)
        } else {
            match self.iterable_elem(from) {
                Some(Some(elem)) => t.as_deref().is_some_and(|t| self.assignable(t, &elem, g)),
                _ => false,
            }
        }
    }

    /// `Callable[...]`: callables whose parameters accept these (contravariant), and whose return and block fit.
    pub(super) fn callable_rule(&self, c: &CallableType, from: &Type, g: &mut Guard) -> bool {
        let Type::Callable(o) = from else {
            return false;
        };
        if let Some(r) = &c.ret
            && !self.assignable(r, o.ret.as_deref().unwrap_or(&Type::Any), g)
        {
            return false;
        }
        let Some(params) = &c.params else {
            return true;
        };
        let Some(oparams) = &o.params else {
            return false;
        };
        let pt = Type::Tuple(params.clone());
        let opt = Type::Tuple(oparams.clone());
        if !self.assignable(&opt, &pt, g) {
            return false;
        }
        let this_block = c.block.as_deref().unwrap_or(&Type::Undef);
        let that_block = o.block.as_deref().unwrap_or(&Type::Undef);
        self.assignable(that_block, this_block, g)
    }
}

/// What the `new` function of `t` accepts as its one argument (besides a `t`), for the types
/// whose conversions are common in manifests; `None` for the others.
pub(super) fn init_convertible(t: &Type) -> Option<Type> {
    const INT: &str = r"\A[+-]?\s*(?:(?:\d+)|(?:0[xX][0-9A-Fa-f]+)|(?:0[bB][01]+))\z";
    const FLOAT: &str = r"\A[+-]?\s*(?:(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE]-?\d+)?|(?:0[xX][0-9A-Fa-f]+)|(?:0[0-7]+)|(?:0[bB][01]+))\z";
    let time = || {
        vec![
            Type::Timespan(crate::types::FloatRange::ANY),
            Type::Timestamp(crate::types::FloatRange::ANY),
        ]
    };
    let mut v = match t {
        Type::Integer(_) => vec![
            Type::Numeric,
            Type::Boolean(None),
            Type::Pattern(vec![INT.into()]),
        ],
        Type::Float(_) => vec![
            Type::Numeric,
            Type::Boolean(None),
            Type::Pattern(vec![FLOAT.into()]),
        ],
        Type::Numeric => vec![
            Type::integer(),
            Type::float(),
            Type::Boolean(None),
            Type::Pattern(vec![FLOAT.into()]),
        ],
        Type::Boolean(_) => {
            let words = ["false", "true", "yes", "no", "y", "n"];
            return Some(Type::variant(vec![
                Type::integer(),
                Type::float(),
                Type::Boolean(None),
                Type::Enum(super::EnumType::new(
                    words.iter().map(|w| w.to_string()).collect(),
                    true,
                )),
            ]));
        }
        Type::String(_) | Type::Hash(_) => return Some(Type::Any),
        Type::Array(_) => {
            return Some(Type::variant(vec![
                Type::array_any(),
                Type::hash_any(),
                Type::Binary,
                Type::Iterable(None),
            ]));
        }
        _ => return None,
    };
    v.extend(time());
    Some(Type::variant(v))
}

/// Puppet's class hierarchy under `PScalarType`.
pub(super) fn is_scalar_kind(t: &Type) -> bool {
    is_scalar_data_kind(t)
        || matches!(
            t,
            Type::Scalar
                | Type::Regexp(_)
                | Type::SemVer(_)
                | Type::Timespan(_)
                | Type::Timestamp(_)
        )
}

/// Puppet's class hierarchy under `PScalarDataType`.
pub(super) fn is_scalar_data_kind(t: &Type) -> bool {
    matches!(
        t,
        Type::ScalarData
            | Type::Enum(_)
            | Type::Numeric
            | Type::Integer(_)
            | Type::Float(_)
            | Type::String(_)
            | Type::Pattern(_)
            | Type::Boolean(_)
    )
}

pub(super) fn collection_rule(size: IntRange, from: &Type) -> bool {
    match from {
        Type::Collection(o) => size.contains_range(o.unwrap_or(IntRange::SIZE)),
        Type::Array(a) => size.contains_range(a.size.unwrap_or(IntRange::SIZE)),
        Type::Hash(h) => size.contains_range(h.size.unwrap_or(IntRange::SIZE)),
        Type::Tuple(t) => {
            size.contains_range(t.size.unwrap_or(IntRange::exact(t.types.len() as i64)))
        }
        Type::Struct(ms) => size.contains_range(IntRange::exact(ms.len() as i64)),
        _ => false,
    }
}

pub(super) fn string_rule(s: &StringType, from: &Type) -> bool {
    if let Some(size) = s.size {
        match from {
            Type::String(o) => size.contains_range(o.derived_size()),
            Type::Enum(e) => {
                if e.values.is_empty() {
                    size.contains_range(IntRange::SIZE)
                } else {
                    let lens = e.values.iter().map(|v| v.chars().count() as i128);
                    let min = lens.clone().min().unwrap_or(0);
                    let max = lens.max().unwrap_or(0);
                    size.lo() <= min && size.hi() >= max
                }
            }
            Type::Pattern(_) => size.contains_range(IntRange::SIZE),
            _ => false,
        }
    } else {
        match from {
            Type::String(o) => s.value.is_none() || (s.value == o.value && o.size.is_none()),
            Type::Enum(e) => s.value.is_none() || (e.values.len() == 1 && !e.case_insensitive),
            Type::Pattern(_) => s.value.is_none(),
            _ => false,
        }
    }
}
