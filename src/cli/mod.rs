//! The command line: `plint [OPTIONS] [PATH...]`.
//!
//! The phases of a run: discover the files, read them, parse and lower them (in parallel on a
//! rayon pool whose threads have large stacks, as parsing deeply nested input recurses),
//! then sort the findings and write the report. `--timings` prints how long each took.

pub mod args;
pub mod check;

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Parser;
use termcolor::{BufferedStandardStream, ColorChoice, WriteColor};

use crate::discover::NoteKind;
use crate::report::{EmitOptions, OutputFormat, Report, codes, display_path, thousands};
use args::{Args, ColorWhen};

/// Stack size of each worker thread.
pub const WORKER_STACK_SIZE: usize = 64 << 20;

/// Exit status: nothing at error level.
pub const EXIT_OK: i32 = 0;
/// Exit status: something at error level was found.
pub const EXIT_FINDINGS: i32 = 1;
/// Exit status: plint could not do its job (usage, missing path, output not writable).
pub const EXIT_FAILURE: i32 = 2;

/// Runs plint with the process's arguments; returns the exit code.
pub fn run() -> i32 {
    run_with(std::env::args_os())
}

/// Runs plint with the given arguments (the first is the program name).
pub fn run_with<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args = match Args::try_parse_from(args) {
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
    match execute(&args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("plint: error: {message}");
            EXIT_FAILURE
        }
    }
}

/// How long each phase took, and how much it handled.
#[derive(Debug, Default)]
struct Timings {
    discover: Duration,
    read: Duration,
    parse: Duration,
    report: Duration,
    files: usize,
    bytes: usize,
    threads: usize,
}

impl Timings {
    fn print(&self, total: Duration) {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        eprintln!("plint timings ({} threads):", self.threads);
        eprintln!(
            "  discover    {:>10.2} ms  {} files",
            ms(self.discover),
            thousands(self.files)
        );
        eprintln!(
            "  read        {:>10.2} ms  {} bytes",
            ms(self.read),
            thousands(self.bytes)
        );
        eprintln!("  parse+lower {:>10.2} ms", ms(self.parse));
        eprintln!("  report      {:>10.2} ms", ms(self.report));
        eprintln!("  total       {:>10.2} ms", ms(total));
    }
}

fn execute(args: &Args) -> Result<i32, String> {
    let start = Instant::now();
    let mut timings = Timings::default();
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));

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
    let discovered = crate::discover::discover(&args.paths).map_err(|e| e.to_string())?;
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
            eprintln!("plint: note: {}: {kind}", display_path(&note.path, &cwd));
        }
    }

    let phase = Instant::now();
    let sources = pool.install(|| check::read_all(&discovered.files, &cwd));
    timings.read = phase.elapsed();
    timings.bytes = sources.iter().map(|s| s.bytes).sum();

    let phase = Instant::now();
    let files = pool.install(|| check::check_all(sources));
    timings.parse = phase.elapsed();

    let phase = Instant::now();
    let report = Report::new(files, discovered.files.len(), codes::BUILTIN.to_vec());
    let format = OutputFormat::from(args.format);
    let emitter = format.emitter(EmitOptions { quiet: args.quiet });
    let code = if report.has_errors() {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    };
    let written = emitter.emit(&report, &mut *out).and_then(|()| out.flush());
    timings.report = phase.elapsed();
    if args.timings {
        timings.print(start.elapsed());
    }
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

/// The report's destination: stdout (coloured per `--color`, `auto` meaning "if it is a
/// terminal and NO_COLOR is not set") or a file (coloured only with `--color always`).
fn open_output(path: Option<&Path>, color: ColorWhen) -> Result<Box<dyn WriteColor>, String> {
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
