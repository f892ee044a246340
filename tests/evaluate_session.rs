//! The binary and the library go through the same evaluate session: for every fixture of the
//! catalog rules (`tests/fixtures-eval/<rule>/*.pp`), `plint --evaluate -e CODE --format json`
//! and an `evaluate::Session` built as the command line builds it report the same findings,
//! byte for byte in the JSON format (or, for facts that cannot be used, stop with the same
//! message). The fixtures themselves compile through that session
//! (`evaluate::example::check_example_with`).

use std::path::{Path, PathBuf};
use std::process::Command;

use plint::config::{CliOptions, PuppetVersion, Settings};
use plint::evaluate::example::EXAMPLE_NODE;
use plint::evaluate::{FactsSource, Session, Target};
use plint::report::{OutputFormat, Report};
use plint::sandbox::Sandbox;

mod common;

/// The facts of a fixture, as a JSON text: its first line `# facts: <JSON>`, else the
/// examples' facts.
fn facts_json(src: &str) -> String {
    match src.lines().next().and_then(|l| l.strip_prefix("# facts:")) {
        Some(json) => json.to_string(),
        None => {
            let facts = plint::rules::catalog::example_facts();
            plint::eval::catalog::value_json(&plint::eval::Value::hash(facts)).to_string()
        }
    }
}

/// What the binary says: its JSON report, or its error message.
fn binary(
    cwd: &Path,
    src: &str,
    facts: &Path,
    modulepath: Option<&Path>,
) -> Result<String, String> {
    let mut cmd = Command::new(common::PLINT);
    cmd.current_dir(cwd)
        .args([
            "--evaluate",
            "--no-config",
            "--puppet-version",
            "7",
            "--format",
            "json",
        ])
        .args(["--node", EXAMPLE_NODE, "--facts"])
        .arg(facts)
        .args(["-e", src]);
    if let Some(m) = modulepath {
        cmd.arg("--modulepath").arg(m);
    }
    let out = cmd.output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    match out.status.code() {
        Some(0 | 1) => Ok(stdout),
        _ => Err(String::from_utf8_lossy(&out.stderr).into_owned()),
    }
}

/// What the library's session says, built as the command line builds it.
fn library(
    cwd: &Path,
    src: &str,
    facts: &Path,
    modulepath: Option<&Path>,
) -> Result<String, String> {
    let mut sandbox = Sandbox::new(cwd, &[PathBuf::from(".")]);
    sandbox.add_trusted(facts);
    let options = CliOptions {
        no_config: true,
        puppet_version: Some(PuppetVersion::V7),
        modulepath: modulepath.map(|m| vec![m.to_path_buf()]),
        ..CliOptions::default()
    };
    let settings = Settings::load(&options, cwd, &mut sandbox).map_err(|e| e.message)?;
    let target = Target {
        code: Some(src.to_string()),
        paths: vec![PathBuf::from(".")],
        ..Target::default()
    };
    let session = Session::new(cwd.to_path_buf(), settings, sandbox, target, 1)?;
    let source = FactsSource {
        facts: Some(facts.to_path_buf()),
        node: Some(EXAMPLE_NODE.to_string()),
        ..FactsSource::default()
    };
    let nodes = session.nodes(&session.facts(&source)?);
    if let Err(bad) = &nodes[0].node {
        return Err(bad.message.clone());
    }
    let outcomes = session.compile_nodes(nodes);
    let files = session.main().files;
    let report = Report::new(
        session.findings(&outcomes).into_reports(),
        files,
        plint::cli::rule_metadata(),
    );
    let mut out = termcolor::NoColor::new(Vec::new());
    OutputFormat::Json
        .emitter(Default::default())
        .emit(&report, &mut out)
        .unwrap();
    Ok(String::from_utf8(out.into_inner()).unwrap())
}

#[test]
fn binary_and_session_agree_on_every_fixture() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures-eval");
    let tmp = tempfile::tempdir().unwrap();
    let mut rules: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    rules.sort();
    let (mut compared, mut with_findings, mut stopped, mut problems) = (0, 0, 0, Vec::new());
    for dir in rules {
        let modules = dir.join("modules");
        let modulepath = modules.is_dir().then_some(Path::new("modules"));
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "pp"))
            .collect();
        files.sort();
        for f in files {
            let src = std::fs::read_to_string(&f).unwrap();
            let facts = tmp.path().join("facts.json");
            std::fs::write(&facts, facts_json(&src)).unwrap();
            let from_binary = binary(&dir, &src, &facts, modulepath);
            let from_library = library(&dir, &src, &facts, modulepath);
            let same = match (&from_binary, &from_library) {
                (Ok(b), Ok(l)) => {
                    with_findings += usize::from(b.contains("\"code\""));
                    b == l
                }
                // The binary says `plint: error: MESSAGE`.
                (Err(b), Err(l)) => {
                    stopped += 1;
                    b.contains(l.as_str())
                }
                _ => false,
            };
            if !same {
                problems.push(format!(
                    "{}:\n--- binary\n{from_binary:?}\n--- session\n{from_library:?}",
                    f.display()
                ));
            }
            compared += 1;
        }
    }
    eprintln!("{compared} fixtures compared, {with_findings} with findings, {stopped} stopped");
    // Most fixtures find something; the bad facts of `bad-input` stop the run.
    assert!(
        compared > 40 && with_findings > 20 && stopped > 0,
        "{compared} fixtures compared, {with_findings} with findings, {stopped} stopped"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Two evaluate sessions in one process are independent: each reads and parses the files
/// itself (a file changed between two sessions is read anew), and the same session compiles a
/// second set of nodes as the first.
#[test]
fn sessions_are_independent() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().canonicalize().unwrap();
    let site = root.join("manifests/site.pp");
    std::fs::create_dir_all(site.parent().unwrap()).unwrap();
    let facts = root.join("facts.json");
    std::fs::write(&facts, r#"{"fqdn": "web1.example.com"}"#).unwrap();
    let messages = |session: &Session| -> Vec<String> {
        let source = FactsSource {
            facts: Some(facts.clone()),
            ..FactsSource::default()
        };
        let nodes = session.nodes(&session.facts(&source).unwrap());
        let outcomes = session.compile_nodes(nodes);
        let found = session.findings(&outcomes);
        found.iter().map(|f| f.message()).collect()
    };
    let session = || {
        let mut sandbox = Sandbox::new(&root, std::slice::from_ref(&root));
        let options = CliOptions {
            no_config: true,
            ..CliOptions::default()
        };
        let settings = Settings::load(&options, &root, &mut sandbox).unwrap();
        let target = Target {
            paths: vec![site.clone()],
            ..Target::default()
        };
        Session::new(root.clone(), settings, sandbox, target, 2).unwrap()
    };
    std::fs::write(&site, "fail('one')\n").unwrap();
    let first = session();
    let one = messages(&first);
    assert!(one.iter().any(|m| m.contains("one")), "{one:?}");
    std::fs::write(&site, "fail('two')\n").unwrap();
    let second = session();
    let two = messages(&second);
    assert!(two.iter().any(|m| m.contains("two")), "{two:?}");
    assert!(!two.iter().any(|m| m.contains("one")), "{two:?}");
    // The first session's files were parsed once for its run.
    assert_eq!(messages(&first), one);
}
