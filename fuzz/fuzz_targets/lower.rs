//! Fuzz target: check mode on one file, as `plint` runs it: the bytes are decoded as a file's
//! (P002 for a NUL byte, P003 and lossy decoding for invalid UTF-8), parsed, lowered and
//! checked by every rule (the ones off by default too), then fixed (`--fix`, on inputs of up to
//! 4 KiB) and reported in every format.
//!
//! Besides "no panic, no hang, no OOM", it checks what the report promises for text from a
//! hostile file: no line of the human format starts with `::` or holds a control or invisible
//! character, and neither the human nor the JSON format holds `##[`. The file's name is taken
//! from the input's first bytes, so that names get escaped too.
#![no_main]

use std::path::PathBuf;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use plint::config::{CliOptions, Profile, Settings};
use plint::report::escape::is_hidden;
use plint::report::{EmitOptions, FileReport, OutputFormat, Report};

/// The path the rules see (module layout rules read it).
const PATH: &str = "modules/fuzz/manifests/init.pp";

/// Every rule, at its default severity, with no configuration file.
fn profile() -> &'static Profile {
    static PROFILE: OnceLock<Profile> = OnceLock::new();
    PROFILE.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("plint-fuzz-lower-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let codes = plint::rules::registry::RULES
            .iter()
            .map(|r| r.info().code.to_string())
            .collect();
        let cli = CliOptions {
            select: Some(codes),
            ..CliOptions::default()
        };
        let mut sandbox = plint::sandbox::Sandbox::new(&dir, &[]);
        let profile = Settings::load(&cli, &dir, &mut sandbox)
            .unwrap()
            .profile(&[]);
        let _ = std::fs::remove_dir(&dir);
        profile
    })
}

fn render(format: OutputFormat, report: &Report) -> String {
    let mut out = termcolor::NoColor::new(Vec::new());
    format
        .emitter(EmitOptions::default())
        .emit(report, &mut out)
        .unwrap();
    String::from_utf8(out.into_inner()).unwrap()
}

fuzz_target!(|data: &[u8]| {
    let name = String::from_utf8_lossy(&data[..data.len().min(12)]);
    let display = format!("dir/{name}.pp");
    let source = plint::lint::check::decode(PathBuf::from(PATH), display.clone(), data.to_vec());
    let Some(text) = source.text.as_deref() else {
        return;
    };
    let lint = |t: &str| plint::lint::check::lint(PATH, t, profile());
    let mut diagnostics = source.diagnostics.clone();
    diagnostics.extend(lint(text));
    if text.len() <= 4096 {
        // As `--fix` does; nothing is fixed in a text that is not the file's (P003).
        let _ = plint::lint::fix::fix(text, diagnostics.clone(), lint);
    }
    let file = FileReport::new(display, text.to_string(), diagnostics);
    let report = Report::new(vec![file], 1, plint::cli::catalog());

    let human = render(OutputFormat::Human, &report);
    for line in human.split('\n') {
        assert!(
            !line.trim_start().starts_with("::"),
            "a line starts with `::`: {line:?}"
        );
        assert!(
            !line.chars().any(is_hidden),
            "a hidden character in {line:?}"
        );
    }
    assert!(!human.contains("##["), "`##[` in {human:?}");
    let json = render(OutputFormat::Json, &report);
    assert!(!json.contains("##["), "`##[` in {json:?}");
    assert!(json.chars().all(|c| c == '\n' || !is_hidden(c)));
    let github = render(OutputFormat::Github, &report);
    for line in github.lines() {
        assert!(line.starts_with("::"), "{line:?}");
        assert!(!line.contains('\r'), "{line:?}");
    }
    let _ = render(OutputFormat::Sarif, &report);
});
