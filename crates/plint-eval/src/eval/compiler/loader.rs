//! Finding what a compilation needs, as Puppet's loaders find it: the main manifest's
//! definitions (hoisted: known before any code runs), and classes, defines, Puppet functions
//! and type aliases autoloaded by name from the module path (`ntp::config` is
//! `ntp/manifests/config.pp`). Files are parsed once; syntax errors are reported once.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use crate::defs::model::{FunctionDef as RubyFunctionDef, ResourceTypeDef};
use crate::defs::ruby;
use crate::discover::module::{AutoloadDir, autoload_path};
use crate::sandbox::Sandbox;
use crate::syntax::ast::{self, Expr, ExprKind, Span};
use crate::types::{AliasResolver, Type};

/// A parsed file.
#[derive(Debug)]
pub struct SourceFile {
    /// `None` for code given on the command line.
    pub path: Option<PathBuf>,
    pub text: String,
    /// Byte offsets where lines start.
    line_starts: Vec<usize>,
    /// What the spans of its code are offsets in.
    pub spans: Spans,
}

/// What the spans of a file's code are offsets in.
#[derive(Debug, Default)]
pub enum Spans {
    /// The file's text (a manifest).
    #[default]
    Text,
    /// An EPP template's translated source, which the template maps to the file's text.
    Epp(Box<crate::eval::epp::EppTemplate>),
    /// The text of an `inline_epp()` call, whose code has no file of its own: what it finds
    /// is located at the call.
    Inline { file: FileId, span: Span },
}

impl SourceFile {
    fn new(path: Option<PathBuf>, text: String) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        SourceFile {
            path,
            text,
            line_starts,
            spans: Spans::Text,
        }
    }

    /// The 1-based line of a byte offset.
    pub fn line_of(&self, offset: u32) -> u32 {
        match self.line_starts.binary_search(&(offset as usize)) {
            Ok(i) => i as u32 + 1,
            Err(i) => i as u32,
        }
    }
}

pub type FileId = usize;

/// What kind of definition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefKind {
    Class,
    Define,
}

/// A class or define, with its full name and where it is.
#[derive(Debug)]
pub struct Definition {
    pub kind: DefKind,
    /// Lower case, without a leading `::`.
    pub name: String,
    pub params: Vec<ast::Parameter>,
    pub parent: Option<String>,
    pub body: ast::Block,
    pub file: FileId,
    pub span: Span,
    /// The module the file belongs to (for `$module_name`).
    pub module: Option<String>,
}

#[derive(Debug)]
pub struct FunctionDefinition {
    pub name: String,
    pub params: Vec<ast::Parameter>,
    pub return_type: Option<Expr>,
    pub body: ast::Block,
    pub file: FileId,
}

#[derive(Debug)]
pub struct NodeDefinition {
    pub matchers: Vec<Expr>,
    pub body: ast::Block,
    pub file: FileId,
    pub span: Span,
}

/// A syntax error found while loading.
#[derive(Debug, Clone)]
pub struct LoadError {
    pub file: FileId,
    pub span: Span,
    pub message: String,
}

/// What a Ruby function (without a Rust implementation) is known to return.
#[derive(Debug, Clone)]
pub struct RubyFunction {
    /// The file that defines it.
    pub path: PathBuf,
    pub return_type: Option<String>,
    /// Its definition, read from the parsed file (`None`: a Ruby syntax error, or a form plint
    /// does not read).
    pub def: Option<std::sync::Arc<crate::ruby::function::FunctionDef>>,
    /// A 3.x function (`lib/puppet/parser/functions/`): Puppet passes it `undef` arguments as
    /// empty strings.
    pub api3: bool,
}

#[derive(Default)]
struct State {
    files: Vec<Rc<SourceFile>>,
    definitions: HashMap<String, Rc<Definition>>,
    functions: HashMap<String, Rc<FunctionDefinition>>,
    aliases: HashMap<String, (Expr, FileId)>,
    resolved_aliases: HashMap<String, Option<Type>>,
    nodes: Vec<Rc<NodeDefinition>>,
    loaded_paths: HashSet<PathBuf>,
    ruby_functions: HashMap<String, Option<RubyFunction>>,
    custom_types: HashMap<String, Option<Rc<ResourceTypeDef>>>,
    errors: Vec<LoadError>,
    /// The files standing for rendered templates (see [`Loader::template_file`]).
    templates: HashMap<TemplateKey, FileId>,
}

/// A rendered template: its file, or the `inline_epp()` call (file and offsets) of its text.
#[derive(Debug, PartialEq, Eq, Hash)]
enum TemplateKey {
    File(PathBuf),
    Inline(FileId, u32, u32),
}

/// The loader of one compilation.
pub struct Loader {
    modulepath: Vec<PathBuf>,
    /// Every file is read through it.
    sandbox: Arc<Sandbox>,
    /// The run's parsed Ruby files.
    ruby: Arc<super::cache::RubyCache>,
    state: RefCell<State>,
}

impl Loader {
    pub fn new(
        modulepath: &[PathBuf],
        sandbox: Arc<Sandbox>,
        ruby: Arc<super::cache::RubyCache>,
    ) -> Self {
        Loader {
            modulepath: modulepath.to_vec(),
            sandbox,
            ruby,
            state: RefCell::new(State::default()),
        }
    }

    /// The module folders directly under the module path's folder `dir`, sorted.
    fn module_roots_in(&self, dir: &Path) -> Vec<PathBuf> {
        self.sandbox
            .read_dir(dir)
            .map(|entries| entries.iter().map(|e| e.path()).collect())
            .unwrap_or_default()
    }

    pub fn file(&self, id: FileId) -> Rc<SourceFile> {
        self.state.borrow().files[id].clone()
    }

    /// The file standing for an EPP template file being rendered (one per path and
    /// compilation), for the locations of what its code finds.
    pub fn template_file(&self, path: &Path, template: &crate::eval::epp::EppTemplate) -> FileId {
        self.template_entry(TemplateKey::File(path.to_path_buf()), || SourceFile {
            spans: Spans::Epp(Box::new(template.clone())),
            ..SourceFile::new(Some(path.to_path_buf()), template.source().to_string())
        })
    }

    /// The file standing for the text of the `inline_epp()` call at `span` of `file`.
    pub fn inline_template(&self, file: FileId, span: Span) -> FileId {
        let path = self.file(file).path.clone();
        self.template_entry(TemplateKey::Inline(file, span.start, span.end), || {
            SourceFile {
                spans: Spans::Inline { file, span },
                ..SourceFile::new(path, String::new())
            }
        })
    }

    fn template_entry(&self, key: TemplateKey, make: impl FnOnce() -> SourceFile) -> FileId {
        let mut st = self.state.borrow_mut();
        if let Some(id) = st.templates.get(&key) {
            return *id;
        }
        let id = st.files.len();
        st.files.push(Rc::new(make()));
        st.templates.insert(key, id);
        id
    }

    /// Syntax errors found so far (taken: each is reported once).
    pub fn take_errors(&self) -> Vec<LoadError> {
        std::mem::take(&mut self.state.borrow_mut().errors)
    }

    pub fn nodes(&self) -> Vec<Rc<NodeDefinition>> {
        self.state.borrow().nodes.clone()
    }

    /// Parses code of the main manifest; its definitions become known, its other statements
    /// are returned (with the file's id) to be evaluated as the main class.
    pub fn load_main(&self, path: Option<PathBuf>, text: String) -> (FileId, Vec<Expr>) {
        let (id, ast) = match path {
            // A file: parsed once per run.
            Some(path) => {
                let m = self.ruby.manifest_with_text(&path, text);
                self.add_parsed(Some(path), &m)
            }
            None => {
                let parsed = crate::syntax::parse(&text);
                self.add_file(None, text, &parsed.diagnostics, parsed.ast)
            }
        };
        let mut rest = Vec::new();
        for s in ast.statements {
            if s.is_definition() {
                self.hoist(s, id, "", None, true);
            } else {
                rest.push(s);
            }
        }
        (id, rest)
    }

    /// The file `path` read through the sandbox and parsed, once per run (see
    /// [`super::RubyCache::manifest`]); `None` when it cannot be read.
    fn parse_file(&self, path: &Path) -> Option<(FileId, ast::File)> {
        let read = || {
            let bytes = self.sandbox.read(path).ok()?;
            Some(String::from_utf8_lossy(&bytes).into_owned())
        };
        let m = self.ruby.manifest(path, read)?;
        Some(self.add_parsed(Some(path.to_path_buf()), &m))
    }

    /// Records a file of the run's parsed manifests (its text and tree copied: the
    /// compilation takes its definitions apart).
    fn add_parsed(
        &self,
        path: Option<PathBuf>,
        m: &super::cache::ParsedManifest,
    ) -> (FileId, ast::File) {
        let (text, ast) = (m.text.clone(), m.parsed.ast.clone());
        self.add_file(path, text, &m.parsed.diagnostics, ast)
    }

    /// Records a parsed file and its syntax errors.
    fn add_file(
        &self,
        path: Option<PathBuf>,
        text: String,
        diagnostics: &[crate::report::Diagnostic],
        ast: ast::File,
    ) -> (FileId, ast::File) {
        let mut st = self.state.borrow_mut();
        let id = st.files.len();
        for d in diagnostics
            .iter()
            .filter(|d| d.severity == crate::report::Severity::Error)
        {
            st.errors.push(LoadError {
                file: id,
                span: Span::new(d.span.start, d.span.end),
                message: format!("Syntax error: {}", d.message),
            });
        }
        st.files.push(Rc::new(SourceFile::new(path, text)));
        (id, ast)
    }

    /// Records a definition (and the definitions nested in a class, prefixed with its name).
    fn hoist(&self, e: Expr, file: FileId, prefix: &str, module: Option<&str>, main: bool) {
        let qualify = |n: &str| {
            let n = n.trim_start_matches("::").to_ascii_lowercase();
            if prefix.is_empty() {
                n
            } else {
                format!("{prefix}::{n}")
            }
        };
        match e.kind {
            ExprKind::Class(c) => {
                let c = *c;
                let name = qualify(&c.name.name);
                let mut body = Vec::new();
                for s in c.body.statements {
                    if s.is_definition() {
                        self.hoist(s, file, &name, module, main);
                    } else {
                        body.push(s);
                    }
                }
                let def = Definition {
                    kind: DefKind::Class,
                    name: name.clone(),
                    params: c.params,
                    parent: c
                        .parent
                        .map(|p| p.name.trim_start_matches("::").to_ascii_lowercase()),
                    body: ast::Block {
                        statements: body,
                        span: c.body.span,
                    },
                    file,
                    span: c.name.span,
                    module: module.map(str::to_string),
                };
                self.state
                    .borrow_mut()
                    .definitions
                    .entry(name)
                    .or_insert_with(|| Rc::new(def));
            }
            ExprKind::Define(d) => {
                let d = *d;
                let name = qualify(&d.name.name);
                let def = Definition {
                    kind: DefKind::Define,
                    name: name.clone(),
                    params: d.params,
                    parent: None,
                    body: d.body,
                    file,
                    span: d.name.span,
                    module: module.map(str::to_string),
                };
                self.state
                    .borrow_mut()
                    .definitions
                    .entry(name)
                    .or_insert_with(|| Rc::new(def));
            }
            ExprKind::Function(f) => {
                let f = *f;
                let name = f.name.name.trim_start_matches("::").to_ascii_lowercase();
                let def = FunctionDefinition {
                    name: name.clone(),
                    params: f.params,
                    return_type: f.return_type,
                    body: f.body,
                    file,
                };
                self.state
                    .borrow_mut()
                    .functions
                    .entry(name)
                    .or_insert_with(|| Rc::new(def));
            }
            ExprKind::TypeAlias(a) => {
                let a = *a;
                let name = match &a.name.kind {
                    ExprKind::TypeRef(n) | ExprKind::Name(n) => {
                        n.trim_start_matches("::").to_ascii_lowercase()
                    }
                    _ => return,
                };
                self.state
                    .borrow_mut()
                    .aliases
                    .entry(name)
                    .or_insert((a.value, file));
            }
            ExprKind::Node(n) if main => {
                let n = *n;
                self.state.borrow_mut().nodes.push(Rc::new(NodeDefinition {
                    matchers: n.matchers,
                    body: n.body,
                    file,
                    span: e.span,
                }));
            }
            _ => {}
        }
    }

    /// The module folder of `module` first found on the module path.
    fn module_dir(&self, module: &str) -> Option<PathBuf> {
        self.modulepath
            .iter()
            .map(|d| d.join(module))
            .find(|p| self.sandbox.is_dir(p))
    }

    fn load_file(&self, path: &Path, module: &str) {
        {
            let mut st = self.state.borrow_mut();
            if !st.loaded_paths.insert(path.to_path_buf()) {
                return;
            }
        }
        let Some((id, ast)) = self.parse_file(path) else {
            return;
        };
        for s in ast.statements {
            if s.is_definition() {
                self.hoist(s, id, "", Some(module), false);
            }
        }
    }

    /// Loads the files where `name` may be defined (its own file, then the files of its
    /// enclosing namespaces, as Puppet's type loader does).
    fn autoload(&self, dir: AutoloadDir, name: &str) {
        let Some((module, _)) = autoload_path(dir, name) else {
            return;
        };
        let Some(root) = self.module_dir(&module) else {
            return;
        };
        let segments: Vec<&str> = name.split("::").collect();
        for n in (1..=segments.len()).rev() {
            let prefix = segments[..n].join("::");
            if let Some((_, rel)) = autoload_path(dir, &prefix) {
                self.load_file(&root.join(rel), &module);
            }
            if dir != AutoloadDir::Manifests {
                break;
            }
        }
    }

    /// A class or define by name (lower case, no leading `::`).
    pub fn definition(&self, name: &str) -> Option<Rc<Definition>> {
        let name = name.trim_start_matches("::").to_ascii_lowercase();
        if let Some(d) = self.state.borrow().definitions.get(&name) {
            return Some(d.clone());
        }
        self.autoload(AutoloadDir::Manifests, &name);
        self.state.borrow().definitions.get(&name).cloned()
    }

    pub fn function(&self, name: &str) -> Option<Rc<FunctionDefinition>> {
        let name = name.trim_start_matches("::").to_ascii_lowercase();
        if let Some(d) = self.state.borrow().functions.get(&name) {
            return Some(d.clone());
        }
        if name.contains("::") {
            self.autoload(AutoloadDir::Functions, &name);
        }
        self.state.borrow().functions.get(&name).cloned()
    }

    /// A Ruby function of a module: its declared return type (first dispatch's).
    pub fn ruby_function(&self, name: &str) -> Option<RubyFunction> {
        let name = name.trim_start_matches("::").to_ascii_lowercase();
        if let Some(r) = self.state.borrow().ruby_functions.get(&name) {
            return r.clone();
        }
        let found = self.find_ruby_function(&name);
        self.state
            .borrow_mut()
            .ruby_functions
            .insert(name, found.clone());
        found
    }

    fn find_ruby_function(&self, name: &str) -> Option<RubyFunction> {
        let scan = |path: PathBuf, kind: ruby::Kind| -> Option<RubyFunction> {
            let text = self.sandbox.read_to_string(&path).ok()?;
            let def = self.ruby.function(&path, name, || Some(text.clone()));
            let defs = ruby::scan(&ruby::Source {
                path: path.clone(),
                text,
                kind,
            });
            let f: Option<&RubyFunctionDef> = defs.functions.iter().find(|f| f.name == name);
            Some(RubyFunction {
                path,
                def,
                return_type: f
                    .and_then(|f| f.signatures.first().and_then(|s| s.return_type.clone())),
                api3: matches!(kind, ruby::Kind::Function3x),
            })
        };
        let rel4 = format!("lib/puppet/functions/{}.rb", name.replace("::", "/"));
        if let Some((module, _)) = name.split_once("::") {
            let root = self.module_dir(module)?;
            let p = root.join(&rel4);
            return self
                .sandbox
                .is_file(&p)
                .then(|| scan(p, ruby::Kind::Function4x))
                .flatten();
        }
        let rel3 = format!("lib/puppet/parser/functions/{name}.rb");
        for dir in &self.modulepath {
            for root in self.module_roots_in(dir) {
                let p4 = root.join(&rel4);
                if self.sandbox.is_file(&p4) {
                    return scan(p4, ruby::Kind::Function4x);
                }
                let p3 = root.join(&rel3);
                if self.sandbox.is_file(&p3) {
                    return scan(p3, ruby::Kind::Function3x);
                }
            }
        }
        None
    }

    /// Whether a module defines the custom resource type `name` (`lib/puppet/type/name.rb`).
    pub fn custom_type(&self, name: &str) -> bool {
        self.custom_type_def(name).is_some()
    }

    /// The custom resource type `name` of a module, as its Ruby file is read.
    pub fn custom_type_def(&self, name: &str) -> Option<Rc<ResourceTypeDef>> {
        let name = name.to_ascii_lowercase();
        if let Some(d) = self.state.borrow().custom_types.get(&name) {
            return d.clone();
        }
        let rel = format!("lib/puppet/type/{name}.rb");
        let mut found = None;
        'outer: for dir in &self.modulepath {
            for root in self.module_roots_in(dir) {
                let path = root.join(&rel);
                if self.sandbox.is_file(&path) {
                    let text = self.sandbox.read_to_string(&path).unwrap_or_default();
                    let defs = ruby::scan(&ruby::Source {
                        path,
                        text,
                        kind: ruby::Kind::ResourceType,
                    });
                    let def = defs
                        .resource_types
                        .into_iter()
                        .find(|t| t.name == name)
                        .unwrap_or(ResourceTypeDef {
                            name: name.clone(),
                            attributes: Vec::new(),
                            complete: false,
                            origin: crate::defs::model::Origin::Builtin,
                            title_patterns: None,
                        });
                    found = Some(Rc::new(def));
                    break 'outer;
                }
            }
        }
        self.state
            .borrow_mut()
            .custom_types
            .insert(name, found.clone());
        found
    }

    /// Whether a type alias (or type definition) of this name exists.
    pub fn has_alias(&self, name: &str) -> bool {
        self.alias_source(name).is_some()
    }

    fn alias_source(&self, name: &str) -> Option<(Expr, FileId)> {
        let key = name.trim_start_matches("::").to_ascii_lowercase();
        if let Some(a) = self.state.borrow().aliases.get(&key) {
            return Some(a.clone());
        }
        if key.contains("::") {
            self.autoload(AutoloadDir::Types, &key);
        }
        self.state.borrow().aliases.get(&key).cloned()
    }
}

impl AliasResolver for Loader {
    fn resolve(&self, name: &str) -> Option<Type> {
        let key = name.trim_start_matches("::").to_ascii_lowercase();
        if let Some(t) = self.state.borrow().resolved_aliases.get(&key) {
            return t.clone();
        }
        let t = self.alias_source(&key).and_then(|(e, file)| {
            let f = self.file(file);
            crate::types::from_expr(&e, &f.text).ok()
        });
        self.state
            .borrow_mut()
            .resolved_aliases
            .insert(key, t.clone());
        t
    }
}
