//! plint on the real module corpus (`scripts/install-corpus.sh` installs about 1,900 `.pp`
//! files under /usr/share/puppet/modules): Puppet 7 parses every file, so plint must report
//! no syntax error (`P001`) and no internal error (`P000`) on any of them.
//!
//! plint skips `spec/fixtures` during a walk, so the test also names those directories
//! explicitly: every `.pp` file of the corpus is checked.
//!
//! It also asserts that every error-level finding of plint's (default rules) is where Puppet's
//! own validator reports an error: style rules are warnings, and the corpus is working code.
//! The exceptions are real defects of the corpus that Puppet finds only when it evaluates the
//! code (an undefined variable, a reassignment): [`KNOWN_DEFECTS`] lists each with the reason,
//! and each must still be found.
//!
//! Without the corpus the test is skipped, except under CI (`CI` set), where it fails.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

const CORPUS: &str = "/usr/share/puppet/modules";

/// Error-level findings on the corpus that are real defects: (path relative to the corpus,
/// line, code, why it is a defect). Each reads a variable nothing defines (Puppet gives `undef`,
/// or fails with `strict_variables`: checked with `puppet apply --strict_variables` where the
/// module compiles alone, e.g. "Unknown variable: 'apt::apt_update_last_success'") or assigns
/// a parameter.
const KNOWN_DEFECTS: &[(&str, u64, &str, &str)] = &[
    (
        "apt/manifests/update.pp",
        21,
        "P112",
        "$apt::apt_update_last_success: a fact, read as a variable of class apt, which has none of that name",
    ),
    (
        "apt/manifests/update.pp",
        22,
        "P112",
        "$apt::apt_update_last_success: a fact, read as a variable of class apt, which has none of that name",
    ),
    (
        "apt/manifests/update.pp",
        36,
        "P112",
        "$apt::apt_update_last_success: a fact, read as a variable of class apt, which has none of that name",
    ),
    (
        "apt/manifests/update.pp",
        37,
        "P112",
        "$apt::apt_update_last_success: a fact, read as a variable of class apt, which has none of that name",
    ),
    (
        "archvsync/manifests/apache.pp",
        67,
        "P112",
        "$root_url_real: assigned nowhere in the module",
    ),
    (
        "archvsync/manifests/apache.pp",
        68,
        "P112",
        "$root_path: assigned nowhere in the module",
    ),
    (
        "archvsync/manifests/apache.pp",
        71,
        "P112",
        "$root_url_real: assigned nowhere in the module",
    ),
    (
        "archvsync/manifests/apache.pp",
        72,
        "P112",
        "$root_path: assigned nowhere in the module",
    ),
    (
        "archvsync/manifests/apache.pp",
        75,
        "P112",
        "$root_url_real: assigned nowhere in the module",
    ),
    (
        "archvsync/manifests/apache.pp",
        76,
        "P112",
        "$root_path: assigned nowhere in the module",
    ),
    (
        "archvsync/manifests/apache.pp",
        79,
        "P112",
        "$root_url_real: assigned nowhere in the module",
    ),
    (
        "archvsync/manifests/apache.pp",
        80,
        "P112",
        "$root_path: assigned nowhere in the module",
    ),
    (
        "archvsync/manifests/apache.pp",
        83,
        "P112",
        "$root_url_real: assigned nowhere in the module",
    ),
    (
        "archvsync/manifests/apache.pp",
        84,
        "P112",
        "$root_path: assigned nowhere in the module",
    ),
    (
        "cloudkitty/manifests/params.pp",
        28,
        "P112",
        "$::os_package_type: no fact os_package_type: no module of the corpus defines it (openstacklib dropped it)",
    ),
    (
        "cloudkitty/manifests/processor.pp",
        118,
        "P113",
        "$collector: assigns the parameter: 'Cannot reassign variable' whenever collector is not gnocchi",
    ),
    (
        "congress/manifests/params.pp",
        7,
        "P112",
        "$::openstacklib::defaults::pyvers: openstacklib::defaults has no $pyvers any more",
    ),
    (
        "etcddiscovery/manifests/init.pp",
        56,
        "P112",
        "$manage_service: neither a parameter of etcddiscovery nor of etcddiscovery::params",
    ),
    (
        "etcddiscovery/manifests/init.pp",
        60,
        "P112",
        "$manage_service: neither a parameter of etcddiscovery nor of etcddiscovery::params",
    ),
    (
        "mistral/manifests/execution_expiration_policy.pp",
        40,
        "P112",
        "$::mistral::engine::evaluation_interval: mistral::engine has no such parameter (a removed deprecation fallback)",
    ),
    (
        "mistral/manifests/execution_expiration_policy.pp",
        41,
        "P112",
        "$::mistral::engine::older_than: mistral::engine has no such parameter (a removed deprecation fallback)",
    ),
    (
        "neutron/manifests/agents/ml2/vpp.pp",
        54,
        "P112",
        "$::host: neither a fact nor a top-scope variable (the default of $host)",
    ),
    (
        "nova/manifests/compute/image_cache.pp",
        44,
        "P112",
        "$::nova::compute::libvirt::remove_unused_base_images: nova::compute::libvirt has no such parameter (a removed deprecation fallback)",
    ),
    (
        "nova/manifests/compute/image_cache.pp",
        48,
        "P112",
        "$::nova::compute::libvirt::remove_unused_original_minimum_age_seconds: nova::compute::libvirt has no such parameter (a removed deprecation fallback)",
    ),
    (
        "nova/manifests/compute/image_cache.pp",
        52,
        "P112",
        "$::nova::compute::libvirt::remove_unused_resized_minimum_age_seconds: nova::compute::libvirt has no such parameter (a removed deprecation fallback)",
    ),
    (
        "nova/manifests/compute/libvirt/libvirtd.pp",
        67,
        "P112",
        "$::nova::compute::libvirt::tls_prority: a misspelling of tls_priority",
    ),
    (
        "panko/manifests/params.pp",
        5,
        "P112",
        "$::openstacklib::defaults::pyvers: openstacklib::defaults has no $pyvers any more",
    ),
    (
        "panko/manifests/wsgi/uwsgi.pp",
        32,
        "P112",
        "$::os_package_type: no fact os_package_type: no module of the corpus defines it (openstacklib dropped it)",
    ),
    (
        "rabbitmq/manifests/server.pp",
        53,
        "P112",
        "$rabbitmq::params::node_ip_address: rabbitmq::params does not define it",
    ),
    (
        "rabbitmq/manifests/server.pp",
        56,
        "P112",
        "$rabbitmq::params::erlang_cookie: rabbitmq::params does not define it",
    ),
    (
        "swift/manifests/storage/xfs.pp",
        70,
        "P112",
        "$mount_device: read before the case statement below assigns it",
    ),
    (
        "vswitch/manifests/ovs.pp",
        92,
        "P112",
        "$::vswitch::params::ovsdb_status: vswitch::params does not define it",
    ),
    (
        "zookeeper/manifests/install/package.pp",
        12,
        "P112",
        "$::zookeeper::service_package: class zookeeper has no such parameter or variable",
    ),
    (
        "zookeeper/manifests/install/package.pp",
        13,
        "P112",
        "$::zookeeper::service_package: class zookeeper has no such parameter or variable",
    ),
];

#[test]
fn corpus_has_no_syntax_or_internal_errors() {
    if !Path::new(CORPUS).is_dir() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{CORPUS} is missing: run scripts/install-corpus.sh"
        );
        eprintln!("skipped: {CORPUS} is missing (run scripts/install-corpus.sh)");
        return;
    }
    let mut fixtures = Vec::new();
    find_spec_fixtures(Path::new(CORPUS), &mut fixtures, 0);
    let o = Command::new(env!("CARGO_BIN_EXE_plint"))
        .args(["--format", "json", "--timings", CORPUS])
        .args(&fixtures)
        .output()
        .expect("run plint");
    let stderr = String::from_utf8_lossy(&o.stderr);
    eprintln!("{stderr}");
    let findings: Vec<Value> = serde_json::from_slice(&o.stdout).expect("JSON output");
    let bad: Vec<String> = findings
        .iter()
        .filter(|f| f["code"] == "P001" || f["code"] == "P000")
        .map(|f| {
            format!(
                "{}:{}:{}: {} {}",
                f["path"].as_str().unwrap_or("?"),
                f["line"],
                f["column"],
                f["code"].as_str().unwrap_or("?"),
                f["message"].as_str().unwrap_or("?")
            )
        })
        .collect();
    assert!(
        bad.is_empty(),
        "{} syntax/internal errors on the corpus, first ones:\n{}",
        bad.len(),
        bad.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
    // The corpus is working code that Puppet accepts: plint's only error-level findings are
    // where Puppet's own validator reports an error (tests/oracle/puppet-validate-corpus.json,
    // which tests/validator_parity.rs compares in detail). Style rules are warnings.
    let puppet_errors = puppet_validator_errors();
    let unexpected: Vec<String> = findings
        .iter()
        .filter(|f| f["severity"] == "error")
        // The type and name checks of inference (P101-P111, P116-P120) find what only
        // compiling a catalog finds: tests/corpus_types.rs checks them against its list of the
        // corpus's real defects.
        .filter(|f| !is_inference_code(f["code"].as_str().unwrap_or("")))
        .filter_map(|f| {
            let path = f["path"].as_str().unwrap_or("?");
            let rel = path
                .strip_prefix(CORPUS)
                .unwrap_or(path)
                .trim_start_matches('/');
            let line = f["line"].as_u64().unwrap_or(0);
            let code = f["code"].as_str().unwrap_or("?");
            let known = KNOWN_DEFECTS
                .iter()
                .any(|&(p, l, c, _)| p == rel && l == line && c == code);
            (!known && !puppet_errors.contains(&(rel.to_string(), line))).then(|| {
                format!(
                    "{rel}:{line}: {} {}",
                    f["code"].as_str().unwrap_or("?"),
                    f["message"].as_str().unwrap_or("?")
                )
            })
        })
        .collect();
    assert!(
        unexpected.is_empty(),
        "{} error-level findings on the corpus where Puppet reports no error:\n{}",
        unexpected.len(),
        unexpected.join("\n")
    );
    let missed: Vec<String> = KNOWN_DEFECTS
        .iter()
        .filter(|&&(p, l, c, _)| {
            !findings.iter().any(|f| {
                f["path"]
                    .as_str()
                    .and_then(|x| x.strip_prefix(CORPUS))
                    .map(|x| x.trim_start_matches('/'))
                    == Some(p)
                    && f["line"].as_u64() == Some(l)
                    && f["code"] == c
            })
        })
        .map(|(p, l, c, why)| format!("{p}:{l}: {c} ({why})"))
        .collect();
    assert!(
        missed.is_empty(),
        "known defects of the corpus no longer found:\n{}",
        missed.join("\n")
    );
    let files: usize = stderr
        .lines()
        .find(|l| l.trim_start().starts_with("discover"))
        .and_then(|l| l.split_whitespace().rev().nth(1))
        .map(|n| n.replace(',', "").parse().unwrap())
        .expect("--timings reports the number of files");
    assert!(files >= 1_890, "only {files} files found in the corpus");
}

/// Directories `spec/fixtures` under `dir` (following symlinks, as the modules are links).
fn find_spec_fixtures(dir: &Path, out: &mut Vec<PathBuf>, depth: usize) {
    if depth > 12 {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if !path.is_dir() {
            continue;
        }
        if entry.file_name() == "fixtures" && dir.file_name() == Some("spec".as_ref()) {
            out.push(path);
        } else {
            find_spec_fixtures(&path, out, depth + 1);
        }
    }
}

/// (path relative to the corpus, line) of each error Puppet's validator reports on the corpus.
fn puppet_validator_errors() -> std::collections::HashSet<(String, u64)> {
    let file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracle/puppet-validate-corpus.json");
    let rows: Vec<Value> = serde_json::from_str(
        &std::fs::read_to_string(file).expect("the validator oracle is readable"),
    )
    .expect("the validator oracle is JSON");
    rows.iter()
        .filter(|r| r["severity"] == "error")
        .map(|r| {
            (
                r["path"].as_str().expect("path").to_string(),
                r["line"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

/// A code of the type and name checks of inference (P101-P111, P116-P120).
fn is_inference_code(code: &str) -> bool {
    code.strip_prefix('P')
        .and_then(|n| n.parse::<u32>().ok())
        .is_some_and(|n| (101..=111).contains(&n) || (116..=120).contains(&n))
}
