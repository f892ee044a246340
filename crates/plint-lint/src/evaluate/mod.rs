//! The evaluate pipeline, shared by the command line (`plint --evaluate`), the catalog rules'
//! fixtures and documentation examples, and the benchmarks (and, later, `plint diff` and a
//! language server): compile the catalogs of a set of nodes in parallel and turn what the
//! compilations find into diagnostics. Nothing here prints.
//!
//! A [`Session`] holds one run: the working directory, the resolved [`Settings`], the
//! [`Sandbox`] every read goes through, the worker threads, what is evaluated ([`Target`]: the
//! main manifest, its environment, the module path, Hiera, the budgets) and what the nodes'
//! compilations share (the parsed templates and Ruby functions). Nothing of a run lives in
//! process-global state.
//!
//! A run goes:
//! 1. [`Session::new`]: the main manifest and its environment ([`environment`]), the module
//!    path, Hiera's files, the budgets;
//! 2. [`NodeFacts::resolve`] then [`Session::nodes`]: the nodes and their facts ([`facts`]),
//!    each a [`NodeSpec`] (a node, or the `bad-input` finding that prevents it);
//! 3. [`Session::compile_nodes`]: each node's catalog (or failed catalog), findings as data,
//!    time, in parallel ([`NodeOutcome`]);
//! 4. [`Session::findings`]: the findings of every node as diagnostics of the catalog rules,
//!    the same finding of several nodes kept once with the nodes it occurs on, the files'
//!    suppression comments applied ([`findings`]).
//!
//! [`example`] compiles a documentation example or a fixture through the same session.
//!
//! ```
//! use plint_lint::config::{CliOptions, Settings};
//! use plint_lint::evaluate::{FactsSource, Session, Target};
//! use plint_lint::sandbox::Sandbox;
//!
//! let cwd = std::env::current_dir().unwrap();
//! let mut sandbox = Sandbox::new(&cwd, std::slice::from_ref(&cwd));
//! let options = CliOptions { no_config: true, ..CliOptions::default() };
//! let settings = Settings::load(&options, &cwd, &mut sandbox).unwrap();
//! let code = "notify { \"on ${facts['os']['name']}\": }".to_string();
//! let target = Target { code: Some(code), ..Target::default() };
//! let session = Session::new(cwd, settings, sandbox, target, 2).unwrap();
//!
//! let source = FactsSource {
//!     os: Some("debian-12".into()),
//!     node: Some("web1.example.com".into()),
//!     ..FactsSource::default()
//! };
//! let nodes = session.nodes(&session.facts(&source).unwrap());
//! let outcomes = session.compile_nodes(nodes);
//! let catalog = outcomes[0].catalog.as_ref().unwrap();
//! assert!(catalog.resources().iter().any(|r| r.title == "on Debian"));
//! assert_eq!(session.findings(&outcomes).iter().count(), 0);
//! ```

pub mod environment;
pub mod example;
pub mod facts;
pub mod findings;
pub mod node;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

pub use environment::{CODE_NAME, Main};
pub use facts::{FactsSource, NodeFacts};
pub use findings::{Finding, Findings};
pub use node::{BadFacts, NodeOutcome, NodeSpec};

use crate::config::Settings;
use crate::eval::budget::Budgets;
use crate::eval::compiler::{CompileInput, Manifest, Node, RubyCache, SharedParses};
use crate::rules::registry::Selection;
use crate::sandbox::Sandbox;

/// What a session evaluates, as the command line gives it.
#[derive(Debug, Clone, Default)]
pub struct Target {
    /// `-e CODE`: the main manifest as code.
    pub code: Option<String>,
    /// MANIFEST: a file, a directory of manifests, or an environment (one path).
    pub paths: Vec<PathBuf>,
    /// `--basemodulepath`: the server's own module folders (see
    /// [`environment::environment_modulepath`]).
    pub basemodulepath: Vec<PathBuf>,
    /// `--hiera FILE`: the environment layer's `hiera.yaml`.
    pub hiera: Option<PathBuf>,
    /// `--global-hiera FILE`: the global layer's `hiera.yaml`.
    pub global_hiera: Option<PathBuf>,
    /// `--eval-budget NAME=N` settings, over [`Budgets::default`].
    pub budgets: Vec<String>,
    /// `--server-fact KEY=VALUE` settings: the compiling server's own facts, and
    /// `environment`, the environment's name (see [`crate::eval::compiler::parse_server_fact`]).
    pub server_facts: Vec<String>,
}

/// Whoever watches the nodes compile (the command line's progress bar), told from the worker
/// threads.
pub trait Progress: Send + Sync {
    /// The compilations start: `nodes` of them.
    fn start(&self, nodes: usize);
    /// One node is compiled.
    fn done(&self, outcome: &NodeOutcome);
}

/// One evaluate run: where it runs, its settings, sandbox and worker threads, what it
/// evaluates, and what its nodes' compilations share.
pub struct Session {
    cwd: PathBuf,
    settings: Settings,
    sandbox: Arc<Sandbox>,
    pool: rayon::ThreadPool,
    main: Main,
    modulepath: Vec<PathBuf>,
    hiera: Option<PathBuf>,
    global_hiera: Option<PathBuf>,
    budgets: Budgets,
    /// The environment's name (`production` unless `--server-fact environment=NAME`).
    environment: String,
    /// The server facts given (`--server-fact`), besides `environment`.
    server_facts: Vec<(String, String)>,
    /// Templates and Ruby functions, parsed once for all the nodes.
    ruby: Arc<RubyCache>,
    /// The rules' severities for every file, instead of the files' profiles.
    selection: Option<Selection>,
    progress: Option<Arc<dyn Progress>>,
}

impl Session {
    /// A session running in `cwd` with `settings` (loaded through `sandbox`) on `threads`
    /// worker threads (0: one per core) that evaluates `target`. An error when the main
    /// manifest cannot be read, a Hiera file named does not exist, or a budget is invalid.
    pub fn new(
        cwd: PathBuf,
        settings: Settings,
        mut sandbox: Sandbox,
        target: Target,
        threads: usize,
    ) -> Result<Session, String> {
        let main = environment::main_manifest(target.code.as_deref(), &target.paths, &sandbox)?;
        // The environment holding the manifest is the repository too.
        if let Some(env) = &main.environment {
            sandbox.add_untrusted(env);
        }
        let modulepath: Vec<PathBuf> = if !settings.modulepath.is_empty() {
            settings.modulepath.to_vec()
        } else {
            main.environment
                .as_ref()
                .map(|env| {
                    environment::environment_modulepath(env, &target.basemodulepath, &sandbox)
                })
                .unwrap_or_else(|| target.basemodulepath.clone())
        };
        for hiera in [&target.hiera, &target.global_hiera].into_iter().flatten() {
            if !hiera.is_file() {
                return Err(format!(
                    "cannot read the Hiera configuration `{}`: no such file",
                    hiera.display()
                ));
            }
        }
        let mut budgets = Budgets::default();
        for b in &target.budgets {
            budgets.set(b).map_err(|e| format!("--eval-budget: {e}"))?;
        }
        let mut environment = "production".to_string();
        let mut server_facts = Vec::new();
        for setting in &target.server_facts {
            match crate::eval::compiler::parse_server_fact(setting)? {
                (key, value) if key == "environment" => environment = value,
                fact => server_facts.push(fact),
            }
        }
        Ok(Session {
            cwd,
            settings,
            sandbox: Arc::new(sandbox),
            pool: crate::lint::worker_pool(threads)?,
            main,
            modulepath,
            hiera: target.hiera,
            global_hiera: target.global_hiera,
            budgets,
            environment,
            server_facts,
            ruby: Arc::default(),
            selection: None,
            progress: None,
        })
    }

    /// Tells `progress` how the compilations go (see [`Progress`]).
    pub fn with_progress(mut self, progress: Arc<dyn Progress>) -> Session {
        self.progress = Some(progress);
        self
    }

    /// Takes the parses of the files whose text another session sharing `shared` parsed
    /// already, and shares its own (`plint diff`'s two revisions: see
    /// [`crate::eval::compiler::SharedParses`]). The catalogs and findings are those of a
    /// session of its own.
    pub fn with_shared_parses(mut self, shared: Arc<SharedParses>) -> Session {
        self.ruby = Arc::new(RubyCache::sharing(shared));
        self
    }

    /// Reports the catalog rules at `selection`'s severities in every file, instead of the
    /// files' profiles (a fixture checks one rule).
    pub fn with_selection(mut self, selection: Selection) -> Session {
        self.selection = Some(selection);
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

    /// The main manifest and its environment.
    pub fn main(&self) -> &Main {
        &self.main
    }

    /// The code given with `-e`, if the main manifest is code.
    pub fn code(&self) -> Option<&str> {
        match &self.main.manifest {
            Manifest::Code(code) => Some(code),
            Manifest::Files(_) => None,
        }
    }

    /// The module path: `--modulepath` or `plint.toml`'s, else the environment's.
    pub fn modulepath(&self) -> &[PathBuf] {
        &self.modulepath
    }

    /// How many worker threads compile the nodes.
    pub fn threads(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// The modules of the module path behind a link leading out, which are not read.
    pub fn refused_modules(&self) -> Vec<crate::sandbox::Note> {
        crate::discover::module::refused_in(&self.modulepath, &self.sandbox)
    }

    /// Resolves where the nodes' facts come from (see [`NodeFacts::resolve`]).
    pub fn facts(&self, source: &FactsSource) -> Result<NodeFacts, String> {
        NodeFacts::resolve(source, self.settings.puppet.version, &self.sandbox)
    }

    /// Reads the facts of every node of `facts`, in parallel.
    pub fn nodes(&self, facts: &NodeFacts) -> Vec<NodeSpec> {
        self.pool.install(|| {
            facts
                .files()
                .par_iter()
                .map(|p| facts.node(p, &self.sandbox))
                .collect()
        })
    }

    /// What one compilation takes, for `node`.
    fn input(&self, mut node: Node) -> CompileInput {
        for (key, value) in &self.server_facts {
            node.set_server_fact(key, value)
                .expect("a server fact checked by parse_server_fact");
        }
        CompileInput {
            manifest: self.main.manifest.clone(),
            sandbox: self.sandbox.clone(),
            modulepath: self.modulepath.clone(),
            global_hiera: self.global_hiera.clone(),
            hiera: self.hiera.clone(),
            environment_dir: self.main.environment.clone(),
            environment: self.environment.clone(),
            strict_variables: self.settings.puppet.strict_variables(),
            node,
            budgets: self.budgets.clone(),
            ruby: self.ruby.clone(),
            record_variable_reads: false,
        }
    }

    /// Compiles every node of `nodes` in parallel, in their order; a panic while compiling a
    /// node (a bug in plint) is a `P000` finding of that node.
    pub fn compile_nodes(&self, nodes: Vec<NodeSpec>) -> Vec<NodeOutcome> {
        let names: Vec<(Option<&str>, &Path)> = nodes
            .iter()
            .map(|n| {
                let name = n.node.as_ref().ok().map(|n| n.name.as_str());
                (name, n.facts_path.as_path())
            })
            .collect();
        let labels = node::node_labels(&names);
        if let Some(progress) = &self.progress {
            progress.start(nodes.len());
        }
        self.pool.install(|| {
            nodes
                .into_par_iter()
                .zip(labels)
                .map(|(spec, label)| {
                    let outcome = node::compile_node(spec, label, |n| self.input(n));
                    if let Some(progress) = &self.progress {
                        progress.done(&outcome);
                    }
                    outcome
                })
                .collect()
        })
    }

    /// The findings of `outcomes` as diagnostics (see [`Findings`]).
    pub fn findings(&self, outcomes: &[NodeOutcome]) -> Findings<'_> {
        let mut found = Findings::new(self);
        let several = outcomes.len() > 1;
        for r in outcomes {
            // A facts file's problem is about that file, not about a node.
            let node = (several && !r.bad_input && r.name.is_some()).then_some(r.label.as_str());
            for d in &r.diags {
                found.add(d, node);
            }
            if let Some(p) = &r.panicked {
                let mut p = p.clone();
                p.message = format!("{} (node `{}`)", p.message, r.label);
                found.add_diagnostic(self.main.fallback.clone(), p);
            }
        }
        found
    }
}
