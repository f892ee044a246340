//! The world plint knows: which modules each checked module (or control repository) declares
//! it needs, which of them are present, and what that means for a name nobody defines.
//!
//! A module declares its dependencies in `metadata.json` and its test fixtures in
//! `.fixtures.yml`; a control repository declares the modules it installs in its `Puppetfile`
//! (see [`crate::discover::deps`]). A declared module is *present* when the program's index
//! holds a module of that name (met by the walk or on the module path), else *absent*.
//!
//! The world of a file is *closed* when plint knows everything the file may call on: the
//! file's module (or its control repository) declares its needs and every declared module is
//! present, or the user gave a module path. Then a name nobody defines is an error, as Puppet
//! would fail. Otherwise it is *open*: an unqualified function, type or resource type may come
//! from an absent module, so a name nobody defines is not an error (a near miss of a known
//! name is still worth a warning), and one `info` note per absent module says what was not
//! checked.

use rayon::prelude::*;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::path::{Path, PathBuf};

use crate::discover::deps::{self, Declared};
use crate::discover::module::ModuleRoot;
use crate::sandbox::{GitIgnored, Sandbox};

/// A module declared as needed, and by which file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Declaration {
    /// The declaring file (`metadata.json`, `.fixtures.yml` or `Puppetfile`).
    pub file: PathBuf,
    pub module: Declared,
}

/// A `.fixtures.yml` symlink entry leading to a folder of the repository that does not
/// exist: a stale fixture, not a module installed elsewhere.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaleFixture {
    /// The `.fixtures.yml`.
    pub file: PathBuf,
    /// The entry's module (its span is the entry's key).
    pub module: Declared,
    /// Its source as written.
    pub link: String,
}

/// What one module or control repository declares it needs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Needs {
    /// Whether it has a file that declares its needs (even none).
    pub declares: bool,
    /// Every declared module, in order, each once.
    pub declared: Vec<Declaration>,
    /// The names of the declared modules that are not present.
    pub absent: Vec<String>,
}

impl Needs {
    fn declare(&mut self, file: &Path, modules: Vec<Declared>, own: &str) {
        self.declares = true;
        for m in modules {
            if m.name != own && !self.declared.iter().any(|d| d.module.name == m.name) {
                self.declared.push(Declaration {
                    file: file.to_path_buf(),
                    module: m,
                });
            }
        }
    }

    fn settle(&mut self, present: &HashSet<&str>) {
        self.absent = self
            .declared
            .iter()
            .filter(|d| !present.contains(d.module.name.as_str()))
            .map(|d| d.module.name.clone())
            .collect();
    }

    /// Whether everything declared is present (and something declares the needs).
    fn complete(&self) -> bool {
        self.declares && self.absent.is_empty()
    }

    /// Whether it declares at least one module. A `metadata.json` with an empty list of
    /// dependencies often only means no one wrote them down (a module calling stdlib's
    /// functions without declaring stdlib is common): it does not close the world.
    fn declares_some(&self) -> bool {
        self.declares && !self.declared.is_empty()
    }
}

/// A control repository (a Puppet environment) among the checked paths.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Environment {
    /// Its folder (absolute).
    pub root: PathBuf,
    /// The folders its modules are in (`environment.conf`'s `modulepath`, else `modules`,
    /// `site` and each `Puppetfile`'s `moduledir`), that exist.
    pub modulepath: Vec<PathBuf>,
    /// What its `Puppetfile`s install, and where.
    pub puppetfiles: Vec<Installer>,
    /// The git work tree holding it (whose `.gitignore` files say what git does not track),
    /// else its own folder.
    pub work_tree: PathBuf,
    /// The modules its `Puppetfile`s install.
    pub needs: Needs,
}

/// A `Puppetfile` r10k or g10k deploys (`Puppetfile`, or a `Puppetfile.*` that names its
/// own `moduledir`): the modules it installs, and where.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Installer {
    pub file: PathBuf,
    /// Where it installs them (absolute).
    pub moduledir: PathBuf,
    /// The names of the modules it installs (without those declared `:local => true`, which
    /// the team keeps in `moduledir` itself).
    pub modules: Vec<String>,
}

/// Why a module is installed rather than the team's own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Installed {
    /// A `Puppetfile` names it, and it lies in that file's `moduledir`.
    Puppetfile(PathBuf),
    /// It lies in a folder git ignores.
    IgnoredByGit,
}

impl Environment {
    /// Which modules are installed (see [`Installs::of`]), reading the repository's
    /// `.gitignore` files through `sandbox`.
    pub fn installs<'e, 's>(&'e self, sandbox: &'s Sandbox) -> Installs<'e, 's> {
        Installs {
            env: self,
            cwd: sandbox.cwd().to_path_buf(),
            ignored: GitIgnored::new(sandbox, &self.work_tree),
        }
    }
}

/// Which modules a control repository installs, as r10k and g10k decide it.
pub struct Installs<'e, 's> {
    env: &'e Environment,
    cwd: PathBuf,
    ignored: GitIgnored<'s>,
}

impl Installs<'_, '_> {
    /// Whether the module at `root` is installed, and why: a `Puppetfile` names it and it lies
    /// in that file's `moduledir` (tracked by git or not), or it lies in a folder git ignores.
    /// Any other module of the repository is the team's own (`None`), in `modules/` too.
    pub fn of(&mut self, root: &ModuleRoot) -> Option<Installed> {
        let path = crate::sandbox::normalize(&self.cwd, &root.path)
            .0
            .into_owned();
        let folder = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(crate::discover::module::module_of_folder);
        let named = self.env.puppetfiles.iter().find(|p| {
            path.parent() == Some(p.moduledir.as_path())
                && p.modules
                    .iter()
                    .any(|m| *m == root.name || Some(m) == folder.as_ref())
        });
        if let Some(p) = named {
            return Some(Installed::Puppetfile(p.file.clone()));
        }
        self.ignored
            .ignores_dir(&path)
            .then_some(Installed::IgnoredByGit)
    }
}

/// The world of a run (see the module documentation).
#[derive(Debug, Clone, Default)]
pub struct World {
    /// Whether the world was gathered for a run (an index built alone has none).
    gathered: bool,
    /// The needs of each checked module, by its name.
    modules: HashMap<String, Needs>,
    /// The control repository, if one is checked.
    environment: Option<Environment>,
    /// Whether the user named the module path (`--modulepath`, `plint.toml`): the world
    /// they gave is the whole world.
    modulepath_given: bool,
    /// Whether there is any module at all (a file checked alone knows none).
    knows_modules: bool,
    /// Top-scope variables an ENC or the server sets (`known-top-scope-variables`).
    known_top_scope: HashSet<String>,
    /// The stale `.fixtures.yml` symlinks of the checked modules, in order.
    stale: Vec<StaleFixture>,
}

impl World {
    /// The world of a run: the `checked` module roots (found by the walk) read their
    /// declarations through `sandbox`; `present` are all the roots the index reads;
    /// `environment` is the control repository among the checked paths, if any.
    pub fn gather(
        checked: &[ModuleRoot],
        present: &[ModuleRoot],
        environment: Option<Environment>,
        modulepath_given: bool,
        sandbox: &Sandbox,
    ) -> World {
        let names: HashSet<&str> = present
            .iter()
            .chain(checked)
            .map(|r| r.name.as_str())
            .collect();
        let mut modules: HashMap<String, Needs> = HashMap::default();
        let mut stale = Vec::new();
        for root in checked {
            let needs = modules.entry(root.name.clone()).or_default();
            let metadata = root.path.join("metadata.json");
            if let Ok(text) = sandbox.read_to_string(&metadata) {
                needs.declare(&metadata, deps::metadata_dependencies(&text), &root.name);
            }
            let fixtures = root.path.join(".fixtures.yml");
            if let Ok(text) = sandbox.read_to_string(&fixtures) {
                let mut declared = Vec::new();
                for f in deps::fixtures(&text) {
                    match f.link {
                        Some(link) if is_stale_link(&root.path, &link, sandbox) => {
                            stale.push(StaleFixture {
                                file: fixtures.clone(),
                                module: f.module,
                                link,
                            })
                        }
                        _ => declared.push(f.module),
                    }
                }
                needs.declare(&fixtures, declared, &root.name);
            }
        }
        for needs in modules.values_mut() {
            needs.settle(&names);
        }
        let environment = environment.map(|mut env| {
            env.needs.settle(&names);
            env
        });
        World {
            gathered: true,
            modules,
            environment,
            modulepath_given,
            knows_modules: !names.is_empty(),
            known_top_scope: HashSet::default(),
            stale,
        }
    }

    /// The world with these top-scope variables known to be set by an ENC or the server.
    pub fn with_known_top_scope(mut self, names: impl IntoIterator<Item = String>) -> World {
        self.known_top_scope.extend(names.into_iter().map(|n| {
            n.trim_start_matches('$')
                .trim_start_matches("::")
                .to_string()
        }));
        self
    }

    /// Whether the top-scope variable `name` (without `$` and `::`) is declared as set by an
    /// ENC or the server.
    pub fn is_known_top_scope(&self, name: &str) -> bool {
        self.known_top_scope.contains(name)
    }

    /// Whether the world was gathered for a run (else nothing is known of it).
    pub fn is_gathered(&self) -> bool {
        self.gathered
    }

    /// The control repository among the checked paths.
    pub fn environment(&self) -> Option<&Environment> {
        self.environment.as_ref()
    }

    /// Whether the world of a file of `module` (its name, `None` outside modules) is closed:
    /// a name nobody defines is then certainly undefined.
    pub fn is_closed_for(&self, module: Option<&str>) -> bool {
        let env = self.environment.as_ref().map(|e| &e.needs);
        if env.is_some_and(|n| !n.absent.is_empty()) {
            return false;
        }
        let own = module.and_then(|m| self.modules.get(m));
        if own.is_some_and(|n| !n.absent.is_empty()) {
            return false;
        }
        if self.modulepath_given {
            return true;
        }
        match (own, env) {
            (Some(n), _) if n.declares_some() => n.complete(),
            (_, Some(env)) => env.complete(),
            // A module that declares nothing: what it needs is not known.
            (Some(_), None) => false,
            // Loose files: closed when there are modules around them.
            (None, None) => self.knows_modules,
        }
    }

    /// The absent modules a file of `module` may need (its module's, then its control
    /// repository's), as `(module, declaration)`.
    pub fn absent_for(&self, module: Option<&str>) -> Vec<&Declaration> {
        let own = module.and_then(|m| self.modules.get(m)).into_iter();
        let env = self.environment.iter().map(|e| &e.needs);
        own.chain(env)
            .flat_map(|n| {
                n.declared
                    .iter()
                    .filter(|d| n.absent.contains(&d.module.name))
            })
            .collect()
    }

    /// The stale `.fixtures.yml` symlinks of the checked modules (see [`StaleFixture`]).
    pub fn stale_fixtures(&self) -> &[StaleFixture] {
        &self.stale
    }

    /// Every absent declared module, once by name (its first declaration, in the order of
    /// the checked modules' names, then the control repository's).
    pub fn absent(&self) -> Vec<(&Declaration, usize)> {
        let mut names: Vec<&String> = self.modules.keys().collect();
        names.sort();
        let mut out: Vec<(&Declaration, usize)> = Vec::new();
        let needs = names
            .into_iter()
            .map(|n| &self.modules[n])
            .chain(self.environment.iter().map(|e| &e.needs));
        for n in needs {
            for d in n
                .declared
                .iter()
                .filter(|d| n.absent.contains(&d.module.name))
            {
                match out.iter_mut().find(|(o, _)| o.module.name == d.module.name) {
                    Some((_, count)) => *count += 1,
                    None => out.push((d, 1)),
                }
            }
        }
        out
    }
}

/// Whether the source `link` of a `.fixtures.yml` symlink entry of the module at `root`
/// names a folder inside the repository that does not exist. `#{source_dir}` is the module's
/// folder; a source with any other interpolation, or leading out of the repository, is not
/// known to be stale.
fn is_stale_link(root: &Path, link: &str, sandbox: &Sandbox) -> bool {
    let root = crate::sandbox::normalize(sandbox.cwd(), root)
        .0
        .into_owned();
    let text = link.replace("#{source_dir}", &root.to_string_lossy());
    if text.contains("#{") || text.trim().is_empty() {
        return false;
    }
    let target = crate::sandbox::normalize(&root, Path::new(&text))
        .0
        .into_owned();
    sandbox.in_repository(&target) && sandbox.locate(&target) == crate::sandbox::Located::Missing
}

/// The control repository among `paths` (a folder holding `environment.conf`, a
/// `Puppetfile`, or, at the root of a git work tree, a `Puppetfile.*` naming its `moduledir`:
/// one of them, or a folder above one of them, up to 8 levels), with its declarations read
/// through `sandbox` (its folders looked at on the current rayon pool). `is_folder` says which
/// paths are folders (discovery knows).
pub fn find_environment(
    paths: &[PathBuf],
    is_folder: &dyn Fn(&Path) -> bool,
    cwd: &Path,
    sandbox: &Sandbox,
) -> Option<Environment> {
    // Each folder once: files given one by one share their folders. With each folder met,
    // how many of its own folders the walk took after it: a later walk that reaches it with
    // no more to take would only meet them again.
    let mut seen: HashMap<PathBuf, usize> = HashMap::default();
    let mut candidates: Vec<PathBuf> = Vec::new();
    const DEPTH: usize = 8;
    for given in paths {
        let p = crate::sandbox::normalize(cwd, given).0.into_owned();
        let start = if is_folder(given) && sandbox.is_dir(&p) {
            Some(p.as_path())
        } else {
            p.parent()
        };
        for (i, dir) in start
            .into_iter()
            .flat_map(Path::ancestors)
            .take(DEPTH)
            .enumerate()
        {
            let after = DEPTH - 1 - i;
            match seen.get_mut(dir) {
                Some(taken) if *taken >= after => break,
                Some(taken) => *taken = after,
                None => {
                    seen.insert(dir.to_path_buf(), after);
                    candidates.push(dir.to_path_buf());
                }
            }
        }
    }
    // A `Puppetfile.*` alone is looked for at the root of a git work tree only: listing
    // every folder of thousands of files given one by one would cost more than a look. The
    // looks are system calls, independent of each other: made in parallel (on the current
    // rayon pool), the first folder in order that holds one is the root.
    let root = candidates.into_par_iter().find_first(|d| {
        sandbox.is_file(&d.join("Puppetfile"))
            || sandbox.is_file(&d.join("environment.conf"))
            || (d.join(".git").exists() && !puppetfiles_in(d, sandbox).is_empty())
    })?;
    let puppetfiles = puppetfiles_in(&root, sandbox);
    let work_tree = root
        .ancestors()
        .find(|d| d.join(".git").exists())
        .unwrap_or(&root)
        .to_path_buf();
    let mut env = Environment {
        root: root.clone(),
        work_tree,
        ..Environment::default()
    };
    for (file, text) in puppetfiles {
        let p = deps::puppetfile(&text);
        env.puppetfiles.push(Installer {
            file: file.clone(),
            moduledir: crate::sandbox::normalize(&root, Path::new(&p.moduledir))
                .0
                .into_owned(),
            modules: p
                .modules
                .iter()
                .map(|m| m.name.clone())
                .filter(|m| !p.local.contains(m))
                .collect(),
        });
        env.needs.declare(&file, p.modules, "");
    }
    let conf = root.join("environment.conf");
    let listed = sandbox
        .read_to_string(&conf)
        .ok()
        .and_then(|t| deps::environment_modulepath(&t));
    let dirs: Vec<PathBuf> = match listed {
        Some(dirs) => dirs.iter().map(|d| root.join(d)).collect(),
        None => {
            let mut dirs = vec![root.join("modules")];
            for p in &env.puppetfiles {
                if !dirs.contains(&p.moduledir) {
                    dirs.push(p.moduledir.clone());
                }
            }
            dirs.push(root.join("site"));
            dirs
        }
    };
    env.modulepath = dirs.into_iter().filter(|d| sandbox.is_dir(d)).collect();
    Some(env)
}

/// The `Puppetfile`s of the folder `dir` that r10k or g10k may deploy, with their texts:
/// `Puppetfile`, then each `Puppetfile.*` that names its own `moduledir` (by name).
fn puppetfiles_in(dir: &Path, sandbox: &Sandbox) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let main = dir.join("Puppetfile");
    if let Ok(text) = sandbox.read_to_string(&main) {
        out.push((main, text));
    }
    let Ok(entries) = sandbox.read_dir(dir) else {
        return out;
    };
    for entry in entries {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if !name.starts_with("Puppetfile.") {
            continue;
        }
        let path = entry.path();
        if let Ok(text) = sandbox.read_to_string(&path)
            && deps::puppetfile(&text).has_moduledir
        {
            out.push((path, text));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root(dir: &Path, name: &str) -> ModuleRoot {
        ModuleRoot {
            name: name.to_string(),
            path: dir.join(name),
        }
    }

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn absent_dependencies_open_the_world() {
        let tmp = tempdir();
        let dir = tmp.path();
        write(
            &dir.join("web/metadata.json"),
            r#"{"name": "acme-web", "dependencies": [{"name": "puppetlabs/stdlib"}, {"name": "acme-base"}]}"#,
        );
        write(
            &dir.join("base/metadata.json"),
            r#"{"name": "acme-base", "dependencies": [{"name": "acme/web"}]}"#,
        );
        write(&dir.join("loose/manifests/init.pp"), "class loose {}\n");
        let sandbox = Sandbox::new(dir, &[dir.to_path_buf()]);
        let checked = [root(dir, "web"), root(dir, "base"), root(dir, "loose")];
        let world = World::gather(&checked, &[], None, false, &sandbox);
        assert!(!world.is_closed_for(Some("web")));
        assert!(world.is_closed_for(Some("base")));
        // Declares nothing: open.
        assert!(!world.is_closed_for(Some("loose")));
        write(
            &dir.join("none/metadata.json"),
            r#"{"name": "acme-none", "dependencies": []}"#,
        );
        let none = World::gather(&[root(dir, "none")], &[], None, false, &sandbox);
        assert!(!none.is_closed_for(Some("none")));
        assert!(world.is_closed_for(None));
        let absent: Vec<_> = world
            .absent_for(Some("web"))
            .iter()
            .map(|d| d.module.name.as_str())
            .collect();
        assert_eq!(absent, ["stdlib"]);
        assert_eq!(world.absent().len(), 1);
        // With stdlib on the module path the world of `web` is closed.
        let world = World::gather(&checked, &[root(dir, "stdlib")], None, false, &sandbox);
        assert!(world.is_closed_for(Some("web")));
        // A module path given makes a module that declares nothing closed.
        let world = World::gather(&checked, &[], None, true, &sandbox);
        assert!(world.is_closed_for(Some("loose")));
        assert!(!world.is_closed_for(Some("web")));
    }

    #[test]
    fn control_repository_puppetfile_and_environment_conf() {
        let tmp = tempdir();
        let dir = tmp.path();
        write(
            &dir.join("Puppetfile"),
            "mod 'puppetlabs-stdlib'\nmod 'puppetlabs-apt'\n",
        );
        write(
            &dir.join("environment.conf"),
            "modulepath = site:modules:$basemodulepath\n",
        );
        write(
            &dir.join("site/profile/manifests/init.pp"),
            "class profile {}\n",
        );
        std::fs::create_dir_all(dir.join("modules/stdlib/manifests")).unwrap();
        let sandbox = Sandbox::new(dir, &[dir.to_path_buf()]);
        let env = find_environment(&[dir.join("site")], &|p| p.is_dir(), dir, &sandbox).unwrap();
        assert_eq!(env.root, dir);
        assert_eq!(env.modulepath, [dir.join("site"), dir.join("modules")]);
        let world = World::gather(
            &[],
            &[root(&dir.join("modules"), "stdlib")],
            Some(env),
            false,
            &sandbox,
        );
        assert!(!world.is_closed_for(Some("profile")));
        assert_eq!(world.absent()[0].0.module.name, "apt");
    }

    /// Installed or the team's, as r10k decides: named by a Puppetfile (or a `Puppetfile.*`
    /// with its moduledir) and in its moduledir, or in a folder git ignores.
    #[test]
    fn installed_modules_as_r10k_decides() {
        let tmp = tempdir();
        let dir = tmp.path();
        std::fs::create_dir_all(dir.join(".git")).unwrap();
        write(
            &dir.join("Puppetfile"),
            "mod 'puppetlabs-stdlib'
mod 'acme-role', :local => true
",
        );
        write(
            &dir.join("Puppetfile.vendor"),
            "moduledir 'vendor_modules'
mod 'puppetlabs-apt'
",
        );
        write(
            &dir.join("Puppetfile.lock"),
            "mod 'puppetlabs-concat'
",
        );
        write(
            &dir.join(".gitignore"),
            "/cache/
",
        );
        write(
            &dir.join("modules/.gitignore"),
            "ignored_here/
",
        );
        for m in [
            "modules/stdlib",
            "modules/role",
            "modules/web",
            "modules/ignored_here",
            "vendor_modules/apt",
            "vendor_modules/concat",
            "cache/x",
            "site/stdlib",
        ] {
            std::fs::create_dir_all(dir.join(m).join("manifests")).unwrap();
        }
        let sandbox = Sandbox::new(dir, &[dir.to_path_buf()]);
        let env = find_environment(&[dir.join("site")], &|p| p.is_dir(), dir, &sandbox).unwrap();
        assert_eq!(env.root, dir);
        assert_eq!(
            env.puppetfiles
                .iter()
                .map(|p| p.file.clone())
                .collect::<Vec<_>>(),
            [dir.join("Puppetfile"), dir.join("Puppetfile.vendor")]
        );
        assert_eq!(
            env.modulepath,
            [
                dir.join("modules"),
                dir.join("vendor_modules"),
                dir.join("site")
            ]
        );
        let mut installs = env.installs(&sandbox);
        let mut of = |rel: &str| {
            let path = dir.join(rel);
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            installs.of(&ModuleRoot { name, path })
        };
        assert_eq!(
            of("modules/stdlib"),
            Some(Installed::Puppetfile(dir.join("Puppetfile")))
        );
        assert_eq!(
            of("vendor_modules/apt"),
            Some(Installed::Puppetfile(dir.join("Puppetfile.vendor")))
        );
        assert_eq!(of("modules/ignored_here"), Some(Installed::IgnoredByGit));
        assert_eq!(of("cache/x"), Some(Installed::IgnoredByGit));
        // The team's: `:local`, not named, named by a file r10k is not given, elsewhere.
        for rel in [
            "modules/role",
            "modules/web",
            "vendor_modules/concat",
            "site/stdlib",
        ] {
            assert_eq!(of(rel), None, "{rel}");
        }
        // A `Puppetfile.*` alone makes a git work tree's root a control repository.
        let tmp = tempdir();
        let dir = tmp.path();
        std::fs::create_dir_all(dir.join(".git")).unwrap();
        write(
            &dir.join("Puppetfile.vendor"),
            "moduledir 'vendor'\nmod 'a-b'\n",
        );
        let sandbox = Sandbox::new(dir, &[dir.to_path_buf()]);
        let env = find_environment(&[dir.join("site")], &|p| p.is_dir(), dir, &sandbox).unwrap();
        assert_eq!(env.puppetfiles[0].moduledir, dir.join("vendor"));
        std::fs::remove_dir(dir.join(".git")).unwrap();
        assert!(find_environment(&[dir.join("site")], &|p| p.is_dir(), dir, &sandbox).is_none());
        // Without a Puppetfile, `modules/` is the team's.
        let tmp = tempdir();
        let dir = tmp.path();
        write(&dir.join("environment.conf"), "manifest = site.pp\n");
        std::fs::create_dir_all(dir.join("modules/stdlib/manifests")).unwrap();
        let sandbox = Sandbox::new(dir, &[dir.to_path_buf()]);
        let env = find_environment(&[dir.to_path_buf()], &|p| p.is_dir(), dir, &sandbox).unwrap();
        let root = ModuleRoot {
            name: "stdlib".into(),
            path: dir.join("modules/stdlib"),
        };
        assert_eq!(env.installs(&sandbox).of(&root), None);
    }

    #[test]
    fn stale_fixture_links_lead_to_missing_folders_of_the_repository() {
        let tmp = tempdir();
        let dir = tmp.path().join("repo");
        std::fs::create_dir_all(dir.join(".git")).unwrap();
        std::fs::create_dir_all(dir.join("site/db")).unwrap();
        let web = dir.join("site/web");
        write(
            &web.join(".fixtures.yml"),
            "fixtures:\n  symlinks:\n    web: '#{source_dir}'\n    db: '#{source_dir}/../db'\n    \
             gone: '#{source_dir}/../gone'\n    far: '/nowhere/far'\n    env: \
             '#{ENV[\"X\"]}/y'\n",
        );
        write(&web.join("manifests/init.pp"), "class web {}\n");
        let sandbox = Sandbox::new(&dir, std::slice::from_ref(&dir));
        assert!(is_stale_link(&web, "#{source_dir}/../gone", &sandbox));
        assert!(!is_stale_link(&web, "#{source_dir}/../db", &sandbox));
        assert!(!is_stale_link(&web, "/nowhere/far", &sandbox));
        assert!(!is_stale_link(&web, "#{ENV['X']}/y", &sandbox));
        let world = World::gather(
            &[root(&dir.join("site"), "web")],
            &[],
            None,
            false,
            &sandbox,
        );
        let stale: Vec<&str> = world
            .stale_fixtures()
            .iter()
            .map(|s| s.module.name.as_str())
            .collect();
        assert_eq!(stale, ["gone"]);
        let absent: Vec<&str> = world
            .absent()
            .iter()
            .map(|(d, _)| d.module.name.as_str())
            .collect();
        assert_eq!(absent, ["db", "far", "env"]);
    }

    fn tempdir() -> tempfile::TempDir {
        tempfile::tempdir().unwrap()
    }
}
