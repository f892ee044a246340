//! What `plint --evaluate` writes besides the report: the catalogs (`--catalog-out`), a summary
//! line per node, the progress bar's words, the timings.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::evaluate::NodeOutcome;
use crate::evaluate::node::file_stem;
use crate::report::escape::escape;
use crate::report::{display_path, thousands};

/// Writes each node's catalog as JSON to `target`: the file itself for one node, else a file
/// per node (named after it) in the folder `target` (also when `target` is a folder). A failed
/// compilation's catalog is written too, marked failed, with its errors. Gives the paths
/// written, one per node, and whether a catalog could not be written (said on stderr).
pub fn write_catalogs(
    outcomes: &[NodeOutcome],
    target: &Path,
    directory: bool,
    cwd: &Path,
) -> Result<(Vec<Option<PathBuf>>, bool), String> {
    let mut failed = false;
    let catalog_dir = (directory || target.is_dir()).then_some(target);
    if let Some(dir) = catalog_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create `{}`: {e}", dir.display()))?;
    }
    let out_names = file_names(outcomes);
    let mut written: Vec<Option<PathBuf>> = vec![None; outcomes.len()];
    for (i, r) in outcomes.iter().enumerate() {
        let json = match (&r.catalog, &r.failed) {
            (Some(catalog), _) => catalog.to_json(),
            (None, Some(partial)) => {
                let mut json = partial.to_json();
                json["status"] = serde_json::json!("failed");
                json["errors"] = serde_json::Value::Array(
                    r.errors()
                        .map(|d| {
                            serde_json::json!({
                                "message": crate::rules::catalog::finding_message(&d.kind, &d.in_templates),
                                "file": d.at.file.as_ref().map(|f| display_path(f, cwd)),
                                "line": d.at.line,
                            })
                        })
                        .collect(),
                );
                json
            }
            (None, None) => continue,
        };
        let path = match catalog_dir {
            Some(dir) => dir.join(format!("{}.json", out_names[i])),
            None => target.to_path_buf(),
        };
        let mut text = serde_json::to_string_pretty(&json)
            .map_err(|e| format!("cannot write the catalog: {e}"))?;
        text.push('\n');
        match std::fs::write(&path, text) {
            Ok(()) => written[i] = Some(path),
            Err(e) => {
                let error = format!("cannot write `{}`: {e}", path.display());
                eprintln!("plint: error: {}", escape(&error));
                failed = true;
            }
        }
    }
    Ok((written, failed))
}

/// Each node's catalog file name: its name, else (several nodes of one name, or none) its
/// facts file's.
fn file_names(outcomes: &[NodeOutcome]) -> Vec<String> {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for r in outcomes {
        if let Some(n) = &r.name {
            *seen.entry(n.as_str()).or_default() += 1;
        }
    }
    outcomes
        .iter()
        .map(|r| match &r.name {
            Some(n) if seen[n.as_str()] == 1 => safe_file_name(n),
            _ => safe_file_name(&file_stem(&r.facts_path)),
        })
        .collect()
}

/// "node `web1`: 42 resources, 7 classes, 3 unknown values; catalog written to out/web1.json"
pub fn summary_line(r: &NodeOutcome, written: Option<&Path>, cwd: &Path) -> String {
    let label = &r.label;
    let Some(catalog) = &r.catalog else {
        if r.bad_input {
            return format!("node `{label}`: not compiled (its facts cannot be used)");
        }
        let errors = r.errors().count();
        let mut line = match errors {
            0 | 1 => format!("node `{label}`: the compilation failed"),
            n => format!(
                "node `{label}`: the compilation failed with {n} errors (Puppet stops at the \
                 first of these {n} errors)"
            ),
        };
        match (written, &r.failed) {
            (Some(p), Some(_)) => line.push_str(&format!(
                "; what compiled is written to {}, marked failed",
                display_path(p, cwd)
            )),
            _ => line.push_str(", no catalog"),
        }
        return line;
    };
    let resources = catalog.resources().iter().filter(|r| !r.virtual_).count();
    let origins = r.unknowns();
    let unknown: usize = origins.iter().map(|(_, n)| n).sum();
    let plural = |n: usize, one: &str, many: &str| {
        format!("{} {}", thousands(n), if n == 1 { one } else { many })
    };
    let mut line = format!(
        "node `{label}`: {}, {}, {}",
        plural(resources, "resource", "resources"),
        plural(catalog.classes.len(), "class", "classes"),
        plural(unknown, "unknown value", "unknown values")
    );
    if !origins.is_empty() {
        const SHOWN: usize = 3;
        let mut causes: Vec<String> = origins
            .iter()
            .take(SHOWN)
            .map(|(o, n)| format!("{n} from {o}"))
            .collect();
        if origins.len() > SHOWN {
            let rest: usize = origins[SHOWN..].iter().map(|(_, n)| n).sum();
            causes.push(format!(
                "{rest} from {} other causes",
                origins.len() - SHOWN
            ));
        }
        line.push_str(&format!(" ({})", causes.join(", ")));
    }
    if let Some(p) = written {
        line.push_str(&format!("; catalog written to {}", display_path(p, cwd)));
    }
    line
}

/// A node name as a file name: characters other than letters, digits, `.`, `-` and `_`
/// become `_`.
fn safe_file_name(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() || s.chars().all(|c| c == '.') {
        "node".into()
    } else {
        s
    }
}

/// A few words about a node just compiled, shown beside the progress bar as nodes finish
/// (the summary lines of every node follow at the end).
fn node_summary(r: &NodeOutcome) -> String {
    let state = match (&r.catalog, r.bad_input || r.panicked.is_some()) {
        (Some(c), false) => format!("{} resources", c.resources().len()),
        _ => "no catalog".to_string(),
    };
    let findings = r.findings();
    let line = format!(
        "{}: {state}, {findings} {}",
        r.label,
        if findings == 1 { "finding" } else { "findings" }
    );
    escape(&line).into_owned()
}

/// The progress bar counts the nodes compiled, with the last one's summary.
impl crate::evaluate::Progress for crate::cli::progress::Bar {
    fn start(&self, nodes: usize) {
        crate::lint::Progress::start(self, nodes, nodes);
    }

    fn done(&self, outcome: &NodeOutcome) {
        self.set_last(&node_summary(outcome));
        self.tick();
    }
}

/// How long each phase of the run took (`--timings`).
pub struct Timings {
    pub threads: usize,
    pub facts: Duration,
    pub facts_files: usize,
    pub compile: Duration,
    pub nodes: usize,
    pub catalogs: Duration,
    pub report: Duration,
    pub total: Duration,
}

impl Timings {
    pub fn print(&self) {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let s = |n: usize| if n == 1 { "" } else { "s" };
        eprintln!("plint --evaluate timings ({} threads):", self.threads);
        eprintln!(
            "  facts     {:>9.2} ms  {} file{}",
            ms(self.facts),
            self.facts_files,
            s(self.facts_files)
        );
        eprintln!(
            "  compile   {:>9.2} ms  {} node{}",
            ms(self.compile),
            self.nodes,
            s(self.nodes)
        );
        eprintln!(
            "  catalogs  {:>9.2} ms  (written as JSON)",
            ms(self.catalogs)
        );
        eprintln!("  report    {:>9.2} ms", ms(self.report));
        eprintln!("  total     {:>9.2} ms", ms(self.total));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_summaries() {
        let r = NodeOutcome {
            facts_path: "facts/web1.json".into(),
            name: Some("web1.example.org".into()),
            label: "web1.example.org".into(),
            catalog: None,
            failed: None,
            diags: Vec::new(),
            errors: Vec::new(),
            panicked: None,
            bad_input: true,
            time: Duration::ZERO,
        };
        assert_eq!(node_summary(&r), "web1.example.org: no catalog, 0 findings");
        assert_eq!(
            summary_line(&r, None, Path::new(".")),
            "node `web1.example.org`: not compiled (its facts cannot be used)"
        );
    }

    #[test]
    fn file_names() {
        assert_eq!(safe_file_name("web1.example.com"), "web1.example.com");
        assert_eq!(safe_file_name("a/b c"), "a_b_c");
        assert_eq!(safe_file_name(".."), "node");
        assert_eq!(safe_file_name(""), "node");
    }
}
