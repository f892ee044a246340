use super::*;
use std::os::unix::fs::symlink;

/// A repository with a manifest, and a secret beside it (outside the repository).
fn tree() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("repo");
    fs::create_dir_all(repo.join(".git")).unwrap();
    fs::create_dir_all(repo.join("manifests")).unwrap();
    fs::write(repo.join("manifests/init.pp"), "class repo {}\n").unwrap();
    let secret = tmp.path().join("secret.txt");
    fs::write(&secret, "TOP-SECRET\n").unwrap();
    (tmp, repo, secret)
}

#[test]
fn reads_inside_and_refuses_links_out() {
    let (_tmp, repo, secret) = tree();
    symlink(&secret, repo.join("manifests/leak.pp")).unwrap();
    symlink("/proc/self/environ", repo.join(".puppet-lint.rc")).unwrap();
    let sb = Sandbox::new(&repo, &[PathBuf::from(".")]);
    assert_eq!(
        sb.read(&repo.join("manifests/init.pp")).unwrap(),
        b"class repo {}\n"
    );
    assert!(matches!(
        sb.read(&repo.join("manifests/leak.pp")),
        Err(Error::Outside)
    ));
    assert!(
        sb.read(&repo.join(".puppet-lint.rc"))
            .unwrap_err()
            .is_refusal()
    );
    // A path leading out by `..` or an absolute path.
    assert!(matches!(
        sb.read(&repo.join("manifests/../../secret.txt")),
        Err(Error::Outside)
    ));
    assert!(matches!(sb.read(&secret), Err(Error::Outside)));
    // The git work tree is the root, whichever folder of it is checked.
    let sb = Sandbox::new(&repo, &[PathBuf::from("manifests")]);
    assert!(sb.read(&repo.join("manifests/init.pp")).is_ok());
}

#[test]
fn links_inside_the_repository_are_followed() {
    let (_tmp, repo, _) = tree();
    symlink("init.pp", repo.join("manifests/other.pp")).unwrap();
    let sb = Sandbox::new(&repo, std::slice::from_ref(&repo));
    assert!(sb.read(&repo.join("manifests/other.pp")).is_ok());
}

#[test]
fn trusted_roots_follow_links_and_untrusted_config_does_not_widen() {
    let (tmp, repo, secret) = tree();
    let outside = tmp.path().join("modules");
    fs::create_dir_all(&outside).unwrap();
    symlink(&secret, outside.join("x.pp")).unwrap();
    let mut sb = Sandbox::new(&repo, std::slice::from_ref(&repo));
    // A module path configured inside the repository does not trust what lies outside.
    sb.add_configured(&repo.join("plint.toml"), &outside);
    assert!(matches!(
        sb.read(&outside.join("x.pp")),
        Err(Error::Outside)
    ));
    // Named on the command line, it is the user's own: links in it are followed.
    sb.add_trusted(&outside);
    assert!(sb.read(&outside.join("x.pp")).is_ok());
}

#[test]
fn special_and_large_files_are_refused() {
    let (_tmp, repo, _) = tree();
    let fifo = repo.join("manifests/fifo.pp");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let mut sb = Sandbox::new(&repo, std::slice::from_ref(&repo));
    if made.is_ok_and(|s| s.success()) {
        assert!(matches!(sb.read(&fifo), Err(Error::NotRegular)));
    }
    symlink("/dev/zero", repo.join("manifests/zero.pp")).unwrap();
    assert!(
        sb.read(&repo.join("manifests/zero.pp"))
            .unwrap_err()
            .is_refusal()
    );
    sb.set_limits(Limits {
        max_file_size: 4,
        ..Limits::default()
    });
    assert!(matches!(
        sb.read(&repo.join("manifests/init.pp")),
        Err(Error::TooLarge { limit: 4 })
    ));
}

#[test]
fn walks_end_on_loops_and_depth_and_stay_inside() {
    let (_tmp, repo, secret) = tree();
    let lib = repo.join("lib/facter");
    fs::create_dir_all(&lib).unwrap();
    fs::write(lib.join("a.rb"), "").unwrap();
    symlink(".", lib.join("again")).unwrap();
    symlink("..", lib.join("up")).unwrap();
    symlink("/", lib.join("rootfs")).unwrap();
    symlink(&secret, lib.join("secret.rb")).unwrap();
    let sb = Sandbox::new(&repo, std::slice::from_ref(&repo));
    let found = sb.files_under(&lib, true, &|p| p.extension().is_some_and(|e| e == "rb"));
    assert_eq!(found, vec![lib.join("a.rb")]);
    let mut sb = sb;
    sb.set_limits(Limits {
        max_depth: 2,
        ..Limits::default()
    });
    let deep = repo.join("a/b/c/d");
    fs::create_dir_all(&deep).unwrap();
    fs::write(deep.join("x.rb"), "").unwrap();
    fs::write(repo.join("a/b/y.rb"), "").unwrap();
    let found = sb.files_under(&repo.join("a"), true, &|_| true);
    assert_eq!(found, vec![repo.join("a/b/y.rb")]);
}

#[test]
fn sizes_parse() {
    assert_eq!(parse_size("100"), Ok(100));
    assert_eq!(parse_size("64M"), Ok(64 << 20));
    assert_eq!(parse_size("2g"), Ok(2 << 30));
    assert!(parse_size("0").is_err());
    assert!(parse_size("x").is_err());
    assert!(parse_size("99999999999G").is_err());
}

fn owned((p, climbs): (Cow<'_, Path>, bool)) -> (PathBuf, bool) {
    (p.into_owned(), climbs)
}

#[test]
fn normalize_applies_dots() {
    let cwd = Path::new("/a/b");
    assert_eq!(
        owned(normalize(cwd, Path::new("c/./d"))),
        (PathBuf::from("/a/b/c/d"), false)
    );
    assert_eq!(
        owned(normalize(cwd, Path::new("../c"))),
        (PathBuf::from("/a/c"), true)
    );
    assert_eq!(
        owned(normalize(cwd, Path::new("/x/../y"))),
        (PathBuf::from("/y"), true)
    );
    assert_eq!(
        owned(normalize(cwd, Path::new("/x/y/.."))),
        (PathBuf::from("/x"), true)
    );
    // An absolute path without `..` is kept as it is written (`.` included: a path is compared
    // by its components).
    for plain in ["/x/./y", "/x//y", "/x/..y/", "/x/y..", "/."] {
        let (path, climbs) = normalize(cwd, Path::new(plain));
        assert!(matches!(path, Cow::Borrowed(_)) && !climbs, "{plain}");
        assert_eq!(path, Path::new(plain));
    }
}

#[test]
fn a_module_without_git_is_its_own_repository() {
    let tmp = tempfile::tempdir().unwrap();
    let module = tmp.path().join("build");
    fs::create_dir_all(module.join("manifests")).unwrap();
    fs::create_dir_all(module.join("lib/facter")).unwrap();
    fs::write(module.join("metadata.json"), "{}").unwrap();
    fs::write(module.join("manifests/init.pp"), "").unwrap();
    fs::write(module.join("lib/facter/a.rb"), "").unwrap();
    // A file given alone: its module is the repository.
    let sb = Sandbox::new(tmp.path(), &[module.join("manifests/init.pp")]);
    assert!(sb.read(&module.join("metadata.json")).is_ok());
    assert!(sb.read(&module.join("lib/facter/a.rb")).is_ok());
    // Not above it.
    fs::write(tmp.path().join("other.txt"), "").unwrap();
    assert!(sb.read(&tmp.path().join("other.txt")).is_err());
}

#[test]
fn locate_tells_nothing_of_what_lies_outside() {
    let (_tmp, repo, secret) = tree();
    symlink(&secret, repo.join("manifests/leak.pp")).unwrap();
    symlink(repo.join("nowhere"), repo.join("manifests/dangling.pp")).unwrap();
    let sb = Sandbox::new(&repo, &[PathBuf::from(".")]);
    assert_eq!(sb.locate(&repo.join("manifests/init.pp")), Located::File);
    assert_eq!(sb.locate(&repo.join("manifests")), Located::Folder);
    assert_eq!(sb.locate(&repo.join("manifests/no.pp")), Located::Missing);
    // Outside: existing or not, the same answer.
    assert_eq!(sb.locate(&secret), Located::Refused);
    assert_eq!(
        sb.locate(&secret.with_extension("absent")),
        Located::Refused
    );
    assert_eq!(sb.locate(&repo.join("manifests/leak.pp")), Located::Refused);
    assert_eq!(
        sb.locate(&repo.join("manifests/dangling.pp")),
        Located::Refused
    );
    // Reading outside fails the same way whether the file exists or not.
    assert!(matches!(
        sb.read(&secret.with_extension("absent")),
        Err(Error::Outside)
    ));
}

#[test]
fn under_is_starts_with_for_normalized_roots() {
    let root = Path::new("/usr/share/puppet");
    for (path, expected) in [
        ("/usr/share/puppet", true),
        ("/usr/share/puppet/modules/x.pp", true),
        ("/usr/share/puppetx/a", false),
        ("/usr/share/pup", false),
        ("/usr//share/puppet/a", true),
        ("/usr/share/./puppet/a", true),
        ("/usr/share/puppet/", true),
        ("/etc/passwd", false),
    ] {
        assert_eq!(
            under(&Probe::new(Path::new(path)), root),
            expected,
            "{path}"
        );
        assert_eq!(Path::new(path).starts_with(root), expected, "{path}");
    }
    assert!(under(&Probe::new(Path::new("/a")), Path::new("/")));
}

#[test]
fn roots_hold_what_one_of_them_holds() {
    let root = |p: &str| Root {
        lexical: PathBuf::from(p),
        canonical: PathBuf::from(format!("/real{p}")),
    };
    let mut roots = Roots::default();
    for p in ["/m/a", "/m/b", "/m/a/inner", "/m/b-c", "/n"] {
        roots.add(root(p));
    }
    // `/m/a/inner` is held by `/m/a`; `/n` replaces nothing.
    assert_eq!(roots.list.len(), 4);
    roots.add(root("/m"));
    assert_eq!(roots.list.len(), 2, "`/m` replaces the roots under it");
    let mut roots = Roots::default();
    for p in ["/m/a", "/m/b-c", "/n"] {
        roots.add(root(p));
    }
    for path in [
        "/m/a",
        "/m/a/",
        "/m/a/x.pp",
        "/m/ab",
        "/m/b",
        "/m/b-c/.fixtures.yml",
        "/real/m/a/x",
        "/real/m",
        "/m//a/x",
        "/m/./a/x",
        "/m/a/.",
        "/n/.",
        "/",
        "/other",
    ] {
        let probe = Probe::new(Path::new(path));
        let linear = roots.list.iter().any(|r| r.holds(&probe));
        assert_eq!(roots.holds(&probe), linear, "{path}");
    }
    let mut everything = Roots::default();
    everything.add(root("/"));
    assert!(everything.holds(&Probe::new(Path::new("/etc/passwd"))));
}

#[test]
fn a_module_around_a_file_is_the_repository_outside_the_system_folders() {
    let tmp = tempfile::tempdir().unwrap();
    let module = tmp.path().join("mod");
    let mut sb = Sandbox::new(tmp.path(), &[]);
    sb.add_around_checked(&module);
    assert!(sb.in_repository(&module.join("manifests/init.pp")));
    // A system module folder stays trusted, as when it is what is checked.
    let system = Path::new(SYSTEM_MODULE_PATHS[0]).join("apache");
    sb.add_around_checked(&system);
    assert!(!sb.in_repository(&system.join("manifests/init.pp")));
    let checked = Sandbox::new(tmp.path(), std::slice::from_ref(&system));
    assert!(!checked.in_repository(&system.join("manifests/init.pp")));
}
