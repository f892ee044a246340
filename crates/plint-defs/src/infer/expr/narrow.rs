//! Definitions' scopes, and branches: what a condition proves of a variable in an arm,
//! and how the arms' scopes are joined (`if`, `unless`, `case`, selectors).

use super::*;

impl<'p> Infer<'p> {
    // ------------------------------------------------------------------ definitions

    pub(super) fn definition(&mut self, params: &'p [Parameter], body: &'p Block) {
        self.push(ScopeKind::Named);
        self.pop_after_definition(params, body);
    }

    /// Sizes the innermost scope for `n` more names at once (a definition's parameters and a
    /// few more), rather than growing its map step by step.
    pub(super) fn reserve_vars(&mut self, n: usize) {
        if let Some(s) = self.scopes.last_mut() {
            s.vars.reserve(n);
        }
    }

    /// Binds the parameters (checking their defaults), walks the body, pops the scope.
    pub(super) fn pop_after_definition(&mut self, params: &'p [Parameter], body: &'p Block) {
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
    pub(super) fn narrowing(&self, cond: &'p Expr) -> Option<(&'p str, Type)> {
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
            let t = lower_type(self.caches(), right, self.src, self.clean)?;
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
    pub(super) fn branches(
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
    pub(super) fn write(&mut self, idx: usize, name: &'p str, t: Option<Type>) {
        let Some(s) = self.scopes.get_mut(idx) else {
            return;
        };
        crate::infer::reserve_if_unallocated(&mut s.vars, 8);
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
    pub(super) fn undo(&mut self, mark: usize) {
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

    pub(super) fn set_quiet(&mut self, name: &'p str, t: Type) {
        if let Some(idx) = self.scopes.len().checked_sub(1) {
            self.write(idx, name, Some(t));
        }
    }

    pub(super) fn unset_quiet(&mut self, name: &'p str) {
        if let Some(idx) = self.scopes.len().checked_sub(1) {
            self.write(idx, name, None);
        }
    }

    pub(super) fn case(&mut self, c: &'p Case) -> Type {
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
                let Some(t) = lower_type(self.caches(), m, self.src, self.clean) else {
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
    pub(super) fn check_unreachable(
        &mut self,
        m: &'p Expr,
        t: &Type,
        value: &Type,
        covered: &[(Type, Span)],
    ) {
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
}
