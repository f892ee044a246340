//! The YAML loader against Ruby's Psych, as Puppet calls it (`safe_load`, aliases allowed,
//! `Symbol` permitted): the verdicts recorded by `scripts/oracle/yaml-oracle.rb` for the
//! hand-written documents `tests/yaml/NAME.yaml` (`NAME.expected.json`), the generated edge
//! cases (`cases.json`) and every YAML file of the corpus (`corpus.json`). plint accepts what
//! Psych accepts, with the same value (the same types, the same key order), and refuses what
//! Psych refuses, a syntax error at Psych's line and column.

use std::path::Path;

use plint::eval::Value;
use plint::eval::yaml;

const CORPUS: &str = "/usr/share/puppet/modules";

/// The tagged JSON of the oracle as a value; `None` for data Puppet cannot hold (recursive).
fn expected_value(j: &serde_json::Value) -> Option<Value> {
    let obj = j.as_object().expect("a tagged object");
    let (tag, v) = obj.iter().next().expect("one tag");
    Some(match tag.as_str() {
        "n" => Value::Undef,
        "b" => Value::Boolean(v.as_bool().unwrap()),
        "i" => Value::Integer(v.as_str().unwrap().parse().unwrap()),
        "f" => Value::Float(match v.as_str().unwrap() {
            "Infinity" => f64::INFINITY,
            "-Infinity" => f64::NEG_INFINITY,
            "NaN" => f64::NAN,
            s => s.parse().unwrap(),
        }),
        "s" => Value::string(v.as_str().unwrap()),
        "x" => {
            let hex = v.as_str().unwrap();
            let bytes = (0..hex.len())
                .step_by(2)
                .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
                .collect();
            Value::Binary(std::sync::Arc::new(bytes))
        }
        "a" => Value::array(
            v.as_array()
                .unwrap()
                .iter()
                .map(expected_value)
                .collect::<Option<_>>()?,
        ),
        "h" => Value::hash(
            v.as_array()
                .unwrap()
                .iter()
                .map(|pair| {
                    let p = pair.as_array().unwrap();
                    Some((expected_value(&p[0])?, expected_value(&p[1])?))
                })
                .collect::<Option<_>>()?,
        ),
        "recursive" => return None,
        other => panic!("unexpected tag {other}"),
    })
}

/// The same value, hashes in the same order, NaN equal to NaN, floats by their bits.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Float(x), Value::Float(y)) => {
            x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan())
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(a, b)| same(a, b))
        }
        (Value::Hash(x), Value::Hash(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y.iter())
                    .all(|((ka, va), (kb, vb))| same(ka, kb) && same(va, vb))
        }
        (
            Value::Integer(_)
            | Value::String(_)
            | Value::Boolean(_)
            | Value::Undef
            | Value::Binary(_),
            _,
        ) => a == b,
        _ => false,
    }
}

/// Whether plint's reading of `text` agrees with Psych's verdict `expected`; the difference
/// when it does not.
fn agree(text: &str, expected: &serde_json::Value) -> Result<(), String> {
    let got = yaml::parse(text);
    match (expected.get("error"), got) {
        (Some(msg), Ok(v)) => Err(format!("Psych refuses ({msg}), plint reads {v}")),
        (Some(msg), Err(e)) => {
            let line = expected["line"].as_u64().unwrap() as usize;
            let column = expected.get("column").and_then(|c| c.as_u64()).unwrap_or(0) as usize;
            // A syntax error is at Psych's line and column; other errors (a class safe_load
            // refuses) have none in Psych.
            if line > 0 && (e.line, e.column) != (line, column) {
                Err(format!(
                    "Psych refuses at {line}:{column} ({msg}), plint at {}:{} ({})",
                    e.line, e.column, e.message
                ))
            } else {
                Ok(())
            }
        }
        (None, Err(e)) => match expected_value(expected) {
            // Recursive data: Psych builds it, Puppet cannot use it; plint refuses it.
            None => Ok(()),
            Some(_) => Err(format!("Psych reads it, plint refuses: {e}")),
        },
        (None, Ok(v)) => match expected_value(expected) {
            Some(want) if same(&v, &want) => Ok(()),
            Some(want) => Err(format!("\n  plint {v:?}\n  Psych {want:?}")),
            None => Err(format!("Psych builds recursive data, plint reads {v}")),
        },
    }
}

/// Prints the agreement figures and fails on any disagreement; `known` cases of the total
/// differ knowingly.
fn report(what: &str, total: usize, known: usize, failures: &[String]) {
    eprintln!(
        "{what}: {} of {total} agree with Psych ({known} known differences)",
        total - known - failures.len()
    );
    assert!(failures.is_empty(), "{what}:\n{}", failures.join("\n"));
}

#[test]
fn yaml_loads_as_psych() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/yaml");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    assert!(files.len() >= 15);
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let expected: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(path.with_extension("expected.json")).unwrap(),
        )
        .unwrap();
        if let Err(e) = agree(&text, &expected) {
            let name = path.file_name().unwrap().to_string_lossy();
            failures.push(format!("{name}: {e}"));
        }
    }
    report("tests/yaml/*.yaml", files.len(), 0, &failures);
}

/// Cases where plint knowingly differs from Psych, with the reason.
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[(
    "long_key_multibyte_600",
    "Psych's libyaml 0.2.5 limits a simple key to 1024 characters, unsafe-libyaml (a later \
     libyaml) to 1024 bytes: a key of 600 two-byte characters is refused",
)];

#[test]
fn generated_cases_read_as_psych() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/yaml/cases.json");
    let cases: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(cases.len() > 500);
    let mut failures = Vec::new();
    for case in &cases {
        let text = case["text"].as_str().unwrap();
        let name = case["name"].as_str().unwrap();
        let known = KNOWN_DIFFERENCES.iter().any(|(n, _)| *n == name);
        match agree(text, &case["expect"]) {
            Err(e) if !known => failures.push(format!("{name}: {e}")),
            Ok(()) if known => failures.push(format!(
                "{name}: now agrees with Psych, drop it from KNOWN_DIFFERENCES"
            )),
            _ => {}
        }
    }
    report(
        "tests/yaml/cases.json",
        cases.len(),
        KNOWN_DIFFERENCES.len(),
        &failures,
    );
}

/// Every YAML file of the corpus. Without the corpus the test is skipped, except under CI.
#[test]
fn corpus_yaml_reads_as_psych() {
    if !Path::new(CORPUS).is_dir() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{CORPUS} is missing (run scripts/install-corpus.sh)"
        );
        eprintln!("skipped: {CORPUS} is missing (run scripts/install-corpus.sh)");
        return;
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/yaml/corpus.json");
    let files: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(files.len() > 400);
    let mut failures = Vec::new();
    for file in &files {
        let rel = file["path"].as_str().unwrap();
        let text = std::fs::read_to_string(Path::new(CORPUS).join(rel))
            .unwrap_or_else(|e| panic!("{rel}: {e} (re-run scripts/oracle/yaml-oracle.rb)"));
        assert_eq!(
            text.len() as u64,
            file["bytes"].as_u64().unwrap(),
            "{rel} changed since the oracle ran: re-run scripts/oracle/yaml-oracle.rb"
        );
        if let Err(e) = agree(&text, &file["expect"]) {
            failures.push(format!("{rel}: {e}"));
        }
    }
    report("the corpus's YAML files", files.len(), 0, &failures);
}

#[test]
fn json_loads_keep_order_and_number_kinds() {
    let v = yaml::parse_json(r#"{"b": 1, "a": 1.0, "c": [null, true]}"#).unwrap();
    assert_eq!(v.to_string(), "{b => 1, a => 1.0, c => [, true]}");
    let e = yaml::parse_json("{\"a\": 1,\n}").unwrap_err();
    assert_eq!(e.line, 2);
}

/// Hostile documents end quickly with an error (or a value), never a hang or a crash.
#[test]
fn hostile_documents_are_bounded() {
    // Aliases that expand to 9^10 values.
    let mut doc = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x]\n");
    for i in 1..=10 {
        let p = i - 1;
        doc.push_str(&format!(
            "a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"
        ));
    }
    let e = yaml::parse(&doc).unwrap_err();
    assert!(e.message.contains("aliases"), "{e}");
    // Deep nesting.
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(yaml::parse(&deep).is_err());
    let deep_block: String = (0..2000)
        .map(|i| format!("{}- \n", "  ".repeat(i)))
        .collect();
    let _ = yaml::parse(&deep_block);
    // Garbage.
    for text in [
        "\u{0}\u{1}",
        "{",
        "]",
        "- - - -",
        "&a *a",
        "!<tag:x> y",
        "? ? ?",
        "'",
        "\t- a",
    ] {
        let _ = yaml::parse(text);
    }
}

/// The reader never panics: every generated case with one structural character inserted or
/// one character deleted, at positions through the text, loads or fails cleanly.
#[test]
fn mutated_cases_never_panic() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/yaml/cases.json");
    let cases: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut runs = 0;
    for case in &cases {
        let text = case["text"].as_str().unwrap();
        let bounds: Vec<usize> = text
            .char_indices()
            .map(|(i, _)| i)
            .chain([text.len()])
            .collect();
        let step = (bounds.len() / 12).max(1);
        for (n, &at) in bounds.iter().enumerate().step_by(step) {
            for insert in [
                "[", "]", "{", ":", "\t", "'", "- ", "\n", "&a ", "*a", "!!", "|", "\u{feff}",
            ] {
                let mutated = format!("{}{insert}{}", &text[..at], &text[at..]);
                let _ = yaml::parse(&mutated);
                runs += 1;
            }
            if let Some(&next) = bounds.get(n + 1) {
                let _ = yaml::parse(&format!("{}{}", &text[..at], &text[next..]));
                runs += 1;
            }
        }
    }
    assert!(runs > 50_000, "{runs}");
}
