//! Interpolation in Hiera's data and paths: `%{var}`, `%{lookup('key')}`, `%{alias('key')}`,
//! `%{literal('%')}`, `%{scope('var')}`.

use super::*;

impl Hiera {
    /// Interpolates `%{...}` in a data value (strings, and the keys and values of
    /// collections).
    pub(super) fn interpolate(
        &self,
        v: Value,
        inv: &Inv<'_>,
        allow_methods: bool,
    ) -> Result<Value, HieraError> {
        match &v {
            Value::String(s) if s.contains("%{") => self.interpolate_string(s, inv, allow_methods),
            Value::Array(a) => Ok(Value::array(
                a.iter()
                    .map(|e| self.interpolate(e.clone(), inv, allow_methods))
                    .collect::<Result<_, _>>()?,
            )),
            Value::Hash(h) => {
                let mut out = Hash::with_capacity(h.len());
                for (k, e) in h.iter() {
                    out.insert(
                        self.interpolate(k.clone(), inv, allow_methods)?,
                        self.interpolate(e.clone(), inv, allow_methods)?,
                    );
                }
                Ok(Value::hash(out))
            }
            _ => Ok(v),
        }
    }

    /// Interpolation that must give a string (paths).
    pub(super) fn interpolate_str(
        &self,
        s: &str,
        inv: &Inv<'_>,
        allow_methods: bool,
    ) -> Result<String, HieraError> {
        if !s.contains("%{") {
            return Ok(s.to_string());
        }
        Ok(ruby_to_s(&self.interpolate_string(
            s,
            inv,
            allow_methods,
        )?))
    }

    pub(super) fn interpolate_string(
        &self,
        subject: &str,
        inv: &Inv<'_>,
        allow_methods: bool,
    ) -> Result<Value, HieraError> {
        let mut out = String::new();
        let mut rest = subject;
        while let Some(start) = rest.find("%{") {
            let after = &rest[start + 2..];
            let Some(end) = after.find('}') else {
                break;
            };
            self.charge()?;
            self.check_string(out.len().saturating_add(start))?;
            out.push_str(&rest[..start]);
            let whole = &rest[start..start + 2 + end + 1];
            let expr = after[..end].trim();
            rest = &after[end + 1..];
            if matches!(expr, "" | "::" | "\"\"" | "''" | "\"::\"" | "'::'") {
                continue;
            }
            let (method, key) = match parse_method(expr) {
                Some((m, k)) => {
                    if !allow_methods {
                        return Err(HieraError::new(
                            "Interpolation using method syntax is not allowed in this context",
                        ));
                    }
                    (m, k)
                }
                None => ("scope", expr),
            };
            let value = match method {
                "alias" => {
                    if subject != whole {
                        return Err(HieraError::new(
                            "'alias' interpolation is only permitted if the expression is equal to the entire string",
                        ));
                    }
                    return self.global_lookup(key, inv);
                }
                "lookup" | "hiera" => {
                    let v = self.global_lookup(key, inv)?;
                    inv.check(key, || self.interpolate(v, inv, allow_methods))?
                }
                "scope" => {
                    let v = self.scope_lookup(key, inv, subject)?;
                    inv.check(&format!("scope:{key}"), || {
                        self.interpolate(v, inv, allow_methods)
                    })?
                }
                "literal" => Value::string(key),
                other => {
                    return Err(HieraError::new(format!(
                        "Unknown interpolation method '{other}'"
                    )));
                }
            };
            if let Value::String(v) = &value {
                self.check_string(out.len().saturating_add(v.len()))?;
            }
            out.push_str(&ruby_to_s(&value));
            self.check_string(out.len())?;
        }
        self.check_string(out.len().saturating_add(rest.len()))?;
        out.push_str(rest);
        Ok(Value::String(out))
    }

    /// `lookup('key')` inside data: the key's value, or the empty string when not found.
    pub(super) fn global_lookup(&self, key: &str, inv: &Inv<'_>) -> Result<Value, HieraError> {
        Ok(self
            .lookup_inner(key, None, inv)?
            .unwrap_or_else(|| Value::string("")))
    }

    /// A variable (with a dotted path into it) of the scope; undef when it is not set.
    pub(super) fn scope_lookup(
        &self,
        key: &str,
        inv: &Inv<'_>,
        subject: &str,
    ) -> Result<Value, HieraError> {
        let mut segs = split_key(key)
            .ok_or_else(|| HieraError::new(format!("Syntax error in string: {subject}")))?;
        let root = segs.remove(0).text();
        let name = root.strip_prefix("::").unwrap_or(&root);
        let value = inv.scope.variable(name).unwrap_or(Value::Undef);
        if value.is_undef() || segs.is_empty() {
            return Ok(value);
        }
        Ok(sub_lookup(key, &segs, value)?.unwrap_or(Value::Undef))
    }
}
