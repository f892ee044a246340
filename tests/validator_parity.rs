//! plint's validation rules (P3xx) against Puppet's own validator, over the module corpus.
//!
//! `tests/oracle/puppet-validate-corpus.json` is what `puppet parser validate` (Puppet 7.23)
//! reports for every `.pp` file of the corpus, with the corpus root as the modulepath
//! (`scripts/oracle/validate-corpus.sh` writes it). This test runs every P3xx rule over the
//! same files and asserts that:
//! - each of Puppet's findings is reported by plint at the same file and line, by the rule
//!   that means the same (see [`expected_code`]), unless it is one of the accepted
//!   differences of [`accepted_difference`];
//! - plint reports no other error-level P3xx finding anywhere in the corpus.
//!
//! It prints the parity figures. In CI (`CI` set) a missing corpus is a failure; elsewhere
//! the test says so and passes.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use plint::report::Severity;
use plint::rules::{Category, FileInfo, registry};

const CORPUS: &str = "/usr/share/puppet/modules";

fn corpus_files() -> Option<Vec<PathBuf>> {
    let root = Path::new(CORPUS);
    if !root.is_dir() {
        assert!(
            std::env::var_os("CI").is_none(),
            "the module corpus is not installed at {CORPUS}: run ../shared/corpus/install.sh"
        );
        eprintln!("skipping: no module corpus at {CORPUS} (run ../shared/corpus/install.sh)");
        return None;
    }
    let mut files = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    let mut seen = std::collections::HashSet::new();
    while let Some(dir) = stack.pop() {
        let Ok(canon) = dir.canonicalize() else {
            continue;
        };
        if !seen.insert(canon) {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "pp") {
                files.push(p);
            }
        }
    }
    files.sort();
    Some(files)
}

/// The plint rule that reports what a Puppet message says, by the message's wording.
fn expected_code(message: &str) -> Option<&'static str> {
    const TABLE: &[(&str, &str)] = &[
        (
            "may only appear at toplevel or inside other classes",
            "P302",
        ),
        ("may only appear at toplevel", "P303"),
        ("Node inheritance is not supported", "P304"),
        ("Not an assignable reference", "P305"),
        ("Cannot assign to variables in other namespaces", "P306"),
        ("numeric match result variable", "P307"),
        ("is no longer supported", "P308"),
        ("Assignment not allowed here", "P309"),
        ("Illegal +> operation", "P310"),
        ("can only be used once per resource body", "P311"),
        ("Illegal parameter name", "P312"),
        ("numeric parameter name", "P312"),
        ("Illegal variable name", "P313"),
        ("Illegal numeric variable name", "P313"),
        ("has 'captures rest'", "P314"),
        ("redefines a built in parameter", "P315"),
        ("is declared more than once", "P316"),
        ("already has a 'default' entry", "P317"),
        ("A value was produced and then forgotten", "P318"),
        ("can not end with a value-producing expression", "P319"),
        ("Classes are not virtualizable", "P320"),
        ("hostname", "P321"),
        ("Unacceptable name", "P322"),
        ("is already defined by Puppet", "P323"),
        ("Attempt to redefine entity", "P323"),
        ("future reserved word", "P324"),
        ("Use of reserved word", "P325"),
        ("as a type reference", "P326"),
        ("are not supported in this version of Puppet", "P327"),
        ("Illegal type mapping", "P327"),
        ("Illegal query expression", "P328"),
        ("outside of Puppet Integer max range", "P329"),
        ("does not produce a value", "P330"),
        (
            "not valid as a resource, resource-default, or resource-override",
            "P331",
        ),
        ("unacceptable as a top level construct", "P334"),
        ("Unacceptable location", "P335"),
        ("syntax checker", "P336"),
        ("Duplicate parameter", "P301"),
        ("The parameter '", "P301"),
    ];
    TABLE
        .iter()
        .find(|(words, _)| message.contains(words))
        .map(|(_, code)| *code)
}

/// Why plint does not report a finding Puppet reports, when that is intended.
fn accepted_difference(path: &str, message: &str) -> Option<&'static str> {
    let parts: Vec<&str> = path.split('/').collect();
    let module_file = matches!(parts.get(1), Some(&("manifests" | "functions" | "types")));
    let location = message.contains("unacceptable as a top level construct")
        || message.contains("Unacceptable location");
    // With the corpus root as the modulepath, Puppet checks every .pp file of a module
    // against its path, including examples/, tests/ and spec/ (they cannot be autoloaded, so
    // any code in them, and any definition, is "misplaced"). plint checks the files Puppet
    // autoloads (a module's manifests/, functions/ and types/), and takes the folder above
    // the last `manifests` as the module: spec/fixtures/modules/foo/manifests/init.pp holds
    // the module `foo`, as it does for rspec-puppet, and spec/fixtures/manifests/site.pp is
    // an environment's main manifest.
    if location && !module_file {
        return Some("not an autoloaded module file for plint");
    }
    // Puppet takes the module's name from its folder as is; plint drops an author prefix
    // (`saz-rsyslog` holds the `rsyslog` module, as a Forge release or a `puppet-rsyslog`
    // checkout does), so the classes of saz-rsyslog are where plint expects them.
    if location && parts[0].contains('-') {
        return Some("module folder with an author prefix");
    }
    None
}

#[derive(Debug)]
struct PuppetFinding {
    path: String,
    line: Option<usize>,
    severity: String,
    message: String,
}

fn load_oracle() -> Vec<PuppetFinding> {
    let file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracle/puppet-validate-corpus.json");
    let text = std::fs::read_to_string(&file).expect("the oracle fixture is readable");
    let rows: Vec<serde_json::Value> = serde_json::from_str(&text).expect("the oracle is JSON");
    rows.into_iter()
        .map(|r| PuppetFinding {
            path: r["path"].as_str().expect("path").to_string(),
            line: r["line"].as_u64().map(|l| l as usize),
            severity: r["severity"].as_str().expect("severity").to_string(),
            message: r["message"].as_str().expect("message").to_string(),
        })
        .collect()
}

fn line_of(src: &str, offset: usize) -> usize {
    src[..offset.min(src.len())].matches('\n').count() + 1
}

#[test]
fn validation_rules_agree_with_puppet_on_the_corpus() {
    let Some(files) = corpus_files() else {
        return;
    };
    let selection = registry::Selection::from_fn(|i| {
        (i.category == Category::Validation).then_some(i.severity)
    });
    // (path, line, code) -> (severity, message) of every plint finding.
    let mut plint: BTreeMap<(String, usize, String), (Severity, String)> = BTreeMap::new();
    for f in &files {
        let path = f.to_string_lossy().to_string();
        let rel = path
            .strip_prefix(CORPUS)
            .unwrap_or(&path)
            .trim_start_matches('/')
            .to_string();
        let src = std::fs::read_to_string(f).expect("corpus files are UTF-8");
        let parsed = plint::syntax::parse(&src);
        let info = FileInfo {
            path: &path,
            source: &src,
            ast: &parsed.ast,
        };
        // The engine adds its own findings (suppressions, P0xx); only P3xx are compared.
        for d in registry::check(info, &selection)
            .into_iter()
            .filter(|d| d.code.starts_with("P3"))
        {
            let line = line_of(&src, d.span.start);
            plint.insert(
                (rel.clone(), line, d.code.to_string()),
                (d.severity, d.message),
            );
        }
    }

    let oracle = load_oracle();
    let mut problems = Vec::new();
    let mut matched = BTreeSet::new();
    let mut accepted: BTreeMap<&str, usize> = BTreeMap::new();
    for p in &oracle {
        let Some(code) = expected_code(&p.message) else {
            problems.push(format!(
                "{}:{:?}: no plint rule is known for Puppet's {} `{}` (extend expected_code)",
                p.path, p.line, p.severity, p.message
            ));
            continue;
        };
        let key = (p.path.clone(), p.line.unwrap_or(0), code.to_string());
        if plint.contains_key(&key) {
            matched.insert(key);
        } else if let Some(reason) = accepted_difference(&p.path, &p.message) {
            *accepted.entry(reason).or_default() += 1;
        } else {
            problems.push(format!(
                "{}:{}: Puppet reports `{}` ({code}), plint does not",
                p.path,
                p.line.unwrap_or(0),
                p.message
            ));
        }
    }
    let mut extra_warnings = 0;
    for (key, (severity, message)) in &plint {
        if matched.contains(key) {
            continue;
        }
        if *severity == Severity::Error {
            problems.push(format!(
                "{}:{}: plint reports {} `{message}`, Puppet does not",
                key.0, key.1, key.2
            ));
        } else {
            extra_warnings += 1;
            eprintln!(
                "note: {}:{}: plint {} `{message}` ({severity:?})",
                key.0, key.1, key.2
            );
        }
    }
    eprintln!(
        "parity: {} files; Puppet {} findings: {} reported by plint at the same line, {} \
         accepted differences {:?}; plint {} findings, {} of them not Puppet's ({} warnings)",
        files.len(),
        oracle.len(),
        matched.len(),
        accepted.values().sum::<usize>(),
        accepted,
        plint.len(),
        plint.len() - matched.len(),
        extra_warnings,
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
