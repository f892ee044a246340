//! One comparison: the nodes compiled at both revisions, each through its revision's
//! [`Session`] (in parallel, on its worker threads), a slice of the nodes at a time so that only
//! a slice's catalogs are held, and each node's two outcomes compared.

use std::path::Path;

use super::compare::{self, Options, Roots};
use super::{CompileError, NodeReport, Status};
use crate::eval::diag::EvalDiag;
use crate::evaluate::{NodeOutcome, NodeSpec, Session};
use crate::report::Severity;
use crate::rules::catalog;

/// A revision to compile: its session and the folder its files are under.
pub struct Revision<'a> {
    pub session: &'a Session,
    pub root: &'a Path,
}

/// Compiles every node of `nodes` at both revisions and compares the outcomes, `slice` nodes
/// at a time (0: all at once); the reports are in the order of `nodes`. `done` is told how many
/// nodes are compared so far.
pub fn compare_nodes(
    from: &Revision<'_>,
    to: &Revision<'_>,
    nodes: Vec<NodeSpec>,
    options: Options,
    slice: usize,
    done: &dyn Fn(usize),
) -> Vec<NodeReport> {
    let slice = if slice == 0 {
        nodes.len().max(1)
    } else {
        slice
    };
    let roots = Roots {
        from: from.root,
        to: to.root,
    };
    let mut out = Vec::with_capacity(nodes.len());
    for chunk in nodes.chunks(slice) {
        let before = from.session.compile_nodes(chunk.to_vec());
        let after = to.session.compile_nodes(chunk.to_vec());
        for ((spec, a), b) in chunk.iter().zip(before).zip(after) {
            out.push(node(spec, &a, &b, &roots, options));
        }
        done(out.len());
    }
    out
}

/// One node's report from its outcomes at both revisions.
fn node(
    spec: &NodeSpec,
    from: &NodeOutcome,
    to: &NodeOutcome,
    roots: &Roots<'_>,
    options: Options,
) -> NodeReport {
    let mut report = NodeReport {
        node: super::facts::name(spec),
        status: Status::Compiles,
        errors_from: Vec::new(),
        errors_to: Vec::new(),
        changes: Vec::new(),
        unknown: Vec::new(),
    };
    if let Err(bad) = &spec.node {
        report.status = Status::BadFacts;
        report.errors_to = vec![error(&bad.finding, roots.to)];
        return report;
    }
    match (&from.catalog, &to.catalog) {
        (Some(a), Some(b)) => {
            (report.changes, report.unknown) = compare::catalogs(a, b, roots, options);
        }
        (a, b) => {
            report.status = match (a, b) {
                (Some(_), None) => Status::NowFails,
                (None, Some(_)) => Status::NowCompiles,
                _ => Status::StillFails,
            };
            if a.is_none() {
                report.errors_from = errors(from, roots.from);
            }
            if b.is_none() {
                report.errors_to = errors(to, roots.to);
            }
        }
    }
    report
}

/// Why a compilation failed: its errors in the order met (Puppet's first), or plint's panic.
fn errors(outcome: &NodeOutcome, root: &Path) -> Vec<CompileError> {
    let mut out: Vec<CompileError> = outcome
        .errors
        .iter()
        .map(|&i| error(&outcome.diags[i], root))
        .collect();
    if let Some(p) = &outcome.panicked {
        out.push(CompileError {
            code: p.code.to_string(),
            rule: p.rule.to_string(),
            message: p.message.clone(),
            at: None,
        });
    }
    out
}

/// A finding as its rule writes it, the revision's folder taken out of the paths it names.
fn error(diag: &EvalDiag, root: &Path) -> CompileError {
    let d = catalog::diagnostic(diag, Severity::Error, 0..0, &|_| None);
    let mut prefix = root.to_string_lossy().into_owned();
    prefix.push(std::path::MAIN_SEPARATOR);
    CompileError {
        code: d.code.to_string(),
        rule: d.rule.to_string(),
        message: d.message.replace(&prefix, ""),
        at: compare::place(&diag.at, root),
    }
}
