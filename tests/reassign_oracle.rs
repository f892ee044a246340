//! The rule `reassigned-variable` (P113) against Puppet: `tests/oracle/reassigned-variable.tsv`,
//! written by `scripts/oracle/reassign-oracle.sh` with Puppet's own compiler, says for each
//! fixture of `tests/fixtures/reassigned-variable/` whether Puppet fails it (the fixtures run
//! the branches they test) and where. plint must report a fixture exactly when Puppet fails
//! it, at the assignment Puppet names, and each fixture must be in the oracle.

use std::collections::BTreeSet;
use std::path::Path;

use plint::rules::{FileInfo, registry};
use plint::syntax;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// P113's findings on `src`: (line, message).
fn findings(path: &str, src: &str) -> Vec<(usize, String)> {
    let parsed = syntax::parse(src);
    assert!(parsed.diagnostics.is_empty(), "{path} does not parse");
    let selection = registry::Selection::from_fn(|i| (i.code == "P113").then_some(i.severity));
    registry::check(
        FileInfo {
            path,
            source: src,
            ast: &parsed.ast,
            module: None,
        },
        &selection,
    )
    .into_iter()
    .map(|d| {
        let line = src[..d.span.start].matches('\n').count() + 1;
        (line, d.message)
    })
    .collect()
}

/// The variable and line of the innermost "Cannot reassign ... variable '$x' (line: N" of a
/// Puppet message (a define's error is wrapped in its declaration's).
fn puppet_reassignment(message: &str) -> Option<(String, usize)> {
    let at = message.rfind("Cannot reassign ")?;
    let rest = &message[at..];
    let name_start = rest.find("'$")? + 2;
    let name_end = name_start + rest[name_start..].find('\'')?;
    let line_start = name_end + rest[name_end..].find("(line: ")? + "(line: ".len();
    let line: String = rest[line_start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    Some((rest[name_start..name_end].to_string(), line.parse().ok()?))
}

#[test]
fn plint_fails_a_fixture_exactly_when_puppet_does() {
    let dir = Path::new(ROOT).join("tests/fixtures/reassigned-variable");
    let oracle =
        std::fs::read_to_string(Path::new(ROOT).join("tests/oracle/reassigned-variable.tsv"))
            .expect("the oracle (scripts/oracle/reassign-oracle.sh)");
    let mut seen = BTreeSet::new();
    let mut failing = 0;
    for row in oracle.lines() {
        let cols: Vec<&str> = row.split('\t').collect();
        let [file, verdict, _line, message] = cols[..] else {
            panic!("bad oracle row: {row}");
        };
        seen.insert(file.to_string());
        let src = std::fs::read_to_string(dir.join(file)).unwrap();
        let found = findings(file, &src);
        match verdict {
            "compiles" => {
                assert!(file.starts_with("pass"), "{file}: Puppet compiles it");
                assert!(
                    found.is_empty(),
                    "{file}: Puppet compiles it; plint: {found:?}"
                );
            }
            "fails" => {
                failing += 1;
                assert!(
                    file.starts_with("fail"),
                    "{file}: Puppet fails it: {message}"
                );
                let (name, line) = puppet_reassignment(message)
                    .unwrap_or_else(|| panic!("{file}: not a reassignment: {message}"));
                assert_eq!(
                    found.len(),
                    1,
                    "{file}: Puppet: {message}; plint: {found:?}"
                );
                assert_eq!(
                    found[0].0, line,
                    "{file}: Puppet: {message}; plint: {found:?}"
                );
                assert!(
                    found[0].1.contains(&format!("`${name}`")),
                    "{file}: Puppet: {message}; plint: {found:?}"
                );
            }
            other => panic!("{file}: verdict {other}"),
        }
    }
    let fixtures: BTreeSet<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".pp"))
        .collect();
    assert_eq!(
        fixtures, seen,
        "every fixture is in the oracle: run scripts/oracle/reassign-oracle.sh"
    );
    // Every branch form fails somewhere.
    for form in ["if", "elsif", "else", "unless", "case", "selector"] {
        assert!(
            seen.contains(&format!("fail_{form}.pp")),
            "no fail_{form}.pp"
        );
    }
    assert!(failing >= 8);
}

#[test]
fn puppet_messages_are_read() {
    assert_eq!(
        puppet_reassignment(
            "Evaluation Error: Error while evaluating a Resource Statement, Evaluation Error: \
             Cannot reassign variable '$port' (line: 4, column: 11) (line: 8)"
        ),
        Some(("port".to_string(), 4))
    );
    assert_eq!(
        puppet_reassignment(
            "Cannot reassign built in (or already assigned) variable '$title' (line: 2, column: 10)"
        ),
        Some(("title".to_string(), 2))
    );
    assert_eq!(puppet_reassignment("Syntax error at line 1"), None);
}
