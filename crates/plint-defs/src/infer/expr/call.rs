//! Function and method calls: the signature that accepts the arguments, lambdas, and
//! Bolt plans' functions, objects and tasks.

use super::*;

impl<'p> Infer<'p> {
    // ------------------------------------------------------------------ calls

    pub(super) fn call(&mut self, e: &'p Expr, c: &'p Call) -> Type {
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

    pub(super) fn method_call(&mut self, e: &'p Expr, m: &'p MethodCall) -> Type {
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
    pub(super) fn check_call(
        &mut self,
        name: &str,
        name_span: Span,
        args: &[Type],
        splat: bool,
        lambda: Option<&'p Lambda>,
        call_span: Span,
        unused: bool,
    ) -> Option<Type> {
        let builtin = builtins::function(name).or_else(|| self.bolt_function(name));
        // A 3.x function's calls are not checked (below): its definition, which may be read
        // only when first asked for, is not asked for.
        if builtin.is_none() && self.program.is_function_3x(name) {
            if let Some(l) = lambda {
                self.lambda(l, &[]);
            }
            return None;
        }
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
                match sig
                    .return_type
                    .as_deref()
                    .and_then(|t| self.caches().parse(t))
                {
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
    pub(super) fn accepts(
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
    pub(super) fn fit(
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
                if let Some(t) = self.caches().parsed(&b.ty)
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
            let Some(expected) = self.caches().parsed(&p.ty) else {
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

    pub(super) fn report_mismatch(
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

    pub(super) fn lambda(&mut self, l: &'p Lambda, types_: &[Type]) {
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
    pub(super) fn bolt_function(&self, name: &str) -> Option<&'static FunctionDef> {
        if self.program.is_plan() {
            bolt::function(name)
        } else {
            None
        }
    }

    /// `apply(targets, options) { ... }`: its block is walked as a lambda (plan variables are
    /// visible in it); it gives a `ResultSet` of `ApplyResult`s. Its arguments were walked.
    pub(super) fn apply_block(&mut self, c: &'p Call) -> Type {
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
    pub(super) fn bolt_member(
        &mut self,
        recv: &Type,
        name: &str,
        m: &'p MethodCall,
    ) -> Option<Type> {
        if !self.program.is_plan() {
            return None;
        }
        let is_function = |this: &Self| {
            builtins::function(name).is_some()
                || this.bolt_function(name).is_some()
                || this.program.has_function(name)
        };
        let mut objects = Vec::new();
        let known = bolt_objects(recv, &mut objects);
        let result = if known && !objects.is_empty() {
            // The objects that have it (`$rs.first.report`: only an `ApplyResult` has a
            // report, the `Result` in the variant has not).
            let found: Vec<Type> = objects
                .iter()
                .filter_map(|o| o.member(name))
                .map(|m| self.caches().parse(&m.returns).unwrap_or(Type::Any))
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
            let element = self
                .caches()
                .parse("Variant[Result, ApplyResult]")
                .unwrap_or(Type::Any);
            self.lambda(l, &[element]);
        }
        Some(result)
    }

    /// `run_task('mod::task', $targets, [description,] { params })` against the task's
    /// metadata, when the task's module is indexed: the task exists, every parameter given is
    /// declared and of its type, every required one is given. Options (`_run_as`) are Bolt's.
    pub(super) fn check_run_task(&mut self, c: &'p Call, args: &[Type]) {
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
            let module = name.split_once("::").map_or(name.as_str(), |(m, _)| m);
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
                    if let Some(expected) = self.caches().parse(&p.ty)
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
            let optional = p.has_default
                || self
                    .caches()
                    .parse(&p.ty)
                    .is_none_or(|t| self.may_match(&t, &Type::Undef));
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

    pub(super) fn unknown_function(&mut self, name: &str, span: Span) {
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
        if !name.contains("::") && !self.program.is_closed() && !near_miss(name, &suggestion) {
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
    pub(super) fn defined_anywhere(&self, name: &str) -> bool {
        self.program.has_function(name)
            || self.program.definition(name).is_some()
            || self.program.has_resource_type(name)
            || self.program.type_alias(name).is_some()
            || (!name.contains("::") && self.program.has_module(name))
    }

    /// An unknown qualified name is reported only when its module is part of the program
    /// (else the module is just not installed); an unqualified one always (the caller may
    /// ask for a near miss when no module is known).
    pub(super) fn should_report_unknown(&self, name: &str) -> bool {
        let name = crate::syntax::trim_colons(name);
        match name.split_once("::") {
            Some((module, _)) => self.program.has_module(module),
            None => true,
        }
    }
}

/// A Ruby function whose first parameter is the calling scope (`param 'Any', :scope`) is
/// called through its own `call` method, which passes the scope: its dispatches do not
/// describe what a manifest gives.
pub(super) fn takes_scope(def: &FunctionDef) -> bool {
    def.kind == FunctionKind::Ruby4x
        && def
            .signatures
            .iter()
            .any(|s| s.params.first().is_some_and(|p| p.name == "scope"))
}

/// (min, max) number of arguments; `None` max is unbounded.
pub(super) fn arg_count(sig: &Signature) -> (usize, Option<usize>) {
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

pub(super) fn param_at(sig: &Signature, i: usize) -> Option<&crate::defs::model::SigParam> {
    sig.params.get(i).or_else(|| {
        sig.params
            .last()
            .filter(|p| matches!(p.kind, ParamKind::Repeated | ParamKind::RequiredRepeated))
    })
}

pub(super) fn without_block(s: &Signature) -> Signature {
    Signature {
        params: s.params.clone(),
        block: None,
        return_type: None,
    }
}

/// (min, max) number of arguments a lambda accepts.
pub(super) fn lambda_arity(l: &Lambda) -> (usize, usize) {
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
pub(super) fn signature_text(name: &str, s: &Signature) -> String {
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
pub(super) fn lambda_param_types(name: &str, args: &[Type], lambda: Option<&Lambda>) -> Vec<Type> {
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
pub(super) fn refine_return(_name: &str, t: Type, _args: &[Type]) -> Type {
    t
}

/// The Bolt object types a value of type `t` may be (through `Optional` and `Variant`; `undef`
/// adds none). `false` when `t` says nothing (`Any`, an unresolved name that is no Bolt type)
/// or may be something else than a Bolt object.
pub(super) fn bolt_objects(t: &Type, out: &mut Vec<&'static bolt::ObjectType>) -> bool {
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
