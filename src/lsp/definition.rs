//! Go to definition (`textDocument/definition`): the name at the position ([`super::at`])
//! looked up in the workspace's index (classes, defined types, functions, type aliases,
//! resource types, class variables, modules' templates and files) or, for a variable of the
//! document's own scopes, in the index of the document alone.

use std::path::{Path, PathBuf};

use super::at::{self, Target};
use crate::defs::Index;
use crate::defs::index::Manifest;
use crate::defs::model::{ClassDef, Origin};
use crate::discover::lookup::{self, Folder, Probe};
use crate::infer::scope::{self, Visible, VisibleScope};
use crate::syntax::ast::{ExprKind, File, Span};

/// Where a definition is.
#[derive(Debug, Clone, PartialEq)]
pub enum Place {
    /// A span of a manifest.
    Span(PathBuf, Span),
    /// A 1-based line of a file (a Ruby definition).
    Line(PathBuf, u32),
    /// A whole file (a template, a module's file).
    File(PathBuf),
}

/// The definition of what is at byte `offset` of the manifest `path` (its `text` parsed as
/// `file`), in the program `index`.
pub fn definition(
    index: &Index,
    path: &Path,
    text: &str,
    file: &File,
    offset: usize,
) -> Option<Place> {
    let (target, _) = at::target_at(file, offset)?;
    match target {
        Target::Class(name) => place(&index.class(&name)?.origin),
        Target::Type(name) => type_place(index, &name),
        Target::Function(name) => place(&index.function(&name)?.origin),
        Target::Variable(name) => variable(index, path, text, file, offset, &name),
        Target::Attribute { type_name, name } => {
            if let Some(d) = index.definition(&type_name) {
                let p = d.param(&name)?;
                return Some(Place::Span(origin_path(&d.origin)?, p.span));
            }
            place(&index.resource_type(&type_name)?.origin)
        }
        Target::ModuleFile { folder, name } => module_file(index, folder, &name),
        Target::Expression => None,
    }
}

fn origin_path(origin: &Origin) -> Option<PathBuf> {
    match origin {
        Origin::Manifest { path, .. } | Origin::Ruby { path, .. } => Some(path.clone()),
        Origin::Builtin => None,
    }
}

/// Where a definition of the index is (none for a built-in).
pub fn place(origin: &Origin) -> Option<Place> {
    match origin {
        Origin::Manifest { path, span } => Some(Place::Span(path.clone(), *span)),
        Origin::Ruby { path, line } => Some(Place::Line(path.clone(), *line)),
        Origin::Builtin => None,
    }
}

/// A name in a type's place: a defined type or class, a type alias, a custom resource type.
fn type_place(index: &Index, name: &str) -> Option<Place> {
    if let Some(d) = index.definition(name) {
        return place(&d.origin);
    }
    if let Some(a) = index.type_alias(name) {
        return place(&a.origin);
    }
    place(&index.resource_type(name)?.origin)
}

/// The file of a module that `name` names in `folder`.
fn module_file(index: &Index, folder: Folder, name: &str) -> Option<Place> {
    let (module, _) = lookup::split(name)?;
    match lookup::find(index, folder, name) {
        Probe::File(rest) | Probe::Folder(rest) => {
            let root = &index.module_assets(module)?.root;
            Some(Place::File(root.join(folder.name()).join(rest)))
        }
        _ => None,
    }
}

/// The assignment or parameter a variable read refers to: a qualified name in the class that
/// defines it (or a top-scope variable); a local name as name resolution sees it at that point
/// ([`scope::visible_at`]: the lambdas' and the function's parameters, the enclosing class's or
/// defined type's parameters and the variables assigned before it, what the class inherits),
/// else at top scope.
fn variable(
    index: &Index,
    path: &Path,
    text: &str,
    file: &File,
    offset: usize,
    name: &str,
) -> Option<Place> {
    let trimmed = crate::syntax::trim_colons(name);
    if trimmed.contains("::") || trimmed.len() != name.len() {
        return qualified(index, trimmed);
    }
    let own = Index::build(
        &[Manifest {
            path,
            source: text,
            ast: file,
        }],
        &[],
    );
    let visible = scope::visible_at(file, offset, index);
    match visible.iter().find(|v| v.name == name) {
        Some(Visible {
            span: Some(span), ..
        }) => Some(Place::Span(path.to_path_buf(), *span)),
        Some(Visible {
            scope: VisibleScope::Inherited,
            ..
        }) => {
            let parent = class_at(&own, file, offset)?.parent.as_ref()?;
            qualified(index, &format!("{parent}::{name}"))
        }
        _ => top(index, &own, name),
    }
}

/// The class of `own` (the document's index) whose body holds `offset`, the innermost.
fn class_at<'a>(own: &'a Index, file: &File, offset: usize) -> Option<&'a ClassDef> {
    let mut name_span = None;
    file.walk(&mut |e| {
        if let ExprKind::Class(c) = &e.kind
            && (e.span.start as usize) <= offset
            && offset <= e.span.end as usize
        {
            name_span = Some(c.name.span);
        }
    });
    let name_span = name_span?;
    own.classes()
        .iter()
        .find(|c| matches!(&c.origin, Origin::Manifest { span, .. } if *span == name_span))
}

/// A parameter or variable of a class or defined type's own scope.
fn in_scope(def: &ClassDef, name: &str) -> Option<Span> {
    def.param(name).map(|p| p.span).or_else(|| {
        def.variables
            .iter()
            .find(|v| v.name == name)
            .map(|v| v.span)
    })
}

/// `$a::b::c` (or `$::c`): in the class that defines it, or at top scope.
fn qualified(index: &Index, name: &str) -> Option<Place> {
    match index.variable(name)? {
        None => place(&index.top_variable(name)?.origin),
        Some(class) => {
            let var = name.rsplit_once("::").map_or(name, |(_, v)| v);
            Some(Place::Span(
                origin_path(&class.origin)?,
                in_scope(class, var)?,
            ))
        }
    }
}

/// A top-scope variable: of this document, else of the program.
fn top(index: &Index, own: &Index, name: &str) -> Option<Place> {
    own.top_variable(name)
        .or_else(|| index.top_variable(name))
        .and_then(|v| place(&v.origin))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_in_their_scopes() {
        let text = "$top = 1\nclass a ($p = 1) inherits a::params {\n  $v = 2\n  notice($p, $v, $top, $inherited)\n  [1].each |$i| { notice($i) }\n}\nfunction f($fp) { $fp }\n";
        let ast = crate::syntax::parse(text).ast;
        let path = Path::new("/m/a/manifests/init.pp");
        let params = "class a::params { $inherited = 3 }\n";
        let params_ast = crate::syntax::parse(params).ast;
        let index = Index::build(
            &[Manifest {
                path: Path::new("/m/a/manifests/params.pp"),
                source: params,
                ast: &params_ast,
            }],
            &[],
        );
        let def = |marker: &str| {
            let offset = text.rfind(marker).unwrap() + 1;
            match definition(&index, path, text, &ast, offset)? {
                Place::Span(p, s) => Some((
                    p.file_name().unwrap().to_string_lossy().into_owned(),
                    s.start,
                )),
                other => panic!("{other:?}"),
            }
        };
        let at = |s: &str| text.find(s).unwrap() as u32;
        assert_eq!(def("$p,"), Some(("init.pp".into(), at("$p = 1"))));
        assert_eq!(def("$v,"), Some(("init.pp".into(), at("$v = 2"))));
        assert_eq!(def("$top,"), Some(("init.pp".into(), 0)));
        assert_eq!(def("$i)"), Some(("init.pp".into(), at("$i|"))));
        assert_eq!(def("$fp }"), Some(("init.pp".into(), at("$fp)"))));
        let inherited = def("$inherited").unwrap();
        assert_eq!(inherited.0, "params.pp");
        assert_eq!(inherited.1 as usize, params.find("$inherited").unwrap());
    }

    /// What name resolution sees at the read: a class's variable assigned after the read is
    /// not it (Puppet evaluates in order and finds the top scope's).
    #[test]
    fn a_variable_read_before_its_assignment_is_the_top_scopes() {
        let text = "$w = 0\nclass b {\n  notice($w)\n  $w = 1\n  notice($w)\n}\n";
        let ast = crate::syntax::parse(text).ast;
        let path = Path::new("/m/b/manifests/init.pp");
        let index = Index::build(&[], &[]);
        let def = |offset: usize| match definition(&index, path, text, &ast, offset + 1) {
            Some(Place::Span(_, s)) => Some(s.start as usize),
            other => panic!("{other:?}"),
        };
        assert_eq!(def(text.find("$w)").unwrap()), Some(0));
        assert_eq!(def(text.rfind("$w)").unwrap()), text.find("$w = 1"));
    }
}
