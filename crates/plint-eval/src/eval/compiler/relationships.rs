//! Relationships (`->`, `~>`, `<-`, `<~`) between references and collectors, kept until the
//! catalog is finished.

use super::Compiler;
use super::loader::FileId;
use super::resources::ref_key;
use crate::eval::error::{EvalResult, err};
use crate::eval::ops;
use crate::eval::value::Value;
use crate::syntax::ast::{Expr, ExprKind, RelationshipOp, Span};

#[derive(Debug, Clone)]
pub enum RelOperand {
    Refs(Vec<(String, String)>),
    Collector(usize),
}

#[derive(Debug, Clone)]
pub struct Relationship {
    pub source: RelOperand,
    pub target: RelOperand,
    /// `before` or `notify`.
    pub param: &'static str,
    pub file: FileId,
    pub span: Span,
}

impl Compiler<'_> {
    // ------------------------------------------------------------------ relationships

    pub fn eval_relationship(
        &mut self,
        op: RelationshipOp,
        left: &Expr,
        right: &Expr,
        span: Span,
    ) -> EvalResult {
        let (_, v) = self.relationship_operands(op, left, right, span)?;
        Ok(v)
    }

    fn rel_operand(&mut self, e: &Expr) -> EvalResult<(RelOperand, Value)> {
        match &e.kind {
            ExprKind::Collector(c) => {
                let id = self.eval_collector(c, e.span)?;
                Ok((RelOperand::Collector(id), Value::Undef))
            }
            ExprKind::Relationship {
                op, left, right, ..
            } => self.relationship_operands(*op, left, right, e.span),
            ExprKind::Paren(inner) => self.rel_operand(inner),
            _ => {
                let v = self.eval(e)?;
                let mut flat = Vec::new();
                super::eval::flatten_into(&v, &mut flat);
                let mut refs = Vec::new();
                for x in &flat {
                    if let Value::Unknown(u) = x {
                        let what = crate::eval::diag::Unknown::Relationship;
                        self.note_unknown_once(self.ctx.file, e.span, what, &u.origin);
                        continue;
                    }
                    if x.is_undef() {
                        continue;
                    }
                    match ref_key(x) {
                        Some(k) => {
                            if !refs.contains(&k) {
                                refs.push(k)
                            }
                        }
                        None => {
                            return err(format!(
                                "Illegal relationship operand, can not form a relationship with {}. A Catalog type is required.",
                                ops::a_an(x)
                            ));
                        }
                    }
                }
                Ok((RelOperand::Refs(refs), v))
            }
        }
    }

    /// Records `left op right`; gives the right operand (for chains) and its value.
    fn relationship_operands(
        &mut self,
        op: RelationshipOp,
        left: &Expr,
        right: &Expr,
        span: Span,
    ) -> EvalResult<(RelOperand, Value)> {
        let (l, _) = self.rel_operand(left)?;
        let (r, rv) = self.rel_operand(right)?;
        let l_chain = l.clone();
        let (source, target, param) = match op {
            RelationshipOp::Before => (l, r.clone(), "before"),
            RelationshipOp::Notify => (l, r.clone(), "notify"),
            RelationshipOp::Require => (r.clone(), l, "before"),
            RelationshipOp::Subscribe => (r.clone(), l, "notify"),
        };
        self.built.add_relationship(Relationship {
            source,
            target,
            param,
            file: self.ctx.file,
            span,
        });
        // In a chain, the right operand is the next left one; when it is empty, the left one
        // stands in for it (`X -> [] -> Y` is `X -> Y`). A collector is known only at the end:
        // should it collect nothing, the left operand stands in for it then.
        match &r {
            RelOperand::Refs(refs) if refs.is_empty() => return Ok((l_chain, rv)),
            RelOperand::Collector(id) => {
                self.built.set_empty_alternative(*id, l_chain);
            }
            RelOperand::Refs(_) => {}
        }
        Ok((r, rv))
    }

    /// The resources of an operand. A source collector that collected nothing gives what
    /// stood left of it in its chain (recursively), as Puppet does.
    pub(super) fn operand_refs(&self, o: &RelOperand, source: bool) -> Vec<(String, String)> {
        match o {
            RelOperand::Refs(r) => r.clone(),
            RelOperand::Collector(id) => {
                let collected: Vec<(String, String)> = self
                    .built
                    .collector(*id)
                    .collected
                    .iter()
                    .map(|&i| {
                        let r = self.built.catalog.get(i);
                        (r.type_name.clone(), r.title.clone())
                    })
                    .collect();
                match self.built.empty_alternative(*id) {
                    Some(alt) if source && collected.is_empty() => self.operand_refs(alt, true),
                    _ => collected,
                }
            }
        }
    }
}
