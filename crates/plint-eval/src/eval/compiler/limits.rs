//! The limits of one compilation: how deep evaluation is nested, the steps taken, the budgets
//! and when the wall time runs out. Each check gives the budget error Puppet's run would not
//! (see `crate::eval::budget`).

use crate::eval::budget::{self, Budgets};
use crate::eval::catalog::Catalog;
use crate::eval::error::EvalError;
use crate::eval::value::Value;

/// Nested evaluation (calls, class and define evaluation) deeper than this is an error.
const MAX_DEPTH: usize = 400;
/// Expressions and lambdas may nest deeper than calls and classes.
const MAX_EXPR_DEPTH: usize = MAX_DEPTH * 4;
/// How many steps pass between two looks at the clock (a look costs about as much as a cheap
/// step; a step may cost much more, walking a big value).
const CLOCK_EVERY: u64 = 16;

pub(crate) struct Limits {
    depth: usize,
    steps: u64,
    budgets: Budgets,
    deadline: std::time::Instant,
}

impl Limits {
    pub fn new(budgets: &Budgets) -> Self {
        Limits {
            depth: 0,
            steps: 0,
            budgets: budgets.clone(),
            deadline: std::time::Instant::now() + budgets.wall_time,
        }
    }

    /// The budgets of this compilation.
    pub fn budgets(&self) -> &Budgets {
        &self.budgets
    }

    /// Whether calls, classes or defines are nested too deeply to go one deeper.
    pub fn too_deep(&self) -> bool {
        self.depth > MAX_DEPTH
    }

    /// Whether expressions or lambdas are nested too deeply to go one deeper.
    pub fn too_deep_for_expr(&self) -> bool {
        self.depth > MAX_EXPR_DEPTH
    }

    /// One level of nesting more (a call, a class or define body, an expression).
    pub fn enter(&mut self) {
        self.depth += 1;
    }

    /// One level of nesting less: the end of what [`Limits::enter`] began.
    pub fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Counts `n` steps of work; the budget error when the steps or the wall time run out.
    pub fn charge_steps(&mut self, n: u64) -> Result<(), EvalError> {
        let before = self.steps;
        self.steps = self.steps.saturating_add(n);
        if self.steps > self.budgets.steps {
            return Err(budget::exceeded("evaluation steps", self.budgets.steps));
        }
        if before / CLOCK_EVERY != self.steps / CLOCK_EVERY
            && std::time::Instant::now() > self.deadline
        {
            return Err(budget::exceeded(
                "wall time",
                format!("{} s", self.budgets.wall_time.as_secs_f64()),
            ));
        }
        Ok(())
    }

    /// The budget error when the catalog's parameters hold more than four times the
    /// collection budget (elements counted as [`budget::deep_size`] does): the catalog is
    /// written out, and values that share their parts would multiply when written.
    pub fn check_catalog_size(&self, catalog: &Catalog) -> Result<(), EvalError> {
        let max = self.budgets.collection_elements.saturating_mul(4);
        let mut total = 0usize;
        for r in catalog.resources() {
            for (_, v) in &r.params {
                total += budget::deep_size(v, max - total).map_err(|_| {
                    budget::exceeded(
                        "catalog size",
                        format!("{max} elements in resource parameters"),
                    )
                })?;
            }
        }
        Ok(())
    }

    /// The budget error when the catalog already holds as many resources as it may.
    pub fn check_resource_budget(&self, catalog: &Catalog) -> Result<(), EvalError> {
        if catalog.resources().len() >= self.budgets.resources {
            return Err(budget::exceeded(
                "resources",
                format!("{} in the catalog", self.budgets.resources),
            ));
        }
        Ok(())
    }

    /// Checks a value an operator, literal or function built against the size budgets.
    pub fn check_size(&mut self, v: &Value) -> Result<(), EvalError> {
        match v {
            Value::String(s) => budget::check_string(s.len(), self.budgets.string_bytes),
            Value::Array(a) if a.len() < 64 && a.iter().all(is_scalar) => Ok(()),
            Value::Array(_) | Value::Hash(_) | Value::Sensitive(_) => {
                let n = budget::deep_size(v, self.budgets.collection_elements)?;
                // The walk is work: a big one counts (and looks at the clock).
                self.charge_steps((n / 1024) as u64)
            }
            _ => Ok(()),
        }
    }
}

/// A value that holds no other value.
fn is_scalar(v: &Value) -> bool {
    !matches!(v, Value::Array(_) | Value::Hash(_) | Value::Sensitive(_))
        && !matches!(v, Value::String(s) if s.len() > 1024)
}
