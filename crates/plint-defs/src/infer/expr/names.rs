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
            || self.program.has_resource_type(&key)
            || self.program.definition(&key).is_some()
            || builtins::resource_type(&key).is_some()
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

/// The type of a built-in attribute (its text parsed, remembered by the run's caches).
pub(super) fn builtin_attribute_type(
    caches: &types::Caches,
    def: &'static crate::defs::model::AttributeDef,
) -> Parsed {
    caches.parsed(&def.ty)
}

/// The attribute `name` of the core resource type `t`, or else the metaparameter `name`
/// ([`builtins::resource_attribute`]).
pub(super) fn core_attribute(
    t: &'static crate::defs::model::ResourceTypeDef,
    name: &str,
) -> Option<&'static crate::defs::model::AttributeDef> {
    builtins::resource_attribute(&t.name, name)
}

pub(super) use types::Parsed;

/// [`types::from_expr`] of a type expression of the file (`src`), remembered by its text in the
/// run's caches (the same few types come back in every file's parameter lists) as the type
/// that text parses to. Only valid types of files without a syntax error (`remember`) are
/// remembered: an expression the parser recovered need not stand for what its text says
/// elsewhere.
pub(super) fn lower_type(
    caches: &types::Caches,
    e: &Expr,
    src: &str,
    remember: bool,
) -> Option<Type> {
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
    if remember {
        caches.remember_parsed(text, t.clone());
    }
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
