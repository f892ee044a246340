//! SARIF for code scanning, end to end: every rule's descriptor (one-line title, what / why /
//! example / use instead), locations relative to the repository root from any working
//! directory, `--evaluate`'s module files relative too, and distinct categories for check and
//! evaluate runs.

use std::fs;
use std::path::Path;

use serde_json::Value;

mod common;
use common::{code, plint, stderr, stdout};

fn sarif(o: &std::process::Output) -> Value {
    serde_json::from_str(&stdout(o)).unwrap_or_else(|e| panic!("not JSON ({e}): {}", stderr(o)))
}

/// The artifact URI (and base) of every result, in order.
fn artifacts(v: &Value) -> Vec<(String, Option<String>)> {
    v["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let a = &r["locations"][0]["physicalLocation"]["artifactLocation"];
            (
                a["uri"].as_str().unwrap().to_string(),
                a["uriBaseId"].as_str().map(str::to_string),
            )
        })
        .collect()
}

fn write(root: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let path = root.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
}

/// The root's `file:` URI as SARIF gives it.
fn root_uri(root: &Path) -> String {
    format!("file://{}/", root.canonicalize().unwrap().display())
}

/// Every code's title is one line and short, and every rule's help has its documentation's
/// sections.
#[test]
fn every_rule_has_a_one_line_title_and_full_help() {
    for meta in plint::cli::rule_metadata() {
        let title = plint::report::sarif::short_description(meta.summary);
        assert!(!title.contains('\n'), "{}: {title}", meta.code);
        assert!(
            title.chars().count() <= plint::report::sarif::MAX_TITLE_LEN,
            "{}: {title}",
            meta.code
        );
        assert!(
            title.ends_with('.') || title.ends_with('…'),
            "{}",
            meta.code
        );
        if !meta.docs.is_empty() {
            for section in ["## What it does", "## Why is this bad?"] {
                assert!(meta.docs.contains(section), "{}: {section}", meta.code);
            }
        }
    }
}

/// From a sub-folder of a git repository, locations are relative to the repository root.
#[test]
fn check_from_a_sub_folder_gives_repository_relative_uris() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("repo");
    fs::create_dir_all(repo.join(".git")).unwrap();
    write(
        &repo,
        &[
            ("site/profile/manifests/init.pp", "class profile {\n"),
            ("manifests/site.pp", "node default {\n"),
        ],
    );
    let o = plint(
        &repo.join("site/profile"),
        &["--format", "sarif", ".", "../../manifests"],
    );
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let v = sarif(&o);
    let run = &v["runs"][0];
    assert_eq!(run["automationDetails"]["id"], "plint/check/");
    assert_eq!(
        run["originalUriBaseIds"]["%SRCROOT%"]["uri"],
        root_uri(&repo)
    );
    let srcroot = Some("%SRCROOT%".to_string());
    assert_eq!(
        artifacts(&v),
        [
            ("manifests/site.pp".to_string(), srcroot.clone()),
            ("site/profile/manifests/init.pp".to_string(), srcroot),
        ]
    );
    // The rule entry: one-line title and the documentation as help.
    let rule = &run["tool"]["driver"]["rules"][0];
    assert_eq!(rule["id"], "P001");
    assert_eq!(
        rule["shortDescription"]["text"],
        "The manifest is not valid Puppet syntax."
    );
    // Without `.git`, the folder holding `plint.toml` is the root.
    fs::remove_dir(repo.join(".git")).unwrap();
    fs::write(repo.join("plint.toml"), "").unwrap();
    let o = plint(&repo.join("site"), &["--format", "sarif", "profile"]);
    let v = sarif(&o);
    assert_eq!(artifacts(&v)[0].0, "site/profile/manifests/init.pp");
}

/// A rule's help is its documentation: what, why, example, use instead.
#[test]
fn rule_help_has_example_and_use_instead() {
    let tmp = tempfile::tempdir().unwrap();
    fs::create_dir_all(tmp.path().join(".git")).unwrap();
    write(tmp.path(), &[("a.pp", "file { foo: ensure => file }\n")]);
    let o = plint(tmp.path(), &["--format", "sarif", "--select", "P401"]);
    let v = sarif(&o);
    let rule = &v["runs"][0]["tool"]["driver"]["rules"][0];
    assert_eq!(rule["id"], "P401");
    let title = rule["shortDescription"]["text"].as_str().unwrap();
    assert!(!title.contains('\n') && title.len() < 150, "{title}");
    let help = rule["help"]["markdown"].as_str().unwrap();
    for section in [
        "## What it does",
        "## Why is this bad?",
        "## Example\n```puppet",
        "## Use instead\n```puppet",
    ] {
        assert!(help.contains(section), "{section}: {help}");
    }
    let full = rule["fullDescription"]["text"].as_str().unwrap();
    assert!(full.contains("bare word") && !full.contains("##"), "{full}");
}

/// `--evaluate` from a sub-folder: the module's file is relative to the repository root, and
/// the run's category is not the check run's.
#[test]
fn evaluate_gives_module_files_relative_to_the_root() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path();
    fs::create_dir_all(repo.join(".git")).unwrap();
    write(
        repo,
        &[
            ("manifests/site.pp", "include foo\n"),
            (
                "modules/foo/manifests/init.pp",
                "class foo {\n  fail('boom')\n}\n",
            ),
            (
                "facts.json",
                r#"{"fqdn": "a.example.com", "os": {"family": "Debian"}}"#,
            ),
        ],
    );
    let o = plint(
        &repo.join("manifests"),
        &[
            "--evaluate",
            "--modulepath",
            "../modules",
            "--facts",
            "../facts.json",
            "--format",
            "sarif",
            "site.pp",
        ],
    );
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let v = sarif(&o);
    assert_eq!(v["runs"][0]["automationDetails"]["id"], "plint/evaluate/");
    assert_eq!(
        artifacts(&v),
        [(
            "modules/foo/manifests/init.pp".to_string(),
            Some("%SRCROOT%".to_string())
        )]
    );
}
