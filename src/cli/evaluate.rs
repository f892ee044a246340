//! `plint --evaluate`: compile the catalog of one node (or of every node of a facts directory,
//! in parallel) and report what the compilation finds through the catalog rules (P2xx).
//!
//! - MANIFEST is a file (a site.pp), a directory of manifests (every `.pp` under it, sorted by
//!   path, as Puppet reads a manifest directory), or an environment (a directory with a
//!   `manifests/` folder); `-e CODE` gives the code instead.
//! - The environment is the folder that holds the manifest (the parent of a `manifests/`
//!   folder). The module path is `--modulepath`, else `modulepath` of `plint.toml`, else the
//!   environment's `modules/` folder if there is one (Puppet's default, less the system-wide
//!   base module path).
//! - The node's name is `--node`, else the facts' `fqdn`, else `networking.fqdn` (a cached
//!   `Puppet::Node::Facts` file gives its own `name`).
//!
//! Bad input is never a panic: a missing or malformed facts file, facts that are not a hash, no
//! node name, a manifest that cannot be read stop a single-node run with a message and exit
//! status 2. In a facts-directory run each such file is a `bad-input` (P215) finding on that
//! file, the other nodes are compiled as usual, and the exit status is 2.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use rayon::prelude::*;

use super::args::Args;
use super::{EXIT_FAILURE, EXIT_FINDINGS, EXIT_OK};
use crate::config::Settings;
use crate::eval::catalog::Location;
use crate::eval::compiler::{CompileInput, Node};
use crate::eval::diag::EvalDiag;
use crate::eval::facts::{self, FactsFile};
use crate::eval::value::Value;
use crate::evaluate::environment::{environment_modulepath, main_manifest};
use crate::evaluate::findings::Findings;
use crate::evaluate::node::{
    NodeJob, NodeResult, compile_node, file_stem, node_errors, node_labels,
};
use crate::report::escape::escape;
use crate::report::{Report, Severity, display_path, thousands};
use crate::rules::lint::facts::legacy as legacy_fact;
use crate::sandbox::Sandbox;

pub fn run(
    args: &Args,
    settings: &Settings,
    cwd: &Path,
    mut sandbox: Sandbox,
) -> Result<i32, String> {
    let started = Instant::now();
    let main = main_manifest(args.code.as_deref(), &args.paths, &sandbox)?;
    // The environment holding the manifest is the repository too.
    if let Some(env) = &main.environment {
        sandbox.add_untrusted(env);
    }
    let modulepath: Vec<PathBuf> = if !settings.modulepath.is_empty() {
        settings.modulepath.to_vec()
    } else {
        main.environment
            .as_ref()
            .map(|env| environment_modulepath(env, &args.basemodulepath, &sandbox))
            .unwrap_or_else(|| args.basemodulepath.clone())
    };
    // A module of the module path behind a link leading out is not read: said once.
    if !args.quiet {
        for note in crate::discover::module::refused_in(&modulepath, &sandbox) {
            let note = format!(
                "{}: {}",
                crate::report::display_path(&note.path, sandbox.cwd()),
                note.kind
            );
            eprintln!("plint: note: {}", crate::report::escape::escape(&note));
        }
    }
    let sandbox = std::sync::Arc::new(sandbox);
    for hiera in [&args.hiera, &args.global_hiera].into_iter().flatten() {
        if !hiera.is_file() {
            return Err(format!(
                "cannot read the Hiera configuration `{}`: no such file",
                hiera.display()
            ));
        }
    }

    // The facts: `--facts-os` defaults, then the facts file's, then `--fact` settings.
    let os_defaults = match &args.facts_os {
        Some(name) => {
            let mut set = facts::os_facts(name)?;
            // Puppet 8's agents no longer send legacy facts (`include_legacy_facts` is off):
            // a set made for the target Puppet has none.
            if !settings.puppet.version.agents_send_legacy_facts() {
                let legacy: Vec<_> = set
                    .values
                    .keys()
                    .filter(|k| k.as_str().is_some_and(|k| legacy_fact(k).is_some()))
                    .cloned()
                    .collect();
                for key in &legacy {
                    set.values.remove(key);
                }
            }
            Some(set)
        }
        None => None,
    };
    let fact_settings = args
        .fact
        .iter()
        .map(|f| facts::FactSetting::parse(f))
        .collect::<Result<Vec<_>, _>>()?;
    let os_path;
    let facts_path = match (&args.facts, &args.facts_os) {
        (Some(p), _) => p,
        (None, Some(name)) => {
            os_path = PathBuf::from(format!("--facts-os {name}"));
            &os_path
        }
        (None, None) => {
            return Err(
                "--evaluate needs --facts FILE (or a directory of fact files) or --facts-os NAME"
                    .into(),
            );
        }
    };
    let directory = args.facts.is_some() && facts_path.is_dir();
    let facts_files: Vec<PathBuf> = if directory {
        if args.node.is_some() {
            return Err(
                "--node names one node: with a directory of facts, each node's name comes from \
                 its facts"
                    .into(),
            );
        }
        let files = facts::list_dir(facts_path, &sandbox).map_err(|e| {
            format!(
                "cannot read the facts directory `{}`: {e}",
                facts_path.display()
            )
        })?;
        if files.is_empty() {
            return Err(format!(
                "no fact files (*.json, *.yaml, *.yml, *.facts) in `{}`",
                facts_path.display()
            ));
        }
        files
    } else {
        vec![facts_path.clone()]
    };

    // Opened before any work, so that an output that cannot be written fails first.
    let mut out = super::open_output(args.output.as_deref(), args.color())?;

    let pool = crate::lint::worker_pool(args.threads.unwrap_or(0))?;

    let mut budgets = crate::eval::budget::Budgets::default();
    for b in &args.eval_budget {
        budgets.set(b).map_err(|e| format!("--eval-budget: {e}"))?;
    }
    // Templates and Ruby functions are parsed once for all the nodes.
    let ruby = std::sync::Arc::new(crate::eval::compiler::RubyCache::default());
    let make_input = |file: &FactsFile| -> Result<CompileInput, Box<(EvalDiag, String)>> {
        let mut facts = file
            .facts
            .clone()
            .map_err(|e| Box::new((e.to_eval_diag(&file.text), e.to_string())))?;
        if let Some(defaults) = &os_defaults {
            facts.values = facts::merge_over(&defaults.values, &facts.values);
        }
        for setting in &fact_settings {
            setting.apply(&mut facts.values);
        }
        let name = args
            .node
            .clone()
            .or_else(|| facts::node_name(&facts))
            .ok_or_else(|| {
                let message = "the facts give no node name (no `fqdn`, no `networking.fqdn`): \
                               name the node with --node NAME";
                let diag = EvalDiag {
                    kind: crate::eval::diag::EvalDiagKind::BadInput,
                    message: message.into(),
                    at: Location {
                        file: Some(file.path.clone()),
                        span: None,
                        line: None,
                    },
                    related: Vec::new(),
                };
                Box::new((diag, format!("{}: {message}", file.path.display())))
            })?;
        Ok(CompileInput {
            manifest: main.manifest.clone(),
            sandbox: sandbox.clone(),
            modulepath: modulepath.clone(),
            global_hiera: args.global_hiera.clone(),
            hiera: args.hiera.clone(),
            environment_dir: main.environment.clone(),
            environment: "production".to_string(),
            strict_variables: settings.puppet.strict_variables(),
            node: Node::new(&name, facts.values),
            budgets: budgets.clone(),
            ruby: ruby.clone(),
        })
    };
    let phase = Instant::now();
    let jobs: Vec<NodeJob> = pool.install(|| {
        facts_files
            .par_iter()
            .map(|p| {
                let file = match (&args.facts, &os_defaults) {
                    (None, Some(defaults)) => FactsFile {
                        path: p.clone(),
                        text: String::new(),
                        facts: Ok(defaults.clone()),
                    },
                    _ => facts::read(p, &sandbox),
                };
                NodeJob {
                    facts_path: p.clone(),
                    facts_at: args.facts.clone(),
                    input: make_input(&file),
                }
            })
            .collect()
    });
    if !directory && let Err(bad) = &jobs[0].input {
        return Err(bad.1.clone());
    }

    let facts_time = phase.elapsed();
    let phase = Instant::now();
    // Each node's label, for the bar, the summary and the findings.
    let names: Vec<(Option<&str>, &Path)> = jobs
        .iter()
        .map(|j| {
            let name = j.input.as_ref().ok().map(|i| i.node.name.as_str());
            (name, j.facts_path.as_path())
        })
        .collect();
    let labels = node_labels(&names);
    // A directory of facts at a terminal: a bar counts the nodes compiled.
    let bar = super::progress::Bar::for_terminal(args.quiet || !directory, "nodes");
    if let Some(bar) = &bar {
        crate::lint::Progress::start(&**bar, jobs.len(), jobs.len());
    }
    let results: Vec<NodeResult> = {
        pool.install(|| {
            jobs.into_par_iter()
                .zip(&labels)
                .map(|(job, label)| {
                    let result = compile_node(job);
                    if let Some(bar) = &bar {
                        bar.set_last(&node_summary(label, &result));
                        bar.tick();
                    }
                    result
                })
                .collect()
        })
    };
    if let Some(bar) = &bar {
        bar.finish();
    }
    let compile_time = phase.elapsed();
    let phase = Instant::now();

    let mut seen: HashMap<&str, usize> = HashMap::new();
    for r in &results {
        if let Some(n) = &r.name {
            *seen.entry(n.as_str()).or_default() += 1;
        }
    }
    let out_names: Vec<String> = results
        .iter()
        .map(|r| match &r.name {
            Some(n) if seen[n.as_str()] == 1 => safe_file_name(n),
            _ => safe_file_name(&file_stem(&r.facts_path)),
        })
        .collect();

    // Catalogs.
    let mut failed = results.iter().any(|r| r.bad_input);
    let catalog_dir = args
        .catalog_out
        .as_ref()
        .filter(|p| directory || p.is_dir());
    if let Some(dir) = catalog_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create `{}`: {e}", dir.display()))?;
    }
    let mut written: Vec<Option<PathBuf>> = vec![None; results.len()];
    for (i, r) in results.iter().enumerate() {
        let Some(target) = &args.catalog_out else {
            continue;
        };
        // A failed compilation's catalog is written too, marked failed, with its errors.
        let json = match (&r.catalog, &r.failed) {
            (Some(catalog), _) => catalog.to_json(),
            (None, Some(partial)) => {
                let mut json = partial.to_json();
                json["status"] = serde_json::json!("failed");
                json["errors"] = serde_json::Value::Array(
                    node_errors(r)
                        .map(|d| {
                            serde_json::json!({
                                "message": d.message,
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
            None => target.clone(),
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
    if !args.quiet {
        for (i, r) in results.iter().enumerate() {
            let line = summary_line(&labels[i], r, written[i].as_deref(), cwd);
            eprintln!("plint: {}", escape(&line));
        }
    }

    let catalogs_time = phase.elapsed();
    let phase = Instant::now();

    // Findings.
    let several = results.len() > 1;
    let mut collected = Findings::new(settings, &sandbox, cwd, &main, args.code.as_deref());
    for (i, r) in results.iter().enumerate() {
        // A facts file's problem is about that file, not about a node.
        let node = (several && !r.bad_input)
            .then(|| Some((labels[i].as_str(), r.name.as_deref()?)))
            .flatten();
        for d in &r.diags {
            collected.add(d, node);
        }
        if let Some(p) = &r.panicked {
            let mut p = p.clone();
            p.message = format!("{} (node `{}`)", p.message, labels[i]);
            collected.add_diagnostic(main.fallback.clone(), p);
        }
    }
    let report = Report::new(collected.finish(), main.files, super::catalog()).with_origin(
        crate::report::Origin::new(crate::report::RunKind::Evaluate, cwd, &args.paths)
            .with_workspace(std::env::var_os("GITHUB_WORKSPACE").as_deref()),
    );

    let (emitter, error_level) = super::chosen_output(args, settings, cwd)?;
    let warnings = settings.fail_on_warnings
        && report
            .findings()
            .any(|(_, d)| d.severity >= Severity::Warning);
    let code = if failed {
        EXIT_FAILURE
    } else if report.has_errors() || warnings {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    };
    let report = if error_level == crate::config::puppet_lint_rc::ErrorLevel::All {
        report
    } else {
        super::only_level(&report, error_level)
    };
    let emitted = emitter.emit(&report, &mut *out).and_then(|()| out.flush());
    if args.timings {
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1000.0;
        eprintln!(
            "plint --evaluate timings ({} threads):",
            pool.current_num_threads()
        );
        eprintln!(
            "  facts     {:>9.2} ms  {} file{}",
            ms(facts_time),
            facts_files.len(),
            if facts_files.len() == 1 { "" } else { "s" }
        );
        eprintln!(
            "  compile   {:>9.2} ms  {} node{}",
            ms(compile_time),
            results.len(),
            if results.len() == 1 { "" } else { "s" }
        );
        eprintln!(
            "  catalogs  {:>9.2} ms  (written as JSON)",
            ms(catalogs_time)
        );
        eprintln!("  report    {:>9.2} ms", ms(phase.elapsed()));
        eprintln!("  total     {:>9.2} ms", ms(started.elapsed()));
    }
    match emitted {
        Ok(()) => Ok(code),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe && args.output.is_none() => Ok(code),
        Err(e) => Err(match &args.output {
            Some(path) => format!("cannot write `{}`: {e}", path.display()),
            None => format!("cannot write the report: {e}"),
        }),
    }
}

/// `plint --facts-os list`: the fact sets, one a line, with where each comes from.
pub fn list_facts_os() -> Result<i32, String> {
    let mut out = std::io::stdout().lock();
    let mut text = String::new();
    for (name, source) in facts::os_list() {
        text.push_str(&format!("{name:<14} {source}\n"));
    }
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(EXIT_OK),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(EXIT_OK),
        Err(e) => Err(format!("cannot write to standard output: {e}")),
    }
}

/// "node `web1`: 42 resources, 7 classes, 3 unknown values; catalog written to out/web1.json"
fn summary_line(label: &str, r: &NodeResult, written: Option<&Path>, cwd: &Path) -> String {
    let Some(catalog) = &r.catalog else {
        if r.bad_input {
            return format!("node `{label}`: not compiled (its facts cannot be used)");
        }
        let errors = node_errors(r).count();
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
    let resources: Vec<_> = catalog.resources().iter().filter(|r| !r.virtual_).collect();
    // The unknown values by where they come from, most frequent first.
    let mut origins: Vec<(String, usize)> = Vec::new();
    for r in &resources {
        for v in r
            .unknown_title
            .iter()
            .chain(r.params.iter().map(|(_, v)| v))
        {
            unknown_origins(v, &mut origins);
        }
    }
    origins.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let unknown: usize = origins.iter().map(|(_, n)| n).sum();
    let plural = |n: usize, one: &str, many: &str| {
        format!("{} {}", thousands(n), if n == 1 { one } else { many })
    };
    let mut line = format!(
        "node `{label}`: {}, {}, {}",
        plural(resources.len(), "resource", "resources"),
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

/// Counts the unknown values in a value by origin (an unknown inside an array or hash counts
/// once each).
fn unknown_origins(v: &Value, out: &mut Vec<(String, usize)>) {
    match v {
        Value::Unknown(u) => match out.iter_mut().find(|(o, _)| **o == *u.origin) {
            Some((_, n)) => *n += 1,
            None => out.push((u.origin.to_string(), 1)),
        },
        Value::Array(a) => a.iter().for_each(|e| unknown_origins(e, out)),
        Value::Hash(h) => h.values().for_each(|e| unknown_origins(e, out)),
        Value::Sensitive(inner) => unknown_origins(inner, out),
        _ => {}
    }
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
fn node_summary(name: &str, r: &NodeResult) -> String {
    let state = match (&r.catalog, r.bad_input || r.panicked.is_some()) {
        (Some(c), false) => format!("{} resources", c.resources().len()),
        _ => "no catalog".to_string(),
    };
    let findings = r.diags.len() + usize::from(r.panicked.is_some());
    let line = format!(
        "{name}: {state}, {findings} {}",
        if findings == 1 { "finding" } else { "findings" }
    );
    escape(&line).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_summaries() {
        let r = NodeResult {
            facts_path: "facts/web1.json".into(),
            name: Some("web1.example.org".into()),
            catalog: None,
            failed: None,
            diags: Vec::new(),
            panicked: None,
            bad_input: true,
        };
        assert_eq!(
            node_summary("web1.example.org", &r),
            "web1.example.org: no catalog, 0 findings"
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
