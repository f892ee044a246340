//! Seeded faults: real modules of the corpus are copied (`cp -rL`) to a temporary directory,
//! one fault of each kind the types-and-names rules must find is injected at a known line
//! (misspelled attribute, wrong-typed default, undefined variable, unknown class, unknown
//! function, wrong arity, unknown class parameter, reassignment, ...), and plint (all P1xx
//! rules) must report each at its line with the expected code, where the pristine copy has no
//! such finding. The detection rate is printed; every fault must be found.
//!
//! Without the corpus the test is skipped, except under CI (`CI` set), where it fails.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

const CORPUS: &str = "/usr/share/puppet/modules";

/// The modules copied: those faults are injected into, and what they use.
const MODULES: &[&str] = &[
    "ntp",
    "chrony",
    "memcached",
    "redis",
    "stdlib",
    "firewall",
    "systemd",
];

/// One fault: in `file` (under the copy), line `line` (1-based) must contain `old`, which is
/// replaced by `new`; plint must then report `code` on that line.
struct Fault {
    kind: &'static str,
    file: &'static str,
    line: usize,
    old: &'static str,
    new: &'static str,
    code: &'static str,
}

const FAULTS: &[Fault] = &[
    Fault {
        kind: "misspelled attribute",
        file: "chrony/manifests/config.pp",
        line: 22,
        old: "owner   =>",
        new: "ownr    =>",
        code: "P105",
    },
    Fault {
        kind: "misspelled attribute",
        file: "chrony/manifests/config.pp",
        line: 24,
        old: "mode    =>",
        new: "mdoe    =>",
        code: "P105",
    },
    Fault {
        kind: "misspelled attribute",
        file: "ntp/manifests/config.pp",
        line: 22,
        old: "owner   =>",
        new: "onwer   =>",
        code: "P105",
    },
    Fault {
        kind: "wrong-typed default",
        file: "memcached/manifests/init.pp",
        line: 12,
        old: "= true",
        new: "= 'true'",
        code: "P111",
    },
    Fault {
        kind: "wrong-typed default",
        file: "memcached/manifests/init.pp",
        line: 14,
        old: "= false",
        new: "= 0",
        code: "P111",
    },
    Fault {
        kind: "undefined variable",
        file: "chrony/manifests/config.pp",
        line: 31,
        old: "$config_keys_owner",
        new: "$config_keys_ownr",
        code: "P112",
    },
    Fault {
        kind: "unknown class",
        file: "chrony/manifests/init.pp",
        line: 39,
        old: "'::chrony::install'",
        new: "'::chrony::instal'",
        code: "P107",
    },
    Fault {
        kind: "unknown class",
        file: "ntp/manifests/init.pp",
        line: 281,
        old: "contain ntp::install",
        new: "contain ntp::instll",
        code: "P107",
    },
    Fault {
        kind: "unknown function",
        file: "ntp/manifests/init.pp",
        line: 274,
        old: "pick($tinker, true)",
        new: "pik($tinker, true)",
        code: "P101",
    },
    Fault {
        kind: "unknown function",
        file: "chrony/manifests/init.pp",
        line: 36,
        old: "fail(",
        new: "fial(",
        code: "P101",
    },
    Fault {
        kind: "wrong arity",
        file: "ntp/manifests/config.pp",
        line: 48,
        old: "epp('ntp/ntp.conf.epp')",
        new: "epp('ntp/ntp.conf.epp', {}, 'extra')",
        code: "P102",
    },
    Fault {
        kind: "wrong arity",
        file: "redis/manifests/init.pp",
        line: 245,
        old: "versioncmp($::puppetversion, '4.0.0')",
        new: "versioncmp($::puppetversion)",
        code: "P102",
    },
    Fault {
        kind: "unknown class parameter",
        file: "chrony/manifests/init.pp",
        line: 41,
        old: "contain '::chrony::service'",
        new: "class { '::chrony::service': srvice_ensure => 'running' }",
        code: "P108",
    },
    Fault {
        kind: "reassignment",
        file: "ntp/manifests/init.pp",
        line: 275,
        old: "$_panic  = pick($panic, 0)",
        new: "$_tinker = pick($panic, 0)",
        code: "P113",
    },
    Fault {
        kind: "wrong attribute value",
        file: "ntp/manifests/service.pp",
        line: 14,
        old: "hasstatus  => true,",
        new: "hasstatus  => 'yes',",
        code: "P106",
    },
    Fault {
        kind: "unknown resource type",
        file: "memcached/manifests/init.pp",
        line: 60,
        old: "package {",
        new: "pakage {",
        code: "P104",
    },
];

fn copy_modules(to: &Path) {
    for m in MODULES {
        let st = Command::new("cp")
            .args(["-rL", &format!("{CORPUS}/{m}")])
            .arg(to.join(m))
            .status()
            .expect("cp");
        assert!(st.success(), "copying {m}");
    }
}

/// (file relative to the copy, line, code) of every finding.
fn findings(dir: &Path) -> BTreeSet<(String, u64, String)> {
    let o = Command::new(env!("CARGO_BIN_EXE_plint"))
        .args(["--select", "P1", "--format", "json"])
        .arg(dir)
        .output()
        .expect("run plint");
    let found: Vec<Value> = serde_json::from_slice(&o.stdout).expect("JSON output");
    let root = format!("{}/", dir.display());
    found
        .iter()
        .map(|f| {
            let path = f["path"].as_str().unwrap_or("?");
            (
                path.strip_prefix(&root).unwrap_or(path).to_string(),
                f["line"].as_u64().unwrap_or(0),
                f["code"].as_str().unwrap_or("?").to_string(),
            )
        })
        .collect()
}

#[test]
fn seeded_faults_are_found_at_their_lines() {
    if !Path::new(CORPUS).is_dir() {
        assert!(std::env::var_os("CI").is_none(), "{CORPUS} is missing");
        eprintln!("skipped: {CORPUS} is missing");
        return;
    }
    let tmp = std::env::temp_dir().join(format!("plint-seeded-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let pristine = tmp.join("pristine");
    let seeded = tmp.join("seeded");
    std::fs::create_dir_all(&pristine).expect("temp dir");
    std::fs::create_dir_all(&seeded).expect("temp dir");
    copy_modules(&pristine);
    copy_modules(&seeded);

    for f in FAULTS {
        let path = seeded.join(f.file);
        let text = std::fs::read_to_string(&path).expect("read");
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let line = &mut lines[f.line - 1];
        assert!(
            line.contains(f.old),
            "{}:{}: the corpus changed: `{}` not in `{line}`",
            f.file,
            f.line,
            f.old
        );
        *line = line.replacen(f.old, f.new, 1);
        let mut out = lines.join("\n");
        out.push('\n');
        std::fs::write(&path, out).expect("write");
    }

    let before = findings(&pristine);
    let after = findings(&seeded);
    let mut missed = Vec::new();
    for f in FAULTS {
        let key = (f.file.to_string(), f.line as u64, f.code.to_string());
        if before.contains(&key) || !after.contains(&key) {
            missed.push(format!("{} ({}) at {}:{}", f.kind, f.code, f.file, f.line));
        }
    }
    let found = FAULTS.len() - missed.len();
    eprintln!(
        "seeded faults: {found}/{} found ({:.1}%)",
        FAULTS.len(),
        100.0 * found as f64 / FAULTS.len() as f64
    );
    // Nothing else appears: every new finding is one of the faults.
    let expected: BTreeSet<(String, u64, String)> = FAULTS
        .iter()
        .map(|f| (f.file.to_string(), f.line as u64, f.code.to_string()))
        .collect();
    let extra: Vec<_> = after
        .difference(&before)
        .filter(|k| !expected.contains(*k))
        .collect();
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(missed.is_empty(), "missed faults:\n{}", missed.join("\n"));
    assert!(
        extra.is_empty(),
        "findings that are no seeded fault: {extra:?}"
    );
}
