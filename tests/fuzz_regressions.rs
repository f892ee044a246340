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
            Stage::Parse => parse_and_check(input),
            Stage::Lower => stages::lower(input),
            Stage::Infer => stages::infer(input),
            Stage::Evaluate => stages::evaluate(input),
            Stage::Hiera => stages::hiera(input),
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

/// What the fuzz target checks: no panic, and every span within the text on char boundaries.
fn parse_and_check(input: &[u8]) {
    use plint::syntax::ast::{ExprKind, Span, StringKind, StringPart};

    let text = String::from_utf8_lossy(input);
    let text: &str = &text;
    let within = |what: &str, start: usize, end: usize| {
        assert!(
            start <= end
                && end <= text.len()
                && text.is_char_boundary(start)
                && text.is_char_boundary(end),
            "{what} span {start}..{end} is not a range of the text (length {})",
            text.len()
        );
    };
    let span = |what: &str, s: Span| within(what, s.start as usize, s.end as usize);

    let parsed = plint::syntax::parse(text);
    for d in &parsed.diagnostics {
        within("diagnostic", d.span.start, d.span.end);
        for l in &d.labels {
            within("label", l.span.start, l.span.end);
        }
    }
    span("file", parsed.ast.span);
    for c in &parsed.ast.comments {
        span("comment", c.span);
    }
    parsed.ast.walk(&mut |e| {
        span("expression", e.span);
        if let ExprKind::String(s) = &e.kind {
            for p in &s.parts {
                match p {
                    StringPart::Text { span: s, .. } => span("string text", *s),
                    StringPart::Interpolation { span: s, .. } => span("interpolation", *s),
                }
            }
            if let StringKind::Heredoc(h) = &s.kind {
                span("heredoc body", h.body_span);
            }
        }
    });
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
/// (src/syntax/errors.rs) walks its ancestors with `Node::parent()`, which tree-sitter answers
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

/// What the fuzz targets other than `parse` do with an input (see `fuzz/fuzz_targets/`).
mod stages {
    use std::path::{Path, PathBuf};

    use plint::config::{CliOptions, Settings};
    use plint::eval::Value;
    use plint::eval::compiler::{CompileInput, Manifest, Node, compile};
    use plint::eval::hiera::{Hiera, HieraScope, MergeStrategy};
    use plint::report::escape::is_hidden;
    use plint::report::{EmitOptions, FileReport, OutputFormat, Report};

    const PATH: &str = "modules/fuzz/manifests/init.pp";

    fn render(format: OutputFormat, report: &Report) -> String {
        let mut out = termcolor::NoColor::new(Vec::new());
        format
            .emitter(EmitOptions::default())
            .emit(report, &mut out)
            .unwrap();
        String::from_utf8(out.into_inner()).unwrap()
    }

    pub fn lower(data: &[u8]) {
        let dir = tempfile::tempdir().unwrap();
        let codes = plint::rules::registry::RULES
            .iter()
            .map(|r| r.info().code.to_string())
            .collect();
        let cli = CliOptions {
            select: Some(codes),
            ..CliOptions::default()
        };
        let mut sandbox = plint::sandbox::Sandbox::new(dir.path(), &[]);
        let profile = Settings::load(&cli, dir.path(), &mut sandbox)
            .unwrap()
            .profile(&[]);
        let name = String::from_utf8_lossy(&data[..data.len().min(12)]);
        let display = format!("dir/{name}.pp");
        let source =
            plint::lint::check::decode(PathBuf::from(PATH), display.clone(), data.to_vec());
        let Some(text) = source.text.as_deref() else {
            return;
        };
        let lint = |t: &str| plint::lint::check::lint(PATH, t, &profile);
        let mut diagnostics = source.diagnostics.clone();
        diagnostics.extend(lint(text));
        if text.len() <= 4096 {
            let _ = plint::lint::fix::fix(text, diagnostics.clone(), lint);
        }
        let file = FileReport::new(display, text.to_string(), diagnostics);
        let report = Report::new(vec![file], 1, plint::cli::catalog());
        let human = render(OutputFormat::Human, &report);
        for line in human.split('\n') {
            assert!(!line.trim_start().starts_with("::"), "{line:?}");
            assert!(!line.chars().any(is_hidden), "{line:?}");
        }
        assert!(!human.contains("##["), "{human}");
        for format in [
            OutputFormat::Json,
            OutputFormat::Sarif,
            OutputFormat::Github,
        ] {
            let out = render(format, &report);
            assert!(!out.contains("##["), "{out}");
            assert!(out.chars().all(|c| c == '\n' || !is_hidden(c)), "{out:?}");
        }
    }

    pub fn infer(data: &[u8]) {
        let text = String::from_utf8_lossy(data);
        let parsed = plint::syntax::parse(&text);
        if parsed
            .diagnostics
            .iter()
            .any(|d| d.code == "P001" || d.code == "P004")
        {
            return;
        }
        let manifests = [plint::defs::index::Manifest {
            path: Path::new(PATH),
            source: &text,
            ast: &parsed.ast,
        }];
        let sandbox = plint::sandbox::Sandbox::new(Path::new("/"), &[]);
        let index = plint::defs::Index::load(&manifests, &[], &sandbox);
        let analysis = plint::infer::analyze_with_types(&parsed.ast, &text, &index);
        for (span, _) in &analysis.types {
            let (start, end) = (span.start as usize, span.end as usize);
            assert!(start <= end && end <= text.len() && text.is_char_boundary(start));
            assert!(text.is_char_boundary(end));
        }
    }

    pub fn evaluate(data: &[u8]) {
        let input = String::from_utf8_lossy(data);
        let (manifest, facts) = match input.split_once("\n%%\n") {
            Some((m, f)) => (m, Some(f)),
            None => (&*input, None),
        };
        let (name, facts) = match facts {
            None => (
                "node.example.com".to_string(),
                plint::rules::catalog::example_facts(),
            ),
            Some(text) => match plint::eval::facts::parse(Path::new("facts"), text) {
                Ok(f) => (
                    plint::eval::facts::node_name(&f)
                        .unwrap_or_else(|| "node.example.com".to_string()),
                    f.values,
                ),
                Err(_) => return,
            },
        };
        let input = CompileInput {
            manifest: Manifest::Code(manifest.to_string()),
            sandbox: std::sync::Arc::new(plint::sandbox::Sandbox::new(Path::new("/"), &[])),
            budgets: Default::default(),
            modulepath: Vec::new(),
            hiera: None,
            environment_dir: None,
            environment: "production".to_string(),
            strict_variables: data.len() % 2 == 1,
            node: Node::new(&name, facts),
        };
        let output = compile(&input);
        if let Some(c) = &output.catalog {
            let _ = serde_json::to_string_pretty(&c.to_json()).unwrap();
        }
    }

    struct Scope(Node);

    impl HieraScope for Scope {
        fn variable(&self, name: &str) -> Option<Value> {
            match name {
                "facts" => Some(Value::hash(self.0.facts.clone())),
                "trusted" => Some(Value::hash(self.0.trusted.clone())),
                "server_facts" => Some(Value::hash(self.0.server_facts.clone())),
                "environment" => Some(Value::string("production")),
                _ => self.0.facts.get_str(name).cloned(),
            }
        }
    }

    pub fn hiera(data: &[u8]) {
        let input = String::from_utf8_lossy(data);
        let (config, common) = input
            .split_once("\n%%\n")
            .expect("a hiera input is `HIERA_YAML\\n%%\\nDATA`");
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("data")).unwrap();
        std::fs::write(dir.path().join("hiera.yaml"), config).unwrap();
        std::fs::write(dir.path().join("data/common.yaml"), common).unwrap();
        let mut keys: Vec<String> = match plint::eval::yaml::parse(common) {
            Ok(Value::Hash(h)) => h
                .iter()
                .take(8)
                .map(|(k, _)| k.to_puppet_string())
                .collect(),
            _ => Vec::new(),
        };
        keys.push("fuzz::absent".to_string());
        let scope = Scope(Node::new(
            "node.example.com",
            plint::rules::catalog::example_facts(),
        ));
        let sandbox = plint::sandbox::Sandbox::new(dir.path(), &[dir.path().to_path_buf()]);
        let hiera = Hiera::new(None, Some(dir.path()), &[], std::sync::Arc::new(sandbox));
        let deep = MergeStrategy::from_value(&Value::string("deep")).unwrap();
        for key in &keys {
            let _ = hiera.lookup(key, None, &scope);
            let _ = hiera.lookup(key, Some(&deep), &scope);
        }
    }
}

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
