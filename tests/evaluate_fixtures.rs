//! Fixtures of the catalog rules (P2xx): `tests/fixtures-eval/<rule-name>/{fail,pass}*.pp`.
//! Each file is compiled for a node (as `plint --evaluate -e CODE` would; a first line
//! `# facts: <JSON>` gives the facts, see `evaluate::example::check_example`) with that rule
//! alone; a `fail*` file's findings must equal its `.expected` file beside it (one finding per
//! line: `line:col-line:col CODE message`, then indented `label:` / `note:` / `help:`), a
//! `pass*` file must have none. A rule's `modules/` folder, if any, is the module path.
//! `UPDATE_FIXTURES=1 cargo test --test evaluate_fixtures` rewrites the `.expected` files;
//! review the diff.

use std::path::{Path, PathBuf};

use plint::evaluate::example;
use plint::rules::{Category, find, registry};

mod common;
use common::CATALOG_RULES_NOT_YET_REPORTED;

fn line_col(src: &str, offset: usize) -> (usize, usize) {
    let before = &src[..offset.min(src.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

fn render(code: &str, src: &str, modulepath: &[PathBuf]) -> String {
    let selection = registry::Selection::from_fn(|i| (i.code == code).then_some(i.severity));
    let mut ds = example::check_example_with(src, &selection, modulepath);
    ds.sort_by_key(|d| (d.span.start, d.span.end));
    let mut out = String::new();
    for d in ds {
        let (l1, c1) = line_col(src, d.span.start);
        let (l2, c2) = line_col(src, d.span.end);
        out.push_str(&format!(
            "{l1}:{c1}-{l2}:{c2} {} {} {}\n",
            d.code,
            d.severity.as_str(),
            d.message
        ));
        if !d.label.is_empty() {
            out.push_str(&format!("  label: {}\n", d.label));
        }
        for label in &d.labels {
            let (l, c) = line_col(src, label.span.start);
            out.push_str(&format!("  note: {l}:{c} {}\n", label.message));
        }
        if let Some(h) = &d.help {
            out.push_str(&format!("  help: {h}\n"));
        }
    }
    out
}

fn pp_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|r| r.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "pp"));
    files.sort();
    files
}

fn stem(p: &Path) -> String {
    p.file_stem().unwrap().to_string_lossy().into_owned()
}

#[test]
fn evaluate_fixtures() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures-eval");
    let update = std::env::var_os("UPDATE_FIXTURES").is_some();
    let mut problems = Vec::new();
    for rule in registry::RULES
        .iter()
        .filter(|r| r.info().category == Category::Catalog)
    {
        let info = rule.info();
        let dir = root.join(info.name);
        let files = pp_files(&dir);
        if !files.iter().any(|f| stem(f).starts_with("fail"))
            || !files.iter().any(|f| stem(f).starts_with("pass"))
        {
            problems.push(format!(
                "{} {}: needs fail*.pp and pass*.pp in {}",
                info.code,
                info.name,
                dir.display()
            ));
        }
        let pending = CATALOG_RULES_NOT_YET_REPORTED.contains(&info.code);
        // A rule's `modules/` folder is the fixtures' module path.
        let modulepath: Vec<PathBuf> = Some(dir.join("modules"))
            .filter(|m| m.is_dir())
            .into_iter()
            .collect();
        for f in files {
            let src = std::fs::read_to_string(&f).expect("fixture is UTF-8");
            let got = render(info.code, &src, &modulepath);
            if stem(&f).starts_with("pass") {
                if !got.is_empty() {
                    problems.push(format!("{}: expected no finding, got:\n{got}", f.display()));
                }
                continue;
            }
            let expected_path = f.with_extension("expected");
            if got.is_empty() {
                if !pending {
                    problems.push(format!(
                        "{}: a fail fixture that finds nothing",
                        f.display()
                    ));
                }
                continue;
            }
            if pending {
                problems.push(format!(
                    "{}: {} is reported now: remove it from CATALOG_RULES_NOT_YET_REPORTED \
                     (tests/common) and review the .expected file",
                    f.display(),
                    info.code
                ));
            }
            if update {
                std::fs::write(&expected_path, &got).unwrap();
                continue;
            }
            let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
            if expected != got {
                problems.push(format!(
                    "{}:\n--- expected\n{expected}--- got\n{got}",
                    f.display()
                ));
            }
        }
    }
    if let Ok(entries) = std::fs::read_dir(&root) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            if find(&name).is_none_or(|r| r.info().category != Category::Catalog) {
                problems.push(format!(
                    "tests/fixtures-eval/{name}: no catalog rule has this name"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
