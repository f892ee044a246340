//! The command line: `plint [OPTIONS] [PATH...]`, `plint --evaluate --facts FACTS MANIFEST`
//! (see [`evaluate`]), `plint rules`, `plint explain RULE`.
//!
//! The phases of a run: load the configuration, discover the files (less those excluded),
//! read them, check them (parse, lower, run the rules of the file's profile, apply fixes with
//! `--fix`; in parallel on a rayon pool whose threads have large stacks, as parsing deeply
//! nested input recurses), then sort the findings and write the report (or, with `--diff`,
//! the diffs). When a selected rule reads the program's index, checking takes two passes: the
//! first parses each file and runs its other rules while the modules' files are read, the
//! index is built from both, and the second runs the rules that read it. `--timings` prints
//! how long each phase took.

pub mod args;
pub mod diff;
pub mod evaluate;
pub mod log_format;
pub mod progress;
pub mod rules;

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use termcolor::{BufferedStandardStream, ColorChoice, WriteColor};

use crate::config::puppet_lint_rc::{ErrorLevel, ReportFormat};
use crate::config::{CliOptions, Settings};
use crate::discover::NoteKind;
use crate::lint::{Checked, FixMode, Phases, Session, fix};
use crate::report::escape::escape;
use crate::report::{
    EmitOptions, Emitter, FileReport, Origin, OutputFormat, Report, RuleMeta, RunKind, Severity,
    codes, display_path, thousands,
};
use args::{Args, ColorWhen, Command};
use log_format::LogFormat;

/// Exit status: nothing at error level (or warning level, with `--fail-on-warnings`).
pub const EXIT_OK: i32 = 0;
/// Exit status: something at error level was found (with `--diff`: a file would change).
pub const EXIT_FINDINGS: i32 = 1;
/// Exit status: plint could not do its job (usage, configuration, missing path, output not
/// writable).
pub const EXIT_FAILURE: i32 = 2;

/// Runs plint with the process's arguments; returns the exit code. The caller exits right
/// after it: the large structures of the run are left to the process's end (see
/// [`Session::leak_at_exit`]).
pub fn run() -> i32 {
    run_args(std::env::args_os(), true)
}

/// Runs plint with the given arguments (the first is the program name).
pub fn run_with<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    run_args(args, false)
}

fn run_args<I, T>(args: I, process_ends: bool) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let (argv, disable_checks, enable_checks) = args::split_check_flags(args);
    let mut args = match args::parse(argv) {
        Ok(args) => args,
        Err(e) => {
            // `--help` and `--version` go to stdout with status 0; usage errors to stderr, 2.
            let _ = e.print();
            return if e.use_stderr() {
                EXIT_FAILURE
            } else {
                EXIT_OK
            };
        }
    };
    args.disable_checks = disable_checks;
    args.enable_checks = enable_checks;
    let result = match &args.command {
        Some(command) => subcommand(command),
        None => execute(&args, process_ends),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("plint: error: {}", escape(&message));
            EXIT_FAILURE
        }
    }
}

/// `plint rules` and `plint explain`: to stdout.
fn subcommand(command: &Command) -> Result<i32, String> {
    match command {
        Command::Rules => write_stdout(rules::list),
        Command::Explain { rule } => {
            let mut text = Vec::new();
            rules::explain(rule, &mut text)?.map_err(|e| e.to_string())?;
            write_stdout(|out| out.write_all(&text))
        }
        Command::Diff(args) => diff::run(args),
        Command::Lsp => crate::lsp::serve_stdio().map(|()| EXIT_OK),
    }
}

/// Writes with `write` to stdout; a reader that went away is not an error.
fn write_stdout(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<i32, String> {
    let mut out = io::stdout().lock();
    match write(&mut out).and_then(|()| out.flush()) {
        Ok(()) => Ok(EXIT_OK),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(EXIT_OK),
        Err(e) => Err(format!("cannot write to standard output: {e}")),
    }
}

/// Every code's metadata: plint's own, then the rules'.
pub fn rule_metadata() -> Vec<RuleMeta> {
    codes::BUILTIN
        .iter()
        .copied()
        .chain(
            crate::rules::registry::RULES
                .iter()
                .map(|r| r.info().meta()),
        )
        .collect()
}

/// How long each phase took, and how much it handled.
#[derive(Debug, Default)]
struct Timings {
    config: Duration,
    /// The phases of the check (see [`Session::check`]).
    phases: Phases,
    report: Duration,
}

impl Timings {
    fn print(&self, total: Duration) {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let p = &self.phases;
        eprintln!("plint timings ({} threads):", p.threads);
        eprintln!("  config      {:>10.2} ms", ms(self.config));
        eprintln!(
            "  discover    {:>10.2} ms  {} files",
            ms(p.discover),
            thousands(p.files)
        );
        eprintln!(
            "  read                       {} bytes, each file by the worker that parses it",
            thousands(p.bytes)
        );
        eprintln!("  profiles    {:>10.2} ms", ms(p.profiles));
        match (p.parse, &p.index) {
            (Some(parse), Some(stats)) => {
                eprintln!(
                    "  parse       {:>10.2} ms  (read, parse, lower, the rules that do not read \
                     the index; meanwhile the modules' files are read)",
                    ms(parse)
                );
                eprintln!("  index                      {stats}");
                eprintln!(
                    "  rules       {:>10.2} ms  (the rules that read the index, fixes)",
                    ms(p.check)
                );
            }
            _ => {
                eprintln!("  parse                      (with the rules)");
                eprintln!("  index                      (not built: no selected rule reads it)");
                eprintln!(
                    "  rules       {:>10.2} ms  (read, parse, lower, rules, fixes)",
                    ms(p.check)
                );
            }
        }
        if let Some(recheck) = p.fix_recheck {
            eprintln!(
                "  re-check    {:>10.2} ms  (the fixed files, in the whole program)",
                ms(recheck)
            );
        }
        eprintln!("  report      {:>10.2} ms", ms(self.report));
        eprintln!("  total       {:>10.2} ms", ms(total));
    }
}

/// `plint PATH...` (and `--evaluate`, which [`evaluate::run`] takes over once the
/// configuration is read), in its steps: the options that answer at once, the configuration,
/// the output, the check, what was not checked, then the report or the diffs.
fn execute(args: &Args, process_ends: bool) -> Result<i32, String> {
    if args.list_checks {
        return write_stdout(rules::list_checks);
    }
    let start = Instant::now();
    match args.facts_os.as_deref() {
        Some("list") => return evaluate::list_facts_os(),
        Some(_) if !args.evaluate => {
            return Err(
                "--facts-os NAME needs --evaluate (`--facts-os list` lists the sets)".into(),
            );
        }
        _ => {}
    }
    let mut timings = Timings::default();
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));

    let phase = Instant::now();
    let paths = paths_to_check(args)?;
    let mut sandbox = sandbox_for(args, &paths, &cwd);
    let settings =
        Settings::load(&cli_options(args), &cwd, &mut sandbox).map_err(|e| e.display_from(&cwd))?;
    timings.config = phase.elapsed();
    if !args.quiet {
        for note in &settings.notes {
            eprintln!("plint: note: {}", escape(note));
        }
    }

    if args.evaluate {
        return evaluate::run(args, settings, &cwd, sandbox);
    }
    let (emitter, error_level) = chosen_output(args, &settings, &cwd)?;

    // Open the output first: a path that cannot be written fails before any work is done.
    let mut out = open_output(args.output.as_deref(), args.color())?;

    let mode = fix_mode(args);
    if let Some(name) = stdin_path(args, &paths) {
        let bytes = sandbox
            .read_stdin()
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        sandbox.add_in_memory(name, bytes);
    }
    let mut session = Session::new(cwd.clone(), settings, sandbox, args.threads.unwrap_or(0))?;
    if process_ends {
        session = session.leak_at_exit();
    }
    let bar = progress::Bar::for_terminal(args.quiet, "files");
    if let Some(bar) = &bar {
        session = session.with_progress(bar.clone());
    }
    let checked = session.check(&paths, mode);
    if let Some(bar) = &bar {
        bar.finish();
    }
    let checked = checked?;
    // What was not read, said before any error: a refused link may be why nothing is left.
    if !args.quiet {
        print_walk_notes(&checked, &cwd);
    }
    let mut failed = report_unchecked_paths(args, &paths, &checked, &cwd);
    if failed && checked.files.is_empty() {
        // Nothing to report on: no "No problems found" under the error.
        return Ok(EXIT_FAILURE);
    }
    let absent = session.absent_notes(&checked);
    let Checked {
        files: checked_files,
        outcomes,
        program,
        phases,
        ..
    } = checked;
    timings.phases = phases;

    let phase = Instant::now();
    for e in outcomes.iter().filter_map(|o| o.write_error.as_ref()) {
        eprintln!("plint: error: {}", escape(e));
        failed = true;
    }
    let fixes = FixSummary::of(&outcomes, args.unsafe_fixes);
    let (code, written) = if matches!(mode, FixMode::Diff(_)) {
        write_diffs(args, &outcomes, &fixes, &mut failed, &mut *out)
    } else {
        let mut files: Vec<_> = outcomes.into_iter().filter_map(|o| o.report).collect();
        files.extend(absent);
        let report = Report::described_by(files, checked_files.len(), rule_metadata).with_origin(
            Origin::new(RunKind::Check, &cwd, &args.paths)
                .with_workspace(std::env::var_os("GITHUB_WORKSPACE").as_deref()),
        );
        if matches!(mode, FixMode::Write(_)) && !args.quiet {
            eprintln!(
                "plint: fixed {} {} in {} {}{}",
                thousands(fixes.fixed),
                if fixes.fixed == 1 {
                    "finding"
                } else {
                    "findings"
                },
                thousands(fixes.files),
                if fixes.files == 1 { "file" } else { "files" },
                fixes.unsafe_note
            );
        }
        write_report(&session, report, &*emitter, error_level, &mut *out)
    };
    session.release(program);
    timings.report = phase.elapsed();
    if args.timings {
        timings.print(start.elapsed());
    }
    let code = if failed { EXIT_FAILURE } else { code };
    match written {
        Ok(()) => Ok(code),
        // `plint | head`: the reader has what it wanted.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe && args.output.is_none() => Ok(code),
        Err(e) => Err(match &args.output {
            Some(path) => format!("cannot write `{}`: {e}", path.display()),
            None => format!("cannot write the report: {e}"),
        }),
    }
}

/// The command line's part of the configuration, which `Settings::load` merges with the files'.
fn cli_options(args: &Args) -> CliOptions {
    CliOptions {
        config: args.config.clone(),
        select: args.select.clone(),
        ignore: args.ignore.clone(),
        only_checks: args.only_checks.clone(),
        disable_checks: args.disable_checks.clone(),
        enable_checks: args.enable_checks.clone(),
        fail_on_warnings: args.fail_on_warnings,
        modulepath: args
            .modulepath
            .as_ref()
            .map(|m| std::env::split_paths(m).collect()),
        puppet_version: args.puppet_version,
        strict_variables: args.strict_variables,
        no_config: args.no_config,
        ignore_paths: args.ignore_paths.clone(),
        top_scope_variables: args.top_scope_variables.clone(),
        display: args.display(),
        ignored: args.ignored_puppet_lint_options(),
    }
}

/// `--fix`, `--diff` and `--unsafe-fixes`.
fn fix_mode(args: &Args) -> FixMode {
    let applicability = if args.unsafe_fixes {
        fix::Applicability::Unsafe
    } else {
        fix::Applicability::Safe
    };
    if args.diff {
        FixMode::Diff(applicability)
    } else if args.fix {
        FixMode::Write(applicability)
    } else {
        FixMode::Off
    }
}

/// The notes of the walk (links refused, loops) and of the files set aside, each once: the
/// walk and the module path may meet one link.
fn print_walk_notes(checked: &Checked, cwd: &Path) {
    let mut said = std::collections::HashSet::new();
    for note in &checked.notes {
        if !said.insert((crate::config::normalize(&cwd.join(&note.path)), &note.kind)) {
            continue;
        }
        let kind = match &note.kind {
            NoteKind::SymlinkLoop { ancestor } => NoteKind::SymlinkLoop {
                ancestor: PathBuf::from(display_path(ancestor, cwd)),
            },
            other => other.clone(),
        };
        let note = format!("{}: {kind}", display_path(&note.path, cwd));
        eprintln!("plint: note: {}", escape(&note));
    }
    for note in set_aside_notes(&checked.set_aside, cwd) {
        eprintln!("plint: note: {}", escape(&note));
    }
}

/// An error for each given path under which nothing was checked (no manifest there, or all
/// excluded); whether there was one.
fn report_unchecked_paths(args: &Args, paths: &[PathBuf], checked: &Checked, cwd: &Path) -> bool {
    let mut failed = false;
    let found: Vec<&PathBuf> = checked.files.iter().chain(&checked.modules).collect();
    for path in paths {
        // Only a folder given can leave nothing checked: discovery knows which they are.
        if !checked.folders_given.contains(path) {
            continue;
        }
        let error = if args.paths_given && nothing_checked(path, &found, cwd) {
            format!(
                "`{}`: no file to check there (plint checks Puppet manifests, `*.pp`; there \
                 are none, or the configuration excludes them all)",
                path.display()
            )
        } else if all_excluded(path, &checked.files, &checked.excluded, cwd) {
            format!(
                "`{}`: every file to check there is excluded (by `exclude` in the \
                 configuration, or `--ignore-paths`): nothing is checked",
                path.display()
            )
        } else {
            continue;
        };
        eprintln!("plint: error: {}", escape(&error));
        failed = true;
    }
    failed
}

/// The fixes of a run, for the summary line of `--fix` and `--diff`.
struct FixSummary {
    /// The fixes applied (or that would be).
    fixed: usize,
    /// The files they change.
    files: usize,
    /// What is said of the unsafe fixes left out (empty when there are none).
    unsafe_note: String,
}

impl FixSummary {
    fn of(outcomes: &[crate::lint::Outcome], unsafe_fixes: bool) -> FixSummary {
        let (fixed, files) = outcomes
            .iter()
            .filter(|o| o.fixed > 0)
            .fold((0, 0), |(n, f), o| (n + o.fixed, f + 1));
        // The unsafe fixes left out, for the summary: those the fixed files offer.
        let unsafe_left = if unsafe_fixes {
            0
        } else {
            outcomes.iter().map(|o| o.unsafe_left).sum()
        };
        let unsafe_note = if unsafe_left == 0 {
            String::new()
        } else {
            format!(
                " ({} more {} unsafe: `--unsafe-fixes` applies {})",
                thousands(unsafe_left),
                if unsafe_left == 1 {
                    "fix is"
                } else {
                    "fixes are"
                },
                if unsafe_left == 1 { "it" } else { "them" }
            )
        };
        FixSummary {
            fixed,
            files,
            unsafe_note,
        }
    }
}

/// `--diff`: the diffs, in path order; fixes that would break a file are errors on stderr
/// (`failed` is set). The exit code and whether the diffs were written.
fn write_diffs(
    args: &Args,
    outcomes: &[crate::lint::Outcome],
    fixes: &FixSummary,
    failed: &mut bool,
    out: &mut (dyn WriteColor + Send),
) -> (i32, io::Result<()>) {
    let mut diffs: Vec<&str> = outcomes.iter().filter_map(|o| o.diff.as_deref()).collect();
    diffs.sort_by_key(|d| d.lines().next().unwrap_or(""));
    for o in outcomes {
        if let Some(r) = &o.report {
            for d in r
                .diagnostics()
                .iter()
                .filter(|d| d.code == codes::INTERNAL_ERROR.code)
            {
                let error = format!("{}: {}", r.path(), d.message);
                eprintln!("plint: error: {}", escape(&error));
                *failed = true;
            }
        }
    }
    if !args.quiet {
        eprintln!(
            "plint: --fix would apply {} {} in {} {}{}",
            thousands(fixes.fixed),
            if fixes.fixed == 1 { "fix" } else { "fixes" },
            thousands(fixes.files),
            if fixes.files == 1 { "file" } else { "files" },
            fixes.unsafe_note
        );
    }
    let written = diffs
        .iter()
        .try_for_each(|d| out.write_all(d.as_bytes()))
        .and_then(|()| out.flush());
    let code = if diffs.is_empty() {
        EXIT_OK
    } else {
        EXIT_FINDINGS
    };
    (code, written)
}

/// The report: its exit code (findings at error level, or at warning level with
/// `--fail-on-warnings`), then the findings at `--error-level` written by the emitter. The exit
/// code and whether the report was written.
fn write_report(
    session: &Session,
    mut report: Report,
    emitter: &dyn Emitter,
    error_level: ErrorLevel,
    out: &mut (dyn WriteColor + Send),
) -> (i32, io::Result<()>) {
    let warnings = session.settings().fail_on_warnings
        && report
            .findings()
            .any(|(_, d)| d.severity >= Severity::Warning);
    let code = if report.has_errors() || warnings {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    };
    if error_level != ErrorLevel::All {
        report = only_level(&report, error_level);
    }
    // On the pool: the human format renders files in parallel.
    let written = session
        .install(|| emitter.emit(&report, &mut *out))
        .and_then(|()| out.flush());
    session.release(report);
    (code, written)
}

/// How the report is written, from the display options: the command line's `--format` (or
/// `--json`, `--sarif`), else `.puppet-lint.rc`'s; `--log-format` writes the human format's
/// findings its own way; and the level of the findings shown (`--error-level`).
pub(crate) fn chosen_output(
    args: &Args,
    settings: &Settings,
    cwd: &Path,
) -> Result<(Box<dyn Emitter>, ErrorLevel), String> {
    let format = match settings.display.format {
        Some(f) if !(args.format_given || args.json || args.sarif) => match f {
            ReportFormat::Json => OutputFormat::Json,
            ReportFormat::Sarif => OutputFormat::Sarif,
        },
        _ => OutputFormat::from(args.format),
    };
    let emitter: Box<dyn Emitter> = match &settings.display.log_format {
        Some(template) if format == OutputFormat::Human => Box::new(LogFormat::parse(
            template,
            settings.display.with_context,
            cwd,
        )?),
        _ => format.emitter(EmitOptions { quiet: args.quiet }),
    };
    Ok((emitter, settings.display.error_level.unwrap_or_default()))
}

/// `--error-level`: the report with only the findings of that level (the files that keep none
/// are left out; the count of files checked is unchanged).
pub(crate) fn only_level(report: &Report, level: ErrorLevel) -> Report {
    let files = report
        .files()
        .iter()
        .filter_map(|f| {
            let kept: Vec<_> = f
                .diagnostics()
                .iter()
                .chain(f.ignored())
                .filter(|d| level.shows(d.severity))
                .cloned()
                .collect();
            (!kept.is_empty()).then(|| FileReport::new(f.path(), f.source().to_string(), kept))
        })
        .collect();
    Report::described_by(files, report.files_checked(), rule_metadata)
        .with_origin(report.origin().clone())
}

/// The name of the manifest read from standard input, without `--stdin-filename`.
pub const STDIN_NAME: &str = "<stdin>";

/// The paths to check: the PATHs, with `-` (standard input) replaced by its name.
fn paths_to_check(args: &Args) -> Result<Vec<PathBuf>, String> {
    let dashes = args.paths.iter().filter(|p| p.as_os_str() == "-").count();
    if dashes > 1 {
        return Err("`-` (standard input) can be given once".into());
    }
    if dashes == 1 && args.fix {
        return Err(
            "`--fix` cannot rewrite standard input; `--diff` shows what it would change".into(),
        );
    }
    if dashes == 0 && args.stdin_filename.is_some() {
        return Err(
            "`--stdin-filename` names the manifest read from `-`, which is not given".into(),
        );
    }
    let name = args
        .stdin_filename
        .clone()
        .unwrap_or_else(|| PathBuf::from(STDIN_NAME));
    Ok(args
        .paths
        .iter()
        .map(|p| {
            if p.as_os_str() == "-" {
                name.clone()
            } else {
                p.clone()
            }
        })
        .collect())
}

/// The path standing for standard input among `paths`, if `-` was given.
fn stdin_path<'p>(args: &Args, paths: &'p [PathBuf]) -> Option<&'p Path> {
    let at = args.paths.iter().position(|p| p.as_os_str() == "-")?;
    paths.get(at).map(PathBuf::as_path)
}

/// Whether `path`, a folder named on the command line, is one under which nothing was found: no
/// file checked, no module (whose files are read, a module of Ruby functions say) — a
/// mistyped folder, or one with no file of a kind plint reads. `found` holds the files checked
/// and the module roots met. (Discovery decides what is checked: when it checks more kinds
/// of files, they count here too.)
fn nothing_checked(path: &Path, found: &[&PathBuf], cwd: &Path) -> bool {
    let dir = crate::config::normalize(&cwd.join(path));
    !found
        .iter()
        .any(|f| crate::config::normalize(&cwd.join(f)).starts_with(&dir))
}

/// Whether `path`, a folder named on the command line, is one under which files were found but
/// the configuration excludes every one (`excluded`), none being checked (`checked`).
fn all_excluded(path: &Path, checked: &[PathBuf], excluded: &[PathBuf], cwd: &Path) -> bool {
    let dir = crate::config::normalize(&cwd.join(path));
    let under = |f: &PathBuf| crate::config::normalize(&cwd.join(f)).starts_with(&dir);
    excluded.iter().any(under) && !checked.iter().any(under)
}

/// The notes on a control repository's installed modules (see [`crate::lint::SetAside`]):
/// one for all those set aside, one for each checked because it was asked for.
fn set_aside_notes(set_aside: &crate::lint::SetAside, cwd: &Path) -> Vec<String> {
    let mut notes = Vec::new();
    let n = set_aside.modules.len();
    if n > 0 {
        let folders: Vec<String> = set_aside
            .folders
            .iter()
            .map(|f| format!("`{}`", display_path(f, cwd)))
            .collect();
        notes.push(format!(
            "{} installed {} in {} not checked (a Puppetfile installs {}, or git ignores {}): \
             {} definitions are read, {} findings are not reported; set \
             `check-installed-modules = true` in plint.toml to check {} too",
            thousands(n),
            if n == 1 { "module" } else { "modules" },
            folders.join(", "),
            if n == 1 { "it" } else { "them" },
            if n == 1 {
                "its folder"
            } else {
                "their folders"
            },
            if n == 1 { "its" } else { "their" },
            if n == 1 { "its" } else { "their" },
            if n == 1 { "it" } else { "them" },
        ));
    }
    match set_aside.asked.as_slice() {
        [] => {}
        [(root, why)] => {
            let why = match why {
                crate::defs::world::Installed::Puppetfile(file) => {
                    format!("`{}` installs it", display_path(file, cwd))
                }
                crate::defs::world::Installed::IgnoredByGit => "git ignores its folder".to_string(),
            };
            notes.push(format!(
                "`{}` is an installed module ({why}): checked, as asked",
                display_path(root, cwd)
            ));
        }
        many => {
            let mut folders: Vec<String> = Vec::new();
            for (root, _) in many {
                let folder = format!("`{}`", display_path(root.parent().unwrap_or(root), cwd));
                if !folders.contains(&folder) {
                    folders.push(folder);
                }
            }
            notes.push(format!(
                "{} installed modules in {} (a Puppetfile installs them, or git ignores their \
                 folders): checked, as asked",
                thousands(many.len()),
                folders.join(", ")
            ));
        }
    }
    notes
}

/// The sandbox of a run (see [`crate::sandbox`]): the checked paths' repositories are
/// untrusted; the files named on the command line are the user's own.
fn sandbox_for(args: &Args, paths: &[PathBuf], cwd: &Path) -> crate::sandbox::Sandbox {
    let mut sandbox = crate::sandbox::Sandbox::new(cwd, paths);
    sandbox.set_ignore_files(!args.no_ignore_files);
    if let Some(size) = args.max_file_size {
        sandbox.set_limits(crate::sandbox::Limits {
            max_file_size: size,
            ..sandbox.limits()
        });
    }
    let named = [&args.config, &args.facts, &args.hiera, &args.global_hiera]
        .into_iter()
        .flatten()
        .chain(&args.trust)
        .chain(&args.basemodulepath);
    let hiera = [&args.hiera, &args.global_hiera].into_iter().flatten();
    crate::evaluate::environment::trust_named(&mut sandbox, named, hiera);
    sandbox
}

/// The report's destination: stdout (coloured per `--color`, `auto` meaning "if it is a
/// terminal and NO_COLOR is not set") or a file (coloured only with `--color always`).
fn open_output(
    path: Option<&Path>,
    color: ColorWhen,
) -> Result<Box<dyn WriteColor + Send>, String> {
    match path {
        Some(path) => {
            let file = File::create(path)
                .map_err(|e| format!("cannot write `{}`: {e}", path.display()))?;
            let file = BufWriter::new(file);
            Ok(if color == ColorWhen::Always {
                Box::new(termcolor::Ansi::new(file))
            } else {
                Box::new(termcolor::NoColor::new(file))
            })
        }
        None => {
            let choice = match color {
                ColorWhen::Always => ColorChoice::Always,
                ColorWhen::Never => ColorChoice::Never,
                ColorWhen::Auto if io::stdout().is_terminal() => ColorChoice::Auto,
                ColorWhen::Auto => ColorChoice::Never,
            };
            Ok(Box::new(BufferedStandardStream::stdout(choice)))
        }
    }
}
