//! Operators and access (`$a + $b`, `$x[1]`, `Type[...]`): the type Puppet's evaluator
//! gives, and the operands it rejects.

use super::*;

impl<'p> Infer<'p> {
    // ------------------------------------------------------------------ operators

    pub(super) fn binary(
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

    pub(super) fn operator(&mut self, op: BinaryOp, span: Span, l: &Type, r: &Type, reason: &str) {
        self.diags.push(TypeDiag::OperatorMismatch {
            op: op.as_str(),
            left: l.clone(),
            right: r.clone(),
            span,
            reason: reason.to_string(),
        });
    }

    /// Numbers (or strings that hold numbers) on both sides.
    pub(super) fn arithmetic(&mut self, op: BinaryOp, span: Span, l: &Type, r: &Type) -> Type {
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

    pub(super) fn comparison(&mut self, op: BinaryOp, span: Span, l: &Type, r: &Type) {
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

    pub(super) fn access(&mut self, e: &'p Expr, target: &'p Expr, args: &'p [Expr]) -> Type {
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
            return Type::type_of(
                lower_type(self.caches(), e, self.src, self.clean).unwrap_or(Type::Any),
            );
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

    /// `!x`, `*x`, `-x`: a negated literal number keeps its value.
    pub(super) fn unary(&mut self, op: UnaryOp, operand: &'p Expr) -> Type {
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
                Type::Float(r) if r.min.is_some() && r.min == r.max => Type::Float(FloatRange {
                    min: r.min.map(|f| -f),
                    max: r.min.map(|f| -f),
                }),
                Type::Integer(_) => Type::integer(),
                Type::Float(_) => Type::float(),
                _ => Type::Numeric,
            },
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Numeric {
    Int,
    Float,
    /// A number, or a string that may hold one.
    Maybe,
    No,
}

pub(super) fn numeric_operand(t: &Type, r: &dyn AliasResolver) -> Numeric {
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
pub(super) fn looks_numeric(s: &str) -> bool {
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

pub(super) fn describe(t: &Type) -> String {
    match t {
        Type::String(s) if s.value.is_some() => {
            format!("the String '{}'", s.value.as_deref().unwrap_or(""))
        }
        t => format!("a value of type `{}`", t.generalize()),
    }
}

pub(super) fn is_time(t: &Type) -> bool {
    matches!(t, Type::Timestamp(_) | Type::Timespan(_))
}

/// The type of arithmetic on a Timestamp or a Timespan (Puppet's time values add, subtract,
/// scale and divide); `None` when neither operand is one. Not checked further.
pub(super) fn time_arithmetic(op: BinaryOp, l: &Type, r: &Type) -> Option<Type> {
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
