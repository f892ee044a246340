//! `plint diff` end to end, on a git repository made at test time (two commits): every kind of
//! change in every format, nodes grouped, compile errors before and after, unknown values never
//! reported as changes, directories, the working tree and `--base`, shards and `merge`, the
//! facts sources, the exit statuses; and a golden Markdown report (`tests/diff/report.md`,
//! re-recorded with `UPDATE_GOLDEN=1`).

use std::fs;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

mod common;
use common::{code, plint, stderr, stdout};

/// The nodes: their names and roles.
const NODES: [(&str, &str); 7] = [
    ("web1", "web"),
    ("web2", "web"),
    ("web3", "web"),
    ("db1", "db"),
    ("fragile1", "fragile"),
    ("broken1", "broken"),
    ("legacy1", "legacy"),
];

const SITE: &str = "node default {
  include profile::base
  case $facts['role'] {
    'db':      { include profile::db }
    'fragile': { include profile::fragile }
    'broken':  { include profile::broken }
    'legacy':  { include profile::legacy }
    default:   {}
  }
}
";

const BASE_1: &str = "class profile::base {
  file { '/etc/motd':
    content => template('profile/motd.erb'),
    mode    => '0644',
  }
  file { '/etc/old': ensure => file }
  package { ['ntp', 'curl']: ensure => installed }
  service { 'ntp':
    ensure  => running,
    require => [Package['ntp'], Package['curl']],
    tag     => ['b', 'a'],
  }
  notify { 'stamp': message => generate('/bin/date') }
  file { '/etc/stamp': content => 'fixed' }
  file { '/etc/stamp2': content => generate('/bin/date') }
  file { '/etc/secret': content => Sensitive('hunter2-old') }
}
";

const BASE_2: &str = "class profile::base {
  file { '/etc/motd':
    content => template('profile/motd.erb'),
    mode    => '0600',
    owner   => 'root',
  }
  file { '/etc/new': ensure => file }
  package { ['ntp', 'chrony']: ensure => installed }
  service { 'ntp':
    ensure  => running,
    require => [Package['chrony'], Package['ntp']],
    tag     => ['a', 'b'],
  }
  notify { 'stamp': message => generate('/bin/date') }
  file { '/etc/stamp': content => generate('/bin/date') }
  file { '/etc/stamp2': content => 'fixed' }
  file { '/etc/secret': content => Sensitive('hunter2-new') }
}
";

/// `git` in `dir`, which must succeed.
fn git(dir: &Path, args: &[&str]) -> String {
    let o = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("HOME", dir)
        .output()
        .expect("run git");
    assert!(o.status.success(), "git {args:?}: {}", stderr_of(&o));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr_of(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn write(root: &Path, path: &str, text: &str) {
    let p = root.join(path);
    fs::create_dir_all(p.parent().unwrap()).unwrap();
    fs::write(p, text).unwrap();
}

/// The files of the first revision.
fn first_revision(root: &Path) {
    write(root, "environment.conf", "modulepath = site:modules\n");
    write(root, "manifests/site.pp", SITE);
    write(root, "site/profile/manifests/base.pp", BASE_1);
    write(
        root,
        "site/profile/templates/motd.erb",
        "Welcome\nline two\nline three\n",
    );
    write(
        root,
        "site/profile/manifests/db.pp",
        "class profile::db {\n  package { 'postgresql': ensure => installed }\n}\n",
    );
    write(
        root,
        "site/profile/manifests/fragile.pp",
        "class profile::fragile {\n  notify { 'fine': }\n}\n",
    );
    write(
        root,
        "site/profile/manifests/broken.pp",
        "class profile::broken {\n  fail('not yet')\n}\n",
    );
    write(
        root,
        "site/profile/manifests/legacy.pp",
        "class profile::legacy {\n  notify { 'legacy': }\n}\n",
    );
    write(
        root,
        "site/profile/manifests/monitoring.pp",
        "class profile::monitoring {\n  notify { 'monitored': }\n}\n",
    );
}

/// The changes of the second revision.
fn second_revision(root: &Path) {
    write(root, "site/profile/manifests/base.pp", BASE_2);
    write(
        root,
        "site/profile/templates/motd.erb",
        "Welcome\nline 2\nline three\n",
    );
    write(
        root,
        "site/profile/manifests/db.pp",
        "class profile::db {\n  include profile::monitoring\n  package { 'postgresql': ensure \
         => installed }\n}\n",
    );
    write(
        root,
        "site/profile/manifests/fragile.pp",
        "class profile::fragile {\n  notify { 'fine': message => no_such_function() }\n}\n",
    );
    write(
        root,
        "site/profile/manifests/broken.pp",
        "class profile::broken {\n  notify { 'fixed': }\n}\n",
    );
    write(
        root,
        "manifests/site.pp",
        &SITE.replace("    'legacy':  { include profile::legacy }\n", ""),
    );
}

/// A scratch folder: `repo/` (a git repository, branch `main` at the first revision, branch
/// `feature` at the second, checked out) and `facts/` (one file per node).
fn fixture() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("repo");
    fs::create_dir(&repo).unwrap();
    git(&repo, &["init", "-q", "-b", "main"]);
    git(&repo, &["config", "user.name", "plint tests"]);
    git(&repo, &["config", "user.email", "tests@plint.invalid"]);
    git(&repo, &["config", "commit.gpgsign", "false"]);
    first_revision(&repo);
    git(&repo, &["add", "-A"]);
    git(&repo, &["commit", "-q", "-m", "first"]);
    git(&repo, &["checkout", "-q", "-b", "feature"]);
    second_revision(&repo);
    git(&repo, &["add", "-A"]);
    git(&repo, &["commit", "-q", "-m", "second"]);
    for (name, role) in NODES {
        write(
            tmp.path(),
            &format!("facts/{name}.json"),
            &format!(
                "{{\"fqdn\": \"{name}.example.com\", \"role\": \"{role}\", \"os\": {{\"family\": \
                 \"Debian\"}}}}\n"
            ),
        );
    }
    tmp
}

/// `plint diff ARGS --facts ../facts` in the repository.
fn diff(tmp: &Path, args: &[&str]) -> std::process::Output {
    let mut all = vec!["diff", "--facts", "../facts"];
    all.extend_from_slice(args);
    plint(&tmp.join("repo"), &all)
}

fn json(o: &std::process::Output) -> Value {
    serde_json::from_str(&stdout(o)).unwrap_or_else(|e| panic!("{e}: {}\n{}", stdout(o), stderr(o)))
}

fn node<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["node"] == name)
        .unwrap_or_else(|| panic!("no node {name}"))
}

/// A change in a few words: its kind, resource and what of it.
fn brief(c: &Value) -> String {
    let s = |k: &str| c[k].as_str().unwrap_or("").to_string();
    let what = match c["kind"].as_str().unwrap() {
        "class-added" | "class-removed" => s("class"),
        "parameter-changed" => format!("{} {}", s("resource"), s("parameter")),
        "relationship-added" | "relationship-removed" => {
            format!("{} {} {}", s("resource"), s("relationship"), s("target"))
        }
        _ => s("resource"),
    };
    format!("{} {what}", c["kind"].as_str().unwrap())
}

fn briefs(n: &Value) -> Vec<String> {
    n["changes"].as_array().unwrap().iter().map(brief).collect()
}

#[test]
fn every_kind_of_change_between_two_commits() {
    let tmp = fixture();
    let o = diff(
        tmp.path(),
        &["--from", "main", "--to", "feature", "--format", "json"],
    );
    assert_eq!(code(&o), 1, "a node no longer compiles: {}", stderr(&o));
    let r = json(&o);
    assert_eq!(r["version"], 1);
    assert_eq!(r["from"]["label"], "main");
    assert_eq!(r["to"]["label"], "feature");
    assert_eq!(r["from"]["commit"].as_str().unwrap().len(), 40);

    let web = node(&r, "web1.example.com");
    assert_eq!(web["status"], "compiles");
    assert_eq!(
        briefs(web),
        [
            "parameter-changed File[/etc/motd] content",
            "parameter-changed File[/etc/motd] mode",
            "parameter-changed File[/etc/motd] owner",
            "resource-added File[/etc/new]",
            "resource-removed File[/etc/old]",
            "parameter-changed File[/etc/secret] content",
            "resource-added Package[chrony]",
            "resource-removed Package[curl]",
            "relationship-added Service[ntp] require Package[chrony]",
            "relationship-removed Service[ntp] require Package[curl]",
        ]
    );
    let changes = web["changes"].as_array().unwrap();
    // A parameter set: no `from`; its declaration's file and line, in the repository.
    assert_eq!(changes[2]["to"], "root");
    assert!(changes[2].get("from").is_none());
    assert_eq!(changes[2]["at"]["file"], "site/profile/manifests/base.pp");
    assert_eq!(changes[2]["at"]["line"], 2);
    assert_eq!(changes[1]["from"], "0644");
    // A removed resource is placed in the first revision, with its parameters.
    assert_eq!(changes[4]["at"]["line"], 6);
    assert_eq!(changes[4]["parameters"]["ensure"], "file");
    // A Sensitive value changes, and is never shown.
    assert_eq!(changes[5]["from"], "Sensitive [value redacted]");
    assert!(!stdout(&o).contains("hunter2"), "{}", stdout(&o));
    // Unknown values on either side are listed, never changes; the tags' order is no change.
    let unknown: Vec<(String, String)> = web["unknown"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            (
                format!("{} {}", u["resource"].as_str().unwrap(), u["parameter"]),
                u["side"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        unknown,
        [
            ("File[/etc/stamp] \"content\"".to_string(), "to".to_string()),
            ("File[/etc/stamp2] \"content\"".into(), "from".into()),
            ("Notify[stamp] \"message\"".into(), "both".into()),
        ]
    );
    assert!(
        web["unknown"][0]["origin"]
            .as_str()
            .unwrap()
            .starts_with("generate()")
    );

    // Classes added and removed.
    let db = node(&r, "db1.example.com");
    assert!(briefs(db).contains(&"class-added profile::monitoring".to_string()));
    assert!(briefs(db).contains(&"resource-added Notify[monitored]".to_string()));
    let legacy = node(&r, "legacy1.example.com");
    assert!(briefs(legacy).contains(&"class-removed profile::legacy".to_string()));
    assert!(briefs(legacy).contains(&"resource-removed Notify[legacy]".to_string()));

    // Compile errors, before and after, with the finding.
    let fragile = node(&r, "fragile1.example.com");
    assert_eq!(fragile["status"], "now-fails");
    assert_eq!(fragile["errors_to"][0]["code"], "P201");
    assert_eq!(
        fragile["errors_to"][0]["at"]["file"],
        "site/profile/manifests/fragile.pp"
    );
    assert!(fragile.get("errors_from").is_none());
    let broken = node(&r, "broken1.example.com");
    assert_eq!(broken["status"], "now-compiles");
    assert!(
        broken["errors_from"][0]["message"]
            .as_str()
            .unwrap()
            .contains("not yet")
    );
}

#[test]
fn human_report_groups_nodes_failures_first() {
    let tmp = fixture();
    let o = diff(tmp.path(), &["--from", "main", "--to", "feature"]);
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    assert!(
        out.starts_with(
            "plint diff: main → feature: 7 of 7 nodes change (1 no longer compiles), 0 \
             unchanged\n"
        ),
        "{out}"
    );
    let failing = out
        .find("✗ 1 node (fragile1.example.com): no longer compiles")
        .unwrap();
    let group = out
        .find(
            "● 3 nodes (web1.example.com, web2.example.com, web3.example.com): 10 changes (4 \
             parameters changed, 2 resources added, 2 resources removed, 1 relationship \
             added, 1 relationship removed)",
        )
        .unwrap_or_else(|| panic!("{out}"));
    assert!(failing < group);
    assert!(out.contains("    at TO: P201 evaluation-error: "), "{out}");
    assert!(out.contains(
        "    ~ File[/etc/motd] mode: \"0644\" → \"0600\"  (site/profile/manifests/base.pp:2)"
    ));
    // The template's change as a unified diff.
    assert!(
        out.contains(
            "        @@ -1,3 +1,3 @@\n         Welcome\n        -line two\n        +line 2\n"
        ),
        "{out}"
    );
    assert!(out.contains("? not compared"), "{out}");
    assert!(
        out.contains("File[/etc/stamp] content: unknown at TO, generate()"),
        "{out}"
    );
}

#[test]
fn markdown_report_is_the_golden_one() {
    let tmp = fixture();
    let o = diff(
        tmp.path(),
        &["--from", "main", "--to", "feature", "--format", "markdown"],
    );
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diff/report.md");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        fs::create_dir_all(golden.parent().unwrap()).unwrap();
        fs::write(&golden, stdout(&o)).unwrap();
    }
    assert_eq!(stdout(&o), fs::read_to_string(&golden).unwrap());
}

#[test]
fn github_annotations_on_the_declarations() {
    let tmp = fixture();
    let o = diff(
        tmp.path(),
        &["--from", "main", "--to", "feature", "--format", "github"],
    );
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with(
            "::error file=site/profile/manifests/fragile.pp,line=2,title=plint diff%3A no \
             longer compiles::1 node (fragile1.example.com)%0AP201 evaluation-error: "
        ),
        "{out}"
    );
    assert!(lines.contains(
        &"::notice file=site/profile/manifests/base.pp,line=2,title=plint diff%3A catalog \
          change::5 nodes (db1.example.com, legacy1.example.com, web1.example.com, web2.example.com, \
          web3.example.com)%0A~ File[/etc/motd] mode: \"0644\" → \"0600\""
    ), "{out}");
    // The same change of several groups is one annotation naming every node.
    assert!(out.contains("::notice file=site/profile/manifests/base.pp,line=6,title=plint diff%3A catalog change::5 nodes ("), "{out}");
    // A class added has no place: an annotation without a file.
    assert!(out.contains("::notice title=plint diff%3A catalog change::1 node (db1.example.com)%0A+ class profile::monitoring"), "{out}");
    assert!(lines.iter().all(|l| l.starts_with("::")), "{out}");
}

#[test]
fn working_tree_and_merge_base_defaults() {
    let tmp = fixture();
    let repo = tmp.path().join("repo");
    // Nothing changed since HEAD: no news, status 0 even with --fail-on-change.
    let o = diff(tmp.path(), &["--fail-on-change"]);
    assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).starts_with(
            "plint diff: HEAD → working tree: 0 of 7 nodes change, 7 unchanged (1 failing at both \
         revisions)\n"
        ),
        "{}",
        stdout(&o)
    );
    // An uncommitted change of the working tree.
    write(
        &repo,
        "site/profile/manifests/legacy.pp",
        "class profile::legacy {\n  notify { 'legacy': message => 'changed' }\n}\n",
    );
    fs::write(
        repo.join("manifests/site.pp"),
        SITE.replace("default:   {}", "default:   { include profile::legacy }"),
    )
    .unwrap();
    let o = diff(tmp.path(), &["--format", "json", "--node-pattern", "^web1"]);
    assert_eq!(code(&o), 0, "changes alone do not fail: {}", stderr(&o));
    let r = json(&o);
    assert_eq!(r["to"]["label"], "working tree");
    assert_eq!(r["nodes"].as_array().unwrap().len(), 1);
    assert_eq!(
        briefs(&r["nodes"][0]),
        [
            "class-added profile::legacy",
            "resource-added Notify[legacy]"
        ]
    );
    let o = diff(tmp.path(), &["--node-pattern", "^web1", "--fail-on-change"]);
    assert_eq!(code(&o), 1);
    // `--base main`: from the merge base of main and the working tree's HEAD.
    let o = diff(
        tmp.path(),
        &[
            "--base",
            "main",
            "--to",
            "HEAD",
            "--format",
            "json",
            "--node-pattern",
            "web1",
        ],
    );
    let r = json(&o);
    assert_eq!(r["from"]["label"], "merge base of main and HEAD");
    assert_eq!(
        r["from"]["commit"].as_str().unwrap(),
        git(&repo, &["rev-parse", "main"]).trim()
    );
    assert_eq!(briefs(&r["nodes"][0]).len(), 10);
}

#[test]
fn two_directories() {
    let tmp = fixture();
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    first_revision(&a);
    first_revision(&b);
    second_revision(&b);
    let o = plint(
        tmp.path(),
        &[
            "diff",
            "--from-dir",
            "a",
            "--to-dir",
            "b",
            "--facts",
            "facts",
            "--format",
            "json",
        ],
    );
    let r = json(&o);
    assert_eq!(r["from"]["label"], "a");
    assert!(r["from"].get("commit").is_none());
    let via_git = json(&diff(
        tmp.path(),
        &["--from", "main", "--to", "feature", "--format", "json"],
    ));
    assert_eq!(r["nodes"], via_git["nodes"]);
    // Not in a repository: two directories are needed.
    let o = plint(tmp.path(), &["diff", "--facts", "facts"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("not in a git repository"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn shards_merge_into_the_whole_report() {
    let tmp = fixture();
    let whole = json(&diff(
        tmp.path(),
        &["--from", "main", "--to", "feature", "--format", "json"],
    ));
    let mut files = Vec::new();
    let mut seen = 0;
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let o = diff(
            tmp.path(),
            &[
                "--from", "main", "--to", "feature", "--format", "json", "--shard", &shard,
            ],
        );
        let r = json(&o);
        assert_eq!(r["shards"], serde_json::json!([[k, 3]]));
        seen += r["nodes"].as_array().unwrap().len();
        let f = tmp.path().join(format!("shard{k}.json"));
        fs::write(&f, stdout(&o)).unwrap();
        files.push(f.to_string_lossy().into_owned());
    }
    assert_eq!(seen, NODES.len());
    let mut args = vec!["diff", "merge", "--format", "json"];
    args.extend(files.iter().map(String::as_str));
    let o = plint(tmp.path(), &args);
    assert_eq!(
        code(&o),
        1,
        "the merged report has a node that no longer compiles"
    );
    let merged = json(&o);
    assert_eq!(merged["nodes"], whole["nodes"]);
    assert_eq!(
        merged["shards"],
        serde_json::json!([[1, 3], [2, 3], [3, 3]])
    );
    // The merged report in another format.
    args[3] = "markdown";
    let o = plint(tmp.path(), &args);
    let golden =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diff/report.md"))
            .unwrap_or_default();
    if !golden.is_empty() {
        assert_eq!(stdout(&o), golden);
    }
    // A shard out of range, a report that is not one.
    assert_eq!(code(&diff(tmp.path(), &["--shard", "4/3"])), 2);
    fs::write(tmp.path().join("bad.json"), "[]").unwrap();
    let o = plint(tmp.path(), &["diff", "merge", "bad.json"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("is not a report of `plint diff --format json`"));
}

#[test]
fn puppetdb_export_and_folder_per_node() {
    let tmp = fixture();
    let mut export = Vec::new();
    for (name, role) in NODES {
        let certname = format!("{name}.example.com");
        for (fact, value) in [
            ("fqdn", serde_json::json!(certname)),
            ("role", serde_json::json!(role)),
            ("os", serde_json::json!({"family": "Debian"})),
        ] {
            export.push(serde_json::json!({"certname": certname, "name": fact, "value": value}));
        }
        // A folder per node: the facts split in two files.
        write(
            tmp.path(),
            &format!("per-node/{name}/a.json"),
            &format!("{{\"fqdn\": \"{certname}\", \"os\": {{\"family\": \"Debian\"}}}}"),
        );
        write(
            tmp.path(),
            &format!("per-node/{name}/b.yaml"),
            &format!("role: {role}\n"),
        );
    }
    write(
        tmp.path(),
        "export.json",
        &serde_json::to_string(&export).unwrap(),
    );
    let args = ["--from", "main", "--to", "feature", "--format", "json"];
    let whole = json(&diff(tmp.path(), &args));
    for facts in ["../export.json", "../per-node"] {
        let mut all = vec!["diff", "--facts", facts];
        all.extend_from_slice(&args);
        let r = json(&plint(&tmp.path().join("repo"), &all));
        assert_eq!(r["nodes"], whole["nodes"], "{facts}");
    }
}

#[test]
fn exit_statuses() {
    let tmp = fixture();
    let web = [
        "--from",
        "main",
        "--to",
        "feature",
        "--node-pattern",
        "^web",
    ];
    assert_eq!(code(&diff(tmp.path(), &web)), 0);
    let mut failing = web.to_vec();
    failing.push("--fail-on-change");
    assert_eq!(code(&diff(tmp.path(), &failing)), 1);
    // A node that compiles again is news, not a failure.
    let broken = [
        "--from",
        "main",
        "--to",
        "feature",
        "--node-pattern",
        "broken",
    ];
    assert_eq!(code(&diff(tmp.path(), &broken)), 0);
    // Facts that cannot be used: 2, with the report written.
    write(tmp.path(), "facts/zz.json", "{not json");
    let o = diff(
        tmp.path(),
        &[
            "--from",
            "main",
            "--to",
            "feature",
            "--node-pattern",
            "^(web1|zz)",
        ],
    );
    assert_eq!(code(&o), 2);
    assert!(
        stdout(&o).contains("its facts cannot be used"),
        "{}",
        stdout(&o)
    );
    // Bad arguments, an unknown revision, a pattern matching nothing.
    assert_eq!(
        code(&diff(tmp.path(), &["--from", "main", "--from-dir", "x"])),
        2
    );
    let o = diff(tmp.path(), &["--from", "no-such-branch"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("unknown git revision `no-such-branch`"),
        "{}",
        stderr(&o)
    );
    assert_eq!(code(&diff(tmp.path(), &["--node-pattern", "nothing"])), 2);
    assert_eq!(
        code(&plint(tmp.path(), &["diff"])),
        2,
        "--facts is required"
    );
}

#[cfg(unix)]
#[test]
fn a_committed_link_cannot_read_outside_the_revision() {
    let tmp = fixture();
    let repo = tmp.path().join("repo");
    write(tmp.path(), "secret.txt", "TOP SECRET\n");
    let motd = repo.join("site/profile/templates/motd.erb");
    fs::remove_file(&motd).unwrap();
    std::os::unix::fs::symlink(tmp.path().join("secret.txt"), &motd).unwrap();
    git(&repo, &["commit", "-q", "-a", "-m", "link"]);
    let o = diff(
        tmp.path(),
        &[
            "--from",
            "HEAD~1",
            "--to",
            "HEAD",
            "--node-pattern",
            "web1",
            "--format",
            "json",
        ],
    );
    let out = stdout(&o);
    assert!(!out.contains("TOP SECRET"), "{out}");
    // The template is not read: its text is unknown at TO, not a change.
    let web = node(&json(&o), "web1.example.com").clone();
    assert_eq!(web["changes"], serde_json::json!([]), "{out}");
    assert_eq!(web["unknown"][0]["resource"], "File[/etc/motd]");
    assert_eq!(web["unknown"][0]["side"], "to");
    assert!(stderr(&o).is_empty() || !stderr(&o).contains("TOP SECRET"));
}

/// The example of the report's documentation is a report this plint reads.
#[test]
fn documented_example_is_a_report() {
    let doc = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/diff-report.md"))
        .unwrap();
    let start = doc.find("```json\n").unwrap() + "```json\n".len();
    let end = start + doc[start..].find("```").unwrap();
    let report: plint::diff::DiffReport = serde_json::from_str(&doc[start..end]).unwrap();
    assert_eq!(report.version, plint::diff::SCHEMA_VERSION);
    assert_eq!(report.nodes[0].changes.len(), 1);
}

/// A `Puppetfile` change to a module installed outside git: both revisions compile the working
/// tree's installed copy (linked into the revision read from git), and a note says what the diff
/// cannot show.
#[test]
fn puppetfile_changes_to_installed_modules_are_noted() {
    let tmp = fixture();
    let repo = tmp.path().join("repo");
    // The installed module (not in git), used by the code at both revisions.
    write(&repo, ".gitignore", "/modules/\n");
    write(
        &repo,
        "modules/ntp/manifests/init.pp",
        "class ntp {\n  notify { 'ntp': }\n}\n",
    );
    write(
        &repo,
        "site/profile/manifests/base.pp",
        &BASE_2.replace(
            "class profile::base {\n",
            "class profile::base {\n  include ntp\n",
        ),
    );
    write(
        &repo,
        "Puppetfile",
        "mod 'puppetlabs/ntp', '9.0.0'\nmod 'puppetlabs/stdlib', '9.0.0'\n",
    );
    git(&repo, &["add", "-A"]);
    git(&repo, &["commit", "-q", "-m", "a Puppetfile"]);
    write(
        &repo,
        "Puppetfile",
        "mod 'puppetlabs/ntp', '10.0.0'\nmod 'puppetlabs/stdlib', '9.0.0'\n",
    );
    git(&repo, &["commit", "-q", "-a", "-m", "ntp 10"]);
    let o = diff(
        tmp.path(),
        &[
            "--from",
            "HEAD~1",
            "--to",
            "HEAD",
            "--format",
            "json",
            "--node-pattern",
            "web1",
        ],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let r = json(&o);
    let notes: Vec<&str> = r["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert_eq!(notes.len(), 3, "{notes:?}");
    assert!(
        notes[0].starts_with(
            "`modules/` is not in HEAD~1: the working tree's installed modules are used"
        ),
        "{notes:?}"
    );
    assert!(
        notes[2].starts_with(
            "the Puppetfile changes module `ntp`, whose code is outside the repository"
        ),
        "{notes:?}"
    );
    // The installed module is compiled at both revisions: no change.
    let web = node(&r, "web1.example.com");
    assert_eq!(web["status"], "compiles", "{web}");
    assert_eq!(briefs(web), Vec::<String>::new());
    // Shown by the human format too.
    let o = diff(
        tmp.path(),
        &["--from", "HEAD~1", "--to", "HEAD", "--node-pattern", "web1"],
    );
    assert!(
        stdout(&o).contains("note: the Puppetfile changes module `ntp`"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn named_nodes() {
    let tmp = fixture();
    let names = |o: &std::process::Output| -> Vec<String> {
        json(o)["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n["node"].as_str().unwrap().to_string())
            .collect()
    };
    let range = ["--from", "main", "--to", "feature", "--format", "json"];
    let with = |extra: &[&str]| {
        let mut all = range.to_vec();
        all.extend_from_slice(extra);
        diff(tmp.path(), &all)
    };
    // Only the nodes named, in the report's order, whatever the order given.
    let o = with(&["--node", "web2.example.com", "--node", "db1.example.com"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(names(&o), ["db1.example.com", "web2.example.com"]);
    // With --node-pattern, a node must be named and match.
    let o = with(&[
        "--node",
        "web2.example.com",
        "--node",
        "db1.example.com",
        "--node-pattern",
        "^web",
    ]);
    assert_eq!(names(&o), ["web2.example.com"]);
    // A name that is no node's: status 2, with the closest node's name.
    let o = with(&["--node", "web1.example.com", "--node", "web3.exmaple.com"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains(
            "--node `web3.exmaple.com`: no node of --facts is named so (did you mean \
             `web3.example.com`?)"
        ),
        "{}",
        stderr(&o)
    );
}

#[test]
fn parsing_a_file_once_for_both_revisions_gives_the_same_report() {
    let tmp = fixture();
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    first_revision(&a);
    first_revision(&b);
    second_revision(&b);
    let dirs = ["--from-dir", "../a", "--to-dir", "../b"];
    let commits = ["--from", "main", "--to", "feature"];
    for revisions in [&dirs, &commits] {
        let mut args = revisions.to_vec();
        args.extend(["--format", "json"]);
        let shared = json(&diff(tmp.path(), &args));
        args.push("--parse-each-revision");
        let separate = json(&diff(tmp.path(), &args));
        assert_eq!(shared["nodes"], separate["nodes"], "{revisions:?}");
        // The changed files are read at the second revision: the changes are there.
        assert!(
            briefs(node(&shared, "web1.example.com"))
                .contains(&"parameter-changed File[/etc/motd] content".into()),
            "{revisions:?}: {}",
            shared["nodes"]
        );
        assert_eq!(node(&shared, "fragile1.example.com")["status"], "now-fails");
        assert_eq!(
            node(&shared, "broken1.example.com")["status"],
            "now-compiles"
        );
    }
}
