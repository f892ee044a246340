//! The SARIF 2.1.0 format, for GitHub code scanning and other SARIF viewers.
//!
//! One run whose driver is plint (name, version, semantic version, information URI) with a
//! `rules` entry for each reported code (id, name, short and full description, help,
//! default level, help URI, and properties: the tags `puppet` and the code's category, and
//! `puppet-lint`, the puppet-lint check the rule mirrors, when there is one), and one result
//! per finding: rule id and index, level, message,
//! the primary location and secondary locations as `relatedLocations`, and a partial
//! fingerprint that survives unrelated edits of the file. Paths are URIs relative to the
//! working directory (`uriBaseId` `%SRCROOT%`); a file outside it gets an absolute `file:`
//! URI. Columns count characters, which the run declares with `columnKind`.
//!
//! The output passes Microsoft's SARIF validator (`sarif-multitool validate --rule-kind
//! "Gh;Sarif"`) with no error and no warning; `scripts/validate-sarif.sh` runs it.

use std::collections::{BTreeMap, HashMap};
use std::io;
use std::ops::Range;

use serde_json::{Value, json};

use super::{Emitter, FileReport, Report, RuleMeta, Severity, WriteColor};

/// The JSON schema the output declares (the OASIS standard's final 2.1.0 schema).
pub const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// Where to learn about plint.
pub const INFORMATION_URI: &str = env!("CARGO_PKG_REPOSITORY");

/// The key of plint's partial fingerprint in each result.
pub const FINGERPRINT_KEY: &str = "plintFindingHash/v1";

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
    for (_, d) in report.findings() {
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

    let mut occurrences: HashMap<(String, u64), usize> = HashMap::new();
    let results: Vec<Value> = report
        .findings()
        .map(|(file, d)| {
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
                "locations": [location(file, &d.span, &d.label, None)],
            });
            if !d.labels.is_empty() {
                result["relatedLocations"] = d
                    .labels
                    .iter()
                    .enumerate()
                    .map(|(i, l)| location(file, &l.span, &l.message, Some(i + 1)))
                    .collect();
            }
            // Stable across edits elsewhere in the file: the code, the path, the text of the
            // primary line (trimmed), and which occurrence of that triple this is.
            let line = file.line_col(d.span.start).line;
            let hash = fnv1a(&[
                d.code.as_bytes(),
                file.path().as_bytes(),
                file.line_text(line).trim().as_bytes(),
            ]);
            let n = occurrences
                .entry((file.path().to_string(), hash))
                .or_insert(0);
            *n += 1;
            result["partialFingerprints"] = json!({ FINGERPRINT_KEY: format!("{hash:016x}:{n}") });
            result
        })
        .collect();

    json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "plint",
                    "version": env!("CARGO_PKG_VERSION"),
                    "semanticVersion": env!("CARGO_PKG_VERSION"),
                    "informationUri": INFORMATION_URI,
                    "rules": rules,
                }
            },
            "columnKind": "unicodeCodePoints",
            "results": results,
        }]
    })
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

fn rule(meta: Option<&RuleMeta>, code: &str, name: &str) -> Value {
    let (summary, description, severity) = match meta {
        Some(m) => (
            m.summary.to_string(),
            m.description.to_string(),
            m.default_severity,
        ),
        None => (
            format!("plint rule `{name}`."),
            format!("Findings of the plint rule `{name}` ({code})."),
            Severity::Warning,
        ),
    };
    let mut tags = vec!["puppet"];
    tags.extend(meta.map(|m| m.category));
    let mut properties = json!({ "tags": tags });
    if let Some(check) = meta.and_then(|m| m.puppet_lint) {
        properties["puppet-lint"] = json!(check);
    }
    json!({
        "id": code,
        "name": name,
        "shortDescription": { "text": summary },
        "fullDescription": { "text": description },
        "help": { "text": description, "markdown": description },
        "defaultConfiguration": { "level": level(severity) },
        "helpUri": format!("{INFORMATION_URI}#{}", code.to_ascii_lowercase()),
        "properties": properties,
    })
}

fn location(file: &FileReport, span: &Range<usize>, message: &str, id: Option<usize>) -> Value {
    let start = file.line_col(span.start);
    let end = file.line_col(span.end);
    let mut artifact = json!({ "uri": uri(file.path()) });
    if !file.path().starts_with('/') {
        artifact["uriBaseId"] = json!("%SRCROOT%");
    }
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
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
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

    /// Writes a SARIF log with every feature (help, related locations, escaped paths) to the
    /// file named by `PLINT_SARIF_SAMPLE`, so CI can run the validator on it.
    #[test]
    fn write_sample_for_the_validator() {
        if let Some(path) = std::env::var_os("PLINT_SARIF_SAMPLE") {
            std::fs::write(path, render(OutputFormat::Sarif, &sample_report())).unwrap();
        }
    }
}
