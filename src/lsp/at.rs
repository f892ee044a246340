//! What is at a position of a manifest: the name the user points at (a class, a type, a
//! function, a variable, a resource's attribute, a module's file) and what it is a name of,
//! read from the file's syntax tree. Go to definition and hover resolve it in the index.

use crate::discover::lookup::{self, Folder};
use crate::syntax::ast::{Expr, ExprKind, File, Span};

/// A name at a position, and what it names.
#[derive(Debug, Clone, PartialEq)]
pub enum Target {
    /// A class: `include x`, `contain`, `require`, `class { 'x': }`, `Class['x']`,
    /// `inherits x`, a class's own name.
    Class(String),
    /// A resource type, defined type or type alias by name (`x::y { }`, `File`, `X::Y`).
    Type(String),
    Function(String),
    /// A variable (its name as written, without `$`).
    Variable(String),
    /// An attribute of a resource of the type `type_name`.
    Attribute {
        type_name: String,
        name: String,
    },
    /// A module's file (`template('m/x.erb')`, `epp`, `source => 'puppet:///modules/m/f'`).
    ModuleFile {
        folder: Folder,
        name: String,
    },
    /// Any other expression (hover shows its type).
    Expression,
}

/// What is at byte `offset`: the target and the span of the text that names it.
pub fn target_at(file: &File, offset: usize) -> Option<(Target, Span)> {
    let chain = chain_at(file, offset);
    let inner = *chain.last()?;
    let parent = chain.len().checked_sub(2).map(|i| chain[i]);
    // Names that are not expressions of their own: in the innermost definition or resource.
    for e in chain.iter().rev() {
        if let Some(found) = ident_at(e, offset) {
            return Some(found);
        }
    }
    let span = inner.span;
    let target = match &inner.kind {
        ExprKind::Variable(name) => Target::Variable(name.clone()),
        ExprKind::Name(name) => match parent.map(|p| &p.kind) {
            Some(ExprKind::Call(c)) if std::ptr::eq(&c.function, inner) => {
                Target::Function(name.clone())
            }
            Some(ExprKind::Call(c)) if declares_classes(c.name()) => Target::Class(name.clone()),
            _ => Target::Expression,
        },
        ExprKind::TypeRef(name) => Target::Type(name.clone()),
        ExprKind::String(lit) => {
            let value = lit.literal_value();
            match (value, parent) {
                (Some(value), Some(parent)) => string_target(&chain, parent, inner, value),
                _ => Target::Expression,
            }
        }
        _ => Target::Expression,
    };
    Some((target, span))
}

/// The expressions holding `offset`, outermost first.
fn chain_at(file: &File, offset: usize) -> Vec<&Expr> {
    let holds = |e: &Expr| (e.span.start as usize) <= offset && offset <= e.span.end as usize;
    let mut chain = Vec::new();
    let mut level: Option<&Expr> = file.statements.iter().find(|e| holds(e));
    while let Some(e) = level {
        chain.push(e);
        let mut next = None;
        e.for_each_child(&mut |c| {
            if next.is_none() && holds(c) {
                next = Some(c);
            }
        });
        level = next;
    }
    chain
}

/// Whether a call of `name` declares the classes it is given.
fn declares_classes(name: Option<&str>) -> bool {
    matches!(name, Some("include" | "contain" | "require" | "class"))
}

/// A name written as an identifier of `e` (not an expression of its own) at `offset`.
fn ident_at(e: &Expr, offset: usize) -> Option<(Target, Span)> {
    let at = |s: Span| (s.start as usize) <= offset && offset <= s.end as usize;
    let found = match &e.kind {
        ExprKind::Resource(r) => {
            if at(r.type_name.span) && r.type_expr.is_none() {
                return Some((Target::Type(r.type_name.name.clone()), r.type_name.span));
            }
            let a = r
                .bodies
                .iter()
                .flat_map(|b| &b.attributes)
                .find(|a| at(a.name.span))?;
            let type_name = r.type_name.name.clone();
            (
                Target::Attribute {
                    type_name,
                    name: a.name.name.clone(),
                },
                a.name.span,
            )
        }
        ExprKind::ResourceDefaults(d) if at(d.type_ref.span) => {
            (Target::Type(d.type_ref.name.clone()), d.type_ref.span)
        }
        ExprKind::Class(c) => match &c.parent {
            Some(p) if at(p.span) => (Target::Class(p.name.clone()), p.span),
            _ if at(c.name.span) => (Target::Class(c.name.name.clone()), c.name.span),
            _ => return None,
        },
        ExprKind::Define(d) if at(d.name.span) => (Target::Type(d.name.name.clone()), d.name.span),
        ExprKind::Function(f) if at(f.name.span) => {
            (Target::Function(f.name.name.clone()), f.name.span)
        }
        ExprKind::MethodCall(m) if at(m.method.span) => {
            (Target::Function(m.method.name.clone()), m.method.span)
        }
        _ => return None,
    };
    Some(found)
}

/// What a string literal names, by where it is: a class declared, a template rendered, a
/// file served, a class referenced.
fn string_target(chain: &[&Expr], parent: &Expr, inner: &Expr, value: String) -> Target {
    match &parent.kind {
        ExprKind::Call(c) => match c.name() {
            n if declares_classes(n) => Target::Class(value),
            Some("template") => Target::ModuleFile {
                folder: Folder::Templates,
                name: value,
            },
            Some("epp") if c.args.first().is_some_and(|a| std::ptr::eq(a, inner)) => {
                Target::ModuleFile {
                    folder: Folder::Templates,
                    name: value,
                }
            }
            _ => Target::Expression,
        },
        ExprKind::Access { target, .. } => match &target.kind {
            ExprKind::TypeRef(t) if t.eq_ignore_ascii_case("class") => Target::Class(value),
            _ => Target::Expression,
        },
        ExprKind::Resource(r) if r.type_name.name == "class" => Target::Class(value),
        _ => source_target(chain, inner, value),
    }
}

/// The file a `source` attribute serves (`puppet:///modules/m/f`), the string being its value
/// or an item of its array.
fn source_target(chain: &[&Expr], inner: &Expr, value: String) -> Target {
    let in_source = chain.iter().rev().find_map(|e| match &e.kind {
        ExprKind::Resource(r) => Some(r.bodies.iter().flat_map(|b| &b.attributes).any(|a| {
            a.name.name == "source"
                && (std::ptr::eq(&a.value, inner)
                    || matches!(&a.value.kind, ExprKind::Array(items)
                        if items.iter().any(|i| std::ptr::eq(i, inner))))
        })),
        _ => None,
    });
    match (in_source, lookup::source_name(&value)) {
        (Some(true), Some(Ok(name))) => Target::ModuleFile {
            folder: Folder::Files,
            name,
        },
        _ => Target::Expression,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, marker: &str) -> Option<(Target, String)> {
        let offset = text.find(marker).unwrap() + 1;
        let ast = crate::syntax::parse(text).ast;
        let (t, span) = target_at(&ast, offset)?;
        Some((t, text[span.start as usize..span.end as usize].to_string()))
    }

    #[test]
    fn names_by_where_they_are() {
        let text = "class a::b (String $x = 'y') inherits a {\n  include a::c\n  contain 'a::d'\n  \
                    class { 'a::e': }\n  Class['a::f'] -> a::g { 't': ensure => present }\n  \
                    $v = a::fun($x) + $a::params::p\n  file { '/f': content => template('a/t.erb'), \
                    source => 'puppet:///modules/a/f.txt' }\n  $v.each |$i| { }\n  \
                    $h = Stdlib::Absolutepath\n}\n";
        let cases: &[(&str, Target, &str)] = &[
            ("b (", Target::Class("a::b".into()), "a::b"),
            (" a {", Target::Class("a".into()), "a"),
            (" a::c", Target::Class("a::c".into()), "a::c"),
            ("'a::d", Target::Class("a::d".into()), "'a::d'"),
            ("'a::e", Target::Class("a::e".into()), "'a::e'"),
            ("'a::f", Target::Class("a::f".into()), "'a::f'"),
            (" a::g", Target::Type("a::g".into()), "a::g"),
            (
                "ensure",
                Target::Attribute {
                    type_name: "a::g".into(),
                    name: "ensure".into(),
                },
                "ensure",
            ),
            (" a::fun", Target::Function("a::fun".into()), "a::fun"),
            ("$x)", Target::Variable("x".into()), "$x"),
            (
                "$a::params",
                Target::Variable("a::params::p".into()),
                "$a::params::p",
            ),
            (
                "'a/t.erb",
                Target::ModuleFile {
                    folder: Folder::Templates,
                    name: "a/t.erb".into(),
                },
                "'a/t.erb'",
            ),
            (
                "'puppet:",
                Target::ModuleFile {
                    folder: Folder::Files,
                    name: "a/f.txt".into(),
                },
                "'puppet:///modules/a/f.txt'",
            ),
            (".each", Target::Function("each".into()), "each"),
            (
                " Stdlib",
                Target::Type("Stdlib::Absolutepath".into()),
                "Stdlib::Absolutepath",
            ),
        ];
        for (marker, target, named) in cases {
            assert_eq!(
                at(text, marker),
                Some((target.clone(), named.to_string())),
                "at {marker:?}"
            );
        }
    }
}
