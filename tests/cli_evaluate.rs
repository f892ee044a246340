//! `plint --evaluate` end to end: options, fact file formats, directories of facts, bad input,
//! exit codes, the catalog JSON written by `--catalog-out`, the catalog rules (P2xx) in
//! `plint rules`, `plint explain` and the configuration.

use std::fs;
use std::path::Path;

use serde_json::Value;

mod common;
use common::{code, plint, stderr, stdout};

const DEBIAN_FACTS: &str = r#"{
  "fqdn": "web01.example.com",
  "hostname": "web01",
  "os": {"family": "Debian", "name": "Debian", "release": {"major": "11"}},
  "networking": {"fqdn": "web01.example.com", "ip": "10.0.0.5"}
}
"#;

/// A scratch folder with `site.pp` and `facts.json`.
fn scratch(site: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    fs::write(tmp.path().join("site.pp"), site).unwrap();
    fs::write(tmp.path().join("facts.json"), DEBIAN_FACTS).unwrap();
    tmp
}

fn read_json(p: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(p).unwrap()).unwrap()
}

/// The facterdb fact files of Debian 11, as installed (several facter versions).
fn facterdb_debian11() -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let Ok(gems) = fs::read_dir("/usr/share/rubygems-integration/all/gems") else {
        return out;
    };
    for gem in gems.flatten() {
        if !gem.file_name().to_string_lossy().starts_with("facterdb-") {
            continue;
        }
        for version in fs::read_dir(gem.path().join("facts")).into_iter().flatten() {
            let f = version.unwrap().path().join("debian-11-x86_64.facts");
            if f.is_file() {
                out.push(f);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn single_node_with_catalog_out() {
    let tmp = scratch("notice('hello')\n");
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "facts.json",
            "--catalog-out",
            "catalog.json",
            "site.pp",
        ],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("node `web01.example.com`: ")
            && stderr(&o).contains("catalog written to catalog.json"),
        "{}",
        stderr(&o)
    );
    let c = read_json(&tmp.path().join("catalog.json"));
    // Puppet's `catalog.to_data_hash` shape.
    for key in [
        "tags",
        "name",
        "version",
        "code_id",
        "catalog_uuid",
        "catalog_format",
        "environment",
        "resources",
        "edges",
        "classes",
    ] {
        assert!(c.get(key).is_some(), "no `{key}` in {c}");
    }
    assert_eq!(c["name"], "web01.example.com");
    assert_eq!(c["environment"], "production");
    let resources = c["resources"].as_array().unwrap();
    assert!(
        resources
            .iter()
            .any(|r| r["type"] == "Stage" && r["title"] == "main"),
        "{c}"
    );
    for r in resources {
        assert!(r["type"].is_string() && r["tags"].is_array() && r["exported"].is_boolean());
    }
    for e in c["edges"].as_array().unwrap() {
        assert!(e["source"].is_string() && e["target"].is_string());
    }
}

#[test]
fn the_node_name_comes_from_node_then_fqdn_then_networking_fqdn() {
    let tmp = scratch("");
    let name = |facts: &str, extra: &[&str]| {
        fs::write(tmp.path().join("f.json"), facts).unwrap();
        let mut args = vec!["--evaluate", "--facts", "f.json", "--catalog-out", "c.json"];
        args.extend_from_slice(extra);
        args.push("site.pp");
        let o = plint(tmp.path(), &args);
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        read_json(&tmp.path().join("c.json"))["name"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(name(DEBIAN_FACTS, &[]), "web01.example.com");
    assert_eq!(name(DEBIAN_FACTS, &["--node", "db1"]), "db1");
    assert_eq!(
        name(r#"{"networking": {"fqdn": "n2.example.org"}}"#, &[]),
        "n2.example.org"
    );
}

#[test]
fn code_with_e_and_formats() {
    let tmp = scratch("");
    let o = plint(
        tmp.path(),
        &["--evaluate", "--facts", "facts.json", "-e", "notice(1)"],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    // --timings: the phases of the evaluation, on stderr.
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "facts.json",
            "--timings",
            "-e",
            "notice(1)",
        ],
    );
    let err = stderr(&o);
    assert!(err.contains("plint --evaluate timings"), "{err}");
    assert!(err.contains("compile") && err.contains("1 node"), "{err}");
    for format in ["json", "sarif", "github", "human"] {
        let o = plint(
            tmp.path(),
            &[
                "--evaluate",
                "--facts",
                "facts.json",
                "--format",
                format,
                "site.pp",
            ],
        );
        assert_eq!(code(&o), 0, "{format}: {}", stderr(&o));
        if format == "json" || format == "sarif" {
            serde_json::from_str::<Value>(&stdout(&o)).expect("valid JSON");
        }
    }
    // MANIFEST and -e together are refused.
    let o = plint(
        tmp.path(),
        &["--evaluate", "--facts", "facts.json", "-e", "x", "site.pp"],
    );
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("not both"), "{}", stderr(&o));
}

#[test]
fn yaml_facts_and_puppet_cached_facts() {
    let tmp = scratch("");
    let yaml = "fqdn: y1.example.com\nos:\n  family: Debian\nis_virtual: yes\n";
    fs::write(tmp.path().join("f.yaml"), yaml).unwrap();
    let cached = "--- !ruby/object:Puppet::Node::Facts\nname: c1.example.com\nvalues:\n  \
                  fqdn: other.example.com\n";
    fs::write(tmp.path().join("c.yaml"), cached).unwrap();
    for (file, name) in [("f.yaml", "y1.example.com"), ("c.yaml", "c1.example.com")] {
        let o = plint(
            tmp.path(),
            &[
                "--evaluate",
                "--facts",
                file,
                "--catalog-out",
                "c.json",
                "site.pp",
            ],
        );
        assert_eq!(code(&o), 0, "{file}: {}", stderr(&o));
        assert_eq!(read_json(&tmp.path().join("c.json"))["name"], name);
    }
    fs::write(tmp.path().join("bad.yaml"), "fqdn: a\nos: [1, 2\nx: 1\n").unwrap();
    let o = plint(
        tmp.path(),
        &["--evaluate", "--facts", "bad.yaml", "site.pp"],
    );
    assert_eq!(code(&o), 2);
    let err = stderr(&o);
    assert!(err.contains("malformed YAML"), "{err}");
    // With the line and column.
    let parts: Vec<&str> = err.split(':').collect();
    assert!(
        parts.len() > 4 && parts[3].parse::<usize>().is_ok() && parts[4].parse::<usize>().is_ok(),
        "{err}"
    );
}

#[test]
fn the_example_of_the_readme_works() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("catalog.json");
    let o = plint(
        root,
        &[
            "--evaluate",
            "--facts",
            "examples/facts/debian-11.yaml",
            "--catalog-out",
            out.to_str().unwrap(),
            "examples/site.pp",
        ],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(read_json(&out)["name"], "web01.example.com");
}

#[test]
fn facterdb_files_work_as_they_are() {
    let files = facterdb_debian11();
    assert!(
        !files.is_empty(),
        "facterdb's Debian 11 facts are not installed"
    );
    let tmp = scratch("");
    for f in &files {
        let o = plint(
            tmp.path(),
            &[
                "--evaluate",
                "--facts",
                f.to_str().unwrap(),
                "--catalog-out",
                "c.json",
                "site.pp",
            ],
        );
        assert_eq!(code(&o), 0, "{}: {}", f.display(), stderr(&o));
        assert_eq!(
            read_json(&tmp.path().join("c.json"))["name"],
            "foo.example.com"
        );
    }
}

#[test]
fn a_directory_of_facts_compiles_every_node() {
    let tmp = scratch("notice($facts['hostname'])\n");
    let dir = tmp.path().join("nodes");
    fs::create_dir(&dir).unwrap();
    for n in 1..=5 {
        fs::write(
            dir.join(format!("web{n}.json")),
            format!(r#"{{"fqdn": "web{n}.example.com", "hostname": "web{n}"}}"#),
        )
        .unwrap();
    }
    fs::write(dir.join("README.txt"), "not facts").unwrap();
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "nodes",
            "--catalog-out",
            "out",
            "site.pp",
        ],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    for n in 1..=5 {
        let c = read_json(&tmp.path().join(format!("out/web{n}.example.com.json")));
        assert_eq!(c["name"], format!("web{n}.example.com"));
        assert!(
            stderr(&o).contains(&format!("node `web{n}.example.com`: ")),
            "{}",
            stderr(&o)
        );
    }
    assert_eq!(fs::read_dir(tmp.path().join("out")).unwrap().count(), 5);
}

#[test]
fn nodes_with_the_same_name_are_written_by_facts_file() {
    let tmp = scratch("");
    let dir = tmp.path().join("nodes");
    fs::create_dir(&dir).unwrap();
    fs::write(dir.join("a.json"), DEBIAN_FACTS).unwrap();
    fs::write(dir.join("b.facts"), DEBIAN_FACTS).unwrap();
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "nodes",
            "--catalog-out",
            "out",
            "site.pp",
        ],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(tmp.path().join("out/a.json").is_file());
    assert!(tmp.path().join("out/b.json").is_file());
    assert!(
        stderr(&o).contains("node `web01.example.com (a)`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn one_bad_node_does_not_hide_the_others() {
    let tmp = scratch("");
    let dir = tmp.path().join("nodes");
    fs::create_dir(&dir).unwrap();
    fs::write(dir.join("good.json"), DEBIAN_FACTS).unwrap();
    fs::write(
        dir.join("broken.json"),
        "{\n  \"fqdn\": \"x\",\n  oops\n}\n",
    )
    .unwrap();
    fs::write(dir.join("list.json"), "[1, 2]").unwrap();
    fs::write(dir.join("anonymous.json"), r#"{"os": {}}"#).unwrap();
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "nodes",
            "--format",
            "json",
            "--catalog-out",
            "out",
            "site.pp",
        ],
    );
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(tmp.path().join("out/web01.example.com.json").is_file());
    let findings: Vec<Value> = serde_json::from_str(&stdout(&o)).unwrap();
    let mut seen: Vec<(String, String)> = findings
        .iter()
        .map(|f| {
            (
                f["path"].as_str().unwrap().to_string(),
                f["code"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    seen.sort();
    assert_eq!(
        seen,
        [
            ("nodes/anonymous.json".to_string(), "P215".to_string()),
            ("nodes/broken.json".to_string(), "P215".to_string()),
            ("nodes/list.json".to_string(), "P215".to_string()),
        ],
        "{}",
        stdout(&o)
    );
    let broken = findings
        .iter()
        .find(|f| f["path"] == "nodes/broken.json")
        .unwrap();
    assert_eq!(broken["line"], 3, "{broken}");
    assert!(
        broken["message"]
            .as_str()
            .unwrap()
            .starts_with("malformed JSON")
    );
}

#[test]
fn bad_input_of_a_single_node_is_a_clear_error() {
    let tmp = scratch("");
    let cases: &[(&str, &str, &str)] = &[
        ("missing.json", "", "cannot read the facts"),
        ("bad.json", "{\"a\": [1,\n", "bad.json:2:1: malformed JSON"),
        ("list.json", "[1, 2]", "must be a hash"),
        ("empty.json", "", "malformed JSON"),
        ("nameless.json", r#"{"os": {}}"#, "--node NAME"),
        ("string.json", "\"x\"", "not a string"),
    ];
    for (file, text, expected) in cases {
        if *file != "missing.json" {
            fs::write(tmp.path().join(file), text).unwrap();
        }
        let o = plint(tmp.path(), &["--evaluate", "--facts", file, "site.pp"]);
        assert_eq!(code(&o), 2, "{file}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(
            err.starts_with("plint: error: ") && err.contains(expected),
            "{file}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
    // A manifest that does not exist, an empty facts directory, --node with a directory.
    let o = plint(
        tmp.path(),
        &["--evaluate", "--facts", "list.json", "nosuch.pp"],
    );
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("cannot access `nosuch.pp`"),
        "{}",
        stderr(&o)
    );
    fs::create_dir(tmp.path().join("empty")).unwrap();
    let o = plint(tmp.path(), &["--evaluate", "--facts", "empty", "site.pp"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("no fact files"), "{}", stderr(&o));
    let o = plint(
        tmp.path(),
        &["--evaluate", "--facts", "empty", "--node", "x", "site.pp"],
    );
    assert_eq!(code(&o), 2);
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "bad.json",
            "--hiera",
            "nosuch.yaml",
            "site.pp",
        ],
    );
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("nosuch.yaml"), "{}", stderr(&o));
    // Without a manifest (and no environment here).
    let o = plint(tmp.path(), &["--evaluate", "--facts", "facts.json"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("give the MANIFEST"), "{}", stderr(&o));
    // The evaluation options need --evaluate; --evaluate needs --facts.
    assert_eq!(code(&plint(tmp.path(), &["--facts", "facts.json"])), 2);
    assert_eq!(code(&plint(tmp.path(), &["--evaluate", "site.pp"])), 2);
}

#[test]
fn manifest_directories_and_environments() {
    let tmp = tempfile::tempdir().unwrap();
    let env = tmp.path().join("env");
    fs::create_dir_all(env.join("manifests/nodes")).unwrap();
    fs::create_dir_all(env.join("modules")).unwrap();
    fs::write(env.join("manifests/site.pp"), "notice(1)\n").unwrap();
    fs::write(env.join("manifests/nodes/web.pp"), "notice(2)\n").unwrap();
    fs::write(tmp.path().join("facts.json"), DEBIAN_FACTS).unwrap();
    for manifest in ["env", "env/manifests", "env/manifests/site.pp"] {
        let o = plint(
            tmp.path(),
            &["--evaluate", "--facts", "facts.json", manifest],
        );
        assert_eq!(code(&o), 0, "{manifest}: {}", stderr(&o));
        assert!(stderr(&o).contains("node `web01.example.com`"));
    }
}

#[test]
fn the_environment_conf_module_path_is_the_environment_s() {
    // A control repository: roles in site-modules, a profile in modules, a core type module
    // that stands for the server's base module path.
    let tmp = tempfile::tempdir().unwrap();
    let env = tmp.path().join("control");
    let write = |p: &str, text: &str| {
        let p = env.join(p);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    };
    write(
        "environment.conf",
        "# as r10k deploys it\nmodulepath = site-modules:modules:$basemodulepath\n",
    );
    write("manifests/site.pp", "node default { include role::web }\n");
    write(
        "site-modules/role/manifests/web.pp",
        "class role::web { include profile::web }\n",
    );
    write(
        "modules/profile/manifests/web.pp",
        "class profile::web { core { 'x': } }\n",
    );
    fs::create_dir_all(tmp.path().join("base/core/manifests")).unwrap();
    fs::write(
        tmp.path().join("base/core/manifests/init.pp"),
        "define core() { notify { $title: } }\n",
    )
    .unwrap();
    fs::write(tmp.path().join("facts.json"), DEBIAN_FACTS).unwrap();
    let out = tmp.path().join("catalog.json");
    let out_arg = out.to_string_lossy().into_owned();
    for manifest in ["control", "control/manifests"] {
        let o = plint(
            tmp.path(),
            &[
                "--evaluate",
                "--facts",
                "facts.json",
                "--basemodulepath",
                "base",
                "--catalog-out",
                &out_arg,
                manifest,
            ],
        );
        assert_eq!(code(&o), 0, "{manifest}: {}{}", stdout(&o), stderr(&o));
        let catalog = read_json(&out);
        let titles: Vec<&str> = catalog["resources"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|r| r["title"].as_str())
            .collect();
        assert!(titles.contains(&"Role::Web"), "{titles:?}");
        assert!(titles.contains(&"Profile::Web"), "{titles:?}");
        assert!(titles.contains(&"x"), "{titles:?}");
    }
    // Without the base module path, the core module is not found: Puppet fails the same way.
    let o = plint(
        tmp.path(),
        &["--evaluate", "--facts", "facts.json", "control"],
    );
    assert_eq!(code(&o), 1, "{}", stdout(&o));
    assert!(stdout(&o).contains("core"), "{}", stdout(&o));
}

#[test]
fn a_private_data_folder_is_refused_with_a_finding_until_trusted() {
    let tmp = tempfile::tempdir().unwrap();
    let write = |p: &str, text: &str| {
        let p = tmp.path().join(p);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    };
    // The repository's hierarchy reads a private checkout beside it first.
    write(
        "repo/hiera.yaml",
        "version: 5\nhierarchy:\n  - name: private\n    datadir: ../private\n    path: common.yaml\n  - name: common\n    path: common.yaml\n",
    );
    write("repo/data/common.yaml", "app::port: 80\n");
    write(
        "private/common.yaml",
        "app::password: secret\nlookup_options:\n  app::port:\n    merge: deep\n",
    );
    write(
        "repo/modules/app/manifests/init.pp",
        "class app(String $password, Integer $port) {\n  file { '/etc/app.conf': content => \"${password}:${port}\" }\n}\n",
    );
    write("repo/manifests/site.pp", "include app\n");
    write("facts.json", DEBIAN_FACTS);
    let out = tmp.path().join("catalog.json");
    let out_arg = out.to_string_lossy().into_owned();
    let content = |out: &Path| -> Value {
        let c = read_json(out);
        c["resources"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["title"] == "/etc/app.conf")
            .map(|r| r["parameters"]["content"].clone())
            .unwrap_or(Value::Null)
    };
    // Not trusted: a catalog all the same, the value unknown, and the refusal reported.
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "facts.json",
            "--catalog-out",
            &out_arg,
            "repo",
        ],
    );
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert!(stdout(&o).contains("P216"), "{}", stdout(&o));
    assert!(stdout(&o).contains("--trust"), "{}", stdout(&o));
    assert!(!stdout(&o).contains("No problems found"), "{}", stdout(&o));
    // The summary says how many values are unknown, and why.
    assert!(
        stderr(&o).contains("unknown values (") && stderr(&o).contains("private/common.yaml"),
        "{}",
        stderr(&o)
    );
    assert!(
        content(&out).get("__unknown__").is_some(),
        "{}",
        content(&out)
    );
    // Trusted: read.
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "facts.json",
            "--trust",
            "private",
            "--catalog-out",
            &out_arg,
            "repo",
        ],
    );
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert!(!stdout(&o).contains("P216"), "{}", stdout(&o));
    assert_eq!(content(&out), "secret:80");
    // A global layer named on the command line, outside the repository, brings its data.
    write(
        "server/hiera.yaml",
        "version: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\nhierarchy:\n  - name: common\n    path: common.yaml\n",
    );
    write(
        "server/data/common.yaml",
        "app::password: from-the-server\n",
    );
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "facts.json",
            "--global-hiera",
            "server/hiera.yaml",
            "--trust",
            "private",
            "--catalog-out",
            &out_arg,
            "repo",
        ],
    );
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert_eq!(content(&out), "from-the-server:80");
}

#[test]
fn trusted_paths_of_a_users_plint_toml_are_trusted_and_a_repositorys_are_not() {
    let tmp = tempfile::tempdir().unwrap();
    let write = |p: &str, text: &str| {
        let p = tmp.path().join(p);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    };
    write(
        "repo/hiera.yaml",
        "version: 5\nhierarchy:\n  - name: private\n    datadir: ../private\n    path: common.yaml\n",
    );
    write("private/common.yaml", "app::password: secret\n");
    write(
        "repo/modules/app/manifests/init.pp",
        "class app(String $password) {\n  file { '/etc/app.conf': content => $password }\n}\n",
    );
    write("repo/manifests/site.pp", "include app\n");
    write("facts.json", DEBIAN_FACTS);
    // The user's own configuration, beside the repository: its paths are relative to it.
    write("ci/plint.toml", "trusted-paths = [\"../private\"]\n");
    let out = tmp.path().join("catalog.json");
    let out_arg = out.to_string_lossy().into_owned();
    let content = |out: &Path| -> Value {
        read_json(out)["resources"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["title"] == "/etc/app.conf")
            .map(|r| r["parameters"]["content"].clone())
            .unwrap_or(Value::Null)
    };
    let o = plint(
        tmp.path(),
        &[
            "--config",
            "ci/plint.toml",
            "--evaluate",
            "--facts",
            "facts.json",
            "--catalog-out",
            &out_arg,
            "repo",
        ],
    );
    assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
    assert!(!stdout(&o).contains("P216"), "{}", stdout(&o));
    assert_eq!(content(&out), "secret");

    // The same key in the repository's own plint.toml (a pull request's) widens nothing,
    // whether found or named with --config: a note says it is ignored, and why.
    write(
        "repo/plint.toml",
        "# from a pull request\ntrusted-paths = [\"../private\"]\n",
    );
    for (cwd, args) in [
        (
            tmp.path().join("repo"),
            vec!["--facts", "../facts.json", "."],
        ),
        (
            tmp.path().to_path_buf(),
            vec![
                "--config",
                "repo/plint.toml",
                "--facts",
                "facts.json",
                "repo",
            ],
        ),
    ] {
        let mut all = vec!["--evaluate", "--catalog-out", &out_arg];
        all.extend(args);
        let o = plint(&cwd, &all);
        assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
        assert!(stdout(&o).contains("P216"), "{}", stdout(&o));
        assert!(
            content(&out).get("__unknown__").is_some(),
            "{}",
            content(&out)
        );
        assert!(
            stderr(&o).contains(
                "plint.toml:2:18: `trusted-paths` ignored: this plint.toml lies inside the \
                 repository being checked"
            ),
            "{}",
            stderr(&o)
        );
    }
}

#[test]
fn server_facts_are_unknown_until_given() {
    let tmp = scratch(
        "notify { 'n': message => [$servername, $serverip, $serverversion, $environment, \
         $server_facts] }\nif $server_facts['servername'] == 'puppet' { notify { 'p': } }\n",
    );
    let out = tmp.path().join("catalog.json");
    let out_arg = out.to_string_lossy().into_owned();
    let message = |out: &Path| -> Value {
        read_json(out)["resources"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["title"] == "n")
            .map(|r| r["parameters"]["message"].clone())
            .unwrap()
    };
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "facts.json",
            "--format",
            "json",
            "--catalog-out",
            &out_arg,
            "site.pp",
        ],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    // The server's name and address are the server's own: unknown, naming how to give them.
    let m = message(&out);
    assert_eq!(m[0]["__unknown__"], "String", "{m}");
    assert!(
        m[0]["origin"]
            .as_str()
            .unwrap()
            .contains("--server-fact servername="),
        "{m}"
    );
    assert_eq!(m[1]["__unknown__"], "String", "{m}");
    assert_eq!(m[2], "7.23.0");
    assert_eq!(m[3], "production");
    assert_eq!(m[4]["environment"], "production", "{m}");
    // A condition on it is not guessed: a note names where the value comes from.
    let f = findings_of(&o);
    let p213 = finding_of(&f, "P213").unwrap_or_else(|| panic!("{f:?}"));
    assert!(
        p213["message"]
            .as_str()
            .unwrap()
            .contains("--server-fact servername="),
        "{p213}"
    );

    // Given: the values, the environment's name everywhere.
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "facts.json",
            "--server-fact",
            "servername=puppet",
            "--server-fact",
            "serverip=192.0.2.10",
            "--server-fact",
            "environment=staging",
            "--format",
            "json",
            "--catalog-out",
            &out_arg,
            "site.pp",
        ],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        message(&out),
        serde_json::json!([
            "puppet",
            "192.0.2.10",
            "7.23.0",
            "staging",
            {"serverversion": "7.23.0", "servername": "puppet", "serverip": "192.0.2.10",
             "environment": "staging"}
        ])
    );
    let catalog = read_json(&out);
    assert_eq!(catalog["environment"], "staging");
    assert!(
        catalog["resources"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["title"] == "p")
    );
    assert!(finding_of(&findings_of(&o), "P213").is_none());

    // A key a server does not set, or a bad environment name: a usage error.
    for bad in ["fqdn=x", "servername", "environment=a/b"] {
        let o = plint(
            tmp.path(),
            &[
                "--evaluate",
                "--facts",
                "facts.json",
                "--server-fact",
                bad,
                "site.pp",
            ],
        );
        assert_eq!(code(&o), 2, "{bad}: {}", stderr(&o));
        assert!(stderr(&o).contains("--server-fact"), "{}", stderr(&o));
    }
}

#[test]
fn catalog_rules_are_listed_explained_and_configurable() {
    let tmp = scratch("");
    let o = plint(tmp.path(), &["rules"]);
    let list = stdout(&o);
    for (code_, name) in [
        ("P201", "evaluation-error"),
        ("P203", "duplicate-declaration"),
        ("P212", "unknown-variable"),
        ("P215", "bad-input"),
    ] {
        assert!(
            list.lines().any(|l| l.contains(code_) && l.contains(name)),
            "{code_} not listed"
        );
    }
    let o = plint(tmp.path(), &["explain", "P203"]);
    assert_eq!(code(&o), 0);
    assert!(
        stdout(&o).contains("Duplicate declaration"),
        "{}",
        stdout(&o)
    );

    // Ignored: the bad facts file of a directory is not reported (the run still fails).
    let dir = tmp.path().join("nodes");
    fs::create_dir(&dir).unwrap();
    fs::write(dir.join("bad.json"), "{").unwrap();
    fs::write(dir.join("good.json"), DEBIAN_FACTS).unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["--evaluate", "--facts", "nodes", "--format", "json"];
        args.extend_from_slice(extra);
        args.push("site.pp");
        plint(tmp.path(), &args)
    };
    let o = run(&["--ignore", "bad-input"]);
    assert_eq!(code(&o), 2);
    assert_eq!(stdout(&o).trim(), "[]");
    fs::write(tmp.path().join("plint.toml"), "[rules]\nP215 = \"warn\"\n").unwrap();
    let o = run(&[]);
    let findings: Vec<Value> = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(findings.len(), 1);
    assert_eq!(findings[0]["severity"], "warning");
}

#[test]
fn check_mode_does_not_run_catalog_rules() {
    let tmp = tempfile::tempdir().unwrap();
    // A duplicate is a P117 in check mode; its P203 suppression is not "unused" there.
    fs::write(
        tmp.path().join("x.pp"),
        "# plint:allow(duplicate-declaration)\nfile { '/a': }\n",
    )
    .unwrap();
    let o = plint(
        tmp.path(),
        &["--select", "P2,P006", "--format", "json", "x.pp"],
    );
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert_eq!(stdout(&o).trim(), "[]");
}

fn findings_of(o: &std::process::Output) -> Vec<Value> {
    serde_json::from_str(&stdout(o)).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)))
}

#[test]
fn findings_exit_codes_and_strict_variables() {
    let tmp = scratch("notice(\"port ${listen_port}\")\n");
    let run = |extra: &[&str]| {
        let mut args = vec!["--evaluate", "--facts", "facts.json", "--format", "json"];
        args.extend_from_slice(extra);
        args.push("site.pp");
        plint(tmp.path(), &args)
    };
    // Puppet 8 (the default, `strict_variables`): an error, the compilation fails, exit 1.
    let o = run(&[]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert_eq!(findings_of(&o)[0]["code"], "P212");
    assert_eq!(findings_of(&o)[0]["severity"], "error");
    assert!(
        stderr(&o).contains("the compilation failed"),
        "{}",
        stderr(&o)
    );
    // Puppet 7: a warning, exit 0.
    let run = |extra: &[&str]| {
        let mut args = vec!["--puppet-version", "7"];
        args.extend_from_slice(extra);
        run(&args)
    };
    let o = run(&[]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let f = findings_of(&o);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(
        (&f[0]["code"], &f[0]["severity"], &f[0]["line"]),
        (
            &Value::from("P212"),
            &Value::from("warning"),
            &Value::from(1)
        )
    );
    // strict_variables: an error, exit 1.
    let o = run(&["--strict-variables"]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert_eq!(findings_of(&o)[0]["severity"], "error");
    // --fail-on-warnings, --ignore.
    assert_eq!(code(&run(&["--fail-on-warnings"])), 1);
    let o = run(&["--ignore", "unknown-variable"]);
    assert_eq!(code(&o), 0);
    assert!(findings_of(&o).is_empty());
}

#[test]
fn an_error_fails_the_node_and_exits_1() {
    let tmp = scratch(
        "file { '/etc/motd':\n  ensure => file,\n}\nfile { '/etc/motd':\n  ensure => absent,\n}\n",
    );
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "facts.json",
            "--catalog-out",
            "c.json",
            "site.pp",
        ],
    );
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("error[P203]"), "{out}");
    // The first declaration is a secondary label.
    assert!(out.contains("first declared here"), "{out}");
    assert!(
        stderr(&o).contains("the compilation failed; what compiled is written to c.json"),
        "{}",
        stderr(&o)
    );
    let c = read_json(&tmp.path().join("c.json"));
    assert_eq!(c["status"], "failed");
    assert_eq!(c["errors"].as_array().map(Vec::len), Some(1), "{c}");
}

#[test]
fn every_independent_error_of_a_node_is_reported_at_once() {
    // Four errors Puppet would meet one push at a time: an unknown function, a parameter of
    // the wrong type, a duplicate declaration, an unknown attribute.
    let tmp = scratch(
        "class a {\n  $x = undefined_function_one(1)\n  notify { \"uses ${x}\": }\n}\n\
         class b {\n  notify { 'b': nosuchattr => 1 }\n}\n\
         class c(Integer $n) {\n  notify { \"n ${n}\": }\n}\n\
         include a\ninclude b\nclass { 'c': n => 'not a number' }\n\
         notify { 'dup': }\nnotify { 'dup': }\n",
    );
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "facts.json",
            "--format",
            "json",
            "--catalog-out",
            "c.json",
            "site.pp",
        ],
    );
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let f = findings_of(&o);
    let codes: Vec<&str> = f.iter().filter_map(|d| d["code"].as_str()).collect();
    for code in ["P201", "P205", "P208", "P203"] {
        assert!(codes.contains(&code), "{code} in {codes:?}");
    }
    // The error's consequence (the unknown `$x` in a title) is not an error of its own.
    assert_eq!(
        f.iter().filter(|d| d["severity"] == "error").count(),
        4,
        "{f:?}"
    );
    assert!(
        stderr(&o).contains("Puppet stops at the first of these 4 errors"),
        "{}",
        stderr(&o)
    );
    let c = read_json(&tmp.path().join("c.json"));
    assert_eq!(c["status"], "failed");
    assert_eq!(c["errors"].as_array().map(Vec::len), Some(4), "{c}");
    // What did not fail is there.
    let titles: Vec<&str> = c["resources"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["title"].as_str())
        .collect();
    assert!(
        titles.contains(&"dup") && titles.contains(&"b"),
        "{titles:?}"
    );
}

#[test]
fn configuration_and_suppressions_apply_to_catalog_rules() {
    let tmp = scratch("include nosuch\n");
    let run = |dir: &Path| {
        plint(
            dir,
            &[
                "--evaluate",
                "--facts",
                "facts.json",
                "--format",
                "json",
                "site.pp",
            ],
        )
    };
    let o = run(tmp.path());
    assert_eq!(code(&o), 1);
    assert_eq!(findings_of(&o)[0]["code"], "P210");
    fs::write(
        tmp.path().join("plint.toml"),
        "[rules]\nmissing-class = \"warn\"\n",
    )
    .unwrap();
    let o = run(tmp.path());
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert_eq!(findings_of(&o)[0]["severity"], "warning");
    fs::remove_file(tmp.path().join("plint.toml")).unwrap();
    fs::write(
        tmp.path().join("site.pp"),
        "include nosuch # plint:allow(missing-class)\n",
    )
    .unwrap();
    let o = run(tmp.path());
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert!(findings_of(&o).is_empty());
}

#[test]
fn an_error_in_a_template_says_where_in_it() {
    // An unknown variable (an error of its own, `P212`) in an EPP template: Puppet's message
    // ends with the place in the template, as any evaluation error's does.
    let tmp = scratch("$x = epp('m/t.epp')\nnotify { $x: }\n");
    let templates = tmp.path().join("modules/m/templates");
    fs::create_dir_all(&templates).unwrap();
    fs::write(templates.join("t.epp"), "hello <%= $nope %>\n").unwrap();
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "facts.json",
            "--modulepath",
            "modules",
            "--format",
            "json",
            "site.pp",
        ],
    );
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let f = findings_of(&o);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0]["code"], "P212");
    assert_eq!(
        f[0]["message"],
        "Unknown variable: 'nope'. (in the template, line: 1, column: 11)"
    );
}

#[test]
fn findings_that_say_different_things_are_not_merged() {
    // The same `fail()` with each node's own words: one finding per node, each as it reads.
    let tmp = scratch("fail(\"no configuration for ${facts['fqdn']}\")\n");
    let dir = tmp.path().join("nodes");
    fs::create_dir(&dir).unwrap();
    for n in ["a", "b"] {
        fs::write(
            dir.join(format!("{n}.json")),
            format!(r#"{{"fqdn": "{n}.example.com"}}"#),
        )
        .unwrap();
    }
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "nodes",
            "--format",
            "json",
            "site.pp",
        ],
    );
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let messages: Vec<String> = findings_of(&o)
        .iter()
        .map(|f| f["message"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        messages,
        [
            "no configuration for a.example.com (node `a.example.com`)",
            "no configuration for b.example.com (node `b.example.com`)",
        ],
    );
}

#[test]
fn a_finding_of_several_nodes_is_reported_once() {
    let tmp = scratch("if $facts['os']['family'] == 'Debian' {\n  include missing::debian\n}\n");
    let dir = tmp.path().join("nodes");
    fs::create_dir(&dir).unwrap();
    for (n, family) in [("a", "Debian"), ("b", "Debian"), ("c", "RedHat")] {
        fs::write(
            dir.join(format!("{n}.json")),
            format!(r#"{{"fqdn": "{n}.example.com", "os": {{"family": "{family}"}}}}"#),
        )
        .unwrap();
    }
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "nodes",
            "--format",
            "json",
            "--catalog-out",
            "out",
            "site.pp",
        ],
    );
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let f = findings_of(&o);
    assert_eq!(f.len(), 1, "{f:?}");
    let message = f[0]["message"].as_str().unwrap();
    // Puppet's "... for NODE" is said of each node listed.
    assert_eq!(
        message,
        "Could not find class ::missing::debian (nodes `a.example.com`, `b.example.com`)"
    );
    // The node that compiles has its catalog; the others have what compiled, marked failed.
    assert!(tmp.path().join("out/c.example.com.json").is_file());
    let failed = read_json(&tmp.path().join("out/a.example.com.json"));
    assert_eq!(failed["status"], "failed");
    let ok = read_json(&tmp.path().join("out/c.example.com.json"));
    assert!(ok.get("status").is_none());
}

/// The finding of one code in a JSON report.
fn finding_of<'a>(f: &'a [Value], code: &str) -> Option<&'a Value> {
    f.iter().find(|d| d["code"] == code)
}

#[test]
fn facts_the_code_reads_and_the_facts_lack_are_listed_once() {
    let site = "class legacy {\n  if $::osfamily == 'Debian' { $p = 'ntp' }\n  \
                $m = $facts['os']['release']['full']\n  $k = $facts['kernel']\n}\ninclude legacy\n";
    let tmp = scratch(site);
    // Puppet 7, which warns on the absent legacy fact (Puppet 8 fails on it).
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--puppet-version",
            "7",
            "--facts",
            "facts.json",
            "--format",
            "json",
            "site.pp",
        ],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let f = findings_of(&o);
    let d = finding_of(&f, "P221").unwrap_or_else(|| panic!("{f:?}"));
    assert_eq!(d["severity"], "info");
    assert!(d["path"].as_str().unwrap().ends_with("facts.json"), "{d}");
    let message = d["message"].as_str().unwrap();
    assert!(
        message.contains("`$::osfamily`, `$facts['os']['release']['full']`, `$facts['kernel']`"),
        "{message}"
    );
    assert!(message.contains("include_legacy_facts"), "{message}");
    assert_eq!(f.iter().filter(|d| d["code"] == "P221").count(), 1);

    // A directory of nodes that lack the same facts: one finding, on the directory, naming
    // the nodes.
    let dir = tmp.path().join("nodes");
    fs::create_dir(&dir).unwrap();
    for n in ["a", "b"] {
        fs::write(
            dir.join(format!("{n}.json")),
            DEBIAN_FACTS.replace("web01", n),
        )
        .unwrap();
    }
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--puppet-version",
            "7",
            "--facts",
            "nodes",
            "--format",
            "json",
            "site.pp",
        ],
    );
    let f = findings_of(&o);
    let p221: Vec<&Value> = f.iter().filter(|d| d["code"] == "P221").collect();
    assert_eq!(p221.len(), 1, "{f:?}");
    let message = p221[0]["message"].as_str().unwrap();
    assert!(
        message.contains("nodes `a.example.com`, `b.example.com`"),
        "{message}"
    );

    // Given the facts, nothing is said.
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "facts.json",
            "--fact",
            "osfamily=Debian",
            "--fact",
            "os.release.full='11.1'",
            "--fact",
            "kernel=Linux",
            "--format",
            "json",
            "site.pp",
        ],
    );
    assert!(
        finding_of(&findings_of(&o), "P221").is_none(),
        "{}",
        stdout(&o)
    );
}

#[test]
fn fact_settings_override_the_facts_of_every_node() {
    let tmp = scratch(
        "fail(\"${facts['os']['family']} ${facts['os']['name']} ${::role} ${type($::n)} \
         ${facts['os']['release']['major']}\")\n",
    );
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "facts.json",
            "--fact",
            "os.family=RedHat",
            "--fact",
            "role=web",
            "--fact",
            "n=3",
            "--format",
            "json",
            "site.pp",
        ],
    );
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let f = findings_of(&o);
    let d = finding_of(&f, "P202").unwrap_or_else(|| panic!("{f:?}"));
    assert_eq!(d["message"], "RedHat Debian web Integer[3, 3] 11");
    // A setting that is not KEY=VALUE is a usage error.
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "facts.json",
            "--fact",
            "role",
            "site.pp",
        ],
    );
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("KEY=VALUE"), "{}", stderr(&o));
}

#[test]
fn facts_os_gives_default_facts() {
    let tmp = scratch(
        "fail(\"${facts['os']['family']} ${facts['os']['release']['major']} ${::osfamily} \
         ${::hostname}\")\n",
    );
    // Puppet 8's agents send no legacy facts: the sets for Puppet 8 (the default) hold none,
    // and reading one is an unknown variable, which fails the compilation.
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--format",
            "json",
            "--facts-os",
            "debian-12",
            "site.pp",
        ],
    );
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let f = findings_of(&o);
    let unknown = finding_of(&f, "P212").unwrap_or_else(|| panic!("{f:?}"));
    assert_eq!(unknown["message"], "Unknown variable: '::osfamily'.");
    assert_eq!(unknown["severity"], "error");
    // Puppet 7's send both.
    let run = |extra: &[&str]| {
        let mut args = vec!["--evaluate", "--puppet-version", "7", "--format", "json"];
        args.extend_from_slice(extra);
        args.push("site.pp");
        plint(tmp.path(), &args)
    };
    let message = |o: &std::process::Output| {
        let f = findings_of(o);
        finding_of(&f, "P202").unwrap_or_else(|| panic!("{f:?} {}", stderr(o)))["message"]
            .as_str()
            .unwrap()
            .to_string()
    };
    // The README's quick start: no facts file at all.
    let o = run(&["--facts-os", "debian-12"]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert_eq!(message(&o), "Debian 12 Debian foo");
    let o = run(&["--facts-os", "rhel-9"]);
    assert_eq!(message(&o), "RedHat 9 RedHat multi-1");
    // A facts file over the defaults: its facts win, the defaults fill the rest.
    let o = run(&["--facts-os", "ubuntu-22.04", "--facts", "facts.json"]);
    assert_eq!(message(&o), "Debian 11 Debian web01");
    assert!(stderr(&o).contains("web01.example.com"), "{}", stderr(&o));
    // An unknown name lists the sets.
    let o = run(&["--facts-os", "debian-99"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("debian-12, redhat-7"), "{}", stderr(&o));
    // `--facts-os list`, without --evaluate.
    let o = plint(tmp.path(), &["--facts-os", "list"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    for name in [
        "debian-12",
        "ubuntu-22.04",
        "redhat-9",
        "centos-7",
        "windows-2022",
    ] {
        assert!(stdout(&o).contains(name), "{}", stdout(&o));
    }
    // A set without --evaluate: a usage error, not a silent check.
    let o = plint(tmp.path(), &["--facts-os", "debian-12", "site.pp"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("needs --evaluate"), "{}", stderr(&o));
    // Neither facts nor a set: a usage error.
    let o = plint(tmp.path(), &["--evaluate", "site.pp"]);
    assert_eq!(code(&o), 2);
}

#[test]
fn unknown_values_are_named_by_their_origin() {
    let tmp = scratch(
        "$role = puppetdb_query('facts[value] { name = \"role\" }')\n\
         if $role == 'web' { notice('web') }\n\
         fail(translate('Unsupported: %{os}', { 'os' => $facts['os']['name'] }))\n",
    );
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "facts.json",
            "--format",
            "json",
            "site.pp",
        ],
    );
    let f = findings_of(&o);
    let p213 = finding_of(&f, "P213").unwrap_or_else(|| panic!("{f:?}"));
    assert!(
        p213["message"]
            .as_str()
            .unwrap()
            .contains("(from puppetdb_query())"),
        "{p213}"
    );
    assert_eq!(
        finding_of(&f, "P202").unwrap()["message"],
        "Unsupported: Debian"
    );
}

/// What the code of an EPP template finds is located in the template (its own line and
/// column), and what an `inline_epp()` text finds at the call: never at the offsets of the
/// template's code applied to the calling manifest.
/// Where a JSON report's `P218` findings are, as `path:line:column`.
fn p218_places(o: &std::process::Output) -> Vec<String> {
    let v: Value =
        serde_json::from_str(&stdout(o)).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)));
    v.as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "P218")
        .map(|d| {
            format!(
                "{}:{}:{}",
                d["path"].as_str().unwrap(),
                d["line"],
                d["column"]
            )
        })
        .collect()
}

#[test]
fn findings_in_templates_are_located_in_the_template() {
    let site = "# A comment block long enough that the template's offsets,\n\
                # applied to this file, would land in it.\n\
                # ...\n\
                file { '/tmp/a': content => epp('m/t.epp') }\n";
    let tmp = scratch(site);
    let t = tmp.path().join("modules/m/templates/t.epp");
    fs::create_dir_all(t.parent().unwrap()).unwrap();
    fs::write(
        &t,
        "line one\n<%= puppetdb_query('nodes[certname] {}') %>\n",
    )
    .unwrap();
    let args = [
        "--evaluate",
        "--facts",
        "facts.json",
        "--modulepath",
        "modules",
        "--format",
        "json",
        "site.pp",
    ];
    let o = plint(tmp.path(), &args);
    assert_eq!(
        p218_places(&o),
        ["modules/m/templates/t.epp:2:5"],
        "{}",
        stdout(&o)
    );

    fs::write(
        tmp.path().join("site.pp"),
        "# comment\n$x = 1\nfile { '/tmp/a': content => inline_epp('<%= puppetdb_query(\"q\") %>') }\n",
    )
    .unwrap();
    let o = plint(tmp.path(), &args);
    assert_eq!(p218_places(&o), ["site.pp:3:29"], "{}", stdout(&o));
}

#[test]
fn three_errors_in_three_classes_fail_the_node_once_each() {
    // An attribute's value, a function's arguments, an end-of-compile dangling relationship:
    // Puppet stops at the first; plint reports the three, and what the failed values feed
    // (the unknown `$v` in a title) is not an error of its own.
    let tmp = scratch(
        "class one {\n  file { '/etc/one': ensure => file, mode => 1 + 'x' }\n}\n\
         class two {\n  $v = upcase(1, 2, 3)\n  notify { \"two ${v}\": }\n}\n\
         class three {\n  notify { 'three': }\n  Notify['three'] -> File['/missing']\n}\n\
         include one\ninclude two\ninclude three\n",
    );
    let args = [
        "--evaluate",
        "--facts",
        "facts.json",
        "--catalog-out",
        "c.json",
        "site.pp",
    ];
    let o = plint(tmp.path(), &args);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("Puppet stops at the first of these 3 errors"),
        "{}",
        stderr(&o)
    );
    assert_eq!(stdout(&o).matches("error[P2").count(), 3, "{}", stdout(&o));
    let c = read_json(&tmp.path().join("c.json"));
    assert_eq!(c["status"], "failed");
    let errors = c["errors"].as_array().expect("errors");
    assert_eq!(errors.len(), 3, "{c}");
    // In the order Puppet meets them: the first is Puppet's error.
    assert_eq!(errors[0]["line"], 2, "{c}");
    assert_eq!(errors[1]["line"], 5, "{c}");
    assert!(
        errors[2]["message"]
            .as_str()
            .is_some_and(|m| m.contains("File[/missing]")),
        "{c}"
    );
}

#[test]
fn a_hiera_backend_reading_outside_the_repository_is_reported_and_unknown() {
    let tmp = tempfile::tempdir().unwrap();
    let write = |p: &str, text: &str| {
        let p = tmp.path().join(p);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    };
    write("private/secret.yaml", "app::password: secret\n");
    let private = tmp.path().join("private");
    write(
        "repo/hiera.yaml",
        "version: 5\nhierarchy:\n  - name: files\n    lookup_key: app::files\n",
    );
    // The backend reads a folder beside the repository, as written in its Ruby.
    write(
        "repo/modules/app/lib/puppet/functions/app/files.rb",
        &format!(
            "Puppet::Functions.create_function(:'app::files') do\n  dispatch :files do\n    param 'String', :key\n    param 'Hash', :options\n    param 'Puppet::LookupContext', :context\n  end\n  def files(key, options, context)\n    return context.not_found unless key == 'app::password'\n    found = Dir.glob('*.yaml', base: '{dir}')\n    YAML.load_file(File.join('{dir}', found.first))[key]\n  end\nend\n",
            dir = private.display()
        ),
    );
    write(
        "repo/modules/app/manifests/init.pp",
        "class app(String $password) {\n  file { '/etc/app.conf': content => $password }\n}\n",
    );
    write("repo/manifests/site.pp", "include app\n");
    write("facts.json", DEBIAN_FACTS);
    let out = tmp.path().join("catalog.json");
    let out_arg = out.to_string_lossy().into_owned();
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "facts.json",
            "--catalog-out",
            &out_arg,
            "repo",
        ],
    );
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    // The refused folder is named as the Ruby wrote it, with the function.
    let text = stdout(&o);
    assert!(text.contains("P216"), "{text}");
    assert!(
        text.contains(&format!(
            "`{}` was not read by the Hiera backend function 'app::files'",
            private.display()
        )),
        "{text}"
    );
    let c = read_json(&out);
    let content = c["resources"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["title"] == "/etc/app.conf")
        .map(|r| r["parameters"]["content"].clone())
        .unwrap_or(Value::Null);
    assert!(content.get("__unknown__").is_some(), "{content}");
    // Trusted, it is read.
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "facts.json",
            "--trust",
            "private",
            "--catalog-out",
            &out_arg,
            "repo",
        ],
    );
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert!(!stdout(&o).contains("P216"), "{}", stdout(&o));
    let c = read_json(&out);
    let content = c["resources"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["title"] == "/etc/app.conf")
        .map(|r| r["parameters"]["content"].clone())
        .unwrap_or(Value::Null);
    assert_eq!(content, "secret");
}

#[test]
fn a_template_looking_outside_the_repository_is_reported_once_per_path() {
    let tmp = scratch(
        "notify { 'a': message => inline_template(\"<%= File.read('/etc/hostname') %>\") }\n\
         notify { 'b': message => inline_template(\"<%= Dir.glob('/etc/*.conf').size %>\") }\n\
         notify { 'c': message => inline_template(\"<%= File.exist?('/etc/passwd') %>\") }\n",
    );
    let o = plint(
        tmp.path(),
        &["--evaluate", "--facts", "facts.json", "site.pp"],
    );
    let text = stdout(&o);
    assert_eq!(code(&o), 0, "{text}");
    assert_eq!(text.matches("warning[P216]").count(), 3, "{text}");
    for p in ["`/etc/hostname`", "`/etc`", "`/etc/passwd`"] {
        assert!(text.contains(&format!("{p} was not read")), "{text}");
    }
}

#[test]
fn stdlib_loadyaml_of_a_url_is_unknown_with_a_note_and_never_fetched() {
    let stdlib = Path::new(common::CORPUS).join("stdlib");
    if !stdlib.is_dir() {
        assert!(std::env::var_os("CI").is_none(), "no stdlib in the corpus");
        eprintln!("skipping: no stdlib in the corpus");
        return;
    }
    let tmp = scratch(
        "$d = loadyaml('https://user:secret@example.invalid/data.yaml', { 'x' => 1 })\n\
         notify { 'n': message => String($d) }\n",
    );
    let o = plint(
        tmp.path(),
        &[
            "--evaluate",
            "--facts",
            "facts.json",
            "--modulepath",
            common::CORPUS,
            "site.pp",
        ],
    );
    let text = stdout(&o);
    assert_eq!(code(&o), 0, "{text}");
    assert!(text.contains("note[P218]"), "{text}");
    assert!(text.contains("plint never reaches the network"), "{text}");
    // The credentials written in the URL are not repeated in the message.
    let message = text.lines().find(|l| l.starts_with("note[P218]")).unwrap();
    assert!(!message.contains("secret"), "{message}");
}

/// The production-shaped control repository of `tests/catalog/cases/ctrl-production-private`
/// (a private data checkout beside it, an eyaml level) checked out in a folder of its own, its
/// private data at `../../private-data/ctrl-production-private` from it, as the Hiera level
/// names it.
fn production_checkout() -> (tempfile::TempDir, std::path::PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/catalog");
    let checkout = tmp.path().join("repos/control");
    common::copy_tree(&root.join("cases/ctrl-production-private"), &checkout);
    common::copy_tree(
        &root.join("private-data/ctrl-production-private"),
        &tmp.path().join("private-data/ctrl-production-private"),
    );
    (tmp, checkout)
}

fn production_run(checkout: &Path, extra: &[&str]) -> (std::process::Output, Value) {
    let facts = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/catalog/facts/default.yaml");
    let facts = facts.to_str().unwrap();
    let mut args = vec![
        "--evaluate",
        "--puppet-version",
        "7",
        "--facts",
        facts,
        "--server-fact",
        "servername=puppet",
        "--catalog-out",
        "c.json",
        "--format",
        "json",
    ];
    args.extend_from_slice(extra);
    args.push("site.pp");
    let o = plint(checkout, &args);
    let c = read_json(&checkout.join("c.json"));
    (o, c)
}

fn resource<'a>(c: &'a Value, kind: &str, title_start: &str) -> &'a Value {
    c["resources"]
        .as_array()
        .and_then(|rs| {
            rs.iter().find(|r| {
                r["type"] == kind
                    && r["title"]
                        .as_str()
                        .is_some_and(|t| t.starts_with(title_start))
            })
        })
        .unwrap_or_else(|| panic!("no {kind}[{title_start}...] in {c}"))
}

#[test]
fn a_private_datadir_beside_the_repository_is_refused_and_reported_until_trusted() {
    let (tmp, checkout) = production_checkout();
    // Not trusted: the environment's own hiera.yaml names a folder outside the repository.
    let (o, c) = production_run(&checkout, &[]);
    let text = stdout(&o);
    assert!(text.contains("P216"), "{text}");
    assert!(text.contains("private-data"), "{text}");
    assert!(text.contains("--trust"), "{text}");
    // A catalog is written. The private level comes first, so every key it might hold is
    // unknown, with the refused file as its origin: never another level's value or a default.
    let conf = resource(&c, "File", "/etc/app/db.conf");
    let content = &conf["parameters"]["content"];
    assert!(content.get("__unknown__").is_some(), "{conf}");
    assert!(
        content["origin"]
            .as_str()
            .is_some_and(|o| o.contains("private.yaml")),
        "{conf}"
    );
    let web = c["resources"]
        .as_array()
        .and_then(|rs| rs.iter().find(|r| r["type"] == "Notify"))
        .expect("the web notify");
    assert!(web["title"].get("__unknown__").is_some(), "{web}");
    // Trusted: the values are read, as Puppet reads them.
    let private = tmp.path().join("private-data");
    let (o, c) = production_run(&checkout, &["--trust", private.to_str().unwrap()]);
    let text = stdout(&o);
    assert!(!text.contains("P216"), "{text}");
    let expected = read_json(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/catalog/cases/ctrl-production-private/expected.json"),
    );
    for (kind, title) in [("Notify", "web on "), ("File", "/etc/app/db.conf")] {
        assert_eq!(
            resource(&c, kind, title)["title"],
            resource(&expected, kind, title)["title"]
        );
        assert_eq!(
            resource(&c, kind, title)["parameters"]["content"],
            resource(&expected, kind, title)["parameters"]["content"]
        );
    }
    // The encrypted value stays unknown either way.
    let secret = resource(&c, "File", "/etc/app/db.secret");
    assert_ne!(
        secret["parameters"]["content"], "decrypted-secret",
        "{secret}"
    );
}
