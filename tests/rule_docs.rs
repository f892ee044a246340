//! Every rule's documentation is complete, and its examples are true: the `Example` block
//! triggers the rule, the `Use instead` block does not. The examples of the catalog rules
//! (P2xx) are compiled for a node, as `plint --evaluate -e CODE` would; those of the rules of
//! a module's other files (P5xx) are files, each after a line `# file: PATH`.

use plint::rules::{Category, FileInfo, docs, registry};
use plint::syntax;

mod common;
use common::CATALOG_RULES_NOT_YET_REPORTED as NOT_YET_REPORTED;

fn run_one(code: &str, source: &str) -> Vec<String> {
    // An example of several files (each after `# file: PATH`) is a tree checked as a run.
    if source.lines().filter(|l| l.starts_with("# file: ")).count() > 1
        && plint::rules::find(code).is_some_and(|r| r.info().category == Category::Types)
    {
        return run_tree(code, source);
    }
    let selection =
        registry::Selection::from_fn(|info| (info.code == code).then_some(info.severity));
    // The examples of the rules of a module's other files (P5xx) are files: a template, and
    // the manifests that render it.
    if plint::rules::find(code).is_some_and(|r| r.info().category == Category::Module) {
        return plint::rules::module::check_example(source, &selection)
            .into_iter()
            .map(|d| format!("{} {}", d.code, d.message))
            .collect();
    }
    let parsed = syntax::parse(source);
    assert!(
        parsed.diagnostics.is_empty(),
        "{code}: the example does not parse: {:?}\n{source}",
        parsed.diagnostics
    );
    // A first line `# file: path` sets the path the example is checked as.
    let path = source
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("# file: "))
        .unwrap_or("example.pp");
    if plint::rules::find(code).is_some_and(|r| r.info().category == Category::Catalog) {
        return plint::evaluate::example::check_example(source, &selection)
            .into_iter()
            .map(|d| format!("{} {}", d.code, d.message))
            .collect();
    }
    registry::check(
        FileInfo {
            path,
            source,
            ast: &parsed.ast,
            module: None,
        },
        &selection,
    )
    .into_iter()
    .map(|d| format!("{} {}", d.code, d.message))
    .collect()
}

/// The findings of `plint DIR --select CODE` on the files of an example written to a folder.
fn run_tree(code: &str, source: &str) -> Vec<String> {
    use plint::config::{CliOptions, Settings};
    use plint::lint::{FixMode, Session};
    use plint::sandbox::Sandbox;
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    let mut current: Option<std::fs::File> = None;
    for line in source.split_inclusive('\n') {
        if let Some(path) = line.strip_prefix("# file: ") {
            let path = root.join(path.trim());
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            current = Some(std::fs::File::create(path).unwrap());
        } else if let Some(f) = current.as_mut() {
            std::io::Write::write_all(f, line.as_bytes()).unwrap();
        }
    }
    drop(current);
    let mut sandbox = Sandbox::new(&root, std::slice::from_ref(&root));
    let cli = CliOptions {
        select: Some(vec![code.to_string()]),
        ..CliOptions::default()
    };
    let settings = Settings::load(&cli, &root, &mut sandbox).unwrap();
    let mut session = Session::new(root.clone(), settings, sandbox, 1).unwrap();
    let checked = session
        .check(std::slice::from_ref(&root), FixMode::Off)
        .unwrap();
    checked
        .outcomes
        .iter()
        .filter_map(|o| o.report.as_ref())
        .flat_map(|r| r.diagnostics().iter())
        .map(|d| format!("{} {}", d.code, d.message))
        .collect()
}

#[test]
fn every_rule_is_documented_and_its_examples_hold() {
    let mut problems = Vec::new();
    for rule in registry::RULES.iter() {
        let info = rule.info();
        for section in ["What it does", "Why is this bad?", "Example", "Use instead"] {
            if docs::section(info.docs, section).is_none() {
                problems.push(format!("{}: no `## {section}` section", info.code));
            }
        }
        let block = |s| docs::section(info.docs, s).and_then(docs::code_block);
        match block("Example") {
            Some(code) => {
                let triggers = run_one(info.code, &code)
                    .iter()
                    .any(|d| d.starts_with(info.code));
                let pending = NOT_YET_REPORTED.contains(&info.code);
                if !triggers && !pending {
                    problems.push(format!("{}: its Example does not trigger it", info.code));
                } else if triggers && pending {
                    problems.push(format!(
                        "{}: its Example triggers it now: remove it from CATALOG_RULES_NOT_YET_REPORTED in tests/common",
                        info.code
                    ));
                }
            }
            None => problems.push(format!("{}: no code block under Example", info.code)),
        }
        match block("Use instead") {
            Some(code) => {
                let found = run_one(info.code, &code);
                if !found.is_empty() {
                    problems.push(format!(
                        "{}: its `Use instead` triggers it: {found:?}",
                        info.code
                    ));
                }
            }
            None => problems.push(format!("{}: no code block under Use instead", info.code)),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
