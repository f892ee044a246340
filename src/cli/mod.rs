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
pub mod check;
pub mod evaluate;
pub mod fix;
pub mod rules;

use std::collections::HashMap;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Parser;
use termcolor::{BufferedStandardStream, ColorChoice, WriteColor};

use crate::config::{CliOptions, Profile, Settings};
use crate::discover::NoteKind;
use crate::report::escape::escape;
use crate::report::{
    EmitOptions, OutputFormat, Report, RuleMeta, Severity, codes, display_path, thousands,
};
use args::{Args, ColorWhen, Command};
use check::FixMode;

/// Stack size of each worker thread.
pub const WORKER_STACK_SIZE: usize = 64 << 20;

/// Exit status: nothing at error level (or warning level, with `--fail-on-warnings`).
pub const EXIT_OK: i32 = 0;
/// Exit status: something at error level was found (with `--diff`: a file would change).
pub const EXIT_FINDINGS: i32 = 1;
/// Exit status: plint could not do its job (usage, configuration, missing path, output not
/// writable).
pub const EXIT_FAILURE: i32 = 2;

/// Runs plint with the process's arguments; returns the exit code.
pub fn run() -> i32 {
    PROCESS_ENDS.store(true, std::sync::atomic::Ordering::Relaxed);
    run_with(std::env::args_os())
}

/// Set by [`run`], whose caller exits right after it: the large structures of a run (the
/// program's index, the report) are then not freed one allocation at a time, since the
/// process's end frees them all at once.
static PROCESS_ENDS: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Drops `value`, or leaves it to the process's end (see [`PROCESS_ENDS`]).
pub(crate) fn release<T>(value: T) {
    if PROCESS_ENDS.load(std::sync::atomic::Ordering::Relaxed) {
        std::mem::forget(value);
    } else {
        drop(value);
    }
}

/// Runs plint with the given arguments (the first is the program name).
pub fn run_with<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let (argv, disable_checks, enable_checks) = args::split_check_flags(args);
    let mut args = match Args::try_parse_from(argv) {
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
        None => execute(&args),
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
    let mut out = io::stdout().lock();
    let written = match command {
        Command::Rules => rules::list(&mut out),
        Command::Explain { rule } => rules::explain(rule, &mut out)?,
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => Ok(EXIT_OK),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(EXIT_OK),
        Err(e) => Err(format!("cannot write to standard output: {e}")),
    }
}

/// Every code's metadata: plint's own, then the rules'.
pub fn catalog() -> Vec<RuleMeta> {
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
    discover: Duration,
    profiles: Duration,
    /// The first pass (parse, the rules that do not read the index, the modules' files, the
    /// index); `None` when files were parsed with their rules (no index needed).
    parse: Option<Duration>,
    /// What the index holds; `None` when no selected rule needed it.
    index: Option<crate::defs::index::Stats>,
    check: Duration,
    report: Duration,
    files: usize,
    bytes: usize,
    threads: usize,
}

impl Timings {
    fn print(&self, total: Duration) {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        eprintln!("plint timings ({} threads):", self.threads);
        eprintln!("  config      {:>10.2} ms", ms(self.config));
        eprintln!(
            "  discover    {:>10.2} ms  {} files",
            ms(self.discover),
            thousands(self.files)
        );
        eprintln!(
            "  read                       {} bytes, each file by the worker that parses it",
            thousands(self.bytes)
        );
        eprintln!("  profiles    {:>10.2} ms", ms(self.profiles));
        match (self.parse, &self.index) {
            (Some(parse), Some(stats)) => {
                eprintln!(
                    "  parse       {:>10.2} ms  (read, parse, lower, the rules that do not read \
                     the index; meanwhile the modules' files are read)",
                    ms(parse)
                );
                eprintln!("  index                      {stats}");
                eprintln!(
                    "  rules       {:>10.2} ms  (the rules that read the index, fixes)",
                    ms(self.check)
                );
            }
            _ => {
                eprintln!("  parse                      (with the rules)");
                eprintln!("  index                      (not built: no selected rule reads it)");
                eprintln!(
                    "  rules       {:>10.2} ms  (read, parse, lower, rules, fixes)",
                    ms(self.check)
                );
            }
        }
        eprintln!("  report      {:>10.2} ms", ms(self.report));
        eprintln!("  total       {:>10.2} ms", ms(total));
    }
}

fn execute(args: &Args) -> Result<i32, String> {
    let start = Instant::now();
    let mut timings = Timings::default();
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));

    let phase = Instant::now();
    let cli = CliOptions {
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
    };
    let mut sandbox = sandbox_for(args, &cwd);
    let settings = Settings::load(&cli, &cwd, &mut sandbox).map_err(|e| e.display_from(&cwd))?;
    timings.config = phase.elapsed();
    if !args.quiet {
        for note in &settings.notes {
            eprintln!("plint: note: {}", escape(note));
        }
    }

    if args.evaluate {
        return evaluate::run(args, &settings, &cwd, sandbox);
    }

    // Open the output first: a path that cannot be written fails before any work is done.
    let mut out = open_output(args.output.as_deref(), args.color())?;

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .stack_size(WORKER_STACK_SIZE)
        .thread_name(|i| format!("plint-worker-{i}"))
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))?;
    timings.threads = pool.current_num_threads();

    let phase = Instant::now();
    let mut discovered = pool
        .install(|| crate::discover::discover(&args.paths, &sandbox))
        .map_err(|e| e.to_string())?;
    // A module or environment found around a file given alone is the repository too.
    for root in &discovered.modules {
        if args
            .paths
            .iter()
            .any(|p| !p.is_dir() && p.starts_with(&root.path))
        {
            sandbox.add_untrusted(&root.path);
        }
    }
    discovered.files.retain(|f| !settings.is_excluded(f));
    // A control repository among the checked paths: the modules it installs (r10k's
    // `moduledir`, or named in its `Puppetfile`) are read into the index, not reported on.
    let environment = crate::defs::world::find_environment(&args.paths, &cwd, &sandbox);
    if let Some(env) = &environment
        && !settings.check_installed_modules
    {
        let (installed, checked) = std::mem::take(&mut discovered.modules)
            .into_iter()
            .partition(|r| env.installs(r));
        discovered.modules = checked;
        discovered.installed = installed;
        let installed = &discovered.installed;
        discovered
            .files
            .retain(|f| !installed.iter().any(|r| f.starts_with(&r.path)));
    }
    timings.discover = phase.elapsed();
    timings.files = discovered.files.len();
    if !args.quiet {
        for note in &discovered.notes {
            let kind = match &note.kind {
                NoteKind::SymlinkLoop { ancestor } => NoteKind::SymlinkLoop {
                    ancestor: PathBuf::from(display_path(ancestor, &cwd)),
                },
                other => other.clone(),
            };
            let note = format!("{}: {kind}", display_path(&note.path, &cwd));
            eprintln!("plint: note: {}", escape(&note));
        }
    }

    let phase = Instant::now();
    // One profile (rules, severities, options) per combination of matching overrides.
    let keys: Vec<Vec<u32>> = discovered
        .files
        .iter()
        .map(|path| settings.profile_key(path))
        .collect();
    let mut profiles: HashMap<&[u32], Profile> = HashMap::new();
    for key in &keys {
        profiles
            .entry(key.as_slice())
            .or_insert_with(|| settings.profile(key));
    }
    let applicability = if args.unsafe_fixes {
        fix::Applicability::Unsafe
    } else {
        fix::Applicability::Safe
    };
    let mode = if args.diff {
        FixMode::Diff(applicability)
    } else if args.fix {
        FixMode::Write(applicability)
    } else {
        FixMode::Off
    };
    timings.profiles = phase.elapsed();

    // Each file is read by the worker that parses it. When a selected rule reads the program's
    // index, a first pass reads and parses every file and runs its other rules while the
    // modules' files are read; the index is built from both, then the rules that read it run.
    // Otherwise each file is read and parsed right before its rules run, so that only a few
    // trees are alive at once.
    let file_profiles: Vec<&Profile> = keys.iter().map(|k| &profiles[k.as_slice()]).collect();
    let (program, outcomes) = if file_profiles.iter().any(|p| p.selection.needs_program()) {
        let phase = Instant::now();
        let mut roots = discovered.modules.clone();
        roots.extend(discovered.installed.iter().cloned());
        let modulepath_given = !settings.modulepath.is_empty();
        let modulepath: &[PathBuf] = match &environment {
            Some(env) if !modulepath_given => &env.modulepath,
            _ => &settings.modulepath,
        };
        // A module both checked and on the module path is read once.
        let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
        let mut seen: std::collections::HashSet<PathBuf> =
            roots.iter().map(|r| absolute(&r.path)).collect();
        for root in crate::discover::module::modules_in(modulepath, &sandbox) {
            if seen.insert(absolute(&root.path)) {
                roots.push(root);
            }
        }
        let world = crate::defs::world::World::gather(
            &discovered.modules,
            &roots,
            environment.clone(),
            modulepath_given,
            &sandbox,
        )
        .with_known_top_scope(settings.known_top_scope_variables.iter().cloned());
        let (passes, index) = pool.install(|| {
            check::first_pass_all(&discovered.files, &cwd, &file_profiles, &roots, &sandbox)
        });
        let index = index.with_world(world);
        timings.parse = Some(phase.elapsed());
        timings.index = Some(index.stats());
        let phase = Instant::now();
        let work: Vec<_> = passes
            .into_iter()
            .zip(file_profiles)
            .map(|((source, pass), profile)| (source, pass, profile))
            .collect();
        let outcomes = pool.install(|| check::check_all_parsed(work, mode, &index));
        timings.check = phase.elapsed();
        (index, outcomes)
    } else {
        let phase = Instant::now();
        let outcomes = pool.install(|| {
            check::check_all_unread(
                &discovered.files,
                &cwd,
                &file_profiles,
                mode,
                &discovered.modules,
                &sandbox,
            )
        });
        timings.check = phase.elapsed();
        (crate::defs::Index::default(), outcomes)
    };
    timings.bytes = outcomes.iter().map(|o| o.bytes).sum();

    let phase = Instant::now();
    let mut failed = false;
    for e in outcomes.iter().filter_map(|o| o.write_error.as_ref()) {
        eprintln!("plint: error: {}", escape(e));
        failed = true;
    }
    let (fixed, fixed_files) = outcomes
        .iter()
        .filter(|o| o.fixed > 0)
        .fold((0, 0), |(n, f), o| (n + o.fixed, f + 1));
    // The unsafe fixes left out, for the summary.
    let unsafe_left = if mode == FixMode::Off || args.unsafe_fixes {
        0
    } else {
        outcomes
            .iter()
            .filter_map(|o| o.report.as_ref())
            .flat_map(|r| r.diagnostics())
            .filter(|d| {
                d.fix
                    .as_ref()
                    .is_some_and(|f| !f.safe && !f.edits.is_empty())
            })
            .count()
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
    let (code, written) = if matches!(mode, FixMode::Diff(_)) {
        // The diffs, in path order; fixes that would break a file are errors on stderr.
        let mut diffs: Vec<&str> = outcomes.iter().filter_map(|o| o.diff.as_deref()).collect();
        diffs.sort_by_key(|d| d.lines().next().unwrap_or(""));
        for o in &outcomes {
            if let Some(r) = &o.report {
                for d in r
                    .diagnostics()
                    .iter()
                    .filter(|d| d.code == codes::INTERNAL_ERROR.code)
                {
                    let error = format!("{}: {}", r.path(), d.message);
                    eprintln!("plint: error: {}", escape(&error));
                    failed = true;
                }
            }
        }
        if !args.quiet {
            eprintln!(
                "plint: --fix would apply {} {} in {} {}{unsafe_note}",
                thousands(fixed),
                if fixed == 1 { "fix" } else { "fixes" },
                thousands(fixed_files),
                if fixed_files == 1 { "file" } else { "files" }
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
    } else {
        let mut files: Vec<_> = outcomes.into_iter().filter_map(|o| o.report).collect();
        files.extend(absent_notes(program.world(), &settings, &cwd, &sandbox));
        let report = Report::new(files, discovered.files.len(), catalog());
        if matches!(mode, FixMode::Write(_)) && !args.quiet {
            eprintln!(
                "plint: fixed {} {} in {} {}{unsafe_note}",
                thousands(fixed),
                if fixed == 1 { "finding" } else { "findings" },
                thousands(fixed_files),
                if fixed_files == 1 { "file" } else { "files" }
            );
        }
        let format = OutputFormat::from(args.format);
        let emitter = format.emitter(EmitOptions { quiet: args.quiet });
        let warnings = settings.fail_on_warnings
            && report
                .findings()
                .any(|(_, d)| d.severity >= Severity::Warning);
        let code = if report.has_errors() || warnings {
            EXIT_FINDINGS
        } else {
            EXIT_OK
        };
        // On the pool: the human format renders files in parallel.
        let written = pool
            .install(|| emitter.emit(&report, &mut *out))
            .and_then(|()| out.flush());
        release(report);
        (code, written)
    };
    release(program);
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

/// The `P008` notes of a run: one per absent declared module, at its first declaration.
fn absent_notes(
    world: &crate::defs::world::World,
    settings: &Settings,
    cwd: &Path,
    sandbox: &crate::sandbox::Sandbox,
) -> Vec<crate::report::FileReport> {
    let mut by_file: Vec<(PathBuf, Vec<crate::report::Diagnostic>)> = Vec::new();
    for (d, count) in world.absent() {
        let others = match count {
            1 => String::new(),
            n => format!(" (and by {} more)", n - 1),
        };
        let diag = codes::ABSENT_DEPENDENCY
            .diagnostic(
                d.module.span.clone(),
                format!(
                    "the module `{}` is declared here{others} but not installed: the names it \
                     may define are not checked",
                    d.module.full
                ),
            )
            .with_label("not found on the module path")
            .with_help(
                "give the folder that holds it with `--modulepath` (or `modulepath` in \
                 `plint.toml`), or install the test fixtures first",
            );
        match by_file.iter_mut().find(|(f, _)| *f == d.file) {
            Some((_, diags)) => diags.push(diag),
            None => by_file.push((d.file.clone(), vec![diag])),
        }
    }
    by_file
        .into_iter()
        .filter_map(|(file, mut diags)| {
            let profile = settings.profile(&settings.profile_key(&file));
            profile.adjust(&mut diags);
            if diags.is_empty() {
                return None;
            }
            let text = sandbox.read_to_string(&file).ok()?;
            Some(crate::report::FileReport::new(
                display_path(&file, cwd),
                text,
                diags,
            ))
        })
        .collect()
}

/// The sandbox of a run (see [`crate::sandbox`]): the checked paths' repositories are
/// untrusted; the files named on the command line are the user's own.
fn sandbox_for(args: &Args, cwd: &Path) -> crate::sandbox::Sandbox {
    let mut sandbox = crate::sandbox::Sandbox::new(cwd, &args.paths);
    if let Some(size) = args.max_file_size {
        sandbox.set_limits(crate::sandbox::Limits {
            max_file_size: size,
            ..sandbox.limits()
        });
    }
    for named in [&args.config, &args.facts, &args.hiera]
        .into_iter()
        .flatten()
    {
        sandbox.add_trusted(named);
    }
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
