//! Three scope models, one truth (ARCHITECTURE.md, "Scopes"): what the evaluator finds defined
//! when it compiles a catalog agrees with what name resolution (check mode's rule P112,
//! `undefined-variable`, over `infer::scope`) says of the same variable read.
//!
//! Every catalog conformance case (`tests/catalog/cases/*`: small manifests with their own
//! modules; `tests/catalog/modules/*`: `include` of the corpus's modules on facterdb nodes) is
//! compiled with its variable reads recorded, and the files those reads are in are checked
//! with P112 alone. Then:
//!
//! - a read the evaluator found defined is never one P112 reports (that would be a false
//!   error of check mode);
//! - a read the evaluator found undefined is one P112 reports, or one of the kinds name
//!   resolution leaves alone on purpose (see [`Reason`]); any other is a disagreement.
//!
//! Without the corpus and facterdb the cases that need them are left out, except under CI
//! (`CI` set), where that fails.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use common::catalog::{Case, cases, facterdb_dir};
use plint::config::{CliOptions, Settings};
use plint::eval::compiler::{CompileInput, Manifest, Node, VariableRead, compile};
use plint::eval::diag::EvalDiagKind;
use plint::lint::{FixMode, Session};
use plint::sandbox::Sandbox;
use rayon::prelude::*;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The parameters a compilation found required and without a value.
fn missing_parameters(diags: &[plint::eval::diag::EvalDiag]) -> BTreeSet<String> {
    diags
        .iter()
        .filter_map(|d| match &d.kind {
            EvalDiagKind::MissingParameter { params, .. } => Some(params.iter().cloned()),
            _ => None,
        })
        .flatten()
        .collect()
}

/// The case's compilation's variable reads, and the required parameters it found without a
/// value; `None` when what it needs is not installed.
fn reads(case: &Case) -> Option<(Vec<VariableRead>, BTreeSet<String>)> {
    let facts_path = case.facts_file()?;
    let text = std::fs::read_to_string(&facts_path).ok()?;
    let facts = plint::eval::facts::parse(&facts_path, &text).unwrap();
    let name = case
        .options
        .get("node")
        .cloned()
        .or_else(|| plint::eval::facts::node_name(&facts))
        .unwrap_or_else(|| "node1.example.com".into());
    let modulepath = case.modulepath();
    if modulepath.iter().any(|p| !p.is_dir()) {
        return None;
    }
    let mut readable = vec![case.dir.clone(), Path::new(ROOT).join("tests/catalog")];
    readable.extend(modulepath.iter().cloned());
    let hiera = case.dir.join("hiera.yaml");
    let input = CompileInput {
        manifest: Manifest::Files(vec![case.dir.join("site.pp")]),
        sandbox: Arc::new(Sandbox::new(&case.dir, &readable)),
        modulepath,
        global_hiera: None,
        hiera: hiera.is_file().then_some(hiera),
        environment_dir: None,
        environment: "production".into(),
        strict_variables: false,
        node: Node::new(&name, facts.values),
        budgets: Default::default(),
        ruby: Default::default(),
        record_variable_reads: true,
    };
    let output = compile(&input);
    Some((output.variable_reads, missing_parameters(&output.diags)))
}

/// The reads P112 reports in `files` (path, byte offset), checked with `modulepath` as the
/// program around them.
fn undefined_by_name_resolution(
    modulepath: &[PathBuf],
    files: &BTreeSet<PathBuf>,
) -> BTreeSet<(PathBuf, usize)> {
    let cwd = PathBuf::from(ROOT);
    let mut readable = vec![cwd.clone()];
    readable.extend(modulepath.iter().cloned());
    let mut sandbox = Sandbox::new(&cwd, &readable);
    let options = CliOptions {
        no_config: true,
        select: Some(vec!["P112".into()]),
        modulepath: Some(modulepath.to_vec()),
        ..CliOptions::default()
    };
    let settings = Settings::load(&options, &cwd, &mut sandbox).unwrap();
    let mut session = Session::new(cwd, settings, sandbox, 2).unwrap();
    let files: Vec<PathBuf> = files.iter().cloned().collect();
    let checked = session.check(&files, FixMode::Off).unwrap();
    let mut found = BTreeSet::new();
    for (file, outcome) in checked.files.iter().zip(&checked.outcomes) {
        for d in outcome.report.iter().flat_map(|r| r.diagnostics()) {
            if d.code == "P112" {
                found.insert((file.clone(), d.span.start));
            }
        }
    }
    found
}

/// Why name resolution may stay silent where the evaluator found nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Reason {
    /// `$::x` or `$x` at top scope: a node classifier or the server may set it (P112 is a
    /// warning there, or says nothing while a module's custom facts are unknown).
    TopScope,
    /// `$class::x` of a class the evaluator had not evaluated, or did not have: Puppet warns at
    /// run time; name resolution sees the class's variable in the index.
    QualifiedNotEvaluated,
    /// A variable a branch assigns: name resolution counts it as defined after the branch (it
    /// can be); the evaluator took the other branch.
    AssignedOnAnotherPath,
    /// A parameter the compilation found without a value (a required one not given: an
    /// error), read by a later parameter's default.
    ParameterWithoutValue,
}

fn classify(read: &VariableRead, source: &str, missing: &BTreeSet<String>) -> Option<Reason> {
    let name = read.name.as_str();
    if name.starts_with("::") && !name[2..].contains("::") {
        return Some(Reason::TopScope);
    }
    if name.trim_start_matches("::").contains("::") {
        return Some(Reason::QualifiedNotEvaluated);
    }
    // An assignment to the same name anywhere in the file: on another path.
    let assigned = source.match_indices(&format!("${name}")).any(|(i, _)| {
        let rest = source[i + name.len() + 1..].trim_start();
        rest.starts_with('=') && !rest.starts_with("==") && !rest.starts_with("=~")
    });
    if assigned {
        return Some(Reason::AssignedOnAnotherPath);
    }
    missing
        .contains(name)
        .then_some(Reason::ParameterWithoutValue)
}

/// Compilations' variable reads, grouped by module path: (what was compiled, its reads,
/// whether it reported a required parameter without a value).
type Reads = BTreeMap<Vec<PathBuf>, Vec<(String, Vec<VariableRead>, BTreeSet<String>)>>;

/// Compares the reads with P112 on the files they are in; panics with the disagreements.
fn compare(by_modulepath: &Reads, min_defined: usize) {
    let ci = std::env::var_os("CI").is_some();
    let mut false_errors = Vec::new();
    let mut unexplained = Vec::new();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for (modulepath, cases) in by_modulepath {
        let files: BTreeSet<PathBuf> = cases
            .iter()
            .flat_map(|(_, reads, _)| reads.iter().filter_map(|r| r.at.file.clone()))
            .filter(|f| f.extension().is_some_and(|e| e == "pp"))
            .collect();
        let undefined = undefined_by_name_resolution(modulepath, &files);
        let mut seen = BTreeSet::new();
        for (case, reads, missing_parameters) in cases {
            for read in reads {
                let (Some(file), Some(span)) = (&read.at.file, read.at.span) else {
                    continue;
                };
                if !files.contains(file) {
                    continue; // an inline template's code, not a manifest
                }
                let key = (file.clone(), span.start as usize);
                if !seen.insert((key.clone(), read.found)) {
                    continue;
                }
                let reported = undefined.contains(&key);
                let place = format!(
                    "{case}: ${} at {}:{}",
                    read.name,
                    file.display(),
                    read.at.line.unwrap_or(0)
                );
                match (read.found, reported) {
                    (true, true) => false_errors.push(place),
                    (true, false) => *counts.entry("defined, both".into()).or_default() += 1,
                    (false, true) => *counts.entry("undefined, both".into()).or_default() += 1,
                    (false, false) => {
                        let source = std::fs::read_to_string(file).unwrap_or_default();
                        match classify(read, &source, missing_parameters) {
                            Some(reason) => {
                                if std::env::var_os("PLINT_SCOPE_MODELS_SHOW").is_some() {
                                    eprintln!("{reason:?}: {place}");
                                }
                                *counts.entry(format!("{reason:?}")).or_default() += 1;
                            }
                            None => unexplained.push(place),
                        }
                    }
                }
            }
        }
    }
    eprintln!("variable reads compared: {counts:?}");
    assert!(
        counts.get("defined, both").copied().unwrap_or(0) >= min_defined || !ci,
        "too few reads compared: {counts:?}"
    );
    assert!(
        false_errors.is_empty(),
        "P112 reports reads the evaluator found defined:\n{}",
        false_errors.join("\n")
    );
    assert!(
        unexplained.is_empty(),
        "reads the evaluator found undefined and name resolution did not report:\n{}",
        unexplained.join("\n")
    );
}

#[test]
fn the_evaluator_and_name_resolution_agree_on_the_catalog_cases() {
    let mut by_modulepath = Reads::new();
    let mut left_out = Vec::new();
    for case in cases() {
        match reads(&case) {
            Some((reads, missing)) => by_modulepath.entry(case.modulepath()).or_default().push((
                case.name.clone(),
                reads,
                missing,
            )),
            None => left_out.push(case.name.clone()),
        }
    }
    assert!(
        left_out.is_empty() || std::env::var_os("CI").is_none(),
        "cases left out (corpus or facterdb missing): {left_out:?}"
    );
    compare(&by_modulepath, 1000);
}

/// The classes of the corpus's modules whose parameters all have defaults (`include` alone
/// declares them), by name.
fn corpus_classes() -> Vec<String> {
    let mut names = Vec::new();
    for file in common::corpus_files().unwrap_or_default() {
        if !file.components().any(|c| c.as_os_str() == "manifests") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        for s in &plint::syntax::parse(&text).ast.statements {
            if let plint::syntax::ast::ExprKind::Class(c) = &s.kind
                && c.params.iter().all(|p| p.default.is_some())
            {
                names.push(c.name.name.clone());
            }
        }
    }
    names.sort();
    names.dedup();
    names
}

/// Every class of the corpus that `include` alone declares, compiled on a Debian 11 node of
/// facterdb: the same agreement.
#[test]
fn the_evaluator_and_name_resolution_agree_on_the_corpus_classes() {
    let ci = std::env::var_os("CI").is_some();
    let classes = corpus_classes();
    let facts = facterdb_dir().map(|d| d.join("debian-11-x86_64.facts"));
    let (Some(facts), false) = (facts, classes.is_empty()) else {
        assert!(!ci, "the corpus or facterdb is not installed");
        return;
    };
    let text = std::fs::read_to_string(&facts).unwrap();
    let facts = plint::eval::facts::parse(&facts, &text).unwrap();
    let corpus = PathBuf::from(common::CORPUS);
    let sandbox = Arc::new(Sandbox::new(Path::new(ROOT), std::slice::from_ref(&corpus)));
    let ruby = Arc::default();
    let compiled: Vec<(String, Vec<VariableRead>, BTreeSet<String>)> = classes
        .par_iter()
        .map(|class| {
            let input = CompileInput {
                manifest: Manifest::Code(format!("include {class}")),
                sandbox: sandbox.clone(),
                modulepath: vec![corpus.clone()],
                global_hiera: None,
                hiera: None,
                environment_dir: None,
                environment: "production".into(),
                strict_variables: false,
                node: Node::new("node1.example.com", facts.values.clone()),
                budgets: Default::default(),
                ruby: Arc::clone(&ruby),
                record_variable_reads: true,
            };
            let output = compile(&input);
            let missing = missing_parameters(&output.diags);
            (class.clone(), output.variable_reads, missing)
        })
        .collect();
    let mut by_modulepath = Reads::new();
    by_modulepath.insert(vec![corpus], compiled);
    compare(&by_modulepath, 5000);
}
