//! Type checks and name checks that depend on what the modules of a program define, end to
//! end through the `plint` binary on scratch module trees: which definition of a function
//! Puppet calls, and which names are near misses of others.

use std::fs;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

const PLINT: &str = env!("CARGO_BIN_EXE_plint");

/// A scratch module path with the given files (path, contents) and only the P1xx rules on.
fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("plint.toml"),
        "[rules]\nP3 = \"allow\"\nP4 = \"allow\"\n",
    )
    .unwrap();
    for (path, contents) in files {
        let path = dir.path().join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, contents).unwrap();
    }
    dir
}

/// (code, line, message) of each finding of plint run on `dir` as a module path.
fn findings(dir: &Path) -> Vec<(String, u64, String)> {
    let out = Command::new(PLINT)
        .args(["--format", "json", "--modulepath", ".", "."])
        .current_dir(dir)
        .output()
        .expect("run plint");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    v.as_array()
        .expect("an array")
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap_or("").to_string(),
                f["line"].as_u64().unwrap_or(0),
                f["message"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

const LEGACY_DOWNCASE: &str = "module Puppet::Parser::Functions
  newfunction(:downcase, type: :rvalue) do |args|
    args[0].downcase
  end
end
";

/// Puppet's loaders ask their parent first: a module's 3.x `downcase` does not replace the
/// core 4.x one (checked with Puppet 7.23: `downcase(5)` gives 5 with stdlib's 3.x
/// `downcase` on the module path, and `downcase(true)` fails with the 4.x signature's
/// message), so calls are checked against the core signatures.
#[test]
fn a_module_function_of_a_core_name_does_not_replace_the_core_signatures() {
    let dir = tree(&[
        (
            "legacy/lib/puppet/parser/functions/downcase.rb",
            LEGACY_DOWNCASE,
        ),
        (
            "legacy/lib/puppet/parser/functions/only_legacy.rb",
            "module Puppet::Parser::Functions\n  newfunction(:only_legacy, type: :rvalue) do |args|\n    args[0]\n  end\nend\n",
        ),
        (
            "legacy/manifests/init.pp",
            "class legacy {\n  $a = downcase(true)\n  $b = only_legacy(true)\n  $c = downcase(5)\n  notice($a, $b, $c)\n}\n",
        ),
    ]);
    let f = findings(dir.path());
    let codes: Vec<(&str, u64)> = f.iter().map(|(c, l, _)| (c.as_str(), *l)).collect();
    assert_eq!(codes, vec![("P102", 2)], "{f:#?}");
}

/// A module's 4.x function with several dispatches: the call's type is the union of the
/// returns of the dispatches that may take the arguments, not the first one's.
#[test]
fn a_module_function_with_several_dispatches_returns_the_union() {
    let dir = tree(&[
        (
            "conv/lib/puppet/functions/conv/twice.rb",
            "Puppet::Functions.create_function(:'conv::twice') do
  dispatch :on_int do
    param 'Integer', :value
    return_type 'Integer'
  end
  dispatch :on_string do
    param 'String', :value
    return_type 'String'
  end
  def on_int(v)
    v * 2
  end
  def on_string(v)
    v * 2
  end
end
",
        ),
        (
            "conv/manifests/init.pp",
            "class conv {\n  conv::show { 'fact': text => conv::twice($facts['x']) }\n  conv::show { 'int': text => conv::twice(2) }\n  conv::show { 'str': text => conv::twice('a') }\n}\n",
        ),
        (
            "conv/manifests/show.pp",
            "define conv::show(String $text) {\n  notice($text)\n}\n",
        ),
    ]);
    let f = findings(dir.path());
    let codes: Vec<(&str, u64)> = f.iter().map(|(c, l, _)| (c.as_str(), *l)).collect();
    assert_eq!(codes, vec![("P110", 3)], "{f:#?}");
}

/// A swap of two neighbouring letters is one edit: `fiel` is a misspelling of `file`,
/// `spilt` of `split` (a name of up to five letters is a near miss at one edit).
#[test]
fn near_misses_count_a_swap_of_neighbours_as_one_edit() {
    let dir = tree(&[(
        "site.pp",
        "fiel { '/tmp/x': ensure => file }\n$x = spilt('a,b', ',')\nnotice($x)\n",
    )]);
    let f = findings(dir.path());
    let codes: Vec<(&str, u64)> = f.iter().map(|(c, l, _)| (c.as_str(), *l)).collect();
    assert_eq!(codes, vec![("P104", 1), ("P101", 2)], "{f:#?}");
}

/// A name an indexed module defines (here a class and a module named `fiel`) is not a
/// misspelling of `file`, whatever it is used as.
#[test]
fn a_name_a_module_defines_is_never_a_typo() {
    let dir = tree(&[
        ("fiel/manifests/init.pp", "class fiel {\n}\n"),
        ("site.pp", "fiel { '/tmp/x': }\n"),
    ]);
    let f = findings(dir.path());
    assert!(!f.iter().any(|(_, _, m)| m.contains("fiel")), "{f:#?}");
}
