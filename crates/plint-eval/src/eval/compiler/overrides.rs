//! Resource defaults (`File { mode => ... }`) and overrides (`File['x'] { ... }`,
//! `Class['x'] { ... }`, from inheriting classes and collectors).

use super::Compiler;
use super::loader::FileId;
use super::resources::{cap_type, ref_key};
use super::scope::DefaultAttr;
use crate::eval::diag::{EvalDiagKind, TypeUse};
use crate::eval::error::{EvalError, EvalResult, err};
use crate::eval::value::Value;
use crate::syntax::ast::{self, Span};

/// An override waiting for its resource.
#[derive(Debug, Clone)]
pub struct PendingOverride {
    pub type_name: String,
    pub title: String,
    pub attrs: Vec<(String, Value, bool)>,
    pub source: String,
    pub file: FileId,
    pub span: Span,
    /// From a branch plint could not choose (its values are unknown): it may never happen, so
    /// a missing resource or a forbidden override is no error.
    pub uncertain: bool,
}

impl Compiler<'_> {
    // ------------------------------------------------------------------ defaults, overrides

    pub fn eval_defaults(&mut self, d: &ast::ResourceDefaults) -> EvalResult {
        let type_lower = d.type_ref.name.trim_start_matches("::").to_lowercase();
        if type_lower == "class" {
            return err("Defaults are not allowed for classes");
        }
        if self.resolve_type(&type_lower).is_none() {
            return Err(EvalError::finding(EvalDiagKind::UnknownResourceType {
                name: type_lower,
                used: TypeUse::Declared,
            }));
        }
        let attrs = self.eval_attributes(&d.attributes)?;
        let sid = self.ctx.scope;
        let entry = self.scopes[sid]
            .defaults
            .entry(type_lower.clone())
            .or_default();
        for (n, v, append) in attrs {
            if entry.iter().any(|x| x.name == n) {
                return err(format!(
                    "The default for '{n}' of {} is already set in this scope",
                    cap_type(&type_lower)
                ));
            }
            entry.push(DefaultAttr {
                name: n,
                value: v,
                append,
            });
        }
        Ok(Value::Undef)
    }

    pub fn eval_override(&mut self, o: &ast::ResourceOverride, span: Span) -> EvalResult {
        let target = self.eval(&o.target)?;
        let attrs = self.eval_attributes(&o.attributes)?;
        let mut refs = Vec::new();
        super::eval::flatten_into(&target, &mut refs);
        let source = self.current_source();
        for r in refs {
            if r.is_unknown() {
                continue;
            }
            let Some((t, title)) = ref_key(&r) else {
                return err(format!(
                    "A resource override needs resource references, got {}",
                    r.type_name()
                ));
            };
            let ov = PendingOverride {
                type_name: t,
                title,
                attrs: attrs.clone(),
                source: source.clone(),
                file: self.ctx.file,
                span,
                uncertain: false,
            };
            match self.built.catalog.find(&ov.type_name, &ov.title) {
                Some(idx) => self.apply_override(idx, &ov, false)?,
                None => self.built.defer_override(ov),
            }
        }
        Ok(Value::Undef)
    }

    /// Sets attributes of the resources `target` names to unknown values, for an override in
    /// a branch plint could not choose; errors (a resource another class owns) are ignored,
    /// as the override may never happen.
    pub fn override_unknown(
        &mut self,
        target: &Value,
        attrs: Vec<(String, Value, bool)>,
        span: Span,
    ) -> EvalResult<()> {
        let mut refs = Vec::new();
        super::eval::flatten_into(target, &mut refs);
        let source = self.current_source();
        for r in refs {
            let Some((type_name, title)) = ref_key(&r) else {
                continue;
            };
            let ov = PendingOverride {
                type_name,
                title,
                attrs: attrs.clone(),
                source: source.clone(),
                file: self.ctx.file,
                span,
                uncertain: true,
            };
            match self.built.catalog.find(&ov.type_name, &ov.title) {
                Some(idx) => {
                    // Whether it applies is not known: an error is not Puppet's.
                    let _ = self.apply_override(idx, &ov, false);
                }
                None => self.built.defer_override(ov),
            }
        }
        Ok(())
    }

    pub(super) fn apply_override(
        &mut self,
        idx: usize,
        ov: &PendingOverride,
        from_collector: bool,
    ) -> EvalResult<()> {
        let res_source = self.built.meta[idx]
            .source_class
            .clone()
            .unwrap_or_default();
        let allowed =
            from_collector || ov.source == res_source || self.child_of(&ov.source, &res_source);
        if !allowed {
            return Err(
                EvalError::new("Only subclasses can override parameters").located(ov.file, ov.span)
            );
        }
        for (n, v, append) in &ov.attrs {
            let current = self.built.catalog.get(idx).param(n).cloned();
            let value = match current {
                None => v.clone(),
                Some(cur) if cur.is_undef() => v.clone(),
                Some(cur) => {
                    let param_source = self.built.meta[idx]
                        .param_sources
                        .iter()
                        .find(|(p, _)| p == n)
                        .map(|(_, s)| s.clone())
                        .unwrap_or(res_source.clone());
                    if !(from_collector || self.child_of(&ov.source, &param_source)) {
                        let r = self.built.catalog.get(idx).reference();
                        let by = if param_source.is_empty() {
                            String::new()
                        } else {
                            format!(" by Class[{}]", cap_type(&param_source))
                        };
                        return Err(EvalError::new(format!(
                            "Parameter '{n}' is already set on {r}{by}; cannot redefine"
                        ))
                        .located(self.built.meta[idx].file, self.built.meta[idx].span));
                    }
                    if *append {
                        append_values(&cur, v)
                    } else {
                        v.clone()
                    }
                }
            };
            self.built.catalog.get_mut(idx).set_param(n, value);
            self.built.meta[idx]
                .param_sources
                .push((n.clone(), ov.source.clone()));
        }
        Ok(())
    }
}

/// `+>`: the old value (an array, or wrapped in one) with the new appended, flattened.
pub(super) fn append_values(old: &Value, new: &Value) -> Value {
    let mut out = Vec::new();
    super::eval::flatten_into(old, &mut out);
    super::eval::flatten_into(new, &mut out);
    Value::array(out)
}
