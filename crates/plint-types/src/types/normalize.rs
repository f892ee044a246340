//! Generalization, normalization and the common type of two types (Puppet's type calculator).

use super::{
    ArrayType, CallableType, EnumType, FloatRange, HashType, IntRange, StringType, StructMember,
    TupleType, Type,
    assign::{AliasResolver, TypeCalculator},
};

impl Type {
    /// Calls `f` on each type directly inside this one.
    pub fn for_each_child(&self, f: &mut dyn FnMut(&Type)) {
        match self {
            Type::Array(a) => f(&a.elem),
            Type::Hash(h) => {
                f(&h.key);
                f(&h.value);
            }
            Type::Tuple(t) => t.types.iter().for_each(f),
            Type::Struct(ms) => ms.iter().for_each(|m| f(&m.value)),
            Type::Variant(ts) => ts.iter().for_each(f),
            Type::Optional(Some(t))
            | Type::NotUndef(Some(t))
            | Type::Iterable(Some(t))
            | Type::Iterator(Some(t))
            | Type::Type(Some(t))
            | Type::Init(Some(t))
            | Type::Sensitive(t) => f(t),
            Type::Callable(c) => {
                if let Some(p) = &c.params {
                    p.types.iter().for_each(&mut *f);
                }
                if let Some(b) = &c.block {
                    f(b);
                }
                if let Some(r) = &c.ret {
                    f(r);
                }
            }
            _ => {}
        }
    }

    /// Puppet's `generalize`: drops value-specific parameters (`Integer[1, 1]` -> `Integer`,
    /// `Enum['a', 'bb']` -> `String[1, 2]`, `Array[String, 1]` -> `Array[String]`).
    pub fn generalize(&self) -> Type {
        let g = |t: &Type| Box::new(t.generalize());
        let og = |t: &Option<Box<Type>>| t.as_deref().map(|t| Box::new(t.generalize()));
        match self {
            Type::Integer(_) => Type::integer(),
            Type::Float(_) => Type::float(),
            Type::String(_) => Type::string(),
            Type::Enum(e) => {
                if e.values.is_empty() {
                    Type::string()
                } else {
                    let lens = e.values.iter().map(|v| v.chars().count() as i64);
                    let min = lens.clone().min();
                    let max = lens.max();
                    Type::string_sized(min, max)
                }
            }
            Type::Boolean(_) => Type::Boolean(None),
            Type::Timespan(_) => Type::Timespan(FloatRange::ANY),
            Type::Timestamp(_) => Type::Timestamp(FloatRange::ANY),
            Type::Uri(_) => Type::Uri(None),
            Type::Collection(_) => Type::Collection(None),
            Type::Array(a) => {
                if *a.elem == Type::Any {
                    Type::array_any()
                } else {
                    Type::Array(ArrayType {
                        elem: g(&a.elem),
                        size: None,
                    })
                }
            }
            Type::Hash(h) => {
                let is_default = *h.key == Type::Any && *h.value == Type::Any && h.size.is_none();
                let is_empty = h.size == Some(IntRange::exact(0));
                if is_default || is_empty {
                    self.clone()
                } else {
                    Type::Hash(HashType {
                        key: g(&h.key),
                        value: g(&h.value),
                        size: None,
                    })
                }
            }
            Type::Struct(ms) => Type::Struct(
                ms.iter()
                    .map(|m| StructMember {
                        name: m.name.clone(),
                        optional: m.optional,
                        value: m.value.generalize(),
                    })
                    .collect(),
            ),
            Type::Tuple(t) => Type::Tuple(TupleType {
                types: t.types.iter().map(Type::generalize).collect(),
                size: t.size,
            }),
            Type::Variant(ts) => {
                if ts.is_empty() {
                    self.clone()
                } else {
                    Type::variant(ts.iter().map(Type::generalize).collect())
                }
            }
            Type::Optional(t) => Type::Optional(og(t)),
            Type::NotUndef(t) => Type::NotUndef(og(t)),
            Type::Iterable(t) => Type::Iterable(og(t)),
            Type::Iterator(t) => Type::Iterator(og(t)),
            Type::Type(t) => Type::Type(og(t)),
            Type::Init(t) => Type::Init(og(t)),
            Type::Sensitive(t) => Type::Sensitive(g(t)),
            Type::Callable(c) => Type::Callable(CallableType {
                params: c.params.as_ref().map(|p| TupleType {
                    types: p.types.iter().map(Type::generalize).collect(),
                    size: p.size,
                }),
                block: og(&c.block),
                ret: og(&c.ret),
            }),
            _ => self.clone(),
        }
    }

    /// Puppet's `normalize`: the same set of values, simpler: duplicates removed,
    /// `Variant[Undef, T]` made `Optional[T]`, enums, patterns and adjacent integer ranges of a
    /// variant merged, `NotUndef[T]` dropped where `T` excludes `undef` anyway.
    pub fn normalize(&self, r: &dyn AliasResolver) -> Type {
        self.normalize_with(&TypeCalculator::new(r))
    }

    pub(crate) fn normalize_with(&self, cx: &TypeCalculator<'_>) -> Type {
        let n = |t: &Type| t.normalize_with(cx);
        let accepts_undef =
            |t: &Type| cx.assignable(t, &Type::Undef, &mut super::assign::Guard::default());
        match self {
            Type::NotUndef(None) | Type::Optional(None) => self.clone(),
            Type::NotUndef(Some(t)) => match n(t) {
                Type::Optional(inner) => Type::NotUndef(inner).normalize_with(cx),
                nt if !accepts_undef(&nt) => nt,
                nt => Type::NotUndef(Some(Box::new(nt))),
            },
            Type::Optional(Some(t)) => match n(t) {
                Type::NotUndef(inner) => Type::Optional(inner).normalize_with(cx),
                nt if accepts_undef(&nt) => nt,
                nt => Type::Optional(Some(Box::new(nt))),
            },
            Type::Type(Some(t)) => Type::Type(Some(Box::new(n(t)))),
            Type::Iterable(Some(t)) => Type::Iterable(Some(Box::new(n(t)))),
            Type::Iterator(Some(t)) => Type::Iterator(Some(Box::new(n(t)))),
            Type::Init(Some(t)) => Type::Init(Some(Box::new(n(t)))),
            Type::Sensitive(t) => Type::Sensitive(Box::new(n(t))),
            Type::Collection(_) => Type::Collection(None),
            Type::Array(a) => {
                if *a.elem == Type::Any {
                    Type::array_any()
                } else {
                    Type::Array(ArrayType {
                        elem: Box::new(n(&a.elem)),
                        size: a.size,
                    })
                }
            }
            Type::Hash(h) => {
                let is_default = *h.key == Type::Any && *h.value == Type::Any && h.size.is_none();
                let is_empty = h.size == Some(IntRange::exact(0));
                if is_default || is_empty {
                    self.clone()
                } else {
                    Type::Hash(HashType {
                        key: Box::new(n(&h.key)),
                        value: Box::new(n(&h.value)),
                        size: h.size,
                    })
                }
            }
            Type::Struct(ms) => Type::Struct(
                ms.iter()
                    .map(|m| StructMember {
                        name: m.name.clone(),
                        optional: m.optional,
                        value: n(&m.value),
                    })
                    .collect(),
            ),
            Type::Tuple(t) => Type::Tuple(TupleType {
                types: t.types.iter().map(n).collect(),
                size: t.size,
            }),
            Type::Callable(c) => Type::Callable(CallableType {
                params: c.params.as_ref().map(|p| TupleType {
                    types: p.types.iter().map(n).collect(),
                    size: p.size,
                }),
                block: c.block.as_deref().map(|b| Box::new(n(b))),
                ret: c.ret.as_deref().map(|b| Box::new(n(b))),
            }),
            Type::Variant(ts) => normalize_variant(ts, cx),
            _ => self.clone(),
        }
    }
}

fn normalize_variant(ts: &[Type], cx: &TypeCalculator<'_>) -> Type {
    if ts.is_empty() {
        return Type::Variant(Vec::new());
    }
    let types: Vec<Type> = ts.iter().map(|t| t.normalize_with(cx)).collect();
    if types.len() == 1 {
        return types.into_iter().next().unwrap_or(Type::Any);
    }
    if types
        .iter()
        .any(|t| matches!(t, Type::Undef | Type::Optional(_)))
    {
        let rest: Vec<Type> = types
            .into_iter()
            .filter(|t| *t != Type::Undef)
            .map(|t| match t {
                Type::Optional(Some(inner)) => *inner,
                Type::Optional(None) => Type::Any,
                t => t,
            })
            .collect();
        return Type::Optional(Some(Box::new(Type::variant(rest)))).normalize_with(cx);
    }
    // Flatten nested variants.
    let mut flat: Vec<Type> = Vec::with_capacity(types.len());
    for t in types {
        match t {
            Type::Variant(inner) => flat.extend(inner),
            t => flat.push(t),
        }
    }
    let modified = flat.as_slice() != ts;
    let size_before_merge = flat.len();
    let mut types = swap_not_undefs(flat, cx);
    types = merge_enums(types);
    types = merge_patterns(types);
    types = merge_ranges(types, true);
    types = merge_ranges(types, false);
    if types.len() == 1 {
        return types.into_iter().next().unwrap_or(Type::Any);
    }
    if !modified && types.len() == size_before_merge {
        // Nothing merged: Puppet keeps the variant as it was (in its order).
        return Type::Variant(ts.to_vec());
    }
    Type::variant(types)
}

fn swap_not_undefs(types: Vec<Type>, cx: &TypeCalculator<'_>) -> Vec<Type> {
    if types
        .iter()
        .filter(|t| matches!(t, Type::NotUndef(_)))
        .count()
        < 2
    {
        return types;
    }
    let (nus, mut others): (Vec<Type>, Vec<Type>) = types
        .into_iter()
        .partition(|t| matches!(t, Type::NotUndef(_)));
    if nus.len() > 1 {
        let inner: Vec<Type> = nus
            .into_iter()
            .map(|t| match t {
                Type::NotUndef(Some(i)) => *i,
                _ => Type::Any,
            })
            .collect();
        others.push(Type::NotUndef(Some(Box::new(
            Type::variant(inner).normalize_with(cx),
        ))));
    }
    others
}

fn merge_enums(types: Vec<Type>) -> Vec<Type> {
    let mut array = types;
    let sensitive = |t: &Type| match t {
        Type::Enum(e) => !e.values.is_empty() && !e.case_insensitive,
        Type::String(s) => s.value.is_some(),
        _ => false,
    };
    if array.iter().filter(|t| sensitive(t)).count() > 1 {
        let (enums, mut others): (Vec<Type>, Vec<Type>) = array.into_iter().partition(sensitive);
        {
            let mut values = Vec::new();
            for e in enums {
                match e {
                    Type::Enum(e) => values.extend(e.values),
                    Type::String(StringType { value: Some(v), .. }) => values.push(v),
                    _ => {}
                }
            }
            others.push(Type::Enum(EnumType::new(values, false)));
            array = others;
        }
    }
    let insensitive =
        |t: &Type| matches!(t, Type::Enum(e) if !e.values.is_empty() && e.case_insensitive);
    if array.iter().filter(|t| insensitive(t)).count() > 1 {
        let (enums, mut others): (Vec<Type>, Vec<Type>) = array.into_iter().partition(insensitive);
        {
            let mut values = Vec::new();
            for e in enums {
                if let Type::Enum(e) = e {
                    values.extend(e.values.iter().map(|v| v.to_lowercase()));
                }
            }
            others.push(Type::Enum(EnumType::new(values, true)));
        }
        array = others;
    }
    array
}

fn merge_patterns(types: Vec<Type>) -> Vec<Type> {
    if types
        .iter()
        .filter(|t| matches!(t, Type::Pattern(_)))
        .count()
        < 2
    {
        return types;
    }
    let (pats, mut others): (Vec<Type>, Vec<Type>) = types
        .into_iter()
        .partition(|t| matches!(t, Type::Pattern(_)));
    if pats.len() > 1 {
        let mut all: Vec<String> = Vec::new();
        for p in pats {
            if let Type::Pattern(ps) = p {
                for p in ps {
                    if !all.contains(&p) {
                        all.push(p);
                    }
                }
            }
        }
        others.push(Type::Pattern(all));
    }
    others
}

/// Merges intersecting (and, for integers, adjacent) ranges; merged ranges come first.
fn merge_ranges(types: Vec<Type>, integers: bool) -> Vec<Type> {
    let is_kind = |t: &Type| {
        if integers {
            matches!(t, Type::Integer(_))
        } else {
            matches!(t, Type::Float(_))
        }
    };
    if types.iter().filter(|t| is_kind(t)).count() < 2 {
        return types;
    }
    let (mut ranges, others): (Vec<Type>, Vec<Type>) = types.into_iter().partition(is_kind);
    let mut result = Vec::new();
    while let Some(x) = ranges.pop() {
        let mut memo = x;
        let mut unmerged = Vec::new();
        for y in ranges.drain(..) {
            match merge_range(&memo, &y) {
                Some(m) => memo = m,
                None => unmerged.push(y),
            }
        }
        result.push(memo);
        ranges = unmerged;
    }
    result.extend(others);
    result
}

fn merge_range(a: &Type, b: &Type) -> Option<Type> {
    match (a, b) {
        (Type::Integer(x), Type::Integer(y)) => {
            let intersect = !(x.hi() < y.lo() || y.hi() < x.lo());
            let adjacent = (x.max.is_some() && x.hi() + 1 == y.lo())
                || (y.max.is_some() && y.hi() + 1 == x.lo());
            (intersect || adjacent).then(|| {
                Type::Integer(IntRange {
                    min: if x.lo() <= y.lo() { x.min } else { y.min },
                    max: if x.hi() >= y.hi() { x.max } else { y.max },
                })
            })
        }
        (Type::Float(x), Type::Float(y)) => {
            let intersect = !(x.hi() < y.lo() || y.hi() < x.lo());
            intersect.then(|| {
                Type::Float(FloatRange {
                    min: if x.lo() <= y.lo() { x.min } else { y.min },
                    max: if x.hi() >= y.hi() { x.max } else { y.max },
                })
            })
        }
        _ => None,
    }
}

/// Puppet's `common_type`: the most specific type both `a` and `b` are assignable to
/// (used to type the elements of an array literal, the branches of a conditional...).
pub fn common_type(a: &Type, b: &Type, r: &dyn AliasResolver) -> Type {
    let cx = TypeCalculator::new(r);
    common_with(a, b, &cx)
}

pub fn common_with(a: &Type, b: &Type, cx: &TypeCalculator<'_>) -> Type {
    let common = common_with;
    let asg = |x: &Type, y: &Type| cx.assignable(x, y, &mut super::assign::Guard::default());
    if *a == Type::Undef {
        return b.clone();
    }
    if *b == Type::Undef {
        return a.clone();
    }
    if *a == Type::Unit {
        return b.clone();
    }
    if *b == Type::Unit {
        return a.clone();
    }
    // A type is assignable to itself: the common type of two equal ones is either.
    if a == b {
        return a.clone();
    }
    if asg(a, b) {
        return a.clone();
    }
    if asg(b, a) {
        return b.clone();
    }
    match (a, b) {
        (Type::Array(x), Type::Array(y)) => {
            return Type::array(common(&x.elem, &y.elem, cx), None);
        }
        (Type::Hash(x), Type::Hash(y)) => {
            return Type::hash(
                common(&x.key, &y.key, cx),
                common(&x.value, &y.value, cx),
                None,
            );
        }
        (Type::Class(_), Type::Class(_)) => return Type::Class(None),
        (Type::Resource { type_name: x, .. }, Type::Resource { type_name: y, .. }) => {
            return if x == y {
                Type::Resource {
                    type_name: x.clone(),
                    title: None,
                }
            } else {
                Type::Resource {
                    type_name: None,
                    title: None,
                }
            };
        }
        (Type::Integer(x), Type::Integer(y)) => {
            return Type::Integer(IntRange {
                min: if x.lo() <= y.lo() { x.min } else { y.min },
                max: if x.hi() >= y.hi() { x.max } else { y.max },
            });
        }
        (Type::Float(x), Type::Float(y)) => {
            return Type::Float(FloatRange {
                min: if x.lo() <= y.lo() { x.min } else { y.min },
                max: if x.hi() >= y.hi() { x.max } else { y.max },
            });
        }
        (Type::String(x), Type::Enum(y)) => {
            return match &x.value {
                None => Type::Enum(EnumType::default()),
                Some(v) => {
                    let mut vs = y.values.clone();
                    vs.push(v.clone());
                    Type::Enum(EnumType::new(vs, false))
                }
            };
        }
        (Type::String(x), Type::String(y)) => {
            return match (x.size, y.size) {
                (Some(xs), Some(ys)) => Type::String(StringType {
                    size: Some(IntRange {
                        min: if xs.lo() <= ys.lo() { xs.min } else { ys.min },
                        max: if xs.hi() >= ys.hi() { xs.max } else { ys.max },
                    }),
                    value: None,
                }),
                _ => match (&x.value, &y.value) {
                    (Some(v1), Some(v2)) => {
                        Type::Enum(EnumType::new(vec![v1.clone(), v2.clone()], false))
                    }
                    _ => Type::string(),
                },
            };
        }
        (Type::Pattern(x), Type::Pattern(y)) => {
            let mut all = x.clone();
            for p in y {
                if !all.contains(p) {
                    all.push(p.clone());
                }
            }
            return Type::Pattern(all);
        }
        (Type::Enum(x), Type::Enum(y)) => {
            let mut vs = x.values.clone();
            vs.extend(y.values.iter().cloned());
            return Type::Enum(EnumType::new(vs, false));
        }
        (Type::Enum(x), Type::String(y)) => {
            return match &y.value {
                None => Type::Enum(EnumType::default()),
                Some(v) => {
                    let mut vs = x.values.clone();
                    vs.push(v.clone());
                    Type::Enum(EnumType::new(vs, false))
                }
            };
        }
        (Type::Variant(x), Type::Variant(y)) => {
            let mut all = x.clone();
            all.extend(y.iter().cloned());
            return Type::variant(all);
        }
        (Type::Regexp(_), Type::Regexp(_)) => return Type::Regexp(None),
        (Type::Callable(_), Type::Callable(_)) => {
            return Type::Callable(CallableType::default());
        }
        _ => {}
    }
    let both = |t: &Type| asg(t, a) && asg(t, b);
    if both(&Type::Numeric) {
        return Type::Numeric;
    }
    if both(&Type::ScalarData) {
        return Type::ScalarData;
    }
    if both(&Type::Scalar) {
        return Type::Scalar;
    }
    if both(&Type::data()) {
        return Type::data();
    }
    if let (Type::Type(x), Type::Type(y)) = (a, b) {
        let inner = match (x, y) {
            (Some(x), Some(y)) => Some(Box::new(common(x, y, cx))),
            _ => None,
        };
        return Type::Type(inner);
    }
    if both(&Type::rich_data()) {
        return Type::rich_data();
    }
    Type::Any
}
