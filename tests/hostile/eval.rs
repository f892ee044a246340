//! Hostile manifests, facts and Hiera data for `plint --evaluate`: every attack ends within
//! its budget with an `evaluation-budget-exceeded` (P217) finding naming the budget, the exit
//! status is 0, 1 or 2, and the other nodes of a facts directory are still compiled. Integer
//! edge cases give Puppet's values (tests/hostile/overflow.expected, written by
//! scripts/oracle/overflow-oracle.sh) or an evaluation error, never a panic.

use std::path::{Path, PathBuf};
use std::time::Duration;

use plint::eval::compiler::{CompileInput, Manifest, Node, compile};
use plint::eval::diag::EvalDiagKind;
use plint::eval::value::{Hash, Value};

use crate::harness::Run;

/// How long one run may take (a debug build on a busy machine).
const TIMEOUT: Duration = Duration::from_secs(60);

/// Runs plint in `dir` under a virtual memory limit of 4 GB, killing it after [`TIMEOUT`].
fn run(dir: &Path, args: &[&str]) -> Run {
    crate::harness::run(dir, args, TIMEOUT)
}

const FACTS: &str = "networking:\n  fqdn: n1.example.com\nos:\n  family: Debian\n";

/// A tree with `facts.yaml` and `site.pp` (and more files), returned with its folder.
fn tree(manifest: &str, more: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("facts.yaml"), FACTS).expect("write facts");
    std::fs::write(dir.path().join("site.pp"), manifest).expect("write manifest");
    for (path, text) in more {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, text).expect("write");
    }
    dir
}

/// Evaluates `manifest` and checks that a P217 finding names `budget`, in time.
fn assert_budget(manifest: &str, more: &[(&str, &str)], extra: &[&str], budget: &str) -> Run {
    let dir = tree(manifest, more);
    let manifest_path = if more.iter().any(|(p, _)| *p == "manifests/site.pp") {
        "manifests/site.pp"
    } else {
        "site.pp"
    };
    let mut args = vec![
        "--evaluate",
        "--format",
        "json",
        "--facts",
        "facts.yaml",
        manifest_path,
    ];
    args.extend_from_slice(extra);
    let r = run(dir.path(), &args);
    assert_eq!(r.status, 1, "{}\n{}", r.stdout, r.stderr);
    let findings: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON report");
    let found = findings.as_array().expect("findings").iter().any(|f| {
        f["code"] == "P217"
            && f["message"]
                .as_str()
                .is_some_and(|m| m.contains(&format!("budget of {budget}")))
            && f["line"].as_u64().is_some()
    });
    assert!(
        found,
        "no P217 finding on `{budget}` in:\n{}\n{}",
        r.stdout, r.stderr
    );
    assert!(
        !r.stdout.contains("P000"),
        "an internal error:\n{}",
        r.stdout
    );
    r
}

#[test]
fn nested_iteration_with_empty_lambdas_runs_out_of_steps() {
    // 10^10 iterations of an empty lambda: every call counts.
    let r = assert_budget(
        "Integer[1,1000].each |$i| { Integer[1,10000000].each |$j| { } }\n",
        &[],
        &["--eval-budget", "steps=200000"],
        "evaluation steps",
    );
    assert!(r.stdout.contains("200000"), "{}", r.stdout);
}

#[test]
fn wall_time_is_bounded() {
    let r = assert_budget(
        "Integer[1,1000].each |$i| { Integer[1,10000000].each |$j| { } }\n",
        &[],
        &["--eval-budget", "time=1"],
        "wall time",
    );
    assert!(r.elapsed < Duration::from_secs(30), "{:?}", r.elapsed);
}

#[test]
fn huge_sprintf_width_is_refused_before_it_is_built() {
    assert_budget(
        "$x = sprintf('%999999999s', 'x')\nnotice($x)\n",
        &[],
        &[],
        "string size",
    );
    assert_budget(
        "$x = sprintf('%99999999999999999999999s', 'x')\nnotice($x)\n",
        &[],
        &[],
        "string size",
    );
}

#[test]
fn string_doubling_in_a_loop_stops_at_the_string_budget() {
    // Without the budget: 2^40 bytes, an aborted process.
    assert_budget(
        "$r = Integer[1,40].reduce('ab') |$a, $i| { \"${a}${a}\" }\nnotice($r)\n",
        &[],
        &[],
        "string size",
    );
}

#[test]
fn string_doubling_by_recursion_stops_at_the_string_budget() {
    assert_budget(
        "function double(String $s, Integer $n) >> String {\n  if $n == 0 { $s } else { double(\"${s}${s}\", $n - 1) }\n}\nnotice(double('ab', 40))\n",
        &[],
        &[],
        "string size",
    );
}

#[test]
fn array_and_hash_doubling_stop_at_the_collection_budget() {
    assert_budget(
        "$r = Integer[1,40].reduce([1]) |$a, $i| { $a + $a }\nnotice($r)\n",
        &[],
        &[],
        "collection size",
    );
    // Shared parts: 2^64 elements once flattened, a few bytes in memory.
    assert_budget(
        "$r = Integer[1,64].reduce([1]) |$m, $i| { [$m, $m] }\nnotice(\"${r}\")\n",
        &[],
        &[],
        "collection size",
    );
    assert_budget(
        "$r = Integer[1,64].reduce({}) |$m, $i| { { 'a' => $m, 'b' => $m } }\nnotice(\"${r}\")\n",
        &[],
        &[],
        "collection size",
    );
}

#[test]
fn a_catalog_that_would_multiply_when_written_is_refused() {
    // 2^21 elements shared by 100 resources: 200 million once written out.
    let dir = tree(
        "$big = Integer[1,20].reduce([1]) |$m, $i| { [$m, $m] }\nInteger[1,100].each |$i| {\n  notify { \"n${i}\": message => $big }\n}\n",
        &[],
    );
    let r = run(
        dir.path(),
        &[
            "--evaluate",
            "--facts",
            "facts.yaml",
            "--catalog-out",
            "catalog.json",
            "site.pp",
        ],
    );
    assert_eq!(r.status, 1, "{}\n{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("P217"), "{}", r.stdout);
    assert!(r.stdout.contains("catalog size"), "{}", r.stdout);
    assert!(!dir.path().join("catalog.json").exists());
}

#[test]
fn deep_nesting_is_bounded() {
    assert_budget(
        "$r = Integer[1,5000].reduce([]) |$m, $i| { [$m] }\nnotice($r)\n",
        &[],
        &[],
        "nesting depth",
    );
}

#[test]
fn huge_ranges_are_refused() {
    assert_budget(
        "Integer[1,9999999999].each |$i| { }\n",
        &[],
        &[],
        "iterations",
    );
    assert_budget(
        "$x = range(1, 999999999)\nnotice($x)\n",
        &[],
        &[],
        "collection size",
    );
}

#[test]
fn define_fan_out_stops_at_the_resource_budget() {
    let manifest = "define fan() {\n  if length($title) < 40 {\n    fan { \"${title}x\": }\n    fan { \"${title}y\": }\n  }\n}\nfan { 'x': }\n";
    assert_budget(
        manifest,
        &[],
        &["--eval-budget", "resources=2000"],
        "resources",
    );
}

#[test]
fn hiera_interpolation_doubling_stops() {
    let mut data = String::from("---\n");
    for i in 0..40 {
        let next = i + 1;
        data.push_str(&format!(
            "k{i}: \"%{{lookup('k{next}')}}%{{lookup('k{next}')}}\"\n"
        ));
    }
    data.push_str("k40: \"xy\"\n");
    let hiera = "---\nversion: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n";
    let manifest = "$v = lookup('k0')\nnotify { 'v': message => $v }\n";
    assert_budget(
        manifest,
        &[
            ("hiera.yaml", hiera),
            ("data/common.yaml", &data),
            ("manifests/site.pp", manifest),
        ],
        &["--eval-budget", "hiera=5000"],
        "Hiera interpolations",
    );
    // The string budget bounds the same data when the interpolations may run longer.
    assert_budget(
        manifest,
        &[
            ("hiera.yaml", hiera),
            ("data/common.yaml", &data),
            ("manifests/site.pp", manifest),
        ],
        &["--eval-budget", "string=1000"],
        "string size",
    );
}

#[test]
fn epp_output_is_bounded() {
    assert_budget(
        "$big = sprintf('%1000000s', 'x')\n$t = inline_epp('<% Integer[1,100].each |$i| { -%><%= $big %><% } -%>', {'big' => $big})\nnotice($t)\n",
        &[],
        &[],
        "template size",
    );
}

#[test]
fn a_node_over_budget_does_not_lose_the_others() {
    let dir = tree(
        "if $facts['networking']['fqdn'] == 'n1.example.com' {\n  $r = Integer[1,40].reduce('ab') |$a, $i| { \"${a}${a}\" }\n}\nfile { '/tmp/x': ensure => file }\n",
        &[
            ("facts/n1.yaml", FACTS),
            ("facts/n2.yaml", &FACTS.replace("n1", "n2")),
        ],
    );
    let r = run(
        dir.path(),
        &[
            "--evaluate",
            "--facts",
            "facts",
            "--catalog-out",
            "out",
            "site.pp",
        ],
    );
    assert_eq!(r.status, 1, "{}\n{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("P217"), "{}", r.stdout);
    assert!(r.stdout.contains("string size"), "{}", r.stdout);
    let written = dir.path().join("out/n2.example.com.json");
    let catalog = std::fs::read_to_string(&written).expect("n2's catalog is written");
    assert!(catalog.contains("/tmp/x"), "{catalog}");
    assert!(!dir.path().join("out/n1.example.com.json").exists());
}

#[test]
fn big_facts_and_hiera_files_load_in_linear_time() {
    // 100k keys: minutes with linear key lookups, about a second with a hash index.
    let mut facts = String::from("networking:\n  fqdn: n1.example.com\nbig:\n");
    let mut data = String::from("---\nbig:\n");
    for i in 0..100_000 {
        facts.push_str(&format!("  key_{i:06}: value {i}\n"));
        data.push_str(&format!("  key_{i:06}: data {i}\n"));
    }
    let hiera = "---\nversion: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n";
    let manifest = "$d = lookup('big')\n$m = merge($facts['big'], $d)\nnotify { 'n': message => \"${facts['big']['key_099999']} ${d['key_099999']} ${m.length}\" }\n";
    let dir = tree(
        manifest,
        &[
            ("hiera.yaml", hiera),
            ("data/common.yaml", &data),
            ("manifests/site.pp", manifest),
            ("big.yaml", &facts),
        ],
    );
    let r = run(
        dir.path(),
        &[
            "--evaluate",
            "--facts",
            "big.yaml",
            "--catalog-out",
            "catalog.json",
            "manifests/site.pp",
        ],
    );
    assert_eq!(r.status, 0, "{}\n{}", r.stdout, r.stderr);
    let catalog = std::fs::read_to_string(dir.path().join("catalog.json")).expect("catalog");
    assert!(
        catalog.contains("value 99999 data 99999 100000"),
        "{catalog}"
    );
    assert!(r.elapsed < Duration::from_secs(30), "{:?}", r.elapsed);
}

// ----------------------------------------------------------------------------- overflow

/// Compiles `notify { 'r': message => String(<expr>) }`: the message, or the first error.
fn evaluate(expr: &str) -> Result<String, String> {
    let mut facts = Hash::new();
    facts.insert(Value::string("fqdn"), Value::string("node.example.com"));
    let input = CompileInput {
        manifest: Manifest::Code(format!("notify {{ 'r': message => String({expr}) }}\n")),
        sandbox: std::sync::Arc::new(plint::sandbox::Sandbox::new(std::path::Path::new("/"), &[])),
        modulepath: Vec::new(),
        global_hiera: None,
        hiera: None,
        environment_dir: None,
        environment: "production".into(),
        strict_variables: false,
        node: Node::new("node.example.com", facts),
        budgets: Default::default(),
        ruby: Default::default(),
        record_variable_reads: false,
    };
    let out = compile(&input);
    if let Some(d) = out.diags.iter().find(|d| {
        matches!(
            d.kind,
            EvalDiagKind::EvalError { .. }
                | EvalDiagKind::BudgetExceeded { .. }
                | EvalDiagKind::ParameterType { .. }
        )
    }) {
        return Err(plint::rules::catalog::message(&d.kind));
    }
    let catalog = out.catalog.ok_or("no catalog")?;
    let r = catalog
        .resources()
        .iter()
        .find(|r| r.type_name == "Notify" && r.title == "r")
        .ok_or("no Notify[r]")?;
    let (_, v) = r
        .params
        .iter()
        .find(|(n, _)| n == "message")
        .ok_or("no message")?;
    match v {
        Value::String(s) => Ok(s.clone()),
        other => Err(format!("not a string: {other:?}")),
    }
}

fn manifest_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile")
}

#[test]
fn integer_edge_cases_give_puppets_values_or_an_error() {
    let cases = std::fs::read_to_string(manifest_dir().join("overflow.pp")).expect("cases");
    let expected =
        std::fs::read_to_string(manifest_dir().join("overflow.expected")).expect("expected");
    let cases: Vec<&str> = cases
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    let expected: Vec<&str> = expected.lines().collect();
    assert_eq!(
        cases.len(),
        expected.len(),
        "overflow.expected is stale: run scripts/oracle/overflow-oracle.sh"
    );
    let mut problems = Vec::new();
    for (case, want) in cases.iter().zip(&expected) {
        let (expr, plint_errs, plint_value) = if let Some(e) = case.strip_suffix("# plint: error") {
            (e.trim_end(), true, false)
        } else if let Some(e) = case.strip_suffix("# plint: value") {
            (e.trim_end(), false, true)
        } else {
            (*case, false, false)
        };
        let (want_expr, want) = want.split_once(" => ").expect("`expr => result`");
        assert_eq!(want_expr, expr, "overflow.expected is stale");
        let got = std::panic::catch_unwind(|| evaluate(expr))
            .unwrap_or_else(|_| Err("PANIC".to_string()));
        let ok = match (&got, want.strip_prefix("ERROR ")) {
            (Err(m), _) if m == "PANIC" => false,
            (Err(_), Some(_)) => true,
            (Err(_), None) => plint_errs,
            (Ok(_), Some(_)) => plint_value,
            (Ok(v), None) => {
                let want: String = serde_json::from_str(want).expect("a JSON string");
                !plint_errs && *v == want
            }
        };
        if !ok {
            problems.push(format!("{expr}\n  puppet: {want}\n  plint:  {got:?}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Runs `--evaluate` on a tree with a module `m` (its files given) and `site.pp`.
fn run_module(manifest: &str, files: &[(&str, &str)]) -> Run {
    let dir = tree(manifest, files);
    run(
        dir.path(),
        &[
            "--evaluate",
            "--format",
            "json",
            "--facts",
            "facts.yaml",
            "--modulepath",
            "modules",
            "site.pp",
        ],
    )
}

#[test]
fn a_template_rendering_itself_ends_with_an_error() {
    let r = run_module(
        "class { 'm': }\n",
        &[
            (
                "modules/m/manifests/init.pp",
                "class m { file { '/x': content => template('m/self.erb') } }\n",
            ),
            (
                "modules/m/templates/self.erb",
                "<%= scope.function_template(['m/self.erb']) %>\n",
            ),
        ],
    );
    assert_eq!(r.status, 1, "{}", r.all());
    assert!(
        r.stdout.contains("Templates nested too deeply"),
        "{}",
        r.all()
    );
    assert!(r.elapsed < Duration::from_secs(30), "{:?}", r.elapsed);
}

#[test]
fn ruby_that_loops_reads_files_or_runs_commands_is_unknown() {
    let r = run_module(
        "include m\n",
        &[
            (
                "modules/m/manifests/init.pp",
                "class m {\n  file { '/a': content => inline_template('<% loop { } %>') }\n  \
                 file { '/b': content => inline_template('<%= File.read(\"/etc/passwd\") %>') }\n  \
                 file { '/c': content => inline_template('<%= `id` %><%= ENV[\"HOME\"] %>') }\n  \
                 $r = m::forever()\n}\n",
            ),
            (
                "modules/m/lib/puppet/functions/m/forever.rb",
                "Puppet::Functions.create_function(:'m::forever') do\n  def forever\n    \
                 x = 0\n    while true\n      x += 1\n    end\n  end\nend\n",
            ),
        ],
    );
    assert!(r.status <= 1, "{}", r.all());
    assert!(!r.stdout.contains("P000"), "{}", r.all());
    assert!(!r.all().contains("root:"), "{}", r.all());
    assert!(
        r.stdout.contains("P218"),
        "the function is noted: {}",
        r.all()
    );
    assert!(r.elapsed < Duration::from_secs(60), "{:?}", r.elapsed);
}
