//! `plint diff`: arguments to the two revisions' folders and sessions, the nodes, the library's
//! comparison ([`crate::diff`]), and the report in the chosen format. `plint diff merge` joins
//! shards' JSON reports.

pub mod args;
mod github;
mod human;
mod markdown;
mod text;

use std::io::Write;
use std::path::{Path, PathBuf};

use self::args::{DiffArgs, DiffCommand, DiffFormat, OutputArgs};
use super::{EXIT_FAILURE, EXIT_FINDINGS, EXIT_OK};
use crate::config::{CliOptions, Settings};
use crate::diff::compare::Options;
use crate::diff::facts::Selection;
use crate::diff::revision::{self, Repository, Tree};
use crate::diff::run::{Revision, compare_nodes};
use crate::diff::{DiffReport, SCHEMA_VERSION, Status};
use crate::eval::compiler::SharedParses;
use crate::evaluate::{Session, Target};
use crate::report::escape::escape;
use crate::sandbox::Sandbox;

/// The label of the working tree as a revision.
pub const WORKING_TREE: &str = "working tree";

/// Runs `plint diff` (or `plint diff merge`); returns the exit status.
pub fn run(args: &DiffArgs) -> Result<i32, String> {
    if let Some(DiffCommand::Merge { reports, output }) = &args.command {
        return merge(reports, output);
    }
    let cwd = std::env::current_dir().map_err(|e| format!("no current directory: {e}"))?;
    let (from, to) = trees(args, &cwd)?;
    let mut notes: Vec<String> = from.notes.iter().chain(&to.notes).cloned().collect();
    notes.extend(revision::puppetfile_notes(&from, &to));
    // Opened before any work, so that an output that cannot be written fails first.
    let out = super::open_output(args.output.output.as_deref(), args.output.color())?;

    let facts = cwd.join(args.facts.as_ref().expect("--facts is required"));
    let threads = args.threads.unwrap_or(0);
    let mut from_session = session(args, &from, &cwd, &facts, threads)?;
    let mut to_session = session(args, &to, &cwd, &facts, threads)?;
    // A file whose text is the same at both revisions is parsed once.
    if !args.parse_each_revision {
        let shared = std::sync::Arc::new(SharedParses::default());
        from_session = from_session.with_shared_parses(shared.clone());
        to_session = to_session.with_shared_parses(shared);
    }
    let selection = Selection {
        facts,
        settings: args.fact.clone(),
        names: args.node.clone(),
        pattern: args.node_pattern.clone(),
        shard: args.shard,
    };
    let nodes = crate::diff::facts::nodes(&to_session, &selection)?;
    if nodes.is_empty() {
        return Err("no node to compare (see --facts, --node, --node-pattern and --shard)".into());
    }
    let options = Options {
        tags: args.include_tags,
    };
    // A slice of nodes at a time: enough to keep every worker busy, few catalogs held.
    let slice = to_session.threads() * 16;
    // At a terminal, a bar counts the nodes compared.
    let bar = super::progress::Bar::for_terminal(args.output.quiet, "nodes");
    if let Some(bar) = &bar {
        crate::lint::Progress::start(&**bar, nodes.len(), nodes.len());
    }
    let counted = std::cell::Cell::new(0);
    let done = |n: usize| {
        if let Some(bar) = &bar {
            (counted.get()..n).for_each(|_| bar.tick());
        }
        counted.set(n);
    };
    let reports = compare_nodes(
        &Revision {
            session: &from_session,
            root: &from.root,
        },
        &Revision {
            session: &to_session,
            root: &to.root,
        },
        nodes,
        options,
        slice,
        &done,
    );
    if let Some(bar) = &bar {
        bar.finish();
    }
    let report = DiffReport {
        version: SCHEMA_VERSION,
        from: from.info.clone(),
        to: to.info.clone(),
        shards: args
            .shard
            .map(|s| vec![[s.index, s.count]])
            .unwrap_or_default(),
        notes,
        nodes: reports,
    };
    finish(&report, &args.output, out)
}

/// The two revisions' folders (see [`DiffArgs`] for the defaults).
fn trees(args: &DiffArgs, cwd: &Path) -> Result<(Tree, Tree), String> {
    let needs_git = args.from_dir.is_none() || args.to.is_some();
    let repo = needs_git.then(|| Repository::discover(cwd)).transpose()?;
    let max_size = crate::sandbox::Limits::default().max_file_size;
    // The second revision written links its unchanged files to the first's.
    let git = |spec: &str, label: &str, other: Option<&Tree>| -> Result<Tree, String> {
        let repo = repo.as_ref().expect("a repository for git revisions");
        let mut tree = repo.write_tree(repo.commit(spec)?, label, max_size, other)?;
        revision::link_installed_modules(&mut tree, &repo.workdir);
        Ok(tree)
    };
    let to = match (&args.to_dir, &args.to, &repo) {
        (Some(dir), _, _) => Tree::directory(dir, &dir.display().to_string())?,
        (None, Some(spec), _) => git(spec, spec, None)?,
        (None, None, Some(repo)) => Tree::directory(&repo.workdir, WORKING_TREE)?,
        (None, None, None) => Tree::directory(cwd, WORKING_TREE)?,
    };
    let from = match (&args.from_dir, &args.from, &args.base) {
        (Some(dir), _, _) => Tree::directory(dir, &dir.display().to_string())?,
        (None, Some(spec), _) => git(spec, spec, Some(&to))?,
        (None, None, Some(base)) => {
            let repo = repo.as_ref().expect("a repository for git revisions");
            let head = args.to.as_deref().unwrap_or("HEAD");
            let commit = repo.merge_base(base, head)?;
            let label = format!("merge base of {base} and {head}");
            let mut tree = repo.write_tree(commit, &label, max_size, Some(&to))?;
            revision::link_installed_modules(&mut tree, &repo.workdir);
            tree
        }
        (None, None, None) => git("HEAD", "HEAD", Some(&to))?,
    };
    Ok((from, to))
}

/// The evaluate session of one revision: its own sandbox (the revision's folder, the facts, the
/// installed modules linked in), its own configuration and main manifest.
fn session(
    args: &DiffArgs,
    tree: &Tree,
    cwd: &Path,
    facts: &Path,
    threads: usize,
) -> Result<Session, String> {
    let root = &tree.root;
    let mut sandbox = Sandbox::new(root, std::slice::from_ref(root));
    sandbox.add_untrusted(root);
    if let Some(linked) = &tree.linked {
        sandbox.add_untrusted(linked);
    }
    // What the user names outside the revisions is the user's, the same for both.
    let config = args.config.as_ref().map(|c| cwd.join(c));
    let global_hiera = args.global_hiera.as_ref().map(|h| cwd.join(h));
    let basemodulepath: Vec<PathBuf> = args.basemodulepath.iter().map(|p| cwd.join(p)).collect();
    let facts = Some(facts.to_path_buf());
    let named = [&config, &global_hiera, &facts]
        .into_iter()
        .flatten()
        .chain(&basemodulepath);
    crate::evaluate::environment::trust_named(&mut sandbox, named, global_hiera.iter());
    let in_revision = |p: &Path| root.join(p);
    let cli = CliOptions {
        config,
        no_config: args.no_config,
        puppet_version: args.puppet_version,
        strict_variables: args.strict_variables,
        modulepath: args
            .modulepath
            .as_ref()
            .map(|m| std::env::split_paths(m).map(|p| in_revision(&p)).collect()),
        ..CliOptions::default()
    };
    let settings = Settings::load(&cli, root, &mut sandbox).map_err(|e| e.display_from(cwd))?;
    let manifest = args
        .manifest
        .as_ref()
        .map(|m| in_revision(m))
        .unwrap_or_else(|| root.clone());
    let target = Target {
        code: None,
        paths: vec![manifest],
        basemodulepath,
        hiera: args.hiera.as_ref().map(|h| in_revision(h)),
        global_hiera,
        budgets: args.eval_budget.clone(),
        server_facts: args.server_fact.clone(),
    };
    Session::new(root.clone(), settings, sandbox, target, threads)
        .map_err(|e| format!("{}: {e}", tree.info.label))
}

/// `plint diff merge`: the shards' reports joined, written in the chosen format.
fn merge(paths: &[PathBuf], output: &OutputArgs) -> Result<i32, String> {
    let cwd = std::env::current_dir().map_err(|e| format!("no current directory: {e}"))?;
    let sandbox = Sandbox::new(&cwd, paths);
    let mut reports = Vec::new();
    for p in paths {
        let text = sandbox
            .read_to_string(p)
            .map_err(|e| format!("cannot read `{}`: {e}", p.display()))?;
        let report: DiffReport = serde_json::from_str(&text).map_err(|e| {
            format!(
                "`{}` is not a report of `plint diff --format json`: {e}",
                p.display()
            )
        })?;
        reports.push(report);
    }
    let report = DiffReport::merge(reports)?;
    let out = super::open_output(output.output.as_deref(), output.color())?;
    finish(&report, output, out)
}

/// Writes `report` and says what the exit status is.
fn finish(
    report: &DiffReport,
    output: &OutputArgs,
    mut out: Box<dyn termcolor::WriteColor + Send>,
) -> Result<i32, String> {
    if !output.quiet && output.format != DiffFormat::Human {
        for note in &report.notes {
            eprintln!("plint: note: {}", escape(note));
        }
    }
    let written = match output.format {
        DiffFormat::Human => human::write(report, &mut out),
        DiffFormat::Json => serde_json::to_writer_pretty(&mut out, report)
            .map_err(std::io::Error::other)
            .and_then(|()| writeln!(out)),
        DiffFormat::Markdown => markdown::write(report, &mut out),
        DiffFormat::Github => github::write(report, &mut out),
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        Err(e) => return Err(format!("cannot write the report: {e}")),
    }
    Ok(exit_status(report, output.fail_on_change))
}

/// 2 when a node's facts could not be used; 1 when a node no longer compiles, or with
/// `fail_on_change` when anything changed; else 0.
pub fn exit_status(report: &DiffReport, fail_on_change: bool) -> i32 {
    if report.count(Status::BadFacts) > 0 {
        EXIT_FAILURE
    } else if report.now_failing() > 0 || (fail_on_change && report.changed() > 0) {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    }
}
