//! The catalog compiler: evaluates the main manifest for a node as Puppet 7 does (top scope,
//! node matching, classes, defines, resources, defaults, overrides, collectors, relationships,
//! stages) and checks the catalog.
//!
//! The order of work follows Puppet's compiler: the main manifest's code (the class `main`),
//! then the matching node, then the generators loop (collectors, then the defines not yet
//! evaluated, until nothing changes), then the relationships, pending overrides and the scope
//! tags of every resource.

mod cache;
mod calls;
mod classes;
mod collectors;
mod conditions;
mod eval;
mod findings;
mod finish;
mod functions;
mod hiera_backend;
mod input;
mod limits;
mod loader;
mod overrides;
mod relationships;
mod resources;
mod ruby;
pub use cache::{RubyCache, SharedParses};
mod scope;
mod snippet;
mod templates;

pub use input::{
    CompileInput, CompileOutput, Manifest, Node, PUPPET_VERSION, SERVER_FACTS, VariableRead,
    parse_server_fact,
};
pub use snippet::{SnippetOptions, SnippetOutput, eval_expression, eval_snippet};

use std::collections::HashMap;
use std::path::PathBuf;

use super::catalog::{Location, Resource};
use super::diag::{BadInput, EvalDiag, EvalDiagKind, GaveUp, NotEvaluated, Related, ValueFrom};
use super::error::EvalError;
use super::value::{Hash, Value};
use crate::syntax::ast::Span;
use loader::{FileId, Loader};
use scope::{Ctx, ScopeId};

/// Compiles the catalog of `input.node`.
pub fn compile(input: &CompileInput) -> CompileOutput {
    let mut c = Compiler::new(input);
    let ok = c.run();
    let ok = ok.and_then(|()| c.limits.check_catalog_size(&c.built.catalog));
    // What Hiera could not read or do: a refused data file is a finding of its own.
    for n in c.hiera.notes() {
        let kind = match n.refused {
            Some(_) => EvalDiagKind::RefusedHieraData { note: n.message },
            None => EvalDiagKind::NotEvaluated {
                what: NotEvaluated::Hiera { note: n.message },
            },
        };
        let at = Location {
            file: n.config,
            span: None,
            line: None,
        };
        c.findings.push(EvalDiag::new(kind, at));
    }
    let (catalog, failed) = match ok {
        Ok(()) if !c.findings.failed() => {
            // Dependency cycles: the agent would refuse the catalog.
            for d in super::checks::check_cycles(&c.built.catalog, None) {
                c.findings.push(d);
            }
            (Some(std::mem::take(&mut c.built.catalog)), None)
        }
        Ok(()) => {
            // A failed compilation gives the agent nothing; but a cycle among what did compile
            // is one in the whole catalog too (the rest only adds resources and edges): an
            // error of its own, after those Puppet meets first.
            for d in super::checks::check_cycles(&c.built.catalog, None) {
                c.findings.push_error(d);
            }
            (None, Some(std::mem::take(&mut c.built.catalog)))
        }
        // A budget that ran out gives no catalog at all: what it holds may be what exceeded it.
        Err(e) => {
            let budget = e.kind == super::error::ErrorKind::Budget;
            c.report_error(e);
            (
                None,
                (!budget).then(|| std::mem::take(&mut c.built.catalog)),
            )
        }
    };
    c.findings.into_output(catalog, failed)
}

/// What is known about a catalog resource beyond what the catalog writes.
#[derive(Debug, Clone)]
pub(crate) struct ResMeta {
    /// The scope the resource was declared in.
    pub scope: ScopeId,
    pub kind: ResKind,
    /// For a define instance: whether its body has been evaluated.
    pub evaluated: bool,
    pub file: FileId,
    pub span: Span,
    /// The class whose code declared it (for overrides from inheriting classes).
    pub source_class: Option<String>,
    /// Parameters given for a define instance (evaluated when the define is).
    pub given: Vec<(String, Value)>,
    /// Parameters set by an override, with the class that set them.
    pub param_sources: Vec<(String, String)>,
    pub tags_merged: bool,
    /// Created by `create_resources`/`ensure_resource` with a number or boolean as title.
    pub nonstring_title: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ResKind {
    Builtin,
    Define(String),
    Class,
    Node,
    Main,
    Stage,
}

pub(crate) struct Compiler<'i> {
    pub input: &'i CompileInput,
    pub loader: Loader,
    /// The named scopes: top, node, classes, define instances.
    pub scopes: scope::Scopes,
    pub ctx: Ctx,
    /// The catalog being built and what is known of its resources.
    pub built: resources::Built,
    /// What the compilation found: findings, errors, missing facts, variable reads.
    pub findings: findings::Findings,
    /// The limits of this compilation: nesting, steps, budgets, wall time.
    pub limits: limits::Limits,
    pub main_file: FileId,
    /// The templates being rendered, and what rendering them remembers.
    pub templates: templates::Templates,
    /// Hiera's data (global, environment, modules).
    pub hiera: crate::eval::hiera::Hiera,
    /// The regexps this compilation compiled (shared with its Hiera).
    pub regexes: std::sync::Arc<crate::types::RegexCache>,
    /// How each type alias named as a value shows as a string (`Port = Integer[1, 65535]`),
    /// by lower-case name: computed once per compilation.
    pub alias_shown: HashMap<String, std::sync::Arc<str>>,
    /// The type texts this compilation parsed (`String[1]`, a `Type[args]` access rebuilt as
    /// text), each parsed once.
    pub types: crate::types::Caches,
}

impl<'i> Compiler<'i> {
    fn new(input: &'i CompileInput) -> Self {
        let regexes = std::sync::Arc::new(crate::types::RegexCache::default());
        Compiler {
            input,
            loader: Loader::new(&input.modulepath, input.sandbox.clone(), input.ruby.clone()),
            scopes: scope::Scopes::new(),
            ctx: Ctx::new(0, 0),
            built: resources::Built::new(&input.node.name, &input.environment),
            findings: findings::Findings::new(input.record_variable_reads),
            limits: limits::Limits::new(&input.budgets),
            main_file: 0,
            templates: templates::Templates::default(),
            hiera: crate::eval::hiera::Hiera::new(
                input.global_hiera.as_deref(),
                input.environment_dir.as_deref(),
                &input.modulepath,
                input.sandbox.clone(),
            )
            .with_environment_config(input.hiera.as_deref())
            .with_budgets(
                input.budgets.hiera_interpolations,
                input.budgets.string_bytes,
            )
            .with_regexes(regexes.clone()),
            regexes,
            alias_shown: HashMap::new(),
            types: crate::types::Caches::default(),
        }
    }

    fn run(&mut self) -> Result<(), EvalError> {
        let main_code = self.start()?;
        // The main manifest's code, file by file.
        for (file, stmts) in main_code {
            self.ctx = Ctx::new(scope::TOP, file);
            self.eval_body(&stmts)?;
        }
        self.run_generators()
    }

    /// The start of a compilation: loads the main manifest, sets the top scope's variables and
    /// adds the resources every catalog has (`Stage[main]`, `Class[Settings]`, `Class[main]`).
    /// Gives the main manifest's statements, file by file.
    fn start(&mut self) -> Result<Vec<(FileId, Vec<crate::syntax::ast::Expr>)>, EvalError> {
        let main_code = self.load_main();
        self.report_load_errors();
        let syntax_error = |d: &EvalDiag| matches!(d.kind, EvalDiagKind::EvalError { .. });
        if self.findings.any(syntax_error) {
            return Err(EvalError::new("The manifest has syntax errors"));
        }
        self.set_top_variables();
        // Stage[main], Class[Settings], Class[main].
        let mut stage = Resource::new("Stage", "main");
        stage.tag("stage");
        stage.set_param("name", Value::string("main"));
        self.add_meta_resource(stage, ResKind::Stage, None);
        let mut settings = Resource::new("Class", "Settings");
        settings.tag("class");
        settings.tag("settings");
        self.add_meta_resource(settings, ResKind::Class, None);
        self.built
            .catalog
            .add_edge("Stage[main]".into(), "Class[Settings]".into());
        self.built.catalog.classes.push("settings".into());
        let mut main = Resource::new("Class", "main");
        main.tag("class");
        main.set_param("name", Value::string("main"));
        let main_idx = self.add_meta_resource(main, ResKind::Main, None);
        self.built
            .catalog
            .add_edge("Stage[main]".into(), "Class[main]".into());
        self.scopes[scope::TOP].resource = Some(main_idx);
        Ok(main_code)
    }

    /// The rest of a compilation once the main manifest's code has run: the node, the
    /// generators, the relationships and overrides.
    fn run_generators(&mut self) -> Result<(), EvalError> {
        self.evaluate_node()?;
        self.evaluate_generators()?;
        self.finish()?;
        self.report_load_errors();
        Ok(())
    }

    fn load_main(&mut self) -> Vec<(FileId, Vec<crate::syntax::ast::Expr>)> {
        match &self.input.manifest {
            Manifest::Code(code) => vec![self.loader.load_main(None, code.clone())],
            Manifest::Files(files) => {
                let mut list: Vec<PathBuf> = Vec::new();
                for f in files {
                    if f.is_dir() {
                        let pp = |p: &std::path::Path| p.extension().is_some_and(|x| x == "pp");
                        let mut inner: Vec<PathBuf> = self.input.sandbox.files_under(f, true, &pp);
                        inner.sort();
                        list.extend(inner);
                    } else {
                        list.push(f.clone());
                    }
                }
                let mut all = Vec::new();
                for f in list {
                    match self.input.sandbox.read(&f) {
                        Ok(bytes) => {
                            let text = String::from_utf8_lossy(&bytes).into_owned();
                            all.push(self.loader.load_main(Some(f.clone()), text));
                        }
                        Err(e) => {
                            let problem = BadInput::Unreadable {
                                path: f.display().to_string(),
                                error: e.to_string(),
                            };
                            let at = Location {
                                file: Some(f.clone()),
                                ..Location::default()
                            };
                            let kind = EvalDiagKind::BadInput { problem };
                            self.findings.push(EvalDiag::new(kind, at));
                        }
                    }
                }
                if all.is_empty() {
                    all.push(self.loader.load_main(None, String::new()));
                }
                all
            }
        }
    }

    fn report_load_errors(&mut self) {
        for e in self.loader.take_errors() {
            let at = self.location(e.file, e.span);
            let kind = EvalDiagKind::EvalError { message: e.message };
            self.findings.push_error(EvalDiag::new(kind, at));
        }
    }

    /// A location in a loaded file.
    /// A rendered template's code is located in the template's file (its spans mapped from
    /// the translated source), and an `inline_epp()` text's at the call.
    pub fn location(&self, file: FileId, span: Span) -> Location {
        let f = self.loader.file(file);
        let span = match &f.spans {
            loader::Spans::Text => span,
            loader::Spans::Epp(t) => Span::new(
                t.template_offset(span.start as usize),
                t.template_offset(span.end as usize),
            ),
            loader::Spans::Inline { file, span } => return self.location(*file, *span),
        };
        Location {
            file: f.path.clone(),
            span: Some(span),
            line: Some(f.line_of(span.start)),
        }
    }

    /// "(file: x, line: n)" as Puppet's messages end.
    pub fn where_text(&self, file: FileId, span: Span) -> String {
        let at = self.location(file, span);
        let line = at.line.unwrap_or(1);
        match &at.file {
            Some(p) => format!("(file: {}, line: {line})", p.display()),
            None => format!("(line: {line})"),
        }
    }

    fn set_top_variables(&mut self) {
        let node = &self.input.node;
        let mut vars: Vec<(String, Value)> = Vec::new();
        for (k, v) in node.facts.iter() {
            if let Value::String(k) = k {
                vars.push((k.clone(), v.clone()));
            }
        }
        for (k, v) in node.server_facts.iter() {
            if let Value::String(k) = k
                && node.facts.get_str(k).is_none()
            {
                vars.push((k.clone(), v.clone()));
            }
        }
        vars.push((
            "environment".into(),
            Value::string(self.input.environment.clone()),
        ));
        vars.push(("facts".into(), Value::hash(node.facts.clone())));
        // The main class's title and name, set in the top scope.
        vars.push(("title".into(), Value::string("main")));
        vars.push(("name".into(), Value::string("main")));
        vars.push(("module_name".into(), Value::string("")));
        vars.push(("trusted".into(), Value::hash(node.trusted.clone())));
        // A server adds the environment's name to its own facts (Puppet's
        // `Node#add_server_facts`).
        let mut server_facts = node.server_facts.clone();
        server_facts.insert(
            Value::string("environment"),
            Value::string(self.input.environment.clone()),
        );
        vars.push(("server_facts".into(), Value::hash(server_facts)));
        let top = &mut self.scopes[scope::TOP];
        for (k, v) in vars {
            top.vars.insert(k, v);
        }
    }

    fn add_meta_resource(&mut self, r: Resource, kind: ResKind, scope: Option<ScopeId>) -> usize {
        let idx = match self.built.catalog.add(r) {
            Ok(i) | Err(i) => i,
        };
        if idx == self.built.meta.len() {
            self.built.meta.push(ResMeta {
                scope: scope.unwrap_or(scope::TOP),
                kind,
                evaluated: true,
                file: self.main_file,
                span: Span::default(),
                source_class: Some(String::new()),
                given: Vec::new(),
                param_sources: Vec::new(),
                tags_merged: true,
                nonstring_title: false,
            });
        }
        idx
    }

    /// Turns the error that stopped the compilation into a finding, located where the error
    /// says (its file, else the current one).
    fn report_error(&mut self, e: EvalError) {
        use super::error::ErrorKind;
        let at = match (e.file, e.span) {
            (Some(f), Some(s)) => self.location(f as FileId, s),
            (None, Some(s)) => self.location(self.ctx.file, s),
            _ => Location::default(),
        };
        let stopped = crate::eval::regex::gave_up(&e).is_some();
        let mut in_templates = Vec::new();
        let kind = match e.kind {
            ErrorKind::Budget => EvalDiagKind::BudgetExceeded { message: e.message },
            ErrorKind::Finding(finding) => {
                in_templates = finding.in_templates;
                finding.kind
            }
            ErrorKind::Fail => EvalDiagKind::Fail { message: e.message },
            ErrorKind::ArgumentType => EvalDiagKind::ParameterType {
                owner: None,
                mismatch: e.message,
                from: ValueFrom::Given,
            },
            ErrorKind::Error if stopped => EvalDiagKind::RegexTooCostly {
                gave_up: GaveUp::Stopped { message: e.message },
            },
            ErrorKind::Error => EvalDiagKind::EvalError { message: e.message },
            control => EvalDiagKind::EvalError {
                message: EvalError::control(control).to_string(),
            },
        };
        // A syntax error already reported is not reported again.
        if matches!(&kind, EvalDiagKind::EvalError { message } if message == "The manifest has syntax errors")
            && self.findings.any(|d| {
                matches!(&d.kind, EvalDiagKind::EvalError { message } if message.starts_with("Syntax error"))
            })
        {
            return;
        }
        let related = match &kind {
            EvalDiagKind::DuplicateResource { first, .. } => {
                vec![(first.clone(), Related::FirstDeclared)]
            }
            _ => Vec::new(),
        };
        self.findings.push_error(EvalDiag {
            kind,
            at,
            related,
            in_templates,
        });
    }

    /// Adds a finding that does not stop the compilation.
    pub fn note(&mut self, kind: EvalDiagKind, span: Span) {
        let at = self.location(self.ctx.file, span);
        self.findings.push(EvalDiag::new(kind, at));
    }

    /// Records a read of a fact the node's facts lack (once per way it is read).
    pub fn missing_fact(&mut self, path: Vec<String>, read: String, span: Span) {
        if self.findings.has_missing_fact(&read) {
            return;
        }
        let at = self.location(self.ctx.file, span);
        self.findings
            .push_missing_fact(crate::eval::facts::MissingFact { read, path, at });
    }

    /// The facts as a hash.
    pub fn facts(&self) -> &Hash {
        &self.input.node.facts
    }
}
