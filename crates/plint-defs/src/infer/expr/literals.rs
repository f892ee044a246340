//! The literals' types: strings with their values, arrays as tuples and hashes as structs (as
//! Puppet's `infer_set`), up to `MAX_EXACT` elements.

use super::*;

impl<'p> Infer<'p> {
    /// A string: its value when it is known (no interpolation), else `String`; what is
    /// interpolated is walked.
    pub(super) fn string_literal(&mut self, s: &'p StringLit) -> Type {
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

    /// An array literal: a tuple of its elements' types (see [`Self::array_of`]); with a
    /// splat, any array.
    pub(super) fn array_literal(&mut self, items: &'p [Expr]) -> Type {
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

    /// A hash literal: a struct when its keys are known strings, all different (at most
    /// `MAX_EXACT`), else a hash of its keys' and values' common types.
    pub(super) fn hash_literal(&mut self, h: &'p Hash) -> Type {
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
}
