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
    common::copy_tree(module, &tmp.path().join(&folder));
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

// --- installed modules, as r10k and g10k decide them (issue 28) -------------------------------

/// A class with two defects a check reports: an undefined variable, and a call of a function
/// nobody defines.
fn defective(class: &str) -> String {
    format!("class {class} {{\n  notice($undefined_{class})\n  unknown_{class}_fn(1)\n}}\n")
}

/// Runs `git init` in `dir`; `false` (with a visible message) when git is not installed.
fn git_init(dir: &Path) -> bool {
    match std::process::Command::new("git")
        .args(["init", "-q", "."])
        .current_dir(dir)
        .status()
    {
        Ok(s) if s.success() => true,
        _ => {
            eprintln!("skipping the .gitignore part: git is not installed");
            false
        }
    }
}

/// The stderr of a run and its findings.
fn run_with_stderr(dir: &Path, args: &[&str]) -> (Vec<(String, String, String, String)>, String) {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    let out = plint(dir, &all);
    assert!(code(&out) <= 1, "plint failed: {}", common::stderr(&out));
    (findings(&stdout(&out)), common::stderr(&out))
}

fn reported_in(found: &[(String, String, String, String)], folder: &str) -> bool {
    found
        .iter()
        .any(|(p, c, _, _)| p.contains(folder) && c == "P112")
}

#[test]
fn without_a_puppetfile_modules_is_the_teams() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path();
    write(
        repo,
        "environment.conf",
        "modulepath = modules:$basemodulepath\n",
    );
    write(repo, "manifests/site.pp", "include web\n");
    write(repo, "modules/web/manifests/init.pp", &defective("web"));
    let (found, stderr) = run_with_stderr(repo, &["."]);
    assert!(reported_in(&found, "modules/web"), "{found:#?}");
    assert!(!stderr.contains("installed"), "{stderr}");

    // A Puppetfile whose moduledir git ignores: what is there is installed, not reported on,
    // and one note says how many, where, and how to check them.
    write(
        repo,
        "Puppetfile",
        "moduledir 'external'\nmod 'puppetlabs-stdlib'\n",
    );
    write(
        repo,
        "external/stdlib/manifests/init.pp",
        &defective("stdlib"),
    );
    write(
        repo,
        "external/extra/manifests/init.pp",
        &defective("extra"),
    );
    write(repo, ".gitignore", "/external/\n");
    write(
        repo,
        "environment.conf",
        "modulepath = modules:external:$basemodulepath\n",
    );
    if git_init(repo) {
        let (found, stderr) = run_with_stderr(repo, &["."]);
        assert!(reported_in(&found, "modules/web"), "{found:#?}");
        assert!(
            !found.iter().any(|(p, ..)| p.contains("external")),
            "{found:#?}"
        );
        let notes: Vec<&str> = stderr.lines().filter(|l| l.contains("installed")).collect();
        assert_eq!(notes.len(), 1, "{stderr}");
        assert!(
            notes[0].contains("2 installed modules in `external`")
                && notes[0].contains("check-installed-modules = true"),
            "{stderr}"
        );
        // Asked for, they are checked.
        write(repo, "plint.toml", "check-installed-modules = true\n");
        let (found, stderr) = run_with_stderr(repo, &["."]);
        assert!(reported_in(&found, "external/stdlib"), "{found:#?}");
        assert!(reported_in(&found, "external/extra"), "{found:#?}");
        assert!(!stderr.contains("not checked"), "{stderr}");
        std::fs::remove_file(repo.join("plint.toml")).unwrap();
        // Run inside an installed module, it checks it and says it is installed.
        let (found, stderr) = run_with_stderr(&repo.join("external/extra"), &[]);
        assert!(reported_in(&found, "manifests/init.pp"), "{found:#?}");
        assert!(
            stderr.contains("is an installed module (git ignores its folder)"),
            "{stderr}"
        );
        // Their folder given, they are checked, with one note for them all.
        let (found, stderr) = run_with_stderr(repo, &["external"]);
        assert!(reported_in(&found, "external/stdlib"), "{found:#?}");
        assert!(
            stderr.contains("2 installed modules in `external`")
                && stderr.contains("checked, as asked"),
            "{stderr}"
        );
        // Inside one of the team's, it checks it, with no word of installed modules.
        let (found, stderr) = run_with_stderr(&repo.join("modules/web"), &[]);
        assert!(reported_in(&found, "manifests/init.pp"), "{found:#?}");
        assert!(!stderr.contains("installed"), "{stderr}");
    }
}

#[test]
fn a_puppetfile_of_another_name_installs_in_its_moduledir() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path();
    write(
        repo,
        "Puppetfile.vendor",
        "forge 'https://forge.puppet.com'\nmoduledir 'vendor_modules'\nmod 'puppetlabs-stdlib', '9.4.1'\n",
    );
    // Not a Puppetfile r10k is given: no moduledir of its own.
    write(repo, "Puppetfile.example", "mod 'acme-web'\n");
    write(
        repo,
        "environment.conf",
        "modulepath = modules:vendor_modules:$basemodulepath\n",
    );
    write(repo, "manifests/site.pp", "include web\n");
    write(repo, "modules/web/manifests/init.pp", &defective("web"));
    write(
        repo,
        "vendor_modules/stdlib/manifests/init.pp",
        &defective("stdlib"),
    );
    let (found, stderr) = run_with_stderr(repo, &["."]);
    assert!(reported_in(&found, "modules/web"), "{found:#?}");
    assert!(
        !found.iter().any(|(p, ..)| p.contains("vendor_modules")),
        "{found:#?}"
    );
    // Every module the Puppetfile installs is present: an unknown function is an error.
    assert!(
        found
            .iter()
            .any(|(p, c, s, _)| p.contains("modules/web") && c == "P101" && s == "error"),
        "{found:#?}"
    );
    assert!(
        stderr.contains("1 installed module in `vendor_modules` not checked"),
        "{stderr}"
    );
    // A module r10k keeps in the control repository (`:local => true`) is the team's.
    write(
        repo,
        "Puppetfile.vendor",
        "moduledir 'vendor_modules'\nmod 'puppetlabs-stdlib', :local => true\n",
    );
    let (found, _) = run_with_stderr(repo, &["."]);
    assert!(reported_in(&found, "vendor_modules/stdlib"), "{found:#?}");
}

#[cfg(unix)]
#[test]
fn a_folder_of_module_links_is_checked_alike_from_anywhere() {
    use std::os::unix::fs::symlink;
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("repo");
    std::fs::create_dir_all(repo.join(".git")).unwrap();
    write(&repo, "src/web/manifests/init.pp", &defective("web"));
    write(&repo, "src/db/manifests/init.pp", &defective("db"));
    write(
        tmp.path(),
        "outside/ext/manifests/init.pp",
        &defective("ext"),
    );
    std::fs::create_dir_all(repo.join("mods")).unwrap();
    symlink("../src/web", repo.join("mods/web")).unwrap();
    symlink("../src/db", repo.join("mods/db")).unwrap();
    symlink("../../outside/ext", repo.join("mods/ext")).unwrap();
    let mut seen: Vec<Vec<(String, String)>> = Vec::new();
    for (cwd, arg) in [
        (tmp.path().to_path_buf(), "repo/mods"),
        (repo.clone(), "mods"),
        (repo.join("mods"), "."),
    ] {
        let (found, stderr) = run_with_stderr(&cwd, &[arg]);
        // The same findings, by the path below `mods`.
        let mut rel: Vec<(String, String)> = found
            .iter()
            .map(|(p, c, _, _)| {
                let p = p.trim_start_matches("repo/").trim_start_matches("mods/");
                (p.to_string(), c.clone())
            })
            .collect();
        rel.sort();
        assert!(
            rel.iter()
                .any(|(p, c)| p.starts_with("web/") && c == "P112")
        );
        assert!(rel.iter().any(|(p, c)| p.starts_with("db/") && c == "P112"));
        assert!(!rel.iter().any(|(p, _)| p.starts_with("ext/")), "{rel:#?}");
        // The link leading out is refused with a note naming it, once.
        let refused: Vec<&str> = stderr
            .lines()
            .filter(|l| l.contains("ext: symbolic link leading outside"))
            .collect();
        assert_eq!(refused.len(), 1, "{stderr}");
        seen.push(rel);
    }
    assert!(seen.windows(2).all(|w| w[0] == w[1]), "{seen:#?}");

    // The same links as the module path: the one leading out is said, once.
    write(&repo, "manifests/site.pp", "include web\n");
    let out = plint(&repo, &["--modulepath", "mods", "manifests/site.pp"]);
    let stderr = common::stderr(&out);
    assert_eq!(
        stderr
            .lines()
            .filter(|l| l.contains("mods/ext: symbolic link leading outside"))
            .count(),
        1,
        "{stderr}"
    );
}

#[test]
fn excluding_every_file_is_an_error() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path();
    write(repo, "modules/web/manifests/init.pp", &defective("web"));
    write(repo, "manifests/site.pp", "include web\n");
    for args in [
        &["--ignore-paths", "**/*.pp"][..],
        &["--ignore-paths", "**/*.pp", "."],
    ] {
        let out = plint(repo, args);
        assert_eq!(code(&out), 2, "{args:?}");
        assert!(
            common::stderr(&out).contains("every file to check there is excluded"),
            "{}",
            common::stderr(&out)
        );
    }
    // Some left: checked as usual.
    let out = plint(repo, &["--ignore-paths", "manifests/**"]);
    assert_eq!(code(&out), 1, "{}", common::stderr(&out));
}

#[test]
fn a_stale_fixture_symlink_is_a_warning_not_an_absent_module() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path();
    write(repo, "Puppetfile", "mod 'puppetlabs-stdlib'\n");
    write(
        repo,
        "modules/stdlib/manifests/init.pp",
        "class stdlib {}\n",
    );
    write(
        repo,
        "site/web/.fixtures.yml",
        "fixtures:\n  forge_modules:\n    stdlib: 'puppetlabs/stdlib'\n  symlinks:\n    web: '#{source_dir}'\n    helper: '#{source_dir}/../helper'\n",
    );
    write(
        repo,
        "site/web/manifests/init.pp",
        "class web {\n  helper_fn(1)\n}\n",
    );
    let found = run_json(repo, &["."]);
    let stale: Vec<_> = found.iter().filter(|(_, c, _, _)| c == "P009").collect();
    assert_eq!(stale.len(), 1, "{found:#?}");
    assert!(stale[0].0.ends_with("site/web/.fixtures.yml") && stale[0].2 == "warning");
    assert!(stale[0].3.contains("`helper`"), "{found:#?}");
    assert!(!found.iter().any(|(_, c, _, _)| c == "P008"), "{found:#?}");
    // The world stays closed: the unknown function is an error.
    assert!(
        found
            .iter()
            .any(|(p, c, s, _)| p.ends_with("init.pp") && c == "P101" && s == "error"),
        "{found:#?}"
    );
    // Its line is the entry's.
    let out = plint(repo, &["--format", "json", "."]);
    let v: Value = serde_json::from_str(&stdout(&out)).unwrap();
    let entry = v
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "P009")
        .unwrap();
    assert_eq!(entry["line"], 6);
    assert!(entry["help"].as_str().is_some_and(|h| !h.is_empty()));
}
