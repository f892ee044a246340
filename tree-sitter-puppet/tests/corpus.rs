//! Runs the grammar's corpus tests, `test/corpus/**/*.txt`, without the tree-sitter CLI.
//!
//! The files use the format of `tree-sitter test`:
//!
//! ```text
//! ==================
//! Name of the case
//! :error            (optional attributes, one a line: :skip, :error, :fail-fast, :platform(os))
//! ==================
//! source code
//! ------------------
//!
//! (expected (s-expression))
//! ```
//!
//! The comparison follows CLI 0.27.1: the expected S-expression is normalized (lines starting with
//! `;` are comments, whitespace is collapsed), field names (`name: (x)`) are compared only when the
//! expected output contains at least one, a `:error` case passes when the tree has an error, and a
//! `:skip` case is not run. Delimiter lines are three or more `=` or `-`, optionally followed by a
//! suffix that the file's first suffixed `===` line fixes for the whole file; the longest matching
//! `---` line of a case separates its source from its expected output.
//!
//! Environment:
//! * `UPDATE_CORPUS=1` rewrites the expected output of every failing case in place, pretty-printed
//!   as `tree-sitter test --update` does. A case whose tree has an `ERROR` or `MISSING` node is not
//!   rewritten (fix the grammar, or mark the case `:error`). Field names are written when the old
//!   expected output had them or was empty.
//! * `CORPUS_FILTER=text` runs only the cases whose name or file name contains `text`.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use tree_sitter::{Language, Parser};

#[test]
fn corpus() {
    let corpus_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("test/corpus");
    let update = std::env::var_os("UPDATE_CORPUS").is_some_and(|v| !v.is_empty() && v != "0");
    let filter = std::env::var("CORPUS_FILTER")
        .ok()
        .filter(|f| !f.is_empty());

    let mut files = Vec::new();
    collect_corpus_files(&corpus_dir, &mut files);
    files.sort();

    let language = Language::new(tree_sitter_puppet::LANGUAGE);
    let mut parser = Parser::new();
    parser
        .set_language(&language)
        .expect("the Puppet grammar loads");

    let mut summary = Summary::default();
    let mut problems = Vec::new();
    'files: for path in &files {
        let shown = path.strip_prefix(&corpus_dir).unwrap_or(path).display();
        let text = match fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) => {
                problems.push(format!("{shown}: cannot read: {e}"));
                continue;
            }
        };
        let corpus = parse_corpus(&text);
        for (line, problem) in &corpus.problems {
            problems.push(format!("{shown}:{line}: {problem}"));
        }
        let mut rewrites = Vec::new();
        for case in &corpus.cases {
            let selected = filter
                .as_deref()
                .is_none_or(|f| case.name.contains(f) || path.to_string_lossy().contains(f));
            if !selected {
                continue;
            }
            let location = format!("{shown}:{}", case.line);
            match run_case(&mut parser, case) {
                Outcome::Passed => summary.passed += 1,
                Outcome::Skipped => summary.skipped += 1,
                Outcome::Failed { message, rewrite } => {
                    if let (true, Some(output)) = (update, rewrite) {
                        rewrites.push((case.output_range.clone(), output));
                        summary.updated += 1;
                        continue;
                    }
                    summary.failed += 1;
                    problems.push(format!("{location}: {}\n{message}", case.name));
                    if case.attributes.fail_fast {
                        problems.push(format!("{location}: stopping here (:fail-fast)"));
                        break 'files;
                    }
                }
            }
        }
        if !rewrites.is_empty() {
            let new_text = apply_rewrites(&text, &rewrites);
            fs::write(path, new_text).unwrap_or_else(|e| panic!("cannot write {shown}: {e}"));
            eprintln!("updated {} case(s) in {shown}", rewrites.len());
        }
    }

    eprintln!(
        "corpus: {} case(s) passed, {} failed, {} skipped, {} updated, in {} file(s)",
        summary.passed,
        summary.failed,
        summary.skipped,
        summary.updated,
        files.len()
    );
    if summary.total() == 0 && filter.is_none() && problems.is_empty() {
        problems.push(format!(
            "no corpus cases found in {}/**/*.txt",
            corpus_dir.display()
        ));
    }
    if !problems.is_empty() {
        panic!(
            "{} corpus problem(s):\n\n{}\n",
            problems.len(),
            problems.join("\n\n")
        );
    }
}

#[derive(Default)]
struct Summary {
    passed: usize,
    failed: usize,
    skipped: usize,
    updated: usize,
}

impl Summary {
    fn total(&self) -> usize {
        self.passed + self.failed + self.skipped + self.updated
    }
}

fn collect_corpus_files(dir: &Path, files: &mut Vec<PathBuf>) {
    let entries =
        fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    for entry in entries {
        let entry = entry.unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
        let path = entry.path();
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        if path.is_dir() {
            collect_corpus_files(&path, files);
        } else if path.extension().is_some_and(|ext| ext == "txt") {
            files.push(path);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Running a case

enum Outcome {
    Passed,
    Skipped,
    /// `rewrite` is the new text of the expected-output region, when `UPDATE_CORPUS` may write it.
    Failed {
        message: String,
        rewrite: Option<String>,
    },
}

fn run_case(parser: &mut Parser, case: &Case) -> Outcome {
    let attributes = &case.attributes;
    if attributes.skip || !attributes.platform {
        return Outcome::Skipped;
    }
    if attributes.cst {
        return Outcome::Failed {
            message: "  the :cst attribute is not supported here; use `tree-sitter test`"
                .to_string(),
            rewrite: None,
        };
    }
    let Some(tree) = parser.parse(&case.input, None) else {
        return Outcome::Failed {
            message: "  the parser returned no tree".to_string(),
            rewrite: None,
        };
    };
    let root = tree.root_node();
    let full = root.to_sexp();

    if attributes.error {
        return if root.has_error() {
            Outcome::Passed
        } else {
            Outcome::Failed {
                message: format!(
                    "  expected a syntax error (:error), but the tree has none:\n{}",
                    indent(&tree_sitter::format_sexp(&full, 0), "    ")
                ),
                rewrite: None,
            }
        };
    }

    let actual = if case.has_fields {
        full.clone()
    } else {
        strip_fields(&full)
    };
    if actual == case.expected {
        return Outcome::Passed;
    }

    let expected_pretty = tree_sitter::format_sexp(&case.expected, 0);
    let actual_pretty = tree_sitter::format_sexp(&actual, 0);
    let mut message = String::from("  --- expected\n  +++ actual\n");
    message.push_str(&line_diff(&expected_pretty, &actual_pretty));

    let rewrite = if full.contains("ERROR") || full.contains("MISSING") {
        message.push_str(
            "\n  (the tree has ERROR or MISSING nodes, so UPDATE_CORPUS leaves this case alone)",
        );
        None
    } else {
        let new_output = if case.has_fields || case.expected.is_empty() {
            tree_sitter::format_sexp(&full, 0)
        } else {
            actual_pretty
        };
        let separator = if case.followed_by_case { "\n\n" } else { "\n" };
        Some(format!("\n{}{separator}", new_output.trim()))
    };
    Outcome::Failed { message, rewrite }
}

/// Replaces `label: (` with `(` wherever `label` is a field name, as the CLI does when the
/// expected output has no fields. Input is `Node::to_sexp()` output, single-space separated.
fn strip_fields(sexp: &str) -> String {
    let mut out = String::with_capacity(sexp.len());
    let mut rest = sexp;
    while let Some(colon) = rest.find(": (") {
        let before = &rest[..colon];
        let word_start = before.rfind(' ').map_or(0, |space| space + 1);
        let word = &before[word_start..];
        let is_field = word_start > 0
            && !word.is_empty()
            && word.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if is_field {
            out.push_str(&rest[..word_start]);
            out.push('(');
        } else {
            out.push_str(&rest[..colon + 3]);
        }
        rest = &rest[colon + 3..];
    }
    out.push_str(rest);
    out
}

fn indent(text: &str, prefix: &str) -> String {
    text.lines()
        .map(|line| format!("{prefix}{line}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A unified-style line diff (every line shown, `-` expected only, `+` actual only), from a
/// longest-common-subsequence table. Falls back to printing both sides when they are huge.
fn line_diff(expected: &str, actual: &str) -> String {
    let old: Vec<&str> = expected.lines().collect();
    let new: Vec<&str> = actual.lines().collect();
    let mut out = String::new();
    if old.len().saturating_mul(new.len()) > 4_000_000 {
        let _ = writeln!(out, "  expected:\n{}", indent(expected, "  - "));
        let _ = write!(out, "  actual:\n{}", indent(actual, "  + "));
        return out;
    }
    // lcs[i][j] = length of the longest common subsequence of old[i..] and new[j..].
    let mut lcs = vec![vec![0u32; new.len() + 1]; old.len() + 1];
    for i in (0..old.len()).rev() {
        for j in (0..new.len()).rev() {
            lcs[i][j] = if old[i] == new[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut lines = Vec::new();
    while i < old.len() || j < new.len() {
        if i < old.len() && j < new.len() && old[i] == new[j] {
            lines.push(format!("    {}", old[i]));
            i += 1;
            j += 1;
        } else if i < old.len() && (j == new.len() || lcs[i + 1][j] >= lcs[i][j + 1]) {
            lines.push(format!("  - {}", old[i]));
            i += 1;
        } else {
            lines.push(format!("  + {}", new[j]));
            j += 1;
        }
    }
    out.push_str(&lines.join("\n"));
    out
}

fn apply_rewrites(text: &str, rewrites: &[(std::ops::Range<usize>, String)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut done = 0;
    for (range, replacement) in rewrites {
        out.push_str(&text[done..range.start]);
        out.push_str(replacement);
        done = range.end;
    }
    out.push_str(&text[done..]);
    out
}

// ---------------------------------------------------------------------------------------------
// Reading a corpus file

#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Attributes {
    skip: bool,
    error: bool,
    fail_fast: bool,
    cst: bool,
    /// False when `:platform(...)` lines name only other operating systems.
    platform: bool,
}

#[derive(Debug)]
struct Case {
    name: String,
    /// 1-based line of the opening `===`.
    line: usize,
    attributes: Attributes,
    input: Vec<u8>,
    /// The normalized expected S-expression.
    expected: String,
    has_fields: bool,
    /// Byte range of the text after the `---` line, up to the next case's header or the end.
    output_range: std::ops::Range<usize>,
    followed_by_case: bool,
}

struct Corpus {
    cases: Vec<Case>,
    /// Malformed cases: (1-based line, message).
    problems: Vec<(usize, String)>,
}

struct Line<'a> {
    /// The line including its line ending.
    text: &'a str,
    /// Byte offset of the line in the file.
    start: usize,
}

/// If `line` is a delimiter (three or more `c`, then an optional suffix), its run length and
/// suffix.
fn delimiter(line: &str, c: char) -> Option<(usize, &str)> {
    let rest = line.trim_start_matches(c);
    let run = line.len() - rest.len();
    (run >= 3).then(|| (run, rest.trim_end_matches(['\r', '\n'])))
}

/// A delimiter with the file's suffix (or none, when the file uses none).
fn file_delimiter<'a>(line: &'a str, c: char, suffix: Option<&str>) -> Option<(usize, &'a str)> {
    delimiter(line, c).filter(|(_, s)| match suffix {
        None => s.is_empty(),
        Some(suffix) => *s == suffix,
    })
}

struct Header {
    name: String,
    attributes: Attributes,
    /// Index of the opening `===` line.
    open: usize,
    /// Index of the first body line.
    body: usize,
}

fn parse_corpus(text: &str) -> Corpus {
    let mut lines = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        lines.push(Line {
            text: line,
            start: offset,
        });
        offset += line.len();
    }
    let suffix = lines
        .iter()
        .find_map(|line| match delimiter(line.text, '=') {
            Some((_, s)) if !s.is_empty() => Some(s),
            _ => None,
        });

    let mut headers = Vec::new();
    let mut problems = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        match parse_header(&lines, i, suffix) {
            Some(header) => {
                i = header.body;
                headers.push(header);
            }
            None => i += 1,
        }
    }

    let mut cases = Vec::new();
    for (n, header) in headers.iter().enumerate() {
        let end = headers.get(n + 1).map_or(lines.len(), |next| next.open);
        let body = &lines[header.body..end];
        let body_end = lines.get(end).map_or(text.len(), |line| line.start);

        // The longest matching `---` line; on a tie the later one, since an earlier one of the
        // same length is part of the source.
        let mut divider: Option<(usize, usize)> = None;
        for (k, line) in body.iter().enumerate() {
            if let Some((run, s)) = file_delimiter(line.text, '-', suffix) {
                let len = run + s.len();
                if divider.is_none_or(|(best, _)| len >= best) {
                    divider = Some((len, k));
                }
            }
        }
        let Some((_, k)) = divider else {
            problems.push((
                header.open + 1,
                format!("case `{}` has no `---` line", header.name),
            ));
            continue;
        };

        let mut input: Vec<u8> = body[..k]
            .iter()
            .flat_map(|line| line.text.bytes())
            .collect();
        if input.last() == Some(&b'\n') {
            input.pop();
        }
        if input.last() == Some(&b'\r') {
            input.pop();
        }
        let output_start = body[k].start + body[k].text.len();
        let expected = normalize_sexp(&text[output_start..body_end]);
        cases.push(Case {
            name: header.name.clone(),
            line: header.open + 1,
            attributes: header.attributes.clone(),
            input,
            has_fields: expected.contains(": ("),
            expected,
            output_range: output_start..body_end,
            followed_by_case: n + 1 < headers.len(),
        });
    }
    Corpus { cases, problems }
}

/// Reads the header starting at `lines[open]`: the opening `===`, name lines, attribute lines,
/// the closing `===`. A blank line before any attribute means this is not a header (it is a
/// `===` inside some case's source).
fn parse_header(lines: &[Line<'_>], open: usize, suffix: Option<&str>) -> Option<Header> {
    file_delimiter(lines[open].text, '=', suffix)?;
    let mut name = String::new();
    let mut attributes = Attributes::default();
    let mut platforms = None;
    let mut in_attributes = false;
    let mut k = open + 1;
    loop {
        let line = lines.get(k)?.text;
        if file_delimiter(line, '=', suffix).is_some() {
            break;
        }
        let trimmed = line.trim();
        if trimmed.is_empty() && !in_attributes {
            return None;
        }
        let argument = |attr: &str| {
            trimmed
                .strip_prefix(attr)
                .and_then(|rest| rest.strip_prefix('('))
                .and_then(|rest| rest.strip_suffix(')'))
                .map(str::trim)
        };
        match trimmed {
            ":skip" => attributes.skip = true,
            ":error" => attributes.error = true,
            ":fail-fast" => attributes.fail_fast = true,
            ":cst" => attributes.cst = true,
            _ if argument(":platform").is_some() => {
                let os = argument(":platform").unwrap_or_default();
                platforms = Some(platforms.unwrap_or(false) || os == std::env::consts::OS);
            }
            // One grammar only: the language named does not matter.
            _ if argument(":language").is_some() => {}
            _ if !in_attributes => {
                name.push_str(line);
                k += 1;
                continue;
            }
            // Unknown lines after the attributes are ignored, as the CLI does.
            _ => {}
        }
        in_attributes = true;
        k += 1;
    }
    if attributes.skip {
        // `:skip` wins over `:error`.
        attributes.error = false;
    }
    attributes.platform = platforms.unwrap_or(true);
    Some(Header {
        name: name.trim_end().to_string(),
        attributes,
        open,
        body: k + 1,
    })
}

/// Drops `;` comment lines, collapses whitespace to single spaces and removes the space before
/// `)`, giving the form `Node::to_sexp()` prints.
fn normalize_sexp(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut pending_space = false;
    for line in raw.lines() {
        if line.trim_start().starts_with(';') {
            continue;
        }
        for c in line.chars() {
            if c.is_whitespace() {
                pending_space = !out.is_empty();
            } else {
                if pending_space && c != ')' {
                    out.push(' ');
                }
                pending_space = false;
                out.push(c);
            }
        }
        pending_space = !out.is_empty();
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Tests of the runner itself (they do not use the grammar).

#[test]
fn reads_cases_attributes_and_dividers() {
    let text = "\
=====
First
=====
a
-----

(program (a))

==========
Second
:error
==========
b
---
c
-------

; a comment
(program
  name: (b)  )
";
    let corpus = parse_corpus(text);
    assert!(corpus.problems.is_empty());
    let [first, second] = corpus.cases.as_slice() else {
        panic!("two cases expected, got {}", corpus.cases.len());
    };
    assert_eq!(first.name, "First");
    assert_eq!(first.line, 1);
    assert_eq!(first.input, b"a");
    assert_eq!(first.expected, "(program (a))");
    assert!(!first.has_fields);
    assert_eq!(&text[first.output_range.clone()], "\n(program (a))\n\n");
    assert!(first.followed_by_case);
    assert_eq!(second.name, "Second");
    assert!(second.attributes.error && !second.attributes.skip);
    assert_eq!(second.input, b"b\n---\nc");
    assert_eq!(second.expected, "(program name: (b))");
    assert!(second.has_fields);
    assert!(!second.followed_by_case);
}

#[test]
fn equals_lines_in_source_and_suffixes() {
    // A `===` in the source followed by a blank line is not a header.
    let text = "\
===
x
===
a
===

b
---
(x)
";
    let corpus = parse_corpus(text);
    assert_eq!(corpus.cases.len(), 1);
    assert_eq!(corpus.cases[0].input, b"a\n===\n\nb");

    let text = "\
===|||
One
:skip
===|||
a
---
b
---|||
(one)
===|||
Two
===|||
c
---|||
(two)
";
    let corpus = parse_corpus(text);
    assert_eq!(corpus.cases.len(), 2);
    assert!(corpus.cases[0].attributes.skip);
    assert_eq!(corpus.cases[0].input, b"a\n---\nb");
    assert_eq!(corpus.cases[1].name, "Two");
    assert_eq!(corpus.cases[1].expected, "(two)");
}

#[test]
fn missing_divider_is_reported() {
    let corpus = parse_corpus("===\nNo divider\n===\na\n");
    assert!(corpus.cases.is_empty());
    assert_eq!(corpus.problems.len(), 1);
}

#[test]
fn strips_field_names_like_the_cli() {
    assert_eq!(
        strip_fields("(a name: (b) body: (c (MISSING \":\")))"),
        "(a (b) (c (MISSING \":\")))"
    );
    assert_eq!(strip_fields("(a (b))"), "(a (b))");
}

#[test]
fn diff_marks_changed_lines() {
    let diff = line_diff("(a\n  (b)\n  (c))", "(a\n  (b)\n  (d))");
    assert_eq!(diff, "    (a\n      (b)\n  -   (c))\n  +   (d))");
}

#[test]
fn language_loads_with_abi_15() {
    let language = Language::new(tree_sitter_puppet::LANGUAGE);
    assert_eq!(language.abi_version(), 15);
    assert!(language.abi_version() <= tree_sitter::LANGUAGE_VERSION);
    assert!(language.abi_version() >= tree_sitter::MIN_COMPATIBLE_LANGUAGE_VERSION);
    assert_eq!(language.name(), Some("puppet"));
    let mut parser = Parser::new();
    parser.set_language(&language).expect("the language loads");
    assert!(parser.parse("", None).is_some());
    assert!(tree_sitter_puppet::NODE_TYPES.trim_start().starts_with('['));
}
