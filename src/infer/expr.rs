//! The type of every expression of a file, and the checks made on the way.
//!
//! One walk in evaluation order: literals get exact types (`Integer[3, 3]`, a string with its
//! value, tuples and structs for array and hash literals, as Puppet's `infer_set`), variables
//! the type of what was assigned or the declared type of the parameter, operators the type
//! Puppet's evaluator gives (seed 003), calls the return type of the first signature that
//! accepts the arguments. Iteration lambdas get their parameters' types from the collection,
//! and `if $x =~ T` / `case $x { T: }` narrow `$x` to `T` in the branch.

use rustc_hash::FxHashMap as HashMap;
use std::borrow::Cow;
use std::cell::RefCell;

use super::compat::{self, Fit, kinds};
use super::program::{NameKind, Program};
use super::{Analysis, Closest, LambdaProblem, TaskProblem, TypeDiag, closest};
use crate::defs::model::{ClassKind, FunctionDef, FunctionKind, ParamKind, Signature};
use crate::defs::{bolt, builtins};
use crate::syntax::ast::{
    AttributeOp, BinaryOp, Block, Call, Case, Expr, ExprKind, Lambda, MethodCall, Parameter,
    Resource, ResourceForm, Span, StringPart, UnaryOp,
};
use crate::types::{self, AliasResolver, FloatRange, IntRange, StructMember, Type, TypeCalculator};

/// Array and hash literals larger than this are typed `Array[T]` / `Hash[K, V]` rather than
/// tuples and structs.
const MAX_EXACT: usize = 32;

/// How deep the (recursive) walk goes into nested expressions.
const MAX_DEPTH: u32 = 256;

/// What a branch's condition proves: a variable has a type there.
type Narrowing<'p> = Option<(&'p str, Type)>;

/// What a branch left in the innermost scope (the names it changed: their value, `None` when
/// removed), and the branch's value.
type ArmResult<'p> = (Vec<(&'p str, Option<Type>)>, Type);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ScopeKind {
    Top,
    Named,
    Lambda,
}

#[derive(Debug)]
struct Scope<'p> {
    kind: ScopeKind,
    vars: HashMap<&'p str, Type>,
}

/// Resolves type aliases through the program, parsing each alias once.
pub struct Resolver<'p> {
    program: &'p Program<'p>,
    cache: RefCell<HashMap<String, Option<Type>>>,
}

impl<'p> Resolver<'p> {
    pub fn new(program: &'p Program<'p>) -> Self {
        Resolver {
            program,
            cache: RefCell::new(HashMap::default()),
        }
    }
}

impl AliasResolver for Resolver<'_> {
    fn resolve(&self, name: &str) -> Option<Type> {
        let key = name.to_ascii_lowercase();
        if let Some(hit) = self.cache.borrow().get(&key) {
            return hit.clone();
        }
        let t = if let Some(a) = self.program.type_alias(name) {
            parse_type(&a.ty)
        } else if self.program.resource_type(&key).is_some()
            || self
                .program
                .definition(&key)
                .is_some_and(|d| d.kind == ClassKind::Define)
        {
            Some(Type::resource(&key, None))
        } else {
            None
        };
        self.cache.borrow_mut().insert(key, t.clone());
        t
    }
}

/// The common type of string literals and case-sensitive `Enum`s (the keys and values of a
/// large hash or array literal), made at once: `Enum` of every value, what folding [`types::common_with`] over them gives, without
/// copying a growing `Enum` at each step. `None` when another type is among them.
fn common_strings(ts: &[Type]) -> Option<Type> {
    if ts.len() < 3 {
        return None;
    }
    let mut total = 0;
    for t in ts {
        match t {
            Type::String(s) if s.size.is_none() && s.value.is_some() => total += 1,
            Type::Enum(e) if !e.case_insensitive && !e.values.is_empty() => total += e.values.len(),
            _ => return None,
        }
    }
    let mut values = Vec::with_capacity(total);
    for t in ts {
        match t {
            Type::String(s) => values.extend(s.value.iter().cloned()),
            Type::Enum(e) => values.extend(e.values.iter().cloned()),
            _ => {}
        }
    }
    let e = types::EnumType::new(values, false);
    // One value: the fold keeps the first type (`String['a']` or `Enum['a']`), and is cheap.
    (e.values.len() > 1).then_some(Type::Enum(e))
}

pub struct Infer<'p> {
    src: &'p str,
    program: &'p Program<'p>,
    resolver: &'p Resolver<'p>,
    /// Assignability and common types, with the aliases resolved once per file.
    calc: TypeCalculator<'p>,
    scopes: Vec<Scope<'p>>,
    diags: Vec<TypeDiag>,
    record: Option<Vec<(Span, Type)>>,
    /// Resources declared with a literal title: (context, type, title) -> where, on which
    /// execution path, in which resource expression.
    resources: HashMap<(u32, Cow<'p, str>, Cow<'p, str>), Vec<Declared>>,
    /// The branches taken to reach the current expression: (branch point, arm).
    path: Vec<(u32, u32)>,
    next_branch: u32,
    /// The definition, node or lambda being walked (resources in two of them are not
    /// duplicates: they need not both be evaluated, or are evaluated once per call).
    context: u32,
    next_context: u32,
    /// The statements of the file.
    file: &'p [Expr],
    /// The attributes given by resource defaults (`Type { attr => }`) in the file, by type
    /// (found when first asked).
    defaulted: Option<HashMap<String, rustc_hash::FxHashSet<String>>>,
    /// The types of the attribute values of the resource being checked.
    values: HashMap<Span, Type>,
    /// How many `expr` calls are active.
    depth: u32,
    /// The suggestions for the unknown resource types met, by name.
    type_suggestions: HashMap<String, Option<String>>,
    /// A fingerprint of the program's resource type and definition names (see
    /// [`global_closest_type`]).
    names_fingerprint: std::cell::OnceCell<u64>,
    /// The value of the conditional about to be walked is not used (see
    /// [`Infer::statements`]).
    value_unused: bool,
    /// The type expression about to be walked is an argument of another (`String` in
    /// `Array[String]`): the outer one is lowered whole, so the inner one's type is not used
    /// (see [`Infer::access`]).
    type_arg_unused: bool,
    /// The types of the qualified variables read (`$a::b::x`), by name.
    qualified: RefCell<HashMap<String, Type>>,
    /// The patterns whose match gave up that were reported (once per pattern and file).
    regex_reported: rustc_hash::FxHashSet<String>,
    /// Assignments made inside the current branch (for joining after `if` / `case`).
    branch_log: Vec<Vec<&'p str>>,
    /// How many [`Infer::branches`] are being walked.
    open_branches: u32,
    /// The changes made to the scopes while a branch is open: (scope index, name, previous
    /// value), to undo them (see [`Infer::branches`]).
    journal: Vec<(usize, &'p str, Option<Type>)>,
    /// The variable maps of popped scopes, emptied, for the next scopes (a file enters
    /// hundreds of lambda and definition scopes: their maps need not grow anew each time).
    spare_vars: Vec<HashMap<&'p str, Type>>,
}

impl<'p> Infer<'p> {
    pub fn new(src: &'p str, resolver: &'p Resolver<'p>, record: bool) -> Self {
        Infer {
            src,
            program: resolver.program,
            resolver,
            calc: TypeCalculator::new(resolver),
            scopes: Vec::new(),
            diags: Vec::new(),
            record: record.then(Vec::new),
            resources: HashMap::default(),
            branch_log: Vec::new(),
            open_branches: 0,
            journal: Vec::new(),
            spare_vars: Vec::new(),
            path: Vec::new(),
            next_branch: 0,
            context: 0,
            next_context: 1,
            file: &[],
            defaulted: None,
            values: HashMap::with_capacity_and_hasher(16, Default::default()),
            depth: 0,
            value_unused: false,
            type_arg_unused: false,
            type_suggestions: HashMap::default(),
            names_fingerprint: std::cell::OnceCell::new(),
            qualified: RefCell::default(),
            regex_reported: Default::default(),
        }
    }

    pub fn run(mut self, file: &'p crate::syntax::ast::File) -> Analysis {
        self.file = &file.statements;
        self.push(ScopeKind::Top);
        self.statements(&file.statements);
        self.pop();
        // A match that gave up where no value was being checked (a common type): reported at
        // the file's first statement.
        let first = file.statements.first().map_or(Span::default(), |e| e.span);
        self.regex_gave_up(first);
        Analysis {
            diags: self.diags,
            types: self.record.unwrap_or_default(),
        }
    }

    /// Reports the patterns whose match gave up in the checks just made (`at`: the value
    /// checked), each once per file.
    fn regex_gave_up(&mut self, at: Span) {
        for (pattern, text) in self.calc.take_gave_up() {
            if self.regex_reported.insert(pattern.clone()) {
                self.diags.push(TypeDiag::RegexTooCostly {
                    pattern,
                    text,
                    span: at,
                });
            }
        }
    }

    /// Does a resource default of the file (`Type { attr => }`) give `attr` to `type_name`?
    fn defaulted(&mut self, type_name: &str, attr: &str) -> bool {
        let file = self.file;
        let defaulted = self.defaulted.get_or_insert_with(|| {
            let mut found: HashMap<String, rustc_hash::FxHashSet<String>> = HashMap::default();
            for s in file {
                s.walk(&mut |e| {
                    if let ExprKind::ResourceDefaults(d) = &e.kind {
                        let t = crate::defs::index::key(&d.type_ref.name);
                        let attrs = found.entry(t).or_default();
                        for a in &d.attributes {
                            attrs.insert(a.name.name.clone());
                        }
                    }
                });
            }
            found
        });
        defaulted.get(type_name).is_some_and(|a| a.contains(attr))
    }

    // ------------------------------------------------------------------ scopes

    /// Enters a new context (see [`Infer::context`]); gives the one to restore.
    fn enter_context(&mut self) -> u32 {
        let old = self.context;
        self.context = self.next_context;
        self.next_context += 1;
        old
    }

    fn push(&mut self, kind: ScopeKind) {
        let vars = self.spare_vars.pop().unwrap_or_default();
        self.scopes.push(Scope { kind, vars });
    }

    fn pop(&mut self) {
        if let Some(mut s) = self.scopes.pop() {
            s.vars.clear();
            self.spare_vars.push(s.vars);
        }
    }

    fn bind(&mut self, name: &'p str, t: Type) {
        if let Some(log) = self.branch_log.last_mut() {
            log.push(name);
        }
        if let Some(idx) = self.scopes.len().checked_sub(1) {
            self.write(idx, name, Some(t));
        }
    }

    fn lookup(&self, name: &str) -> Option<&Type> {
        for s in self.scopes.iter().rev() {
            if let Some(t) = s.vars.get(name) {
                return Some(t);
            }
            // A named scope sees top scope, not the scopes around it.
            if s.kind == ScopeKind::Named {
                return self
                    .scopes
                    .first()
                    .filter(|t| t.kind == ScopeKind::Top)
                    .and_then(|t| t.vars.get(name));
            }
        }
        None
    }

    fn variable_type(&self, name: &str) -> Type {
        if name.bytes().all(|b| b.is_ascii_digit()) {
            return Type::optional(Type::string());
        }
        let plain = crate::syntax::trim_colons(name);
        if plain == "facts" {
            return Type::hash(Type::string(), Type::Any, None);
        }
        if plain == "trusted" {
            return trusted_type();
        }
        if !name.starts_with("::") && !has_colons(plain) {
            if let Some(t) = self.lookup(plain) {
                return t.clone();
            }
        } else if let Some((class, var)) = rsplit_colons(plain) {
            // `$a::b::x`: a parameter's declared type (a variable's value is not known here).
            if let Some(t) = self.qualified.borrow().get(plain) {
                return t.clone();
            }
            let t = match self
                .program
                .definition(class)
                .filter(|d| d.kind == ClassKind::Class)
                .and_then(|d| d.params.iter().find(|p| p.name == var))
            {
                Some(p) => p.ty.as_deref().and_then(parse_type).unwrap_or(Type::Any),
                None => Type::Any,
            };
            self.qualified
                .borrow_mut()
                .insert(plain.to_string(), t.clone());
            return t;
        } else if let Some(t) = self.scopes.first().and_then(|s| s.vars.get(plain)) {
            return t.clone();
        }
        Type::Any
    }

    // ------------------------------------------------------------------ walking

    fn statements(&mut self, stmts: &'p [Expr]) -> Type {
        let mut last = Type::Undef;
        let n = stmts.len();
        for (i, s) in stmts.iter().enumerate() {
            // The value of a conditional that is not the last statement is not used (unless
            // every type is recorded): its branches' values need not be joined. Nor need an
            // assignment's value be copied for the statement.
            self.value_unused = i + 1 < n
                && self.record.is_none()
                && matches!(
                    s.kind,
                    ExprKind::If(_)
                        | ExprKind::Unless(_)
                        | ExprKind::Case(_)
                        | ExprKind::Assignment { .. }
                        | ExprKind::Call(_)
                        | ExprKind::MethodCall(_)
                );
            last = self.expr(s);
            self.value_unused = false;
        }
        last
    }

    /// Walks a parameter's type expression; gives the type it stands for (as
    /// [`types::from_expr`], which the walk of a type with arguments already made).
    fn declared_type(&mut self, t: &'p Expr) -> Type {
        let lowered_by_walk = self.depth < MAX_DEPTH
            && matches!(&t.kind, ExprKind::Access { target, .. } if is_type_expr(target));
        let walked = self.expr(t);
        if lowered_by_walk && let Type::Type(Some(inner)) = walked {
            return *inner;
        }
        lower_type(t, self.src).unwrap_or(Type::Any)
    }

    fn block(&mut self, b: &'p Block) -> Type {
        self.statements(&b.statements)
    }

    fn record(&mut self, span: Span, t: &Type) {
        if let Some(r) = &mut self.record {
            r.push((span, t.clone()));
        }
    }

    fn common(&self, a: &Type, b: &Type) -> Type {
        let t = types::common_with(a, b, &self.calc);
        self.calc.settle();
        t
    }

    fn may_match(&self, expected: &Type, found: &Type) -> bool {
        compat::may_match_with(expected, found, self.resolver, &self.calc)
    }

    fn text(&self, span: Span) -> &'p str {
        self.src.get(span.range()).unwrap_or("")
    }

    /// The type of `e`, checking it and everything below it. Below `MAX_DEPTH` nested
    /// expressions, the rest is not looked at (`Any`): the walk is recursive.
    pub fn expr(&mut self, e: &'p Expr) -> Type {
        if self.depth >= MAX_DEPTH {
            return Type::Any;
        }
        // The commonest leaves, as `expr_inner` types them, without entering it.
        let t = match &e.kind {
            ExprKind::Variable(name) => self.variable_type(name),
            ExprKind::String(s) if matches!(s.parts.as_slice(), [StringPart::Text { .. }]) => {
                Type::string_value(s.text().unwrap_or_default().to_string())
            }
            ExprKind::Name(n) => Type::string_value(n.clone()),
            ExprKind::Boolean(b) => Type::Boolean(Some(*b)),
            ExprKind::Undef => Type::Undef,
            _ => {
                self.depth += 1;
                let t = self.expr_inner(e);
                self.depth -= 1;
                t
            }
        };
        self.record(e.span, &t);
        t
    }

    /// Walks `e` for its checks when its type is not used: a leaf (a literal, a variable),
    /// which holds nothing to check, is not typed at all (unless every type is recorded). A
    /// type reference is: its name is checked.
    fn walk_unused(&mut self, e: &'p Expr) {
        let leaf = e.kind.is_leaf() && !matches!(e.kind, ExprKind::TypeRef(_));
        if leaf && self.record.is_none() {
            return;
        }
        self.expr(e);
    }

    fn expr_inner(&mut self, e: &'p Expr) -> Type {
        match &e.kind {
            ExprKind::Integer(i) => match i.value {
                Some(n) => Type::Integer(IntRange::exact(n)),
                None => Type::integer(),
            },
            ExprKind::Float(f) => Type::Float(FloatRange {
                min: Some(*f),
                max: Some(*f),
            }),
            ExprKind::Boolean(b) => Type::Boolean(Some(*b)),
            ExprKind::Undef => Type::Undef,
            ExprKind::Default => Type::Default,
            ExprKind::Regex(r) => Type::Regexp(Some(r.clone())),
            ExprKind::String(s) => {
                let mut interpolated = false;
                for p in &s.parts {
                    if let StringPart::Interpolation { expr, .. } = p {
                        interpolated = true;
                        // The value is not used: a variable's (a copy of its type, no
                        // finding) need not be looked up, unless every type is recorded.
                        self.walk_unused(expr);
                    }
                }
                let value = match s.text() {
                    _ if interpolated => None,
                    Some(text) => Some(text.to_string()),
                    None => s.literal_value(),
                };
                match value {
                    Some(v) => Type::string_value(v),
                    None => Type::string(),
                }
            }
            ExprKind::Variable(name) => self.variable_type(name),
            ExprKind::Name(n) => Type::string_value(n.clone()),
            ExprKind::TypeRef(n) => {
                self.check_type_name(n, e.span);
                if std::mem::take(&mut self.type_arg_unused) {
                    return Type::Any;
                }
                Type::type_of(self.type_of_ref(n))
            }
            ExprKind::ReservedWord(w) => Type::string_value(w.clone()),
            ExprKind::Array(items) => {
                let ts: Vec<Type> = items.iter().map(|i| self.expr(i)).collect();
                if items.iter().any(|i| {
                    matches!(
                        i.kind,
                        ExprKind::Unary {
                            op: UnaryOp::Splat,
                            ..
                        }
                    )
                }) {
                    return Type::array_any();
                }
                self.array_of(ts)
            }
            ExprKind::Hash(h) => {
                let mut keys = Vec::with_capacity(h.entries.len());
                let mut values = Vec::with_capacity(h.entries.len());
                for p in &h.entries {
                    keys.push(self.expr(&p.key));
                    values.push(self.expr(&p.value));
                }
                let n = h.entries.len();
                // Known string keys, all different: a struct.
                let named = |k: &Type| matches!(k, Type::String(s) if s.value.is_some());
                if n <= MAX_EXACT && n > 0 && keys.iter().all(named) {
                    // At most MAX_EXACT keys: compared pairwise, without a set to build.
                    fn value(k: &Type) -> Option<&str> {
                        match k {
                            Type::String(s) => s.value.as_deref(),
                            _ => None,
                        }
                    }
                    let distinct = keys
                        .iter()
                        .enumerate()
                        .all(|(i, k)| keys[..i].iter().all(|o| value(o) != value(k)));
                    if distinct {
                        let members = keys
                            .into_iter()
                            .zip(values)
                            .map(|(k, value)| StructMember {
                                name: match k {
                                    Type::String(s) => s.value.unwrap_or_default(),
                                    _ => String::new(),
                                },
                                optional: false,
                                value,
                            })
                            .collect();
                        return Type::Struct(members);
                    }
                }
                let k = self.common_all(keys);
                let v = self.common_all(values);
                Type::hash(k, v, Some(IntRange::exact(n as i64)))
            }
            ExprKind::Access { target, args } => self.access(e, target, args),
            ExprKind::Unary { op, operand } => {
                let t = self.expr(operand);
                match op {
                    UnaryOp::Not => Type::Boolean(None),
                    UnaryOp::Splat => t,
                    UnaryOp::Neg => match t {
                        Type::Integer(r) if r.min.is_some() && r.min == r.max => {
                            match r.min.and_then(i64::checked_neg) {
                                Some(n) => Type::Integer(IntRange::exact(n)),
                                None => Type::integer(),
                            }
                        }
                        Type::Float(r) if r.min.is_some() && r.min == r.max => {
                            Type::Float(FloatRange {
                                min: r.min.map(|f| -f),
                                max: r.min.map(|f| -f),
                            })
                        }
                        Type::Integer(_) => Type::integer(),
                        Type::Float(_) => Type::float(),
                        _ => Type::Numeric,
                    },
                }
            }
            ExprKind::Binary {
                op,
                op_span,
                left,
                right,
            } => self.binary(e, *op, *op_span, left, right),
            ExprKind::Assignment { left, right, .. } => {
                let unused = std::mem::take(&mut self.value_unused);
                let t = self.expr(right);
                match &left.kind {
                    ExprKind::Variable(name) if unused => {
                        // A statement's value that is not used: the type moves to the
                        // variable.
                        self.bind(name, t);
                        return Type::Undef;
                    }
                    ExprKind::Variable(name) => {
                        let generalized = t.clone();
                        self.bind(name, generalized);
                    }
                    ExprKind::Array(targets) => {
                        for target in targets {
                            if let ExprKind::Variable(name) = &target.kind {
                                self.bind(name, Type::Any);
                            }
                        }
                    }
                    _ => self.walk_unused(left),
                }
                t
            }
            ExprKind::Relationship { left, right, .. } => {
                self.walk_unused(left);
                self.expr(right)
            }
            ExprKind::Selector { value, entries } => {
                self.walk_unused(value);
                let mut out: Option<Type> = None;
                for en in entries {
                    self.walk_unused(&en.matcher);
                    let t = self.expr(&en.value);
                    out = Some(match out {
                        None => t,
                        Some(o) => self.common(&o, &t),
                    });
                }
                out.unwrap_or(Type::Any)
            }
            ExprKind::Paren(inner) => self.expr(inner),
            ExprKind::Call(c) => self.call(e, c),
            ExprKind::MethodCall(m) => self.method_call(e, m),
            ExprKind::If(i) => {
                let want_value = !std::mem::take(&mut self.value_unused);
                let mut arms: Vec<(Narrowing<'p>, &'p Block)> = Vec::new();
                for (cond, body) in &i.branches {
                    self.walk_unused(cond);
                    arms.push((self.narrowing(cond), body));
                }
                let else_block = i.else_block.as_ref();
                self.branches(arms, else_block, want_value)
            }
            ExprKind::Unless(u) => {
                let want_value = !std::mem::take(&mut self.value_unused);
                self.walk_unused(&u.condition);
                self.branches(
                    vec![(None, &u.then_block)],
                    u.else_block.as_ref(),
                    want_value,
                )
            }
            ExprKind::Case(c) => self.case(c),
            ExprKind::Resource(r) => {
                self.resource(r, e.span);
                Type::Any
            }
            ExprKind::ResourceDefaults(d) => {
                let name = d.type_ref.name.to_ascii_lowercase();
                for a in &d.attributes {
                    self.walk_unused(&a.value);
                }
                self.check_attribute_names(&name, &d.attributes);
                Type::Any
            }
            ExprKind::ResourceOverride(o) => {
                self.walk_unused(&o.target);
                for a in &o.attributes {
                    self.walk_unused(&a.value);
                }
                Type::Any
            }
            ExprKind::Collector(c) => {
                if let Some(q) = &c.query {
                    self.expr(q);
                }
                for a in &c.attributes {
                    self.walk_unused(&a.value);
                }
                Type::Any
            }
            ExprKind::Class(c) => {
                self.definition(&c.params, &c.body);
                Type::Any
            }
            ExprKind::Define(d) => {
                self.push(ScopeKind::Named);
                self.reserve_vars(d.params.len() + 10);
                self.bind("title", Type::string());
                self.bind("name", Type::string());
                self.pop_after_definition(&d.params, &d.body);
                Type::Any
            }
            ExprKind::Plan(p) => {
                self.definition(&p.params, &p.body);
                Type::Any
            }
            ExprKind::Function(f) => {
                if let Some(r) = &f.return_type {
                    self.expr(r);
                }
                self.definition(&f.params, &f.body);
                Type::Any
            }
            ExprKind::Node(n) => {
                for m in &n.matchers {
                    self.walk_unused(m);
                }
                self.push(ScopeKind::Named);
                let ctx = self.enter_context();
                self.block(&n.body);
                self.context = ctx;
                self.pop();
                Type::Any
            }
            ExprKind::TypeAlias(t) => {
                self.expr(&t.value);
                Type::Any
            }
            ExprKind::TypeDefinition(_) | ExprKind::Error => Type::Any,
        }
    }

    fn common_all(&self, ts: Vec<Type>) -> Type {
        if let Some(t) = common_strings(&ts) {
            return t;
        }
        let mut it = ts.into_iter();
        let Some(first) = it.next() else {
            return Type::Unit;
        };
        it.fold(first, |a, t| self.common(&a, &t))
    }

    fn array_of(&self, ts: Vec<Type>) -> Type {
        let n = ts.len();
        if n == 0 {
            return Type::array(Type::Unit, Some(IntRange::exact(0)));
        }
        if n <= MAX_EXACT {
            return Type::tuple(ts, None);
        }
        let elem = self.common_all(ts);
        Type::array(elem, Some(IntRange::exact(n as i64)))
    }

    // ------------------------------------------------------------------ definitions

    fn definition(&mut self, params: &'p [Parameter], body: &'p Block) {
        self.push(ScopeKind::Named);
        self.pop_after_definition(params, body);
    }

    /// Sizes the innermost scope for `n` more names at once (a definition's parameters and a
    /// few more), rather than growing its map step by step.
    fn reserve_vars(&mut self, n: usize) {
        if let Some(s) = self.scopes.last_mut() {
            s.vars.reserve(n);
        }
    }

    /// Binds the parameters (checking their defaults), walks the body, pops the scope.
    fn pop_after_definition(&mut self, params: &'p [Parameter], body: &'p Block) {
        self.reserve_vars(params.len() + 8);
        for p in params {
            let declared = p.type_expr.as_ref().map(|t| self.declared_type(t));
            if let Some(d) = &p.default {
                let found = self.expr(d);
                // `String $x = undef` is a common way to say "required unless given": Puppet
                // fails only when the default is used. Not reported.
                if let Some(expected) = &declared
                    && found != Type::Undef
                    && !self.may_match(expected, &found)
                {
                    self.diags.push(TypeDiag::DefaultTypeMismatch {
                        param: p.name.name.clone(),
                        expected: expected.clone(),
                        found: found.clone(),
                        span: d.span,
                    });
                }
                self.regex_gave_up(d.span);
            }
            let t = declared.unwrap_or(Type::Any);
            let t = if p.captures_rest {
                Type::array(t, None)
            } else {
                t
            };
            self.bind(&p.name.name, t);
        }
        let ctx = self.enter_context();
        self.block(body);
        self.context = ctx;
        self.pop();
    }

    // ------------------------------------------------------------------ branches

    /// What a condition proves about a variable in its `then` branch (`$x =~ T`).
    fn narrowing(&self, cond: &'p Expr) -> Option<(&'p str, Type)> {
        let cond = strip_parens(cond);
        if let ExprKind::Binary {
            op: BinaryOp::Match,
            left,
            right,
            ..
        } = &cond.kind
            && let ExprKind::Variable(name) = &strip_parens(left).kind
            && is_type_expr(right)
        {
            let t = lower_type(right, self.src)?;
            return Some((name.as_str(), t));
        }
        None
    }

    /// Walks branches: each may narrow a variable; variables assigned in some branches get
    /// the common type of their values (and of undef when a branch does not assign them).
    ///
    /// Only the innermost scope changes in a branch (a binding goes to the innermost scope;
    /// scopes pushed inside a branch are popped by its end), and every change made while a
    /// branch is open is journaled ([`Infer::write`]): a branch is undone by replaying the
    /// journal backwards rather than by copying the scopes.
    /// The value (the common type of the branches' values) is `Undef` when not wanted.
    fn branches(
        &mut self,
        arms: Vec<(Narrowing<'p>, &'p Block)>,
        else_block: Option<&'p Block>,
        want_value: bool,
    ) -> Type {
        let depth = self.scopes.len();
        let mark = self.journal.len();
        self.open_branches += 1;
        // What each arm left in the innermost scope, for the names it changed.
        let mut results: Vec<ArmResult> = Vec::with_capacity(arms.len() + 1);
        let all = arms
            .into_iter()
            .map(|(n, b)| (n, Some(b)))
            .chain(std::iter::once((None, else_block)));
        let point = self.next_branch;
        self.next_branch += 1;
        for (arm, (narrow, body)) in all.enumerate() {
            self.path.push((point, arm as u32));
            self.undo(mark);
            self.branch_log.push(Vec::new());
            let narrowed = narrow.map(|(name, t)| {
                let old = self.lookup(name).cloned();
                self.set_quiet(name, t);
                (name, old)
            });
            let value = match body {
                Some(b) => self.block(b),
                None => Type::Undef,
            };
            let log = self.branch_log.pop().unwrap_or_default();
            if let Some((name, old)) = narrowed
                && !log.contains(&name)
            {
                match old {
                    Some(t) => self.set_quiet(name, t),
                    None => self.unset_quiet(name),
                }
            }
            if let Some(outer) = self.branch_log.last_mut() {
                outer.extend(log.iter().copied());
            }
            let mut changed: Vec<(&'p str, Option<Type>)> = Vec::new();
            if depth > 0 {
                for &(idx, name, _) in &self.journal[mark..] {
                    if idx == depth - 1 && !changed.iter().any(|(n, _)| *n == name) {
                        let now = self.scopes[depth - 1].vars.get(name).cloned();
                        changed.push((name, now));
                    }
                }
            }
            results.push((changed, value));
            self.path.pop();
        }
        // Join: what each branch left in the innermost scope.
        self.undo(mark);
        self.open_branches -= 1;
        if depth > 0 {
            let mut names: Vec<&'p str> = Vec::new();
            for (changed, _) in &results {
                for &(k, ref v) in changed {
                    if let Some(v) = v
                        && self.scopes[depth - 1].vars.get(k) != Some(v)
                        && !names.contains(&k)
                    {
                        names.push(k);
                    }
                }
            }
            for name in names {
                let base = self.scopes[depth - 1].vars.get(name).cloned();
                let mut t: Option<Type> = None;
                for (changed, _) in &results {
                    let v = match changed.iter().find(|(n, _)| *n == name) {
                        Some((_, v)) => v.clone(),
                        None => base.clone(),
                    }
                    .unwrap_or(Type::Undef);
                    t = Some(match t {
                        None => v,
                        Some(o) => self.common(&o, &v),
                    });
                }
                if let Some(t) = t {
                    self.write(depth - 1, name, Some(t));
                }
            }
        }
        if !want_value {
            return Type::Undef;
        }
        let mut out: Option<Type> = None;
        for (_, v) in results {
            out = Some(match out {
                None => v,
                Some(o) => self.common(&o, &v),
            });
        }
        out.unwrap_or(Type::Undef)
    }

    /// Sets (`Some`) or removes (`None`) the variable `name` of scope `idx`, journaling the
    /// change while a branch is open.
    fn write(&mut self, idx: usize, name: &'p str, t: Option<Type>) {
        let Some(s) = self.scopes.get_mut(idx) else {
            return;
        };
        super::reserve_if_unallocated(&mut s.vars, 8);
        if self.open_branches == 0 {
            match t {
                Some(t) => {
                    s.vars.insert(name, t);
                }
                None => {
                    s.vars.remove(&name);
                }
            }
            return;
        }
        let old = match t {
            Some(t) => s.vars.insert(name, t),
            None => s.vars.remove(&name),
        };
        self.journal.push((idx, name, old));
    }

    /// Undoes the changes journaled after `mark` (those to scopes that still exist).
    fn undo(&mut self, mark: usize) {
        while self.journal.len() > mark {
            let Some((idx, name, old)) = self.journal.pop() else {
                break;
            };
            if let Some(s) = self.scopes.get_mut(idx) {
                match old {
                    Some(t) => {
                        s.vars.insert(name, t);
                    }
                    None => {
                        s.vars.remove(&name);
                    }
                }
            }
        }
    }

    fn set_quiet(&mut self, name: &'p str, t: Type) {
        if let Some(idx) = self.scopes.len().checked_sub(1) {
            self.write(idx, name, Some(t));
        }
    }

    fn unset_quiet(&mut self, name: &'p str) {
        if let Some(idx) = self.scopes.len().checked_sub(1) {
            self.write(idx, name, None);
        }
    }

    fn case(&mut self, c: &'p Case) -> Type {
        let want_value = !std::mem::take(&mut self.value_unused);
        let value = self.expr(&c.value);
        let var = match &strip_parens(&c.value).kind {
            ExprKind::Variable(n) => Some(n.as_str()),
            _ => None,
        };
        let mut arms: Vec<(Narrowing<'p>, &'p Block)> = Vec::new();
        let mut has_default = false;
        let mut covered: Vec<(Type, Span)> = Vec::new();
        for o in &c.options {
            let mut narrow: Option<Type> = None;
            let mut all_types = true;
            for m in &o.matchers {
                self.walk_unused(m);
                if matches!(m.kind, ExprKind::Default) {
                    has_default = true;
                    all_types = false;
                    continue;
                }
                if !is_type_expr(m) {
                    all_types = false;
                    continue;
                }
                let Some(t) = lower_type(m, self.src) else {
                    all_types = false;
                    continue;
                };
                self.check_unreachable(m, &t, &value, &covered);
                covered.push((t.clone(), m.span));
                narrow = Some(match narrow {
                    None => t,
                    Some(n) => Type::variant(vec![n, t]),
                });
            }
            let narrowing = match (&var, narrow, all_types) {
                (Some(v), Some(t), true) => Some((*v, t)),
                _ => None,
            };
            arms.push((narrowing, &o.body));
        }
        let _ = has_default;
        // A case without a default gives undef when nothing matches: an empty else.
        self.branches(arms, None, want_value)
    }

    /// A type matcher no value of the case's type can match, or that an earlier matcher
    /// already covers.
    fn check_unreachable(&mut self, m: &'p Expr, t: &Type, value: &Type, covered: &[(Type, Span)]) {
        let r = self.resolver;
        if compat::has_unknowns(t, r) {
            return;
        }
        let earlier = covered
            .iter()
            .find(|(c, _)| {
                !compat::has_unknowns(c, r) && {
                    let yes = self.calc.is_assignable(c, t);
                    self.calc.settle();
                    yes
                }
            })
            .map(|(_, s)| *s);
        self.regex_gave_up(m.span);
        let vk = kinds(value, r);
        let disjoint = vk != compat::ALL && kinds(t, r) & vk == 0;
        if earlier.is_some() || disjoint {
            self.diags.push(TypeDiag::UnreachableCaseBranch {
                span: m.span,
                matcher: self.text(m.span).to_string(),
                value: value.clone(),
                earlier,
            });
        }
    }

    // ------------------------------------------------------------------ operators

    fn binary(
        &mut self,
        e: &'p Expr,
        op: BinaryOp,
        op_span: Span,
        left: &'p Expr,
        right: &'p Expr,
    ) -> Type {
        let l = self.expr(left);
        // `$x =~ T and $x ...`: the right side sees the narrowed type.
        let narrowed = if op == BinaryOp::And {
            self.narrowing(left).map(|(name, t)| {
                let old = self.lookup(name).cloned();
                self.set_quiet(name, t);
                (name, old)
            })
        } else {
            None
        };
        let r = self.expr(right);
        if let Some((name, old)) = narrowed {
            match old {
                Some(t) => self.set_quiet(name, t),
                None => self.unset_quiet(name),
            }
        }
        let _ = e;
        match op {
            BinaryOp::Or
            | BinaryOp::And
            | BinaryOp::Eq
            | BinaryOp::Ne
            | BinaryOp::In
            | BinaryOp::NotMatch => Type::Boolean(None),
            BinaryOp::Match => {
                let rk = kinds(&r, self.resolver);
                if rk & (compat::REGEXP | compat::STR) != 0 && rk & compat::TYPE == 0 {
                    let lk = kinds(&l, self.resolver);
                    if lk != compat::ALL && lk & (compat::STR | compat::UNDEF | compat::OTHER) == 0
                    {
                        self.operator(
                            op,
                            op_span,
                            &l,
                            &r,
                            "the left operand of a regexp match must be a String",
                        );
                    }
                }
                Type::Boolean(None)
            }
            BinaryOp::Lt | BinaryOp::Gt | BinaryOp::Le | BinaryOp::Ge => {
                self.comparison(op, op_span, &l, &r);
                Type::Boolean(None)
            }
            BinaryOp::Add | BinaryOp::Sub | BinaryOp::Shl => {
                let lk = kinds(&l, self.resolver);
                if lk == compat::ARRAY {
                    return Type::array_any();
                }
                if lk == compat::HASH {
                    if matches!(op, BinaryOp::Add) {
                        let rk = kinds(&r, self.resolver);
                        if rk != compat::ALL && rk & (compat::HASH | compat::ARRAY) == 0 {
                            self.operator(
                                op,
                                op_span,
                                &l,
                                &r,
                                "a Hash can only be merged with a Hash or an Array of pairs",
                            );
                        }
                    }
                    return Type::hash_any();
                }
                if matches!(op, BinaryOp::Shl) && lk & compat::ARRAY != 0 {
                    return Type::Any;
                }
                if lk & (compat::ARRAY | compat::HASH) != 0 {
                    return Type::Any;
                }
                self.arithmetic(op, op_span, &l, &r)
            }
            BinaryOp::Mul | BinaryOp::Div | BinaryOp::Mod | BinaryOp::Shr => {
                self.arithmetic(op, op_span, &l, &r)
            }
        }
    }

    fn operator(&mut self, op: BinaryOp, span: Span, l: &Type, r: &Type, reason: &str) {
        self.diags.push(TypeDiag::OperatorMismatch {
            op: op.as_str(),
            left: l.clone(),
            right: r.clone(),
            span,
            reason: reason.to_string(),
        });
    }

    /// Numbers (or strings that hold numbers) on both sides.
    fn arithmetic(&mut self, op: BinaryOp, span: Span, l: &Type, r: &Type) -> Type {
        if let Some(t) = time_arithmetic(op, l, r) {
            return t;
        }
        let ln = numeric_operand(l, self.resolver);
        let rn = numeric_operand(r, self.resolver);
        for (side, n) in [(l, ln), (r, rn)] {
            if n == Numeric::No {
                let reason = format!("{} cannot be converted to a number", describe(side));
                self.operator(op, span, l, r, &reason);
                return Type::Numeric;
            }
        }
        if op == BinaryOp::Mod && (matches!(l, Type::Float(_)) || matches!(r, Type::Float(_))) {
            self.operator(op, span, l, r, "`%` is not applicable to a Float");
            return Type::Numeric;
        }
        match (ln, rn) {
            (Numeric::Int, Numeric::Int) => Type::integer(),
            (Numeric::Float, _) | (_, Numeric::Float) => Type::float(),
            _ => Type::Numeric,
        }
    }

    fn comparison(&mut self, op: BinaryOp, span: Span, l: &Type, r: &Type) {
        if is_time(l) || is_time(r) {
            return;
        }
        let res = self.resolver;
        let (lk, rk) = (kinds(l, res), kinds(r, res));
        if lk == compat::ALL || rk == compat::ALL {
            return;
        }
        let num = compat::INT | compat::FLOAT;
        let comparable = num | compat::STR | compat::TYPE | compat::OTHER;
        let reason = if lk & comparable == 0 || rk & comparable == 0 {
            let bad = if lk & comparable == 0 { l } else { r };
            format!("{} is not comparable", describe(bad))
        } else if (lk & !num == 0 && rk & num == 0) || (rk & !num == 0 && lk & num == 0) {
            "a number is only comparable to a number".to_string()
        } else if (lk == compat::STR && rk & compat::STR == 0)
            || (rk == compat::STR && lk & compat::STR == 0)
        {
            "a String is only comparable to a String".to_string()
        } else {
            return;
        };
        self.operator(op, span, l, r, &reason);
    }

    // ------------------------------------------------------------------ access

    fn access(&mut self, e: &'p Expr, target: &'p Expr, args: &'p [Expr]) -> Type {
        if is_type_expr(target) {
            let unused = std::mem::take(&mut self.type_arg_unused);
            for a in args {
                // This type is lowered whole below: the types of its type arguments are not
                // used (unless every type is recorded), and need not be made.
                self.type_arg_unused = self.record.is_none() && is_type_expr(a);
                self.expr(a);
                self.type_arg_unused = false;
            }
            if let ExprKind::TypeRef(n) = &target.kind {
                self.check_type_name(n, target.span);
            }
            if unused {
                return Type::Any;
            }
            return Type::type_of(lower_type(e, self.src).unwrap_or(Type::Any));
        }
        let t = self.expr(target);
        let arg_types: Vec<Type> = args.iter().map(|a| self.expr(a)).collect();
        let k = kinds(&t, self.resolver);
        let indexable = compat::STR | compat::ARRAY | compat::HASH | compat::TYPE | compat::OTHER;
        if k != compat::ALL && k & indexable == 0 {
            self.diags.push(TypeDiag::InvalidAccess {
                found: t.clone(),
                span: e.span,
            });
            return Type::Any;
        }
        match (&t, arg_types.as_slice()) {
            (Type::Tuple(tt), [Type::Integer(r)]) if r.min.is_some() && r.min == r.max => {
                let i = r.min.unwrap_or(0);
                let n = tt.types.len() as i64;
                let idx = if i < 0 { n + i } else { i };
                if tt.size.is_none() && (0..n).contains(&idx) {
                    tt.types[idx as usize].clone()
                } else {
                    Type::Any
                }
            }
            (Type::Tuple(tt), [_]) if !tt.types.is_empty() => {
                let elem = self.common_all(tt.types.clone());
                Type::optional(elem)
            }
            (Type::Array(a), [Type::Integer(_)]) => Type::optional((*a.elem).clone()),
            (Type::Struct(members), [Type::String(s)]) if s.value.is_some() => members
                .iter()
                .find(|m| Some(&m.name) == s.value.as_ref())
                .map(|m| m.value.clone())
                .unwrap_or(Type::Any),
            (Type::Hash(h), [_]) => Type::optional((*h.value).clone()),
            (Type::String(_), _) => Type::string(),
            _ => Type::Any,
        }
    }

    // ------------------------------------------------------------------ calls

    fn call(&mut self, e: &'p Expr, c: &'p Call) -> Type {
        // A statement's call: its return type is not used (see [`Infer::statements`]).
        let unused = std::mem::take(&mut self.value_unused);
        let arg_types: Vec<Type> = c.args.iter().map(|a| self.expr(a)).collect();
        if c.style == crate::syntax::ast::CallStyle::Apply {
            return self.apply_block(c);
        }
        let Some(name) = c.name() else {
            self.expr(&c.function);
            if let Some(l) = &c.lambda {
                self.lambda(l, &[]);
            }
            return Type::Any;
        };
        if matches!(c.function.kind, ExprKind::TypeRef(_)) {
            // `Integer('1')`: `new` of that type.
            self.check_type_name(name, c.function.span);
            if let Some(l) = &c.lambda {
                self.lambda(l, &[]);
            }
            return self.type_of_ref(name);
        }
        let name = crate::defs::index::lookup_key(name);
        if matches!(&*name, "include" | "contain" | "require") {
            for a in &c.args {
                self.class_reference(a);
            }
        }
        let splat = c.args.iter().any(|a| {
            matches!(
                a.kind,
                ExprKind::Unary {
                    op: UnaryOp::Splat,
                    ..
                }
            )
        });
        let ret = self.check_call(
            &name,
            c.function.span,
            &arg_types,
            splat,
            c.lambda.as_ref(),
            e.span,
            unused,
        );
        if &*name == "run_task" && !splat && self.program.is_plan() {
            self.check_run_task(c, &arg_types);
        }
        ret.unwrap_or(Type::Any)
    }

    fn method_call(&mut self, e: &'p Expr, m: &'p MethodCall) -> Type {
        let unused = std::mem::take(&mut self.value_unused);
        let recv = self.expr(&m.receiver);
        let mut arg_types = vec![recv];
        let mut splat = false;
        if let Some(args) = &m.args {
            for a in args {
                arg_types.push(self.expr(a));
                splat |= matches!(
                    a.kind,
                    ExprKind::Unary {
                        op: UnaryOp::Splat,
                        ..
                    }
                );
            }
        }
        let name = crate::syntax::lower_case(&m.method.name);
        if let Some(t) = self.bolt_member(&arg_types[0], &name, m) {
            return t;
        }
        self.check_call(
            &name,
            m.method.span,
            &arg_types,
            splat,
            m.lambda.as_ref(),
            e.span,
            unused,
        )
        .unwrap_or(Type::Any)
    }

    /// Checks a call of `name` and walks its lambda; gives the return type (`None` when it
    /// is not known, or not wanted: `unused`).
    #[allow(clippy::too_many_arguments)]
    fn check_call(
        &mut self,
        name: &str,
        name_span: Span,
        args: &[Type],
        splat: bool,
        lambda: Option<&'p Lambda>,
        call_span: Span,
        unused: bool,
    ) -> Option<Type> {
        let builtin = builtin_function(name).or_else(|| self.bolt_function(name));
        // The built-in first (Puppet's loaders ask their parent first), then the program's.
        let Some(first) = builtin.or_else(|| self.program.function(name)) else {
            self.unknown_function(name, name_span);
            if let Some(l) = lambda {
                self.lambda(l, &[]);
            }
            return None;
        };
        let lambda_params = lambda.map(lambda_arity);
        // Only the first definition counts: the built-in when there is one, as Puppet's loaders
        // ask their parent first (a module's 3.x `downcase` does not replace the core 4.x one).
        let def = first;
        if def.signatures.is_empty()
            || matches!(def.kind, FunctionKind::Ruby3x { .. })
            || takes_scope(def)
        {
            if let Some(l) = lambda {
                self.lambda(l, &[]);
            }
            return None;
        }
        // Puppet's dispatcher calls the first signature that accepts the arguments. With
        // arguments known only in part, any signature that may accept them may be the one,
        // up to the first that surely does: the call's type is the union of their returns.
        let mut matched = false;
        let mut returns: Option<Vec<Type>> = (!unused).then(Vec::new);
        for sig in &def.signatures {
            let fit = self.fit(sig, args, splat, lambda_params);
            if fit == Fit::No {
                continue;
            }
            matched = true;
            if let Some(rs) = &mut returns {
                match sig.return_type.as_deref().and_then(parse_type) {
                    Some(t) => rs.push(t),
                    None => returns = None,
                }
            }
            if fit == Fit::Sure || returns.is_none() {
                break;
            }
        }
        if !matched {
            self.report_mismatch(def, name, args, lambda_params, name_span, call_span);
            if let Some(l) = lambda {
                let types = lambda_param_types(name, args, lambda);
                self.lambda(l, &types);
            }
            return None;
        }
        if let Some(l) = lambda {
            let types = lambda_param_types(name, args, lambda);
            self.lambda(l, &types);
        }
        let mut returns = returns?;
        let ret = if returns.len() == 1 {
            returns.pop()?
        } else {
            Type::variant(returns)
        };
        Some(refine_return(name, ret, args))
    }

    /// Does the signature accept these arguments (and this lambda)?
    fn accepts(
        &self,
        sig: &Signature,
        args: &[Type],
        splat: bool,
        lambda: Option<(usize, usize)>,
    ) -> bool {
        self.fit(sig, args, splat, lambda) != Fit::No
    }

    /// Whether the signature accepts these arguments (and this lambda): surely, maybe
    /// (the arguments' types say too little), or not at all.
    fn fit(
        &self,
        sig: &Signature,
        args: &[Type],
        splat: bool,
        lambda: Option<(usize, usize)>,
    ) -> Fit {
        let (min, max) = arg_count(sig);
        if !splat && (args.len() < min || max.is_some_and(|m| args.len() > m)) {
            return Fit::No;
        }
        match (&sig.block, lambda) {
            (None, Some(_)) => return Fit::No,
            (Some(b), None) if !b.optional => return Fit::No,
            (Some(b), Some((lmin, lmax))) => {
                if let Some(t) = parse_type_shared(&b.ty)
                    && let Type::Callable(c) = &*t
                    && let Some(p) = &c.params
                {
                    let r = p.size_range();
                    let (bmin, bmax) = (r.lo(), r.hi());
                    if !(lmin as i128 <= bmin && bmax <= lmax as i128) {
                        return Fit::No;
                    }
                }
            }
            _ => {}
        }
        if splat {
            return Fit::Maybe;
        }
        let mut fit = Fit::Sure;
        for (i, a) in args.iter().enumerate() {
            let Some(p) = param_at(sig, i) else {
                return Fit::No;
            };
            let Some(expected) = parse_type_shared(&p.ty) else {
                fit = Fit::Maybe;
                continue;
            };
            match compat::fit_with(&expected, a, self.resolver, &self.calc) {
                Fit::No => return Fit::No,
                Fit::Maybe => fit = Fit::Maybe,
                Fit::Sure => {}
            }
        }
        fit
    }

    fn report_mismatch(
        &mut self,
        def: &FunctionDef,
        name: &str,
        args: &[Type],
        lambda: Option<(usize, usize)>,
        name_span: Span,
        call_span: Span,
    ) {
        let sigs = &def.signatures;
        // A lambda problem when the arguments alone would do.
        let args_fit = sigs
            .iter()
            .any(|s| self.accepts(&without_block(s), args, false, None));
        if args_fit {
            let any_block = sigs.iter().any(|s| s.block.is_some());
            let problem = match lambda {
                Some(_) if !any_block => LambdaProblem::NotAccepted,
                None => LambdaProblem::Missing,
                Some((lmin, lmax)) => LambdaProblem::Count {
                    given: if lmin == lmax { lmin } else { lmax },
                    expected: sigs
                        .iter()
                        .filter_map(|s| s.block.as_ref())
                        .map(|b| b.ty.clone())
                        .collect(),
                },
            };
            self.diags.push(TypeDiag::LambdaMismatch {
                function: name.to_string(),
                span: name_span,
                problem,
            });
            return;
        }
        let expected = sigs.iter().map(|s| signature_text(name, s)).collect();
        let actual = format!(
            "{name}({}) - arg count {{{}}}",
            args.iter()
                .map(|t| t.generalize().to_string())
                .collect::<Vec<_>>()
                .join(", "),
            args.len()
        );
        self.diags.push(TypeDiag::ArgumentMismatch {
            function: name.to_string(),
            span: call_span,
            expected,
            actual,
        });
    }

    fn lambda(&mut self, l: &'p Lambda, types_: &[Type]) {
        self.push(ScopeKind::Lambda);
        for (i, p) in l.params.iter().enumerate() {
            let declared = p.type_expr.as_ref().map(|t| self.declared_type(t));
            if let Some(d) = &p.default {
                self.walk_unused(d);
            }
            let t = declared.unwrap_or_else(|| types_.get(i).cloned().unwrap_or(Type::Any));
            self.bind(&p.name.name, t);
        }
        if let Some(r) = &l.return_type {
            self.expr(r);
        }
        let ctx = self.enter_context();
        self.block(&l.body);
        self.context = ctx;
        self.pop();
    }

    // ------------------------------------------------------------------ Bolt plans

    /// A Bolt plan function, in a file that defines a plan (see [`bolt`]).
    fn bolt_function(&self, name: &str) -> Option<&'static FunctionDef> {
        if self.program.is_plan() {
            bolt::function(name)
        } else {
            None
        }
    }

    /// `apply(targets, options) { ... }`: its block is walked as a lambda (plan variables are
    /// visible in it); it gives a `ResultSet` of `ApplyResult`s. Its arguments were walked.
    fn apply_block(&mut self, c: &'p Call) -> Type {
        if let Some(l) = &c.lambda {
            self.lambda(l, &[]);
        }
        Type::Alias("ResultSet".to_string())
    }

    /// `$value.member` where `$value` may be a Bolt object (`$result.ok`, `$t.name`), in a plan:
    /// the member's type. `None` when this is a function call to check as usual: not in a plan,
    /// the receiver is known not to be a Bolt object, or no Bolt type has that member. A
    /// receiver of an unknown type gets `Any` for a name some Bolt type has as a member and
    /// that is not a function.
    fn bolt_member(&mut self, recv: &Type, name: &str, m: &'p MethodCall) -> Option<Type> {
        if !self.program.is_plan() {
            return None;
        }
        let is_function = |this: &Self| {
            builtin_function(name).is_some()
                || this.bolt_function(name).is_some()
                || this.program.function(name).is_some()
        };
        let mut objects = Vec::new();
        let known = bolt_objects(recv, &mut objects);
        let result = if known && !objects.is_empty() {
            // The objects that have it (`$rs.first.report`: only an `ApplyResult` has a
            // report, the `Result` in the variant has not).
            let found: Vec<Type> = objects
                .iter()
                .filter_map(|o| o.member(name))
                .map(|m| parse_type(&m.returns).unwrap_or(Type::Any))
                .collect();
            if !found.is_empty() {
                self.common_all(found)
            } else if is_function(self) {
                return None;
            } else {
                // Neither a member nor a function (`$result.vale`): suggest a member.
                let mut c = Closest::new(name);
                for o in &objects {
                    o.members.iter().for_each(|mem| c.offer(&mem.name));
                }
                self.diags.push(TypeDiag::UnknownFunction {
                    name: name.to_string(),
                    span: m.method.span,
                    suggestion: c.best(),
                });
                Type::Any
            }
        } else if !known && bolt::is_member(name) && !is_function(self) {
            Type::Any
        } else {
            return None;
        };
        // The arguments were walked by the caller; a lambda (`filter_set`) gets the elements.
        if let Some(l) = &m.lambda {
            let element = parse_type("Variant[Result, ApplyResult]").unwrap_or(Type::Any);
            self.lambda(l, &[element]);
        }
        Some(result)
    }

    /// `run_task('mod::task', $targets, [description,] { params })` against the task's
    /// metadata, when the task's module is indexed: the task exists, every parameter given is
    /// declared and of its type, every required one is given. Options (`_run_as`) are Bolt's.
    fn check_run_task(&mut self, c: &'p Call, args: &[Type]) {
        let Some(first) = c.args.first() else {
            return;
        };
        let ExprKind::String(s) = &first.kind else {
            return;
        };
        let Some(text) = s.text() else {
            return;
        };
        let name = crate::defs::index::lookup_key(text).into_owned();
        let Some(task) = self.program.task(&name) else {
            let module = split_colons(&name).map_or(name.as_str(), |(m, _)| m);
            if self.program.has_module(module) {
                self.diags.push(TypeDiag::TaskMismatch {
                    task: name.clone(),
                    span: first.span,
                    problem: TaskProblem::Unknown,
                });
            }
            return;
        };
        let Some(declared) = &task.params else {
            return;
        };
        // The parameters: the hash after the targets (or after a description).
        let (given, span) = match (args.get(2), args.get(3)) {
            (Some(_), Some(t)) => (t, c.args[3].span),
            (Some(t), None) if !matches!(t, Type::String(_)) => (t, c.args[2].span),
            _ => (&Type::Struct(Vec::new()), c.args_span),
        };
        let empty = Vec::new();
        let members = match given {
            Type::Struct(members) => members,
            // `{}`
            Type::Hash(h) if h.size.is_some_and(|s| s.max == Some(0)) => &empty,
            // A hash whose keys are not known here: nothing to check.
            _ => return,
        };
        let task_name = task.name.clone();
        let mut problems = Vec::new();
        for m in members.iter().filter(|m| !m.name.starts_with('_')) {
            match declared.iter().find(|p| p.name == m.name) {
                None => problems.push(TaskProblem::UnknownParameter {
                    param: m.name.clone(),
                    suggestion: closest(&m.name, declared.iter().map(|p| p.name.as_str())),
                }),
                Some(p) => {
                    if let Some(expected) = parse_type(&p.ty)
                        && !self.may_match(&expected, &m.value)
                    {
                        problems.push(TaskProblem::ParameterType {
                            param: m.name.clone(),
                            expected,
                            found: m.value.clone(),
                        });
                    }
                }
            }
        }
        for p in declared {
            let given = members.iter().any(|m| m.name == p.name);
            let optional =
                p.has_default || parse_type(&p.ty).is_none_or(|t| self.may_match(&t, &Type::Undef));
            if !given && !optional {
                problems.push(TaskProblem::MissingParameter {
                    param: p.name.clone(),
                });
            }
        }
        for problem in problems {
            self.diags.push(TypeDiag::TaskMismatch {
                task: task_name.clone(),
                span,
                problem,
            });
        }
    }

    fn unknown_function(&mut self, name: &str, span: Span) {
        if !self.should_report_unknown(name) {
            return;
        }
        let mut c = Closest::new(name);
        builtins::functions().iter().for_each(|f| c.offer(&f.name));
        if self.program.is_plan() {
            bolt::functions().iter().for_each(|f| c.offer(&f.name));
        }
        self.program
            .for_each_name(NameKind::Function, &mut |n| c.offer(n));
        let suggestion = c.best().filter(|_| !self.defined_anywhere(name));
        if !has_colons(name) && !self.program.is_closed() && !near_miss(name, &suggestion) {
            return;
        }
        self.diags.push(TypeDiag::UnknownFunction {
            name: name.to_string(),
            span,
            suggestion,
        });
    }

    /// Does the program define `name` as anything (a function, a class or defined type, a
    /// resource type, a type alias, a module)? Such a name is never taken for a misspelling
    /// of another: it was not written by mistake, only used as what it is not.
    fn defined_anywhere(&self, name: &str) -> bool {
        self.program.function(name).is_some()
            || self.program.definition(name).is_some()
            || self.program.resource_type(name).is_some()
            || self.program.type_alias(name).is_some()
            || (!has_colons(name) && self.program.has_module(name))
    }

    /// An unknown qualified name is reported only when its module is part of the program
    /// (else the module is just not installed); an unqualified one always (the caller may
    /// ask for a near miss when no module is known).
    fn should_report_unknown(&self, name: &str) -> bool {
        let name = crate::syntax::trim_colons(name);
        match split_colons(name) {
            Some((module, _)) => self.program.has_module(module),
            None => true,
        }
    }

    // ------------------------------------------------------------------ classes

    /// `include x`, `contain x`, `require x`, `class { 'x': }`: the class must exist.
    fn class_reference(&mut self, arg: &'p Expr) {
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

    fn check_class(&mut self, name: &str, span: Span) {
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
        let module = split_colons(&key).map_or(&*key, |(m, _)| m);
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

    fn resource(&mut self, r: &'p Resource, whole: Span) {
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
    fn declared(&mut self, type_name: Cow<'p, str>, title: Cow<'p, str>, span: Span, expr: Span) {
        use std::collections::hash_map::Entry;
        let key = (self.context, type_name, title);
        let path = self.path.clone();
        super::reserve_if_unallocated(&mut self.resources, 16);
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
    fn report_unknown_resource_type(&mut self, name: &str, span: Span) {
        if name.contains(['$', '[']) || !self.should_report_unknown(name) {
            return;
        }
        let qualified = has_colons(name);
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
    fn closest_resource_type(&self, name: &str, qualified: bool) -> Option<String> {
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
        if let Some(best) = global_closest_type(global, fingerprint, name, limit) {
            c.offer(&best);
        }
        self.program
            .for_each_local_name(NameKind::Definition, &mut |n| c.offer(n));
        c.best()
    }

    /// Where the attributes of a resource type come from, or `None` when they are not known
    /// in full.
    fn attribute_source(&self, type_name: &str) -> Option<AttributeSource<'p>> {
        self.resource_type_defs(type_name).attribute_source()
    }

    /// What defines the resource type `name` (a lower-case name without leading `::`).
    fn resource_type_defs(&self, name: &str) -> TypeDefs<'p> {
        let core = builtin_resource_type(name);
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

    fn check_attribute_names(
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
    fn check_attribute_names_of(
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
    fn check_attribute_values(
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
                let Some(expected) = builtin_attribute_type(def) else {
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
                let Some(expected) = p.ty.as_deref().and_then(parse_type_shared) else {
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
    fn attribute_value_ok(&self, expected: &Type, found: &Type, property: bool) -> bool {
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
    fn class_parameters(&mut self, class: &str, attrs: &'p [crate::syntax::ast::Attribute]) {
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
                    let Some(expected) = p.ty.as_deref().and_then(parse_type) else {
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
    fn peek_type(&mut self, e: &'p Expr) -> Type {
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

    // ------------------------------------------------------------------ type names

    fn type_of_ref(&self, name: &str) -> Type {
        parse_type(name).unwrap_or(Type::Any)
    }

    /// A capitalized name must be a core type, an alias, a resource type or a class.
    fn check_type_name(&mut self, name: &str, span: Span) {
        // Only a name of a module's namespace is reported (see below): a name without `::`
        // need not be looked at.
        if !has_colons(name) {
            return;
        }
        let Some(t) = parse_type_shared(name) else {
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
        let Some((module, _)) = split_colons(&key) else {
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

// ---------------------------------------------------------------------- helpers

/// Names to entries of a list sorted by name, when the names are all different (else the
/// lookups search the list, as [`builtins`] does).
type ByName<T> = Option<HashMap<&'static str, &'static T>>;

fn by_name<T>(items: &'static [T], name: fn(&T) -> &str) -> ByName<T> {
    let mut map = HashMap::default();
    for t in items {
        if map.insert(name(t), t).is_some() {
            return None;
        }
    }
    Some(map)
}

/// [`builtins::function`], by a hash lookup (calls are many).
fn builtin_function(name: &str) -> Option<&'static FunctionDef> {
    static MAP: std::sync::LazyLock<ByName<FunctionDef>> =
        std::sync::LazyLock::new(|| by_name(builtins::functions(), |f| &f.name));
    match &*MAP {
        Some(map) => map.get(name.strip_prefix("::").unwrap_or(name)).copied(),
        None => builtins::function(name),
    }
}

/// The type of a built-in attribute ([`parse_type`] of its text), remembered by attribute.
fn builtin_attribute_type(def: &'static crate::defs::model::AttributeDef) -> Parsed {
    thread_local! {
        static TYPES: RefCell<HashMap<usize, Parsed>> = RefCell::new(HashMap::default());
    }
    let key = def as *const crate::defs::model::AttributeDef as usize;
    if let Some(hit) = TYPES.with(|t| t.borrow().get(&key).cloned()) {
        return hit;
    }
    let t = parse_type_shared(&def.ty);
    TYPES.with(|m| m.borrow_mut().insert(key, t.clone()));
    t
}

/// The attribute `name` of the core resource type `t`, or else the metaparameter `name`
/// (`t.attribute(name)`, then [`builtins::metaparameter`]). By a hash lookup (attributes are
/// many, and core types have dozens of them).
fn core_attribute(
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
fn builtin_resource_type(name: &str) -> Option<&'static crate::defs::model::ResourceTypeDef> {
    static MAP: std::sync::LazyLock<ByName<crate::defs::model::ResourceTypeDef>> =
        std::sync::LazyLock::new(|| by_name(builtins::resource_types(), |t| &t.name));
    match &*MAP {
        Some(map) => map.get(name.strip_prefix("::").unwrap_or(name)).copied(),
        None => builtins::resource_type(name),
    }
}

/// Does the name have a `::` (cheaper than `str::contains` for short names)?
pub(crate) fn has_colons(s: &str) -> bool {
    // Most names have no `:` at all: one pass over the bytes, pairs looked at only after a
    // `:`.
    let b = s.as_bytes();
    let mut i = 0;
    while let Some(p) = b[i..].iter().position(|&c| c == b':') {
        let j = i + p;
        if b.get(j + 1) == Some(&b':') {
            return true;
        }
        i = j + 1;
    }
    false
}

/// `s.split_once("::")`, without a substring searcher.
pub(crate) fn split_colons(s: &str) -> Option<(&str, &str)> {
    let b = s.as_bytes();
    let i = (0..b.len().saturating_sub(1)).find(|&i| b[i] == b':' && b[i + 1] == b':')?;
    Some((&s[..i], &s[i + 2..]))
}

/// `s.rsplit_once("::")`, without a substring searcher.
pub(crate) fn rsplit_colons(s: &str) -> Option<(&str, &str)> {
    let b = s.as_bytes();
    let i = (0..b.len().saturating_sub(1))
        .rev()
        .find(|&i| b[i] == b':' && b[i + 1] == b':')?;
    Some((&s[..i], &s[i + 2..]))
}

fn strip_parens(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Paren(inner) => strip_parens(inner),
        _ => e,
    }
}

/// Is the expression a type (`String`, `Integer[1, 2]`, `Optional[Foo::Bar]`)?
fn is_type_expr(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::TypeRef(_) => true,
        ExprKind::Access { target, .. } => matches!(target.kind, ExprKind::TypeRef(_)),
        _ => false,
    }
}

/// Types parsed from source text (signatures, attribute types, aliases, names): the same
/// few hundred texts come back in every file, and parsing one runs the parser. Shared by the
/// threads (each text is parsed about once per process).
type Parsed = Option<std::sync::Arc<Type>>;
static PARSED: std::sync::LazyLock<std::sync::RwLock<HashMap<String, Parsed>>> =
    std::sync::LazyLock::new(Default::default);

/// [`types::from_expr`] of a type expression of the file (`src`), remembered by its text
/// (the same few types come back in every file's parameter lists). Only valid types are
/// remembered: an expression that holds a syntax error need not stand for what its text
/// says elsewhere.
fn lower_type(e: &Expr, src: &str) -> Option<Type> {
    thread_local! {
        static LOWERED: RefCell<HashMap<String, Type>> = RefCell::new(HashMap::default());
    }
    let Some(text) = src.get(e.span.range()) else {
        return types::from_expr(e, src).ok();
    };
    if let Some(hit) = LOWERED.with(|m| m.borrow().get(text).cloned()) {
        return Some(hit);
    }
    // Not a type wherever it stands (`Package[$name]`): not lowered (nor remembered).
    if !types::may_lower(e) {
        return None;
    }
    let t = types::from_expr(e, src).ok()?;
    LOWERED.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() > 100_000 {
            m.clear();
        }
        m.insert(text.to_string(), t.clone());
    });
    Some(t)
}

/// [`types::parse`], remembered.
pub fn parse_type(src: &str) -> Option<Type> {
    parse_type_shared(src).map(|t| (*t).clone())
}

/// [`parse_type`] without a copy of the type.
fn parse_type_shared(src: &str) -> Parsed {
    if let Ok(cache) = PARSED.read()
        && let Some(hit) = cache.get(src)
    {
        return hit.clone();
    }
    let t = types::parse(src).ok().map(std::sync::Arc::new);
    if let Ok(mut cache) = PARSED.write() {
        if cache.len() > 100_000 {
            cache.clear();
        }
        cache.insert(src.to_string(), t.clone());
    }
    t
}

fn trusted_type() -> Type {
    parse_type(
        "Struct[{authenticated => String, certname => String, domain => Optional[String], \
         extensions => Hash[String, Any], hostname => String, Optional[external] => Hash}]",
    )
    .unwrap_or(Type::Any)
}

/// The closest name to the resource type `name` (at most `limit` edits away) among the core
/// resource types and the program's resource types and definitions; remembered by the
/// program's names ([`Defs::names_fingerprint`](super::Defs::names_fingerprint)) and `name`.
fn global_closest_type(
    global: &dyn super::Defs,
    fingerprint: u64,
    name: &str,
    limit: usize,
) -> Option<String> {
    type Key = (u64, String, usize);
    static NEAR: std::sync::LazyLock<std::sync::Mutex<HashMap<Key, Option<String>>>> =
        std::sync::LazyLock::new(Default::default);
    let key: Key = (fingerprint, name.to_string(), limit);
    if let Some(hit) = NEAR.lock().ok().and_then(|m| m.get(&key).cloned()) {
        return hit;
    }
    let mut c = Closest::within(name, limit);
    builtins::resource_types()
        .iter()
        .for_each(|t| c.offer(&t.name));
    global.for_each_name(NameKind::ResourceType, &mut |n| c.offer(n));
    global.for_each_name(NameKind::Definition, &mut |n| c.offer(n));
    let best = c.best();
    if let Ok(mut m) = NEAR.lock() {
        if m.len() > 10_000 {
            m.clear();
        }
        m.insert(key, best.clone());
    }
    best
}

/// Is `suggestion` so close to `name` that `name` is a misspelling rather than the name of
/// something plint does not see (a custom type or function of a module that is not
/// installed)? At most [`super::typo_limit`] edits, a swap of neighbours counting as one.
fn near_miss(name: &str, suggestion: &Option<String>) -> bool {
    suggestion
        .as_deref()
        .is_some_and(|s| super::distance(name, s) <= near_miss_limit(name))
}

/// How many edits a near miss is at most (see [`near_miss`]).
fn near_miss_limit(name: &str) -> usize {
    super::typo_limit(name)
}

/// What defines a resource type (see [`Infer::resource_type_defs`]): the core type, the
/// defined type of that name, and the custom type when it is neither.
#[derive(Clone, Copy, Default)]
struct TypeDefs<'p> {
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
            // Ruby types are read as text: a type whose attributes can come from code the
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
enum AttributeSource<'p> {
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

/// A resource declared with a literal title (see [`Infer::declared`]).
#[derive(Debug)]
struct Declared {
    span: Span,
    path: Vec<(u32, u32)>,
    expr: Span,
}

/// The literal titles of a title expression: a string, a name, or an array of them.
fn literal_titles(e: &Expr) -> impl Iterator<Item = (Cow<'_, str>, Span)> {
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
fn literal_title(e: &Expr) -> Option<Cow<'_, str>> {
    match &e.kind {
        ExprKind::String(s) => match s.text() {
            Some(text) => Some(Cow::Borrowed(text)),
            None => s.literal_value().map(Cow::Owned),
        },
        ExprKind::Name(n) => Some(Cow::Borrowed(n)),
        _ => None,
    }
}

fn resource_type_complete(t: &crate::defs::model::ResourceTypeDef) -> bool {
    t.complete
}

/// A Ruby function whose first parameter is the calling scope (`param 'Any', :scope`) is
/// called through its own `call` method, which passes the scope: its dispatches do not
/// describe what a manifest gives.
fn takes_scope(def: &FunctionDef) -> bool {
    def.kind == FunctionKind::Ruby4x
        && def
            .signatures
            .iter()
            .any(|s| s.params.first().is_some_and(|p| p.name == "scope"))
}

/// (min, max) number of arguments; `None` max is unbounded.
fn arg_count(sig: &Signature) -> (usize, Option<usize>) {
    let mut min = 0;
    let mut max = Some(0usize);
    for p in &sig.params {
        match p.kind {
            ParamKind::Required => {
                min += 1;
                max = max.map(|m| m + 1);
            }
            ParamKind::Optional => max = max.map(|m| m + 1),
            ParamKind::Repeated => max = None,
            ParamKind::RequiredRepeated => {
                min += 1;
                max = None;
            }
        }
    }
    (min, max)
}

fn param_at(sig: &Signature, i: usize) -> Option<&crate::defs::model::SigParam> {
    sig.params.get(i).or_else(|| {
        sig.params
            .last()
            .filter(|p| matches!(p.kind, ParamKind::Repeated | ParamKind::RequiredRepeated))
    })
}

fn without_block(s: &Signature) -> Signature {
    Signature {
        params: s.params.clone(),
        block: None,
        return_type: None,
    }
}

/// (min, max) number of arguments a lambda accepts.
fn lambda_arity(l: &Lambda) -> (usize, usize) {
    let required = l
        .params
        .iter()
        .filter(|p| p.default.is_none() && !p.captures_rest)
        .count();
    let max = if l.params.iter().any(|p| p.captures_rest) {
        usize::MAX / 2
    } else {
        l.params.len()
    };
    (required, max)
}

/// `name(Type a, Type b?, Type c{0,}) - arg count {1,}`, as Puppet prints a signature.
fn signature_text(name: &str, s: &Signature) -> String {
    let params: Vec<String> = s
        .params
        .iter()
        .map(|p| match p.kind {
            ParamKind::Required => format!("{} {}", p.ty, p.name),
            ParamKind::Optional => format!("{} {}?", p.ty, p.name),
            ParamKind::Repeated => format!("{} {}{{0,}}", p.ty, p.name),
            ParamKind::RequiredRepeated => format!("{} {}{{1,}}", p.ty, p.name),
        })
        .collect();
    let (min, max) = arg_count(s);
    let count = match max {
        Some(m) if m == min => format!("{{{min}}}"),
        Some(m) => format!("{{{min},{m}}}"),
        None => format!("{{{min},}}"),
    };
    format!("{name}({}) - arg count {count}", params.join(", "))
}

/// The types of an iteration lambda's parameters, from the collection it iterates.
fn lambda_param_types(name: &str, args: &[Type], lambda: Option<&Lambda>) -> Vec<Type> {
    let Some(l) = lambda else {
        return Vec::new();
    };
    let iterating = matches!(
        name,
        "each" | "map" | "filter" | "all" | "any" | "partition" | "group_by" | "index"
    );
    if !iterating {
        return Vec::new();
    }
    let Some(coll) = args.first() else {
        return Vec::new();
    };
    let n = l.params.len();
    match coll {
        Type::Hash(h) => match n {
            1 => vec![Type::tuple(
                vec![(*h.key).clone(), (*h.value).clone()],
                None,
            )],
            2 => vec![(*h.key).clone(), (*h.value).clone()],
            _ => Vec::new(),
        },
        Type::Struct(members) if !members.is_empty() => {
            let k = Type::variant(
                members
                    .iter()
                    .map(|m| Type::string_value(m.name.clone()))
                    .collect(),
            );
            let v = Type::variant(members.iter().map(|m| m.value.clone()).collect());
            match n {
                1 => vec![Type::tuple(vec![k, v], None)],
                2 => vec![k, v],
                _ => Vec::new(),
            }
        }
        Type::Array(a) => match n {
            1 => vec![(*a.elem).clone()],
            2 => vec![Type::integer_range(Some(0), None), (*a.elem).clone()],
            _ => Vec::new(),
        },
        Type::Tuple(t) if !t.types.is_empty() => {
            let elem = Type::variant(t.types.clone());
            match n {
                1 => vec![elem],
                2 => vec![Type::integer_range(Some(0), None), elem],
                _ => Vec::new(),
            }
        }
        _ => Vec::new(),
    }
}

/// A sharper return type than the signature's, where the arguments tell (`map` of an
/// array gives an array, `keys` of a hash its key type...). Kept simple: the declared type.
fn refine_return(_name: &str, t: Type, _args: &[Type]) -> Type {
    t
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Numeric {
    Int,
    Float,
    /// A number, or a string that may hold one.
    Maybe,
    No,
}

fn numeric_operand(t: &Type, r: &dyn AliasResolver) -> Numeric {
    match t {
        Type::Integer(_) => Numeric::Int,
        Type::Float(_) => Numeric::Float,
        Type::String(s) => match &s.value {
            Some(v) if !looks_numeric(v) => Numeric::No,
            _ => Numeric::Maybe,
        },
        Type::Enum(e) if e.values.iter().all(|v| !looks_numeric(v)) => Numeric::No,
        _ => {
            let k = kinds(t, r);
            if k == compat::ALL || k & (compat::INT | compat::FLOAT | compat::STR) != 0 {
                Numeric::Maybe
            } else {
                Numeric::No
            }
        }
    }
}

/// Can Puppet convert this string to a number (decimal, octal, hex, float)?
fn looks_numeric(s: &str) -> bool {
    let t = s.trim();
    let t = t.strip_prefix(['-', '+']).unwrap_or(t);
    if t.is_empty() {
        return false;
    }
    if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        return !h.is_empty() && h.bytes().all(|b| b.is_ascii_hexdigit());
    }
    t.parse::<f64>().is_ok()
        && t.bytes()
            .all(|b| b.is_ascii_digit() || b".eE+-".contains(&b))
}

fn describe(t: &Type) -> String {
    match t {
        Type::String(s) if s.value.is_some() => {
            format!("the String '{}'", s.value.as_deref().unwrap_or(""))
        }
        t => format!("a value of type `{}`", t.generalize()),
    }
}

fn is_time(t: &Type) -> bool {
    matches!(t, Type::Timestamp(_) | Type::Timespan(_))
}

/// The type of arithmetic on a Timestamp or a Timespan (Puppet's time values add, subtract,
/// scale and divide); `None` when neither operand is one. Not checked further.
fn time_arithmetic(op: BinaryOp, l: &Type, r: &Type) -> Option<Type> {
    let any = crate::types::FloatRange::ANY;
    Some(match (l, op) {
        (Type::Timestamp(_), BinaryOp::Sub) if matches!(r, Type::Timestamp(_)) => {
            Type::Timespan(any)
        }
        (Type::Timestamp(_), _) => Type::Timestamp(any),
        (Type::Timespan(_), BinaryOp::Add) if matches!(r, Type::Timestamp(_)) => {
            Type::Timestamp(any)
        }
        (Type::Timespan(_), BinaryOp::Div) if matches!(r, Type::Timespan(_)) => Type::float(),
        (Type::Timespan(_), _) => Type::Timespan(any),
        _ if is_time(r) => Type::Any,
        _ => return None,
    })
}

/// The Bolt object types a value of type `t` may be (through `Optional` and `Variant`; `undef`
/// adds none). `false` when `t` says nothing (`Any`, an unresolved name that is no Bolt type)
/// or may be something else than a Bolt object.
fn bolt_objects(t: &Type, out: &mut Vec<&'static bolt::ObjectType>) -> bool {
    match t {
        Type::Alias(n) => match bolt::object(n) {
            Some(o) => {
                out.push(o);
                true
            }
            None => false,
        },
        Type::Optional(Some(inner)) | Type::NotUndef(Some(inner)) => bolt_objects(inner, out),
        Type::Undef => true,
        Type::Variant(ts) => {
            let mut all = true;
            for t in ts {
                all &= bolt_objects(t, out);
            }
            all
        }
        _ => false,
    }
}
