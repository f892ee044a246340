//! Corpus benchmark: how long parsing the whole Puppet corpus takes, bare tree-sitter against
//! plint's `syntax::parse` (parse + lowering to the AST + syntax diagnostics).
//!
//! ```text
//! cargo bench --bench corpus                      # the corpus at /usr/share/puppet/modules
//! cargo bench --bench corpus -- --iters 20 --threads 2 --corpus DIR --csv out.csv
//! ```
//!
//! The corpus's `*.pp` files (symbolic links followed, each file once by device and inode,
//! `spec/fixtures` included) are read into memory once; then each variant runs over every
//! file, `--iters` times after one warm-up round:
//! - `ts-par`, `plint-par`: a rayon pool of `--threads` threads (default 2, as on the target
//!   machine; plint uses one per CPU), one reusable `tree_sitter::Parser` per thread;
//! - `ts-seq`, `plint-seq`: the same on the calling thread alone.
//!
//! Reported: min, median and mean wall time, throughput, and the ratios plint / tree-sitter.
//! Without a corpus the benchmark prints a note and exits successfully.

use std::cell::RefCell;
use std::collections::HashSet;
use std::fs;
use std::hint::black_box;
use std::io::Write;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use tree_sitter::Parser;

const DEFAULT_CORPUS: &str = "/usr/share/puppet/modules";

struct Options {
    corpus: PathBuf,
    iters: usize,
    threads: usize,
    csv: Option<PathBuf>,
}

fn options() -> Options {
    let mut o = Options {
        corpus: PathBuf::from(DEFAULT_CORPUS),
        iters: 10,
        threads: 2,
        csv: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .unwrap_or_else(|| panic!("{name} needs a value"))
        };
        match arg.as_str() {
            "--corpus" => o.corpus = PathBuf::from(value("--corpus")),
            "--iters" => o.iters = value("--iters").parse().expect("--iters N"),
            "--threads" => o.threads = value("--threads").parse().expect("--threads N"),
            "--csv" => o.csv = Some(PathBuf::from(value("--csv"))),
            // `cargo bench` passes `--bench`; a filter or other harness flags mean nothing here.
            _ => {}
        }
    }
    o.iters = o.iters.max(1);
    o.threads = o.threads.max(1);
    o
}

/// The `*.pp` files under `dir`, following symbolic links, each file and directory once.
fn collect(dir: &Path, seen: &mut HashSet<(u64, u64)>, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        let Ok(meta) = fs::metadata(&path) else {
            continue;
        };
        if !seen.insert((meta.dev(), meta.ino())) {
            continue;
        }
        if meta.is_dir() {
            collect(&path, seen, out);
        } else if meta.is_file() && path.extension().is_some_and(|e| e == "pp") {
            out.push(path);
        }
    }
}

thread_local! {
    static TS_PARSER: RefCell<Option<Parser>> = const { RefCell::new(None) };
}

/// Bare tree-sitter: parse, look at the root, drop the tree. Returns the root's child count.
fn ts_parse(source: &str) -> usize {
    TS_PARSER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let parser = slot.get_or_insert_with(|| {
            let mut p = Parser::new();
            p.set_language(&tree_sitter_puppet::LANGUAGE.into())
                .expect("grammar and runtime are compatible");
            p
        });
        let tree = parser.parse(source, None).expect("tree-sitter parses");
        tree.root_node().child_count() as usize
    })
}

/// plint: parse, lower, collect syntax diagnostics. Returns statements + diagnostics.
fn plint_parse(source: &str) -> usize {
    let parsed = plint::syntax::parse(source);
    parsed.ast.statements.len() + parsed.diagnostics.len()
}

struct Stats {
    name: &'static str,
    what: &'static str,
    times: Vec<Duration>,
    /// CPU time (user + system, all threads) per iteration, on average; `None` without
    /// `/proc`. Unlike wall time, it barely moves when other work shares the machine.
    cpu: Option<Duration>,
}

/// CPU time (user + system) this process has used so far, from `/proc/self/stat`
/// (in clock ticks of 10 ms, the Linux default).
fn process_cpu() -> Option<Duration> {
    let stat = fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name (which is in parentheses and may contain spaces):
    // state is field 3, utime field 14, stime field 15.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(Duration::from_millis((utime + stime) * 10))
}

impl Stats {
    fn sorted(&self) -> Vec<Duration> {
        let mut t = self.times.clone();
        t.sort();
        t
    }
    fn min(&self) -> Duration {
        self.sorted()[0]
    }
    fn median(&self) -> Duration {
        let t = self.sorted();
        let n = t.len();
        if n % 2 == 1 {
            t[n / 2]
        } else {
            (t[n / 2 - 1] + t[n / 2]) / 2
        }
    }
    fn mean(&self) -> Duration {
        self.times.iter().sum::<Duration>() / self.times.len() as u32
    }
}

fn run(
    name: &'static str,
    what: &'static str,
    iters: usize,
    mut round: impl FnMut() -> usize,
) -> Stats {
    // One warm-up round: page in the code, create the per-thread parsers, grow the heap.
    black_box(round());
    let mut times = Vec::with_capacity(iters);
    let cpu_start = process_cpu();
    for _ in 0..iters {
        let t = Instant::now();
        black_box(round());
        times.push(t.elapsed());
    }
    let cpu = match (cpu_start, process_cpu()) {
        (Some(a), Some(b)) => Some((b - a) / iters as u32),
        _ => None,
    };
    let s = Stats {
        name,
        what,
        times,
        cpu,
    };
    eprintln!(
        "  {:<10} min {:>9.2} ms  median {:>9.2} ms  cpu/iter {:>9.2} ms",
        name,
        ms(s.min()),
        ms(s.median()),
        s.cpu.map_or(f64::NAN, ms)
    );
    s
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let o = options();
    if !o.corpus.is_dir() {
        println!(
            "corpus benchmark skipped: no corpus at {} (install it, or pass --corpus DIR)",
            o.corpus.display()
        );
        return;
    }

    let mut paths = Vec::new();
    collect(&o.corpus, &mut HashSet::new(), &mut paths);
    let sources: Vec<String> = paths
        .iter()
        .filter_map(|p| {
            let bytes = fs::read(p).ok()?;
            Some(String::from_utf8_lossy(&bytes).into_owned())
        })
        .collect();
    if sources.is_empty() {
        println!(
            "corpus benchmark skipped: no .pp files under {}",
            o.corpus.display()
        );
        return;
    }
    let bytes: usize = sources.iter().map(String::len).sum();
    let lines: usize = sources.iter().map(|s| s.lines().count()).sum();

    let pool = plint::lint::worker_pool(o.threads).expect("rayon pool");

    println!(
        "corpus: {} ({} files, {} bytes, {} lines); {} iterations after 1 warm-up; \
         parallel = {} threads",
        o.corpus.display(),
        sources.len(),
        bytes,
        lines,
        o.iters,
        o.threads
    );
    eprintln!("running:");

    let par = |f: fn(&str) -> usize| {
        let sources = &sources;
        let pool = &pool;
        move || pool.install(|| sources.par_iter().map(|s| f(s)).sum::<usize>())
    };
    let seq = |f: fn(&str) -> usize| {
        let sources = &sources;
        move || sources.iter().map(|s| f(s)).sum::<usize>()
    };
    // The sequential variants run on a pool thread too, for its large stack (lowering
    // recurses), but on one thread only.
    let one = plint::lint::worker_pool(1).expect("rayon pool");

    let ts_par = run("ts-par", "bare tree-sitter parse", o.iters, par(ts_parse));
    let plint_par = run(
        "plint-par",
        "plint::syntax::parse",
        o.iters,
        par(plint_parse),
    );
    let ts_seq = one.install(|| run("ts-seq", "bare tree-sitter parse", o.iters, seq(ts_parse)));
    let plint_seq = one.install(|| {
        run(
            "plint-seq",
            "plint::syntax::parse",
            o.iters,
            seq(plint_parse),
        )
    });

    let all = [&ts_par, &plint_par, &ts_seq, &plint_seq];
    println!();
    println!(
        "| variant   | threads | what                   |   min ms | median ms |  mean ms | CPU ms/iter | MB/s (median) | files/s (median) |"
    );
    println!(
        "|-----------|--------:|------------------------|---------:|----------:|---------:|------------:|--------------:|-----------------:|"
    );
    for s in all {
        let threads = if s.name.ends_with("par") {
            o.threads
        } else {
            1
        };
        let med = s.median().as_secs_f64();
        println!(
            "| {:<9} | {:>7} | {:<22} | {:>8.2} | {:>9.2} | {:>8.2} | {:>11.1} | {:>13.2} | {:>16.0} |",
            s.name,
            threads,
            s.what,
            ms(s.min()),
            ms(s.median()),
            ms(s.mean()),
            s.cpu.map_or(f64::NAN, ms),
            bytes as f64 / med / 1e6,
            sources.len() as f64 / med,
        );
    }
    let ratio = |a: &Stats, b: &Stats| a.median().as_secs_f64() / b.median().as_secs_f64();
    let ratio_min = |a: &Stats, b: &Stats| a.min().as_secs_f64() / b.min().as_secs_f64();
    println!();
    println!(
        "plint / bare tree-sitter, {} threads: {:.3} (median), {:.3} (min)",
        o.threads,
        ratio(&plint_par, &ts_par),
        ratio_min(&plint_par, &ts_par)
    );
    println!(
        "plint / bare tree-sitter, 1 thread:  {:.3} (median), {:.3} (min)",
        ratio(&plint_seq, &ts_seq),
        ratio_min(&plint_seq, &ts_seq)
    );
    let cpu_ratio = |a: &Stats, b: &Stats| match (a.cpu, b.cpu) {
        (Some(a), Some(b)) => format!("{:.3}", a.as_secs_f64() / b.as_secs_f64()),
        _ => "-".to_string(),
    };
    println!(
        "plint / bare tree-sitter, CPU time: {} ({} threads), {} (1 thread)",
        cpu_ratio(&plint_par, &ts_par),
        o.threads,
        cpu_ratio(&plint_seq, &ts_seq)
    );
    println!(
        "speed-up of {} threads over 1: tree-sitter {:.2}x, plint {:.2}x",
        o.threads,
        ratio(&ts_seq, &ts_par),
        ratio(&plint_seq, &plint_par)
    );

    if let Some(path) = &o.csv {
        write_csv(path, &all, &o, sources.len(), bytes);
    }
}

/// `--csv FILE`: a line per variant.
fn write_csv(path: &Path, all: &[&Stats], o: &Options, files: usize, bytes: usize) {
    let mut f = fs::File::create(path).expect("create the CSV file");
    writeln!(
        f,
        "variant,threads,files,bytes,iters,min_ms,median_ms,mean_ms"
    )
    .expect("write the CSV file");
    for s in all {
        let threads = if s.name.ends_with("par") {
            o.threads
        } else {
            1
        };
        writeln!(
            f,
            "{},{},{},{},{},{:.3},{:.3},{:.3},{:.1}",
            s.name,
            threads,
            files,
            bytes,
            o.iters,
            ms(s.min()),
            ms(s.median()),
            ms(s.mean()),
            s.cpu.map_or(f64::NAN, ms)
        )
        .expect("write the CSV file");
    }
}
