//! Developer tasks for plint, run as `cargo xtask <command>` (an alias of `cargo run -p xtask --`).
//!
//! * `gen-grammar` regenerates the committed parser of `tree-sitter-puppet/` from its `grammar.js`,
//!   exactly as `tree-sitter generate` of CLI 0.27.1 does (ABI 15), but without node or the CLI:
//!   the generator library evaluates `grammar.js` with its built-in QuickJS runtime. One step
//!   follows: the lexer's character maps are written as `switch` statements (see
//!   [`switch_advance_maps`]).
//! * `check-grammar` regenerates into a temporary directory and fails if any committed generated
//!   file differs, so CI catches a `grammar.js` change whose parser was not regenerated.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Instant, SystemTime, UNIX_EPOCH};
use std::{env, fs};

use tree_sitter_generate::{Diagnostic, OptLevel, generate_parser_in_directory};

/// The parser ABI to generate. `tree-sitter generate` 0.27.1 defaults to 15 as well; the plint
/// runtime (tree-sitter 0.27.1) loads 13 to 15.
const ABI_VERSION: usize = 15;

/// The files `generate_parser_in_directory` writes under `src/`, relative to it.
const GENERATED_FILES: &[&str] = &[
    "grammar.json",
    "node-types.json",
    "parser.c",
    "tree_sitter/alloc.h",
    "tree_sitter/array.h",
    "tree_sitter/parser.h",
];

const STALE_HINT: &str = "the committed parser is stale: run `cargo run -p xtask -- gen-grammar`";

const USAGE: &str = "\
usage: cargo xtask <command> [--grammar-dir DIR]

commands:
  gen-grammar     regenerate DIR/src/{parser.c,grammar.json,node-types.json,tree_sitter/*.h}
                  from DIR/grammar.js (as `tree-sitter generate` 0.27.1 does, ABI 15),
                  the lexer's character maps written as switch statements
  check-grammar   regenerate into a temporary directory and fail (exit 1) if the committed
                  files in DIR/src differ
  help            print this message

options:
  --grammar-dir DIR   the grammar directory (default: tree-sitter-puppet/ in this workspace)

exit status: 0 success, 1 stale parser, 2 usage or generation error";

fn main() -> ExitCode {
    match run(env::args_os().skip(1).collect()) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

#[derive(Debug, PartialEq, Eq)]
enum Command {
    GenGrammar,
    CheckGrammar,
    Help,
}

fn run(args: Vec<OsString>) -> Result<ExitCode, String> {
    let mut command = None;
    let mut grammar_dir = None;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.to_str() {
            Some("gen-grammar") if command.is_none() => command = Some(Command::GenGrammar),
            Some("check-grammar") if command.is_none() => command = Some(Command::CheckGrammar),
            Some("help" | "-h" | "--help") => command = Some(Command::Help),
            Some("--grammar-dir") => {
                let dir = args
                    .next()
                    .ok_or_else(|| format!("--grammar-dir needs a value\n\n{USAGE}"))?;
                grammar_dir = Some(PathBuf::from(dir));
            }
            _ => {
                return Err(format!(
                    "unexpected argument `{}`\n\n{USAGE}",
                    arg.to_string_lossy()
                ));
            }
        }
    }
    let grammar_dir = grammar_dir.unwrap_or_else(default_grammar_dir);
    match command {
        Some(Command::GenGrammar) => gen_grammar(&grammar_dir).map(|()| ExitCode::SUCCESS),
        Some(Command::CheckGrammar) => check_grammar(&grammar_dir),
        Some(Command::Help) => {
            println!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        None => Err(format!("no command given\n\n{USAGE}")),
    }
}

/// `tree-sitter-puppet/` next to this crate, wherever the workspace is checked out.
fn default_grammar_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives inside the workspace")
        .join("tree-sitter-puppet")
}

fn gen_grammar(grammar_dir: &Path) -> Result<(), String> {
    let start = Instant::now();
    let src = grammar_dir.join("src");
    generate(grammar_dir, &src)?;
    eprintln!(
        "regenerated {} ({}) from grammar.js in {:.2?}",
        src.display(),
        GENERATED_FILES.join(", "),
        start.elapsed()
    );
    Ok(())
}

fn check_grammar(grammar_dir: &Path) -> Result<ExitCode, String> {
    let start = Instant::now();
    let scratch = ScratchDir::new()?;
    let fresh = scratch.path().join("src");
    generate(grammar_dir, &fresh)?;

    let committed = grammar_dir.join("src");
    let mut stale = Vec::new();
    for file in GENERATED_FILES {
        let expected =
            fs::read(fresh.join(file)).map_err(|e| format!("cannot read generated {file}: {e}"))?;
        match fs::read(committed.join(file)) {
            Ok(actual) if actual == expected => {}
            Ok(actual) => stale.push(format!(
                "  {}: differs{}",
                committed.join(file).display(),
                first_difference(&actual, &expected)
            )),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                stale.push(format!("  {}: missing", committed.join(file).display()));
            }
            Err(e) => {
                return Err(format!(
                    "cannot read {}: {e}",
                    committed.join(file).display()
                ));
            }
        }
    }

    if stale.is_empty() {
        eprintln!(
            "the committed parser in {} is up to date ({:.2?})",
            committed.display(),
            start.elapsed()
        );
        Ok(ExitCode::SUCCESS)
    } else {
        eprintln!(
            "generated files differ from {}/grammar.js:",
            grammar_dir.display()
        );
        for line in &stale {
            eprintln!("{line}");
        }
        eprintln!("{STALE_HINT}");
        Ok(ExitCode::from(1))
    }
}

/// Runs the generator the way `tree-sitter generate [--output OUT]` 0.27.1 does in `grammar_dir`:
/// the same library entry point with the CLI's defaults (ABI 15, state merging on, no state
/// report), except that grammar.js is evaluated by the built-in QuickJS runtime instead of node.
/// Both runtimes feed the JSON through the same pretty-printer, so the output is identical.
/// Then the lexer's character maps in `parser.c` become `switch` statements
/// ([`switch_advance_maps`]).
fn generate(grammar_dir: &Path, out_src: &Path) -> Result<(), String> {
    let grammar_js = grammar_dir.join("grammar.js");
    if !grammar_js.is_file() {
        return Err(format!("{} does not exist", grammar_js.display()));
    }
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    let result = generate_parser_in_directory(
        grammar_dir,
        Some(out_src),
        None::<PathBuf>,
        ABI_VERSION,
        None,
        Some("native"),
        true,
        OptLevel::default(),
        &mut diagnostics,
    );
    // Like the CLI, print the generator's warnings whether or not generation succeeded.
    for diagnostic in &diagnostics {
        eprintln!("warning: {diagnostic}");
    }
    result.map_err(|e| format!("generating the parser from {}: {e}", grammar_js.display()))?;
    let parser_c = out_src.join("parser.c");
    let text = fs::read_to_string(&parser_c)
        .map_err(|e| format!("cannot read {}: {e}", parser_c.display()))?;
    let text = switch_advance_maps(&text)?;
    fs::write(&parser_c, text).map_err(|e| format!("cannot write {}: {e}", parser_c.display()))
}

/// Writes each `ADVANCE_MAP(char, state, ...)` of the generated lexer as a `switch` on the
/// character with one `case char: ADVANCE(state);` an entry.
///
/// The generator's macro (in `tree_sitter/parser.h`) looks the character up in a static array
/// one pair at a time. The lexer's start states map some thirty characters this way, and every
/// character read in them (each blank between tokens among them) goes through the whole array
/// when it is not there; a `switch` lets the C compiler make a jump table or a binary search.
/// The transitions are the same, in the same states, tried before the same other tests (the
/// characters of a map are distinct, and each entry leaves the state with `goto`).
fn switch_advance_maps(parser_c: &str) -> Result<String, String> {
    let mut out = String::with_capacity(parser_c.len() + parser_c.len() / 8);
    let mut lines = parser_c.split_inclusive('\n').enumerate();
    while let Some((_, line)) = lines.next() {
        let Some(indent) = line.strip_suffix("ADVANCE_MAP(\n") else {
            out.push_str(line);
            continue;
        };
        if !indent.bytes().all(|b| b == b' ') {
            out.push_str(line);
            continue;
        }
        out.push_str(indent);
        out.push_str("switch (lookahead) {\n");
        loop {
            let Some((n, entry)) = lines.next() else {
                return Err("parser.c ends inside an ADVANCE_MAP".to_string());
            };
            let entry = entry.trim();
            if entry == ");" {
                break;
            }
            // `CHAR, STATE,` where CHAR is a C character literal (maybe `','`) or a number.
            let pair = entry
                .strip_suffix(',')
                .and_then(|e| e.rsplit_once(", "))
                .filter(|(c, s)| !c.is_empty() && s.bytes().all(|b| b.is_ascii_digit()));
            let Some((character, state)) = pair else {
                return Err(format!(
                    "parser.c line {}: unexpected ADVANCE_MAP entry `{entry}`",
                    n + 1
                ));
            };
            out.push_str(&format!("{indent}  case {character}: ADVANCE({state});\n"));
        }
        out.push_str(indent);
        out.push_str("}\n");
    }
    Ok(out)
}

/// A short description of where two files first differ, to help spot line-ending or version
/// problems.
fn first_difference(committed: &[u8], generated: &[u8]) -> String {
    let committed_lines: Vec<&[u8]> = committed.split_inclusive(|&b| b == b'\n').collect();
    let generated_lines: Vec<&[u8]> = generated.split_inclusive(|&b| b == b'\n').collect();
    let differing = committed_lines
        .iter()
        .zip(&generated_lines)
        .position(|(a, b)| a != b);
    match differing {
        Some(i) => {
            let (a, b) = (excerpt(committed_lines[i]), excerpt(generated_lines[i]));
            if a == b {
                format!(" (line endings differ at line {})", i + 1)
            } else {
                format!(
                    " (first at line {}: committed `{a}`, generated `{b}`)",
                    i + 1
                )
            }
        }
        None => format!(
            " (committed has {} lines, generated has {})",
            committed_lines.len(),
            generated_lines.len()
        ),
    }
}

fn excerpt(line: &[u8]) -> String {
    let text = String::from_utf8_lossy(line);
    let text = text.trim_end_matches(['\r', '\n']);
    let mut short: String = text.chars().take(80).collect();
    if short.len() < text.len() {
        short.push('…');
    }
    short.escape_debug().to_string()
}

/// A directory under the system temporary directory, removed on drop.
struct ScratchDir(PathBuf);

impl ScratchDir {
    fn new() -> Result<Self, String> {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let path = env::temp_dir().join(format!(
            "plint-check-grammar-{}-{nanos}",
            std::process::id()
        ));
        fs::create_dir_all(&path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        Ok(Self(path))
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_difference_names_the_line() {
        let message = first_difference(b"a\nb\nc\n", b"a\nB\nc\n");
        assert_eq!(message, " (first at line 2: committed `b`, generated `B`)");
    }

    #[test]
    fn first_difference_reports_length() {
        let message = first_difference(b"a\n", b"a\nb\n");
        assert_eq!(message, " (committed has 1 lines, generated has 2)");
        let message = first_difference(b"a\r\nb\n", b"a\nb\n");
        assert_eq!(message, " (line endings differ at line 1)");
    }

    #[test]
    fn advance_maps_become_switches() {
        let generated = "    case 0:\n      if (eof) ADVANCE(70);\n      ADVANCE_MAP(\n        ',', 75,\n        '\\'', 15,\n        0x3000, 9,\n      );\n      END_STATE();\n";
        let expected = "    case 0:\n      if (eof) ADVANCE(70);\n      switch (lookahead) {\n        case ',': ADVANCE(75);\n        case '\\'': ADVANCE(15);\n        case 0x3000: ADVANCE(9);\n      }\n      END_STATE();\n";
        assert_eq!(switch_advance_maps(generated).unwrap(), expected);
        assert!(switch_advance_maps("      ADVANCE_MAP(\n        'a' 1\n      );\n").is_err());
        assert!(switch_advance_maps("      ADVANCE_MAP(\n        'a', 1,\n").is_err());
    }

    #[test]
    fn rejects_unknown_arguments() {
        assert!(run(vec!["frobnicate".into()]).is_err());
        assert!(run(vec![]).is_err());
        assert!(run(vec!["gen-grammar".into(), "--grammar-dir".into()]).is_err());
    }
}
