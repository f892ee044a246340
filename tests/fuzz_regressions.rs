//! Inputs found by fuzzing (see `fuzz/README.md`), minimized, kept as regression tests: each
//! goes through the stage of its fuzz target (`parse`, `lower`, `infer`, `evaluate`, `hiera`,
//! see [`Stage`]) within a time limit, without panicking, and with what the target checks (every
//! span inside the text, the report's escaping).
//!
//! Each input runs in a child process (this test binary run again, filtered to the one
//! test), so that a hang or a runaway allocation is killed at the time limit instead of taking
//! the whole test run, or the machine's memory, with it.
//!
//! Tests marked `#[ignore]` still fail: their reason names the fix they wait for. Run them with
//! `cargo test --test fuzz_regressions -- --include-ignored`.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long one parse may take before it counts as a hang. This is a guard against hangs and
/// runaway (cubic and worse) behaviour, not a speed test: these inputs parse in milliseconds,
/// and the limit is generous so that a debug build on a loaded 2-core CI machine never trips
/// it. Speed is measured in benchmarks (BENCHMARKS.md), never here.
const LIMIT: Duration = Duration::from_secs(60);

const CHILD_ENV: &str = "PLINT_FUZZ_REGRESSION_CHILD";

/// The fuzz target an input was found by: what the child does with it.
#[derive(Debug, Clone, Copy)]
enum Stage {
    /// `plint::syntax::parse`, every span checked.
    Parse,
    /// Check mode on one file with every rule, fixes, and the report in every format.
    Lower,
    /// Type inference with the file's index.
    Infer,
    /// Catalog compilation: `MANIFEST\n%%\nFACTS`.
    Evaluate,
    /// Hiera lookups: `HIERA_YAML\n%%\nDATA`.
    Hiera,
}

/// Parses `input` in a child process and fails if it panics, breaks a span invariant, or takes
/// longer than [`LIMIT`]. `name` is the calling test's name (the child runs only that test).
fn check(name: &str, input: &[u8]) {
    check_stage(name, Stage::Parse, input)
}

/// [`check`] through `stage`.
fn check_stage(name: &str, stage: Stage, input: &[u8]) {
    if std::env::var(CHILD_ENV).as_deref() == Ok(name) {
        match stage {
            Stage::Parse => stages::parse(input),
            Stage::Lower => {
                let dir = tempfile::tempdir().unwrap();
                stages::lower(input, &stages::profile(dir.path()));
            }
            Stage::Infer => stages::infer(input),
            Stage::Evaluate => stages::evaluate(input),
            Stage::Hiera => {
                let dir = tempfile::tempdir().unwrap();
                std::fs::create_dir(dir.path().join("data")).unwrap();
                stages::hiera(input, dir.path());
            }
        }
        return;
    }
    let mut child = Command::new(std::env::current_exe().expect("the test binary's path"))
        .args([
            name,
            "--exact",
            "--include-ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_ENV, name)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the test binary runs again");
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("waiting for the child") {
            let out = child.wait_with_output().expect("the child's output");
            assert!(
                status.success(),
                "{stage:?} of {input:?} failed ({status}):\n{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            return;
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            let shown = String::from_utf8_lossy(&input[..input.len().min(120)]);
            panic!(
                "{stage:?} of {} bytes did not finish within {LIMIT:?} (a hang or superlinear \
                 time); input starts with {shown:?}",
                input.len()
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Found by cargo-fuzz (a 216-byte input, minimized to this). A heredoc whose tag starts with a
/// NUL byte, with the file ending at the start of its first body line: the external scanner's
/// end-line check (scanner.c, `scan_text`) compares the tag's `\0` with the lookahead at end of
/// file, which tree-sitter reports as 0, counts it as consumed text, and returns a zero-length
/// `heredoc_content` token. The parser accepts it and asks again, for ever, allocating as it
/// goes (24 GB in two minutes).
#[test]
fn heredoc_tag_starting_with_nul_at_end_of_file() {
    check("heredoc_tag_starting_with_nul_at_end_of_file", b"@(\0k)\n");
}

/// The same, as the fuzzer first found it: in an assignment, tag in quotes, blank line after.
#[test]
fn heredoc_tag_starting_with_nul_in_assignment() {
    check(
        "heredoc_tag_starting_with_nul_in_assignment",
        b"$a = @(\"\0k\")\n\n",
    );
}

/// Many `@(` on one line with no `)`: at each one, the scanner reads the would-be heredoc spec
/// up to the end of the line before giving up (scanner.c, `scan_heredoc_start`), so the rest of
/// the line is read once per `@(`: quadratic (this 1 MB input: 40 s in a release build; 32,000
/// `@(` alone: 5 s).
#[test]
fn many_heredoc_openers_on_one_long_line() {
    let input = format!("{}{}", "@(".repeat(1_000), "x".repeat(1_000_000));
    check("many_heredoc_openers_on_one_long_line", input.as_bytes());
}

/// A heredoc line with many interpolations (or escapes followed by text). The scanner must know
/// whether each heredoc token starts a line (where the end line is looked for) without asking
/// tree-sitter for the column, which reads the line again from its start whenever the previous
/// token ended before the lexer's lookahead: that was quadratic in the line's length (16,000
/// `$x `: 5 s in a release build). It now remembers whether its last token ended a line.
#[test]
fn heredoc_line_with_many_interpolations() {
    let input = format!("$a = @(\"E\")\n{}\nE\n", "$x ".repeat(32_000));
    check("heredoc_line_with_many_interpolations", input.as_bytes());
}

/// `$a = )` repeated: assignments nest to the right, each with an ERROR inside, so the n-th
/// ERROR is about n levels deep. For each ERROR, `ErrorContext::assignment_in_attributes`
/// (crates/plint-syntax/src/syntax/errors.rs) walks its ancestors with `Node::parent()`, which tree-sitter answers
/// by descending from the root (O(depth)): O(n^2) per error, O(n^3) in all (800 lines, 5.6 KB:
/// 10 s in a release build).
#[test]
fn nested_errors_in_right_assoc_assignments() {
    check(
        "nested_errors_in_right_assoc_assignments",
        "$a = )\n".repeat(800).as_bytes(),
    );
}

/// `; (` repeated: every `(` is left open, so the syntax diagnostics re-parse the file with the
/// closers appended (`errors_with_closers`), giving ERRORs nested about n deep, and the same
/// ancestor walk as above makes it cubic: 1.5 KB takes 8 s in a release build.
#[test]
fn unclosed_parentheses_after_semicolons() {
    check(
        "unclosed_parentheses_after_semicolons",
        "; (".repeat(500).as_bytes(),
    );
}

/// What the fuzz targets do with an input: the targets' own code.
#[path = "../fuzz/stages.rs"]
mod stages;

/// Each stage's child on a committed seed of its target (the seeds are where fuzzing starts:
/// each must pass).
macro_rules! seed_tests {
    ($($name:ident: $stage:ident $path:literal;)*) => {$(
        #[test]
        fn $name() {
            check_stage(stringify!($name), Stage::$stage, include_bytes!($path));
        }
    )*};
}

seed_tests! {
    seed_lower_hostile: Lower "../fuzz/seeds/lower/hostile.pp";
    seed_lower_style: Lower "../fuzz/seeds/lower/style.pp";
    seed_infer_types: Infer "../fuzz/seeds/infer/types.pp";
    seed_evaluate_basic: Evaluate "../fuzz/seeds/evaluate/basic.pp";
    seed_evaluate_errors: Evaluate "../fuzz/seeds/evaluate/errors.pp";
    seed_hiera_config_and_data: Hiera "../fuzz/seeds/hiera/config_and_data.yaml";
}
