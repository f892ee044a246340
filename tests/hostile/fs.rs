//! The confined file system: links out of the repository, special files, loops, and files a
//! manifest names, in check mode and in `--evaluate`.

use crate::harness::{Tree, run60};

const FORMATS: &[&str] = &["human", "json", "sarif", "github"];

/// A tree with one clean manifest and one with a finding, so that the other files' findings
/// can be seen to survive.
fn tree() -> Tree {
    let t = Tree::new();
    t.write(
        "manifests/init.pp",
        "class repo {\n  file { '/tmp/a': ensure => file }\n}\n",
    );
    t.write(
        "manifests/bad.pp",
        "class repo::bad {\n  $x = \"plain\"\n}\n",
    );
    t
}

#[test]
fn manifest_linked_out_of_the_repository_is_refused_in_every_format() {
    let t = tree();
    t.link("manifests/leak.pp", t.secret());
    t.link("manifests/environ.pp", "/proc/self/environ");
    for format in FORMATS {
        let r = run60(&t.repo(), &["--format", format, "."]);
        r.assert_contained();
        // The other file's finding is still there.
        assert!(r.stdout.contains("bad.pp"), "{format}: {}", r.all());
    }
    let r = run60(&t.repo(), &["."]);
    assert!(r.stdout.contains("P007"), "{}", r.all());
    assert!(r.stdout.contains("leak.pp"), "{}", r.all());
}

#[test]
fn explicit_file_linked_out_is_refused() {
    let t = tree();
    t.link("manifests/leak.pp", t.secret());
    let r = run60(&t.repo(), &["manifests/leak.pp", "manifests/bad.pp"]);
    r.assert_contained();
    assert!(r.stdout.contains("P007"), "{}", r.all());
}

#[test]
fn config_files_linked_out_are_not_echoed() {
    let t = tree();
    t.link(".puppet-lint.rc", "/proc/self/environ");
    let r = run60(&t.repo(), &["."]);
    r.assert_contained();
    let t = tree();
    t.link(".puppet-lint.rc", t.secret());
    let r = run60(&t.repo(), &["."]);
    r.assert_contained();
    let t = tree();
    t.link("plint.toml", t.secret());
    let r = run60(&t.repo(), &["."]);
    r.assert_contained();
}

#[test]
fn loops_and_root_links_in_module_folders_end() {
    let t = tree();
    t.write("metadata.json", r#"{"name": "me-repo"}"#);
    t.link("manifests/again", ".");
    t.link("manifests/up", "..");
    t.link("lib/puppet/functions/loop", "..");
    t.link("lib/puppet/functions/rootfs", "/");
    t.link("lib/facter/loop", "../..");
    t.link("lib/facter/rootfs", "/");
    t.link("types/rootfs", "/");
    t.write(
        "lib/facter/real.rb",
        "Facter.add(:real_fact) { setcode { 1 } }\n",
    );
    let r = run60(&t.repo(), &["."]);
    r.assert_contained();
    assert!(r.stdout.contains("bad.pp"), "{}", r.all());
    // The same tree given from outside, file by file.
    let r = run60(
        t.tmp.path(),
        &["repo/manifests/init.pp", "repo/manifests/bad.pp"],
    );
    r.assert_contained();
}

#[test]
fn endless_files_are_not_read() {
    let t = tree();
    t.write("metadata.json", r#"{"name": "me-repo"}"#);
    t.link("lib/facter/zero.rb", "/dev/zero");
    t.link("lib/puppet/functions/zero.rb", "/dev/zero");
    t.link("manifests/zero.pp", "/dev/zero");
    t.link("hiera.yaml", "/dev/zero");
    let r = run60(&t.repo(), &["."]);
    r.assert_contained();
    assert!(r.stdout.contains("bad.pp"), "{}", r.all());
    let fifo = t.repo().join("manifests/fifo.pp");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let r = run60(&t.repo(), &["."]);
        r.assert_contained();
        assert!(r.stdout.contains("fifo.pp"), "{}", r.all());
    }
}

#[test]
fn oversized_files_are_refused_with_the_limit_named() {
    let t = tree();
    t.write("manifests/big.pp", &"# padding\n".repeat(2000));
    let r = run60(&t.repo(), &["--max-file-size", "1K", "."]);
    r.assert_contained();
    assert!(r.stdout.contains("P007"), "{}", r.all());
    assert!(r.stdout.contains("1 KiB"), "{}", r.all());
    let r = run60(&t.repo(), &["--max-file-size", "1M", "."]);
    assert!(!r.stdout.contains("P007"), "{}", r.all());
}

/// `plint --evaluate` of `site.pp` in the repository, with minimal facts.
fn evaluate(t: &Tree, extra: &[&str]) -> crate::harness::Run {
    t.write(
        "facts.yaml",
        "fqdn: node.example.com\nos:\n  family: Debian\n",
    );
    let mut args = vec!["--evaluate", "--facts", "facts.yaml"];
    args.extend_from_slice(extra);
    args.push("manifests/site.pp");
    run60(&t.repo(), &args)
}

#[test]
fn files_named_by_a_manifest_outside_the_repository_are_refused() {
    let t = Tree::new();
    let s = t.secret().display().to_string();
    t.write("modules/m/files/ok.txt", "fine\n");
    t.write("modules/m/templates/ok.epp", "fine\n");
    t.link("modules/m/files/leak.txt", t.secret());
    t.write(
        "manifests/site.pp",
        &format!(
            "node default {{\n\
             file {{ '/a': content => file('{s}') }}\n\
             file {{ '/b': content => file('m/../../../../secret.txt') }}\n\
             file {{ '/c': content => epp('{s}') }}\n\
             file {{ '/d': content => file('/proc/self/environ') }}\n\
             file {{ '/e': content => String(binary_file('{s}')) }}\n\
             file {{ '/f': content => file('m/leak.txt') }}\n\
             file {{ '/g': content => file('m/ok.txt') }}\n\
             if file('{s}') =~ /SECRET/ {{ fail(file('{s}')) }}\n\
             notify {{ 'still here': }}\n\
             }}\n"
        ),
    );
    let out = t.repo().join("catalog.json");
    let out_s = out.display().to_string();
    for format in FORMATS {
        let r = evaluate(
            &t,
            &[
                "--modulepath",
                "modules",
                "--catalog-out",
                &out_s,
                "--format",
                format,
            ],
        );
        r.assert_contained();
        let catalog = std::fs::read_to_string(&out).unwrap_or_default();
        assert!(!catalog.contains(crate::harness::SECRET_FILE));
        assert!(!catalog.contains(crate::harness::SECRET_ENV));
        assert!(catalog.contains("still here"), "{format}: {}", r.all());
        assert!(catalog.contains("fine"), "{format}: {}", r.all());
    }
    let r = evaluate(&t, &["--modulepath", "modules"]);
    assert!(r.stdout.contains("P216"), "{}", r.all());
}

/// What `--evaluate` prints and writes for `manifest` (with `PATH` replaced by `path`), with
/// `path` written back as `PATH`: two runs that differ only in the path compare equal when
/// nothing tells them apart.
fn probe(t: &Tree, manifest: &str, path: &str) -> String {
    t.write("manifests/site.pp", &manifest.replace("PATH", path));
    let out = t.repo().join("catalog.json");
    let _ = std::fs::remove_file(&out);
    let r = evaluate(
        t,
        &[
            "--modulepath",
            "modules",
            "--format",
            "json",
            "--catalog-out",
            &out.display().to_string(),
        ],
    );
    let catalog = std::fs::read_to_string(&out).unwrap_or_default();
    // Spans end after the path, whose length differs.
    let stdout: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| !l.contains("\"end_column\""))
        .collect();
    format!("{}\n{}\n{catalog}", r.status, stdout.join("\n")).replace(path, "PATH")
}

#[test]
fn whether_a_file_outside_the_repository_exists_is_not_told() {
    let t = Tree::new();
    t.write("modules/m/files/ok.txt", "fine\n");
    t.write(
        "hiera.yaml",
        "version: 5\nhierarchy:\n  - name: abs\n    path: PATH\n",
    );
    let there = t.secret().display().to_string();
    let absent = format!("{there}.absent");
    for manifest in [
        "node default { notify { \"f=${find_file('PATH')}\": } }\n",
        "node default { notify { \"t=${find_template('PATH')}\": } }\n",
        "node default { notify { 'x': message => file('PATH', 'm/ok.txt') } }\n",
        "node default { notify { 'x': message => epp('PATH') } }\n",
        "node default { notify { 'x': message => String(binary_file('PATH')) } }\n",
        "node default { notify { 'x': message => template('PATH') } }\n",
    ] {
        let a = probe(&t, manifest, &there);
        let b = probe(&t, manifest, &absent);
        assert_eq!(a, b, "{manifest}");
        assert!(!a.contains(crate::harness::SECRET_FILE), "{a}");
    }
    // A Hiera level naming the file.
    let manifest = "node default { notify { \"v=${lookup('k', undef, undef, 'none')}\": } }\n";
    t.write(
        "hiera.yaml",
        &format!("version: 5\nhierarchy:\n  - name: abs\n    path: {there}\n"),
    );
    let a = probe(&t, manifest, &there);
    t.write(
        "hiera.yaml",
        &format!("version: 5\nhierarchy:\n  - name: abs\n    path: {absent}\n"),
    );
    let b = probe(&t, manifest, &absent);
    assert_eq!(a, b);
}

#[test]
fn hiera_data_outside_the_repository_is_refused() {
    let t = Tree::new();
    let outside = t.tmp.path().join("data");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(
        outside.join("common.yaml"),
        format!("secret: {}\n", crate::harness::SECRET_FILE),
    )
    .unwrap();
    t.write(
        "hiera.yaml",
        &format!(
            "version: 5\nhierarchy:\n  - name: abs\n    datadir: {}\n    path: common.yaml\n  \
             - name: up\n    datadir: ../data\n    path: common.yaml\n  \
             - name: globbed\n    glob: \"**/*.yaml\"\n",
            outside.display()
        ),
    );
    t.link("data/loop", ".");
    t.link("data/rootfs", "/");
    t.link("data/leak.yaml", outside.join("common.yaml"));
    t.write(
        "manifests/site.pp",
        "node default {\n  $s = lookup('secret', undef, undef, 'none')\n  \
         notify { \"v=${s}\": }\n  fail(\"${s}\")\n}\n",
    );
    for format in FORMATS {
        let r = evaluate(&t, &["--format", format]);
        r.assert_contained();
    }
}

#[test]
fn a_facts_directory_with_hostile_entries_still_compiles_the_others() {
    let t = Tree::new();
    t.write(
        "manifests/site.pp",
        "node default { notify { $facts['fqdn']: } }\n",
    );
    t.write("facts/a.yaml", "fqdn: a.example.com\n");
    t.write("facts/c.yaml", "fqdn: c.example.com\n");
    t.link("facts/b.yaml", t.secret());
    t.link("facts/z.yaml", "/dev/zero");
    t.link("facts/loop.yaml", "loop.yaml");
    let out = t.repo().join("out");
    std::fs::create_dir_all(&out).unwrap();
    let r = run60(
        &t.repo(),
        &[
            "--evaluate",
            "--facts",
            "facts",
            "--catalog-out",
            "out",
            "manifests/site.pp",
        ],
    );
    r.assert_contained();
    assert!(out.join("a.example.com.json").exists(), "{}", r.all());
    assert!(out.join("c.example.com.json").exists(), "{}", r.all());
}

/// A control repository's own files may name folders out of it (a Puppetfile's `moduledir`, a
/// `.fixtures.yml` symlink, a `.gitignore` linked out): nothing outside is listed, read or
/// told apart (a missing folder outside is no stale fixture).
#[test]
fn control_repository_files_naming_folders_out_are_contained() {
    let t = tree();
    let outside = t.tmp.path().join("outside_modules");
    std::fs::create_dir_all(outside.join("stdlib/manifests")).unwrap();
    std::fs::write(
        outside.join("stdlib/manifests/init.pp"),
        "class stdlib { $x = 1 $x = 2 }\n",
    )
    .unwrap();
    t.write(
        "Puppetfile.vendor",
        &format!(
            "moduledir '{}'\nmod 'puppetlabs-stdlib'\n",
            outside.display()
        ),
    );
    t.write(
        "Puppetfile",
        "moduledir '../outside_modules'\nmod 'puppetlabs-stdlib'\n",
    );
    t.link(".gitignore", t.secret());
    t.write(
        "site/web/.fixtures.yml",
        "fixtures:\n  symlinks:\n    gone: '/nowhere/gone'\n    up: '#{source_dir}/../../../missing'\n",
    );
    t.write("site/web/manifests/init.pp", "class web {}\n");
    let r = run60(&t.repo(), &["--format", "json", "."]);
    r.assert_contained();
    assert!(!r.stdout.contains("P009"), "{}", r.all());
    assert!(!r.all().contains("outside_modules"), "{}", r.all());
    // The outside module is not read: its defect is nowhere.
    assert!(!r.stdout.contains("stdlib/manifests"), "{}", r.all());
    // Nor is it present: the Puppetfile's stdlib is absent.
    assert!(r.stdout.contains("P008"), "{}", r.all());
}
