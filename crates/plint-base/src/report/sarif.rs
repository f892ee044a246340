//! The SARIF 2.1.0 format, for GitHub code scanning and other SARIF viewers.
//!
//! One run whose driver is plint (name, version, semantic version, and the repository's URL
//! as information URI when `Cargo.toml` names one) with a `rules` entry for each reported code,
//! and one result per finding.
//!
//! - **Rules**: id, name, a one-line `shortDescription` (GitHub's rule title: the first
//!   sentence of the rule's "What it does", shortened to a title when long), a
//!   `fullDescription` (what it does and why), `help` in text and markdown (the rule's
//!   documentation as `plint explain` shows it: what, why, example, use instead), the default
//!   level, `helpUri` only when the repository's URL is known, and properties: the tags
//!   `puppet` and the code's category, and `puppet-lint`, the check the rule mirrors.
//! - **Results**: rule id and index, level, message, the primary location and secondary
//!   locations as `relatedLocations`, and a partial fingerprint that survives unrelated edits
//!   of the file.
//! - **Locations**: URIs relative to the repository root (see [`super::source_root`]), with
//!   `uriBaseId` `%SRCROOT%` and `originalUriBaseIds` giving that root, whatever folder plint
//!   ran in and wherever `--evaluate` found a module of the repository; a file outside the
//!   root gets an absolute `file:` URI. Columns count characters (`columnKind`).
//! - **`automationDetails.id`**: `plint/check/` or `plint/evaluate/`, so that code scanning
//!   keeps a check run's alerts and an evaluation's apart (each category replaces only its
//!   own alerts).
//!
//! The output passes Microsoft's SARIF validator (`sarif-multitool validate --rule-kind
//! "Gh;Sarif"`) with no error and no warning; `scripts/validate-sarif.sh` runs it.

use std::collections::{BTreeMap, HashMap};
use std::io;
use std::ops::Range;
use std::path::Path;

use serde_json::{Value, json};

use super::{Emitter, FileReport, Origin, Report, RuleMeta, Severity, WriteColor};

/// The JSON schema the output declares (the OASIS standard's final 2.1.0 schema).
pub const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// Where plint's repository is hosted, as a URL: the driver's `informationUri`, and the base
/// of each rule's `helpUri` (both are left out when it is empty). It is the `repository` field
/// of plint's `Cargo.toml`, unless the build sets `PLINT_REPOSITORY_URL` (the release workflow
/// does, so released binaries name the repository they were built from).
pub const REPOSITORY: &str = match option_env!("PLINT_REPOSITORY_URL") {
    Some(url) => url,
    None => env!("CARGO_PKG_REPOSITORY"),
};

/// The key of plint's partial fingerprint in each result.
pub const FINGERPRINT_KEY: &str = "plintFindingHash/v1";

/// The base id of relative artifact URIs: the repository root.
pub const SRCROOT: &str = "%SRCROOT%";

/// A `shortDescription` longer than this (in characters) is shortened (see
/// [`short_description`]).
const TITLE_LEN: usize = 100;
/// The most characters a `shortDescription` has.
pub const MAX_TITLE_LEN: usize = 150;

/// See the module documentation.
pub struct Sarif;

impl Emitter for Sarif {
    fn emit(&self, report: &Report, out: &mut dyn WriteColor) -> io::Result<()> {
        super::json::write_pretty(&mut *out, &to_sarif(report))?;
        writeln!(out)
    }
}

/// The SARIF log of a report, as a JSON value.
pub fn to_sarif(report: &Report) -> Value {
    // One rule entry per reported code, ordered by code.
    let mut rule_names: BTreeMap<&str, &str> = BTreeMap::new();
    for (_, d) in report.findings().chain(report.ignored()) {
        rule_names.entry(d.code).or_insert(d.rule);
    }
    let rule_index: HashMap<&str, usize> = rule_names
        .keys()
        .enumerate()
        .map(|(i, code)| (*code, i))
        .collect();
    let rules: Vec<Value> = rule_names
        .iter()
        .map(|(code, name)| rule(report.rule_meta(code), code, name))
        .collect();

    let origin = report.origin();
    // Each file's artifact location, made once.
    let artifacts: HashMap<&str, Value> = report
        .files()
        .iter()
        .map(|f| (f.path(), artifact(origin, f.path())))
        .collect();
    let mut occurrences: HashMap<(String, u64), usize> = HashMap::new();
    let results: Vec<Value> = report
        .findings()
        .chain(report.ignored())
        .map(|(file, d)| {
            let artifact = &artifacts[file.path()];
            let mut message = d.message.clone();
            if let Some(help) = &d.help {
                message.push_str("\nhelp: ");
                message.push_str(help);
            }
            let mut result = json!({
                "ruleId": d.code,
                "ruleIndex": rule_index[d.code],
                "level": level(d.severity),
                "message": { "text": message },
                "locations": [location(file, artifact, &d.span, &d.label, None)],
            });
            if !d.labels.is_empty() {
                result["relatedLocations"] = d
                    .labels
                    .iter()
                    .enumerate()
                    .map(|(i, l)| location(file, artifact, &l.span, &l.message, Some(i + 1)))
                    .collect();
            }
            // Stable across edits elsewhere in the file: the code, the path, the text of the
            // primary line (trimmed), and which occurrence of that triple this is.
            let line = file.line_col(d.span.start).line;
            let hash = fnv1a(&[
                d.code.as_bytes(),
                artifact["uri"].as_str().unwrap_or_default().as_bytes(),
                file.line_text(line).trim().as_bytes(),
            ]);
            let n = occurrences
                .entry((file.path().to_string(), hash))
                .or_insert(0);
            *n += 1;
            result["partialFingerprints"] = json!({ FINGERPRINT_KEY: format!("{hash:016x}:{n}") });
            // `--show-ignored`: suppressed in the source, with the comment's reason.
            if let Some(reason) = &d.ignored {
                let mut suppression = json!({ "kind": "inSource" });
                if !reason.is_empty() {
                    suppression["justification"] = json!(reason);
                }
                result["suppressions"] = json!([suppression]);
            }
            result
        })
        .collect();

    let mut driver = json!({
        "name": "plint",
        "version": env!("CARGO_PKG_VERSION"),
        "semanticVersion": env!("CARGO_PKG_VERSION"),
    });
    if let Some(repository) = repository() {
        driver["informationUri"] = json!(repository);
    }
    driver["rules"] = json!(rules);
    let mut run = json!({
        "tool": { "driver": driver },
        "automationDetails": { "id": format!("plint/{}/", origin.kind.as_str()) },
    });
    if let Some(root) = &origin.root {
        run["originalUriBaseIds"] = json!({
            SRCROOT: {
                "uri": file_uri(root, true),
                "description": { "text": "The root of the repository plint checked." },
            }
        });
    }
    run["columnKind"] = json!("unicodeCodePoints");
    run["results"] = json!(results);
    json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [run],
    })
}

/// The repository's URL, if `Cargo.toml` names one.
fn repository() -> Option<&'static str> {
    Some(REPOSITORY.trim_end_matches('/')).filter(|r| !r.is_empty())
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

/// The `reportingDescriptor` of a code.
fn rule(meta: Option<&RuleMeta>, code: &str, name: &str) -> Value {
    let fallback;
    let meta = match meta {
        Some(m) => m,
        None => {
            fallback = RuleMeta {
                code: "",
                name: "",
                default_severity: Severity::Warning,
                summary: "A finding of a plint rule.",
                description: "plint has no description of this code.",
                category: "",
                puppet_lint: None,
                docs: "",
            };
            &fallback
        }
    };
    let docs = documentation(meta);
    let what = section(&docs, "What it does").unwrap_or(meta.summary);
    let why = section(&docs, "Why is this bad?").unwrap_or(meta.description);
    let mut tags = vec!["puppet"];
    tags.extend(Some(meta.category).filter(|c| !c.is_empty()));
    let mut properties = json!({ "tags": tags });
    if let Some(check) = meta.puppet_lint {
        properties["puppet-lint"] = json!(check);
    }
    let mut descriptor = json!({
        "id": code,
        "name": name,
        "shortDescription": { "text": short_description(meta.summary) },
        "fullDescription": {
            "text": format!("{}\n\n{}", unwrap(what), unwrap(why)),
            "markdown": format!("{what}\n\n{why}"),
        },
        "help": { "text": docs, "markdown": docs },
        "defaultConfiguration": { "level": level(meta.default_severity) },
        "properties": properties,
    });
    if let Some(repository) = repository() {
        // The README's sections: plint's own codes, and the rules (`plint explain`).
        let anchor = if meta.docs.is_empty() {
            "diagnostic-codes"
        } else {
            "rules"
        };
        descriptor["helpUri"] = json!(format!("{repository}#{anchor}"));
    }
    descriptor
}

/// The documentation of a code as `plint explain` shows it: a rule's doc comment (the
/// comment's one leading space removed from each line), or for plint's own codes their
/// summary and description under the same headings.
fn documentation(meta: &RuleMeta) -> String {
    if meta.docs.trim().is_empty() {
        return format!(
            "## What it does\n{}\n\n## Why is this bad?\n{}",
            meta.summary, meta.description
        );
    }
    let lines: Vec<&str> = meta
        .docs
        .lines()
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .collect();
    lines.join("\n").trim().to_string()
}

/// The text of the `## title` section of rendered documentation, without its heading.
fn section<'a>(docs: &'a str, title: &str) -> Option<&'a str> {
    let heading = format!("## {title}");
    let mut lines = docs.split_inclusive('\n');
    let mut offset = 0;
    for line in lines.by_ref() {
        offset += line.len();
        if line.trim_end() == heading {
            break;
        }
    }
    if offset >= docs.len() && !docs.trim_end().ends_with(&heading) {
        return None;
    }
    let start = offset;
    for line in lines {
        if line.starts_with("## ") {
            break;
        }
        offset += line.len();
    }
    Some(docs[start..offset.min(docs.len())].trim()).filter(|s| !s.is_empty())
}

/// Markdown prose as plain text: the lines of each paragraph or list item joined with
/// spaces; code blocks, headings and table rows keep their lines.
fn unwrap(markdown: &str) -> String {
    let mut lines: Vec<String> = Vec::new();
    let (mut in_code, mut joinable) = (false, false);
    for line in markdown.lines() {
        let t = line.trim();
        let fence = t.starts_with("```");
        if in_code || fence {
            lines.push(line.to_string());
            in_code ^= fence;
            joinable = false;
        } else if t.is_empty() {
            if lines.last().is_some_and(|l| !l.is_empty()) {
                lines.push(String::new());
            }
            joinable = false;
        } else {
            let item = ["- ", "* ", "|", "#"].iter().any(|p| t.starts_with(p));
            match lines.last_mut() {
                Some(last) if joinable && !item => {
                    last.push(' ');
                    last.push_str(t);
                }
                _ => lines.push(t.to_string()),
            }
            joinable = !t.starts_with('|') && !t.starts_with('#');
        }
    }
    lines.join("\n").trim().to_string()
}

/// A rule's title (SARIF's `shortDescription`, which GitHub shows as the rule's name): its
/// summary sentence on one line. A long one is shortened: to the part before its first `: `,
/// then without its parenthesized asides, and if still too long, to its first clauses (or
/// words, with `…`). Backticked code is never cut. The result ends with `.` (or `…`) and has
/// at most [`MAX_TITLE_LEN`] characters.
pub fn short_description(summary: &str) -> String {
    let mut title = summary.split_whitespace().collect::<Vec<_>>().join(" ");
    if title.is_empty() {
        return "A finding of a plint rule.".to_string();
    }
    let len = |s: &str| s.chars().count();
    if len(&title) > TITLE_LEN {
        let colon = top_level(&title)
            .find(|&(i, c)| c == ':' && title[i + 1..].starts_with(' '))
            .map(|(i, _)| i);
        if let Some(i) = colon.filter(|&i| i >= 30) {
            title.truncate(i);
        }
    }
    if len(&title) > TITLE_LEN {
        title = without_asides(&title);
    }
    let title = title.trim_end_matches(['.', ',', ';', ' ']);
    if len(title) < MAX_TITLE_LEN {
        return format!("{title}.");
    }
    // The longest run of whole clauses (cut at a `,` or `;` outside code) that fits, if it
    // says enough; else the longest run of whole words, with `…`.
    let fits = |i: usize| len(&title[..i]) < MAX_TITLE_LEN;
    let clause = top_level(title)
        .filter(|&(i, c)| matches!(c, ',' | ';') && fits(i))
        .map(|(i, _)| i)
        .last()
        .filter(|&i| len(&title[..i]) >= MAX_TITLE_LEN / 3);
    if let Some(i) = clause {
        return format!("{}.", &title[..i]);
    }
    let cut = top_level(title)
        .filter(|&(i, c)| c == ' ' && fits(i))
        .map(|(i, _)| i)
        .last()
        .unwrap_or_else(|| {
            title
                .char_indices()
                .nth(MAX_TITLE_LEN - 1)
                .map_or(title.len(), |(i, _)| i)
        });
    format!("{}…", title[..cut].trim_end_matches([',', ';', ':', ' ']))
}

/// The characters of `text` outside backticked code and parentheses, with their offsets.
fn top_level(text: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    let (mut code, mut depth) = (false, 0usize);
    text.char_indices().filter(move |&(_, c)| {
        let outside = !code && depth == 0;
        match c {
            '`' => code = !code,
            '(' if !code => depth += 1,
            ')' if !code => depth = depth.saturating_sub(1),
            _ => {}
        }
        outside && c != '`' && c != '('
    })
}

/// `text` without its parenthesized asides (outside backticked code), and the space before
/// each.
fn without_asides(text: &str) -> String {
    let (mut out, mut code, mut depth) = (String::with_capacity(text.len()), false, 0usize);
    for c in text.chars() {
        match c {
            '`' if depth == 0 => code = !code,
            '(' if !code => {
                depth += 1;
                if depth == 1 && out.ends_with(' ') {
                    out.pop();
                }
                continue;
            }
            ')' if !code && depth > 0 => {
                depth -= 1;
                continue;
            }
            _ => {}
        }
        if depth == 0 {
            out.push(c);
        }
    }
    out
}

/// The artifact location of a file shown as `path`: relative to the repository root when the
/// report knows it and the file lies under it, else an absolute `file:` URI; a report of
/// unknown origin keeps the path as shown (relative ones to `%SRCROOT%`).
fn artifact(origin: &Origin, path: &str) -> Value {
    if let Some(rel) = origin.relative_to_root(path) {
        return json!({ "uri": uri(&rel), "uriBaseId": SRCROOT });
    }
    if let Some(cwd) = &origin.cwd {
        return json!({ "uri": file_uri(&cwd.join(path), false) });
    }
    let mut artifact = json!({ "uri": uri(path) });
    if !path.starts_with('/') {
        artifact["uriBaseId"] = json!(SRCROOT);
    }
    artifact
}

fn location(
    file: &FileReport,
    artifact: &Value,
    span: &Range<usize>,
    message: &str,
    id: Option<usize>,
) -> Value {
    let start = file.line_col(span.start);
    let end = file.line_col(span.end);
    let mut loc = json!({
        "physicalLocation": {
            "artifactLocation": artifact,
            "region": {
                "startLine": start.line,
                "startColumn": start.column,
                "endLine": end.line,
                "endColumn": end.column,
            }
        }
    });
    if let Some(id) = id {
        loc["id"] = json!(id);
    }
    if !message.is_empty() {
        loc["message"] = json!({ "text": message });
    }
    loc
}

/// A display path as a URI reference: relative paths stay relative, absolute ones become
/// `file://` URIs; everything but unreserved characters and `/` is percent-encoded.
fn uri(path: &str) -> String {
    let mut out = String::with_capacity(path.len() + 8);
    if path.starts_with('/') {
        out.push_str("file://");
    }
    encode_into(&mut out, path, b"-._~/");
    out
}

/// The `file:` URI of an absolute path (`..` resolved lexically, `\` read as `/`), ending with
/// `/` for a folder.
fn file_uri(path: &Path, folder: bool) -> String {
    let mut parts: Vec<String> = Vec::new();
    for c in path.components() {
        match c {
            std::path::Component::Normal(p) => parts.push(p.to_string_lossy().into_owned()),
            std::path::Component::ParentDir => {
                parts.pop();
            }
            std::path::Component::Prefix(p) => {
                parts.push(p.as_os_str().to_string_lossy().replace('\\', "/"))
            }
            _ => {}
        }
    }
    let mut out = String::from("file:///");
    // `:` stays as it is in a drive letter (`file:///C:/...`).
    encode_into(&mut out, &parts.join("/"), b"-._~/:");
    if folder && !out.ends_with('/') {
        out.push('/');
    }
    out
}

/// Appends `text` to `out`, percent-encoding every byte but ASCII letters, digits and `keep`.
fn encode_into(out: &mut String, text: &str, keep: &[u8]) {
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || keep.contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
}

/// 64-bit FNV-1a over the parts, with a separator between them.
fn fnv1a(parts: &[&[u8]]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &b in part.iter().chain(std::iter::once(&0xff)) {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::test_support::{render, sample_report};
    use crate::report::{OutputFormat, Report};

    #[test]
    fn uris_are_percent_encoded() {
        assert_eq!(uri("manifests/init.pp"), "manifests/init.pp");
        assert_eq!(uri("a b/c%,d.pp"), "a%20b/c%25%2Cd.pp");
        assert_eq!(uri("/abs/x.pp"), "file:///abs/x.pp");
        assert_eq!(uri("é.pp"), "%C3%A9.pp");
    }

    #[test]
    fn structure() {
        let out = render(OutputFormat::Sarif, &sample_report());
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["version"], "2.1.0");
        assert_eq!(v["$schema"], SCHEMA);
        let run = &v["runs"][0];
        let driver = &run["tool"]["driver"];
        assert_eq!(driver["name"], "plint");
        assert_eq!(driver["version"], env!("CARGO_PKG_VERSION"));
        let rules = driver["rules"].as_array().unwrap();
        let ids: Vec<_> = rules.iter().map(|r| r["id"].as_str().unwrap()).collect();
        assert_eq!(ids, ["P001", "P003"]);
        assert_eq!(rules[0]["name"], "syntax-error");
        assert_eq!(rules[0]["defaultConfiguration"]["level"], "error");
        assert_eq!(
            rules[0]["properties"],
            json!({ "tags": ["puppet", "syntax"] })
        );
        assert!(rules[1]["help"]["text"].as_str().unwrap().contains("UTF-8"));

        let results = run["results"].as_array().unwrap();
        assert_eq!(results.len(), 3);
        assert_eq!(results[1]["ruleId"], "P003");
        assert_eq!(results[1]["ruleIndex"], 1);
        assert_eq!(results[1]["level"], "warning");
        let loc = &results[2]["locations"][0]["physicalLocation"];
        assert_eq!(loc["artifactLocation"]["uri"], "manifests/b.pp");
        assert_eq!(loc["artifactLocation"]["uriBaseId"], "%SRCROOT%");
        assert_eq!(loc["region"]["startLine"], 3);
        assert_eq!(
            results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "manifests/a%2C%20b%3Ac%25.pp"
        );
        let related = &results[2]["relatedLocations"][0];
        assert_eq!(related["message"]["text"], "class body opened here");
        assert_eq!(related["physicalLocation"]["region"]["startColumn"], 9);
        assert!(
            results[2]["message"]["text"]
                .as_str()
                .unwrap()
                .contains("help: add `}`")
        );
        let fp = results[0]["partialFingerprints"][FINGERPRINT_KEY]
            .as_str()
            .unwrap();
        assert!(fp.ends_with(":1"));
    }

    #[test]
    fn empty_report_has_no_rules_and_no_results() {
        let v = to_sarif(&Report::new(vec![], 4, vec![]));
        assert_eq!(v["runs"][0]["results"], json!([]));
        assert_eq!(v["runs"][0]["tool"]["driver"]["rules"], json!([]));
    }

    #[test]
    fn repeated_findings_on_identical_lines_get_distinct_fingerprints() {
        let file = FileReport::new(
            "x.pp",
            "a\na\n".into(),
            vec![
                crate::report::codes::SYNTAX_ERROR.diagnostic(0..1, "m"),
                crate::report::codes::SYNTAX_ERROR.diagnostic(2..3, "m"),
            ],
        );
        let v = to_sarif(&Report::new(vec![file], 1, vec![]));
        let fp = |i: usize| {
            v["runs"][0]["results"][i]["partialFingerprints"][FINGERPRINT_KEY]
                .as_str()
                .unwrap()
                .to_string()
        };
        assert_ne!(fp(0), fp(1));
        assert_eq!(fp(0).split(':').next(), fp(1).split(':').next());
    }

    #[test]
    fn file_uris() {
        assert_eq!(file_uri(Path::new("/repo"), true), "file:///repo/");
        assert_eq!(file_uri(Path::new("/repo/"), true), "file:///repo/");
        assert_eq!(file_uri(Path::new("/a b/../c.pp"), false), "file:///c.pp");
        assert_eq!(file_uri(Path::new("/"), true), "file:///");
    }

    #[test]
    fn titles_are_one_short_line() {
        assert_eq!(
            short_description("Finds things\n that are\n   wrong."),
            "Finds things that are wrong."
        );
        // Long: the part before the first `: `.
        let long = "Finds a variable read where nothing can have defined it: no parameter, no \
                    assignment earlier in the same scope (or an enclosing lambda's scope), no fact \
                    and no variable Puppet sets itself.";
        assert_eq!(
            short_description(long),
            "Finds a variable read where nothing can have defined it."
        );
        // Then without parenthesized asides (code spans are kept whole).
        let long = "Finds a call of `f(x)` whose lambda (the block after the call, which the \
                    function calls) does not fit the function's signature as declared in its \
                    dispatch.";
        assert_eq!(
            short_description(long),
            "Finds a call of `f(x)` whose lambda does not fit the function's signature as \
             declared in its dispatch."
        );
        // Then whole clauses, or whole words with `…`.
        let words = "word ".repeat(60);
        let t = short_description(&words);
        assert!(
            t.ends_with('…') && t.chars().count() <= MAX_TITLE_LEN,
            "{t}"
        );
        let clauses = format!("{}, and more{}.", "a".repeat(80), ", more".repeat(20));
        let t = short_description(&clauses);
        assert!(
            t.ends_with("and more, more.") || t.ends_with("more."),
            "{t}"
        );
        assert!(t.chars().count() <= MAX_TITLE_LEN, "{t}");
        assert_eq!(short_description(""), "A finding of a plint rule.");
    }

    #[test]
    fn prose_is_unwrapped_and_code_kept() {
        let md = "One line\ncontinued.\n\n- item\n  more\n- two\n\n```puppet\nclass a {\n  $b = 1\n}\n```\nAfter.";
        assert_eq!(
            unwrap(md),
            "One line continued.\n\n- item more\n- two\n\n```puppet\nclass a {\n  $b = 1\n}\n```\nAfter."
        );
    }

    /// A rule's descriptor: title, what and why, and its whole documentation as help.
    #[test]
    fn rule_descriptors_carry_the_documentation() {
        let meta = RuleMeta {
            code: "P999",
            name: "sample-rule",
            default_severity: Severity::Warning,
            summary: "Finds samples\n in a file.",
            description: "Samples are bad.",
            category: "style",
            puppet_lint: Some("sample"),
            docs: " ## What it does\n Finds samples\n in a file.\n\n ## Why is this bad?\n Samples\n are bad.\n\n ## Example\n ```puppet\n sample { 'x': }\n ```\n\n ## Use instead\n ```puppet\n real { 'x': }\n ```\n",
        };
        let r = rule(Some(&meta), "P999", "sample-rule");
        assert_eq!(r["shortDescription"]["text"], "Finds samples in a file.");
        assert_eq!(
            r["fullDescription"]["text"],
            "Finds samples in a file.\n\nSamples are bad."
        );
        let help = r["help"]["markdown"].as_str().unwrap();
        assert!(
            help.starts_with("## What it does\nFinds samples\nin a file."),
            "{help}"
        );
        for part in [
            "## Why is this bad?\nSamples\nare bad.",
            "## Example\n```puppet\nsample { 'x': }\n```",
            "## Use instead\n```puppet\nreal { 'x': }\n```",
        ] {
            assert!(help.contains(part), "{part}: {help}");
        }
        assert_eq!(r["help"]["text"], r["help"]["markdown"]);
        // No URL is invented: `helpUri` only with a known repository.
        assert_eq!(r.get("helpUri").is_some(), repository().is_some());
        // plint's own codes: their summary and description, under the same headings.
        let r = rule(
            Some(&crate::report::codes::SYNTAX_ERROR),
            "P001",
            "syntax-error",
        );
        let help = r["help"]["markdown"].as_str().unwrap();
        assert!(help.starts_with("## What it does\nThe manifest is not valid Puppet syntax.\n\n## Why is this bad?\nPuppet cannot parse"), "{help}");
        // A code missing from the catalogue still gets a valid descriptor.
        let r = rule(None, "P998", "unknown");
        assert_eq!(r["shortDescription"]["text"], "A finding of a plint rule.");
        assert_eq!(r["properties"]["tags"], json!(["puppet"]));
    }

    /// Paths relative to the repository root, whatever the working directory; files outside
    /// it absolute; the run's category from its kind.
    #[test]
    fn locations_are_relative_to_the_repository_root() {
        let file = |path: &str| {
            FileReport::new(
                path,
                "x\n".into(),
                vec![crate::report::codes::SYNTAX_ERROR.diagnostic(0..1, "m")],
            )
        };
        let files = vec![
            file("manifests/init.pp"),
            file("../../manifests/site.pp"),
            file("/opt/modules/stdlib/manifests/init.pp"),
        ];
        let origin = Origin {
            kind: crate::report::RunKind::Evaluate,
            cwd: Some("/repo/site/profile".into()),
            root: Some("/repo".into()),
            workspace: None,
        };
        let v = to_sarif(&Report::new(files, 3, vec![]).with_origin(origin));
        let run = &v["runs"][0];
        assert_eq!(run["automationDetails"]["id"], "plint/evaluate/");
        assert_eq!(run["originalUriBaseIds"][SRCROOT]["uri"], "file:///repo/");
        let artifacts: Vec<&Value> = run["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| &r["locations"][0]["physicalLocation"]["artifactLocation"])
            .collect();
        assert_eq!(
            artifacts,
            [
                &json!({ "uri": "manifests/site.pp", "uriBaseId": SRCROOT }),
                &json!({ "uri": "file:///opt/modules/stdlib/manifests/init.pp" }),
                &json!({ "uri": "site/profile/manifests/init.pp", "uriBaseId": SRCROOT }),
            ]
        );
        // A check run has its own category; a report of unknown origin has no base.
        let check = Origin {
            kind: crate::report::RunKind::Check,
            ..Origin::default()
        };
        let v = to_sarif(&Report::new(vec![file("a.pp")], 1, vec![]).with_origin(check));
        assert_eq!(v["runs"][0]["automationDetails"]["id"], "plint/check/");
        assert!(v["runs"][0].get("originalUriBaseIds").is_none());
    }

    /// Writes a SARIF log with every feature (help, related locations, escaped paths) to the
    /// file named by `PLINT_SARIF_SAMPLE`, so CI can run the validator on it.
    #[test]
    fn write_sample_for_the_validator() {
        if let Some(path) = std::env::var_os("PLINT_SARIF_SAMPLE") {
            std::fs::write(path, render(OutputFormat::Sarif, &sample_report())).unwrap();
        }
    }
}
