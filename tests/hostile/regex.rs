//! Regular expressions that back-track catastrophically, and literals and files large enough
//! that anything quadratic would run for minutes: plint finishes in time and says what it gave
//! up (P121 in check mode, P220 in evaluation).

use std::path::Path;
use std::time::{Duration, Instant};

/// Runs plint with `args` in `dir`, killing it (and failing) after `secs` seconds; the exit
/// status must be 0, 1 or 2.
fn run_within(dir: &Path, args: &[&str], secs: u64) -> crate::harness::Run {
    crate::harness::run(dir, args, Duration::from_secs(secs))
}

fn count(json: &str, code: &str) -> usize {
    json.matches(&format!("\"code\": \"{code}\"")).count()
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

/// A thousand distinct catastrophic patterns (a back-reference inside nested repetitions),
/// each checked against a default it cannot match quickly: one P121 per pattern, in seconds
/// (each match gives up after a bounded number of steps). The same pattern used again in the
/// file is reported once.
#[test]
fn a_thousand_catastrophic_patterns_in_check_mode() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut src = String::new();
    for i in 0..1000 {
        src.push_str(&format!(
            "class m::c{i}(Pattern[/^(a+\\1?)+$|^x{i}$/] $p = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab') {{ }}\n"
        ));
    }
    for i in 0..50 {
        src.push_str(&format!(
            "class m::again{i}(Pattern[/^(a+\\1?)+$|^x0$/] $p = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab') {{ }}\n"
        ));
    }
    write(&dir.path().join("m/manifests/init.pp"), &src);
    let o = run_within(
        dir.path(),
        &["--format", "json", "--select", "P121", "m"],
        120,
    );
    let json = o.stdout;
    assert_eq!(
        count(&json, "P121"),
        1000,
        "{}",
        &json[..json.len().min(2000)]
    );
    assert!(json.contains("gave up"), "{json}");
}

/// The same in evaluation: each `=~` gives up, its result is unknown (P220 once per pattern),
/// and the compilation goes on to the resources declared after them.
#[test]
fn a_thousand_catastrophic_patterns_in_evaluation() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut src = String::new();
    src.push_str("$s = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab'\n");
    for i in 0..1000 {
        src.push_str(&format!(
            "if $s =~ /^(a+\\1?)+$|^x{i}$/ {{ notify {{ 'matched {i}': }} }}\n"
        ));
    }
    src.push_str("$r = regsubst($s, /^(a+\\1?)+$|^x0$/, 'x')\nnotify { 'after': }\n");
    write(&dir.path().join("site.pp"), &src);
    write(
        &dir.path().join("facts.json"),
        r#"{"fqdn": "n1.example.com"}"#,
    );
    let o = run_within(
        dir.path(),
        &[
            "--evaluate",
            "--facts",
            "facts.json",
            "--format",
            "json",
            "--catalog-out",
            "catalog.json",
            "site.pp",
        ],
        120,
    );
    let json = o.stdout;
    assert_eq!(
        count(&json, "P220"),
        1000,
        "{}",
        &json[..json.len().min(2000)]
    );
    let catalog = std::fs::read_to_string(dir.path().join("catalog.json")).expect("a catalog");
    assert!(catalog.contains("\"after\""), "{catalog}");
}

/// Large literals and type expressions (a 20,000-entry hash, arrays of strings as a class
/// parameter's default and a resource attribute, an `Enum` and a `Variant` of 5,000 members)
/// and a large Ruby function file: linear, they take about a second in a debug build; the
/// quadratic paths they once took ran for minutes.
#[test]
fn large_literals_and_ruby_files_in_time() {
    let dir = tempfile::tempdir().expect("tempdir");
    let n = 20_000;
    let mut pp = String::from("class m(\n  Array $a = [\n");
    for i in 0..n {
        pp.push_str(&format!("    'e{i}',\n"));
    }
    pp.push_str("  ],\n  Enum[");
    pp.push_str(
        &(0..5000)
            .map(|i| format!("'v{i}'"))
            .collect::<Vec<_>>()
            .join(", "),
    );
    pp.push_str("] $e = 'v1',\n  Variant[");
    pp.push_str(
        &(0..5000)
            .map(|i| format!("Enum['x{i}']"))
            .collect::<Vec<_>>()
            .join(", "),
    );
    pp.push_str("] $v = 'x1',\n) {\n  $h = {\n");
    for i in 0..n {
        pp.push_str(&format!("    'k{i}' => 'v{i}',\n"));
    }
    pp.push_str("  }\n  file { '/x': content => [");
    pp.push_str(
        &(0..n)
            .map(|i| format!("'c{i}'"))
            .collect::<Vec<_>>()
            .join(","),
    );
    pp.push_str("] }\n  notify { 'h': message => $h }\n}\n");
    write(&dir.path().join("m/manifests/init.pp"), &pp);
    // Ruby: a long line of modifiers, unclosed calls, a type with thousands of attributes.
    let mut rb = String::from("Puppet::Functions.create_function(:'m::f') do\n  dispatch :f do\n");
    for i in 0..n {
        rb.push_str(&format!("    param('String', :x{i}\n"));
    }
    rb.push_str("  end\n  def f(x)\n    ");
    rb.push_str(
        &(0..n)
            .map(|i| format!("y = {i} if x"))
            .collect::<Vec<_>>()
            .join("; "),
    );
    rb.push_str("\n  end\nend\n");
    write(&dir.path().join("m/lib/puppet/functions/m/f.rb"), &rb);
    let mut ty = String::from("Puppet::Type.newtype(:t) do\n");
    for i in 0..n {
        ty.push_str(&format!("  newparam(:p{i}) do\n    desc 'x'\n  end\n"));
    }
    ty.push_str("end\n");
    write(&dir.path().join("m/lib/puppet/type/t.rb"), &ty);
    let start = Instant::now();
    let o = run_within(dir.path(), &["--format", "json", "m"], 60);
    assert!(o.stdout.starts_with('['), "{}", o.stdout);
    eprintln!("large inputs: {:?}", start.elapsed());
}
