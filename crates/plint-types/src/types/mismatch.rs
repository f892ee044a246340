//! Why a type is not assignable, in Puppet's words (its `TypeMismatchDescriber`):
//! `parameter 'port' expects an Integer value, got String`,
//! `expects a value of type Undef or String, got Integer`,
//! `entry 'a' expects a value for key 'b'`, `expects size to be at least 1, got 0`.

use super::{
    ArrayType, CallableType, HashType, IntRange, StructMember, TupleType, Type, TypeCalculator,
    display::expanded_string,
};

/// Where in the expected type a mismatch is.
#[derive(Debug, Clone, PartialEq)]
enum Elem {
    Subject(String),
    EntryValue(String),
    EntryKey(String),
    Index(usize),
    Variant(usize),
    Return,
    Block,
}

impl Elem {
    fn text(&self) -> String {
        match self {
            Elem::Subject(s) => s.clone(),
            Elem::EntryValue(k) => format!("entry '{k}'"),
            Elem::EntryKey(k) => format!("key of entry '{k}'"),
            Elem::Index(i) => format!("index {i}"),
            Elem::Variant(i) => format!("variant {i}"),
            Elem::Return => "return".into(),
            Elem::Block => "block".into(),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Kind {
    MissingKey(String),
    ExtraneousKey(String),
    UnresolvedReference(String),
    /// `expected`, `actual` are normalized.
    Type {
        expected: Type,
        actual: Type,
        pattern: bool,
    },
    Size {
        expected: IntRange,
        actual: IntRange,
        count: bool,
    },
}

#[derive(Debug, Clone)]
struct Mismatch {
    path: Vec<Elem>,
    kind: Kind,
}

impl Mismatch {
    fn canonical_path(&self) -> Vec<&Elem> {
        self.path
            .iter()
            .filter(|e| !matches!(e, Elem::Variant(_)))
            .collect()
    }

    /// Puppet's `uniq` on mismatches: only those without an expected/actual pair (and, by a
    /// quirk of Puppet's equality, no key) compare equal.
    fn same(&self, o: &Mismatch) -> bool {
        match (&self.kind, &o.kind) {
            (Kind::UnresolvedReference(a), Kind::UnresolvedReference(b)) => {
                a == b && self.canonical_path() == o.canonical_path()
            }
            _ => false,
        }
    }

    fn format(&self, cx: &TypeCalculator<'_>) -> String {
        let position = if self.path.is_empty() {
            String::new()
        } else {
            format!(
                " {}",
                self.path
                    .iter()
                    .map(Elem::text)
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        };
        match &self.kind {
            Kind::MissingKey(k) => format!("{position} expects a value for key '{k}'"),
            Kind::ExtraneousKey(k) => format!("{position} unrecognized key '{k}'"),
            Kind::UnresolvedReference(n) => {
                format!("{position} references an unresolved type '{n}'")
            }
            Kind::Size {
                expected,
                actual,
                count,
            } => {
                if *count {
                    let min = expected.min.unwrap_or(0);
                    let max = expected.max;
                    let plural = !((min == 1 && (max == Some(1) || max.is_none()))
                        || (min == 0 && max == Some(1)));
                    format!(
                        "{position} expects {} argument{}, got {}",
                        range_text(*expected, "no"),
                        if plural { "s" } else { "" },
                        range_text(*actual, "none")
                    )
                } else {
                    format!(
                        "{position} expects size to be {}, got {}",
                        range_text(*expected, "0"),
                        range_text(*actual, "0")
                    )
                }
            }
            Kind::Type {
                expected,
                actual,
                pattern: true,
            } => {
                let (e, pfx) = match expected {
                    Type::Optional(Some(inner)) => ((**inner).clone(), "an undef value or "),
                    e => (e.clone(), ""),
                };
                let a = match actual {
                    Type::String(s) if s.value.is_some() => {
                        format!("'{}'", s.value.as_deref().unwrap_or(""))
                    }
                    a => short_name(a),
                };
                format!(
                    "{position} expects {pfx}a match for {}, got {a}",
                    expanded_string(&e, cx)
                )
            }
            Kind::Type {
                expected, actual, ..
            } => type_message(&position, expected, actual, cx),
        }
    }
}

fn range_text(r: IntRange, zero: &str) -> String {
    let min = r.lo().max(0);
    let max = r.hi();
    if min == max {
        if min == 0 {
            zero.to_string()
        } else {
            min.to_string()
        }
    } else if min == 0 {
        if r.max.is_none() {
            "unlimited".into()
        } else {
            format!("at most {max}")
        }
    } else if r.max.is_none() {
        format!("at least {min}")
    } else {
        format!("between {min} and {max}")
    }
}

/// Puppet's `name` of a type in messages.
fn label_name(t: &Type) -> &str {
    match t {
        Type::TypeSet => "DefaultTypeSet",
        t => t.name(),
    }
}

/// Puppet's `short_name`: the type's name, with the name of a contained type.
fn short_name(t: &Type) -> String {
    let inner = match t {
        Type::Type(Some(i))
        | Type::NotUndef(Some(i))
        | Type::Optional(Some(i))
        | Type::Iterable(Some(i))
        | Type::Iterator(Some(i))
        | Type::Init(Some(i)) => Some(&**i),
        Type::Sensitive(i) => Some(&**i),
        _ => None,
    };
    match inner {
        Some(i) if *i != Type::Any => format!("{}[{}]", label_name(t), label_name(i)),
        _ => label_name(t).to_string(),
    }
}

fn a_an(s: &str) -> String {
    let mut chars = s.chars();
    let mut c = chars.next();
    if matches!(c, Some('"' | '\'')) {
        c = chars.next();
    }
    let vowel = c.is_some_and(|c| "aeiouy".contains(c.to_ascii_lowercase()));
    format!("{} {s}", if vowel { "an" } else { "a" })
}

/// Same kind of type (Puppet's `e.class == a.class`).
fn same_class(a: &Type, b: &Type) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

/// The unparameterized type of `t`'s class (Puppet's `t.class::DEFAULT`).
fn default_of(t: &Type) -> Type {
    match t {
        Type::Integer(_) => Type::integer(),
        Type::Float(_) => Type::float(),
        Type::String(_) => Type::string(),
        Type::Enum(_) => Type::Enum(Default::default()),
        Type::Pattern(_) => Type::Pattern(Vec::new()),
        Type::Regexp(_) => Type::Regexp(None),
        Type::Boolean(_) => Type::Boolean(None),
        Type::Array(_) => Type::array_any(),
        Type::Hash(_) => Type::hash_any(),
        Type::Collection(_) => Type::Collection(None),
        Type::Tuple(_) => Type::Tuple(TupleType::default()),
        Type::Struct(_) => Type::Struct(Vec::new()),
        Type::Variant(_) => Type::Variant(Vec::new()),
        Type::Optional(_) => Type::Optional(None),
        Type::NotUndef(_) => Type::NotUndef(None),
        Type::Iterable(_) => Type::Iterable(None),
        Type::Iterator(_) => Type::Iterator(None),
        Type::Type(_) => Type::Type(None),
        Type::Callable(_) => Type::Callable(CallableType::default()),
        Type::Resource { .. } => Type::Resource {
            type_name: None,
            title: None,
        },
        Type::Class(_) => Type::Class(None),
        Type::Sensitive(_) => Type::Sensitive(Box::new(Type::Any)),
        Type::Timespan(_) => Type::Timespan(Default::default()),
        Type::Timestamp(_) => Type::Timestamp(Default::default()),
        Type::SemVer(_) => Type::SemVer(Vec::new()),
        Type::Init(_) => Type::Init(None),
        Type::Uri(_) => Type::Uri(None),
        Type::Object(_) => Type::Object(None),
        Type::Runtime { .. } => Type::Runtime {
            runtime: None,
            name: None,
        },
        t => t.clone(),
    }
}

fn type_message(position: &str, expected: &Type, actual: &Type, cx: &TypeCalculator<'_>) -> String {
    let (e, optional) = match expected {
        Type::Optional(Some(inner)) => ((**inner).clone(), true),
        e => (e.clone(), false),
    };
    let es: Vec<Type> = match &e {
        Type::Variant(ts) => ts.clone(),
        e => vec![e.clone()],
    };
    let is_list = matches!(e, Type::Variant(_));
    let resolved = |t: &Type| -> Type {
        let mut t = t.clone();
        for _ in 0..32 {
            match &t {
                Type::Alias(n) => match cx.resolve_alias(n) {
                    Some(r) => t = r,
                    None => break,
                },
                _ => break,
            }
        }
        t
    };
    let always_detailed = |e: &Type, a: &Type| {
        same_class(e, a)
            || matches!(e, Type::Alias(_))
            || matches!(a, Type::Alias(_))
            || matches!(
                (e, a),
                (Type::Struct(_), Type::Hash(_)) | (Type::Tuple(_), Type::Array(_))
            )
    };
    let assignable_to_default = |e: &Type, a: &Type| cx.is_assignable(&default_of(&resolved(e)), a);
    let detailed = es
        .iter()
        .any(|t| always_detailed(t, actual) || assignable_to_default(t, actual));
    let (mut names, a_text): (Vec<String>, String) = if detailed {
        let er: Vec<Type> = es.iter().map(resolved).collect();
        let a_text = if er.iter().any(|t| always_detailed(t, actual))
            || es.iter().any(|t| cx.is_assignable(t, &actual.generalize()))
        {
            expanded_string(actual, cx)
        } else {
            actual.name().to_string()
        };
        (es.iter().map(|t| expanded_string(t, cx)).collect(), a_text)
    } else {
        let mut names: Vec<String> = Vec::new();
        for t in &es {
            let n = short_name(t);
            if !names.contains(&n) {
                names.push(n);
            }
        }
        (names, short_name(actual))
    };
    let multi;
    let e_text = if is_list {
        if optional {
            names.insert(0, "Undef".into());
        }
        multi = names.len() > 1;
        match names.len() {
            1 => names.remove(0),
            2 => format!("{} or {}", names[0], names[1]),
            n => format!("{}, or {}", names[..n - 1].join(", "), names[n - 1]),
        }
    } else {
        let n = names.remove(0);
        multi = optional;
        if optional { format!("Undef or {n}") } else { n }
    };
    if multi {
        format!("{position} expects a value of type {e_text}, got {a_text}")
    } else {
        format!("{position} expects {} value, got {a_text}", a_an(&e_text))
    }
}

struct Describer<'a, 'r> {
    cx: &'a TypeCalculator<'r>,
    /// Nesting of `describe` (bounded: aliases may refer to each other).
    depth: std::cell::Cell<u32>,
}

impl Describer<'_, '_> {
    fn type_mismatch(
        &self,
        path: &[Elem],
        expected: &Type,
        actual: &Type,
        pattern: bool,
    ) -> Mismatch {
        Mismatch {
            path: path.to_vec(),
            kind: Kind::Type {
                expected: self.cx.normalize(expected),
                actual: self.cx.normalize(actual),
                pattern,
            },
        }
    }

    fn size(&self, path: &[Elem], expected: IntRange, actual: IntRange, count: bool) -> Mismatch {
        Mismatch {
            path: path.to_vec(),
            kind: Kind::Size {
                expected,
                actual,
                count,
            },
        }
    }

    fn unresolved(&self, t: &Type) -> Option<String> {
        let mut found = None;
        let mut todo = vec![t.clone()];
        let mut seen = std::collections::HashSet::new();
        while let Some(t) = todo.pop() {
            match &t {
                Type::Alias(n) => {
                    let lc = n.to_ascii_lowercase();
                    if !seen.insert(lc.clone()) {
                        continue;
                    }
                    match self.cx.resolve_alias(&lc) {
                        Some(r) => todo.push(r),
                        None => {
                            found = Some(n.clone());
                            break;
                        }
                    }
                }
                Type::TypeReference(n) => {
                    found = Some(n.clone());
                    break;
                }
                t => t.for_each_child(&mut |c| todo.push(c.clone())),
            }
        }
        found
    }

    fn describe(&self, expected: &Type, actual: &Type, path: &[Elem]) -> Vec<Mismatch> {
        if self.depth.get() > 100 {
            return Vec::new();
        }
        self.depth.set(self.depth.get() + 1);
        let out = self.describe_inner(expected, actual, path);
        self.depth.set(self.depth.get() - 1);
        out
    }

    fn describe_inner(&self, expected: &Type, actual: &Type, path: &[Elem]) -> Vec<Mismatch> {
        if let Some(n) = self.unresolved(expected) {
            return vec![Mismatch {
                path: path.to_vec(),
                kind: Kind::UnresolvedReference(n),
            }];
        }
        self.internal(&self.cx.normalize(expected), expected, actual, path)
    }

    /// Why `actual` does not fit `expected` (normalized; `original` is the type as written, for
    /// the messages), one step per kind of expected type.
    fn internal(
        &self,
        expected: &Type,
        original: &Type,
        actual: &Type,
        path: &[Elem],
    ) -> Vec<Mismatch> {
        match expected {
            Type::Variant(ts) => self.variant(ts, original, actual, path),
            Type::Struct(ms) => self.struct_(ms, original, actual, path),
            Type::Hash(h) => self.hash(h, original, actual, path),
            Type::Tuple(t) => self.tuple(t, original, actual, path, false),
            Type::Array(a) => self.array(a, original, actual, path),
            Type::Callable(c) => self.callable(c, original, actual, path),
            Type::Optional(t) => {
                if *actual == Type::Undef {
                    return Vec::new();
                }
                let Some(t) = t else { return Vec::new() };
                let orig = if matches!(original, Type::Alias(_)) {
                    original
                } else {
                    expected
                };
                self.internal(t, orig, actual, path)
            }
            Type::Enum(_) | Type::Pattern(_) => {
                vec![self.type_mismatch(path, original, actual, true)]
            }
            Type::Alias(n) => match self.cx.resolve_alias(n) {
                Some(r) => self.internal(&self.cx.normalize(&r), expected, actual, path),
                None => vec![self.type_mismatch(path, original, actual, false)],
            },
            _ => {
                if self.cx.is_assignable(expected, actual) {
                    Vec::new()
                } else {
                    vec![self.type_mismatch(path, original, actual, false)]
                }
            }
        }
    }

    /// A `Variant` (or an `Optional`, its `Undef` first): nothing when one variant fits, else
    /// the variants' mismatches merged.
    fn variant(&self, ts: &[Type], original: &Type, actual: &Type, path: &[Elem]) -> Vec<Mismatch> {
        let mut types = ts.to_vec();
        if matches!(original, Type::Optional(_)) {
            types.insert(0, Type::Undef);
        }
        let mut all = Vec::new();
        for (i, vt) in types.iter().enumerate() {
            let d = self.describe(vt, actual, &child(path, Elem::Variant(i)));
            if d.is_empty() {
                return Vec::new();
            }
            all.push(d);
        }
        let descriptions = self.merge(path.len(), all);
        if matches!(original, Type::Alias(_)) && descriptions.len() == 1 {
            vec![self.type_mismatch(path, original, actual, false)]
        } else {
            descriptions
        }
    }

    /// A `Struct` expected: member by member against a `Struct`, by size against a `Hash`.
    fn struct_(
        &self,
        ms: &[StructMember],
        original: &Type,
        actual: &Type,
        path: &[Elem],
    ) -> Vec<Mismatch> {
        match actual {
            Type::Struct(os) => self.struct_members(ms, os, path),
            Type::Hash(h) => {
                let actual_size = h.size.unwrap_or(IntRange::SIZE);
                let required = ms.iter().filter(|m| !self.cx.member_optional(m)).count() as i64;
                let expected_size = IntRange::new(Some(required), Some(ms.len() as i64));
                if expected_size.contains_range(actual_size) {
                    let plain = Type::hash((*h.key).clone(), (*h.value).clone(), None);
                    vec![self.type_mismatch(path, original, &plain, false)]
                } else {
                    vec![self.size(path, expected_size, actual_size, false)]
                }
            }
            _ => vec![self.type_mismatch(path, original, actual, false)],
        }
    }

    /// A `Struct` against a `Struct`: keys missing, keys extraneous, and each shared member's
    /// key and value.
    fn struct_members(
        &self,
        ms: &[StructMember],
        os: &[StructMember],
        path: &[Elem],
    ) -> Vec<Mismatch> {
        let mut out = Vec::new();
        let mut rest: Vec<&StructMember> = os.iter().collect();
        for m in ms {
            match rest.iter().position(|o| o.name == m.name) {
                None => {
                    if !self.cx.member_optional(m) {
                        out.push(Mismatch {
                            path: path.to_vec(),
                            kind: Kind::MissingKey(m.name.clone()),
                        });
                    }
                }
                Some(i) => {
                    let o = rest.remove(i);
                    if !self.cx.member_optional(m) && self.cx.member_optional(o) {
                        out.extend(self.describe(
                            &key_type(m, self.cx),
                            &key_type(o, self.cx),
                            &child(path, Elem::EntryKey(m.name.clone())),
                        ));
                    }
                    if !self.cx.is_assignable(&m.value, &o.value) {
                        out.extend(self.describe(
                            &m.value,
                            &o.value,
                            &child(path, Elem::EntryValue(m.name.clone())),
                        ));
                    }
                }
            }
        }
        for o in rest {
            out.push(Mismatch {
                path: path.to_vec(),
                kind: Kind::ExtraneousKey(o.name.clone()),
            });
        }
        out
    }

    /// A `Hash` expected: by size, then member by member against a `Struct`; by size against a
    /// `Hash`.
    fn hash(&self, h: &HashType, original: &Type, actual: &Type, path: &[Elem]) -> Vec<Mismatch> {
        match actual {
            Type::Struct(ms) => {
                let expected_size = h.size.unwrap_or(IntRange::SIZE);
                let required = ms.iter().filter(|m| !self.cx.member_optional(m)).count() as i64;
                let actual_size = IntRange::new(Some(required), Some(ms.len() as i64));
                if !expected_size.contains_range(actual_size) {
                    return vec![self.size(path, expected_size, actual_size, false)];
                }
                let mut out = Vec::new();
                for m in ms {
                    let k = key_type(m, self.cx);
                    if !self.cx.is_assignable(&h.key, &k) {
                        out.extend(self.describe(
                            &h.key,
                            &k,
                            &child(path, Elem::EntryKey(m.name.clone())),
                        ));
                    }
                    if !self.cx.is_assignable(&h.value, &m.value) {
                        out.extend(self.describe(
                            &h.value,
                            &m.value,
                            &child(path, Elem::EntryValue(m.name.clone())),
                        ));
                    }
                }
                out
            }
            Type::Hash(o) => {
                let actual_size = o.size.unwrap_or(IntRange::SIZE);
                match h.size {
                    Some(es) if !es.contains_range(actual_size) => {
                        vec![self.size(path, es, actual_size, false)]
                    }
                    _ => {
                        let plain = Type::hash((*o.key).clone(), (*o.value).clone(), None);
                        vec![self.type_mismatch(path, original, &plain, false)]
                    }
                }
            }
            _ => vec![self.type_mismatch(path, original, actual, false)],
        }
    }

    /// An `Array` expected: by size, then element by element against a `Tuple`; by size
    /// against an `Array`.
    fn array(&self, a: &ArrayType, original: &Type, actual: &Type, path: &[Elem]) -> Vec<Mismatch> {
        match actual {
            Type::Tuple(t) => {
                let expected_size = a.size.unwrap_or(IntRange::SIZE);
                let actual_size = t.size.unwrap_or(IntRange::exact(t.types.len() as i64));
                if !expected_size.contains_range(actual_size) {
                    return vec![self.size(path, expected_size, actual_size, false)];
                }
                let mut out = Vec::new();
                for (i, et) in t.types.iter().enumerate() {
                    if !self.cx.is_assignable(&a.elem, et) {
                        out.extend(self.describe(&a.elem, et, &child(path, Elem::Index(i))));
                    }
                }
                out
            }
            Type::Array(o) => {
                let actual_size = o.size.unwrap_or(IntRange::SIZE);
                match a.size {
                    Some(es) if !es.contains_range(actual_size) => {
                        vec![self.size(path, es, actual_size, false)]
                    }
                    _ => {
                        let plain = Type::array((*o.elem).clone(), None);
                        vec![self.type_mismatch(path, original, &plain, false)]
                    }
                }
            }
            _ => vec![self.type_mismatch(path, original, actual, false)],
        }
    }

    /// A `Callable` expected: its parameters (counted), then its return type, then its block.
    fn callable(
        &self,
        c: &CallableType,
        original: &Type,
        actual: &Type,
        path: &[Elem],
    ) -> Vec<Mismatch> {
        let Type::Callable(o) = actual else {
            return vec![self.type_mismatch(path, original, actual, false)];
        };
        let Some(params) = &c.params else {
            if c.ret.is_none() {
                return Vec::new();
            }
            return vec![self.type_mismatch(path, original, actual, false)];
        };
        let oparams = o.params.clone().unwrap_or_default();
        let pe = Type::Tuple(params.clone());
        let errors = self.tuple(params, &pe, &Type::Tuple(oparams), path, true);
        if !errors.is_empty() {
            return errors;
        }
        let this_ret = c.ret.as_deref().unwrap_or(&Type::Any);
        let that_ret = o.ret.as_deref().unwrap_or(&Type::Any);
        if !self.cx.is_assignable(this_ret, that_ret) {
            return vec![self.type_mismatch(&child(path, Elem::Return), this_ret, that_ret, false)];
        }
        let this_block = c.block.as_deref().unwrap_or(&Type::Undef);
        let that_block = o.block.as_deref().unwrap_or(&Type::Undef);
        if self.cx.is_assignable(that_block, this_block) {
            Vec::new()
        } else {
            vec![self.type_mismatch(&child(path, Elem::Block), this_block, that_block, false)]
        }
    }

    fn tuple(
        &self,
        t: &TupleType,
        original: &Type,
        actual: &Type,
        path: &[Elem],
        count: bool,
    ) -> Vec<Mismatch> {
        if Type::Tuple(t.clone()) == *actual
            || (t.types.is_empty() && matches!(actual, Type::Array(_)))
        {
            return Vec::new();
        }
        let expected_size = t.size.unwrap_or_else(|| t.size_range());
        match actual {
            Type::Tuple(o) => {
                let actual_size = o.size.unwrap_or_else(|| o.size_range());
                if !expected_size.contains_range(actual_size) {
                    return vec![self.size(path, expected_size, actual_size, count)];
                }
                let mut out = Vec::new();
                if !t.types.is_empty() {
                    for (i, at) in o.types.iter().enumerate() {
                        let adx = i.min(t.types.len() - 1);
                        out.extend(self.describe(
                            &t.types[adx],
                            at,
                            &child(path, Elem::Index(adx)),
                        ));
                    }
                }
                out
            }
            Type::Array(a) => {
                let actual_size = a.size.unwrap_or(IntRange::SIZE);
                if !expected_size.contains_range(actual_size) {
                    return vec![self.size(path, expected_size, actual_size, count)];
                }
                let mut out = Vec::new();
                for (i, et) in t.types.iter().enumerate() {
                    out.extend(self.describe(et, &a.elem, &child(path, Elem::Index(i))));
                }
                out
            }
            _ => vec![self.type_mismatch(path, original, actual, false)],
        }
    }

    /// Puppet's `merge_descriptions`: one mismatch per variant, merged when they agree.
    fn merge(&self, varying: usize, variants: Vec<Vec<Mismatch>>) -> Vec<Mismatch> {
        let n = variants.len();
        let mut descriptions: Vec<Mismatch> = variants.into_iter().flatten().collect();
        type Pick = fn(&Kind) -> bool;
        let classes: [Pick; 2] = [
            |k| matches!(k, Kind::Size { .. }),
            |k| matches!(k, Kind::Type { .. }),
        ];
        for class in classes {
            let ms: Vec<&Mismatch> = descriptions.iter().filter(|d| class(&d.kind)).collect();
            if ms.len() != n {
                continue;
            }
            let mut merged: Option<Mismatch> = Some(ms[0].clone());
            for m in &ms[1..] {
                let Some(prev) = merged.take() else { break };
                if prev.canonical_path() != m.canonical_path() {
                    merged = None;
                    break;
                }
                merged = Some(self.merge_two(prev, m));
            }
            if let Some(g) = merged {
                descriptions = vec![g];
                break;
            }
        }
        let mut unique: Vec<Mismatch> = Vec::new();
        for d in descriptions {
            if !unique.iter().any(|u| u.same(&d)) {
                unique.push(d);
            }
        }
        if unique.len() == 1 {
            let mut m = unique.remove(0);
            if varying < m.path.len() {
                m.path.remove(varying);
            }
            vec![m]
        } else {
            unique
        }
    }

    fn merge_two(&self, prev: Mismatch, o: &Mismatch) -> Mismatch {
        let kind = match (prev.kind, &o.kind) {
            (
                Kind::Size {
                    expected,
                    actual,
                    count,
                },
                Kind::Size { expected: oe, .. },
            ) => Kind::Size {
                expected: IntRange {
                    min: if expected.lo() <= oe.lo() {
                        expected.min
                    } else {
                        oe.min
                    },
                    max: if expected.hi() >= oe.hi() {
                        expected.max
                    } else {
                        oe.max
                    },
                },
                actual,
                count,
            },
            (
                Kind::Type {
                    expected,
                    actual,
                    pattern,
                },
                Kind::Type { expected: oe, .. },
            ) => {
                let mut list = match expected {
                    Type::Variant(ts) => ts,
                    t => vec![t],
                };
                let more = match oe {
                    Type::Variant(ts) => ts.clone(),
                    t => vec![t.clone()],
                };
                for t in more {
                    if !list.contains(&t) {
                        list.push(t);
                    }
                }
                Kind::Type {
                    expected: self.cx.normalize(&Type::variant(list)),
                    actual,
                    pattern,
                }
            }
            (k, _) => k,
        };
        Mismatch {
            path: prev.path,
            kind,
        }
    }
}

/// A struct member's key as a type: `String['name']`, or `Optional[String['name']]`.
/// `path` with one more element.
fn child(path: &[Elem], e: Elem) -> Vec<Elem> {
    let mut p = path.to_vec();
    p.push(e);
    p
}

fn key_type(m: &StructMember, cx: &TypeCalculator<'_>) -> Type {
    let k = Type::string_value(m.name.clone());
    if cx.member_optional(m) {
        Type::optional(k)
    } else {
        k
    }
}

impl TypeCalculator<'_> {
    /// Puppet's description of why `actual` is not assignable to `expected`, for a subject
    /// called `name` (`parameter 'port'`, `'min' parameter 'a'`, or empty):
    /// `parameter 'port' expects an Integer value, got String`. `None` when it is assignable.
    pub fn describe_mismatch(&self, name: &str, expected: &Type, actual: &Type) -> Option<String> {
        if self.is_assignable(expected, actual) {
            return None;
        }
        let d = Describer {
            cx: self,
            depth: std::cell::Cell::new(0),
        };
        let path = vec![Elem::Subject(name.to_string())];
        let errors = d.describe(expected, actual, &path);
        Some(match errors.len() {
            0 => String::new(),
            1 => errors[0].format(self).trim().to_string(),
            _ => errors
                .iter()
                .map(|e| e.format(self))
                .collect::<Vec<_>>()
                .join("\n "),
        })
    }

    /// [`Type::normalize`] with this calculator's aliases.
    pub fn normalize(&self, t: &Type) -> Type {
        t.normalize_with(self)
    }

    /// [`super::common_type`] with this calculator's aliases.
    pub fn common_type(&self, a: &Type, b: &Type) -> Type {
        super::normalize::common_with(a, b, self)
    }
}
