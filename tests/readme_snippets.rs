//! The CI recipes work as written: every YAML snippet of the README parses; the pre-commit
//! hooks, the GitHub Action and the release workflow have the keys they need; the hook ids
//! and release tags the README names exist; and every plint command line the README, the
//! action and plint's own workflow run is one plint's argument parser accepts — the quick
//! start's, the hook's and the action's are run on `examples/`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use clap::Parser;
use serde_json::{Value, json};

mod common;
use common::{PLINT, code, stderr};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(path))
        .unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

/// A YAML document as JSON, through plint's own YAML loader (Psych's rules: YAML 1.1, so a
/// bare `on` key is the boolean `true`; it is given back as `on`).
fn yaml(text: &str, what: &str) -> Value {
    let v = plint::eval::yaml::parse(text).unwrap_or_else(|e| panic!("{what}: {e:?}\n{text}"));
    to_json(&v)
}

fn to_json(v: &plint::eval::Value) -> Value {
    use plint::eval::Value as V;
    match v {
        V::Undef => Value::Null,
        V::Boolean(b) => json!(b),
        V::Integer(i) => json!(i),
        V::Float(f) => json!(f),
        V::String(s) => json!(s),
        V::Array(items) => items.iter().map(to_json).collect(),
        V::Hash(h) => {
            let mut map = serde_json::Map::new();
            for (k, v) in h.iter() {
                let key = match k {
                    V::String(s) => s.clone(),
                    V::Boolean(true) => "on".to_string(),
                    other => format!("{other:?}"),
                };
                map.insert(key, to_json(v));
            }
            Value::Object(map)
        }
        other => panic!("unexpected YAML value {other:?}"),
    }
}

/// The fenced blocks of `markdown` in `lang`, in order.
fn blocks(markdown: &str, lang: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for line in markdown.lines() {
        match &mut current {
            None if line.trim_start() == format!("```{lang}") => current = Some(String::new()),
            Some(text) if line.trim_start() == "```" => {
                out.push(std::mem::take(text));
                current = None;
            }
            Some(text) => {
                text.push_str(line);
                text.push('\n');
            }
            None => {}
        }
    }
    out
}

fn readme_yaml() -> Vec<(String, Value)> {
    blocks(&read("README.md"), "yaml")
        .into_iter()
        .enumerate()
        .map(|(i, text)| {
            let v = yaml(&text, &format!("README yaml block {}", i + 1));
            (text, v)
        })
        .collect()
}

/// Every step (a mapping with `uses` or `run`) anywhere in a value.
fn steps(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::Array(items) => items.iter().for_each(|i| steps(i, out)),
        Value::Object(map) => {
            if map.contains_key("uses") || map.contains_key("run") {
                out.push(v.clone());
            }
            map.values().for_each(|i| steps(i, out));
        }
        _ => {}
    }
}

/// A shell command line split into words (quotes removed; no expansion).
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, c) if c.is_whitespace() => out.extend(word.take()),
            (None, '#') if word.is_none() => break,
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    out.extend(word);
    out
}

/// plint's arguments, parsed as the binary parses them; the error as text.
fn parse_plint_args(args: &[String]) -> Result<(), String> {
    let argv = std::iter::once("plint".to_string()).chain(args.iter().cloned());
    let (argv, _, _) = plint::cli::args::split_check_flags(argv);
    plint::cli::args::Args::try_parse_from(argv)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// The plint arguments of a shell command line, if it runs plint (`plint ...` or
/// `cargo run --release -- ...`).
fn plint_args(line: &str) -> Option<Vec<String>> {
    let w = words(line);
    if w.first().is_some_and(|c| c == "plint") {
        return Some(w[1..].to_vec());
    }
    if w.starts_with(&["cargo".into(), "run".into()]) {
        let dashes = w.iter().position(|a| a == "--")?;
        return Some(w[dashes + 1..].to_vec());
    }
    None
}

/// The command line the action runs for `with:` inputs (see action.yml's "Run plint" step).
fn action_command(with: &Value, action: &Value) -> Vec<String> {
    let input = |name: &str| {
        with.get(name)
            .or_else(|| action["inputs"][name].get("default"))
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    let mut args = vec![
        "--format".to_string(),
        input("format"),
        "--output".to_string(),
        input("output"),
    ];
    args.extend(words(&input("args")));
    args.extend(words(&input("paths")));
    args
}

fn action() -> Value {
    yaml(&read("action.yml"), "action.yml")
}

fn hooks() -> Value {
    yaml(&read(".pre-commit-hooks.yaml"), ".pre-commit-hooks.yaml")
}

#[test]
fn readme_yaml_snippets_parse() {
    let snippets = readme_yaml();
    assert!(snippets.len() >= 4, "{} yaml blocks", snippets.len());
    for (text, v) in &snippets {
        assert!(
            v.is_object() || v.is_array(),
            "not a mapping or list:\n{text}"
        );
    }
}

/// The files the hooks hand plint (pre-commit searches each staged path with Python's `re`).
const HOOK_FILES: &str = r"(\.(pp|epp|erb)|(^|/)(metadata\.json|hiera\.yaml)|(^|/)data/.+\.(ya?ml|json)|(^|/)tasks/[^/]+\.json)$";

/// The hooks' pattern takes every kind of file plint checks, and not other YAML or JSON.
#[test]
fn hook_pattern_takes_every_kind_plint_checks() {
    let re = fancy_regex::Regex::new(HOOK_FILES).unwrap();
    for path in [
        "manifests/init.pp",
        "site.pp",
        "templates/a.conf.erb",
        "templates/b.epp",
        "metadata.json",
        "modules/m/metadata.json",
        "hiera.yaml",
        "site/profile/hiera.yaml",
        "data/common.yaml",
        "data/nodes/a.example.yml",
        "site/profile/data/os/Debian.json",
        "tasks/run.json",
        "modules/m/tasks/run.json",
    ] {
        assert!(re.is_match(path).unwrap(), "{path} is not handed to plint");
    }
    for path in [
        ".pre-commit-config.yaml",
        ".github/workflows/ci.yml",
        "package.json",
        "tasks/run.sh",
        "tasks/sub/x.json",
        "README.md",
        "mymetadata.json",
        "spec/default_facts.yml",
    ] {
        assert!(!re.is_match(path).unwrap(), "{path} is handed to plint");
    }
    // The README's local hook uses the same pattern.
    let local = readme_yaml()
        .into_iter()
        .find_map(|(_, v)| {
            let repo = v["repos"]
                .as_array()?
                .iter()
                .find(|r| r["repo"] == "local")?;
            Some(repo["hooks"][0].clone())
        })
        .expect("a local hook");
    assert_eq!(local["files"], HOOK_FILES);
}

/// Each kind of file the hooks hand plint, given alone as pre-commit gives it, is checked as
/// what it is (never as a manifest); a YAML file that is none of plint's is skipped.
#[test]
fn hooks_files_checked_alone() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    let files: &[(&str, &str)] = &[
        ("mod/manifests/init.pp", "class mod (Integer $x = 1) { }\n"),
        (
            "mod/metadata.json",
            r#"{"name":"me-mod","version":"1.0.0","author":"me","license":"MIT","summary":"s","source":"s","dependencies":[]}"#,
        ),
        ("mod/hiera.yaml", "---\nversion: 5\n"),
        ("mod/data/common.yaml", "---\nmod::x: 2\n"),
        ("mod/tasks/run.json", "{\"description\": \"d\"}\n"),
        ("mod/tasks/run.sh", "#!/bin/sh\n"),
        ("mod/templates/a.erb", "<%= @x %>\n"),
        ("mod/templates/b.epp", "<%= $x %>\n"),
        ("other/data/list.yaml", "---\nitems: [1, 2]\n"),
    ];
    for (path, text) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    std::fs::write(root.join("plint.toml"), "").unwrap();
    let re = fancy_regex::Regex::new(HOOK_FILES).unwrap();
    for (path, _) in files {
        assert!(
            re.is_match(path).unwrap() || path.ends_with(".sh"),
            "{path}"
        );
        if path.ends_with(".sh") {
            continue;
        }
        let o = run_plint(&[path.to_string()], root);
        let out = String::from_utf8_lossy(&o.stdout).to_string();
        assert_eq!(code(&o), 0, "plint {path}: {out}{}", stderr(&o));
        assert!(!out.contains("P001"), "plint {path}: {out}");
        if path.starts_with("other/") {
            assert!(out.contains("(0 files checked)"), "plint {path}: {out}");
            assert!(
                stderr(&o).contains("other/data/list.yaml: not a file plint checks"),
                "{}",
                stderr(&o)
            );
        } else {
            assert!(out.contains("(1 file checked)"), "plint {path}: {out}");
        }
    }
}

#[test]
fn pre_commit_hooks_have_the_required_keys() {
    let hooks = hooks();
    let hooks = hooks.as_array().expect("a list of hooks");
    let mut ids = BTreeSet::new();
    for hook in hooks {
        for key in ["id", "name", "entry", "language"] {
            assert!(hook[key].is_string(), "hook lacks {key}: {hook}");
        }
        assert_eq!(hook["entry"], "plint");
        assert_eq!(hook["files"], HOOK_FILES, "{hook}");
        ids.insert(hook["id"].as_str().unwrap().to_string());
    }
    let language = |id: &str| {
        hooks.iter().find(|h| h["id"] == id).unwrap()["language"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(ids, BTreeSet::from(["plint".into(), "plint-system".into()]));
    assert_eq!(language("plint"), "rust");
    assert_eq!(language("plint-system"), "system");
}

/// The hooks the README names exist, at a tag the release workflow makes for this version;
/// a local hook runs the installed plint.
#[test]
fn readme_hooks_exist() {
    let ids: Vec<Value> = hooks()
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["id"].clone())
        .collect();
    let mut seen = 0;
    for (text, v) in readme_yaml() {
        let Some(repos) = v.get("repos").and_then(Value::as_array) else {
            continue;
        };
        for repo in repos {
            for hook in repo["hooks"].as_array().expect("hooks") {
                seen += 1;
                if repo["repo"] == "local" {
                    assert_eq!(hook["entry"], "plint", "{text}");
                    assert_eq!(hook["language"], "system", "{text}");
                } else {
                    assert!(ids.contains(&hook["id"]), "unknown hook id:\n{text}");
                    assert_eq!(
                        repo["rev"],
                        format!("v{}", env!("CARGO_PKG_VERSION")),
                        "the release tag of this version:\n{text}"
                    );
                }
            }
        }
    }
    assert!(seen >= 2);
}

#[test]
fn action_is_a_composite_action_with_its_inputs() {
    let action = action();
    for key in ["name", "description", "inputs", "runs"] {
        assert!(action.get(key).is_some(), "action.yml lacks {key}");
    }
    assert_eq!(action["runs"]["using"], "composite");
    let inputs = action["inputs"].as_object().unwrap();
    for (name, input) in inputs {
        assert!(input["description"].is_string(), "input {name}");
    }
    let steps = action["runs"]["steps"].as_array().unwrap();
    for step in steps {
        // A composite action's `run` steps must name their shell.
        if step.get("run").is_some() {
            assert!(step["shell"].is_string(), "step without shell: {step}");
        }
    }
    assert!(
        steps
            .iter()
            .any(|s| s["uses"] == "github/codeql-action/upload-sarif@v3")
    );
    // Every `${{ inputs.x }}` and `steps.x.` it reads is declared.
    let text = read("action.yml");
    let ids: BTreeSet<&str> = steps.iter().filter_map(|s| s["id"].as_str()).collect();
    for (marker, known) in [
        (
            "inputs.",
            &inputs.keys().map(String::as_str).collect::<BTreeSet<_>>(),
        ),
        ("steps.", &ids),
    ] {
        for (i, _) in text.match_indices(marker) {
            let name: String = text[i + marker.len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            assert!(
                known.contains(name.as_str()),
                "{marker}{name} is not declared"
            );
        }
    }
    // The command it runs is the one `action_command` rebuilds.
    assert!(
        text.contains(r#"plint --format "$FORMAT" --output "$OUTPUT" $ARGS $PATHS"#),
        "action.yml's plint command changed: update action_command"
    );
}

/// The release builds every platform, and the action (its install script) installs only
/// targets it builds.
#[test]
fn release_workflow_builds_every_platform() {
    let release = yaml(&read(".github/workflows/release.yml"), "release.yml");
    assert_eq!(release["on"]["push"]["tags"], json!(["v*"]));
    let targets: BTreeSet<String> = release["jobs"]["build"]["strategy"]["matrix"]["include"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["target"].as_str().unwrap().to_string())
        .collect();
    for t in [
        "x86_64-unknown-linux-gnu",
        "aarch64-unknown-linux-gnu",
        "x86_64-unknown-linux-musl",
        "x86_64-apple-darwin",
        "aarch64-apple-darwin",
        "x86_64-pc-windows-msvc",
    ] {
        assert!(targets.contains(t), "release.yml does not build {t}");
    }
    let install = read("scripts/action-install.sh");
    assert!(install.matches("target=").count() >= 5);
    for (i, _) in install.match_indices("target=") {
        let rest = &install[i + "target=".len()..];
        let t: String = rest.chars().take_while(|c| !c.is_whitespace()).collect();
        if !t.is_empty() && !t.starts_with('$') {
            assert!(
                targets.contains(&t),
                "the action installs {t}, not released"
            );
        }
    }
}

/// No placeholder URL is left; the one placeholder the README uses, `OWNER/plint`, is said to
/// be replaced, and appears only where plint's repository is named.
#[test]
fn no_placeholder_urls() {
    for file in [
        "README.md",
        "Cargo.toml",
        "crates/plint-base/src/report/sarif.rs",
        "action.yml",
        "scripts/action-install.sh",
    ] {
        let text = read(file);
        for placeholder in ["example.invalid", "example.com/plint", "your-org"] {
            assert!(!text.contains(placeholder), "{file} has {placeholder}");
        }
    }
    let readme = read("README.md");
    assert!(readme.contains("replace `OWNER/plint` with where plint is hosted"));
    for (text, _) in readme_yaml() {
        for line in text.lines().filter(|l| l.contains("OWNER/plint")) {
            let t = line.trim_start().trim_start_matches("- ");
            assert!(
                t.starts_with("uses: OWNER/plint@v")
                    || t.starts_with("repo: https://github.com/OWNER/plint"),
                "{line}"
            );
        }
    }
}

/// Every plint command line of the README (shell blocks and YAML steps) and of the action as
/// the README's steps call it parses.
#[test]
fn readme_commands_are_valid_plint_command_lines() {
    let readme = read("README.md");
    let action = action();
    let mut commands: Vec<Vec<String>> = Vec::new();
    for block in blocks(&readme, "sh") {
        commands.extend(block.lines().filter_map(plint_args));
    }
    for (_, v) in readme_yaml() {
        let mut found = Vec::new();
        steps(&v, &mut found);
        for step in found {
            if let Some(run) = step["run"].as_str() {
                commands.extend(run.lines().filter_map(plint_args));
            }
            let uses = step["uses"].as_str().unwrap_or_default();
            if uses.starts_with("OWNER/plint@") || uses == "./" {
                for key in step["with"].as_object().into_iter().flat_map(|w| w.keys()) {
                    assert!(
                        action["inputs"].get(key).is_some(),
                        "the action has no input `{key}`: {step}"
                    );
                }
                commands.push(action_command(&step["with"], &action));
            }
        }
    }
    assert!(commands.len() >= 6, "{commands:?}");
    for args in &commands {
        if let Err(e) = parse_plint_args(args) {
            panic!("plint {}: {e}", args.join(" "));
        }
    }
    // The parser does reject what plint rejects.
    assert!(parse_plint_args(&["--no-such-option".into()]).is_err());
}

fn run_plint(args: &[String], dir: &Path) -> std::process::Output {
    Command::new(PLINT)
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("run plint")
}

/// The quick start, the local pre-commit hook and plint's own workflow's use of the action,
/// run on this repository's examples.
#[test]
fn readme_and_action_commands_run_on_the_examples() {
    let root = PathBuf::from(ROOT);
    // Quick start: `examples/` has two syntax errors (status 1); `--diff` of the style example
    // shows changes (status 1); `rules` lists the rules.
    let quick = blocks(&read("README.md"), "sh")
        .into_iter()
        .find(|b| b.contains("cargo run --release -- examples/"))
        .expect("the quick start");
    let expected = [1, 1, 0];
    let runs: Vec<Vec<String>> = quick.lines().filter_map(plint_args).collect();
    assert_eq!(runs.len(), expected.len(), "{quick}");
    for (args, want) in runs.iter().zip(expected) {
        let o = run_plint(args, &root);
        assert_eq!(code(&o), want, "plint {}: {}", args.join(" "), stderr(&o));
    }

    // The local hook, as pre-commit runs it: its entry, then the staged files.
    let hook = readme_yaml()
        .into_iter()
        .find_map(|(_, v)| {
            let repo = v["repos"]
                .as_array()?
                .iter()
                .find(|r| r["repo"] == "local")?;
            Some(repo["hooks"][0].clone())
        })
        .expect("a local hook");
    let mut args = words(hook["entry"].as_str().unwrap())[1..].to_vec();
    args.push("examples/site.pp".into());
    let o = run_plint(&args, &root);
    assert_eq!(code(&o), 0, "{}", stderr(&o));

    // plint's own workflow: the action's command for its `with:`, into a scratch report.
    let workflow = yaml(&read(".github/workflows/plint.yml"), "plint.yml");
    let mut found = Vec::new();
    steps(&workflow, &mut found);
    let step = found.iter().find(|s| s["uses"] == "./").expect("uses: ./");
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("plint.sarif");
    let mut with = step["with"].clone();
    with["output"] = json!(out.to_str().unwrap());
    let args = action_command(&with, &action());
    let o = run_plint(&args, &root);
    assert_eq!(code(&o), 0, "plint {}: {}", args.join(" "), stderr(&o));
    let sarif: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(sarif["version"], "2.1.0");
    assert_eq!(sarif["runs"][0]["automationDetails"]["id"], "plint/check/");
}

/// The action's install step runs `scripts/action-install.sh` with the action's repository
/// and ref passed through `env:` (GitHub fills `github.action_*` there, not in `run:`).
#[test]
fn action_installs_its_own_release() {
    let action = action();
    let steps = action["runs"]["steps"].as_array().unwrap();
    let step = steps
        .iter()
        .find(|s| s["id"] == "release")
        .expect("the install step");
    assert_eq!(
        step["run"].as_str().unwrap().trim(),
        r#"bash "$GITHUB_ACTION_PATH/scripts/action-install.sh""#
    );
    assert_eq!(
        step["env"]["ACTION_REPOSITORY"],
        "${{ github.action_repository }}"
    );
    assert_eq!(step["env"]["ACTION_REF"], "${{ github.action_ref }}");
    for s in steps {
        let run = s["run"].as_str().unwrap_or_default();
        assert!(!run.contains("github.action_"), "read in `run:`: {run}");
    }
    assert_eq!(action["inputs"]["version"]["default"], "");
}

/// `scripts/action-install.sh` against a fake `curl` serving a fake release: which release
/// of which repository it downloads, the checksum check, and the fallback to building.
#[cfg(unix)]
#[test]
fn action_install_script_finds_and_checks_the_release() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    // The "server": files by name, and a log of the URLs asked for.
    let server = t.join("server");
    let pkg = t.join("pkg/plint-v0.1.0-x86_64-unknown-linux-musl");
    std::fs::create_dir_all(&server).unwrap();
    std::fs::create_dir_all(&pkg).unwrap();
    std::fs::write(pkg.join("plint"), "#!/bin/sh\necho fake plint\n").unwrap();
    let asset = "plint-v0.1.0-x86_64-unknown-linux-musl.tar.gz";
    let ok = Command::new("tar")
        .args(["-czf", server.join(asset).to_str().unwrap(), "-C"])
        .arg(t.join("pkg"))
        .arg("plint-v0.1.0-x86_64-unknown-linux-musl")
        .status()
        .unwrap();
    assert!(ok.success());
    let sums = Command::new("sha256sum")
        .arg(asset)
        .current_dir(&server)
        .output()
        .unwrap();
    std::fs::write(server.join("SHA256SUMS"), &sums.stdout).unwrap();
    let bin = t.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let curl = format!(
        r#"#!/bin/bash
url="${{@: -1}}"
echo "$url" >> {log}
case " $* " in
  *url_effective*) echo -n "https://github.com/acme/plint/releases/tag/v0.1.0"; exit 0 ;;
esac
while [ $# -gt 1 ]; do [ "$1" = -o ] && out=$2; shift; done
[ -f "{server}/${{url##*/}}" ] || exit 22
cp "{server}/${{url##*/}}" "$out"
"#,
        log = t.join("log").display(),
        server = server.display()
    );
    std::fs::write(bin.join("curl"), curl).unwrap();
    std::fs::set_permissions(bin.join("curl"), std::fs::Permissions::from_mode(0o755)).unwrap();
    let script = Path::new(ROOT).join("scripts/action-install.sh");
    let run = |env: &[(&str, &str)]| -> (String, String, Vec<String>) {
        let _ = std::fs::remove_file(t.join("log"));
        let _ = std::fs::remove_file(t.join("output"));
        let _ = std::fs::remove_file(t.join("path"));
        let mut cmd = Command::new("bash");
        cmd.arg(&script)
            .env_clear()
            .env(
                "PATH",
                format!("{}:{}", bin.display(), std::env::var("PATH").unwrap()),
            )
            .env("RUNNER_OS", "Linux")
            .env("RUNNER_ARCH", "X64")
            .env("RUNNER_TEMP", t.join("runner-temp"))
            .env("GITHUB_OUTPUT", t.join("output"))
            .env("GITHUB_PATH", t.join("path"));
        for (k, v) in env {
            cmd.env(k, v);
        }
        let o = cmd.output().unwrap();
        assert!(o.status.success(), "{}", stderr(&o));
        let read = |f: &str| std::fs::read_to_string(t.join(f)).unwrap_or_default();
        let log = read("log").lines().map(str::to_string).collect();
        (read("output"), read("path"), log)
    };
    let download = "https://github.com/acme/plint/releases/download/v0.1.0";

    // At a release tag: that release, from the folder the runner put the action in.
    let (output, path, log) = run(&[("GITHUB_ACTION_PATH", "/r/_actions/acme/plint/v0.1.0")]);
    assert_eq!(output, "installed=true\n");
    assert_eq!(
        log,
        [
            format!("{download}/{asset}"),
            format!("{download}/SHA256SUMS")
        ]
    );
    let installed = Path::new(path.trim()).join("plint");
    let o = Command::new(&installed).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&o.stdout), "fake plint\n");

    // At a branch: the latest release, found without the API.
    let (output, _, log) = run(&[
        ("ACTION_REPOSITORY", "acme/plint"),
        ("ACTION_REF", "main"),
        ("GITHUB_ACTION_PATH", "/r/_actions/acme/plint/main"),
    ]);
    assert_eq!(output, "installed=true\n");
    assert_eq!(log[0], "https://github.com/acme/plint/releases/latest");

    // The `repository` and `version` inputs win; a release that is not there is built.
    let (output, _, log) = run(&[
        ("REPOSITORY", "fork/plint"),
        ("VERSION", "v0.2.0"),
        ("GITHUB_ACTION_PATH", "/r/_actions/acme/plint/v0.1.0"),
    ]);
    assert_eq!(output, "installed=false\n");
    assert_eq!(
        log[0],
        "https://github.com/fork/plint/releases/download/v0.2.0/plint-v0.2.0-x86_64-unknown-linux-musl.tar.gz"
    );

    // A checkout whose tag is the release (`uses: ./`): the workflow's repository.
    let checkout = t.join("checkout");
    std::fs::create_dir_all(&checkout).unwrap();
    let git = |args: &[&str]| {
        let o = Command::new("git")
            .args([
                "-c",
                "user.name=t",
                "-c",
                "user.email=t@t",
                "-c",
                "commit.gpgsign=false",
            ])
            .args(args)
            .current_dir(&checkout)
            .output()
            .unwrap();
        assert!(o.status.success(), "git {args:?}: {}", stderr(&o));
    };
    git(&["init", "-q"]);
    git(&["commit", "-q", "--allow-empty", "-m", "x"]);
    git(&["tag", "v0.1.0"]);
    let (output, _, log) = run(&[
        ("GITHUB_ACTION_PATH", checkout.to_str().unwrap()),
        ("GITHUB_REPOSITORY", "acme/plint"),
    ]);
    assert_eq!(output, "installed=true\n");
    assert_eq!(log[0], format!("{download}/{asset}"));

    // An archive that does not match SHA256SUMS is not installed.
    std::fs::write(server.join(asset), "tampered").unwrap();
    let (output, path, _) = run(&[("GITHUB_ACTION_PATH", "/r/_actions/acme/plint/v0.1.0")]);
    assert_eq!(output, "installed=false\n");
    assert_eq!(path, "");

    // An unknown runner: built from source, nothing downloaded.
    let (output, _, log) = run(&[
        ("GITHUB_ACTION_PATH", "/r/_actions/acme/plint/v0.1.0"),
        ("RUNNER_ARCH", "RISCV"),
    ]);
    assert_eq!(output, "installed=false\n");
    assert!(log.is_empty(), "{log:?}");
}
