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

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use super::args::Args;
use super::{EXIT_FAILURE, EXIT_FINDINGS, EXIT_OK};
use crate::config::Settings;
use crate::config::puppet_lint_rc::ErrorLevel;
use crate::eval::facts;
use crate::evaluate::{FactsSource, Session, Target};
use crate::report::escape::escape;
use crate::report::{Origin, Report, RunKind, Severity, display_path};
use crate::sandbox::Sandbox;

mod output;

pub fn run(args: &Args, settings: Settings, cwd: &Path, sandbox: Sandbox) -> Result<i32, String> {
    let started = Instant::now();
    let target = Target {
        code: args.code.clone(),
        paths: args.paths.clone(),
        basemodulepath: args.basemodulepath.clone(),
        hiera: args.hiera.clone(),
        global_hiera: args.global_hiera.clone(),
        budgets: args.eval_budget.clone(),
        server_facts: args.server_fact.clone(),
    };
    let threads = args.threads.unwrap_or(0);
    let mut session = Session::new(cwd.to_path_buf(), settings, sandbox, target, threads)?;
    // A module of the module path behind a link leading out is not read: said once.
    if !args.quiet {
        for note in session.refused_modules() {
            let note = format!("{}: {}", display_path(&note.path, cwd), note.kind);
            eprintln!("plint: note: {}", escape(&note));
        }
    }
    let source = FactsSource {
        facts: args.facts.clone(),
        os: args.facts_os.clone(),
        settings: args.fact.clone(),
        node: args.node.clone(),
    };
    let facts = session.facts(&source)?;
    let directory = facts.is_directory();

    // Opened before any work, so that an output that cannot be written fails first.
    let mut out = super::open_output(args.output.as_deref(), args.color())?;

    let phase = Instant::now();
    let nodes = session.nodes(&facts);
    if !directory && let Err(bad) = &nodes[0].node {
        return Err(bad.message.clone());
    }
    let facts_time = phase.elapsed();

    let phase = Instant::now();
    // A directory of facts at a terminal: a bar counts the nodes compiled.
    let bar = super::progress::Bar::for_terminal(args.quiet || !directory, "nodes");
    if let Some(bar) = &bar {
        session = session.with_progress(bar.clone());
    }
    let outcomes = session.compile_nodes(nodes);
    if let Some(bar) = &bar {
        bar.finish();
    }
    let compile_time = phase.elapsed();

    let phase = Instant::now();
    let mut failed = outcomes.iter().any(|r| r.bad_input);
    let mut written = vec![None; outcomes.len()];
    if let Some(target) = &args.catalog_out {
        let (paths, not_written) = output::write_catalogs(&outcomes, target, directory, cwd)?;
        written = paths;
        failed |= not_written;
    }
    if !args.quiet {
        for (r, written) in outcomes.iter().zip(&written) {
            let line = output::summary_line(r, written.as_deref(), cwd);
            eprintln!("plint: {}", escape(&line));
        }
    }
    let catalogs_time = phase.elapsed();

    let phase = Instant::now();
    let files = session.main().files;
    let reports = session.findings(&outcomes).into_reports();
    let report = Report::described_by(reports, files, super::rule_metadata).with_origin(
        Origin::new(RunKind::Evaluate, cwd, &args.paths)
            .with_workspace(std::env::var_os("GITHUB_WORKSPACE").as_deref()),
    );
    let settings = session.settings();
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
    let report = if error_level == ErrorLevel::All {
        report
    } else {
        super::only_level(&report, error_level)
    };
    let emitted = emitter.emit(&report, &mut *out).and_then(|()| out.flush());
    if args.timings {
        output::Timings {
            threads: session.threads(),
            facts: facts_time,
            facts_files: facts.files().len(),
            compile: compile_time,
            nodes: outcomes.len(),
            catalogs: catalogs_time,
            report: phase.elapsed(),
            total: started.elapsed(),
        }
        .print();
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
