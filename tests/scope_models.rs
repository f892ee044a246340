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

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use plint::config::{CliOptions, Settings};
use plint::eval::compiler::{CompileInput, Manifest, Node, VariableRead, compile};
use plint::eval::diag::EvalDiagKind;
use plint::lint::{FixMode, Session};
use plint::sandbox::Sandbox;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

struct Case {
    name: String,
    dir: PathBuf,
    options: HashMap<String, String>,
}

fn read_options(dir: &Path) -> HashMap<String, String> {
    let text = std::fs::read_to_string(dir.join("options")).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect()
}

fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for group in ["cases", "modules"] {
        let root = Path::new(ROOT).join("tests/catalog").join(group);
        for e in std::fs::read_dir(&root).unwrap().flatten() {
            let dir = e.path();
            if dir.join("site.pp").is_file() {
                cases.push(Case {
                    name: format!("{group}/{}", e.file_name().to_string_lossy()),
                    options: read_options(&dir),
                    dir,
                });
            }
        }
    }
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    cases
}

fn facterdb_dir() -> Option<PathBuf> {
    let gems = Path::new("/usr/share/rubygems-integration/all/gems");
    let mut found: Vec<PathBuf> = std::fs::read_dir(gems)
        .ok()?
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("facterdb-"))
        .map(|e| e.path().join("facts/4.2"))
        .filter(|p| p.is_dir())
        .collect();
    found.sort();
    found.pop()
}

fn facts_file(case: &Case) -> Option<PathBuf> {
    let f = case
        .options
        .get("facts")
        .map_or("default.yaml", String::as_str);
    match f.strip_prefix("facterdb:") {
        Some(name) => Some(facterdb_dir()?.join(format!("{name}.facts"))),
        None => Some(Path::new(ROOT).join("tests/catalog/facts").join(f)),
    }
}

fn modulepath(case: &Case) -> Vec<PathBuf> {
    let mut path = Vec::new();
    if case.dir.join("modules").is_dir() {
        path.push(case.dir.join("modules"));
    }
    if case.options.get("modulepath").map(String::as_str) == Some("corpus") {
        path.push(PathBuf::from(common::CORPUS));
    }
    path
}

/// The case's compilation's variable reads, and whether it reported a required parameter
/// without a value; `None` when what it needs is not installed.
fn reads(case: &Case) -> Option<(Vec<VariableRead>, bool)> {
    let facts_path = facts_file(case)?;
    let text = std::fs::read_to_string(&facts_path).ok()?;
    let facts = plint::eval::facts::parse(&facts_path, &text).unwrap();
    let name = case
        .options
        .get("node")
        .cloned()
        .or_else(|| plint::eval::facts::node_name(&facts))
        .unwrap_or_else(|| "node1.example.com".into());
    let modulepath = modulepath(case);
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
    let missing_parameter = output
        .diags
        .iter()
        .any(|d| d.kind == EvalDiagKind::MissingParameter);
    Some((output.variable_reads, missing_parameter))
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

fn classify(read: &VariableRead, source: &str, missing_parameter: bool) -> Option<Reason> {
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
    let declared = source.match_indices(&format!("${name}")).any(|(i, _)| {
        let rest = source[i + name.len() + 1..].trim_start();
        rest.starts_with(',') || rest.starts_with(')') || rest.starts_with('=')
    });
    (missing_parameter && declared).then_some(Reason::ParameterWithoutValue)
}

#[test]
fn the_evaluator_and_name_resolution_agree_on_what_is_defined() {
    let ci = std::env::var_os("CI").is_some();
    type Reads = (String, Vec<VariableRead>, bool);
    let mut by_modulepath: BTreeMap<Vec<PathBuf>, Vec<Reads>> = BTreeMap::new();
    let mut left_out = Vec::new();
    for case in cases() {
        match reads(&case) {
            Some((reads, missing)) => by_modulepath.entry(modulepath(&case)).or_default().push((
                case.name.clone(),
                reads,
                missing,
            )),
            None => left_out.push(case.name.clone()),
        }
    }
    assert!(
        left_out.is_empty() || !ci,
        "cases left out (corpus or facterdb missing): {left_out:?}"
    );
    let mut false_errors = Vec::new();
    let mut unexplained = Vec::new();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for (modulepath, cases) in &by_modulepath {
        let files: BTreeSet<PathBuf> = cases
            .iter()
            .flat_map(|(_, reads, _)| reads.iter().filter_map(|r| r.at.file.clone()))
            .filter(|f| f.extension().is_some_and(|e| e == "pp"))
            .collect();
        let undefined = undefined_by_name_resolution(modulepath, &files);
        let mut seen = BTreeSet::new();
        for (case, reads, missing_parameter) in cases {
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
                        match classify(read, &source, *missing_parameter) {
                            Some(reason) => {
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
        counts.get("defined, both").copied().unwrap_or(0) > 1000 || !ci,
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
