//! The check pipeline, shared by the command line, the tests and the benchmarks (and, later, a
//! language server): discover the files, read and parse them, index the program, run the
//! rules, fix.
//!
//! A [`Session`] holds everything one run needs: the working directory, the resolved
//! [`Settings`], the [`Sandbox`] every read goes through, and the worker threads. Nothing of a
//! run lives in process-global state, so two sessions in one process (two workspaces of a
//! language server, two tests) give the results each would give alone.
//!
//! - [`Session::check`] checks paths as `plint PATH...` does and returns the [`Checked`]
//!   outcome (findings per file, fixes, the program's index, the discovery notes);
//! - [`lint`] checks one text with one [`Profile`] and no program (the fixer, tests, fuzzing);
//! - [`check`] holds the stages themselves (read, parse, first pass, index, rules), [`fix`] the
//!   fixer and [`mod@panic`] how a bug in plint becomes a finding instead of an abort.

pub mod check;
pub mod fix;
pub mod panic;
pub mod workspace;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rustc_hash::FxHashMap as HashMap;

pub use check::{FixMode, Outcome, Source, decode, lint, read_source};
pub use workspace::Workspace;

use crate::config::{Profile, Settings};
use crate::defs::Index;
use crate::discover::module::ModuleRoot;
use crate::discover::{Discovered, Note};
use crate::report::{Diagnostic, FileReport};
use crate::sandbox::Sandbox;

/// Stack size of each worker thread (deeply nested manifests recurse deeply).
pub const WORKER_STACK_SIZE: usize = 64 << 20;

/// The worker threads of a session (check mode's and `--evaluate`'s alike): `threads` of them
/// (0: one per core), each with a [`WORKER_STACK_SIZE`] stack and named `plint-worker-N`.
pub fn worker_pool(threads: usize) -> Result<rayon::ThreadPool, String> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(WORKER_STACK_SIZE)
        .thread_name(|i| format!("plint-worker-{i}"))
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))
}

/// One run of plint: where it runs, its settings, its sandbox and its worker threads.
pub struct Session {
    cwd: PathBuf,
    settings: Settings,
    sandbox: Sandbox,
    pool: rayon::ThreadPool,
    leak_at_exit: bool,
    progress: Option<std::sync::Arc<dyn Progress>>,
}

/// Whoever watches a long check (the command line's progress bar): told how much work there
/// is, then each unit done, from the worker threads.
pub trait Progress: Send + Sync {
    /// The work starts: `files` files (every file checked, as the summary counts them),
    /// in `units` units: one per file, and one more per manifest when checking takes two
    /// passes (parsing, then the rules that read the program's index).
    fn start(&self, files: usize, units: usize);
    /// One more unit is done.
    fn advance(&self);
}

/// What [`Session::check`] found.
#[derive(Debug)]
pub struct Checked {
    /// The files checked, in walk order.
    pub files: Vec<PathBuf>,
    /// What the walk skipped, and why.
    pub notes: Vec<Note>,
    /// The module roots met by the walk (their files are read into the index even when none
    /// of them is checked).
    pub modules: Vec<PathBuf>,
    /// The installed modules of a control repository set aside, or checked as asked.
    pub set_aside: SetAside,
    /// The files found that the configuration excludes (`exclude`, `--ignore-paths`).
    pub excluded: Vec<PathBuf>,
    /// The paths given that are folders (as given; see [`Discovered::folders_given`]).
    pub folders_given: rustc_hash::FxHashSet<PathBuf>,
    /// One outcome per file of [`Checked::files`], in the same order.
    pub outcomes: Vec<Outcome>,
    /// The program's index (empty when no selected rule reads it).
    pub program: Index,
    /// How long each phase took.
    pub phases: Phases,
}

/// How long each phase of [`Session::check`] took, and how much it handled.
#[derive(Debug, Default, Clone)]
pub struct Phases {
    pub discover: Duration,
    pub profiles: Duration,
    /// The first pass (parse, the rules that do not read the index, the modules' files, the
    /// index); `None` when files were parsed with their rules (no index needed).
    pub parse: Option<Duration>,
    /// What the index holds; `None` when no selected rule needed it.
    pub index: Option<crate::defs::index::Stats>,
    pub check: Duration,
    /// With `--fix` or `--diff`, when files changed: the check of the fixed tree.
    pub fix_recheck: Option<Duration>,
    pub files: usize,
    pub bytes: usize,
    pub threads: usize,
}

impl Session {
    /// A session running in `cwd` with `settings` (loaded through `sandbox`, see
    /// [`Settings::load`]) on `threads` worker threads (0: one per core).
    pub fn new(
        cwd: PathBuf,
        settings: Settings,
        sandbox: Sandbox,
        threads: usize,
    ) -> Result<Session, String> {
        let pool = worker_pool(threads)?;
        Ok(Session {
            cwd,
            settings,
            sandbox,
            pool,
            leak_at_exit: false,
            progress: None,
        })
    }

    /// Tells `progress` how the check goes (see [`Progress`]).
    pub fn with_progress(mut self, progress: std::sync::Arc<dyn Progress>) -> Session {
        self.progress = Some(progress);
        self
    }

    /// The process ends right after this session: the large structures of a run (syntax
    /// trees, the index, the report) are then not freed one allocation at a time, since the
    /// process's end frees them all at once. Only for a command-line run.
    pub fn leak_at_exit(mut self) -> Session {
        self.leak_at_exit = true;
        self
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn sandbox(&self) -> &Sandbox {
        &self.sandbox
    }

    pub fn cwd(&self) -> &Path {
        &self.cwd
    }

    /// Runs `f` on the session's worker threads.
    pub fn install<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        self.pool.install(f)
    }

    /// Drops `value`, or leaves it to the process's end (see [`Session::leak_at_exit`]).
    pub fn release<T>(&self, value: T) {
        if self.leak_at_exit {
            std::mem::forget(value);
        } else {
            drop(value);
        }
    }

    /// Checks `paths` as `plint PATH...` does: walks them, then reads, parses and checks each
    /// file with its profile (and the program's index when a selected rule reads it), fixing
    /// as `mode` says. An error when a path given does not exist.
    ///
    /// With `--fix` or `--diff`, when a file changes, the fixed tree is checked again as a
    /// whole, in the same world (module path, environment, declared and absent modules), with
    /// the fixed texts: written ones from the disk, `--diff`'s held in memory. Its findings are
    /// the report (what `plint PATH...` on the fixed tree gives, and the fixes that would have
    /// broken a file, `P000`) and count the unsafe fixes left, for both modes alike.
    pub fn check(&mut self, paths: &[PathBuf], mode: FixMode) -> Result<Checked, String> {
        let mut first = self.check_once(paths, mode, None)?;
        if mode == FixMode::Off {
            return Ok(first);
        }
        if first.outcomes.iter().all(|o| o.fixed == 0) {
            for o in &mut first.outcomes {
                o.unsafe_left = fix::unsafe_fixes(o.report.iter().flat_map(|r| r.diagnostics()));
            }
            return Ok(first);
        }
        let phase = Instant::now();
        let saved = (self.sandbox.clone(), self.progress.take());
        for (path, outcome) in first.files.iter().zip(&mut first.outcomes) {
            if let Some(text) = outcome.fixed_text.take() {
                self.sandbox.add_in_memory(path, text.into_bytes());
            }
        }
        let again = self.check_once(paths, FixMode::Off, None);
        (self.sandbox, self.progress) = saved;
        let again = again?;
        let mut by_path: HashMap<&Path, Outcome> = again
            .files
            .iter()
            .map(PathBuf::as_path)
            .zip(again.outcomes)
            .collect();
        for (path, outcome) in first.files.iter().zip(&mut first.outcomes) {
            let Some(fresh) = by_path.remove(path.as_path()) else {
                continue;
            };
            // The fixes that would have broken the file (it was left unchanged) stay said.
            let broke: Vec<Diagnostic> = outcome
                .report
                .iter()
                .flat_map(|r| r.diagnostics())
                .filter(|d| d.code == crate::report::codes::INTERNAL_ERROR.code)
                .filter(|d| {
                    !fresh
                        .report
                        .iter()
                        .flat_map(|r| r.diagnostics())
                        .any(|f| f.code == d.code && f.message == d.message)
                })
                .cloned()
                .collect();
            outcome.unsafe_left =
                fix::unsafe_fixes(fresh.report.iter().flat_map(|r| r.diagnostics()));
            outcome.bytes = fresh.bytes;
            outcome.report = match (fresh.report, broke.is_empty()) {
                (report, true) => report,
                (Some(report), false) => {
                    let mut diagnostics = report.diagnostics().to_vec();
                    diagnostics.extend(broke);
                    Some(FileReport::new(
                        report.path(),
                        report.source().to_string(),
                        diagnostics,
                    ))
                }
                (None, false) => outcome
                    .report
                    .take()
                    .map(|r| FileReport::new(r.path(), r.source().to_string(), broke)),
            };
        }
        drop(by_path);
        let program = std::mem::replace(&mut first.program, again.program);
        self.release(program);
        first.phases.fix_recheck = Some(phase.elapsed());
        Ok(first)
    }

    /// Checks `paths` (as [`Session::check`] without fixes) in the program of `workspace`
    /// (see [`Workspace`]): the modules are not read again; what the files define now takes
    /// the place of what the workspace held for them.
    pub fn check_in(
        &mut self,
        paths: &[PathBuf],
        workspace: &mut Workspace,
    ) -> Result<Checked, String> {
        self.check_once(paths, FixMode::Off, Some(workspace))
    }

    /// [`Session::check_in`] with the fixes `mode` allows made as `--diff` makes them (not
    /// written): each outcome's `fixed_text` is the fixed text when a fix applied.
    pub fn fix_in(
        &mut self,
        paths: &[PathBuf],
        workspace: &mut Workspace,
        applicability: fix::Applicability,
    ) -> Result<Checked, String> {
        self.check_once(paths, FixMode::Diff(applicability), Some(workspace))
    }

    /// Indexes the program at `root` as a check of `root` would (its files, its modules,
    /// those of the module path, its world), without checking anything: the
    /// [`Workspace`] that [`Session::check_in`] then checks files in.
    pub fn index_workspace(&mut self, root: &Path) -> Result<Workspace, String> {
        let Found {
            mut discovered,
            environment,
            ..
        } = self.find_files(&[root.to_path_buf()])?;
        let roots = self.program_roots(&mut discovered, environment.as_ref());
        let world = self.program_world(&discovered.modules, &roots, environment);
        let files = std::mem::take(&mut discovered.files);
        let sandbox = &self.sandbox;
        let (checked, modules) = self.pool.install(|| {
            let paths: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
            rayon::join(
                || crate::defs::index::read_manifests(files.clone(), sandbox),
                || crate::defs::index::Modules::read(&paths, &roots, sandbox),
            )
        });
        let parts = crate::defs::index::Parts::new(checked, modules);
        Ok(Workspace::new(parts, roots, world, sandbox))
    }

    /// One check of `paths` (see [`Session::check`]), fixing each file alone as `mode` says.
    fn check_once(
        &mut self,
        paths: &[PathBuf],
        mode: FixMode,
        workspace: Option<&mut Workspace>,
    ) -> Result<Checked, String> {
        let mut phases = Phases {
            threads: self.pool.current_num_threads(),
            ..Phases::default()
        };
        let phase = Instant::now();
        let Found {
            mut discovered,
            excluded,
            environment,
            set_aside,
        } = self.find_files(paths)?;
        phases.discover = phase.elapsed();
        phases.files = discovered.files.len() + discovered.other_files.len();

        let phase = Instant::now();
        // One profile (rules, severities, options) per combination of matching overrides.
        let settings = &self.settings;
        let keys: Vec<Vec<u32>> = discovered
            .files
            .iter()
            .chain(discovered.other_files.iter().map(|f| &f.path))
            .map(|path| settings.profile_key(path))
            .collect();
        let mut profiles: HashMap<&[u32], Profile> = HashMap::default();
        for key in &keys {
            profiles
                .entry(key.as_slice())
                .or_insert_with(|| settings.profile(key));
        }
        phases.profiles = phase.elapsed();

        // Each file is read by the worker that parses it. When a selected rule reads the
        // program's index, a first pass reads and parses every file and runs its other rules
        // while the modules' files are read; the index is built from both, then the rules that
        // read it run. Otherwise each file is read and parsed right before its rules run, so
        // that only a few trees are alive at once.
        let mut file_profiles: Vec<&Profile> =
            keys.iter().map(|k| &profiles[k.as_slice()]).collect();
        let other_profiles = file_profiles.split_off(discovered.files.len());
        let two_passes = file_profiles.iter().any(|p| p.selection.needs_program())
            || other_profiles
                .iter()
                .any(|p| p.selection.other_files_need_program());
        let progress = self.progress.as_deref();
        if let Some(p) = progress {
            let files = discovered.files.len() + discovered.other_files.len();
            let units = files
                + if two_passes {
                    discovered.files.len()
                } else {
                    0
                };
            p.start(files, units);
        }
        let tick = || {
            if let Some(p) = progress {
                p.advance();
            }
        };
        let (program, mut outcomes) = if two_passes {
            let program = match workspace {
                Some(ws) => Program::Workspace(ws),
                None => Program::Gather(environment),
            };
            self.check_program(
                &mut discovered,
                program,
                file_profiles,
                mode,
                &tick,
                &mut phases,
            )
        } else {
            let phase = Instant::now();
            let outcomes = self.pool.install(|| {
                check::check_all_unread(
                    &discovered.files,
                    &self.cwd,
                    &file_profiles,
                    mode,
                    &discovered.modules,
                    &self.sandbox,
                    &tick,
                )
            });
            phases.check = phase.elapsed();
            (Index::default(), outcomes)
        };
        // The other files (templates), with the program's index when it was built.
        let phase = Instant::now();
        outcomes.extend(self.pool.install(|| {
            check::check_other_all(
                &discovered.other_files,
                &other_profiles,
                &self.cwd,
                &program,
                &self.sandbox,
                &tick,
            )
        }));
        phases.check += phase.elapsed();
        let mut files = discovered.files;
        files.extend(discovered.other_files.into_iter().map(|f| f.path));
        phases.bytes = outcomes.iter().map(|o| o.bytes).sum();
        Ok(Checked {
            modules: discovered.modules.iter().map(|m| m.path.clone()).collect(),
            set_aside,
            excluded,
            folders_given: discovered.folders_given,
            files,
            notes: discovered.notes,
            outcomes,
            program,
            phases,
        })
    }

    /// The first step of a check: walks `paths`, makes the modules and environments around
    /// the files given alone untrusted roots of the sandbox, sets aside the files the
    /// configuration excludes and the modules a control repository installs.
    fn find_files(&mut self, paths: &[PathBuf]) -> Result<Found, String> {
        let sandbox = &self.sandbox;
        // A text held in memory (standard input, an editor's document) with no file at its
        // path is checked as it is, in the module around it; one named after a file is found
        // as that file would be.
        let in_memory: Vec<PathBuf> = paths
            .iter()
            .filter(|p| sandbox.is_in_memory(p) && !p.exists())
            .cloned()
            .collect();
        let mut discovered = self
            .pool
            .install(|| crate::discover::discover(paths, sandbox))
            .map_err(|e| e.to_string())?;
        discovered.files.extend(in_memory);
        // A module or environment found around a file given alone is the repository too,
        // as the file is (looked up folder by folder from each file: linear in files and
        // modules).
        let roots: rustc_hash::FxHashSet<&Path> = discovered
            .modules
            .iter()
            .map(|r| r.path.as_path())
            .collect();
        let mut around: Vec<PathBuf> = Vec::new();
        // The roots above a file are those above its folder (a module root is a folder): looked
        // up once for the files of a folder, which come one after another, and each folder
        // above once (the folders above one met before were met with it).
        let mut met: rustc_hash::FxHashSet<&Path> = rustc_hash::FxHashSet::default();
        let mut last_folder = None;
        for p in paths {
            if p.parent() == last_folder || discovered.folders_given.contains(p) {
                continue;
            }
            last_folder = p.parent();
            for folder in last_folder.into_iter().flat_map(Path::ancestors) {
                if !met.insert(folder) {
                    break;
                }
                if roots.contains(folder) {
                    around.push(folder.to_path_buf());
                }
            }
        }
        around.sort();
        around.dedup();
        for root in &around {
            self.sandbox.add_around_checked(root);
        }
        let (settings, sandbox, cwd) = (&self.settings, &self.sandbox, self.cwd.as_path());
        let mut excluded: Vec<PathBuf> = Vec::new();
        discovered.files.retain(|f| {
            let out = settings.is_excluded(f);
            if out {
                excluded.push(f.clone());
            }
            !out
        });
        discovered.other_files.retain(|f| {
            let out = settings.is_excluded(&f.path);
            if out {
                excluded.push(f.path.clone());
            }
            !out
        });
        // A control repository among the checked paths: the modules it installs (a
        // Puppetfile's, in its `moduledir`; those in folders git ignores) are read into the
        // index, not reported on.
        let folders = &discovered.folders_given;
        let environment = self.pool.install(|| {
            crate::defs::world::find_environment(
                paths,
                &|p: &Path| folders.contains(p),
                cwd,
                sandbox,
            )
        });
        let set_aside = match &environment {
            Some(env) => set_aside_installed(
                &mut discovered,
                env,
                paths,
                settings.check_installed_modules,
                sandbox,
            ),
            None => SetAside::default(),
        };
        Ok(Found {
            discovered,
            excluded,
            environment,
            set_aside,
        })
    }

    /// The check of the files with the program's index (see [`Session::check`]): the module
    /// roots to index (those found, installed and on the module path), the world they make,
    /// the first pass and the index, then the rules that read it.
    fn check_program(
        &self,
        discovered: &mut Discovered,
        program: Program<'_>,
        file_profiles: Vec<&Profile>,
        mode: FixMode,
        tick: &(dyn Fn() + Sync),
        phases: &mut Phases,
    ) -> (Index, Vec<Outcome>) {
        let (sandbox, cwd) = (&self.sandbox, self.cwd.as_path());
        let phase = Instant::now();
        let mut workspace = None;
        let (passes, mut own) = match program {
            Program::Gather(environment) => {
                let roots = self.program_roots(discovered, environment.as_ref());
                let discovered = &*discovered;
                // The world (the modules' declared dependencies) is read while the files are.
                let ((passes, index), world) = self.pool.install(|| {
                    rayon::join(
                        || {
                            check::first_pass_all(
                                &discovered.files,
                                cwd,
                                &file_profiles,
                                &roots,
                                sandbox,
                                tick,
                            )
                        },
                        || self.program_world(&discovered.modules, &roots, environment),
                    )
                });
                (passes, Some(index.with_world(world)))
            }
            // The workspace's program, with what the files checked define now.
            Program::Workspace(ws) => {
                let mut passes = self.pool.install(|| {
                    check::first_pass_files(
                        &discovered.files,
                        cwd,
                        &file_profiles,
                        ws.roots(),
                        sandbox,
                        tick,
                    )
                });
                let defs = passes.iter_mut().filter_map(|(_, p)| p.defs.take());
                ws.update(defs.collect(), sandbox);
                workspace = Some(&*ws);
                (passes, None)
            }
        };
        let index: &Index = match (&own, &workspace) {
            (Some(index), _) => index,
            (None, Some(ws)) => ws.index(),
            (None, None) => Index::empty(),
        };
        phases.parse = Some(phase.elapsed());
        phases.index = Some(index.stats());
        let phase = Instant::now();
        let work: Vec<_> = passes
            .into_iter()
            .zip(file_profiles)
            .map(|((source, pass), profile)| (source, pass, profile))
            .collect();
        let outcomes = self
            .pool
            .install(|| check::check_all_parsed(work, mode, index, self.leak_at_exit, tick));
        phases.check = phase.elapsed();
        (own.take().unwrap_or_default(), outcomes)
    }

    /// The module roots of a check's program (those found, installed and on the module path,
    /// each once).
    fn program_roots(
        &self,
        discovered: &mut Discovered,
        environment: Option<&crate::defs::world::Environment>,
    ) -> Vec<ModuleRoot> {
        let (settings, sandbox) = (&self.settings, &self.sandbox);
        let mut roots = discovered.modules.clone();
        roots.extend(discovered.installed.iter().cloned());
        let modulepath_given = !settings.modulepath.is_empty();
        let modulepath: &[PathBuf] = match environment {
            Some(env) if !modulepath_given => &env.modulepath,
            _ => &settings.modulepath,
        };
        // A module both checked and on the module path is read once.
        let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
        let mut seen: std::collections::HashSet<PathBuf> =
            roots.iter().map(|r| absolute(&r.path)).collect();
        let (around, refused) = crate::discover::module::modules_in_noting(modulepath, sandbox);
        discovered.notes.extend(refused);
        for root in around {
            if seen.insert(absolute(&root.path)) {
                roots.push(root);
            }
        }
        roots
    }

    /// The world of a check's program: the `checked` modules' declarations, the program's
    /// `roots` (see [`Session::program_roots`]) and its control repository.
    fn program_world(
        &self,
        checked: &[ModuleRoot],
        roots: &[ModuleRoot],
        environment: Option<crate::defs::world::Environment>,
    ) -> crate::defs::world::World {
        let settings = &self.settings;
        crate::defs::world::World::gather(
            checked,
            roots,
            environment,
            !settings.modulepath.is_empty(),
            &self.sandbox,
        )
        .with_known_top_scope(settings.known_top_scope_variables.iter().cloned())
    }

    /// The `P008` notes of a check (one per absent declared module, at its first
    /// declaration) and its `P009` warnings (stale `.fixtures.yml` symlinks), as file reports
    /// (see [`crate::defs::world::World`]).
    pub fn absent_notes(&self, checked: &Checked) -> Vec<FileReport> {
        absent_notes(
            checked.program.world(),
            &self.settings,
            &self.cwd,
            &self.sandbox,
        )
    }
}

/// The program a check's files are checked in: one gathered for the check (around the
/// files, in the environment found), or a [`Workspace`] kept across checks.
enum Program<'a> {
    Gather(Option<crate::defs::world::Environment>),
    Workspace(&'a mut Workspace),
}

/// What [`Session::find_files`] found: the files to check, those excluded, the environment
/// of a control repository among the paths, and the installed modules set aside.
struct Found {
    discovered: Discovered,
    excluded: Vec<PathBuf>,
    environment: Option<crate::defs::world::Environment>,
    set_aside: SetAside,
}

/// The installed modules of a control repository among the checked paths (see
/// [`crate::defs::world::Installs`]): those set aside, and those checked all the same.
#[derive(Debug, Default, Clone)]
pub struct SetAside {
    /// The installed modules under the checked folders (or holding a file given) that are not
    /// checked (their files are read into the index): their roots, in walk order.
    pub modules: Vec<PathBuf>,
    /// The folders holding them, each once, in order.
    pub folders: Vec<PathBuf>,
    /// The installed modules checked because a folder given (or the current one) lies in
    /// their install folder: the user asked for them. With why they are installed.
    pub asked: Vec<(PathBuf, crate::defs::world::Installed)>,
}

/// Moves the modules `env` installs out of the checked ones (they are indexed, not reported
/// on), with their files; says which (see [`SetAside`]). A module whose install folder holds
/// a folder given (`plint .` inside it) is checked, and so is every one with
/// `check-installed-modules`: then the installed modules the walk skipped (in a folder git
/// ignores) are walked too.
fn set_aside_installed(
    discovered: &mut Discovered,
    env: &crate::defs::world::Environment,
    paths: &[PathBuf],
    check_installed: bool,
    sandbox: &Sandbox,
) -> SetAside {
    let cwd = sandbox.cwd();
    let abs = |p: &Path| crate::sandbox::normalize(cwd, p).0.into_owned();
    // The folders given (the files given one by one, as a pre-commit hook gives them, do not
    // ask for their installed modules).
    let asked: Vec<PathBuf> = paths
        .iter()
        .filter(|p| !sandbox.is_in_memory(p))
        .map(|p| abs(p))
        .filter(|p| p.is_dir())
        .collect();
    let asked_for = |root: &Path| {
        let folder = root.parent().unwrap_or(root);
        asked.iter().any(|d| d.starts_with(folder))
    };
    let mut installs = env.installs(sandbox);
    let mut out = SetAside::default();
    let mut checked = Vec::new();
    for root in std::mem::take(&mut discovered.modules) {
        let Some(why) = installs.of(&root) else {
            checked.push(root);
            continue;
        };
        if check_installed {
            checked.push(root);
        } else if asked_for(&abs(&root.path)) {
            out.asked.push((root.path.clone(), why));
            checked.push(root);
        } else {
            discovered.installed.push(root);
        }
    }
    // The installed modules of the environment's folders that the walk did not meet (git
    // ignores their folder) while a folder given holds them.
    let known: std::collections::HashSet<PathBuf> = checked
        .iter()
        .chain(&discovered.installed)
        .map(|r| abs(&r.path))
        .collect();
    let mut folders: Vec<&PathBuf> = env.modulepath.iter().collect();
    folders.extend(env.puppetfiles.iter().map(|p| &p.moduledir));
    folders.sort();
    folders.dedup();
    let folders: Vec<PathBuf> = folders
        .into_iter()
        .filter(|f| asked.iter().any(|d| f.starts_with(d) && *f != d))
        .cloned()
        .collect();
    let unwalked: Vec<ModuleRoot> =
        crate::discover::module::module_folders(&folders, sandbox, &mut Vec::new())
            .into_iter()
            .filter(|p| !known.contains(&abs(p)))
            .filter_map(|p| crate::discover::module::module_root(&p, sandbox))
            .filter(|r| installs.of(r).is_some())
            .collect();
    if check_installed && !unwalked.is_empty() {
        let roots: Vec<PathBuf> = unwalked.iter().map(|r| r.path.clone()).collect();
        if let Ok(more) = crate::discover::discover(&roots, sandbox) {
            discovered.files.extend(more.files);
            discovered.other_files.extend(more.other_files);
            discovered.notes.extend(more.notes);
            checked.extend(more.modules);
        }
    } else {
        discovered.installed.extend(unwalked);
    }
    discovered.modules = checked;
    // A file is in an installed module when one of its folders is a module's root (looked up
    // folder by folder: a run of many files and modules stays linear).
    let installed = &discovered.installed;
    let roots: std::collections::HashSet<&Path> =
        installed.iter().map(|r| r.path.as_path()).collect();
    let in_installed = |f: &Path| f.ancestors().any(|a| roots.contains(a));
    discovered.files.retain(|f| !in_installed(f));
    discovered.other_files.retain(|f| !in_installed(&f.path));
    // Said: those under a folder given, and those holding a file given.
    let abs_roots: std::collections::HashSet<PathBuf> =
        installed.iter().map(|r| abs(&r.path)).collect();
    let holding_a_file: std::collections::HashSet<&Path> = paths
        .iter()
        .filter(|p| !sandbox.is_in_memory(p))
        .map(|p| abs(p))
        .filter(|p| !p.is_dir())
        .flat_map(|f| {
            f.ancestors()
                .filter_map(|a| abs_roots.get(a).map(PathBuf::as_path))
                .collect::<Vec<_>>()
        })
        .collect();
    for root in installed.iter().filter(|r| {
        let path = abs(&r.path);
        asked.iter().any(|d| path.starts_with(d)) || holding_a_file.contains(path.as_path())
    }) {
        out.modules.push(root.path.clone());
        let folder = root.path.parent().unwrap_or(&root.path).to_path_buf();
        if !out.folders.contains(&folder) {
            out.folders.push(folder);
        }
    }
    out
}

/// The `P008` notes and `P009` warnings of a run (see [`Session::absent_notes`]).
fn absent_notes(
    world: &crate::defs::world::World,
    settings: &Settings,
    cwd: &Path,
    sandbox: &crate::sandbox::Sandbox,
) -> Vec<FileReport> {
    let mut by_file: Vec<(PathBuf, Vec<Diagnostic>)> = Vec::new();
    for (d, count) in world.absent() {
        let others = match count {
            1 => String::new(),
            n => format!(" (and by {} more)", n - 1),
        };
        let diag = crate::report::codes::ABSENT_DEPENDENCY
            .diagnostic(
                d.module.span.clone(),
                format!(
                    "the module `{}` is declared here{others} but not installed: the names it \
                     may define are not checked",
                    d.module.full
                ),
            )
            .with_label("not found on the module path")
            .with_help(
                "give the folder that holds it with `--modulepath` (or `modulepath` in \
                 `plint.toml`), or install the test fixtures first",
            );
        match by_file.iter_mut().find(|(f, _)| *f == d.file) {
            Some((_, diags)) => diags.push(diag),
            None => by_file.push((d.file.clone(), vec![diag])),
        }
    }
    for stale in world.stale_fixtures() {
        let diag = crate::report::codes::STALE_FIXTURE
            .diagnostic(
                stale.module.span.clone(),
                format!(
                    "the fixture `{}` links to `{}`, a folder of the repository that does not \
                     exist",
                    stale.module.full, stale.link
                ),
            )
            .with_label("no such folder")
            .with_help(
                "remove the entry, or point it at the module's folder; the names that module \
                 would define are checked as undefined meanwhile",
            );
        match by_file.iter_mut().find(|(f, _)| *f == stale.file) {
            Some((_, diags)) => diags.push(diag),
            None => by_file.push((stale.file.clone(), vec![diag])),
        }
    }
    by_file
        .into_iter()
        .filter_map(|(file, mut diags)| {
            let profile = settings.profile(&settings.profile_key(&file));
            profile.adjust(&mut diags);
            if diags.is_empty() {
                return None;
            }
            let text = sandbox.read_to_string(&file).ok()?;
            Some(FileReport::new(
                crate::report::display_path(&file, cwd),
                text,
                diags,
            ))
        })
        .collect()
}
