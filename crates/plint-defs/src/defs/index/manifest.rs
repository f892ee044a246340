//! What one manifest defines, for the index: its classes, defined types, functions, type
//! aliases, nodes and top-scope variables, and the templates and Hiera keys it names.

use rustc_hash::FxHashSet as HashSet;
use std::path::Path;

use super::{Manifest, TopVar, key};
use crate::defs::model::{
    ClassDef, ClassKind, FunctionDef, FunctionKind, NodeDef, NodeMatcher, Origin, ParamDef,
    ParamKind, SigParam, Signature, TypeAliasDef, VarDef,
};
use crate::defs::templates;
use crate::discover::module::{AutoloadDir, ModuleFile, module_file};
use crate::syntax::ast::{AssignOp, Expr, ExprKind, Parameter, Span};

/// What one manifest defines; each definition with whether it is where the autoloader
/// looks for it.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct FileDefs {
    /// The manifest's path.
    pub(super) path: std::path::PathBuf,
    pub(super) definitions: Vec<(ClassDef, bool)>,
    pub(super) functions: Vec<(FunctionDef, bool)>,
    pub(super) aliases: Vec<(TypeAliasDef, bool)>,
    pub(super) nodes: Vec<NodeDef>,
    pub(super) top_variables: Vec<TopVar>,
    pub(super) templates: Vec<crate::defs::templates::TemplateUse>,
    /// When the template calls were looked for (the text names `template` or `epp`): the
    /// file's path and the hash of its text (see [`super::Index::template_uses_in`]).
    pub(super) templates_walked: Option<(std::path::PathBuf, u64)>,
    pub(super) lookup_keys: Vec<String>,
    /// The types written in the file's definitions (aliases' values, parameters' and return
    /// types), by their text as the definitions hold it, lowered from the file's tree when it
    /// parsed without a syntax error: the run's caches take them as the parse of that text
    /// (see [`crate::types::Caches::remember_parsed`]).
    pub(super) types: Vec<(String, crate::types::Type)>,
}

struct Extractor<'a> {
    path: &'a Path,
    source: &'a str,
    /// The file parsed without a syntax error (its types are kept: see [`FileDefs::types`]).
    clean: bool,
    module: Option<ModuleFile>,
    out: FileDefs,
}

impl FileDefs {
    /// The manifest's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The definitions of one parsed manifest.
    pub fn extract(m: Manifest<'_>) -> FileDefs {
        let module = module_file(&m.path.to_string_lossy());
        FileDefs::extract_in(m, module)
    }

    /// [`FileDefs::extract`] of a manifest whose place in its module (`module_file` of its
    /// path) is known.
    pub fn extract_in(m: Manifest<'_>, module: Option<ModuleFile>) -> FileDefs {
        let mut x = Extractor {
            path: m.path,
            source: m.source,
            clean: !m.ast.syntax_errors,
            module,
            out: FileDefs {
                path: m.path.to_path_buf(),
                ..FileDefs::default()
            },
        };
        x.statements(&m.ast.statements, None);
        let mut vars = Vec::new();
        scope_variables(&m.ast.statements, &mut vars);
        x.out.top_variables = vars
            .into_iter()
            .map(|v| TopVar {
                origin: x.origin(v.span),
                name: v.name,
            })
            .collect();
        // Most manifests name no template: their trees are not walked again.
        if templates::mentions_templates(m.source) {
            x.out.templates = templates::template_uses(m.path, m.source, &m.ast.statements);
            x.out.templates_walked = Some((m.path.to_path_buf(), templates::text_hash(m.source)));
        }
        if templates::mentions_lookups(m.source) {
            x.out.lookup_keys = templates::lookup_keys(&m.ast.statements);
        }
        x.out
    }
}

impl Extractor<'_> {
    fn origin(&self, span: Span) -> Origin {
        Origin::Manifest {
            path: self.path.to_path_buf(),
            span,
        }
    }

    fn text(&self, span: Span) -> String {
        self.source
            .get(span.range())
            .unwrap_or("")
            .trim()
            .to_string()
    }

    /// The text of the type expression `e`, its lowered type kept (see [`FileDefs::types`]).
    fn type_text(&mut self, e: &Expr) -> String {
        let text = self.text(e.span);
        if self.clean
            && !self.out.types.iter().any(|(t, _)| *t == text)
            && let Ok(t) = crate::types::from_expr(e, self.source)
        {
            self.out.types.push((text.clone(), t));
        }
        text
    }

    /// Whether a definition named `name` (a key) is in the file the autoloader loads for it.
    fn autoloaded(&self, dir: AutoloadDir, name: &str) -> bool {
        self.module
            .as_ref()
            .is_some_and(|m| m.dir == dir && m.is_namespace(name))
    }

    fn params(&mut self, params: &[Parameter]) -> Vec<ParamDef> {
        params
            .iter()
            .map(|p| ParamDef {
                name: p.name.name.clone(),
                ty: p.type_expr.as_ref().map(|t| self.type_text(t)),
                has_default: p.default.is_some(),
                captures_rest: p.captures_rest,
                span: p.span,
            })
            .collect()
    }

    /// Definitions among `statements`; `outer` is the enclosing class's name, which
    /// qualifies nested classes and defined types.
    fn statements(&mut self, statements: &[Expr], outer: Option<&str>) {
        let qualify = |name: &str| match outer {
            Some(o) => format!("{o}::{}", key(name)),
            None => key(name),
        };
        for e in statements {
            match &e.kind {
                ExprKind::Class(c) if !c.name.name.is_empty() => {
                    let name = qualify(&c.name.name);
                    let mut variables = Vec::new();
                    scope_variables(&c.body.statements, &mut variables);
                    let def = ClassDef {
                        kind: ClassKind::Class,
                        params: self.params(&c.params),
                        parent: c.parent.as_ref().map(|p| key(&p.name)),
                        variables,
                        origin: self.origin(c.name.span),
                        name: name.clone(),
                    };
                    let loaded = outer.is_none() && self.autoloaded(AutoloadDir::Manifests, &name);
                    self.out.definitions.push((def, loaded));
                    self.statements(&c.body.statements, Some(&name));
                }
                ExprKind::Define(d) if !d.name.name.is_empty() => {
                    let name = qualify(&d.name.name);
                    let mut variables = Vec::new();
                    scope_variables(&d.body.statements, &mut variables);
                    let def = ClassDef {
                        kind: ClassKind::Define,
                        params: self.params(&d.params),
                        parent: None,
                        variables,
                        origin: self.origin(d.name.span),
                        name: name.clone(),
                    };
                    let loaded = outer.is_none() && self.autoloaded(AutoloadDir::Manifests, &name);
                    self.out.definitions.push((def, loaded));
                }
                ExprKind::Function(f) if !f.name.name.is_empty() => {
                    let name = key(&f.name.name);
                    let params = self
                        .params(&f.params)
                        .into_iter()
                        .map(|p| SigParam {
                            kind: if p.captures_rest {
                                ParamKind::Repeated
                            } else if p.has_default {
                                ParamKind::Optional
                            } else {
                                ParamKind::Required
                            },
                            ty: p.ty.unwrap_or_else(|| "Any".to_string()),
                            name: p.name,
                        })
                        .collect();
                    let def = FunctionDef {
                        kind: FunctionKind::Puppet,
                        signatures: vec![Signature {
                            params,
                            block: None,
                            return_type: f.return_type.as_ref().map(|t| self.type_text(t)),
                        }],
                        origin: self.origin(f.name.span),
                        name: name.clone(),
                    };
                    let loaded = self.autoloaded(AutoloadDir::Functions, &name);
                    self.out.functions.push((def, loaded));
                }
                ExprKind::TypeAlias(t) => {
                    let ExprKind::TypeRef(name) = &t.name.kind else {
                        continue;
                    };
                    let def = TypeAliasDef {
                        name: crate::syntax::trim_colons(name).to_string(),
                        ty: self.type_text(&t.value),
                        origin: self.origin(t.name.span),
                    };
                    let loaded = self.autoloaded(AutoloadDir::Types, &key(name));
                    self.out.aliases.push((def, loaded));
                }
                ExprKind::Node(n) if outer.is_none() => {
                    let matchers = n
                        .matchers
                        .iter()
                        .filter_map(|m| match &m.kind {
                            ExprKind::Default => Some(NodeMatcher::Default),
                            ExprKind::Regex(r) => Some(NodeMatcher::Regex(r.clone())),
                            ExprKind::Name(s) => Some(NodeMatcher::Name(s.to_ascii_lowercase())),
                            ExprKind::String(s) => {
                                Some(NodeMatcher::Name(s.literal_value()?.to_ascii_lowercase()))
                            }
                            _ => None,
                        })
                        .collect();
                    let mut variables = Vec::new();
                    scope_variables(&n.body.statements, &mut variables);
                    self.out.nodes.push(NodeDef {
                        matchers,
                        origin: self.origin(e.span),
                        variables: variables.into_iter().map(|v| v.name).collect(),
                    });
                }
                _ => {}
            }
        }
    }
}

/// The variables assigned in the scope these statements open (not in lambdas or nested
/// definitions, which have their own), each once in source order.
pub(crate) fn scope_variables(statements: &[Expr], out: &mut Vec<VarDef>) {
    struct Walk<'e, 'o> {
        seen: HashSet<&'e str>,
        out: &'o mut Vec<VarDef>,
    }
    impl<'e> Walk<'e, '_> {
        fn record(&mut self, target: &'e Expr) {
            if let ExprKind::Variable(name) = &target.kind
                && !name.as_bytes().windows(2).any(|w| w == b"::")
                && self.seen.insert(name)
            {
                self.out.push(VarDef {
                    name: name.clone(),
                    span: target.span,
                });
            }
        }

        /// In pre-order; the AST is at most about `syntax::lower::MAX_DEPTH` deep.
        fn expr(&mut self, e: &'e Expr) {
            match &e.kind {
                _ if e.is_definition() => {}
                ExprKind::Assignment { op, left, right } => {
                    if *op == AssignOp::Assign {
                        match &left.kind {
                            ExprKind::Array(items) => items.iter().for_each(|t| self.record(t)),
                            _ => self.record(left),
                        }
                    }
                    self.expr(right);
                }
                ExprKind::Call(c) => {
                    self.expr(&c.function);
                    c.args.iter().for_each(|a| self.expr(a));
                }
                ExprKind::MethodCall(m) => {
                    self.expr(&m.receiver);
                    m.args.iter().flatten().for_each(|a| self.expr(a));
                }
                _ => e.for_each_child(&mut |c| self.expr(c)),
            }
        }
    }
    let names: Vec<String> = out.iter().map(|v| v.name.clone()).collect();
    let mut walk = Walk {
        seen: names.iter().map(String::as_str).collect(),
        out,
    };
    statements.iter().for_each(|s| walk.expr(s));
}
