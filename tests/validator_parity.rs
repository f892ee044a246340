//! plint's validation rules (P3xx) against Puppet's own validator, over the module corpus.
//!
//! `tests/oracle/puppet-validate-corpus.json` is what `puppet parser validate` (Puppet 7.23)
//! reports for every `.pp` file of the corpus, with the corpus root as the modulepath
//! (`scripts/oracle/validate-corpus.sh` writes it). This test runs every P3xx rule over the
//! same files and asserts that:
//! - each of Puppet's findings is reported by plint at the same file and line, by the rule
//!   that means the same (see [`expected_codes`]), unless it is one of the accepted
//!   differences of [`accepted_difference`];
//! - plint reports no other error-level P3xx finding anywhere in the corpus.
//!
//! It prints the parity figures (and, with `PARITY_VERBOSE` set, each finding both report). In CI (`CI` set) a missing corpus is a failure; elsewhere
//! the test says so and passes.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use plint::report::Severity;
use plint::rules::{Category, FileInfo, registry};

mod common;
use common::{CORPUS, corpus_files};

/// The plint rules that report what a Puppet message says, by the message's wording (the
/// first entry that matches counts, so the more specific come first).
fn expected_codes(message: &str) -> Option<&'static [&'static str]> {
    const TABLE: &[(&str, &[&str])] = &[
        // NOT_TOP_LEVEL: P302 for classes, defined types and nodes; Puppet words a function
        // or type alias alone in a branch this way too, which plint reports as P303.
        (
            "may only appear at toplevel or inside other classes",
            &["P302", "P303"],
        ),
        ("may only appear at toplevel", &["P303"]),
        ("Node inheritance is not supported", &["P304"]),
        ("Not an assignable reference", &["P305"]),
        ("Cannot assign to variables in other namespaces", &["P306"]),
        ("numeric parameter name", &["P312"]),
        ("numeric match result variable", &["P307"]),
        ("is no longer supported", &["P308"]),
        ("Assignment not allowed here", &["P309"]),
        ("Illegal +> operation", &["P310"]),
        ("can only be used once per resource body", &["P311"]),
        ("Illegal parameter name", &["P312"]),
        ("Illegal variable name", &["P313"]),
        ("Illegal numeric variable name", &["P313"]),
        ("has 'captures rest'", &["P314"]),
        ("redefines a built in parameter", &["P315"]),
        (
            "is declared more than once in the parameter list",
            &["P301"],
        ),
        ("is declared more than once", &["P316"]),
        ("already has a 'default' entry", &["P317"]),
        ("A value was produced and then forgotten", &["P318"]),
        ("can not end with a value-producing expression", &["P319"]),
        ("Classes are not virtualizable", &["P320"]),
        ("hostname", &["P321"]),
        ("Unacceptable name", &["P322"]),
        ("is already defined by Puppet", &["P323"]),
        ("Attempt to redefine entity", &["P323"]),
        ("future reserved word", &["P324"]),
        ("Use of reserved word", &["P325"]),
        ("as a type reference", &["P326"]),
        ("are not supported in this version of Puppet", &["P327"]),
        ("Illegal type mapping", &["P327"]),
        ("Illegal query expression", &["P328"]),
        ("outside of Puppet Integer max range", &["P329"]),
        ("NUMBER token does not contain a valid number", &["P329"]),
        ("does not produce a value", &["P330"]),
        (
            "not valid as a resource, resource-default, or resource-override",
            &["P331"],
        ),
        ("unacceptable as a top level construct", &["P334"]),
        ("Unacceptable location", &["P335"]),
        ("syntax checker", &["P336"]),
    ];
    TABLE
        .iter()
        .find(|(words, _)| message.contains(words))
        .map(|(_, codes)| *codes)
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
    // the module `foo`, as it does for rspec-puppet, and spec/fixtures/manifests/ holds
    // rspec-puppet's main manifests (an environment's, not a module's).
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
            module: None,
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
        let Some(codes) = expected_codes(&p.message) else {
            problems.push(format!(
                "{}:{:?}: no plint rule is known for Puppet's {} `{}` (extend expected_code)",
                p.path, p.line, p.severity, p.message
            ));
            continue;
        };
        let found = codes
            .iter()
            .map(|c| (p.path.clone(), p.line.unwrap_or(0), c.to_string()))
            .find(|key| plint.contains_key(key));
        if let Some(key) = found {
            matched.insert(key);
        } else if let Some(reason) = accepted_difference(&p.path, &p.message) {
            *accepted.entry(reason).or_default() += 1;
        } else {
            problems.push(format!(
                "{}:{}: Puppet reports `{}` ({codes:?}), plint does not",
                p.path,
                p.line.unwrap_or(0),
                p.message
            ));
        }
    }
    if std::env::var_os("PARITY_VERBOSE").is_some() {
        for (path, line, code) in &matched {
            eprintln!("matched: {path}:{line} {code}");
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

/// Puppet's errors from parsing: Puppet validates nothing of a file that does not parse.
const PARSE_ERRORS: &[&str] = &[
    "Syntax error",
    "not valid as a resource, resource-default, or resource-override",
    "Internal Error",
];

/// Errors at which Puppet's validator stops (a checker that raises): what follows in the
/// file is not validated.
const STOPS: &[&str] = &["Invalid produced text", "Attempt to redefine entity"];

/// Rules for errors Puppet finds only when it evaluates the code, not when it validates it.
const EVALUATION_ERRORS: &[&str] = &["P332", "P333", "P337"];

/// The `#### name` sections of `tests/oracle/validator-cases.pp`.
fn cases() -> Vec<(String, String)> {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracle/validator-cases.pp");
    let text = std::fs::read_to_string(file).expect("the cases are readable");
    let mut out: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("#### ") {
            out.push((name.to_string(), String::new()));
        } else if let Some((_, body)) = out.last_mut() {
            body.push_str(line);
            body.push('\n');
        }
    }
    out
}

/// The same comparison on small cases, each validated by Puppet as a file of its own:
/// `tests/oracle/validator-cases.pp` (constructs near each rule's edges, and each rule's
/// fixtures) against `tests/oracle/puppet-validate-cases.json`. Here plint's syntax errors
/// (`P0xx`) count too. Where Puppet's grammar rejects what plint's accepts, plint's rule
/// for the construct stands for Puppet's syntax error: a parse error of Puppet's matches
/// any error plint reports on its line, and the rest of that case is not compared (Puppet
/// validates nothing of a file that does not parse). After an error at which Puppet's
/// validator stops ([`STOPS`]), plint's later findings are not compared; a message without
/// a line matches any line. [`EVALUATION_ERRORS`] are plint's only. The few other
/// differences are listed, with their reasons, in `KNOWN`.
#[test]
fn validation_rules_agree_with_puppet_on_the_cases() {
    const KNOWN: &[(&str, &str)] = &[
        // `$x = File <| |> + 1`, `$x = !File <| |>`: Puppet's grammar takes a collector as
        // an operand (then rejects it as a value); plint's grammar does not (P001).
        ("case-091", "grammar: a collector as an operand"),
        ("case-094", "grammar: a collector as an operand"),
        // `type A = Integer[1] + 1`: Puppet parses an alias used as an operand, plint an
        // alias whose value is an operation; both reject it, in different words.
        (
            "case-073",
            "grammar: what `+` applies to after a type alias",
        ),
        // `class default { }`: a syntax error for Puppet; plint's grammar accepts it.
        ("case-087", "grammar: `default` as a class name"),
        // `plan foo { }`: Puppet 7 reads the name `plan` then a resource without a title;
        // plint parses a plan, which is Bolt's and not checked.
        ("case-158", "plans are Bolt's"),
    ];
    let oracle_file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracle/puppet-validate-cases.json");
    let rows: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(oracle_file).expect("readable"))
            .expect("JSON");
    let selection = registry::Selection::from_fn(|i| {
        (i.category == Category::Validation).then_some(i.severity)
    });
    let (mut matched, mut puppet_total, mut plint_total, mut evaluation) = (0, 0, 0, 0);
    let mut problems = Vec::new();
    for (name, src) in cases() {
        if KNOWN.iter().any(|(n, _)| *n == name) {
            continue;
        }
        let path = format!("cases/{name}.pp");
        let parsed = plint::syntax::parse(&src);
        let info = FileInfo {
            path: &path,
            source: &src,
            ast: &parsed.ast,
            module: None,
        };
        let mut ours: Vec<(usize, String, Severity)> = parsed
            .diagnostics
            .iter()
            .cloned()
            .chain(registry::check(info, &selection))
            .filter(|d| d.code.starts_with("P0") || d.code.starts_with("P3"))
            .map(|d| (line_of(&src, d.span.start), d.code.to_string(), d.severity))
            .collect();
        ours.sort();
        ours.dedup();
        plint_total += ours.len();
        let theirs: Vec<&serde_json::Value> =
            rows.iter().filter(|r| r["case"] == name.as_str()).collect();
        puppet_total += theirs.len();
        let mut used = vec![false; ours.len()];
        let mut stop_line = usize::MAX;
        for r in theirs {
            let message = r["message"].as_str().unwrap_or_default();
            let line = r["line"].as_u64().map(|l| l as usize);
            let parse_error = PARSE_ERRORS.iter().any(|s| message.contains(s));
            if parse_error {
                stop_line = 0;
            } else if STOPS.iter().any(|s| message.contains(s)) {
                stop_line = stop_line.min(line.unwrap_or(0));
            }
            let codes = expected_codes(message).unwrap_or(&[]);
            let hit = ours.iter().position(|(l, c, s)| {
                line.is_none_or(|line| *l == line)
                    && (codes.contains(&c.as_str()) || (parse_error && *s == Severity::Error))
            });
            match hit {
                Some(i) => {
                    used[i] = true;
                    matched += 1;
                }
                None => problems.push(format!(
                    "{name}:{}: Puppet reports `{message}` ({codes:?}), plint does not",
                    line.unwrap_or(0)
                )),
            }
        }
        for (i, (line, code, severity)) in ours.iter().enumerate() {
            if used[i] || *severity != Severity::Error || *line > stop_line {
                continue;
            }
            if EVALUATION_ERRORS.contains(&code.as_str()) {
                evaluation += 1;
                continue;
            }
            // Several findings of Puppet's on one line may be one of plint's, and the reverse.
            if ours
                .iter()
                .enumerate()
                .any(|(j, (l, c, _))| used[j] && l == line && c == code)
            {
                continue;
            }
            problems.push(format!(
                "{name}:{line}: plint reports {code}, Puppet does not"
            ));
        }
    }
    eprintln!(
        "parity on cases: Puppet {puppet_total} findings, {matched} of them reported by plint; \
         plint {plint_total} findings, {evaluation} of them evaluation errors Puppet's validator \
         does not check"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
