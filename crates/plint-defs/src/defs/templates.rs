//! The calls of `template()` and `epp()` in manifests: which template each names, from which
//! class or defined type, and what names the template can see there besides that scope's own
//! variables (for the check that a template reads only variables its callers define).

use std::sync::LazyLock;

use memchr::memmem::Finder;

use crate::syntax::ast::{self, Expr, ExprKind, Span, StringPart};

use super::model::Origin;
use crate::discover::lookup::{self, FileFunction};

/// The language of a template.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TemplateKind {
    /// `template()`: Ruby's ERB.
    Erb,
    /// `epp()`: Embedded Puppet.
    Epp,
}

/// One template named by a call of `template()` or `epp()`.
#[derive(Debug, Clone, PartialEq)]
pub struct TemplateUse {
    pub kind: TemplateKind,
    /// The template's name as the call gives it (`module/path/in/templates.erb`, `$module_name`
    /// resolved); `None` when the argument is not a string plint can resolve (a variable, an
    /// interpolation other than `$module_name`): the call may render any template.
    pub name: Option<String>,
    /// The class or defined type whose scope the call is in (a key: lower case, no leading
    /// `::`); `None` for a call elsewhere (node, top scope, function), whose visible variables
    /// plint does not track.
    pub scope: Option<String>,
    /// Names visible at the call besides the scope's variables: the parameters of enclosing
    /// lambdas and the variables assigned in their bodies.
    pub locals: Vec<String>,
    /// For `epp()`: the keys of its second argument when it is a literal hash with literal
    /// keys (`Some(vec![])` when there is no second argument), `None` otherwise.
    pub epp_keys: Option<Vec<String>>,
    /// The call (path and the span of the name argument).
    pub origin: Origin,
    /// The 1-based line of the call.
    pub line: u32,
}

impl TemplateUse {
    /// The function of the call.
    pub fn function(&self) -> FileFunction {
        match self.kind {
            TemplateKind::Erb => FileFunction::Template,
            TemplateKind::Epp => FileFunction::Epp,
        }
    }

    /// The name Puppet looks the template up by (`epp()` appends `.epp`; see
    /// [`crate::discover::lookup`]): a relative name is taken not to exist relative to Puppet's
    /// working directory.
    pub fn looked_up_name(&self) -> Option<std::borrow::Cow<'_, str>> {
        let name = self.name.as_deref()?;
        Some(match self.kind {
            TemplateKind::Epp if !name.ends_with(".epp") && !lookup::is_absolute(name) => {
                std::borrow::Cow::Owned(format!("{name}.epp"))
            }
            _ => std::borrow::Cow::Borrowed(name),
        })
    }
}

/// Whether a text may hold a call of `template()` or `epp()` (it names one of them): most
/// manifests do not, and their trees are not walked for such calls.
pub fn mentions_templates(source: &str) -> bool {
    static TEMPLATE: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new("template"));
    static EPP: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new("epp"));
    TEMPLATE.find(source.as_bytes()).is_some() || EPP.find(source.as_bytes()).is_some()
}

/// Whether a text may look a Hiera key up by name (it names `lookup` or `hiera`; see
/// [`lookup_keys`]).
pub fn mentions_lookups(source: &str) -> bool {
    static LOOKUP: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new("lookup"));
    static HIERA: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new("hiera"));
    LOOKUP.find(source.as_bytes()).is_some() || HIERA.find(source.as_bytes()).is_some()
}

/// The hash of a manifest's text by which the index knows the text its template calls were
/// read from (see [`crate::defs::Index::template_uses_in`]).
pub fn text_hash(source: &str) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault};
    BuildHasherDefault::<rustc_hash::FxHasher>::default().hash_one(source)
}

/// The template calls of one manifest's statements.
pub fn template_uses(
    path: &std::path::Path,
    source: &str,
    statements: &[Expr],
) -> Vec<TemplateUse> {
    let mut w = Walk {
        path,
        source,
        scope: None,
        locals: Vec::new(),
        out: Vec::new(),
        line_at: (0, 1),
    };
    statements.iter().for_each(|s| w.expr(s));
    w.out
}

struct Walk<'p> {
    path: &'p std::path::Path,
    source: &'p str,
    /// The enclosing class or define (key), or `Err(())` inside a node or function.
    scope: Option<Result<String, ()>>,
    locals: Vec<String>,
    out: Vec<TemplateUse>,
    /// The last offset whose line was counted, and its line: the calls come in source order,
    /// so each count starts where the previous one ended.
    line_at: (usize, u32),
}

impl Walk<'_> {
    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Class(c) => {
                let name = self.qualify(&c.name.name);
                self.nested(Some(Ok(name)), &c.body.statements);
            }
            ExprKind::Define(d) => {
                let name = self.qualify(&d.name.name);
                self.nested(Some(Ok(name)), &d.body.statements);
            }
            ExprKind::Node(n) => self.nested(Some(Err(())), &n.body.statements),
            ExprKind::Function(f) => self.nested(Some(Err(())), &f.body.statements),
            ExprKind::Call(c) => {
                if let Some(kind) = c.name().and_then(template_function) {
                    self.call(kind, &c.args);
                }
                self.expr(&c.function);
                c.args.iter().for_each(|a| self.expr(a));
                if let Some(l) = &c.lambda {
                    self.lambda(l);
                }
            }
            ExprKind::MethodCall(m) => {
                self.expr(&m.receiver);
                m.args.iter().flatten().for_each(|a| self.expr(a));
                if let Some(l) = &m.lambda {
                    self.lambda(l);
                }
            }
            _ => e.for_each_child(&mut |c| self.expr(c)),
        }
    }

    fn qualify(&self, name: &str) -> String {
        let name = super::index::key(name);
        match &self.scope {
            Some(Ok(outer)) => format!("{outer}::{name}"),
            _ => name,
        }
    }

    fn nested(&mut self, scope: Option<Result<String, ()>>, statements: &[Expr]) {
        let saved = std::mem::replace(&mut self.scope, scope);
        let locals = std::mem::take(&mut self.locals);
        statements.iter().for_each(|s| self.expr(s));
        self.scope = saved;
        self.locals = locals;
    }

    fn lambda(&mut self, l: &ast::Lambda) {
        let before = self.locals.len();
        self.locals
            .extend(l.params.iter().map(|p| p.name.name.clone()));
        let mut assigned = Vec::new();
        super::index::scope_variables(&l.body.statements, &mut assigned);
        self.locals.extend(assigned.into_iter().map(|v| v.name));
        l.body.statements.iter().for_each(|s| self.expr(s));
        self.locals.truncate(before);
    }

    fn call(&mut self, kind: TemplateKind, args: &[Expr]) {
        let scope = match &self.scope {
            Some(Ok(s)) => Some(s.clone()),
            _ => None,
        };
        let module = scope.as_deref().map(|s| s.split("::").next().unwrap_or(s));
        let names: Vec<&Expr> = match kind {
            // `template()` renders each of its arguments; `epp()` its first.
            TemplateKind::Erb => args.iter().collect(),
            TemplateKind::Epp => args.first().into_iter().collect(),
        };
        let epp_keys = match (kind, args.get(1)) {
            (TemplateKind::Erb, _) => None,
            (TemplateKind::Epp, None) => Some(Vec::new()),
            (TemplateKind::Epp, Some(a)) => literal_keys(a),
        };
        for arg in names {
            let line = self.line_of(arg.span.start as usize);
            self.out.push(TemplateUse {
                line,
                kind,
                name: module_path(arg, module),
                scope: scope.clone(),
                locals: self.locals.clone(),
                epp_keys: epp_keys.clone(),
                origin: Origin::Manifest {
                    path: self.path.to_path_buf(),
                    span: arg.span,
                },
            });
        }
    }

    /// The 1-based line of a byte offset, counted from the last one asked for when it is
    /// before this one (as in a walk in source order), else from the start.
    fn line_of(&mut self, at: usize) -> u32 {
        let at = at.min(self.source.len());
        let (from, line) = if at >= self.line_at.0 {
            self.line_at
        } else {
            (0, 1)
        };
        let newlines = memchr::memchr_iter(b'\n', &self.source.as_bytes()[from..at]).count();
        self.line_at = (at, line + newlines as u32);
        self.line_at.1
    }
}

fn template_function(name: &str) -> Option<TemplateKind> {
    match crate::syntax::trim_colons(name) {
        "template" => Some(TemplateKind::Erb),
        "epp" => Some(TemplateKind::Epp),
        _ => None,
    }
}

/// The text of a string argument that names a module's file: a string literal, or one whose
/// only interpolation is `$module_name` (`"${module_name}/x.erb"`), resolved with the caller's
/// module. `None` for anything else.
pub fn module_path(arg: &Expr, module: Option<&str>) -> Option<String> {
    let ExprKind::String(s) = &arg.kind else {
        return None;
    };
    let mut out = String::new();
    for p in &s.parts {
        match p {
            StringPart::Text { value, .. } => out.push_str(value),
            StringPart::Interpolation { expr, .. } => match &expr.kind {
                ExprKind::Variable(v) if v == "module_name" => out.push_str(module?),
                _ => return None,
            },
        }
    }
    Some(out)
}

/// The keys of a literal hash whose keys are all literal strings or names.
fn literal_keys(e: &Expr) -> Option<Vec<String>> {
    let ExprKind::Hash(h) = &e.kind else {
        return None;
    };
    h.entries
        .iter()
        .map(|entry| match &entry.key.kind {
            ExprKind::String(s) => s.literal_value(),
            ExprKind::Name(n) => Some(n.clone()),
            _ => None,
        })
        .collect()
}

/// The span of a use, when it is in a manifest.
pub fn use_span(u: &TemplateUse) -> Option<Span> {
    match &u.origin {
        Origin::Manifest { span, .. } => Some(*span),
        _ => None,
    }
}

/// The keys looked up by name in these statements: the first argument of `lookup()`,
/// `hiera()`, `hiera_array()`, `hiera_hash()` and `hiera_include()` (or the receiver of
/// `'key'.lookup`) when it is a string literal.
pub fn lookup_keys(statements: &[Expr]) -> Vec<String> {
    fn is_lookup(name: &str) -> bool {
        matches!(
            crate::syntax::trim_colons(name),
            "lookup" | "hiera" | "hiera_array" | "hiera_hash" | "hiera_include"
        )
    }
    fn literal(e: &Expr) -> Option<String> {
        match &e.kind {
            ExprKind::String(s) => s.literal_value(),
            _ => None,
        }
    }
    fn walk(e: &Expr, out: &mut Vec<String>) {
        match &e.kind {
            ExprKind::Call(c) if c.name().is_some_and(is_lookup) => {
                out.extend(c.args.first().and_then(literal));
            }
            ExprKind::MethodCall(m) if is_lookup(&m.method.name) => {
                out.extend(literal(&m.receiver));
            }
            _ => {}
        }
        e.for_each_child(&mut |c| walk(c, out));
    }
    let mut out = Vec::new();
    statements.iter().for_each(|s| walk(s, &mut out));
    out
}
