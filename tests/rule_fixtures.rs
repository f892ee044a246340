//! Per-rule fixtures: `tests/fixtures/<rule-name>/**/{fail,pass}*.pp`. Each file is checked
//! with that rule alone; a `fail*` file's findings must equal its `.expected` file beside it,
//! a `pass*` file must have none. The `.expected` file holds what a user sees: each finding as
//! the human format renders it (severity, code, message, the quoted source with its labels,
//! the help), then one `fix:` line per edit of its fix, if it has one
//! (`fix: message (line:col "old text" -> "new text")`), then a blank line.
//! `UPDATE_FIXTURES=1 cargo test --test rule_fixtures` rewrites the `.expected` files; review
//! the diff.
//!
//! A rule of a module's other files (P5xx, templates), or one that needs a module's files
//! (such as `missing-template`), has folders instead:
//! `tests/fixtures/<rule-name>/{fail,pass}*/`, each a small tree of modules checked as
//! `plint DIR --select CODE` checks it; `fail_x.expected` beside the folder `fail_x` holds its
//! findings, each file's path relative to the folder.

use std::path::{Path, PathBuf};

use plint::report::{Diagnostic, EmitOptions, FileReport, OutputFormat, Report};
use plint::rules::{Category, FileInfo, find, registry};
use plint::syntax;

fn line_col(src: &str, offset: usize) -> (usize, usize) {
    let before = &src[..offset.min(src.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

fn render(code: &str, path: &str, src: &str) -> String {
    let parsed = syntax::parse(src);
    assert!(
        parsed.diagnostics.is_empty(),
        "{path}: fixture does not parse: {:?}",
        parsed.diagnostics
    );
    let selection = registry::Selection::from_fn(|i| (i.code == code).then_some(i.severity));
    let mut ds = registry::check(
        FileInfo {
            path,
            source: src,
            ast: &parsed.ast,
            module: None,
        },
        &selection,
    );
    ds.sort_by_key(|d| (d.span.start, d.span.end));
    let mut out = String::new();
    for d in ds {
        // The finding's lines, its fix under them, then the blank line that ends it.
        out.push_str(human(path, src, &d).trim_end_matches('\n'));
        out.push('\n');
        if let Some(f) = &d.fix {
            for e in &f.edits {
                let (l, c) = line_col(src, e.span.start);
                out.push_str(&format!(
                    "fix: {} ({l}:{c} {:?} -> {:?})\n",
                    f.message,
                    &src[e.span.clone()],
                    e.replacement
                ));
            }
        }
        out.push('\n');
    }
    out
}

/// One finding as the human format shows it, without the summary line that ends a run.
fn human(path: &str, src: &str, d: &Diagnostic) -> String {
    let report = Report::new(
        vec![FileReport::new(path, src.to_string(), vec![d.clone()])],
        1,
        Vec::new(),
    );
    let mut out = termcolor::NoColor::new(Vec::new());
    OutputFormat::Human
        .emitter(EmitOptions::default())
        .emit(&report, &mut out)
        .unwrap();
    let text = String::from_utf8(out.into_inner()).unwrap();
    let (finding, summary) = text
        .trim_end_matches('\n')
        .rsplit_once('\n')
        .expect("a finding, then the summary line");
    assert!(summary.starts_with("Found "), "{summary}");
    format!("{finding}\n")
}

fn pp_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .map(|r| r.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            pp_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "pp") {
            out.push(p);
        }
    }
}

#[test]
fn rule_fixtures() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let update = std::env::var_os("UPDATE_FIXTURES").is_some();
    let mut problems = Vec::new();
    let mut missing = Vec::new();
    // The catalog rules' fixtures are compiled: tests/evaluate_fixtures.rs.
    for rule in registry::RULES
        .iter()
        .filter(|r| r.info().category != Category::Catalog)
    {
        let info = rule.info();
        let dir = root.join(info.name);
        let mut files = Vec::new();
        // Folders of files (a module tree) are checked as a run checks them.
        let has_trees = std::fs::read_dir(&dir).is_ok_and(|mut r| {
            r.any(|e| {
                e.is_ok_and(|e| {
                    let name = e.file_name().to_string_lossy().into_owned();
                    e.path().is_dir() && (name.starts_with("fail_") || name.starts_with("pass_"))
                })
            })
        });
        if info.category == Category::Module || has_trees {
            module_fixtures(info.code, &dir, update, &mut problems, &mut missing);
            continue;
        }
        pp_files(&dir, &mut files);
        let has_fail = files.iter().any(|f| stem(f).starts_with("fail"));
        let has_pass = files.iter().any(|f| stem(f).starts_with("pass"));
        if !has_fail || !has_pass {
            missing.push(format!(
                "{} {}: needs fail*.pp and pass*.pp in {}",
                info.code,
                info.name,
                dir.display()
            ));
        }
        for f in files {
            let src = std::fs::read_to_string(&f).expect("fixture is UTF-8");
            let rel = f
                .strip_prefix(&dir)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let got = render(info.code, &rel, &src);
            if stem(&f).starts_with("pass") {
                if !got.is_empty() {
                    problems.push(format!("{}: expected no finding, got:\n{got}", f.display()));
                }
                continue;
            }
            let expected_path = f.with_extension("expected");
            if update {
                std::fs::write(&expected_path, &got).unwrap();
                continue;
            }
            let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
            if got.is_empty() {
                problems.push(format!(
                    "{}: a fail fixture that finds nothing",
                    f.display()
                ));
            } else if expected != got {
                problems.push(format!(
                    "{}:\n--- expected\n{expected}--- got\n{got}",
                    f.display()
                ));
            }
        }
    }
    // Fixture folders must belong to a rule.
    if let Ok(entries) = std::fs::read_dir(&root) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            // `index/` holds module trees for the index's tests (tests/index.rs).
            if e.path().is_dir() && find(&name).is_none() && name != "index" {
                problems.push(format!("tests/fixtures/{name}: no rule has this name"));
            }
        }
    }
    problems.extend(missing);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The fixtures of a rule of a module's other files: folders checked as a run checks them.
fn module_fixtures(
    code: &str,
    dir: &Path,
    update: bool,
    problems: &mut Vec<String>,
    missing: &mut Vec<String>,
) {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|r| {
            r.flatten()
                .map(|e| e.path())
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default();
    cases.sort();
    let has = |prefix: &str| cases.iter().any(|c| stem(c).starts_with(prefix));
    if !has("fail") || !has("pass") {
        missing.push(format!(
            "{code}: needs fail*/ and pass*/ folders in {}",
            dir.display()
        ));
    }
    for case in cases {
        let got = render_run(code, &case);
        if stem(&case).starts_with("pass") {
            if !got.is_empty() {
                problems.push(format!(
                    "{}: expected no finding, got:\n{got}",
                    case.display()
                ));
            }
            continue;
        }
        let expected_path = case.with_extension("expected");
        if update {
            std::fs::write(&expected_path, &got).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if got.is_empty() {
            problems.push(format!(
                "{}: a fail fixture that finds nothing",
                case.display()
            ));
        } else if expected != got {
            problems.push(format!(
                "{}:\n--- expected\n{expected}--- got\n{got}",
                case.display()
            ));
        }
    }
}

/// The findings of `plint CASE --select CODE`, run in `CASE`, rendered as in the `.expected`
/// files.
fn render_run(code: &str, case: &Path) -> String {
    use plint::config::{CliOptions, Settings};
    use plint::lint::{FixMode, Session};
    use plint::sandbox::Sandbox;
    let case = case.canonicalize().unwrap();
    let mut sandbox = Sandbox::new(&case, std::slice::from_ref(&case));
    let cli = CliOptions {
        select: Some(vec![code.to_string()]),
        ..CliOptions::default()
    };
    let settings = Settings::load(&cli, &case, &mut sandbox).unwrap();
    let mut session = Session::new(case.clone(), settings, sandbox, 1).unwrap();
    let checked = session
        .check(std::slice::from_ref(&case), FixMode::Off)
        .unwrap();
    let mut found: Vec<(String, String, Diagnostic)> = Vec::new();
    for r in checked.outcomes.iter().filter_map(|o| o.report.as_ref()) {
        let rel = r.path().trim_start_matches("./").to_string();
        for d in r.diagnostics() {
            if d.code == code {
                found.push((rel.clone(), r.source().to_string(), d.clone()));
            }
        }
    }
    found.sort_by(|a, b| (&a.0, a.2.span.start).cmp(&(&b.0, b.2.span.start)));
    let mut out = String::new();
    for (path, src, d) in found {
        out.push_str(human(&path, &src, &d).trim_end_matches('\n'));
        out.push_str("\n\n");
    }
    out
}

fn stem(p: &Path) -> String {
    p.file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .to_string()
}
