//! Document symbols (`textDocument/documentSymbol`: the definitions of a manifest, nested as
//! they are) and workspace symbols (`workspace/symbol`: the program's definitions whose name
//! holds the query).

use lsp_types::{DocumentSymbol, SymbolKind};

use crate::defs::Index;
use crate::defs::model::{ClassKind, Origin};
use crate::syntax::ast::{Expr, ExprKind, File, Span};

/// A definition's name, kind, whole span and name's span.
type Found = (String, SymbolKind, Span, Span);

/// The definitions of `file`, each with those nested in it.
pub fn document(file: &File, text: &str) -> Vec<DocumentSymbol> {
    symbols(&file.statements, text)
}

fn symbols(statements: &[Expr], text: &str) -> Vec<DocumentSymbol> {
    statements
        .iter()
        .filter_map(|e| {
            let (name, kind, span, name_span) = definition(e)?;
            let children = match &e.kind {
                ExprKind::Class(c) => symbols(&c.body.statements, text),
                _ => Vec::new(),
            };
            #[allow(deprecated)] // `deprecated` is a field the type requires
            Some(DocumentSymbol {
                name,
                detail: None,
                kind,
                tags: None,
                deprecated: None,
                range: super::convert::range(text, span.start as usize, span.end as usize),
                selection_range: super::convert::range(
                    text,
                    name_span.start as usize,
                    name_span.end as usize,
                ),
                children: (!children.is_empty()).then_some(children),
            })
        })
        .collect()
}

fn definition(e: &Expr) -> Option<Found> {
    let (name, kind, name_span) = match &e.kind {
        ExprKind::Class(c) => (c.name.name.clone(), SymbolKind::CLASS, c.name.span),
        ExprKind::Define(d) => (d.name.name.clone(), SymbolKind::STRUCT, d.name.span),
        ExprKind::Function(f) => (f.name.name.clone(), SymbolKind::FUNCTION, f.name.span),
        ExprKind::Plan(p) => (p.name.name.clone(), SymbolKind::FUNCTION, p.name.span),
        ExprKind::TypeAlias(t) => match &t.name.kind {
            ExprKind::TypeRef(n) => (n.clone(), SymbolKind::TYPE_PARAMETER, t.name.span),
            _ => return None,
        },
        ExprKind::Node(n) => {
            let span = n.matchers.first().map_or(e.span, |m| m.span);
            (format!("node {}", matchers(n)), SymbolKind::NAMESPACE, span)
        }
        _ => return None,
    };
    Some((name, kind, e.span, name_span))
}

fn matchers(n: &crate::syntax::ast::NodeDef) -> String {
    let names: Vec<String> = n
        .matchers
        .iter()
        .map(|m| match &m.kind {
            ExprKind::String(s) => s.literal_value().unwrap_or_default(),
            ExprKind::Regex(r) => format!("/{r}/"),
            ExprKind::Default => "default".into(),
            _ => "?".into(),
        })
        .collect();
    names.join(", ")
}

/// The program's definitions whose name holds `query` (any case), at most `limit`, sorted
/// by name: each with its kind and where it is.
pub fn workspace<'a>(
    index: &'a Index,
    query: &str,
    limit: usize,
) -> Vec<(&'a str, SymbolKind, &'a Origin)> {
    let query = query.to_lowercase();
    let wanted = |name: &str| name.to_lowercase().contains(&query);
    let mut out: Vec<(&str, SymbolKind, &Origin)> = Vec::new();
    for c in index.classes() {
        let kind = match c.kind {
            ClassKind::Class => SymbolKind::CLASS,
            ClassKind::Define => SymbolKind::STRUCT,
        };
        out.push((&c.name, kind, &c.origin));
    }
    out.extend(
        index
            .functions()
            .map(|f| (f.name.as_str(), SymbolKind::FUNCTION, &f.origin)),
    );
    out.extend(
        index
            .type_aliases()
            .iter()
            .map(|a| (a.name.as_str(), SymbolKind::TYPE_PARAMETER, &a.origin)),
    );
    out.extend(
        index
            .resource_types()
            .map(|t| (t.name.as_str(), SymbolKind::STRUCT, &t.origin)),
    );
    out.retain(|(name, _, _)| wanted(name));
    out.sort_by(|a, b| a.0.cmp(b.0));
    out.truncate(limit);
    out
}
