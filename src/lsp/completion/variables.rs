//! Variables after `$`: those the cursor's scopes see, as name resolution finds them
//! ([`crate::infer::scope::visible_at`]: lambda parameters, the enclosing definition's
//! parameters and the variables assigned before the cursor, an inherited class's variables,
//! the file's top scope), the program's top-scope variables and Puppet's (`$facts`,
//! `$trusted`, `$server_facts`...). `$web::params::` offers that class's parameters and
//! variables (and its ancestors').

use std::collections::{HashMap, HashSet};

use lsp_types::{CompletionItem, CompletionItemKind};

use super::{Item, Lists};
use crate::defs::model::ClassDef;
use crate::infer::scope::{self, BindingKind, VisibleScope};
use crate::syntax::ast::{ExprKind, File, Parameter, Span};

/// The variables that can be written at byte `start` of `text` (just after `$`), `prefix`
/// being what is written.
pub fn variables(
    lists: &Lists<'_>,
    text: &str,
    parsed: &File,
    start: usize,
    prefix: &str,
) -> Vec<CompletionItem> {
    let trimmed = prefix.strip_prefix("::").unwrap_or(prefix);
    if let Some((class, _)) = trimmed.rsplit_once("::") {
        return qualified(lists, prefix, class);
    }
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    if !prefix.starts_with("::") {
        // With nothing written after `$`, a name for the parser to see a variable at the
        // cursor.
        let probe;
        let (text, file) = if prefix.is_empty() {
            let with_name = format!("{}x{}", &text[..start], &text[start..]);
            probe = crate::syntax::parse(&with_name).ast;
            (with_name, &probe)
        } else {
            (text.to_string(), parsed)
        };
        let around = Around::of(file, &text, start);
        let visible = scope::visible_at(file, start, lists.index);
        for v in &visible {
            if v.scope == VisibleScope::Top || !seen.insert(v.name.to_string()) {
                continue;
            }
            let (rank, detail) = around.detail(lists, v);
            out.push(item(v.name, "", rank, detail));
        }
        for v in &visible {
            if v.scope == VisibleScope::Top && seen.insert(v.name.to_string()) {
                out.push(item(
                    v.name,
                    "",
                    "2",
                    "top-scope variable (this file)".into(),
                ));
            }
        }
    }
    let colons = if prefix.starts_with("::") { "::" } else { "" };
    for v in lists.index.top_variables() {
        if seen.insert(v.name.clone()) {
            let detail = format!("top-scope variable ({})", lists.origin(&v.origin));
            out.push(item(&v.name, colons, "2", detail));
        }
    }
    for name in scope::builtin_variables() {
        if seen.insert(name.to_string()) {
            out.push(item(name, colons, "3", "set by Puppet".into()));
        }
    }
    out
}

/// `$name` (written after `$`, `colons` first).
fn item(name: &str, colons: &str, rank: &str, detail: String) -> CompletionItem {
    let written = format!("{colons}{name}");
    Item::new(format!("${written}"), CompletionItemKind::VARIABLE, detail)
        .sorted(rank)
        .insert(written.clone())
        .filter(written)
        .done()
}

/// `$class::name`: the parameters and variables of `class` and of the classes it inherits
/// from.
fn qualified(lists: &Lists<'_>, prefix: &str, class: &str) -> Vec<CompletionItem> {
    let colons = if prefix.starts_with("::") { "::" } else { "" };
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut next = lists.index.class(class);
    let mut depth = 0;
    while let Some(c) = next {
        for p in &c.params {
            if seen.insert(p.name.clone()) {
                let ty = p.ty.as_deref().unwrap_or("Any");
                let detail = format!("{ty} (parameter of class {})", c.name);
                out.push(item(&p.name, &format!("{colons}{class}::"), "0", detail));
            }
        }
        for v in &c.variables {
            if seen.insert(v.name.clone()) {
                let detail = format!("variable of class {}", c.name);
                out.push(item(&v.name, &format!("{colons}{class}::"), "1", detail));
            }
        }
        depth += 1;
        next = c.parent.as_deref().and_then(|p| lists.index.class(p));
        if depth > 32 {
            break;
        }
    }
    out
}

/// What the cursor is in: the definition around it, and the declared types of the
/// parameters of the file (by the span of their names).
struct Around<'a> {
    /// `class a`, `defined type b`, `function c`: the innermost definition around the cursor.
    definition: Option<(&'static str, &'a str)>,
    parent: Option<&'a str>,
    types: HashMap<Span, &'a str>,
}

impl<'a> Around<'a> {
    fn of(file: &'a File, text: &'a str, offset: usize) -> Around<'a> {
        let mut around = Around {
            definition: None,
            parent: None,
            types: HashMap::new(),
        };
        let holds = |s: Span| (s.start as usize) <= offset && offset <= s.end as usize;
        file.walk(&mut |e| {
            let (params, named): (&[Parameter], _) = match &e.kind {
                ExprKind::Class(c) => (&c.params, Some(("class", c.name.name.as_str()))),
                ExprKind::Define(d) => (&d.params, Some(("defined type", d.name.name.as_str()))),
                ExprKind::Function(f) => (&f.params, Some(("function", f.name.name.as_str()))),
                ExprKind::Plan(p) => (&p.params, Some(("plan", p.name.name.as_str()))),
                ExprKind::Call(c) => (c.lambda.as_ref().map_or(&[], |l| &l.params), None),
                ExprKind::MethodCall(m) => (m.lambda.as_ref().map_or(&[], |l| &l.params), None),
                _ => return,
            };
            for p in params {
                if let Some(t) = &p.type_expr {
                    let written = text.get(t.span.start as usize..t.span.end as usize);
                    around.types.insert(p.name.span, written.unwrap_or("Any"));
                }
            }
            if named.is_some() && holds(e.span) {
                around.definition = named;
                around.parent = match &e.kind {
                    ExprKind::Class(c) => c.parent.as_ref().map(|p| p.name.as_str()),
                    _ => None,
                };
            }
        });
        around
    }

    /// The rank and detail of a visible variable.
    fn detail(&self, lists: &Lists<'_>, v: &scope::Visible<'_>) -> (&'static str, String) {
        let ty = v.span.and_then(|s| self.types.get(&s)).copied();
        let of = self
            .definition
            .map(|(kind, name)| format!(" of {kind} {name}"))
            .unwrap_or_default();
        let said = match (v.scope, v.kind) {
            (VisibleScope::Lambda, BindingKind::Parameter) => "lambda parameter".to_string(),
            (VisibleScope::Lambda, _) => "variable of the lambda".to_string(),
            (VisibleScope::Inherited, _) => {
                let from = self.parent.and_then(|p| defining(lists, p, v.name));
                let from = from.map_or_else(String::new, |c| format!(" {}", c.name));
                return ("1", format!("variable of inherited class{from}"));
            }
            (_, BindingKind::Parameter) => format!("parameter{of}"),
            (_, BindingKind::BuiltIn) => format!("set by Puppet{of}"),
            (_, BindingKind::Assignment) => format!("variable{of}"),
        };
        let detail = match ty {
            Some(ty) => format!("{ty} ({said})"),
            None => said,
        };
        ("0", detail)
    }
}

/// The class among `class` and its ancestors that defines `var`.
fn defining<'i>(lists: &Lists<'i>, class: &str, var: &str) -> Option<&'i ClassDef> {
    let mut next = lists.index.class(class);
    for _ in 0..32 {
        let c = next?;
        if c.has_variable(var) {
            return Some(c);
        }
        next = c.parent.as_deref().and_then(|p| lists.index.class(p));
    }
    None
}
