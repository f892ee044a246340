//! Names: types named in the file, and the lookups and parsed types of Puppet's
//! built-ins.

use super::*;

impl<'p> Infer<'p> {
    // ------------------------------------------------------------------ type names

    pub(super) fn type_of_ref(&self, name: &str) -> Type {
        self.caches().parse(name).unwrap_or(Type::Any)
    }

    /// A capitalized name must be a core type, an alias, a resource type or a class.
    pub(super) fn check_type_name(&mut self, name: &str, span: Span) {
        // Only a name of a module's namespace is reported (see below): a name without `::`
        // need not be looked at.
        if !name.contains("::") {
            return;
        }
        let Some(t) = self.caches().parsed(name) else {
            return;
        };
        let Type::Alias(alias) = &*t else {
            return;
        };
        let alias = alias.clone();
        if types::builtin_alias(&alias).is_some() {
            return;
        }
        let key = crate::defs::index::key(&alias);
        if self.program.type_alias(&alias).is_some()
            || self.program.resource_type(&key).is_some()
            || self.program.definition(&key).is_some()
            || builtin_resource_type(&key).is_some()
        {
            return;
        }
        let Some((module, _)) = key.split_once("::") else {
            return;
        };
        if !self.program.has_module(module) {
            return;
        }
        let mut c = Closest::new(&alias);
        self.program
            .for_each_name(NameKind::TypeAlias, &mut |n| c.offer(n));
        let suggestion = c.best();
        self.diags.push(TypeDiag::UnknownType {
            name: alias,
            span,
            suggestion,
        });
    }
}

/// Names to entries of a list sorted by name, when the names are all different (else the
/// lookups search the list, as [`builtins`] does).
pub(super) type ByName<T> = Option<HashMap<&'static str, &'static T>>;

pub(super) fn by_name<T>(items: &'static [T], name: fn(&T) -> &str) -> ByName<T> {
    let mut map = HashMap::default();
    for t in items {
        if map.insert(name(t), t).is_some() {
            return None;
        }
    }
    Some(map)
}

/// [`builtins::function`], by a hash lookup (calls are many).
pub(super) fn builtin_function(name: &str) -> Option<&'static FunctionDef> {
    static MAP: std::sync::LazyLock<ByName<FunctionDef>> =
        std::sync::LazyLock::new(|| by_name(builtins::functions(), |f| &f.name));
    match &*MAP {
        Some(map) => map.get(name.strip_prefix("::").unwrap_or(name)).copied(),
        None => builtins::function(name),
    }
}

/// The type of a built-in attribute (its text parsed, remembered by the run's caches).
pub(super) fn builtin_attribute_type(
    caches: &types::Caches,
    def: &'static crate::defs::model::AttributeDef,
) -> Parsed {
    caches.parsed(&def.ty)
}

/// The attribute `name` of the core resource type `t`, or else the metaparameter `name`
/// (`t.attribute(name)`, then [`builtins::metaparameter`]). By a hash lookup (attributes are
/// many, and core types have dozens of them).
pub(super) fn core_attribute(
    t: &'static crate::defs::model::ResourceTypeDef,
    name: &str,
) -> Option<&'static crate::defs::model::AttributeDef> {
    type Attributes = HashMap<&'static str, &'static crate::defs::model::AttributeDef>;
    static ATTRIBUTES: std::sync::LazyLock<HashMap<usize, Attributes>> =
        std::sync::LazyLock::new(|| {
            builtins::resource_types()
                .iter()
                .map(|t| {
                    let mut names: Attributes = HashMap::default();
                    // The first of a name wins, the type's own before a metaparameter.
                    for a in t.attributes.iter().chain(builtins::metaparameters()) {
                        names.entry(a.name.as_str()).or_insert(a);
                    }
                    (t as *const _ as usize, names)
                })
                .collect()
        });
    match ATTRIBUTES.get(&(t as *const _ as usize)) {
        Some(names) => names.get(name).copied(),
        None => t.attribute(name).or_else(|| builtins::metaparameter(name)),
    }
}

/// [`builtins::resource_type`], by a hash lookup (resources are many).
pub(super) fn builtin_resource_type(
    name: &str,
) -> Option<&'static crate::defs::model::ResourceTypeDef> {
    static MAP: std::sync::LazyLock<ByName<crate::defs::model::ResourceTypeDef>> =
        std::sync::LazyLock::new(|| by_name(builtins::resource_types(), |t| &t.name));
    match &*MAP {
        Some(map) => map.get(name.strip_prefix("::").unwrap_or(name)).copied(),
        None => builtins::resource_type(name),
    }
}

pub(super) use types::Parsed;

/// [`types::from_expr`] of a type expression of the file (`src`), remembered by its text
/// (the same few types come back in every file's parameter lists). Only valid types are
/// remembered: an expression that holds a syntax error need not stand for what its text
/// says elsewhere.
pub(super) fn lower_type(caches: &types::Caches, e: &Expr, src: &str) -> Option<Type> {
    let Some(text) = src.get(e.span.range()) else {
        return types::from_expr(e, src).ok();
    };
    if let Some(hit) = caches.lowered(text) {
        return Some(hit);
    }
    // Not a type wherever it stands (`Package[$name]`): not lowered (nor remembered).
    if !types::may_lower(e) {
        return None;
    }
    let t = types::from_expr(e, src).ok()?;
    caches.remember_lowered(text, &t);
    Some(t)
}

pub(super) fn trusted_type(caches: &types::Caches) -> Type {
    caches
        .parse(
            "Struct[{authenticated => String, certname => String, domain => Optional[String], \
         extensions => Hash[String, Any], hostname => String, Optional[external] => Hash}]",
        )
        .unwrap_or(Type::Any)
}

/// The closest name to the resource type `name` (at most `limit` edits away) among the core
/// resource types and the program's resource types and definitions; remembered by the
/// program's names ([`Defs::names_fingerprint`](crate::infer::Defs::names_fingerprint)) and `name`.
pub(super) fn global_closest_type(
    caches: &types::Caches,
    global: &dyn crate::infer::Defs,
    fingerprint: u64,
    name: &str,
    limit: usize,
) -> Option<String> {
    caches.near_name(fingerprint, name, limit, || {
        let mut c = Closest::within(name, limit);
        builtins::resource_types()
            .iter()
            .for_each(|t| c.offer(&t.name));
        global.for_each_name(NameKind::ResourceType, &mut |n| c.offer(n));
        global.for_each_name(NameKind::Definition, &mut |n| c.offer(n));
        c.best()
    })
}
