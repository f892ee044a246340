//! Conditionals in the compiler: `if`, `unless`, `case` and selectors. A condition on an
//! unknown value is reported once (`P213`) and no branch is taken: what the branches would
//! have assigned or overridden becomes unknown.

use super::Compiler;
use super::eval::splatted;
use crate::eval::diag::{Branch, EvalDiagKind, Unknown};
use crate::eval::error::{EvalResult, err};
use crate::eval::ops::{self, MatchOutcome};
use crate::eval::value::Value;
use crate::syntax::ast::{AssignOp, Block, Expr, ExprKind, Span};

impl Compiler<'_> {
    /// What the branches plint could not choose between would have done, made unknown: the
    /// variables they assign hold an unknown value (unless already set), and the attributes
    /// their resource overrides set on resources plint can name become unknown. Resources
    /// they declare stay out of the catalog (the note says so).
    fn skip_branches(&mut self, whole: &Expr, blocks: &[&Block]) {
        let mut vars = Vec::new();
        let mut overrides = Vec::new();
        for b in blocks {
            for s in &b.statements {
                branch_effects(s, &mut vars, &mut overrides);
            }
        }
        // In a template, the text those branches would have written is unknown too (the span
        // is the template's, not a manifest's).
        let origin = match self.templates.innermost_epp() {
            Some(frame) => {
                let origin = "a template's branch not evaluated".to_string();
                frame.mark_unknown(&origin);
                origin
            }
            None => format!(
                "a branch not evaluated {}",
                self.where_text(self.ctx.file, whole.span)
            ),
        };
        for name in vars {
            let _ = self.set_var(name, Value::unknown("Any", &origin));
        }
        for o in overrides {
            if !is_plain(&o.target) {
                continue;
            }
            let Ok(target) = self.eval(&o.target) else {
                continue;
            };
            let attrs = o
                .attributes
                .iter()
                .filter(|a| a.name.name != "*")
                .map(|a| (a.name.name.clone(), Value::unknown("Any", &origin), false))
                .collect();
            let _ = self.override_unknown(&target, attrs, whole.span);
        }
    }

    /// Notes (once per place) a condition on an unknown value; `origin` says where the value
    /// comes from.
    fn report_unknown_condition(&mut self, at: &Expr, what: Branch, origin: &str) {
        self.note_unknown_once(self.ctx.file, at.span, Unknown::Branch(what), origin);
    }

    /// Notes (once per place) what plint left out because it depends on an unknown value
    /// (from `origin`).
    pub(super) fn note_unknown_once(
        &mut self,
        file: super::FileId,
        span: Span,
        what: Unknown,
        origin: &str,
    ) {
        if self.findings.first_unknown_condition(file, span.start) {
            let at = self.location(file, span);
            let origin = origin.to_string();
            let kind = EvalDiagKind::UnknownCondition { what, origin };
            self.findings
                .push(crate::eval::diag::EvalDiag::new(kind, at));
        }
    }

    pub(super) fn eval_selector(
        &mut self,
        whole: &Expr,
        value: &Expr,
        entries: &[crate::syntax::ast::SelectorEntry],
    ) -> EvalResult {
        let v = self.eval(value)?;
        let mut default = None;
        for entry in entries {
            if matches!(entry.matcher.kind, ExprKind::Default) {
                default = Some(&entry.value);
                continue;
            }
            let alternatives = match splatted(&entry.matcher) {
                Some(operand) => self.unfolded(operand)?,
                None => vec![self.eval(&entry.matcher)?],
            };
            for m in alternatives {
                let outcome = self.case_match(&v, &m);
                let outcome = self.regex_outcome(outcome, entry.matcher.span)?;
                match outcome.value.truthy() {
                    Some(true) => {
                        self.set_matches(outcome.captures);
                        return self.eval(&entry.value);
                    }
                    Some(false) => {}
                    None => {
                        let origin = Value::origin_among([&outcome.value], "an unknown value");
                        self.report_unknown_condition(whole, Branch::Selector, &origin);
                        return Ok(Value::unknown("Any", &origin));
                    }
                }
            }
        }
        if let Some(d) = default {
            return self.eval(d);
        }
        err(format!(
            "No matching entry for selector parameter with value '{}'",
            v.to_puppet_string()
        ))
    }

    pub(super) fn eval_if(&mut self, whole: &Expr, i: &crate::syntax::ast::If) -> EvalResult {
        for (cond, body) in &i.branches {
            let c = self.eval(cond)?;
            match c.truthy() {
                Some(true) => return self.eval_block(body),
                Some(false) => {}
                None => {
                    let origin = Value::origin_among([&c], "an unknown value");
                    self.report_unknown_condition(whole, Branch::If, &origin);
                    let mut blocks: Vec<&Block> = i.branches.iter().map(|(_, b)| b).collect();
                    blocks.extend(&i.else_block);
                    self.skip_branches(whole, &blocks);
                    return Ok(Value::unknown("Any", &origin));
                }
            }
        }
        match &i.else_block {
            Some(b) => self.eval_block(b),
            None => Ok(Value::Undef),
        }
    }

    pub(super) fn eval_unless(
        &mut self,
        whole: &Expr,
        u: &crate::syntax::ast::Unless,
    ) -> EvalResult {
        let c = self.eval(&u.condition)?;
        match c.truthy() {
            Some(false) => self.eval_block(&u.then_block),
            Some(true) => match &u.else_block {
                Some(b) => self.eval_block(b),
                None => Ok(Value::Undef),
            },
            None => {
                let origin = Value::origin_among([&c], "an unknown value");
                self.report_unknown_condition(whole, Branch::Unless, &origin);
                let mut blocks = vec![&u.then_block];
                blocks.extend(&u.else_block);
                self.skip_branches(whole, &blocks);
                Ok(Value::unknown("Any", &origin))
            }
        }
    }

    pub(super) fn eval_case(&mut self, whole: &Expr, c: &crate::syntax::ast::Case) -> EvalResult {
        let v = self.eval(&c.value)?;
        let mut default_body = None;
        for opt in &c.options {
            for m in &opt.matchers {
                if matches!(m.kind, ExprKind::Default) {
                    default_body = Some(&opt.body);
                    continue;
                }
                let alternatives: Vec<Value> = match splatted(m) {
                    // `*$list:` matches any of the list's values (Puppet's UnfoldExpression).
                    Some(operand) => self.unfolded(operand)?,
                    None => match (self.eval(m)?, &m.kind) {
                        (Value::Array(a), ExprKind::Array(_)) if !matches!(v, Value::Array(_)) => {
                            a.as_ref().clone()
                        }
                        (pattern, _) => vec![pattern],
                    },
                };
                for p in alternatives {
                    let outcome = self.case_match(&v, &p);
                    let outcome = self.regex_outcome(outcome, m.span)?;
                    match outcome.value.truthy() {
                        Some(true) => {
                            self.set_matches(outcome.captures);
                            return self.eval_block(&opt.body);
                        }
                        Some(false) => {}
                        None => {
                            let origin = Value::origin_among([&outcome.value], "an unknown value");
                            self.report_unknown_condition(whole, Branch::Case, &origin);
                            let blocks: Vec<&Block> = c.options.iter().map(|o| &o.body).collect();
                            self.skip_branches(whole, &blocks);
                            return Ok(Value::unknown("Any", &origin));
                        }
                    }
                }
            }
        }
        match default_body {
            Some(b) => self.eval_block(b),
            None => Ok(Value::Undef),
        }
    }

    /// A case or selector match; types are checked with the module's aliases.
    fn case_match(&self, v: &Value, pattern: &Value) -> EvalResult<MatchOutcome> {
        if let Value::Type(t) = pattern
            && !v.contains_unknown()
        {
            let b = self.instance_of(v, t).unwrap_or(false);
            return Ok(MatchOutcome {
                value: Value::Boolean(b),
                captures: None,
            });
        }
        ops::case_match(&self.regexes, v, pattern)
    }
}

/// The variables a branch assigns and the resource overrides it holds, outside lambdas and
/// definitions (which have scopes of their own).
pub(super) fn branch_effects<'a>(
    e: &'a Expr,
    vars: &mut Vec<&'a str>,
    overrides: &mut Vec<&'a crate::syntax::ast::ResourceOverride>,
) {
    match &e.kind {
        ExprKind::Assignment {
            op: AssignOp::Assign,
            left,
            right,
        } => {
            left.walk(&mut |t| {
                if let ExprKind::Variable(n) = &t.kind {
                    vars.push(n);
                }
            });
            branch_effects(right, vars, overrides);
        }
        ExprKind::ResourceOverride(o) => overrides.push(o),
        ExprKind::Call(c) => {
            for a in &c.args {
                branch_effects(a, vars, overrides);
            }
        }
        ExprKind::MethodCall(m) => {
            branch_effects(&m.receiver, vars, overrides);
            for a in m.args.iter().flatten() {
                branch_effects(a, vars, overrides);
            }
        }
        _ if e.is_definition() => {}
        _ => e.for_each_child(&mut |c| branch_effects(c, vars, overrides)),
    }
}

/// Whether evaluating `e` has no effect beyond its value (names, variables, literals, strings,
/// `[]` and arrays of those).
fn is_plain(e: &Expr) -> bool {
    let mut plain = true;
    e.walk(&mut |x| {
        plain &= matches!(
            x.kind,
            ExprKind::Variable(_)
                | ExprKind::String(_)
                | ExprKind::Integer(_)
                | ExprKind::Name(_)
                | ExprKind::TypeRef(_)
                | ExprKind::Access { .. }
                | ExprKind::Array(_)
        );
    });
    plain
}
