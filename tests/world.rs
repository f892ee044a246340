//! The world plint knows, however it is run: a module checked alone (its dependencies absent,
//! its folder not named after it), a control repository with a `Puppetfile`, and the whole
//! corpus. An error must mean Puppet would fail; what plint cannot know is one `info` note.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use common::{CORPUS, code, plint, stdout};
use serde_json::Value;

fn write(root: &Path, rel: &str, text: &str) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// The findings of a JSON report as `(path, code, severity, message)`.
fn findings(json: &str) -> Vec<(String, String, String, String)> {
    let value: Value = serde_json::from_str(json).expect("JSON report");
    value
        .as_array()
        .expect("an array of findings")
        .iter()
        .map(|d| {
            let s = |k: &str| d[k].as_str().unwrap_or_default().to_string();
            (s("path"), s("code"), s("severity"), s("message"))
        })
        .collect()
}

/// The `metadata.json` of the module `acme-web` with these dependencies (a JSON array).
fn web_metadata(dependencies: &str) -> String {
    format!(
        r#"{{"name": "acme-web", "version": "1.0.0", "author": "acme", "license": "Apache-2.0", "source": "https://example.com", "summary": "A module.", "dependencies": {dependencies}}}"#
    )
}

fn run_json(dir: &Path, args: &[&str]) -> Vec<(String, String, String, String)> {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    let out = plint(dir, &all);
    assert!(code(&out) <= 1, "plint failed: {}", common::stderr(&out));
    findings(&stdout(&out))
}

const STDLIB_USER: &str = "\
class web (
  Array[String] $packages = [],
) {
  ensure_packages($packages)
  $merged = deep_merge({}, {})
  notice($::web_role)
}
";

#[test]
fn module_alone_in_a_folder_of_another_name() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("build");
    write(
        &root,
        "metadata.json",
        &web_metadata(r#"[{"name": "puppetlabs/stdlib", "version_requirement": ">= 4.0.0"}]"#),
    );
    write(&root, "manifests/init.pp", STDLIB_USER);
    write(
        &root,
        "manifests/config.pp",
        "class web::config {\n  notce('x')\n}\n",
    );
    let found = run_json(tmp.path(), &["build"]);
    let codes: Vec<(&str, &str)> = found
        .iter()
        .map(|(_, c, s, _)| (c.as_str(), s.as_str()))
        .collect();
    // No P335 (the module is `web`, whatever its folder), no P101 for stdlib's functions, no
    // error for `$::web_role`; one note about stdlib; the near miss `notce` is a warning.
    assert!(
        !found.iter().any(|(_, _, s, _)| s == "error"),
        "no error expected: {found:#?}"
    );
    assert!(codes.contains(&("P008", "info")), "{found:#?}");
    assert_eq!(
        found.iter().filter(|(_, c, _, _)| c == "P008").count(),
        1,
        "one note per absent module"
    );
    let note = found.iter().find(|(_, c, _, _)| c == "P008").unwrap();
    assert!(note.0.ends_with("metadata.json") && note.3.contains("puppetlabs/stdlib"));
    assert!(
        found
            .iter()
            .any(|(_, c, s, m)| c == "P101" && s == "warning" && m.contains("notce")),
        "{found:#?}"
    );

    // As pre-commit runs it: the changed files one by one, from the module's folder.
    let found = run_json(&root, &["manifests/init.pp", "manifests/config.pp"]);
    assert!(
        !found.iter().any(|(_, _, s, _)| s == "error"),
        "no error expected: {found:#?}"
    );
    assert!(found.iter().any(|(_, c, _, _)| c == "P008"), "{found:#?}");

    // With stdlib present the world is closed: an unknown name is an error again.
    let stdlib = tmp.path().join("mods/stdlib");
    write(
        &stdlib,
        "metadata.json",
        r#"{"name": "puppetlabs-stdlib", "version": "9.0.0", "dependencies": []}"#,
    );
    write(
        &stdlib,
        "lib/puppet/functions/deep_merge.rb",
        "Puppet::Functions.create_function(:deep_merge) do\n  def deep_merge(*args)\n  end\nend\n",
    );
    write(
        &stdlib,
        "lib/puppet/parser/functions/ensure_packages.rb",
        "module Puppet::Parser::Functions\n  newfunction(:ensure_packages) do |args|\n  end\nend\n",
    );
    let found = run_json(tmp.path(), &["--modulepath", "mods", "build"]);
    assert!(!found.iter().any(|(_, c, _, _)| c == "P008"), "{found:#?}");
    assert!(
        found
            .iter()
            .any(|(_, c, s, m)| c == "P101" && s == "error" && m.contains("notce")),
        "{found:#?}"
    );
    assert!(
        found
            .iter()
            .any(|(_, c, s, m)| c == "P112" && s == "warning" && m.contains("web_role")),
        "an unset `$::x` is a warning: {found:#?}"
    );
    assert!(
        !found
            .iter()
            .any(|(_, c, _, m)| c == "P101" && m.contains("deep_merge")),
        "{found:#?}"
    );

    // A top-scope variable the ENC sets, listed in plint.toml, is not reported.
    write(
        tmp.path(),
        "plint.toml",
        "known-top-scope-variables = [\"web_role\"]\nmodulepath = [\"mods\"]\n",
    );
    let found = run_json(tmp.path(), &["build"]);
    assert!(
        !found
            .iter()
            .any(|(_, c, _, m)| c == "P112" && m.contains("web_role")),
        "{found:#?}"
    );
}

/// From inside a module's folder (as a pre-commit hook runs), the module is the same as from
/// above it: a class in the wrong file, and `$module_name` in a file's source.
#[test]
fn module_rules_hold_from_inside_the_module() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("build");
    write(&root, "metadata.json", &web_metadata("[]"));
    write(
        &root,
        "manifests/init.pp",
        "# @summary Web.\nclass web {\n  file { '/etc/web': source => \"puppet:///modules/${module_name}/web.conf\" }\n}\n",
    );
    write(&root, "files/web.cnf", "x\n");
    write(
        &root,
        "manifests/misplaced.pp",
        "# @summary Misplaced.\nclass web::other {\n}\n",
    );
    let expect = |found: &[(String, String, String, String)], how: &str| {
        for code in ["P335", "P124"] {
            assert!(
                found.iter().any(|(_, c, s, _)| c == code && s == "error"),
                "{how}: {code} expected: {found:#?}"
            );
        }
    };
    expect(&run_json(tmp.path(), &["build"]), "from above");
    expect(&run_json(&root, &["."]), "from inside");
    expect(
        &run_json(&root, &["manifests/init.pp", "manifests/misplaced.pp"]),
        "files from inside",
    );
}

#[test]
fn fixtures_yml_declares_test_dependencies() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("src");
    write(&root, "metadata.json", &web_metadata("[]"));
    write(
        &root,
        ".fixtures.yml",
        "fixtures:\n  forge_modules:\n    stdlib: 'puppetlabs/stdlib'\n  symlinks:\n    web: '#{source_dir}'\n",
    );
    write(&root, "manifests/init.pp", STDLIB_USER);
    let found = run_json(tmp.path(), &["src"]);
    assert!(!found.iter().any(|(_, _, s, _)| s == "error"), "{found:#?}");
    let notes: Vec<_> = found.iter().filter(|(_, c, _, _)| c == "P008").collect();
    assert_eq!(notes.len(), 1, "{found:#?}");
    assert!(notes[0].0.ends_with(".fixtures.yml"));
}

#[test]
fn control_repository_with_puppetfile() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path();
    write(
        repo,
        "Puppetfile",
        "forge 'https://forge.puppet.com'\nmod 'puppetlabs-stdlib', '9.4.1'\nmod 'puppetlabs-apt', '9.0.0'\n",
    );
    write(
        repo,
        "environment.conf",
        "modulepath = site:modules:$basemodulepath\n",
    );
    write(
        repo,
        "manifests/site.pp",
        "node default {\n  include profile::base\n}\n",
    );
    write(
        repo,
        "site/profile/manifests/base.pp",
        "class profile::base {\n  ensure_packages(['vim'])\n  include apt\n}\n",
    );
    // r10k installed stdlib; its files are indexed, not reported on (this one has a
    // finding of its own).
    write(
        repo,
        "modules/stdlib/metadata.json",
        r#"{"name": "puppetlabs-stdlib", "version": "9.4.1", "dependencies": []}"#,
    );
    write(
        repo,
        "modules/stdlib/lib/puppet/parser/functions/ensure_packages.rb",
        "module Puppet::Parser::Functions\n  newfunction(:ensure_packages) do |args|\n  end\nend\n",
    );
    write(
        repo,
        "modules/stdlib/manifests/init.pp",
        "class stdlib {\n  $x = 1\n  $x = 2\n}\n",
    );
    let found = run_json(repo, &["."]);
    assert!(
        !found
            .iter()
            .any(|(p, _, _, _)| p.contains("modules/stdlib")),
        "installed modules are not reported on: {found:#?}"
    );
    assert!(!found.iter().any(|(_, _, s, _)| s == "error"), "{found:#?}");
    let notes: Vec<_> = found.iter().filter(|(_, c, _, _)| c == "P008").collect();
    assert_eq!(notes.len(), 1, "apt is absent: {found:#?}");
    assert!(notes[0].0.ends_with("Puppetfile") && notes[0].3.contains("puppetlabs-apt"));

    // plint.toml can ask for the installed modules to be checked too.
    write(repo, "plint.toml", "check-installed-modules = true\n");
    let found = run_json(repo, &["."]);
    assert!(
        found
            .iter()
            .any(|(p, _, _, _)| p.contains("modules/stdlib")),
        "{found:#?}"
    );
}

/// The issue's differential test: each corpus module copied alone into a folder of another
/// name and checked as a pre-commit hook would check it. Its error-level findings must be a
/// subset of those it gets with the whole corpus as its module path, and when findings
/// disappear, an `info` note must say which dependency is absent.
#[test]
fn each_corpus_module_alone_is_a_subset_of_the_whole() {
    let corpus = Path::new(CORPUS);
    if !corpus.is_dir() {
        assert!(std::env::var_os("CI").is_none(), "no corpus at {CORPUS}");
        eprintln!("skipping: no corpus at {CORPUS}");
        return;
    }
    type Key = (String, String, String);
    // The errors of each module with the whole corpus around it.
    let whole = run_json(corpus, &["--modulepath", CORPUS, "."]);
    let mut by_module: BTreeMap<String, Vec<Key>> = BTreeMap::new();
    for (path, c, sev, message) in whole {
        if sev != "error" {
            continue;
        }
        let rel = Path::new(&path);
        let mut parts = rel.iter();
        let module = parts.next().unwrap().to_string_lossy().into_owned();
        let rest = parts.as_path().to_string_lossy().into_owned();
        by_module
            .entry(module)
            .or_default()
            .push((rest, c, message));
    }
    let mut modules: Vec<_> = std::fs::read_dir(corpus)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    modules.sort();
    assert!(modules.len() > 80, "the corpus has its modules");
    let failures: Vec<String> = std::thread::scope(|s| {
        let chunks: Vec<_> = modules.chunks(modules.len().div_ceil(2)).collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                let by_module = &by_module;
                s.spawn(move || {
                    chunk
                        .iter()
                        .filter_map(|m| check_alone(m, by_module))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// [`each_corpus_module_alone_is_a_subset_of_the_whole`] for one module: a message when it
/// fails.
fn check_alone(
    module: &Path,
    whole: &BTreeMap<String, Vec<(String, String, String)>>,
) -> Option<String> {
    let name = module.file_name()?.to_string_lossy().into_owned();
    let tmp = tempfile::tempdir().unwrap();
    // A module whose metadata names it goes to `build/`; one without metadata keeps its name
    // in a Forge-style folder (its folder is all that names it).
    let folder = if module.join("metadata.json").is_file() {
        "build".to_string()
    } else {
        format!("someone-{}", name.rsplit('-').next().unwrap_or(&name))
    };
    copy_tree(module, &tmp.path().join(&folder));
    let alone = run_json(tmp.path(), &[&folder]);
    let mut expected = whole.get(&name).cloned().unwrap_or_default();
    let mut problems = Vec::new();
    for (path, c, sev, message) in &alone {
        if sev != "error" {
            continue;
        }
        let rest = Path::new(path)
            .strip_prefix(&folder)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let key = (rest, c.clone(), message.clone());
        match expected.iter().position(|e| *e == key) {
            Some(i) => {
                expected.remove(i);
            }
            None => problems.push(format!("  new error alone: {key:?}")),
        }
    }
    let notes = alone.iter().filter(|(_, c, _, _)| c == "P008").count();
    // A module without metadata declares nothing: there is no declaration to note, and the
    // names of modules that are not there are simply not checked.
    let declares = module.join("metadata.json").is_file();
    if !expected.is_empty() && notes == 0 && declares {
        problems.push(format!(
            "  {} errors disappear alone without a note about an absent dependency: {:?}",
            expected.len(),
            expected.first()
        ));
    }
    (!problems.is_empty()).then(|| format!("{name}:\n{}", problems.join("\n")))
}

/// Copies a folder, following symbolic links (the corpus links into Debian's folders).
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let src = entry.path();
        let dst = to.join(entry.file_name());
        if src.is_dir() {
            copy_tree(&src, &dst);
        } else if src.is_file() {
            std::fs::copy(&src, &dst).unwrap();
        }
    }
}

#[test]
fn top_scope_variables_a_ruby_function_sets_are_known() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    write(
        &root,
        "metadata.json",
        r#"{"name": "acme-site", "version": "1.0.0", "author": "acme", "license": "Apache-2.0", "source": "https://example.com", "summary": "A module.", "dependencies": [{"name": "acme/roles"}]}"#,
    );
    write(
        &root,
        "manifests/init.pp",
        "class site {\n  notice($::site_role)\n  notice($::site_tier)\n}\n",
    );
    let roles = tmp.path().join("roles");
    write(
        &roles,
        "metadata.json",
        r#"{"name": "acme-roles", "version": "1.0.0", "author": "acme", "license": "Apache-2.0", "source": "https://example.com", "summary": "A module.", "dependencies": []}"#,
    );
    write(
        &roles,
        "lib/puppet/functions/roles/assign.rb",
        "Puppet::Functions.create_function(:'roles::assign') do\n  def assign\n    closure_scope['site_role'] = 'web'\n  end\nend\n",
    );
    let found = run_json(tmp.path(), &["site", "roles"]);
    let undefined: Vec<_> = found
        .iter()
        .filter(|(_, c, _, _)| c == "P112")
        .map(|(_, _, s, m)| (s.as_str(), m.as_str()))
        .collect();
    assert_eq!(
        undefined,
        [("warning", "the variable `$::site_tier` is not defined")],
        "{found:#?}"
    );
}

#[test]
fn a_bolt_project_is_the_module_its_project_file_names() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("checkout");
    write(
        &root,
        "bolt-project.yaml",
        "---\nname: ops\nmodulepath: []\n",
    );
    write(
        &root,
        "functions/targets.pp",
        "function ops::targets() >> String {\n  'web'\n}\n",
    );
    write(
        &root,
        "plans/deploy.pp",
        "plan ops::deploy () {\n  $t = ops::targets()\n  $u = ops::targtes()\n  run_command('uptime', $t)\n}\n",
    );
    let found = run_json(tmp.path(), &["checkout"]);
    let unknown: Vec<_> = found
        .iter()
        .filter(|(_, c, _, _)| c == "P101")
        .map(|(_, _, s, m)| (s.as_str(), m.as_str()))
        .collect();
    // The project's own function is known; its misspelling is found.
    assert_eq!(
        unknown,
        [("error", "unknown function `ops::targtes`")],
        "{found:#?}"
    );
}
