//! The walk: scopes, statements, and the type of each kind of expression.

use super::*;

impl<'p> Infer<'p> {
    // ------------------------------------------------------------------ scopes

    /// Enters a new context (see [`Infer::context`]); gives the one to restore.
    pub(super) fn enter_context(&mut self) -> u32 {
        let old = self.context;
        self.context = self.next_context;
        self.next_context += 1;
        old
    }

    pub(super) fn push(&mut self, kind: ScopeKind) {
        let vars = self.spare_vars.pop().unwrap_or_default();
        self.scopes.push(Scope { kind, vars });
    }

    pub(super) fn pop(&mut self) {
        if let Some(mut s) = self.scopes.pop() {
            s.vars.clear();
            self.spare_vars.push(s.vars);
        }
    }

    pub(super) fn bind(&mut self, name: &'p str, t: Type) {
        if let Some(log) = self.branch_log.last_mut() {
            log.push(name);
        }
        if let Some(idx) = self.scopes.len().checked_sub(1) {
            self.write(idx, name, Some(t));
        }
    }

    pub(super) fn lookup(&self, name: &str) -> Option<&Type> {
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

    pub(super) fn variable_type(&self, name: &str) -> Type {
        if name.bytes().all(|b| b.is_ascii_digit()) {
            return Type::optional(Type::string());
        }
        let plain = crate::syntax::trim_colons(name);
        if plain == "facts" {
            return Type::hash(Type::string(), Type::Any, None);
        }
        if plain == "trusted" {
            return trusted_type(self.caches());
        }
        if !name.starts_with("::") && !plain.contains("::") {
            if let Some(t) = self.lookup(plain) {
                return t.clone();
            }
        } else if let Some((class, var)) = plain.rsplit_once("::") {
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
                Some(p) => {
                    p.ty.as_deref()
                        .and_then(|t| self.caches().parse(t))
                        .unwrap_or(Type::Any)
                }
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

    pub(super) fn statements(&mut self, stmts: &'p [Expr]) -> Type {
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
    pub(super) fn declared_type(&mut self, t: &'p Expr) -> Type {
        let lowered_by_walk = self.depth < MAX_DEPTH
            && matches!(&t.kind, ExprKind::Access { target, .. } if is_type_expr(target));
        let walked = self.expr(t);
        if lowered_by_walk && let Type::Type(Some(inner)) = walked {
            return *inner;
        }
        lower_type(self.caches(), t, self.src, self.clean).unwrap_or(Type::Any)
    }

    pub(super) fn block(&mut self, b: &'p Block) -> Type {
        self.statements(&b.statements)
    }

    pub(super) fn record(&mut self, span: Span, t: &Type) {
        if let Some(r) = &mut self.record {
            r.push((span, t.clone()));
        }
    }

    pub(super) fn common(&self, a: &Type, b: &Type) -> Type {
        let t = types::common_with(a, b, &self.calc);
        self.calc.settle();
        t
    }

    pub(super) fn may_match(&self, expected: &Type, found: &Type) -> bool {
        compat::may_match_with(expected, found, self.resolver, &self.calc)
    }

    pub(super) fn text(&self, span: Span) -> &'p str {
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
    pub(super) fn walk_unused(&mut self, e: &'p Expr) {
        let leaf = e.kind.is_leaf() && !matches!(e.kind, ExprKind::TypeRef(_));
        if leaf && self.record.is_none() {
            return;
        }
        self.expr(e);
    }

    /// The type of `e` (see [`Self::expr`]): one `match` on its kind (the walk runs on every
    /// file), each compound kind typed by its step.
    pub(super) fn expr_inner(&mut self, e: &'p Expr) -> Type {
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
            ExprKind::String(s) => self.string_literal(s),
            ExprKind::Variable(name) => self.variable_type(name),
            ExprKind::Name(n) => Type::string_value(n.clone()),
            ExprKind::TypeRef(n) => self.type_reference(e, n),
            ExprKind::ReservedWord(w) => Type::string_value(w.clone()),
            ExprKind::Array(items) => self.array_literal(items),
            ExprKind::Hash(h) => self.hash_literal(h),
            ExprKind::Access { target, args } => self.access(e, target, args),
            ExprKind::Unary { op, operand } => self.unary(*op, operand),
            ExprKind::Binary {
                op,
                op_span,
                left,
                right,
            } => self.binary(e, *op, *op_span, left, right),
            ExprKind::Assignment { left, right, .. } => self.assignment(left, right),
            ExprKind::Relationship { left, right, .. } => {
                self.walk_unused(left);
                self.expr(right)
            }
            ExprKind::Selector { value, entries } => self.selector(value, entries),
            ExprKind::Paren(inner) => self.expr(inner),
            ExprKind::Call(c) => self.call(e, c),
            ExprKind::MethodCall(m) => self.method_call(e, m),
            ExprKind::If(i) => self.if_expression(i),
            ExprKind::Unless(u) => self.unless_expression(u),
            ExprKind::Case(c) => self.case(c),
            ExprKind::Resource(r) => {
                self.resource(r, e.span);
                Type::Any
            }
            ExprKind::ResourceDefaults(d) => self.resource_defaults(d),
            ExprKind::ResourceOverride(o) => self.resource_override(o),
            ExprKind::Collector(c) => self.collector(c),
            ExprKind::Class(c) => {
                self.definition(&c.params, &c.body);
                Type::Any
            }
            ExprKind::Define(d) => self.define_definition(d),
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
            ExprKind::Node(n) => self.node_definition(n),
            ExprKind::TypeAlias(t) => {
                self.expr(&t.value);
                Type::Any
            }
            ExprKind::TypeDefinition(_) | ExprKind::Error => Type::Any,
        }
    }

    /// A type reference `e`, named `n`: its name is checked; `Type[T]` (`Any` when it is a type
    /// argument whose value is not used).
    fn type_reference(&mut self, e: &'p Expr, n: &'p str) -> Type {
        self.check_type_name(n, e.span);
        if std::mem::take(&mut self.type_arg_unused) {
            return Type::Any;
        }
        Type::type_of(self.type_of_ref(n))
    }

    /// `left = right`: binds the variables assigned; the value's type (`Undef` for a statement
    /// whose value is not used, the type moved to the variable).
    fn assignment(&mut self, left: &'p Expr, right: &'p Expr) -> Type {
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

    /// `value ? { matcher => value, ... }`: the common type of the values.
    fn selector(&mut self, value: &'p Expr, entries: &'p [SelectorEntry]) -> Type {
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

    /// `if`/`elsif`/`else`: each branch with what its condition narrows.
    fn if_expression(&mut self, i: &'p If) -> Type {
        let want_value = !std::mem::take(&mut self.value_unused);
        let mut arms: Vec<(Narrowing<'p>, &'p Block)> = Vec::new();
        for (cond, body) in &i.branches {
            self.walk_unused(cond);
            arms.push((self.narrowing(cond), body));
        }
        let else_block = i.else_block.as_ref();
        self.branches(arms, else_block, want_value)
    }

    /// `unless`/`else`.
    fn unless_expression(&mut self, u: &'p Unless) -> Type {
        let want_value = !std::mem::take(&mut self.value_unused);
        self.walk_unused(&u.condition);
        self.branches(
            vec![(None, &u.then_block)],
            u.else_block.as_ref(),
            want_value,
        )
    }

    /// A define's body, in its named scope with `$title` and `$name`.
    fn define_definition(&mut self, d: &'p DefineDef) -> Type {
        self.push(ScopeKind::Named);
        self.reserve_vars(d.params.len() + 10);
        self.bind("title", Type::string());
        self.bind("name", Type::string());
        self.pop_after_definition(&d.params, &d.body);
        Type::Any
    }

    /// A node's matchers, and its body in its named scope.
    fn node_definition(&mut self, n: &'p NodeDef) -> Type {
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

    pub(super) fn common_all(&self, ts: Vec<Type>) -> Type {
        if let Some(t) = common_strings(&ts) {
            return t;
        }
        let mut it = ts.into_iter();
        let Some(first) = it.next() else {
            return Type::Unit;
        };
        it.fold(first, |a, t| self.common(&a, &t))
    }

    pub(super) fn array_of(&self, ts: Vec<Type>) -> Type {
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
}

pub(super) fn strip_parens(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Paren(inner) => strip_parens(inner),
        _ => e,
    }
}

/// Is the expression a type (`String`, `Integer[1, 2]`, `Optional[Foo::Bar]`)?
pub(super) fn is_type_expr(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::TypeRef(_) => true,
        ExprKind::Access { target, .. } => matches!(target.kind, ExprKind::TypeRef(_)),
        _ => false,
    }
}
