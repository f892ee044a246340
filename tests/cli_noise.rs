//! Less noise: findings that were not problems (issue 17): lambda parameters whose position
//! is needed, suppressions of puppet-lint plugin checks plint does not implement, plugin
//! checks that fight deliberate styles, `name` on every resource type.

#[path = "common/mod.rs"]
mod common;

use std::fs;
use std::path::Path;

use common::{code, plint, stderr, stdout};

/// A tree of files under a temporary folder.
fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let p = dir.path().join(path);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    }
    dir
}

/// The findings of `plint --format json ARGS` in `dir`, as `(line, code, message)`.
fn findings(dir: &Path, args: &[&str]) -> Vec<(u64, String, String)> {
    let mut all = vec!["--format", "json"];
    all.extend(args);
    let o = plint(dir, &all);
    assert!(matches!(code(&o), 0 | 1), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["line"].as_u64().unwrap(),
                d["code"].as_str().unwrap().to_string(),
                d["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// An unused lambda parameter is reported only when the ones after it are unused too and
/// the called function accepts the lambda without them in the same signature: a module's
/// function declaring `Callable[1, 2]` does, `each` (one signature per count) does not.
#[test]
fn lambda_parameters_needed_for_their_position_are_not_unused() {
    let dir = tree(&[
        (
            "mymod/lib/puppet/functions/mymod/each_host.rb",
            "Puppet::Functions.create_function(:'mymod::each_host') do\n  dispatch :each_host do\n    param 'Array', :hosts\n    block_param 'Callable[1, 2]', :block\n  end\nend\n",
        ),
        (
            "mymod/manifests/init.pp",
            "# @summary hosts\ndefine mymod::hosts () {\n  mymod::each_host(['a']) |$host, $index| { notice($host) }\n  mymod::each_host(['a']) |$host, $index| { notice($index) }\n  ['a'].each |$host, $index| { notice($host) }\n  {'a' => 1}.each |$key, $value| { notice($value) }\n  [1, 2].reduce |$memo, $x| { $memo }\n}\n",
        ),
    ]);
    let found = findings(dir.path(), &["--select", "P115", "."]);
    assert_eq!(
        found,
        [(
            3,
            "P115".to_string(),
            "the parameter `$index` is never used".to_string()
        )]
    );
}

/// Plugin checks that fight common, deliberate styles are off by default, and `--select`
/// (or the puppet-lint option `--<check>-check`) turns them on.
#[test]
fn deliberate_style_checks_are_off_by_default() {
    let src = "# @summary x\n# @param a x\n# @param b x\n# @param c x\nclass x (\n  Hash $a = lookup('x::shared', Hash, 'deep', {}),\n  String $b = '',\n  String $c = 'x',\n) {\n  file { '/tmp/x': ensure => present }\n}\n";
    let dir = tree(&[("x/manifests/init.pp", src)]);
    let codes = |args: &[&str]| -> Vec<String> {
        findings(dir.path(), args)
            .into_iter()
            .map(|(_, c, _)| c)
            .filter(|c| matches!(c.as_str(), "P463" | "P465" | "P469"))
            .collect()
    };
    assert_eq!(codes(&["."]), Vec::<String>::new());
    assert_eq!(
        codes(&["--select", "P463,P465,P469", "."]),
        ["P465", "P469", "P463"]
    );
    assert_eq!(codes(&["--lookup_in_parameter-check", "."]), ["P465"]);
}

/// `name` is accepted on every resource: a core type's namevar by another name, a custom
/// type's, a defined type's and a class's `$name` (Puppet 7.23 compiles all of these).
#[test]
fn name_is_an_attribute_of_every_resource() {
    let dir = tree(&[
        (
            "m/lib/puppet/type/widget.rb",
            "Puppet::Type.newtype(:widget) do\n  newparam(:path, :namevar => true)\n  newproperty(:size)\nend\n",
        ),
        (
            "m/manifests/init.pp",
            "# @summary m\n# @param y x\nclass m (String $y = 'b') {\n  notify { \"${name} ${y}\": }\n}\n",
        ),
        (
            "m/manifests/d.pp",
            "# @summary d\ndefine m::d () {\n  notify { \"${name} ${title}\": }\n}\n",
        ),
        (
            "site.pp",
            "file { 'x': path => '/tmp/x', name => '/tmp/x' }\nexec { 'e': name => '/bin/true' }\nwidget { 'w': name => '/tmp/w', size => '1' }\nm::d { 'i': name => 'renamed' }\nclass { 'm': name => 'other' }\nfile { 'y': nmae => '/tmp/y' }\n",
        ),
    ]);
    let found: Vec<(u64, String)> = findings(dir.path(), &["--select", "P105,P108", "."])
        .into_iter()
        .map(|(l, c, _)| (l, c))
        .collect();
    // Only the misspelled attribute.
    assert_eq!(found, [(6, "P105".to_string())]);
}
