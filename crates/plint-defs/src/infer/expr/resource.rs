//! Classes and resources: the type, title, attributes and parameters of each declaration,
//! and duplicate declarations.

use super::*;

impl<'p> Infer<'p> {
    // ------------------------------------------------------------------ classes

    /// `include x`, `contain x`, `require x`, `class { 'x': }`: the class must exist.
    pub(super) fn class_reference(&mut self, arg: &'p Expr) {
        let name: Cow<'p, str> = match &arg.kind {
            ExprKind::String(s) => match s.text() {
                Some(text) => Cow::Borrowed(text),
                None => match s.literal_value() {
                    Some(v) => Cow::Owned(v),
                    None => return,
                },
            },
            ExprKind::Name(n) => Cow::Borrowed(n),
            ExprKind::Array(items) => {
                for i in items {
                    self.class_reference(i);
                }
                return;
            }
            ExprKind::Access { target, args } => {
                if matches!(&target.kind, ExprKind::TypeRef(t) if t.eq_ignore_ascii_case("class")) {
                    for a in args {
                        self.class_reference(a);
                    }
                }
                return;
            }
            _ => return,
        };
        self.check_class(&name, arg.span);
    }

    pub(super) fn check_class(&mut self, name: &str, span: Span) {
        let key = crate::defs::index::lookup_key(name);
        if key.is_empty() || key.contains(['$', ' ']) {
            return;
        }
        if self
            .program
            .definition(&key)
            .is_some_and(|d| d.kind == ClassKind::Class)
        {
            return;
        }
        let module = key.split_once("::").map_or(&*key, |(m, _)| m);
        if !self.program.has_module(module) {
            return;
        }
        let mut c = Closest::new(&key);
        self.program
            .for_each_name(NameKind::Definition, &mut |n| c.offer(n));
        let suggestion = c.best().filter(|_| !self.defined_anywhere(&key));
        self.diags.push(TypeDiag::UnknownClass {
            name: key.into_owned(),
            span,
            suggestion,
        });
    }

    // ------------------------------------------------------------------ resources

    pub(super) fn resource(&mut self, r: &'p Resource, whole: Span) {
        self.values.clear();
        if let Some(t) = &r.type_expr {
            self.expr(t);
        }
        let type_name = crate::defs::index::lookup_key(&r.type_name.name);
        // The type is looked up once for all the questions below (before the walk: only the
        // values of a class's, a core type's or a defined type's attributes are checked, and
        // need be kept).
        let defs = if r.type_expr.is_some() || type_name == "class" {
            TypeDefs::default()
        } else {
            self.resource_type_defs(&type_name)
        };
        let TypeDefs {
            core,
            define,
            custom,
        } = defs;
        let keep =
            r.type_expr.is_none() && (type_name == "class" || core.is_some() || define.is_some());
        if keep {
            // Sized once for all the values (the map is kept, emptied, from resource to
            // resource).
            self.values
                .reserve(r.bodies.iter().map(|b| b.attributes.len()).sum());
        }
        for b in &r.bodies {
            self.walk_unused(&b.title);
            for a in &b.attributes {
                if keep {
                    let t = self.expr(&a.value);
                    self.values.insert(a.value.span, t);
                } else {
                    self.walk_unused(&a.value);
                }
            }
        }
        if r.type_expr.is_some() {
            return;
        }
        if type_name == "class" {
            for b in &r.bodies {
                self.class_reference(&b.title);
                if let Some(title) = literal_title(&b.title) {
                    self.class_parameters(&title, &b.attributes);
                }
            }
            return;
        }
        if core.is_none() && define.is_none() && custom.is_none() {
            self.report_unknown_resource_type(&type_name, r.type_name.span);
            return;
        }
        let source = defs.attribute_source();
        for b in &r.bodies {
            self.check_attribute_names_of(source, &type_name, &b.attributes);
            self.check_attribute_values(core, define, &type_name, &b.attributes);
            if let Some(d) = define
                && !matches!(b.title.kind, ExprKind::Default)
                && !b.attributes.iter().any(|a| a.op == AttributeOp::Splat)
                && !r
                    .bodies
                    .iter()
                    .any(|o| matches!(o.title.kind, ExprKind::Default))
            {
                for p in &d.params {
                    if !p.has_default
                        && !p.captures_rest
                        && !b.attributes.iter().any(|a| a.name.name == p.name)
                        && p.name != "name"
                        && p.name != "title"
                        && !self.defaulted(&type_name, &p.name)
                    {
                        self.diags.push(TypeDiag::MissingRequiredParameter {
                            definition: d.name.clone(),
                            param: p.name.clone(),
                            span: r.type_name.span,
                        });
                    }
                }
            }
            if r.form == ResourceForm::Regular {
                for (title, span) in literal_titles(&b.title) {
                    self.declared(type_name.clone(), title, span, whole);
                }
            }
        }
    }

    /// Records a resource with a literal title; reports it when the same context declared it
    /// before on a path this one also takes (two `if` branches are no duplicate), in another
    /// resource expression (one expression's own duplicates are P332's).
    pub(super) fn declared(
        &mut self,
        type_name: Cow<'p, str>,
        title: Cow<'p, str>,
        span: Span,
        expr: Span,
    ) {
        use std::collections::hash_map::Entry;
        let key = (self.context, type_name, title);
        let path = self.path.clone();
        crate::infer::reserve_if_unallocated(&mut self.resources, 16);
        match self.resources.entry(key) {
            Entry::Vacant(v) => {
                v.insert(vec![Declared { span, path, expr }]);
            }
            Entry::Occupied(mut o) => {
                let first = o
                    .get()
                    .iter()
                    .find(|d| {
                        d.expr != expr && (d.path.starts_with(&path) || path.starts_with(&d.path))
                    })
                    .map(|d| d.span);
                if let Some(first) = first {
                    self.diags.push(TypeDiag::DuplicateResource {
                        type_name: o.key().1.to_string(),
                        title: o.key().2.to_string(),
                        span,
                        first,
                    });
                    return;
                }
                o.get_mut().push(Declared { span, path, expr });
            }
        }
    }

    /// Reports the resource type `name`, which is neither a core type, a custom type nor a
    /// defined type, when it is certainly unknown.
    pub(super) fn report_unknown_resource_type(&mut self, name: &str, span: Span) {
        if name.contains(['$', '[']) || !self.should_report_unknown(name) {
            return;
        }
        let qualified = name.contains("::");
        let suggestion = match self.type_suggestions.get(name) {
            Some(s) => s.clone(),
            None => {
                let s = self
                    .closest_resource_type(name, qualified)
                    .filter(|_| !self.defined_anywhere(name));
                self.type_suggestions.insert(name.to_string(), s.clone());
                s
            }
        };
        if !qualified && !near_miss(name, &suggestion) {
            // A custom type of a module that is not installed: say nothing.
            return;
        }
        self.diags.push(TypeDiag::UnknownResourceType {
            name: name.to_string(),
            span,
            suggestion,
        });
    }

    /// The closest name to the unknown resource type `name`, for "did you mean".
    pub(super) fn closest_resource_type(&self, name: &str, qualified: bool) -> Option<String> {
        // The closest of the program's names is remembered (the same unknown types come back
        // in many files); the file's own definitions are offered each time. `Closest` gives
        // the same answer whatever the order, so the closest of all is the closest of these.
        // An unqualified name is reported only for a near miss: farther names need not be
        // looked at (the closest name, when near, is the same).
        let limit = if qualified {
            usize::MAX
        } else {
            near_miss_limit(name)
        };
        let global = self.program.global;
        let fingerprint = *self
            .names_fingerprint
            .get_or_init(|| global.names_fingerprint());
        let mut c = Closest::within(name, limit);
        if let Some(best) = global_closest_type(self.caches(), global, fingerprint, name, limit) {
            c.offer(&best);
        }
        self.program
            .for_each_local_name(NameKind::Definition, &mut |n| c.offer(n));
        c.best()
    }

    /// Where the attributes of a resource type come from, or `None` when they are not known
    /// in full.
    pub(super) fn attribute_source(&self, type_name: &str) -> Option<AttributeSource<'p>> {
        self.resource_type_defs(type_name).attribute_source()
    }

    /// What defines the resource type `name` (a lower-case name without leading `::`).
    pub(super) fn resource_type_defs(&self, name: &str) -> TypeDefs<'p> {
        let core = builtins::resource_type(name);
        let define = self
            .program
            .definition(name)
            .filter(|d| d.kind == ClassKind::Define);
        let custom = if core.is_none() && define.is_none() {
            self.program.resource_type(name)
        } else {
            None
        };
        TypeDefs {
            core,
            define,
            custom,
        }
    }

    pub(super) fn check_attribute_names(
        &mut self,
        type_name: &str,
        attrs: &'p [crate::syntax::ast::Attribute],
    ) {
        if attrs.is_empty() {
            return;
        }
        let source = self.attribute_source(type_name);
        self.check_attribute_names_of(source, type_name, attrs);
    }

    /// [`Infer::check_attribute_names`] with the type's [`Infer::attribute_source`].
    pub(super) fn check_attribute_names_of(
        &mut self,
        source: Option<AttributeSource<'p>>,
        type_name: &str,
        attrs: &'p [crate::syntax::ast::Attribute],
    ) {
        let Some(source) = source else {
            return;
        };
        for a in attrs {
            if a.op == AttributeOp::Splat || source.accepts(&a.name.name) {
                continue;
            }
            let suggestion = closest(&a.name.name, source.names());
            self.diags.push(TypeDiag::UnknownAttribute {
                type_name: type_name.to_string(),
                attribute: a.name.name.clone(),
                span: a.name.span,
                suggestion,
            });
        }
    }

    /// The values of a resource's attributes against the types of a core type's attributes
    /// (`core`) or else of a define's parameters (`define`).
    pub(super) fn check_attribute_values(
        &mut self,
        core: Option<&'static crate::defs::model::ResourceTypeDef>,
        define: Option<&'p crate::defs::model::ClassDef>,
        type_name: &str,
        attrs: &'p [crate::syntax::ast::Attribute],
    ) {
        // The values were all walked by `resource` (`peek_type` finds them in `values`).
        let define = if core.is_some() { None } else { define };
        for a in attrs {
            if a.op != AttributeOp::Set {
                continue;
            }
            if let Some(t) = core {
                let Some(def) = core_attribute(t, &a.name.name) else {
                    continue;
                };
                let Some(expected) = builtin_attribute_type(self.caches(), def) else {
                    continue;
                };
                let found = self.peek_type(&a.value);
                let property = def.kind == crate::defs::model::AttributeKind::Property;
                if !self.attribute_value_ok(&expected, &found, property) {
                    self.diags.push(TypeDiag::AttributeTypeMismatch {
                        type_name: type_name.to_string(),
                        attribute: a.name.name.clone(),
                        expected: (*expected).clone(),
                        found,
                        span: a.value.span,
                    });
                }
                self.regex_gave_up(a.value.span);
            } else if let Some(d) = define {
                let Some(p) = d.params.iter().find(|p| p.name == a.name.name) else {
                    continue;
                };
                let Some(expected) = p.ty.as_deref().and_then(|t| self.caches().parsed(t)) else {
                    continue;
                };
                let found = self.peek_type(&a.value);
                if !self.may_match(&expected, &found) {
                    self.diags.push(TypeDiag::ParameterTypeMismatch {
                        definition: d.name.clone(),
                        param: p.name.clone(),
                        expected: (*expected).clone(),
                        found,
                        span: a.value.span,
                    });
                }
                self.regex_gave_up(a.value.span);
            }
        }
    }

    /// A value for a core type's attribute: its type, or undef, a Sensitive or Deferred
    /// value, or (for a property) an array of values of its type.
    pub(super) fn attribute_value_ok(&self, expected: &Type, found: &Type, property: bool) -> bool {
        let r = self.resolver;
        let k = kinds(found, r);
        if k & (compat::UNDEF | compat::SENSITIVE) != 0
            && k & !(compat::UNDEF | compat::SENSITIVE) == 0
        {
            return true;
        }
        if property && k & compat::ARRAY != 0 {
            return match found {
                Type::Tuple(t) => t
                    .types
                    .iter()
                    .all(|e| self.attribute_value_ok(expected, e, false)),
                _ => true,
            };
        }
        self.may_match(expected, found)
    }

    /// `class { 'name': params }`: parameters exist and have the right types.
    pub(super) fn class_parameters(
        &mut self,
        class: &str,
        attrs: &'p [crate::syntax::ast::Attribute],
    ) {
        let Some(d) = self
            .program
            .definition(class)
            .filter(|d| d.kind == ClassKind::Class)
        else {
            return;
        };
        let meta: Vec<&str> = builtins::metaparameters()
            .iter()
            .map(|a| a.name.as_str())
            .collect();
        for a in attrs {
            // `name` sets the class's `$name`, as in a defined type.
            if a.op == AttributeOp::Splat
                || a.name.name == "name"
                || meta.contains(&a.name.name.as_str())
            {
                continue;
            }
            match d.params.iter().find(|p| p.name == a.name.name) {
                None => {
                    let suggestion =
                        closest(&a.name.name, d.params.iter().map(|p| p.name.as_str()));
                    self.diags.push(TypeDiag::UnknownClassParameter {
                        class: d.name.clone(),
                        param: a.name.name.clone(),
                        span: a.name.span,
                        suggestion,
                    });
                }
                Some(p) => {
                    let Some(expected) = p.ty.as_deref().and_then(|t| self.caches().parse(t))
                    else {
                        continue;
                    };
                    let found = self.peek_type(&a.value);
                    if !self.may_match(&expected, &found) {
                        self.diags.push(TypeDiag::ParameterTypeMismatch {
                            definition: d.name.clone(),
                            param: p.name.clone(),
                            expected,
                            found,
                            span: a.value.span,
                        });
                    }
                    self.regex_gave_up(a.value.span);
                }
            }
        }
    }

    /// The type of an expression already walked (recorded), or a fresh quiet inference of it.
    pub(super) fn peek_type(&mut self, e: &'p Expr) -> Type {
        // Each value is peeked at most once: it is taken, not copied.
        if let Some(t) = self.values.remove(&e.span) {
            return t;
        }
        if let Some(r) = &self.record
            && let Some((_, t)) = r.iter().rev().find(|(s, _)| *s == e.span)
        {
            return t.clone();
        }
        // Re-infer without keeping findings (the value was walked once already).
        let n = self.diags.len();
        let saved = self.record.take();
        let log_len = self.branch_log.len();
        let t = self.expr(e);
        self.branch_log.truncate(log_len);
        self.record = saved;
        self.diags.truncate(n);
        t
    }

    /// `Type { attributes }`: the values walked, the attribute names checked.
    pub(super) fn resource_defaults(&mut self, d: &'p ResourceDefaults) -> Type {
        let name = d.type_ref.name.to_ascii_lowercase();
        for a in &d.attributes {
            self.walk_unused(&a.value);
        }
        self.check_attribute_names(&name, &d.attributes);
        Type::Any
    }

    /// `Type[title] { attributes }`: the reference and the values walked.
    pub(super) fn resource_override(&mut self, o: &'p ResourceOverride) -> Type {
        self.walk_unused(&o.target);
        for a in &o.attributes {
            self.walk_unused(&a.value);
        }
        Type::Any
    }

    /// `Type <| query |> { attributes }`: the query and the values walked.
    pub(super) fn collector(&mut self, c: &'p Collector) -> Type {
        if let Some(q) = &c.query {
            self.expr(q);
        }
        for a in &c.attributes {
            self.walk_unused(&a.value);
        }
        Type::Any
    }
}

/// Is `suggestion` so close to `name` that `name` is a misspelling rather than the name of
/// something plint does not see (a custom type or function of a module that is not
/// installed)? At most [`crate::suggest::typo_limit`] edits, a swap of neighbours counting as one.
pub(super) fn near_miss(name: &str, suggestion: &Option<String>) -> bool {
    suggestion
        .as_deref()
        .is_some_and(|s| crate::suggest::distance(name, s) <= near_miss_limit(name))
}

/// How many edits a near miss is at most (see [`near_miss`]).
pub(super) fn near_miss_limit(name: &str) -> usize {
    crate::suggest::typo_limit(name)
}

/// What defines a resource type (see [`Infer::resource_type_defs`]): the core type, the
/// defined type of that name, and the custom type when it is neither.
#[derive(Clone, Copy, Default)]
pub(super) struct TypeDefs<'p> {
    core: Option<&'static crate::defs::model::ResourceTypeDef>,
    define: Option<&'p crate::defs::model::ClassDef>,
    custom: Option<&'p crate::defs::model::ResourceTypeDef>,
}

impl<'p> TypeDefs<'p> {
    /// Where the type's attributes come from (see [`Infer::attribute_source`]): the core type,
    /// else the defined type, else the custom type.
    fn attribute_source(self) -> Option<AttributeSource<'p>> {
        if let Some(t) = self.core {
            Some(AttributeSource::Core(t))
        } else if let Some(d) = self.define {
            if d.params.iter().any(|p| p.captures_rest) {
                return None;
            }
            Some(AttributeSource::Define(d))
        } else if let Some(t) = self.custom {
            // Ruby types are read, not run: a type whose attributes can come from code the
            // reader does not follow (a parent type, a mixin) is not complete, not checked.
            if !resource_type_complete(t) {
                return None;
            }
            Some(AttributeSource::Custom(t))
        } else {
            None
        }
    }
}

/// Where the attributes of a resource type come from (see [`Infer::attribute_source`]).
#[derive(Clone, Copy)]
pub(super) enum AttributeSource<'p> {
    Core(&'static crate::defs::model::ResourceTypeDef),
    Define(&'p crate::defs::model::ClassDef),
    Custom(&'p crate::defs::model::ResourceTypeDef),
}

impl<'p> AttributeSource<'p> {
    /// Does the type accept the attribute `name` (a metaparameter included)?
    fn accepts(self, name: &str) -> bool {
        // The type's own attributes first: most names are.
        let own = match self {
            // `name` is every type's namevar by another name (`file`'s `path`).
            AttributeSource::Core(t) => return core_attribute(t, name).is_some() || name == "name",
            AttributeSource::Define(d) => d.params.iter().any(|p| p.name == name) || name == "name",
            // Puppet adds `provider` to every type that has providers.
            AttributeSource::Custom(t) => {
                t.attributes.iter().any(|a| a.name == name) || name == "provider" || name == "name"
            }
        };
        own || builtins::metaparameters().iter().any(|m| m.name == name)
    }

    /// Every attribute name the type accepts.
    fn names(self) -> Vec<&'p str> {
        let mut names: Vec<&'p str> = builtins::metaparameters()
            .iter()
            .map(|a| a.name.as_str())
            .collect();
        match self {
            AttributeSource::Core(t) => names.extend(t.attributes.iter().map(|a| a.name.as_str())),
            AttributeSource::Define(d) => {
                names.extend(d.params.iter().map(|p| p.name.as_str()));
                names.push("name");
            }
            AttributeSource::Custom(t) => {
                names.extend(t.attributes.iter().map(|a| a.name.as_str()));
                names.push("provider");
            }
        }
        names
    }
}

/// The literal titles of a title expression: a string, a name, or an array of them.
pub(super) fn literal_titles(e: &Expr) -> impl Iterator<Item = (Cow<'_, str>, Span)> {
    let items = match &e.kind {
        ExprKind::Array(items) => items.as_slice(),
        _ => std::slice::from_ref(e),
    };
    items
        .iter()
        .filter_map(|i| literal_title(i).map(|t| (t, i.span)))
}

/// The literal title of a resource body (a string without interpolation or a name),
/// borrowed when it is written as one piece.
pub(super) fn literal_title(e: &Expr) -> Option<Cow<'_, str>> {
    match &e.kind {
        ExprKind::String(s) => match s.text() {
            Some(text) => Some(Cow::Borrowed(text)),
            None => s.literal_value().map(Cow::Owned),
        },
        ExprKind::Name(n) => Some(Cow::Borrowed(n)),
        _ => None,
    }
}

pub(super) fn resource_type_complete(t: &crate::defs::model::ResourceTypeDef) -> bool {
    t.complete
}
