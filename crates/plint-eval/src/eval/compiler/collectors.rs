//! Collectors (`File <| query |>`, `@@File <<| |>>`): their queries, and realizing the
//! virtual resources they match in the generators loop.

use super::loader::FileId;
use super::overrides::PendingOverride;
use super::resources::cap_type;
use super::{Compiler, ResKind};
use crate::eval::diag::{EvalDiagKind, TypeUse, Unknown};
use crate::eval::error::{EvalError, EvalResult, err};
use crate::eval::ops;
use crate::eval::value::Value;
use crate::syntax::ast::{self, Expr, ExprKind, Span};

/// A query of a collector.
#[derive(Debug, Clone)]
pub enum Query {
    All,
    Eq(String, Value),
    Ne(String, Value),
    And(Box<Query>, Box<Query>),
    Or(Box<Query>, Box<Query>),
}

#[derive(Debug, Clone)]
pub struct Collector {
    pub type_name: String,
    pub exported: bool,
    pub query: Query,
    pub attrs: Vec<(String, Value, bool)>,
    pub source: String,
    pub collected: Vec<usize>,
    pub file: FileId,
    pub span: Span,
}

impl Compiler<'_> {
    // ------------------------------------------------------------------ collectors

    pub fn eval_collector(&mut self, c: &ast::Collector, span: Span) -> EvalResult<usize> {
        let type_lower = c.type_ref.name.trim_start_matches("::").to_lowercase();
        if self.resolve_type(&type_lower).is_none() {
            return Err(EvalError::finding(EvalDiagKind::UnknownResourceType {
                name: type_lower,
                used: TypeUse::Declared,
            }));
        }
        let query = match &c.query {
            Some(q) => self.eval_query(q)?,
            None => Query::All,
        };
        let attrs = self.eval_attributes(&c.attributes)?;
        let source = self.current_source();
        if !attrs.is_empty() {
            self.built.add_override_source(source.clone());
        }
        let id = self.built.add_collector(Collector {
            type_name: cap_type(&type_lower),
            exported: c.exported,
            query,
            attrs,
            source,
            collected: Vec::new(),
            file: self.ctx.file,
            span,
        });
        Ok(id)
    }

    fn eval_query(&mut self, q: &Expr) -> EvalResult<Query> {
        match &q.kind {
            ExprKind::Paren(inner) => self.eval_query(inner),
            ExprKind::Binary {
                op, left, right, ..
            } => match op {
                ast::BinaryOp::And => Ok(Query::And(
                    Box::new(self.eval_query(left)?),
                    Box::new(self.eval_query(right)?),
                )),
                ast::BinaryOp::Or => Ok(Query::Or(
                    Box::new(self.eval_query(left)?),
                    Box::new(self.eval_query(right)?),
                )),
                ast::BinaryOp::Eq | ast::BinaryOp::Ne => {
                    let attr = match &left.kind {
                        ExprKind::Name(n) => n.clone(),
                        ExprKind::String(_) | ExprKind::ReservedWord(_) => {
                            self.eval(left)?.to_puppet_string()
                        }
                        _ => return err("A query attribute must be a name"),
                    };
                    let v = self.eval(right)?;
                    Ok(if *op == ast::BinaryOp::Eq {
                        Query::Eq(attr, v)
                    } else {
                        Query::Ne(attr, v)
                    })
                }
                _ => err("Unsupported query operator"),
            },
            _ => err("Unsupported query"),
        }
    }

    /// Whether the resource at `idx` matches the query; `Err(origin)` when that depends on a
    /// value not known statically (Kleene's logic: a known `false` decides an `and`, a known
    /// `true` an `or`).
    fn query_matches(&self, q: &Query, idx: usize) -> Result<bool, String> {
        match q {
            Query::All => Ok(true),
            Query::And(a, b) => match (self.query_matches(a, idx), self.query_matches(b, idx)) {
                (Ok(false), _) | (_, Ok(false)) => Ok(false),
                (Err(o), _) | (_, Err(o)) => Err(o),
                (Ok(true), Ok(true)) => Ok(true),
            },
            Query::Or(a, b) => match (self.query_matches(a, idx), self.query_matches(b, idx)) {
                (Ok(true), _) | (_, Ok(true)) => Ok(true),
                (Err(o), _) | (_, Err(o)) => Err(o),
                (Ok(false), Ok(false)) => Ok(false),
            },
            Query::Eq(attr, v) => self.attr_matches(idx, attr, v),
            Query::Ne(attr, v) => self.attr_matches(idx, attr, v).map(|m| !m),
        }
    }

    /// Whether the resource at `idx` has the attribute value `v` (`title`, `tag` and array
    /// values as Puppet compares them); `Err(origin)` when `v` or the resource's value is
    /// unknown. A tag counts when the resource or one of its containers has it, merged or not
    /// yet (Puppet's `raw_tagged?`).
    fn attr_matches(&self, idx: usize, attr: &str, v: &Value) -> Result<bool, String> {
        if v.contains_unknown() {
            return Err(Value::origin_among([v], "an unknown value"));
        }
        let r = self.built.catalog.get(idx);
        let want = v.to_puppet_string();
        match attr {
            "title" => match &r.unknown_title {
                Some(t) => Err(Value::origin_among([t], "an unknown title")),
                None => Ok(r.title == want),
            },
            "tag" => {
                let mut at = Some(idx);
                while let Some(i) = at {
                    if self
                        .built
                        .catalog
                        .get(i)
                        .tags
                        .iter()
                        .any(|t| t.eq_ignore_ascii_case(&want))
                    {
                        return Ok(true);
                    }
                    at = self.tag_container(i);
                }
                Ok(false)
            }
            _ => match r.param(attr) {
                Some(Value::Array(a)) => {
                    if a.iter().any(|x| !x.contains_unknown() && ops::equals(x, v)) {
                        Ok(true)
                    } else if a.iter().any(Value::contains_unknown) {
                        Err(Value::origin_among(a.iter(), "an unknown value"))
                    } else {
                        Ok(false)
                    }
                }
                Some(x) if x.contains_unknown() => {
                    Err(Value::origin_among([x], "an unknown value"))
                }
                Some(x) => Ok(ops::equals(x, v)),
                None => Ok(false),
            },
        }
    }

    /// One pass of every collector; true when something new was collected.
    fn evaluate_collections(&mut self) -> EvalResult<bool> {
        let mut found = false;
        for ci in 0..self.built.collector_count() {
            let c = self.built.collector(ci).clone();
            let n = self.built.catalog.resources().len();
            for idx in 0..n {
                if c.collected.contains(&idx) {
                    continue;
                }
                let r = self.built.catalog.get(idx);
                if r.type_name != c.type_name {
                    continue;
                }
                if c.exported && !r.exported {
                    continue;
                }

                match self.query_matches(&c.query, idx) {
                    Ok(true) => {}
                    Ok(false) => continue,
                    // Whether Puppet collects it is not known: it is left as it is, and a note
                    // says so.
                    Err(origin) => {
                        self.note_unknown_once(c.file, c.span, Unknown::Collector, &origin);
                        continue;
                    }
                }
                self.built.catalog.get_mut(idx).virtual_ = false;
                self.built.mark_collected(ci, idx);
                found = true;
                if !c.attrs.is_empty() {
                    let ov = PendingOverride {
                        type_name: c.type_name.clone(),
                        title: String::new(),
                        attrs: c.attrs.clone(),
                        source: c.source.clone(),
                        file: c.file,
                        span: c.span,
                        uncertain: false,
                    };
                    self.apply_override(idx, &ov, true)?;
                }
            }
        }
        Ok(found)
    }

    /// The generators loop: collectors, then defines not yet evaluated, until nothing new.
    pub fn evaluate_generators(&mut self) -> EvalResult<()> {
        for _ in 0..1000 {
            let mut done = !self.evaluate_collections()?;
            let pending: Vec<usize> = (0..self.built.meta.len())
                .filter(|&i| {
                    !self.built.meta[i].evaluated
                        && matches!(self.built.meta[i].kind, ResKind::Define(_))
                })
                .filter(|&i| !self.built.catalog.get(i).virtual_)
                .collect();
            for i in pending {
                done = false;
                // A define instance that fails (a parameter of the wrong type) fails the
                // compilation; the other instances are still evaluated.
                if let Err(e) = self.evaluate_define(i) {
                    self.recover_error(e)?;
                }
            }
            if done {
                return Ok(());
            }
        }
        err("Somehow looped more than 1000 times while evaluating host catalog")
    }
}
