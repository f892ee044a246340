//! Conformance of `plint --evaluate` with real Puppet 7: every case under tests/catalog/cases/
//! (manifests written for this suite) and tests/catalog/modules/ (classes of the real module
//! corpus with facterdb's Debian 11 and RedHat 8 facts) is compiled by plint and compared with
//! the catalog (`expected.json`) or the failure (`expected-error.txt`) that Puppet produced for
//! it. The expected files come from `scripts/oracle/catalog-oracle.sh` (its header says how to
//! regenerate them; the case format is described in `scripts/oracle/catalog-oracle.rb`).
//!
//! What is compared, for a case Puppet compiles:
//! - resources, matched by type and title: `exported`, `tags` (as a set) and `parameters`
//!   (each value exactly, except the relationship metaparameters `before`, `require`, `notify`,
//!   `subscribe`, compared as sets of references whether written as one string or an array);
//!   a resource missing on either side is a difference;
//! - `edges` (containment edges) as a set of source/target pairs;
//! - `classes` as a set;
//! - plint must report no error from the evaluation (codes P2xx).
//!
//! A plint value `{"__unknown__": T, "origin": O}` matches any Puppet value at its place (a
//! PuppetDB query's result, say), except when it comes from an ERB template or a module's Ruby
//! function, which plint evaluates: such an unknown is a difference, listed with its origin. A
//! resource whose title is unknown matches a resource of the same type that nothing else
//! matched, or none (the title may be an empty array). A resource only Puppet has, declared
//! inside a branch plint says it did not evaluate (a `P213` unknown-condition note whose lines
//! cover the resource's `file`/`line` in Puppet's catalog), and the edges to or from it, count
//! as unknown too: plint says it cannot know whether the branch runs. Unknowns are counted and
//! reported. The parameters listed in tests/catalog/erb-effects.txt, which ERB templates change
//! in place (Ruby that plint does not run), are not compared.
//!
//! For a case Puppet fails: plint must report an error-level finding of the same kind in the
//! same file at the same line (when Puppet gives them), or at another place Puppet's message
//! names (`also:`: where a nested error happened, a first declaration). The kind is recognized from the rule name (kebab-case, e.g.
//! `duplicate-resource`; see [`KIND_NEEDLES`]); `eval-error` matches any error. With the option
//! `same_message = true`, that finding's message must also hold Puppet's own words (its message
//! without `Evaluation Error:`, `Error while evaluating a ...,` and the place): for the cases
//! whose message text is part of what they test.
//!
//! The suite passes while every case not listed in tests/catalog/known-failures.txt matches.
//! A listed case that matches fails the suite ("remove it from known-failures"): the list only
//! shrinks. `cargo test --test catalog_conformance -- --nocapture` prints the per-case
//! differences and the summary (cases, passing, unknowns); the summary is also written to
//! `$CARGO_TARGET_TMPDIR/catalog-conformance-summary.txt`. `PLINT_CONFORMANCE_ONLY=substring`
//! runs only the matching cases (and then does not check the list); `PLINT_CONFORMANCE_BIN=path`
//! measures another plint binary (a branch's build) instead of this build's.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use common::catalog::{Case, cases, facterdb_dir};
use serde_json::Value as Json;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// A case that takes longer is a failure ("timed out"): plint must never hang.
const TIMEOUT: Duration = Duration::from_secs(60);
const RELATIONSHIP_PARAMS: [&str; 4] = ["before", "require", "notify", "subscribe"];

/// For each error kind of `expected-error.txt`, substrings of the names of the plint rules that
/// report it (the P2xx rules: `duplicate-declaration`, `resource-of-unknown-type`,
/// `invalid-attribute`, `dangling-relationship`, `dependency-cycle`, `failed-assertion` (for
/// `fail()` and `assert_type`), `parameter-value-mismatch`, `missing-parameter-value`,
/// `missing-class`, `missing-virtual-resource`, `unknown-variable`, `no-matching-node`,
/// `evaluation-error`).
const KIND_NEEDLES: &[(&str, &[&str])] = &[
    ("duplicate-resource", &["duplicate"]),
    (
        "unknown-resource-type",
        &["unknown-resource-type", "unknown-type"],
    ),
    (
        "unknown-attribute",
        &[
            "unknown-attribute",
            "unknown-parameter",
            "invalid-attribute",
        ],
    ),
    ("dangling-relationship", &["dangling", "relationship"]),
    ("dependency-cycle", &["cycle"]),
    ("fail", &["fail"]),
    ("assert-type", &["assert-type", "assert"]),
    (
        "parameter-type",
        &["parameter-type", "type-mismatch", "mismatch"],
    ),
    (
        "missing-parameter",
        &["missing-parameter", "missing-required"],
    ),
    ("unknown-class", &["unknown-class", "missing-class"]),
    ("realize-missing", &["realize", "missing-virtual-resource"]),
    (
        "undefined-variable",
        &["undefined-variable", "unknown-variable"],
    ),
    ("no-matching-node", &["node"]),
];

#[derive(Debug, Default)]
struct Outcome {
    pass: bool,
    /// What differs (empty when the case passes).
    diff: String,
    /// Puppet values matched by a plint unknown.
    unknowns: Unknowns,
}

/// The Puppet values plint matched with unknowns, by where plint's unknown came from.
#[derive(Debug, Default, Clone)]
struct Unknowns {
    count: usize,
    /// Origin kind (`template()`, `inline_template()`, `name()` of a function, ...) -> count.
    by_origin: BTreeMap<String, usize>,
    /// `File` resources' `content` that Puppet has: (known to plint, unknown to plint).
    file_contents: (usize, usize),
    /// Exact origin -> count (for the case's line).
    exact: BTreeMap<String, usize>,
}

impl Unknowns {
    fn add(&mut self, origin: &str) {
        self.count += 1;
        *self.by_origin.entry(origin_kind(origin)).or_default() += 1;
        let shown: String = origin.chars().take(160).collect();
        *self.exact.entry(shown).or_default() += 1;
    }

    /// `template('a/b.erb') 2, x() 1`: the exact origins, most frequent first.
    fn origins_text(&self) -> String {
        let mut by: Vec<_> = self.exact.iter().collect();
        by.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        by.iter()
            .map(|(k, n)| format!("{k} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn merge(&mut self, other: &Unknowns) {
        self.count += other.count;
        for (k, n) in &other.by_origin {
            *self.by_origin.entry(k.clone()).or_default() += n;
        }
        self.file_contents.0 += other.file_contents.0;
        self.file_contents.1 += other.file_contents.1;
    }
}

/// Whether an unknown comes from an ERB template or a module's Ruby function, which plint
/// evaluates: their origins name the template or the Ruby file.
fn from_ruby(origin: &str) -> bool {
    origin.starts_with("template(")
        || origin.starts_with("inline_template(")
        || origin.contains(".rb:")
        || origin.contains(".erb:")
}

/// An unknown's origin grouped: `template()` (whatever the file), `inline_template()`, a
/// function's name with `()`, else the origin's first words.
fn origin_kind(origin: &str) -> String {
    if origin.starts_with("template(") {
        return "template()".to_string();
    }
    if let Some(i) = origin.find("()")
        && origin[..i]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
    {
        return origin[..i + 2].to_string();
    }
    if origin.starts_with("a branch not evaluated") {
        return "branch not evaluated".to_string();
    }
    origin.chars().take(40).collect()
}

/// Runs plint on one case; `Err` says why no result could be had.
fn run_plint(case: &Case, out: &Path) -> Result<(Option<Json>, Vec<Json>), String> {
    let facts = case.facts_file().ok_or("facterdb is not installed")?;
    let mut args: Vec<String> = vec!["--evaluate".into(), "--facts".into()];
    args.push(facts.to_string_lossy().into_owned());
    if let Some(n) = case.options.get("node") {
        args.push("--node".into());
        args.push(n.clone());
    }
    let modulepath: Vec<String> = case
        .modulepath()
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if !modulepath.is_empty() {
        args.push("--modulepath".into());
        args.push(modulepath.join(":"));
    }
    if case.dir.join("hiera.yaml").is_file() {
        args.push("--hiera".into());
        args.push(case.dir.join("hiera.yaml").to_string_lossy().into_owned());
    }
    // The compiling server's own facts, as the oracle gave them to Puppet.
    let server_facts = case
        .options
        .get("server_facts")
        .map_or("servername=puppet", String::as_str);
    for setting in server_facts.split_whitespace() {
        args.push("--server-fact".into());
        args.push(setting.into());
    }
    args.push("--catalog-out".into());
    args.push(out.to_string_lossy().into_owned());
    // The catalogs are Puppet 7's, with its settings.
    args.push("--puppet-version".into());
    args.push("7".into());
    if case.options.get("strict_variables").map(String::as_str) == Some("true") {
        args.push("--strict-variables".into());
    }
    args.push("--format".into());
    args.push("json".into());
    args.push(case.dir.join("site.pp").to_string_lossy().into_owned());

    let plint = std::env::var("PLINT_CONFORMANCE_BIN").unwrap_or_else(|_| common::PLINT.into());
    let mut child = Command::new(plint)
        .args(&args)
        .current_dir(&case.dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run plint: {e}"))?;
    // Read the pipes on threads so that a large output cannot block the child.
    let mut so = child.stdout.take().expect("stdout");
    let mut se = child.stderr.take().expect("stderr");
    let t_out = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut so, &mut s).ok();
        s
    });
    let t_err = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut se, &mut s).ok();
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait().map_err(|e| e.to_string())? {
            break st;
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("timed out after {}s", TIMEOUT.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let stdout = t_out.join().unwrap_or_default();
    let stderr = t_err.join().unwrap_or_default();
    if status.code().is_none_or(|c| c > 1) {
        let first = stderr.lines().next().unwrap_or("").to_string();
        return Err(format!("plint exited with {status}: {first}"));
    }
    let findings = match serde_json::from_str::<Json>(&stdout) {
        Ok(Json::Array(a)) => a,
        _ => Vec::new(),
    };
    let catalog = match std::fs::read_to_string(out) {
        Ok(text) => {
            // Paths in values (find_file, module_directory) as the oracle normalizes them:
            // relative to the case, corpus paths as `$CORPUS/...`.
            let text = text
                .replace(&format!("{}/", case.dir.display()), "")
                .replace(&format!("{}/", common::CORPUS), "$CORPUS/");
            Some(
                serde_json::from_str(&text)
                    .map_err(|e| format!("--catalog-out is not JSON: {e}"))?,
            )
        }
        Err(_) => None,
    };
    Ok((catalog, findings))
}

fn is_unknown(v: &Json) -> bool {
    v.as_object().is_some_and(|o| o.contains_key("__unknown__"))
}

/// Compares a Puppet value with plint's; writes differences under `path`.
fn compare_value(exp: &Json, got: &Json, path: &str, unknowns: &mut Unknowns, diff: &mut String) {
    if is_unknown(got) {
        let origin = got["origin"].as_str().unwrap_or("?");
        if from_ruby(origin) {
            // ERB and Ruby functions are evaluated: an unknown there is a difference.
            let _ = writeln!(
                diff,
                "    {path}: unknown to plint ({origin}); Puppet: {exp}"
            );
        }
        unknowns.add(origin);
        return;
    }
    match (exp, got) {
        (Json::Array(e), Json::Array(g)) if e.len() == g.len() => {
            for (i, (e, g)) in e.iter().zip(g).enumerate() {
                compare_value(e, g, &format!("{path}[{i}]"), unknowns, diff);
            }
        }
        (Json::Object(e), Json::Object(g)) => {
            for (k, ev) in e {
                match g.get(k) {
                    Some(gv) => compare_value(ev, gv, &format!("{path}.{k}"), unknowns, diff),
                    None => {
                        let _ = writeln!(diff, "    {path}.{k}: missing (Puppet: {ev})");
                    }
                }
            }
            for (k, gv) in g {
                if !e.contains_key(k) {
                    let _ = writeln!(diff, "    {path}.{k}: not in Puppet's (plint: {gv})");
                }
            }
        }
        _ if exp == got => {}
        _ => {
            let _ = writeln!(diff, "    {path}: Puppet {exp}, plint {got}");
        }
    }
}

/// A relationship metaparameter as a set of references.
fn reference_set(v: &Json) -> BTreeSet<String> {
    match v {
        Json::Array(a) => a.iter().flat_map(reference_set).collect(),
        Json::String(s) => BTreeSet::from([s.clone()]),
        other => BTreeSet::from([other.to_string()]),
    }
}

fn string_set(v: Option<&Json>) -> BTreeSet<String> {
    v.and_then(Json::as_array)
        .map(|a| {
            a.iter()
                .map(|x| x.as_str().map_or_else(|| x.to_string(), str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn resource_key(r: &Json) -> (String, String) {
    let t = r["type"].as_str().unwrap_or("").to_string();
    let title = r["title"].as_str().unwrap_or("").to_string();
    (t, title)
}

/// tests/catalog/erb-effects.txt: (`Type[title]`, parameter) pairs whose values an ERB
/// template changes in place, each with whether a case used it.
fn erb_effects() -> &'static [((String, String), AtomicBool)] {
    static LIST: OnceLock<Vec<((String, String), AtomicBool)>> = OnceLock::new();
    LIST.get_or_init(|| {
        let path = Path::new(ROOT).join("tests/catalog/erb-effects.txt");
        std::fs::read_to_string(path)
            .expect("tests/catalog/erb-effects.txt")
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| {
                let mut w = l.split_whitespace();
                let r = w.next().unwrap_or_default().to_string();
                let p = w.next().unwrap_or_default().to_string();
                assert!(w.next().is_some(), "erb-effects.txt: no reason in `{l}`");
                ((r, p), AtomicBool::new(false))
            })
            .collect()
    })
}

/// Whether an ERB template changes `parameter` of `reference` in place (erb-effects.txt).
fn changed_by_erb(reference: &str, parameter: &str) -> bool {
    erb_effects().iter().any(|((r, p), used)| {
        let hit = r == reference && p == parameter;
        if hit {
            used.store(true, Ordering::Relaxed);
        }
        hit
    })
}

fn compare_resource(exp: &Json, got: &Json, unknowns: &mut Unknowns, diff: &mut String) {
    let mut d = String::new();
    if exp["exported"] != got["exported"] {
        let _ = writeln!(
            d,
            "    exported: Puppet {}, plint {}",
            exp["exported"], got["exported"]
        );
    }
    let (et, gt) = (string_set(exp.get("tags")), string_set(got.get("tags")));
    if et != gt {
        let missing: Vec<_> = et.difference(&gt).collect();
        let extra: Vec<_> = gt.difference(&et).collect();
        let _ = writeln!(d, "    tags: missing {missing:?}, extra {extra:?}");
    }
    let empty = serde_json::Map::new();
    let ep = exp["parameters"].as_object().unwrap_or(&empty);
    let gp = got["parameters"].as_object().unwrap_or(&empty);
    let (t, title) = resource_key(exp);
    let reference = format!("{t}[{title}]");
    if t == "File"
        && ep.contains_key("content")
        && let Some(gv) = gp.get("content")
    {
        if is_unknown(gv) {
            unknowns.file_contents.1 += 1;
        } else {
            unknowns.file_contents.0 += 1;
        }
    }
    for (k, ev) in ep {
        match gp.get(k) {
            _ if changed_by_erb(&reference, k) => {}
            None => {
                let _ = writeln!(d, "    parameter {k}: missing (Puppet: {ev})");
            }
            Some(gv) if RELATIONSHIP_PARAMS.contains(&k.as_str()) && !is_unknown(gv) => {
                let (es, gs) = (reference_set(ev), reference_set(gv));
                if es != gs {
                    let _ = writeln!(d, "    parameter {k}: Puppet {es:?}, plint {gs:?}");
                }
            }
            Some(gv) => compare_value(ev, gv, &format!("parameter {k}"), unknowns, &mut d),
        }
    }
    for (k, gv) in gp {
        if !ep.contains_key(k) {
            let _ = writeln!(d, "    parameter {k}: not in Puppet's (plint: {gv})");
        }
    }
    if !d.is_empty() {
        let (t, title) = resource_key(exp);
        let _ = write!(diff, "  ~ {t}[{title}]\n{d}");
    }
}

/// The lines plint did not evaluate (its `P213` notes): (path, first line, last line).
fn unevaluated_regions(findings: &[Json]) -> Vec<(String, u64, u64)> {
    findings
        .iter()
        .filter(|f| f["code"] == "P213")
        .filter_map(|f| {
            let path = f["path"].as_str()?.to_string();
            let line = f["line"].as_u64()?;
            Some((path, line, f["end_line"].as_u64().unwrap_or(line)))
        })
        .collect()
}

/// Whether Puppet's resource was declared inside a region plint did not evaluate.
fn in_unevaluated_region(e: &Json, regions: &[(String, u64, u64)]) -> bool {
    let (Some(file), Some(line)) = (e["file"].as_str(), e["line"].as_u64()) else {
        return false;
    };
    let rel = file.strip_prefix("$CORPUS/").unwrap_or(file);
    regions.iter().any(|(path, first, last)| {
        (path == rel || path.ends_with(&format!("/{rel}"))) && (*first..=*last).contains(&line)
    })
}

fn compare_catalog(
    exp: &Json,
    got: &Json,
    regions: &[(String, u64, u64)],
    unknowns: &mut Unknowns,
) -> String {
    let mut diff = String::new();
    let none = Vec::new();
    let eres = exp["resources"].as_array().unwrap_or(&none);
    let gres = got["resources"].as_array().unwrap_or(&none);
    let mut by_key: BTreeMap<(String, String), &Json> = BTreeMap::new();
    let mut unknown_titles: Vec<&Json> = Vec::new();
    // Puppet's resources in branches plint did not evaluate, or matched by a resource plint
    // could not name, as references: their edges are not compared.
    let mut not_evaluated: BTreeSet<String> = BTreeSet::new();
    for g in gres {
        if is_unknown(&g["title"]) {
            unknown_titles.push(g);
        } else {
            by_key.insert(resource_key(g), g);
        }
    }
    for e in eres {
        let key = resource_key(e);
        match by_key.remove(&key) {
            Some(g) => compare_resource(e, g, unknowns, &mut diff),
            None => match unknown_titles.iter().position(|g| g["type"] == e["type"]) {
                Some(i) => {
                    unknowns.add("resource title");
                    let g = unknown_titles.remove(i);
                    compare_resource(e, g, unknowns, &mut diff);
                    not_evaluated.insert(format!("{}[{}]", key.0, key.1));
                }
                None if in_unevaluated_region(e, regions) => {
                    unknowns.add("branch not evaluated");
                    not_evaluated.insert(format!("{}[{}]", key.0, key.1));
                }
                None => {
                    let _ = writeln!(diff, "  - {}[{}] (only in Puppet's catalog)", key.0, key.1);
                }
            },
        }
    }
    for ((t, title), _) in by_key {
        let _ = writeln!(diff, "  + {t}[{title}] (only in plint's catalog)");
    }
    // A resource plint could not name that matched nothing: its title may have been an empty
    // array (no resource at all), so it is an unknown, not a difference.
    for _ in &unknown_titles {
        unknowns.add("resource title");
    }

    let edges = |c: &Json| -> BTreeSet<(String, String)> {
        c["edges"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|e| {
                        let s = |k: &str| {
                            e[k].as_str()
                                .map_or_else(|| e[k].to_string(), str::to_string)
                        };
                        (s("source"), s("target"))
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    let (ee, ge) = (edges(exp), edges(got));
    for (s, t) in ee.difference(&ge) {
        if not_evaluated.contains(s) || not_evaluated.contains(t) {
            continue;
        }
        let _ = writeln!(diff, "  - edge {s} -> {t} (only in Puppet's catalog)");
    }
    // plint writes the edges of a resource it could not name with a placeholder title.
    let unnamed = |r: &str| r.contains("[<unknown title ");
    for (s, t) in ge.difference(&ee) {
        if unnamed(s) || unnamed(t) {
            continue;
        }
        let _ = writeln!(diff, "  + edge {s} -> {t} (only in plint's catalog)");
    }
    let (ec, gc) = (
        string_set(exp.get("classes")),
        string_set(got.get("classes")),
    );
    for c in ec.difference(&gc) {
        let _ = writeln!(diff, "  - class {c} (only in Puppet's classes)");
    }
    for c in gc.difference(&ec) {
        let _ = writeln!(diff, "  + class {c} (only in plint's classes)");
    }
    diff
}

/// The words of Puppet's error message, without its prefixes (`Evaluation Error: `,
/// `Error while evaluating a Function Call, `) and its place (` (file: ...`, ` on node ...`).
fn puppet_words(message: &str) -> String {
    let m = message
        .strip_prefix("Evaluation Error: ")
        .unwrap_or(message);
    let m = match m.strip_prefix("Error while evaluating a ") {
        Some(rest) => rest.split_once(", ").map_or(rest, |(_, w)| w),
        None => m,
    };
    let m = m.split(" (file: ").next().unwrap_or(m);
    m.split(" on node ").next().unwrap_or(m).trim().to_string()
}

fn is_error(f: &Json) -> bool {
    f["severity"] == "error"
}

fn describe(f: &Json) -> String {
    format!(
        "{}:{} {} [{}] {}",
        f["path"].as_str().unwrap_or(""),
        f["line"],
        f["code"].as_str().unwrap_or(""),
        f["rule"].as_str().unwrap_or(""),
        f["message"].as_str().unwrap_or("")
    )
}

fn kind_matches(kind: &str, f: &Json) -> bool {
    if kind == "eval-error" {
        return true;
    }
    let rule = f["rule"].as_str().unwrap_or("");
    KIND_NEEDLES
        .iter()
        .find(|(k, _)| *k == kind)
        .map_or(rule.contains(kind), |(_, needles)| {
            needles.iter().any(|n| rule.contains(n))
        })
}

/// Whether plint's finding is at Puppet's place: the same file (Puppet's path relative to the
/// case, or `$CORPUS/...`) when Puppet names one, and the same line (of the finding or of one
/// of its secondary labels) when Puppet gives one.
fn place_matches(file: &str, line: Option<u64>, f: &Json) -> bool {
    if file != "-" && !file.is_empty() {
        let rel = file.strip_prefix("$CORPUS/").unwrap_or(file);
        let path = f["path"].as_str().unwrap_or("");
        if !(path == rel || path.ends_with(&format!("/{rel}"))) {
            return false;
        }
    }
    let Some(line) = line else { return true };
    f["line"].as_u64() == Some(line)
        || f["labels"]
            .as_array()
            .is_some_and(|ls| ls.iter().any(|l| l["line"].as_u64() == Some(line)))
}

fn run_case(case: &Case, tmp: &Path) -> Outcome {
    let out = tmp.join(format!("{}.json", case.name.replace('/', "__")));
    let (catalog, findings) = match run_plint(case, &out) {
        Ok(r) => r,
        Err(e) => {
            return Outcome {
                diff: format!("  {e}\n"),
                ..Outcome::default()
            };
        }
    };
    let mut unknowns = Unknowns::default();
    let mut diff = String::new();
    let errors: Vec<&Json> = findings.iter().filter(|f| is_error(f)).collect();
    if let Ok(text) = std::fs::read_to_string(case.dir.join("expected-error.txt")) {
        let field = |k: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(k))
                .map(|v| v.trim().to_string())
                .unwrap_or_default()
        };
        let (kind, file, line) = (field("kind:"), field("file:"), field("line:"));
        let message = field("message:");
        let line = line.parse::<u64>().ok();
        // Puppet's place, or another place its message names (a nested error's own place).
        let mut places = vec![(file.clone(), line)];
        for p in field("also:").split_whitespace().filter(|p| *p != "-") {
            if let Some((f, l)) = p.rsplit_once(':') {
                places.push((f.to_string(), l.parse().ok()));
            }
        }
        let words = (case.options.get("same_message").map(String::as_str) == Some("true"))
            .then(|| puppet_words(&message));
        let hit = errors.iter().any(|f| {
            kind_matches(&kind, f)
                && places.iter().any(|(pf, pl)| place_matches(pf, *pl, f))
                && words.as_ref().is_none_or(|w| {
                    f["message"]
                        .as_str()
                        .is_some_and(|m| m.contains(w.as_str()))
                })
        });
        // Puppet stops at its first error; plint goes on and lists every independent error
        // in the catalog it writes marked failed, in the order met: Puppet's comes first (at
        // Puppet's place, or with Puppet's words when Puppet gives no place).
        let first = catalog
            .as_ref()
            .filter(|c| c["status"] == "failed")
            .and_then(|c| c["errors"].get(0));
        if let Some(first) = first {
            let as_finding = serde_json::json!({
                "path": first["file"],
                "line": first["line"],
            });
            let first_message = first["message"].as_str().unwrap_or("");
            let is_puppets = match line {
                Some(_) => places
                    .iter()
                    .any(|(pf, pl)| place_matches(pf, *pl, &as_finding)),
                None => first_message.contains(puppet_words(&message).as_str()),
            };
            if !is_puppets {
                let _ = writeln!(
                    diff,
                    "  Puppet's error is not the first plint lists ({}:{} {first_message}): {message}",
                    first["file"].as_str().unwrap_or("-"),
                    first["line"],
                );
            }
        }
        if !hit {
            let _ = writeln!(
                diff,
                "  Puppet fails ({kind}, {file}:{}): {message}",
                line.map_or("-".to_string(), |l| l.to_string())
            );
            if errors.is_empty() {
                let _ = writeln!(diff, "  plint reports no error");
            }
            for f in &errors {
                let _ = writeln!(diff, "  plint: {}", describe(f));
            }
        }
    } else {
        let expected: Json = serde_json::from_str(
            &std::fs::read_to_string(case.dir.join("expected.json"))
                .expect("expected.json or expected-error.txt"),
        )
        .expect("expected.json is JSON");
        for f in errors
            .iter()
            .filter(|f| f["code"].as_str().is_some_and(|c| c.starts_with("P2")))
        {
            let _ = writeln!(
                diff,
                "  plint reports an error Puppet does not: {}",
                describe(f)
            );
        }
        match &catalog {
            Some(got) => diff.push_str(&compare_catalog(
                &expected,
                got,
                &unevaluated_regions(&findings),
                &mut unknowns,
            )),
            None => diff.push_str("  plint wrote no catalog\n"),
        }
    }
    Outcome {
        pass: diff.is_empty(),
        diff,
        unknowns,
    }
}

fn known_failures() -> BTreeMap<String, String> {
    let path = Path::new(ROOT).join("tests/catalog/known-failures.txt");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once(char::is_whitespace) {
            Some((n, r)) => (n.to_string(), r.trim().to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect()
}

/// Runs the cases on a few threads (plint itself is parallel): each case's outcome, in the
/// order of the cases.
fn run_cases(cases: &[Case], dir: &Path) -> Vec<(usize, Outcome)> {
    let results: Mutex<Vec<(usize, Outcome)>> = Mutex::new(Vec::new());
    let next = Mutex::new(0usize);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = {
                        let mut n = next.lock().unwrap();
                        let i = *n;
                        *n += 1;
                        i
                    };
                    let Some(case) = cases.get(i) else { break };
                    let o = run_case(case, dir);
                    results.lock().unwrap().push((i, o));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(i, _)| *i);
    results
}

#[test]
fn catalogs_match_puppet() {
    let only = std::env::var("PLINT_CONFORMANCE_ONLY").ok();
    let have_corpus = Path::new(common::CORPUS).is_dir() && facterdb_dir().is_some();
    if !have_corpus {
        assert!(
            std::env::var_os("CI").is_none(),
            "the module corpus or facterdb is missing: run scripts/install-corpus.sh"
        );
    }
    let cases: Vec<Case> = cases()
        .into_iter()
        .filter(|c| only.as_deref().is_none_or(|o| c.name.contains(o)))
        .filter(|c| {
            have_corpus
                || !(c.options.get("modulepath").is_some_and(|m| m == "corpus")
                    || c.options
                        .get("facts")
                        .is_some_and(|f| f.starts_with("facterdb:")))
        })
        .collect();
    assert!(
        only.is_some() || cases.len() >= 100,
        "only {} cases",
        cases.len()
    );
    let tmp = tempfile::tempdir().expect("temp dir");

    let results = run_cases(&cases, tmp.path());

    let known = known_failures();
    let mut report = String::new();
    let mut failures = Vec::new();
    let (mut passing, mut unknowns, mut cases_with_unknowns) = (0, Unknowns::default(), 0);
    let (mut own_pass, mut own_total, mut mod_pass, mut mod_total) = (0, 0, 0, 0);
    for (i, o) in &results {
        let case = &cases[*i];
        let is_module = case.name.starts_with("modules/");
        if is_module {
            mod_total += 1;
        } else {
            own_total += 1;
        }
        unknowns.merge(&o.unknowns);
        if o.unknowns.count > 0 {
            cases_with_unknowns += 1;
        }
        if o.pass {
            passing += 1;
            if is_module {
                mod_pass += 1;
            } else {
                own_pass += 1;
            }
            let _ = writeln!(
                report,
                "PASS {}{}",
                case.name,
                if o.unknowns.count > 0 {
                    format!(
                        " ({} values unknown to plint: {})",
                        o.unknowns.count,
                        o.unknowns.origins_text()
                    )
                } else {
                    String::new()
                }
            );
            if known.contains_key(&case.name) && only.is_none() {
                failures.push(format!(
                    "{} now matches Puppet: remove it from known-failures",
                    case.name
                ));
            }
        } else {
            let _ = write!(report, "FAIL {}\n{}", case.name, o.diff);
            if !known.contains_key(&case.name) {
                failures.push(format!(
                    "{} differs from Puppet (not in known-failures):\n{}",
                    case.name, o.diff
                ));
            }
        }
    }
    if only.is_none() {
        let names: BTreeSet<&str> = cases.iter().map(|c| c.name.as_str()).collect();
        for k in known.keys() {
            if !names.contains(k.as_str()) && (have_corpus || !k.starts_with("modules/")) {
                failures.push(format!("{k} is in known-failures but is no case"));
            }
        }
        if have_corpus {
            for ((r, p), used) in erb_effects() {
                if !used.load(Ordering::Relaxed) {
                    failures.push(format!(
                        "erb-effects.txt: {r} {p} is not in any catalog: remove it"
                    ));
                }
            }
        }
    }
    let total = results.len();
    let summary = format!(
        "catalog conformance: {passing} of {total} cases match Puppet 7 ({:.1}%): own cases \
         {own_pass}/{own_total}, real modules {mod_pass}/{mod_total}; {} Puppet values \
         matched by plint unknowns in {cases_with_unknowns} cases; {} known failures listed\n\
         unknowns by origin: {}\n\
         File contents: {} of {} known to plint",
        if total == 0 {
            0.0
        } else {
            100.0 * passing as f64 / total as f64
        },
        unknowns.count,
        known.len(),
        {
            let mut by: Vec<_> = unknowns.by_origin.iter().collect();
            by.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
            by.iter()
                .map(|(k, n)| format!("{k} {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        },
        unknowns.file_contents.0,
        unknowns.file_contents.0 + unknowns.file_contents.1,
    );
    println!("{report}\n{summary}");
    if std::env::var_os("UPDATE_KNOWN_FAILURES").is_some() && only.is_none() {
        write_known_failures(&cases, &results, &known);
        return;
    }
    let _ = std::fs::write(
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("catalog-conformance-summary.txt"),
        format!("{report}\n{summary}\n"),
    );
    assert!(failures.is_empty(), "{}\n\n{summary}", failures.join("\n"));
}

/// `UPDATE_KNOWN_FAILURES=1`: rewrites the list with the cases that fail now (a reason already
/// written is kept; a new one is the first line of the difference: edit it to say why).
fn write_known_failures(
    cases: &[Case],
    results: &[(usize, Outcome)],
    known: &BTreeMap<String, String>,
) {
    let mut text = String::from(KNOWN_FAILURES_HEADER);
    for (i, o) in results {
        if o.pass {
            continue;
        }
        let name = &cases[*i].name;
        let reason = known.get(name).cloned().unwrap_or_else(|| {
            let first = o.diff.lines().next().unwrap_or("").trim();
            match first.char_indices().nth(160) {
                Some((i, _)) => format!("{}...", &first[..i]),
                None => first.to_string(),
            }
        });
        let _ = writeln!(text, "{name}  {reason}");
    }
    std::fs::write(
        Path::new(ROOT).join("tests/catalog/known-failures.txt"),
        text,
    )
    .expect("write known-failures.txt");
}

const KNOWN_FAILURES_HEADER: &str = "\
# Catalog conformance cases plint does not match yet: `case  reason`, one a line.
# tests/catalog_conformance.rs fails when a case not listed here differs from Puppet, and when a
# listed case matches (remove it: the list only shrinks).
# `UPDATE_KNOWN_FAILURES=1 cargo test --test catalog_conformance` rewrites it from the current run.
";

/// The comparison itself: a Puppet catalog matches itself; an unknown in plint's matches any
/// value; a changed value, a missing resource, a missing edge or class are differences.
#[test]
fn the_comparison_finds_what_differs() {
    let mut checked = 0;
    for case in cases() {
        let Ok(text) = std::fs::read_to_string(case.dir.join("expected.json")) else {
            continue;
        };
        let exp: Json = serde_json::from_str(&text).expect("expected.json is JSON");
        let mut unknowns = Unknowns::default();
        assert_eq!(
            compare_catalog(&exp, &exp, &[], &mut unknowns),
            "",
            "{}",
            case.name
        );
        assert_eq!(unknowns.count, 0);
        checked += 1;

        // The first resource with parameters: each value unknown, then one value changed.
        let Some(i) = exp["resources"]
            .as_array()
            .unwrap()
            .iter()
            .position(|r| r["parameters"].as_object().is_some_and(|p| !p.is_empty()))
        else {
            continue;
        };
        let mut got = exp.clone();
        let params = got["resources"][i]["parameters"].as_object_mut().unwrap();
        let n = params.len();
        for v in params.values_mut() {
            *v = serde_json::json!({"__unknown__": "String", "origin": "puppetdb_query()"});
        }
        let mut unknowns = Unknowns::default();
        assert_eq!(
            compare_catalog(&exp, &got, &[], &mut unknowns),
            "",
            "{}",
            case.name
        );
        assert_eq!(unknowns.count, n, "{}", case.name);
        // What an ERB template gives is evaluated: unknown there is a difference.
        let mut got = exp.clone();
        let params = got["resources"][i]["parameters"].as_object_mut().unwrap();
        for v in params.values_mut() {
            *v = serde_json::json!({"__unknown__": "String", "origin": "template('x.erb')"});
        }
        let d = compare_catalog(&exp, &got, &[], &mut Unknowns::default());
        assert!(d.contains("unknown to plint (template('x.erb'))"), "{d}");

        let mut got = exp.clone();
        let params = got["resources"][i]["parameters"].as_object_mut().unwrap();
        let (k, v) = params.iter_mut().next().unwrap();
        let k = k.clone();
        *v = serde_json::json!("plint's value");
        let d = compare_catalog(&exp, &got, &[], &mut Unknowns::default());
        assert!(d.contains(&format!("parameter {k}")), "{}: {d}", case.name);

        let mut got = exp.clone();
        got["resources"].as_array_mut().unwrap().remove(i);
        got["edges"].as_array_mut().unwrap().clear();
        got["classes"].as_array_mut().unwrap().clear();
        let d = compare_catalog(&exp, &got, &[], &mut Unknowns::default());
        assert!(d.contains("only in Puppet's catalog"), "{}: {d}", case.name);
        assert!(d.contains("- edge "), "{}: {d}", case.name);
        assert!(d.contains("- class settings"), "{}: {d}", case.name);

        // The removed resource inside a region plint did not evaluate is no difference, nor
        // are its edges; elsewhere it still is.
        let r = &exp["resources"][i];
        if let (Some(file), Some(line)) = (r["file"].as_str(), r["line"].as_u64()) {
            let mut got = exp.clone();
            got["resources"].as_array_mut().unwrap().remove(i);
            let path = format!("/x/{}", file.strip_prefix("$CORPUS/").unwrap_or(file));
            let region = [(path.clone(), line.saturating_sub(1), line + 1)];
            let mut unknowns = Unknowns::default();
            let d = compare_catalog(&exp, &got, &region, &mut unknowns);
            assert_eq!(d, "", "{}", case.name);
            assert_eq!(unknowns.count, 1, "{}", case.name);
            let elsewhere = [(path, line + 1, line + 2)];
            let d = compare_catalog(&exp, &got, &elsewhere, &mut Unknowns::default());
            assert!(d.contains("only in Puppet's catalog"), "{}: {d}", case.name);
        }
    }
    assert!(checked >= 100, "{checked} catalogs");
}

#[test]
fn error_kinds_match_the_catalog_rules() {
    let f = |rule: &str, line: u64| serde_json::json!({"rule": rule, "line": line, "path": "site.pp", "labels": []});
    assert!(kind_matches(
        "realize-missing",
        &f("missing-virtual-resource", 1)
    ));
    assert!(kind_matches("fail", &f("failed-assertion", 1)));
    assert!(kind_matches("assert-type", &f("failed-assertion", 1)));
    assert!(kind_matches(
        "parameter-type",
        &f("parameter-value-mismatch", 1)
    ));
    assert!(kind_matches(
        "unknown-resource-type",
        &f("resource-of-unknown-type", 1)
    ));
    assert!(!kind_matches(
        "duplicate-resource",
        &f("unknown-variable", 1)
    ));
    assert!(kind_matches("eval-error", &f("evaluation-error", 1)));
    assert!(place_matches("site.pp", Some(3), &f("x", 3)));
    assert!(!place_matches("site.pp", Some(3), &f("x", 4)));
    assert!(place_matches(
        "$CORPUS/apt/manifests/params.pp",
        Some(7),
        &serde_json::json!({
            "path": "/usr/share/puppet/modules/apt/manifests/params.pp", "line": 7, "labels": []
        })
    ));
    assert!(!place_matches(
        "modules/a/manifests/init.pp",
        None,
        &f("x", 1)
    ));
}
