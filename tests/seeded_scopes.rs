//! Seeded faults for the scope rules: real modules of the corpus are copied (`cp -rL`) to a
//! temporary directory, an undefined variable and a reassignment are injected into one class
//! or defined type of each, at lines computed from the file, and plint must report each at its
//! line (P112, P113) and nothing else that the pristine copy does not have.
//!
//! Without the corpus the test is skipped, except under CI (`CI` set), where it fails.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

const CORPUS: &str = "/usr/share/puppet/modules";

/// (module, manifest inside it): classes (most inheriting their module's `params` class) and
/// defined types with parameters and assignments.
const TARGETS: &[(&str, &str)] = &[
    ("apt", "manifests/init.pp"),
    ("mysql", "manifests/server.pp"),
    ("postgresql", "manifests/server/schema.pp"),
    ("apache", "manifests/vhost.pp"),
    ("nova", "manifests/compute.pp"),
    ("concat", "manifests/init.pp"),
    ("collectd", "manifests/init.pp"),
    ("horizon", "manifests/init.pp"),
    ("postfix", "manifests/init.pp"),
    ("tftp", "manifests/init.pp"),
];

/// The 0-based index of the first statement of the body that assigns a variable (indented
/// two spaces, after the line that closes the parameter list), and the variable's name.
fn first_body_assignment(lines: &[&str]) -> Option<(usize, String)> {
    let body = lines.iter().position(|l| {
        let t = l.trim_end();
        (t.starts_with(')') || t.starts_with("class ") || t.starts_with("define "))
            && t.ends_with('{')
    })?;
    lines.iter().enumerate().skip(body + 1).find_map(|(i, l)| {
        let rest = l.strip_prefix("  $")?;
        if rest.starts_with(' ') {
            return None;
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
            .collect();
        let after = rest[name.len()..].trim_start();
        (!name.is_empty() && after.starts_with('=') && !after.starts_with("=="))
            .then_some((i, name))
    })
}

fn findings(dir: &Path) -> Vec<(String, u64, String)> {
    let o = Command::new(env!("CARGO_BIN_EXE_plint"))
        .args(["--select", "P112,P113", "--format", "json"])
        .arg(dir)
        .output()
        .expect("run plint");
    let found: Vec<Value> = serde_json::from_slice(&o.stdout).expect("JSON output");
    found
        .iter()
        .map(|f| {
            let path = f["path"].as_str().unwrap_or("?");
            let rel = Path::new(path)
                .strip_prefix(dir)
                .map(|p| p.to_string_lossy().to_string())
                .unwrap_or_else(|_| path.to_string());
            (
                rel,
                f["line"].as_u64().unwrap_or(0),
                f["code"].as_str().unwrap_or("?").to_string(),
            )
        })
        .collect()
}

#[test]
fn seeded_undefined_variables_and_reassignments_are_found_at_their_lines() {
    if !Path::new(CORPUS).is_dir() {
        assert!(std::env::var_os("CI").is_none(), "{CORPUS} is missing");
        eprintln!("skipped: {CORPUS} is missing");
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let modules = tmp.path().join("modules");
    std::fs::create_dir_all(&modules).unwrap();
    for (module, _) in TARGETS {
        let status = Command::new("cp")
            .arg("-rL")
            .arg(Path::new(CORPUS).join(module))
            .arg(&modules)
            .status()
            .expect("cp runs");
        assert!(status.success(), "copying {module}");
    }
    let baseline = findings(&modules);

    // Inject, before the first assignment of the body: an assignment to the same variable
    // (so the original one becomes a reassignment) and a read of an undefined variable.
    let mut expected = BTreeSet::new();
    for (module, manifest) in TARGETS {
        let path = modules.join(module).join(manifest);
        let src = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = src.lines().collect();
        let (at, var) = first_body_assignment(&lines)
            .unwrap_or_else(|| panic!("{module}/{manifest}: no assignment in the body"));
        let mut out: Vec<String> = lines[..at].iter().map(|l| l.to_string()).collect();
        out.push(format!("  ${var} = 'seeded'"));
        out.push(format!("  notice($plint_seeded_{module}_typo)"));
        out.extend(lines[at..].iter().map(|l| l.to_string()));
        std::fs::write(&path, out.join("\n") + "\n").unwrap();
        let rel = format!("{module}/{manifest}");
        // 1-based: the notice is at at+2, the original assignment at at+3.
        expected.insert((rel.clone(), at as u64 + 2, "P112".to_string()));
        expected.insert((rel, at as u64 + 3, "P113".to_string()));
    }
    let after: BTreeSet<_> = findings(&modules).into_iter().collect();
    let missed: Vec<_> = expected.difference(&after).collect();
    let detected = expected.len() - missed.len();
    eprintln!(
        "seeded scope faults: {detected}/{} detected ({:.0}%)",
        expected.len(),
        100.0 * detected as f64 / expected.len() as f64
    );
    assert!(missed.is_empty(), "seeded faults not reported: {missed:?}");
    // Nothing else is new: the pristine copy's findings, per file and code, remain as many.
    let count = |set: &mut dyn Iterator<Item = &(String, u64, String)>| {
        let mut v: Vec<(String, String)> = set.map(|(p, _, c)| (p.clone(), c.clone())).collect();
        v.sort();
        v
    };
    let extra = count(&mut after.iter().filter(|f| !expected.contains(*f)));
    let before = count(&mut baseline.iter());
    assert_eq!(extra, before, "findings besides the seeded ones changed");
}
