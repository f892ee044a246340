//! The YAML loader against Ruby's Psych: every `tests/yaml/NAME.yaml` loads to the value
//! recorded in `NAME.expected.json` by `scripts/oracle/yaml-oracle.rb` (Psych's `safe_load` as
//! Puppet calls it), or fails when Psych fails.

use std::path::Path;

use plint::eval::Value;
use plint::eval::yaml;

/// The tagged JSON of the oracle as a value.
fn expected_value(j: &serde_json::Value) -> Value {
    let obj = j.as_object().expect("a tagged object");
    let (tag, v) = obj.iter().next().expect("one tag");
    match tag.as_str() {
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
        "a" => Value::array(v.as_array().unwrap().iter().map(expected_value).collect()),
        "h" => Value::hash(
            v.as_array()
                .unwrap()
                .iter()
                .map(|pair| {
                    let p = pair.as_array().unwrap();
                    (expected_value(&p[0]), expected_value(&p[1]))
                })
                .collect(),
        ),
        other => panic!("unexpected tag {other}"),
    }
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
        let got = yaml::parse(&text);
        let name = path.file_name().unwrap().to_string_lossy();
        match (expected.get("error"), got) {
            (Some(msg), Ok(v)) => failures.push(format!("{name}: expected error {msg}, got {v}")),
            (Some(_), Err(e)) => {
                let line = expected["line"].as_u64().unwrap() as usize;
                // Psych gives lines of syntax errors (1-based, libyaml's); class errors have none.
                if line > 0 && e.line == 0 {
                    failures.push(format!("{name}: error without a line: {e}"));
                }
            }
            (None, Err(e)) => failures.push(format!("{name}: unexpected error {e}")),
            (None, Ok(v)) => {
                let want = expected_value(&expected);
                if v != want {
                    failures.push(format!("{name}:\n  got  {v:?}\n  want {want:?}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
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
