//! Hiera 5 against Puppet 7: every query of `tests/hiera/CASE/queries.txt` gives what
//! `puppet lookup` gave (recorded in `expected.json` by `scripts/oracle/hiera-oracle.sh`): the
//! same value (types and key order included), nothing when Puppet found nothing, an error
//! when Puppet failed.

use std::path::{Path, PathBuf};

use plint::eval::compiler::Node;
use plint::eval::hiera::{Hiera, HieraScope, MergeStrategy, lookup_function};
use plint::eval::{Hash, TypeVal, Value, yaml};

/// The node's variables. `puppet lookup --node` without the node's certificate has no
/// trusted data, so the scope compared with it has no `$trusted` unless `with_trusted`.
struct Scope {
    node: Node,
    with_trusted: bool,
}

impl HieraScope for Scope {
    fn variable(&self, name: &str) -> Option<Value> {
        match name {
            "facts" => Some(Value::hash(self.node.facts.clone())),
            "trusted" if self.with_trusted => Some(Value::hash(self.node.trusted.clone())),
            "trusted" => None,
            "server_facts" => Some(Value::hash(self.node.server_facts.clone())),
            "environment" => Some(Value::string("production")),
            _ => self.node.facts.get_str(name).cloned(),
        }
    }
}

fn case_dir(case: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/hiera")
        .join(case)
}

fn setup(case: &str) -> (Hiera, Scope) {
    let dir = case_dir(case);
    let facts = yaml::parse(&std::fs::read_to_string(dir.join("facts.yaml")).unwrap()).unwrap();
    let facts = facts.as_hash().cloned().unwrap_or_else(Hash::new);
    let node = Node::new("node1.example.com", facts);
    let env = dir.join("environments/production");
    let global = dir.join("global/hiera.yaml");
    let hiera = Hiera::new(
        global.exists().then_some(global.as_path()),
        Some(&env),
        &[env.join("modules")],
        std::sync::Arc::new(plint::sandbox::Sandbox::new(
            &dir,
            std::slice::from_ref(&dir),
        )),
    );
    (
        hiera,
        Scope {
            node,
            with_trusted: false,
        },
    )
}

/// A value as Puppet's `--render-as json` writes it.
fn to_json(v: &Value) -> serde_json::Value {
    match v {
        Value::Undef => serde_json::Value::Null,
        Value::Boolean(b) => (*b).into(),
        Value::Integer(i) => (*i).into(),
        Value::Float(f) => serde_json::Number::from_f64(*f)
            .map(serde_json::Value::Number)
            .unwrap_or(serde_json::Value::Null),
        Value::String(s) => s.as_str().into(),
        Value::Array(a) => serde_json::Value::Array(a.iter().map(to_json).collect()),
        Value::Hash(h) => serde_json::Value::Object(
            h.iter()
                .map(|(k, v)| (k.to_puppet_string(), to_json(v)))
                .collect(),
        ),
        other => other.to_puppet_string().into(),
    }
}

/// A query line: the key and `puppet lookup`'s merge options.
fn parse_query(q: &str) -> (String, Option<MergeStrategy>) {
    let words: Vec<&str> = q.split_whitespace().collect();
    let key = words[0].to_string();
    let mut strategy = None;
    let mut knockout = None;
    let mut sort = false;
    let mut hash_arrays = false;
    let mut i = 1;
    while i < words.len() {
        match words[i] {
            "--merge" => {
                strategy = Some(words[i + 1].to_string());
                i += 1;
            }
            "--knock-out-prefix" => {
                knockout = Some(words[i + 1].to_string());
                i += 1;
            }
            "--sort-merged-arrays" => sort = true,
            "--merge-hash-arrays" => hash_arrays = true,
            other => panic!("unknown query option {other}"),
        }
        i += 1;
    }
    let merge = strategy.map(|s| {
        let mut m = MergeStrategy::from_value(&Value::string(s.as_str())).unwrap();
        if let MergeStrategy::Deep {
            knockout_prefix,
            sort_merged_arrays,
            merge_hash_arrays,
        } = &mut m
        {
            *knockout_prefix = knockout.clone();
            *sort_merged_arrays = sort;
            *merge_hash_arrays = hash_arrays;
        }
        m
    });
    (key, merge)
}

/// The file named in parentheses in a parse error message (`Unable to parse (FILE): ...`).
fn paren_path(msg: &str) -> Option<&str> {
    let start = msg.find('(')?;
    let end = msg[start..].find("): ")? + start;
    Some(&msg[start + 1..end])
}

fn run_case(case: &str) {
    let dir = case_dir(case);
    let text = std::fs::read_to_string(dir.join("expected.json"))
        .unwrap()
        .replace("<CASE>", &dir.to_string_lossy());
    let expected: serde_json::Value = serde_json::from_str(&text).unwrap();
    let (hiera, scope) = setup(case);
    let mut failures = Vec::new();
    let mut count = 0;
    for (query, want) in expected.as_object().unwrap() {
        count += 1;
        let (key, merge) = parse_query(query);
        let got = hiera.lookup(&key, merge.as_ref(), &scope);
        if let Some(v) = want.get("value") {
            match got {
                Ok(Some(g)) => {
                    let g = to_json(&g);
                    if serde_json::to_string(&g).unwrap() != serde_json::to_string(v).unwrap() {
                        failures.push(format!("{query}: got {g}, want {v}"));
                    }
                }
                other => failures.push(format!("{query}: got {other:?}, want {v}")),
            }
        } else if want.get("not_found").is_some() {
            if !matches!(got, Ok(None)) {
                failures.push(format!("{query}: got {got:?}, want not found"));
            }
        } else {
            let msg = want["error"].as_str().unwrap();
            match got {
                Err(e) => {
                    // A file that does not parse: both name the same file (the parsers'
                    // wording differs). Otherwise Puppet's text contains plint's message.
                    let same_file = match (paren_path(&e.message), paren_path(msg)) {
                        (Some(a), Some(b)) => a == b,
                        _ => false,
                    };
                    if !same_file && !msg.contains(e.message.as_str()) {
                        failures.push(format!(
                            "{query}: error {:?}, Puppet said {msg:?}",
                            e.message
                        ));
                    }
                }
                Ok(v) => failures.push(format!("{query}: got {v:?}, want error {msg:?}")),
            }
        }
    }
    assert!(count > 0);
    assert!(
        failures.is_empty(),
        "{} of {count} queries differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn basic_layers_merges_interpolation() {
    run_case("basic");
}

/// `lookup()`'s argument forms, defaults and messages (Puppet 7's texts).
#[test]
fn lookup_function_forms_and_messages() {
    let (hiera, scope) = setup("basic");
    let s = Value::string;
    let call = |args: Vec<Value>| lookup_function(&hiera, &args, &scope);
    assert_eq!(call(vec![s("common_key")]).unwrap(), s("common value"));
    // The first name found wins.
    assert_eq!(
        call(vec![Value::array(vec![s("nope"), s("node_key")])]).unwrap(),
        s("node value")
    );
    assert_eq!(
        call(vec![s("nope")]).unwrap_err().message,
        "Function lookup() did not find a value for the name 'nope'"
    );
    assert_eq!(
        call(vec![Value::array(vec![s("a"), s("b")])])
            .unwrap_err()
            .message,
        "Function lookup() did not find a value for any of the names ['a', 'b']"
    );
    // Type check of the value found, and of the default.
    let int = Value::Type(TypeVal::parse("Integer"));
    assert_eq!(
        call(vec![s("typed_int"), int.clone()]).unwrap(),
        Value::Integer(42)
    );
    assert_eq!(
        call(vec![s("typed_str"), int.clone()]).unwrap_err().message,
        "Found value has wrong type, expects an Integer value, got String"
    );
    assert_eq!(
        call(vec![s("nope"), int.clone(), Value::Undef, s("x")])
            .unwrap_err()
            .message,
        "Default value has wrong type, expects an Integer value, got String"
    );
    assert_eq!(
        call(vec![
            s("nope"),
            Value::Undef,
            Value::Undef,
            Value::Integer(5)
        ])
        .unwrap(),
        Value::Integer(5)
    );
    // A merge argument.
    let merged = call(vec![s("merged_array"), Value::Undef, s("unique")]).unwrap();
    assert!(merged.as_array().is_some_and(|a| a.len() > 3), "{merged}");
    assert!(
        call(vec![s("common_key"), Value::Undef, s("bogus")])
            .unwrap_err()
            .message
            .contains("Unknown merge strategy: 'bogus'")
    );
    // The hash forms.
    let mut opts = Hash::new();
    opts.insert(s("name"), s("nope"));
    opts.insert(s("default_value"), s("dflt"));
    assert_eq!(call(vec![Value::hash(opts)]).unwrap(), s("dflt"));
    let mut opts = Hash::new();
    let mut dvh = Hash::new();
    dvh.insert(s("nope"), s("from defaults hash"));
    opts.insert(s("default_values_hash"), Value::hash(dvh));
    assert_eq!(
        call(vec![s("nope"), Value::hash(opts)]).unwrap(),
        s("from defaults hash")
    );
    let mut opts = Hash::new();
    let mut ovr = Hash::new();
    ovr.insert(s("common_key"), s("overridden"));
    opts.insert(s("override"), Value::hash(ovr));
    assert_eq!(
        call(vec![s("common_key"), Value::hash(opts)]).unwrap(),
        s("overridden")
    );
    // A found undef is a value.
    assert_eq!(
        call(vec![s("null_value"), Value::Undef, Value::Undef, s("d")]).unwrap(),
        Value::Undef
    );
    assert!(call(vec![Value::Integer(1)]).is_err());
}

/// Hiera files that are not valid: an error naming the file and the line, never a panic.
#[test]
fn malformed_data_is_an_error_with_file_and_line() {
    let (hiera, scope) = setup("basic");
    let e = hiera.lookup("badmod::key", None, &scope).unwrap_err();
    assert!(
        e.file
            .as_ref()
            .is_some_and(|f| f.ends_with("badmod/data/common.yaml")),
        "{e:?}"
    );
    assert!(e.message.contains("line"), "{e:?}");
}

/// `%{::trusted.certname}` and `%{trusted.hostname}` in hierarchy paths and in data.
#[test]
fn trusted_data_in_paths_and_values() {
    let dir = tempfile::tempdir().unwrap();
    let env = dir.path();
    std::fs::create_dir_all(env.join("data/nodes")).unwrap();
    std::fs::write(
        env.join("hiera.yaml"),
        "version: 5\nhierarchy:\n  - name: node\n    path: \"nodes/%{::trusted.certname}.yaml\"\n",
    )
    .unwrap();
    std::fs::write(
        env.join("data/nodes/web1.example.com.yaml"),
        "greeting: \"hello %{trusted.hostname} in %{trusted.domain}\"\n",
    )
    .unwrap();
    let hiera = Hiera::new(
        None,
        Some(env),
        &[],
        std::sync::Arc::new(plint::sandbox::Sandbox::new(env, &[env.to_path_buf()])),
    );
    let scope = Scope {
        node: Node::new("web1.example.com", Hash::new()),
        with_trusted: true,
    };
    assert_eq!(
        hiera.lookup("greeting", None, &scope).unwrap(),
        Some(Value::string("hello web1 in example.com"))
    );
    let other = Scope {
        node: Node::new("db1.example.com", Hash::new()),
        with_trusted: true,
    };
    assert_eq!(hiera.lookup("greeting", None, &other).unwrap(), None);
}

#[test]
fn module_layer_and_default_hierarchy() {
    run_case("module_layer");
}

#[test]
fn defaults_datadir_and_json_backend() {
    run_case("defaults_only");
}

/// `hocon_data` levels, against Puppet's (the `hocon` gem's) reading: HOCON syntax,
/// substitutions, merges across levels and layers, a file that does not parse.
#[test]
fn hocon_data_levels() {
    run_case("hocon");
}

/// What the server alone knows stays unknown in HOCON data: an environment variable read by
/// a substitution; a file with an include (which would read a file or URL of the server's) is
/// not read at all, with a note, and every value it could hold is unknown.
#[test]
fn hocon_environment_variables_and_includes_are_unknown() {
    let dir = tempfile::tempdir().unwrap();
    let env = dir.path();
    std::fs::create_dir_all(env.join("data")).unwrap();
    std::fs::write(
        env.join("hiera.yaml"),
        "version: 5\ndefaults:\n  data_hash: hocon_data\nhierarchy:\n  - name: includes\n    path: included.conf\n  - name: common\n    path: common.conf\n",
    )
    .unwrap();
    std::fs::write(
        env.join("data/common.conf"),
        "home = ${HOME}\npath = \"/opt/bin:\"${?PATH}\nport = 80\nurl = \"http://h:\"${port}\n",
    )
    .unwrap();
    let hiera = Hiera::new(
        None,
        Some(env),
        &[],
        std::sync::Arc::new(plint::sandbox::Sandbox::new(env, &[env.to_path_buf()])),
    );
    let scope = Scope {
        node: Node::new("web1.example.com", Hash::new()),
        with_trusted: true,
    };
    let lookup = |key: &str| hiera.lookup(key, None, &scope).unwrap().unwrap();
    for key in ["home", "path"] {
        let v = lookup(key);
        let u = v.first_unknown().unwrap_or_else(|| panic!("{key}: {v:?}"));
        assert!(u.origin.contains("environment variable"), "{u:?}");
    }
    assert_eq!(lookup("url"), Value::string("http://h:80"));
    assert!(hiera.notes().is_empty(), "{:?}", hiera.notes());

    // An include: the whole file is unknown, said once.
    std::fs::write(
        env.join("data/included.conf"),
        "port = 8080\ninclude file(\"/etc/passwd\")\n",
    )
    .unwrap();
    let hiera = Hiera::new(
        None,
        Some(env),
        &[],
        std::sync::Arc::new(plint::sandbox::Sandbox::new(env, &[env.to_path_buf()])),
    );
    let lookup = |key: &str| hiera.lookup(key, None, &scope).unwrap().unwrap();
    for key in ["port", "url"] {
        let v = lookup(key);
        let u = v.first_unknown().unwrap_or_else(|| panic!("{key}: {v:?}"));
        assert!(u.origin.contains("included.conf"), "{u:?}");
    }
    let notes = hiera.notes();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].message.contains("include at line 2, column 1"),
        "{notes:?}"
    );
}

#[test]
fn malformed_and_odd_data_files() {
    run_case("bad_files");
}

#[test]
fn malformed_hiera_yaml() {
    run_case("config_yaml_error");
}

#[test]
fn hiera_yaml_with_two_location_keys() {
    run_case("config_two_locations");
}

#[test]
fn unsupported_hiera_yaml_version() {
    run_case("config_version");
}

#[test]
fn environment_hiera_yaml_version_3_is_ignored() {
    run_case("env_v3_ignored");
}

#[test]
fn environment_without_hiera_yaml_has_no_data() {
    run_case("no_env_config");
}

/// Data laid out as libyaml reads it (a flow collection closed at its key's column, items
/// less indented than their key, a tab after `:`) is read as Puppet reads it.
#[test]
fn yaml_layouts_psych_accepts() {
    run_case("yaml_layout");
}
