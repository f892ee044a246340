//! Inline assertions on inference: every `tests/infer/**/*.pp` is checked with all the rules
//! of the types-and-names family (P1xx) at their default severities, and its comments say
//! what must be found:
//!
//! - `# error: [P112]`, `# warning: [P114, P115]`, `# info: [...]`: the findings on this
//!   line, by severity and code. A code may repeat (`[P112, P112]` for two findings). A
//!   comment alone on its line applies to the next line that is not a comment. Every P1xx
//!   finding of a file must be announced this way, and every announced finding must occur.
//! - `# revealed: Integer[1, 3]`: the inferred type of the expression the line ends with
//!   (before the comment). Handled by [`check_revealed`]; the type inference adds it.
//!
//! A failure lists every mismatch of every file, as `path:line: expected ... found ...`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use plint::rules::{Category, FileInfo, registry};
use plint::syntax;

/// One assertion of a test file.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Assertion {
    /// `# <severity>: [codes]`
    Findings {
        severity: String,
        codes: Vec<String>,
    },
    /// `# revealed: <type>`
    Revealed(String),
}

/// The assertions of a file by (1-based) line.
fn assertions(src: &str) -> Result<BTreeMap<usize, Vec<Assertion>>, String> {
    let mut out: BTreeMap<usize, Vec<Assertion>> = BTreeMap::new();
    let mut pending: Vec<Assertion> = Vec::new();
    for (i, line) in src.lines().enumerate() {
        let lineno = i + 1;
        let Some(hash) = comment_start(line) else {
            if !line.trim().is_empty() && !pending.is_empty() {
                out.entry(lineno).or_default().append(&mut pending);
            }
            continue;
        };
        let comment = line[hash + 1..].trim();
        let own_line = line[..hash].trim().is_empty();
        let parsed = parse_assertion(comment).map_err(|e| format!("line {lineno}: {e}"))?;
        match parsed {
            Some(a) if own_line => pending.push(a),
            Some(a) => {
                out.entry(lineno).or_default().push(a);
                if !pending.is_empty() {
                    out.entry(lineno).or_default().append(&mut pending);
                }
            }
            None if !own_line && !pending.is_empty() => {
                out.entry(lineno).or_default().append(&mut pending);
            }
            None => {}
        }
    }
    if !pending.is_empty() {
        return Err("an assertion comment at the end of the file applies to no line".into());
    }
    Ok(out)
}

/// Where a `#` comment starts on a line, outside quotes (good enough for test files).
fn comment_start(line: &str) -> Option<usize> {
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match quote {
            Some(q) => {
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == q {
                    quote = None;
                }
            }
            None => match c {
                '\'' | '"' => quote = Some(c),
                '#' => return Some(i),
                _ => {}
            },
        }
    }
    None
}

fn parse_assertion(comment: &str) -> Result<Option<Assertion>, String> {
    if let Some(t) = comment.strip_prefix("revealed:") {
        return Ok(Some(Assertion::Revealed(t.trim().to_string())));
    }
    for severity in ["error", "warning", "info"] {
        if let Some(rest) = comment
            .strip_prefix(severity)
            .and_then(|r| r.strip_prefix(':'))
        {
            let rest = rest.trim();
            let inner = rest
                .strip_prefix('[')
                .and_then(|r| r.strip_suffix(']'))
                .ok_or_else(|| format!("`# {severity}:` takes a list of codes: `[P112]`"))?;
            let codes: Vec<String> = inner
                .split(',')
                .map(|c| c.trim().to_string())
                .filter(|c| !c.is_empty())
                .collect();
            if codes.is_empty() {
                return Err("an empty list of codes".into());
            }
            return Ok(Some(Assertion::Findings {
                severity: severity.to_string(),
                codes,
            }));
        }
    }
    Ok(None)
}

/// Checks a `# revealed:` assertion: the type inference gives the expression that ends where
/// the line's code ends (before the comment; the outermost one when several end there, e.g.
/// an assignment rather than its value) the type `expected`, as Puppet prints types.
fn check_revealed(src: &str, line: usize, expected: &str) -> Result<(), String> {
    let parsed = syntax::parse(src);
    let analysis = plint::infer::analyze_with_types(&parsed.ast, src, plint::defs::Index::empty());
    let start: usize = src.lines().take(line - 1).map(|l| l.len() + 1).sum();
    let text = src.lines().nth(line - 1).unwrap_or("");
    let code = &text[..comment_start(text).unwrap_or(text.len())];
    let end = start + code.trim_end().len();
    let found = analysis
        .types
        .iter()
        .filter(|(span, _)| span.end as usize == end && span.start as usize >= start)
        .max_by_key(|(span, _)| span.len())
        .map(|(_, t)| t.to_string());
    match found {
        Some(t) if t == expected => Ok(()),
        Some(t) => Err(format!("{line}: revealed `{t}`, expected `{expected}`")),
        None => Err(format!(
            "{line}: no expression ends before the `# revealed:` comment"
        )),
    }
}

fn line_of(src: &str, offset: usize) -> usize {
    src[..offset.min(src.len())].matches('\n').count() + 1
}

/// The mismatches of one file.
fn check_file(path: &Path) -> Vec<String> {
    let src = std::fs::read_to_string(path).expect("test file is UTF-8");
    let name = path.display().to_string();
    let parsed = syntax::parse(&src);
    if !parsed.diagnostics.is_empty() {
        return vec![format!("{name}: does not parse: {:?}", parsed.diagnostics)];
    }
    let expected = match assertions(&src) {
        Ok(a) => a,
        Err(e) => return vec![format!("{name}: {e}")],
    };
    let selection = registry::Selection::from_fn(|i| {
        (i.category == Category::Types && i.default_enabled).then_some(i.severity)
    });
    let found = registry::check(
        FileInfo {
            path: &name,
            source: &src,
            ast: &parsed.ast,
            module: None,
        },
        &selection,
    );
    // (line, severity) -> sorted codes
    let mut got: BTreeMap<(usize, String), Vec<String>> = BTreeMap::new();
    for d in &found {
        got.entry((line_of(&src, d.span.start), d.severity.as_str().to_string()))
            .or_default()
            .push(d.code.to_string());
    }
    let mut want: BTreeMap<(usize, String), Vec<String>> = BTreeMap::new();
    let mut problems = Vec::new();
    for (line, list) in &expected {
        for a in list {
            match a {
                Assertion::Findings { severity, codes } => want
                    .entry((*line, severity.clone()))
                    .or_default()
                    .extend(codes.iter().cloned()),
                Assertion::Revealed(t) => {
                    if let Err(e) = check_revealed(&src, *line, t) {
                        problems.push(format!("{name}:{e}"));
                    }
                }
            }
        }
    }
    for v in got.values_mut().chain(want.values_mut()) {
        v.sort();
    }
    let keys: std::collections::BTreeSet<_> = got.keys().chain(want.keys()).cloned().collect();
    for k in keys {
        let g = got.get(&k).cloned().unwrap_or_default();
        let w = want.get(&k).cloned().unwrap_or_default();
        if g != w {
            let messages: Vec<&str> = found
                .iter()
                .filter(|d| line_of(&src, d.span.start) == k.0)
                .map(|d| d.message.as_str())
                .collect();
            problems.push(format!(
                "{name}:{}: {} expected {w:?}, found {g:?} {messages:?}",
                k.0, k.1
            ));
        }
    }
    problems
}

fn pp_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .map(|r| r.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            pp_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "pp") {
            out.push(p);
        }
    }
}

#[test]
fn inline_assertions_hold() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/infer");
    let mut files = Vec::new();
    pp_files(&root, &mut files);
    assert!(!files.is_empty(), "no test files in {}", root.display());
    let problems: Vec<String> = files.iter().flat_map(|f| check_file(f)).collect();
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

#[test]
fn assertion_comments_parse() {
    let src = "# error: [P112]\nnotice($x)\n$y = 1 # warning: [P114, P115]\n# a comment\n";
    let a = assertions(src).unwrap();
    assert_eq!(
        a[&2],
        [Assertion::Findings {
            severity: "error".into(),
            codes: vec!["P112".into()]
        }]
    );
    assert_eq!(
        a[&3],
        [Assertion::Findings {
            severity: "warning".into(),
            codes: vec!["P114".into(), "P115".into()]
        }]
    );
    assert_eq!(a.len(), 2);
    assert_eq!(
        assertions("$x = 1 # revealed: Integer[1, 1]\n").unwrap()[&1],
        [Assertion::Revealed("Integer[1, 1]".into())]
    );
    assert!(assertions("notice('#') # error: P112\n").is_err());
    assert!(assertions("notice(1)\n# error: [P112]\n").is_err());
}
