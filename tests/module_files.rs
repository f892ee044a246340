//! Puppet's lookups of module files (`template()`, `epp()`, `file()`, `binary_file()`,
//! `find_file()`, `find_template()`, `puppet:///modules/` sources), checked against Puppet's
//! own verdicts: each case of `tests/module_files/cases.txt`, run by Puppet on the module tree
//! `tests/module_files/modules` (`scripts/oracle/module-files-oracle.sh` wrote
//! `puppet-verdicts.txt`), gives the same verdict in `--evaluate` (the compiler) and in check
//! mode (the resolver over the index's listing of the modules, which knows no absolute path
//! and no name climbing with `..`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use plint::defs::Index;
use plint::discover::lookup::{self, FileFunction, Resolution};
use plint::discover::module::modules_in;
use plint::eval::compiler::{SnippetOptions, eval_snippet};

fn tree() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/module_files")
}

/// The cases: name → (kind, code with `@ROOT@` replaced).
fn cases() -> Vec<(String, String, String)> {
    let root = tree();
    let text = std::fs::read_to_string(root.join("cases.txt")).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.splitn(3, ' ');
            let (n, k, c) = (
                parts.next().unwrap(),
                parts.next().unwrap(),
                parts.next().unwrap(),
            );
            let code = c.replace("@ROOT@", &root.display().to_string());
            (n.to_string(), k.to_string(), code)
        })
        .collect()
}

fn puppet_verdicts() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(tree().join("puppet-verdicts.txt")).unwrap();
    text.lines()
        .map(|l| {
            let (n, v) = l.split_once(' ').unwrap();
            (n.to_string(), v.to_string())
        })
        .collect()
}

/// The class of an error message (as the oracle classifies Puppet's).
fn error_verdict(message: &str) -> String {
    let not_found = [
        "Could not find template",
        "Could not find any files",
        "does not exist",
        "Could not retrieve information",
    ];
    if not_found.iter().any(|n| message.contains(n)) {
        "not-found".into()
    } else {
        "error".into()
    }
}

/// A path as the verdicts show it: relative to the tree.
fn shown(path: &str) -> String {
    let root = format!("{}/", tree().display());
    path.strip_prefix(&root).unwrap_or(path).to_string()
}

/// What `--evaluate` does with a case.
fn evaluated(kind: &str, code: &str) -> String {
    let program = match kind {
        "value" | "path" => format!("$r = {code}\nnotice(\"RESULT=[${{r}}]\")"),
        "binary" => format!("$r = String({code}, '%s')\nnotice(\"RESULT=[${{r}}]\")"),
        "include" => format!("include {code}"),
        _ => unreachable!(),
    };
    let options = SnippetOptions {
        modulepath: vec![tree().join("modules")],
        ..SnippetOptions::default()
    };
    let out = eval_snippet(&program, &options);
    if let Err(e) = &out.value {
        return error_verdict(&e.to_string());
    }
    let Some(result) = out
        .notices
        .iter()
        .find_map(|n| n.strip_prefix("RESULT=[")?.strip_suffix(']'))
    else {
        return format!("no result: {:?}", out.notices);
    };
    match (kind, result) {
        ("path", "") => "undef".into(),
        ("path", p) => format!("path {}", shown(p)),
        (_, text) => format!("read {text}"),
    }
}

/// The names (single-quoted strings) a case's code gives, and the function it calls.
fn call(code: &str) -> (Option<FileFunction>, Vec<String>) {
    let function = code.split('(').next().and_then(FileFunction::of);
    let names = code
        .split('\'')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, s)| s.to_string())
        .collect();
    (function, names)
}

fn read(module: &str, folder: lookup::Folder, key: &str) -> String {
    let p = tree()
        .join("modules")
        .join(module)
        .join(folder.name())
        .join(key);
    std::fs::read_to_string(p).unwrap()
}

/// What check mode's resolver says of a case: `None` when it does not know (an absolute
/// path, a name with `..`).
fn checked(index: &Index, kind: &str, code: &str) -> Option<String> {
    let (function, names) = call(code);
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    if kind == "source" {
        return match lookup::resolve_source(index, &names) {
            Resolution::Found { folder: true, .. } => Some("folder".into()),
            Resolution::Found { name, path, .. } => {
                let module = name.split('/').next().unwrap();
                Some(format!(
                    "read {}",
                    read(module, lookup::Folder::Files, &path)
                ))
            }
            Resolution::NotFound { .. } => Some("not-found".into()),
            Resolution::Invalid(_) => Some("error".into()),
            Resolution::Unknown | Resolution::Refused { .. } => None,
        };
    }
    let function = function.expect("a file function");
    // `template()` renders each name; the others look up one, or the first found of several.
    let lookups: Vec<Vec<&str>> = if function.first_of_many() || names.len() == 1 {
        vec![names]
    } else {
        names.iter().map(|n| vec![*n]).collect()
    };
    let mut text = String::new();
    for names in lookups {
        match lookup::resolve(index, function, &names) {
            Resolution::Found { name, path, folder } => {
                let module = name.split('/').next().unwrap();
                if !function.reads() {
                    return Some(format!(
                        "path modules/{module}/{}/{path}",
                        function.folder().name()
                    ));
                }
                if folder {
                    return Some("error".into());
                }
                text.push_str(&read(module, function.folder(), &path));
            }
            Resolution::NotFound { .. } if function.reads() => return Some("not-found".into()),
            Resolution::NotFound { .. } => return Some("undef".into()),
            Resolution::Invalid(_) => return Some("error".into()),
            Resolution::Unknown | Resolution::Refused { .. } => return None,
        }
    }
    Some(format!("read {text}"))
}

#[test]
fn lookups_match_puppet() {
    let expected = puppet_verdicts();
    let modules = tree().join("modules");
    let cwd = std::env::current_dir().unwrap();
    let sandbox = plint::sandbox::Sandbox::new(&cwd, std::slice::from_ref(&modules));
    let roots = modules_in(std::slice::from_ref(&modules), &sandbox);
    let index = Index::load(&[], &roots, &sandbox);
    let mut failures = Vec::new();
    let mut unknown_in_check_mode = 0;
    let cases = cases();
    assert_eq!(cases.len(), expected.len(), "regenerate the verdicts");
    for (name, kind, code) in &cases {
        let puppet = &expected[name];
        if kind != "source" {
            let got = evaluated(kind, code);
            if &got != puppet {
                failures.push(format!(
                    "{name} (--evaluate): {code}: Puppet {puppet}, plint {got}"
                ));
            }
        }
        if kind == "include" {
            continue;
        }
        match checked(&index, kind, code) {
            Some(got) if &got != puppet => {
                failures.push(format!(
                    "{name} (check): {code}: Puppet {puppet}, plint {got}"
                ));
            }
            Some(_) => {}
            None => {
                let (_, names) = call(code);
                let absolute = names.iter().any(|n| n.starts_with('/'));
                let climbs = names.iter().any(|n| n.split('/').any(|c| c == ".."));
                // A module that is not installed is not known in check mode (see `P008`).
                let absent = names.iter().any(|n| {
                    n.split_once('/').is_some_and(|(m, _)| {
                        lookup::is_module_name(m) && index.module_assets(m).is_none()
                    })
                });
                if absolute || climbs || absent {
                    unknown_in_check_mode += 1;
                } else {
                    failures.push(format!(
                        "{name} (check): {code}: Puppet {puppet}, plint unknown"
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        unknown_in_check_mode < 15,
        "{unknown_in_check_mode} unknown"
    );
}

/// Without a module path, a module's file is not known (an unknown value), but a name that
/// names no module is not found whatever the module path.
#[test]
fn without_a_module_path() {
    let options = SnippetOptions::default();
    let out = eval_snippet("file('mf/a.txt')", &options);
    assert!(
        matches!(out.value, Ok(plint::eval::Value::Unknown(_))),
        "{:?}",
        out.value
    );
    for code in ["file('a.txt')", "epp('page')", "template('MF/plain.erb')"] {
        let out = eval_snippet(code, &options);
        let e = out.value.expect_err(code).to_string();
        assert_eq!(error_verdict(&e), "not-found", "{code}: {e}");
    }
}
