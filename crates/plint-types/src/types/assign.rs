//! Assignability: Puppet's `T1 >= T2`, i.e. `TypeCalculator.assignable?(T1, T2)`.
//!
//! The structure follows Puppet's own: a first step that looks at the *from* side (`Unit`,
//! aliases, `Variant`, `Optional`, `NotUndef`), then a per-type rule on the *to* side.
//! Self-recursive aliases are guarded as Puppet guards them: once recursion has been seen on
//! both sides, the answer is "assignable" (every check up to there passed).

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::cell::RefCell;
use std::sync::Arc;

use super::{
    ArrayType, CallableType, EnumType, HashType, IntRange, StringType, StructMember, TupleType,
    Type, parse,
};

mod rules;

use rules::*;

/// Resolves the names a [`Type::Alias`] holds: type aliases (`Stdlib::Absolutepath`), and
/// resource types that are not Puppet's own (`Apache::Vhost` resolves to
/// `Type::Resource { type_name: Some("Apache::Vhost"), .. }`).
///
/// Names are given in lower case (`stdlib::absolutepath`): Puppet's type names are case
/// insensitive. Puppet's built-in aliases (`Data`, `RichData`, `RichDataKey`) are resolved
/// before the resolver is asked.
pub trait AliasResolver {
    /// The type the name stands for, unnormalized (as written in the alias), or `None` when
    /// the name is unknown.
    fn resolve(&self, name: &str) -> Option<Type>;
}

/// A resolver that knows no names (only Puppet's built-in aliases resolve).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoAliases;

impl AliasResolver for NoAliases {
    fn resolve(&self, _name: &str) -> Option<Type> {
        None
    }
}

impl<F: Fn(&str) -> Option<Type>> AliasResolver for F {
    fn resolve(&self, name: &str) -> Option<Type> {
        self(name)
    }
}

/// The definition of one of Puppet's built-in aliases (`Data`, `RichData`, `RichDataKey`,
/// `Puppet::LookupKey`, `Puppet::LookupValue`), case insensitive.
pub fn builtin_alias(name: &str) -> Option<Type> {
    const SOURCES: [&str; 3] = [
        "Variant[ScalarData, Undef, Hash[String, Data], Array[Data]]",
        "Variant[String, Numeric]",
        "Variant[Scalar, SemVerRange, Binary, Sensitive, Type, TypeSet, URI, Object, Undef, \
         Default, Hash[RichDataKey, RichData], Array[RichData]]",
    ];
    // Parsed once per process: the names come back for every alias inference looks at.
    static PARSED: std::sync::LazyLock<[Option<Type>; 3]> =
        std::sync::LazyLock::new(|| SOURCES.map(|src| parse(src).ok()));
    let is = |n: &str| name.eq_ignore_ascii_case(n);
    let i = if is("data") {
        0
    } else if is("richdatakey") || is("puppet::lookupkey") {
        1
    } else if is("richdata") || is("puppet::lookupvalue") {
        2
    } else {
        return None;
    };
    PARSED[i].clone()
}

/// The built-in aliases, resolved and normalized once per process: an immutable table of
/// Puppet's own definitions (each resolved by a calculator that knows only them), no state of
/// a run.
fn builtin_resolved(key: &str) -> Option<Arc<Resolved>> {
    const KEYS: [&str; 5] = [
        "data",
        "richdata",
        "richdatakey",
        "puppet::lookupkey",
        "puppet::lookupvalue",
    ];
    // Each resolved by a calculator of its own that does not look in this table (it is being
    // built): one built-in alias met inside another is resolved there.
    static BUILTINS: std::sync::LazyLock<[Option<Arc<Resolved>>; 5]> =
        std::sync::LazyLock::new(|| {
            KEYS.map(|key| {
                let calc = TypeCalculator {
                    builtins_table: false,
                    ..TypeCalculator::new(&NoAliases)
                };
                calc.resolve_uncached(key)
            })
        });
    let i = KEYS.iter().position(|k| *k == key)?;
    BUILTINS[i].clone()
}

/// Can every value of `from` be used where `to` is expected? Puppet's `to >= from`.
///
/// Aliases are resolved through `r` (then Puppet's built-in ones); an alias that does not
/// resolve is only assignable to itself (Puppet's `TypeReference`). The regexps of `Pattern`
/// types are compiled for this question only: see [`is_assignable_with`] to use a run's.
pub fn is_assignable(to: &Type, from: &Type, r: &dyn AliasResolver) -> bool {
    TypeCalculator::new(r).is_assignable(to, from)
}

/// [`is_assignable`], matching `Pattern` types with the run's compiled regexps.
pub fn is_assignable_with(
    to: &Type,
    from: &Type,
    r: &dyn AliasResolver,
    regexes: &super::RegexCache,
) -> bool {
    TypeCalculator::with_regexes(r, regexes).is_assignable(to, from)
}

/// An alias's resolved (normalized) type and whether it refers to itself.
pub(crate) struct Resolved {
    pub ty: Type,
    pub recursive: bool,
}

/// Questions about types with one resolver, keeping the aliases it resolved (each normalized
/// once): hold one for many questions (inference asks many).
pub struct TypeCalculator<'r> {
    resolver: &'r dyn AliasResolver,
    cache: RefCell<HashMap<String, Option<Arc<Resolved>>>>,
    /// The aliases being resolved (innermost last).
    pending: RefCell<Vec<String>>,
    /// Whether a resolution met an alias still being resolved (an alias that refers to
    /// itself through others): what was cached since depends on the order of the questions
    /// (see [`TypeCalculator::settle`]).
    order_dependent: std::cell::Cell<bool>,
    /// The (pattern, text) pairs whose match gave up (see [`super::regex::RegexFailure`]).
    gave_up: RefCell<Vec<(String, String)>>,
    /// The run's compiled regexps, when the calculator was given them.
    regexes: Option<&'r super::RegexCache>,
    /// The calculator's own, made at its first match, when it was not.
    own_regexes: std::cell::OnceCell<super::RegexCache>,
    /// Whether Puppet's built-in aliases come from the table resolved once (false only while
    /// that table is built).
    builtins_table: bool,
}

/// How deep assignability may recurse (aliases that only refer to each other).
const MAX_DEPTH: u32 = 400;

const THIS: u8 = 1;
const THAT: u8 = 2;
const BOTH: u8 = 3;

/// Puppet's `RecursionGuard`: aliases seen on the *to* side (a stack) and on the *from* side.
#[derive(Default)]
pub(crate) struct Guard {
    state: u8,
    depth: u32,
    this: Vec<String>,
    that: HashSet<String>,
}

impl<'r> TypeCalculator<'r> {
    /// A calculator that compiles the regexps it matches into a cache of its own (see
    /// [`TypeCalculator::with_regexes`] to use the run's).
    pub fn new(resolver: &'r dyn AliasResolver) -> Self {
        TypeCalculator {
            resolver,
            cache: RefCell::new(HashMap::default()),
            pending: RefCell::new(Vec::new()),
            order_dependent: std::cell::Cell::new(false),
            gave_up: RefCell::new(Vec::new()),
            regexes: None,
            own_regexes: std::cell::OnceCell::new(),
            builtins_table: true,
        }
    }

    /// A calculator that matches `Pattern` types with the run's compiled regexps.
    pub fn with_regexes(resolver: &'r dyn AliasResolver, regexes: &'r super::RegexCache) -> Self {
        TypeCalculator {
            regexes: Some(regexes),
            ..TypeCalculator::new(resolver)
        }
    }

    /// The compiled regexps this calculator matches with.
    fn regexes(&self) -> &super::RegexCache {
        match self.regexes {
            Some(r) => r,
            None => self.own_regexes.get_or_init(Default::default),
        }
    }

    /// Does the (Ruby) regexp `pattern` match somewhere in `s`? A pattern that cannot be
    /// compiled or matched counts as matching, so that plint never reports a mismatch it
    /// cannot prove; a match that gave up is recorded (see [`TypeCalculator::take_gave_up`]).
    fn regex_matches(&self, pattern: &str, s: &str) -> bool {
        match self.regexes().ruby_regex_matches(pattern, s) {
            Ok(m) => m,
            Err(super::regex::RegexFailure::Invalid(_)) => true,
            Err(super::regex::RegexFailure::TooCostly) => {
                let mut g = self.gave_up.borrow_mut();
                if !g.iter().any(|(p, _)| p == pattern) {
                    g.push((pattern.to_string(), s.to_string()));
                }
                true
            }
        }
    }

    /// The patterns whose match gave up since the last call, each with the first text (the
    /// answer took them as matching).
    pub fn take_gave_up(&self) -> Vec<(String, String)> {
        std::mem::take(&mut *self.gave_up.borrow_mut())
    }

    /// Ends a question, for a calculator kept for many: forgets the aliases resolved since
    /// the last call if one of them met an alias still being resolved. The answers of a kept
    /// calculator are then exactly those of a new calculator per question.
    pub fn settle(&self) {
        if self.order_dependent.replace(false) {
            self.cache.borrow_mut().clear();
        }
    }

    /// Can every value of `from` be used where `to` is expected? (Puppet's `to >= from`.)
    pub fn is_assignable(&self, to: &Type, from: &Type) -> bool {
        self.assignable(to, from, &mut Guard::default())
    }

    /// Does a callable (a function signature, a lambda's type) accept a call with arguments
    /// of types `args` and, if `block` is given, that lambda? Puppet's `callable?` with the
    /// arguments as a tuple. A bare `Callable` accepts any call.
    pub fn accepts_call(
        &self,
        callable: &CallableType,
        args: &[Type],
        block: Option<&Type>,
    ) -> bool {
        let g = &mut Guard::default();
        let Some(params) = &callable.params else {
            return true;
        };
        let params_t = Type::Tuple(params.clone());
        match block {
            Some(b) => {
                let Some(pb) = &callable.block else {
                    return false;
                };
                if !self.assignable(pb, b, g) {
                    return false;
                }
                let n = args.len() as i64;
                let size = params.size.unwrap_or_else(|| params.size_range());
                if !size.contains_range(IntRange::exact(n)) {
                    return false;
                }
                args.iter().enumerate().all(|(i, a)| {
                    params
                        .types
                        .get(i)
                        .or(params.types.last())
                        .is_some_and(|p| self.assignable(p, a, g))
                })
            }
            None => {
                self.assignable(&params_t, &Type::tuple(args.to_vec(), None), g)
                    && callable
                        .block
                        .as_deref()
                        .is_none_or(|b| self.assignable(b, &Type::Undef, g))
            }
        }
    }

    /// May the entry be missing? Its key is `Optional[...]`, or a plain key's value type takes
    /// `undef` once aliases are resolved (Puppet decides that when it reads the struct, with
    /// the aliases known; plint's parser does not know them).
    pub fn member_optional(&self, m: &super::StructMember) -> bool {
        m.optional
            || (!is_assignable(&m.value, &Type::Undef, &NoAliases)
                && self.is_assignable(&m.value, &Type::Undef))
    }

    /// The type an alias name stands for (normalized, as Puppet keeps it), built-in aliases
    /// first; `None` when the name is unknown.
    pub fn resolve_alias(&self, name: &str) -> Option<Type> {
        self.resolve(name).map(|r| r.ty.clone())
    }

    /// Is `t` a self-referring alias (directly or through other aliases)?
    pub fn is_recursive_alias(&self, name: &str) -> bool {
        self.resolve(name).is_some_and(|r| r.recursive)
    }

    /// Puppet's `iterable?`: can a value of this type be iterated (`each`, `map`, ...)?
    /// Aliases are resolved; a variant is iterable when all its types are.
    pub fn is_iterable(&self, t: &Type) -> bool {
        match t {
            Type::Variant(ts) => !ts.is_empty() && ts.iter().all(|t| self.is_iterable(t)),
            _ => self.is_iterable_kind(t),
        }
    }

    /// The type of the elements an iteration over a `t` yields (Puppet's `iterable_type`):
    /// `Integer` for an `Integer`, one-character strings for a `String`, `Tuple[K, V]` for a
    /// hash, `Any` when not known; `None` when `t` is not iterable.
    pub fn iterable_type(&self, t: &Type) -> Option<Type> {
        self.iterable_elem(t).map(|e| e.unwrap_or(Type::Any))
    }

    /// Resolves an alias name (built-in aliases first), normalized as Puppet normalizes an
    /// alias's type; cached.
    pub(crate) fn resolve(&self, name: &str) -> Option<Arc<Resolved>> {
        let key = name.to_ascii_lowercase();
        if let Some(r) = self.cached(&key) {
            return r;
        }
        if self.builtins_table
            && let Some(b) = builtin_resolved(&key)
        {
            self.cache.borrow_mut().insert(key, Some(b.clone()));
            return Some(b);
        }
        self.resolve_uncached(&key)
    }

    fn resolve_uncached(&self, key: &str) -> Option<Arc<Resolved>> {
        let name = key;
        let key = key.to_string();
        if let Some(r) = self.cached(&key) {
            return r;
        }
        // Mark as in progress (an alias that is only itself resolves to nothing).
        self.cache.borrow_mut().insert(key.clone(), None);
        self.pending.borrow_mut().push(key.clone());
        let out = self.resolve_fresh(name, &key);
        self.pending.borrow_mut().pop();
        self.cache.borrow_mut().insert(key, out.clone());
        out
    }

    /// The cached resolution of `key`, noting when it is an alias still being resolved.
    fn cached(&self, key: &str) -> Option<Option<Arc<Resolved>>> {
        let hit = self.cache.borrow().get(key).cloned()?;
        if hit.is_none() && self.pending.borrow().iter().any(|p| p == key) {
            self.order_dependent.set(true);
        }
        Some(hit)
    }

    fn resolve_fresh(&self, name: &str, key: &str) -> Option<Arc<Resolved>> {
        let raw = builtin_alias(name).or_else(|| self.resolver.resolve(name));
        raw.and_then(|t| {
            let mut ty = t.normalize_with(self);
            let recursive = self.refers_to(&ty, key);
            if recursive && let Type::Variant(ts) = &ty {
                // Puppet drops the members that are the alias itself.
                let kept: Vec<Type> = ts
                    .iter()
                    .filter(|m| !matches!(m, Type::Alias(n) if n.eq_ignore_ascii_case(key)))
                    .cloned()
                    .collect();
                if kept.len() != ts.len() {
                    ty = Type::variant(kept);
                }
            }
            // An alias made only of aliases and variants is not a type (Puppet: "cannot be
            // resolved to a real type").
            if !self.has_real_type(&ty, key) {
                return None;
            }
            Some(Arc::new(Resolved { ty, recursive }))
        })
    }

    /// Is there something other than aliases and variants in `t` (following aliases other
    /// than `name`)?
    fn has_real_type(&self, t: &Type, name: &str) -> bool {
        let mut seen: HashSet<String> = HashSet::default();
        seen.insert(name.to_string());
        let mut stack: Vec<Type> = vec![t.clone()];
        while let Some(t) = stack.pop() {
            match t {
                Type::Variant(ts) => stack.extend(ts),
                Type::Alias(n) => {
                    let lc = n.to_ascii_lowercase();
                    if seen.insert(lc.clone())
                        && let Some(r) = builtin_alias(&lc).or_else(|| self.resolver.resolve(&lc))
                    {
                        stack.push(r);
                    }
                }
                _ => return true,
            }
        }
        false
    }

    /// Does `t` reach the alias `name` (lower case) through aliases?
    fn refers_to(&self, t: &Type, name: &str) -> bool {
        let mut seen: HashSet<String> = HashSet::default();
        let mut stack: Vec<Type> = vec![t.clone()];
        let mut steps = 0usize;
        while let Some(t) = stack.pop() {
            steps += 1;
            if steps > 100_000 {
                return true;
            }
            let mut found = false;
            t.for_each_child(&mut |c| {
                if let Type::Alias(n) = c {
                    let lc = n.to_ascii_lowercase();
                    if lc == name {
                        found = true;
                    } else if seen.insert(lc.clone()) {
                        let raw = builtin_alias(&lc).or_else(|| self.resolver.resolve(&lc));
                        if let Some(r) = raw {
                            stack.push(r);
                        }
                    }
                } else {
                    stack.push(c.clone());
                }
            });
            if found {
                return true;
            }
        }
        false
    }

    /// `to.assignable?(from)`, with `to`'s own overrides (Unit, aliases, Variant).
    pub(crate) fn assignable(&self, to: &Type, from: &Type, g: &mut Guard) -> bool {
        if g.depth > MAX_DEPTH {
            // Aliases that refer to each other without end: assume assignable, as Puppet does
            // once it sees recursion on both sides (and never report what cannot be decided).
            return true;
        }
        g.depth += 1;
        let r = self.assignable_inner(to, from, g);
        g.depth -= 1;
        r
    }

    fn assignable_inner(&self, to: &Type, from: &Type, g: &mut Guard) -> bool {
        match to {
            Type::Unit => true,
            Type::Alias(name) => match self.resolve(name) {
                None => self.dispatch(to, from, g),
                Some(res) if res.recursive => {
                    let key = name.to_ascii_lowercase();
                    g.with_this(&key, |g, state| {
                        if state == BOTH {
                            true
                        } else {
                            self.dispatch(to, from, g)
                        }
                    })
                }
                Some(_) => self.dispatch(to, from, g),
            },
            Type::Variant(ts) => {
                if *from == Type::Undef && ts.is_empty() {
                    return false;
                }
                match from {
                    Type::Variant(fs) => {
                        if ts.is_empty() {
                            return true;
                        }
                        !fs.is_empty() && fs.iter().all(|f| self.dispatch(to, f, g))
                    }
                    _ => self.dispatch(to, from, g),
                }
            }
            _ => self.dispatch(to, from, g),
        }
    }

    /// Puppet's `PAnyType#assignable?`: the *from* side first.
    fn dispatch(&self, to: &Type, from: &Type, g: &mut Guard) -> bool {
        match from {
            Type::Unit => true,
            Type::Alias(name) => match self.resolve(name) {
                None => self.rule(to, from, g),
                Some(res) => {
                    if res.recursive {
                        let key = name.to_ascii_lowercase();
                        if g.add_that(&key) == BOTH {
                            return true;
                        }
                    }
                    self.assignable(to, &res.ty, g)
                }
            },
            Type::Variant(fs) => {
                if *to == Type::Any {
                    return true;
                }
                if matches!(to, Type::NotUndef(_)) && fs.is_empty() {
                    return self.rule(to, from, g);
                }
                !fs.is_empty() && fs.iter().all(|f| self.assignable(to, f, g))
            }
            Type::Optional(t) => {
                self.assignable(to, &Type::Undef, g)
                    && t.as_deref().is_none_or(|t| self.assignable(to, t, g))
            }
            Type::NotUndef(Some(t)) if !self.assignable(t, &Type::Undef, g) => {
                self.assignable(to, t, g)
            }
            _ => self.rule(to, from, g),
        }
    }

    fn any_of(&self, tos: &[Type], from: &Type, g: &mut Guard) -> bool {
        tos.iter().any(|t| self.assignable(t, from, g))
    }

    /// Puppet's per-type `_assignable?`.
    fn rule(&self, to: &Type, from: &Type, g: &mut Guard) -> bool {
        match to {
            Type::Any | Type::Unit => true,
            Type::Undef => *from == Type::Undef,
            Type::Default => *from == Type::Default,
            Type::Scalar => self.scalar_rule(from, g),
            Type::ScalarData => self.scalar_data_rule(from, g),
            Type::Numeric => matches!(from, Type::Numeric | Type::Integer(_) | Type::Float(_)),
            Type::Integer(r) => matches!(from, Type::Integer(o) if r.contains_range(*o)),
            Type::Float(r) => matches!(from, Type::Float(o) if r.contains_range(*o)),
            Type::Enum(e) => self.enum_rule(e, to, from),
            Type::String(s) => string_rule(s, from),
            Type::Pattern(ps) => self.pattern_rule(ps, from),
            Type::Regexp(p) => match from {
                Type::Regexp(o) => p.is_none() || p == o,
                _ => false,
            },
            Type::Boolean(b) => match from {
                Type::Boolean(o) => b.is_none() || b == o,
                _ => false,
            },
            Type::Collection(size) => collection_rule(size.unwrap_or(IntRange::SIZE), from),
            Type::Array(a) => self.array_rule(a, from, g),
            Type::Hash(h) => self.hash_rule(h, from, g),
            Type::Tuple(t) => self.tuple_rule(t, to, from, g),
            Type::Struct(ms) => self.struct_rule(ms, from, g),
            Type::Variant(ts) => self.any_of(ts, from, g),
            Type::Optional(t) => {
                if *from == Type::Undef {
                    return true;
                }
                let Some(t) = t else { return true };
                match from {
                    Type::Optional(o) => self.assignable(t, o.as_deref().unwrap_or(&Type::Any), g),
                    _ => self.assignable(t, from, g),
                }
            }
            Type::NotUndef(t) => {
                !self.assignable(from, &Type::Undef, g)
                    && t.as_deref().is_none_or(|t| self.assignable(t, from, g))
            }
            Type::Type(t) => match from {
                Type::Type(o) => match (t, o) {
                    (None, _) => true,
                    (Some(_), None) => false,
                    (Some(t), Some(o)) => self.assignable(t, o, g),
                },
                _ => false,
            },
            Type::Iterable(t) => self.iterable_rule(t, from, g),
            Type::Iterator(t) => match from {
                Type::Iterator(o) => match (t, o) {
                    (None, _) => true,
                    (Some(t), Some(o)) => self.assignable(t, o, g),
                    (Some(_), None) => false,
                },
                _ => false,
            },
            Type::Callable(c) => self.callable_rule(c, from, g),
            Type::CatalogEntry => matches!(
                from,
                Type::CatalogEntry | Type::Class(_) | Type::Resource { .. }
            ),
            Type::Class(n) => match from {
                Type::Class(o) => n.is_none() || n == o,
                _ => false,
            },
            Type::Resource { type_name, title } => match from {
                Type::Resource {
                    type_name: otn,
                    title: oti,
                } => match type_name {
                    None => true,
                    Some(tn) => {
                        otn.as_deref()
                            .is_some_and(|o| o.to_lowercase() == tn.to_lowercase())
                            && (title.is_none() || title == oti)
                    }
                },
                _ => false,
            },
            Type::Sensitive(t) => match from {
                Type::Sensitive(o) => self.assignable(t, o, g),
                _ => false,
            },
            Type::Timespan(r) => matches!(from, Type::Timespan(o) if r.contains_range(*o)),
            Type::Timestamp(r) => matches!(from, Type::Timestamp(o) if r.contains_range(*o)),
            Type::SemVer(rs) => match from {
                Type::SemVer(os) => {
                    rs.is_empty() || (!os.is_empty() && os.iter().all(|o| rs.contains(o)))
                }
                _ => false,
            },
            Type::SemVerRange => *from == Type::SemVerRange,
            Type::Binary => *from == Type::Binary,
            Type::TypeSet => *from == Type::TypeSet,
            Type::Uri(p) => match from {
                Type::Uri(o) => p.is_none() || p == o,
                _ => false,
            },
            Type::Init(t) => match from {
                Type::Init(o) => match (t, o) {
                    (None, _) => true,
                    (Some(t), Some(o)) => self.assignable(t, o, g),
                    (Some(_), None) => false,
                },
                _ => match t {
                    None => self.assignable(&Type::rich_data(), from, g),
                    Some(t) => {
                        self.assignable(t, from, g)
                            || init_convertible(t).is_some_and(|c| self.assignable(&c, from, g))
                    }
                },
            },
            Type::Object(n) => match from {
                Type::Object(o) => n.is_none() || n == o,
                _ => false,
            },
            Type::Runtime { runtime, name } => match from {
                Type::Runtime {
                    runtime: or,
                    name: on,
                } => (runtime.is_none() || runtime == or) && (name.is_none() || name == on),
                _ => false,
            },
            Type::Alias(name) => match self.resolve(name) {
                Some(res) => self.assignable(&res.ty, from, g),
                None => to == from,
            },
            Type::TypeReference(_) => to == from,
        }
    }

    fn tuple_rule(&self, t: &TupleType, to: &Type, from: &Type, g: &mut Guard) -> bool {
        if to == from {
            return true;
        }
        let size_s = t.size.unwrap_or_else(|| t.size_range());
        match from {
            Type::Tuple(o) => {
                let size_o = o.size.unwrap_or_else(|| o.size_range());
                if !size_s.contains_range(size_o) {
                    return false;
                }
                if !t.types.is_empty() {
                    if o.types.is_empty() {
                        return size_s.lo() == 0;
                    }
                    for (i, ot) in o.types.iter().enumerate() {
                        let st = t.types.get(i).or(t.types.last());
                        if !st.is_some_and(|st| self.assignable(st, ot, g)) {
                            return false;
                        }
                    }
                }
                true
            }
            Type::Array(a) => {
                let size_o = a.size.unwrap_or(IntRange::SIZE);
                if !size_s.contains_range(size_o) {
                    return false;
                }
                if !t.types.is_empty() {
                    let n = (t.types.len() as i128).min(size_o.hi()).max(0) as usize;
                    for i in 0..n {
                        let st = t.types.get(i).or(t.types.last());
                        if !st.is_some_and(|st| self.assignable(st, &a.elem, g)) {
                            return false;
                        }
                    }
                }
                true
            }
            _ => false,
        }
    }

    /// Puppet's `iterable?` (after aliases, variants and optionals were taken apart).
    fn is_iterable_kind(&self, t: &Type) -> bool {
        match t {
            Type::Integer(_)
            | Type::Enum(_)
            | Type::String(_)
            | Type::Collection(_)
            | Type::Array(_)
            | Type::Hash(_)
            | Type::Tuple(_)
            | Type::Struct(_)
            | Type::Iterable(_)
            | Type::Iterator(_) => true,
            Type::Type(Some(inner)) => match &**inner {
                Type::Enum(_) => true,
                Type::Integer(r) => r.min.is_some() && r.max.is_some(),
                _ => false,
            },
            Type::Alias(n) => self.resolve(n).is_some_and(|r| {
                // Recursive aliases are not iterated further (Puppet's guard answers false).
                !r.recursive && self.is_iterable_kind(&r.ty)
            }),
            _ => false,
        }
    }

    /// Puppet's `iterable_type`: `None` when not iterable, `Some(None)` for an `Iterable` of
    /// anything, `Some(Some(elem))` otherwise.
    pub(crate) fn iterable_elem(&self, t: &Type) -> Option<Option<Type>> {
        let key_pair = |k: Type, v: Type| Type::tuple(vec![k, v], Some(IntRange::exact(2)));
        match t {
            Type::Integer(_) => Some(Some(Type::integer())),
            Type::Enum(_) | Type::String(_) => Some(Some(Type::string_sized(Some(1), Some(1)))),
            Type::Array(a) => Some((*a.elem != Type::Any).then(|| (*a.elem).clone())),
            Type::Hash(h) => {
                let is_default = *h.key == Type::Any && *h.value == Type::Any && h.size.is_none();
                let is_empty = h.size == Some(IntRange::exact(0));
                if is_default || is_empty {
                    Some(Some(key_pair(Type::Unit, Type::Unit)))
                } else {
                    Some(Some(key_pair((*h.key).clone(), (*h.value).clone())))
                }
            }
            Type::Struct(ms) => {
                if ms.is_empty() {
                    return Some(Some(key_pair(Type::Unit, Type::Unit)));
                }
                let keys = ms
                    .iter()
                    .map(|m| {
                        let k = Type::string_value(m.name.clone());
                        if self.member_optional(m) {
                            Type::optional(k)
                        } else {
                            k
                        }
                    })
                    .collect();
                let values = ms.iter().map(|m| m.value.clone()).collect();
                Some(Some(key_pair(Type::variant(keys), Type::variant(values))))
            }
            Type::Tuple(tt) => Some(Some(Type::variant(tt.types.clone()))),
            Type::Iterable(e) | Type::Iterator(e) => Some(e.as_deref().cloned()),
            Type::Type(Some(inner)) => match &**inner {
                Type::Enum(_) => Some(Some((**inner).clone())),
                Type::Integer(r) if r.min.is_some() && r.max.is_some() => {
                    Some(Some((**inner).clone()))
                }
                _ => None,
            },
            Type::Alias(n) => {
                let r = self.resolve(n)?;
                if r.recursive {
                    None
                } else {
                    self.iterable_elem(&r.ty)
                }
            }
            _ => None,
        }
    }
}

impl Guard {
    /// Puppet's `RecursionGuard#with_this`.
    fn with_this(&mut self, name: &str, f: impl FnOnce(&mut Guard, u8) -> bool) -> bool {
        if self.state & THIS == 0 {
            if self.this.iter().any(|n| n == name) {
                self.state |= THIS;
            } else {
                self.this.push(name.to_string());
                let state = self.state;
                let result = f(self, state);
                self.state &= !THIS;
                if let Some(pos) = self.this.iter().rposition(|n| n == name) {
                    self.this.remove(pos);
                }
                return result;
            }
        }
        let state = self.state;
        f(self, state)
    }

    /// Puppet's `RecursionGuard#add_that`.
    fn add_that(&mut self, name: &str) -> u8 {
        if self.state & THAT == 0 && !self.that.insert(name.to_string()) {
            self.state |= THAT;
        }
        self.state
    }
}
