//! Two runs in one process are independent (issue 18): each [`Session`] holds its own settings,
//! sandbox, index and caches, so two workspaces checked side by side, in any order or at the
//! same time, give exactly what each gives alone.

use std::fs;
use std::path::{Path, PathBuf};

use plint::config::{CliOptions, Settings};
use plint::lint::{FixMode, Session};
use plint::sandbox::Sandbox;

fn write(path: &Path, text: &str) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

/// A workspace with a module `app` whose class, type alias and function have the same names in
/// both workspaces but other types, so that a finding in one is right in the other.
fn workspace(root: &Path, port: &str, config: &str) {
    write(
        &root.join("app/metadata.json"),
        r#"{"name": "acme-app", "version": "1.0.0", "author": "acme", "license": "Apache-2.0", "source": "https://example.com", "summary": "An app.", "dependencies": []}"#,
    );
    write(
        &root.join("app/types/port.pp"),
        &format!("type App::Port = {port}\n"),
    );
    write(
        &root.join("app/manifests/init.pp"),
        "# @summary The application.\n# @param port Where it listens.\nclass app (\n  App::Port $port,\n) {\n  notify { \"port ${port}\": }\n}\n",
    );
    write(
        &root.join("app/manifests/site.pp"),
        "# @summary A site.\nclass app::site {\n  class { 'app':\n    port => 'eighty',\n  }\n  $x = 1\n  if $x == 1 { notice(\"one\") }\n}\n",
    );
    write(&root.join("plint.toml"), config);
}

fn session(root: &Path) -> Session {
    let mut sandbox = Sandbox::new(root, &[root.to_path_buf()]);
    let settings = Settings::load(&CliOptions::default(), root, &mut sandbox).unwrap();
    Session::new(root.to_path_buf(), settings, sandbox, 2).unwrap()
}

/// The findings of a check of the whole workspace, one line each.
fn check(root: &Path) -> Vec<String> {
    let mut session = session(root);
    let checked = session.check(&[root.to_path_buf()], FixMode::Off).unwrap();
    checked
        .outcomes
        .iter()
        .filter_map(|o| o.report.as_ref())
        .flat_map(|r| {
            r.diagnostics()
                .iter()
                .map(|d| format!("{} {:?} {} {}", r.path(), d.span, d.code, d.message))
                .collect::<Vec<_>>()
        })
        .collect()
}

fn codes(findings: &[String]) -> Vec<&str> {
    findings
        .iter()
        .map(|f| f.split(' ').nth(2).unwrap())
        .collect()
}

#[test]
fn two_sessions_in_one_process_are_independent() {
    let tmp = tempfile::tempdir().unwrap();
    let a: PathBuf = tmp.path().join("a");
    let b: PathBuf = tmp.path().join("b");
    // In `a`, a port is a number: `'eighty'` is a type error. In `b` it is a string, and the
    // configuration turns a style rule off.
    workspace(&a, "Integer[1, 65535]", "");
    workspace(
        &b,
        "String[1]",
        "[rules]\nneedless-double-quotes = \"allow\"\n",
    );

    let alone_a = check(&a);
    let alone_b = check(&b);
    assert!(
        codes(&alone_a).iter().any(|c| c.starts_with("P1")),
        "a type error in `a`: {alone_a:#?}"
    );
    assert!(
        !codes(&alone_b).iter().any(|c| c.starts_with("P1")),
        "no type error in `b`: {alone_b:#?}"
    );
    // Each session's configuration applies to its workspace only.
    assert!(codes(&alone_a).contains(&"P432"), "{alone_a:#?}");
    assert!(!codes(&alone_b).contains(&"P432"), "{alone_b:#?}");

    // In the other order, then at the same time: the same findings.
    assert_eq!(check(&b), alone_b);
    assert_eq!(check(&a), alone_a);
    let (side_a, side_b) = std::thread::scope(|s| {
        let ta = s.spawn(|| check(&a));
        let tb = s.spawn(|| check(&b));
        (ta.join().unwrap(), tb.join().unwrap())
    });
    assert_eq!(side_a, alone_a);
    assert_eq!(side_b, alone_b);

    // One session holding its workspace checks it again after the other's run, unchanged.
    let mut held = session(&a);
    let first = held.check(std::slice::from_ref(&a), FixMode::Off).unwrap();
    let _ = check(&b);
    let again = held.check(std::slice::from_ref(&a), FixMode::Off).unwrap();
    let lines = |c: &plint::lint::Checked| -> Vec<String> {
        c.outcomes
            .iter()
            .filter_map(|o| o.report.as_ref())
            .flat_map(|r| {
                r.diagnostics()
                    .iter()
                    .map(|d| format!("{} {}", r.path(), d.code))
            })
            .collect()
    };
    assert_eq!(lines(&first), lines(&again));
}

/// A workspace whose module `app` reads the top-scope variable `$::site_role`, defined by a
/// custom fact of the module when `with_fact`.
fn fact_workspace(root: &Path, with_fact: bool) {
    write(
        &root.join("app/metadata.json"),
        r#"{"name": "acme-app", "version": "1.0.0", "author": "acme", "license": "Apache-2.0", "source": "https://example.com", "summary": "An app.", "dependencies": []}"#,
    );
    write(
        &root.join("app/manifests/init.pp"),
        "# @summary The application.\nclass app {\n  notify { $::site_role: }\n}\n",
    );
    let fact = root.join("app/lib/facter/site_role.rb");
    if with_fact {
        write(
            &fact,
            "Facter.add(:site_role) do\n  setcode { 'web' }\nend\n",
        );
    } else if fact.exists() {
        fs::remove_file(&fact).unwrap();
    }
}

/// Whether `$::site_role` is reported as not defined (no custom fact defines it).
fn site_role_undefined(findings: &[String]) -> bool {
    findings
        .iter()
        .any(|f| f.contains("`$::site_role` is not defined"))
}

#[test]
fn custom_facts_belong_to_their_run() {
    let tmp = tempfile::tempdir().unwrap();
    let with: PathBuf = tmp.path().join("with");
    let without: PathBuf = tmp.path().join("without");
    fact_workspace(&with, true);
    fact_workspace(&without, false);

    // Each workspace's modules define their own facts, in either order.
    let alone_with = check(&with);
    let alone_without = check(&without);
    assert!(!site_role_undefined(&alone_with), "{alone_with:#?}");
    assert!(site_role_undefined(&alone_without), "{alone_without:#?}");
    assert_eq!(check(&without), alone_without);
    assert_eq!(check(&with), alone_with);

    // A run reads the facts of its own time: the same folder, its fact removed, then back.
    fact_workspace(&with, false);
    let removed = check(&with);
    assert!(site_role_undefined(&removed), "{removed:#?}");
    fact_workspace(&with, true);
    assert_eq!(check(&with), alone_with);
}

/// A progress watcher that counts what it is told.
#[derive(Default)]
struct Counting {
    files: std::sync::atomic::AtomicUsize,
    units: std::sync::atomic::AtomicUsize,
    done: std::sync::atomic::AtomicUsize,
}

impl plint::lint::Progress for Counting {
    fn start(&self, files: usize, units: usize) {
        use std::sync::atomic::Ordering::SeqCst;
        self.files.store(files, SeqCst);
        self.units.store(units, SeqCst);
    }
    fn advance(&self) {
        self.done.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }
}

/// The progress counts the files the summary counts (templates and `metadata.json` too), and
/// ends at its total, in one pass or two.
#[test]
fn progress_counts_every_file_checked() {
    use std::sync::atomic::Ordering::SeqCst;
    for config in [
        "",
        "[rules]\nP1 = \"allow\"\nP2 = \"allow\"\nP5 = \"allow\"\n",
    ] {
        let dir = tempfile::tempdir().unwrap();
        workspace(dir.path(), "Integer", config);
        write(&dir.path().join("app/templates/a.erb"), "<%= @port %>\n");
        write(&dir.path().join("app/templates/b.epp"), "<%= $port %>\n");
        let counting = std::sync::Arc::new(Counting::default());
        let mut session = session(dir.path()).with_progress(counting.clone());
        let checked = session
            .check(&[dir.path().to_path_buf()], FixMode::Off)
            .unwrap();
        // 3 manifests, 2 templates, metadata.json.
        assert_eq!(checked.files.len(), 6, "{:?}", checked.files);
        assert_eq!(counting.files.load(SeqCst), checked.files.len(), "{config}");
        assert_eq!(
            counting.done.load(SeqCst),
            counting.units.load(SeqCst),
            "{config}"
        );
        assert!(counting.units.load(SeqCst) >= checked.files.len());
    }
}

/// The findings of `checked`, one line each.
fn lines(checked: &plint::lint::Checked) -> Vec<String> {
    checked
        .outcomes
        .iter()
        .filter_map(|o| o.report.as_ref())
        .flat_map(|r| {
            r.diagnostics()
                .iter()
                .map(|d| format!("{} {:?} {} {}", r.path(), d.span, d.code, d.message))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// A file checked in a workspace's index kept across checks (the language server's) gets
/// what a check of that file alone gets, in a module of the corpus and in a workspace whose
/// files changed since it was indexed.
#[test]
fn a_file_checked_in_a_kept_index_gets_what_a_check_of_it_gets() {
    let corpus = Path::new("/usr/share/puppet/modules/ntp");
    let mut indexing = session(corpus);
    let mut workspace = indexing.index_workspace(corpus).unwrap();
    let mut files: Vec<PathBuf> = fs::read_dir(corpus.join("manifests"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut found = 0;
    for file in &files {
        let alone = session(corpus)
            .check(std::slice::from_ref(file), FixMode::Off)
            .unwrap();
        let kept = session(corpus)
            .check_in(std::slice::from_ref(file), &mut workspace)
            .unwrap();
        assert_eq!(lines(&kept), lines(&alone), "{}", file.display());
        found += lines(&kept).len();
    }
    assert!(found > 0, "the module has findings");

    // The type alias changed on disk after the index was made: the check of the file that
    // defines it puts the new one in the index, and the class that uses it is checked with it.
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    workspace_files(&root);
    let mut workspace = session(&root).index_workspace(&root).unwrap();
    let site = root.join("app/manifests/site.pp");
    let before = session(&root)
        .check_in(std::slice::from_ref(&site), &mut workspace)
        .unwrap();
    assert_eq!(lines(&before), check_one(&root, &site));
    assert_eq!(
        codes(&lines(&before)),
        ["P110", "P432"],
        "'eighty' is no App::Port"
    );
    write(&root.join("app/types/port.pp"), "type App::Port = String\n");
    let alias = root.join("app/types/port.pp");
    session(&root).check_in(&[alias], &mut workspace).unwrap();
    assert!(workspace.names_changed());
    let after = session(&root)
        .check_in(std::slice::from_ref(&site), &mut workspace)
        .unwrap();
    assert_eq!(lines(&after), check_one(&root, &site));
    assert_eq!(codes(&lines(&after)), ["P432"]);
}

fn workspace_files(root: &Path) {
    workspace(root, "Integer", "");
}

fn check_one(root: &Path, file: &Path) -> Vec<String> {
    lines(
        &session(root)
            .check(&[file.to_path_buf()], FixMode::Off)
            .unwrap(),
    )
}
