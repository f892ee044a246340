//! Resource types, type references and classes by name; the attributes of the resource being
//! written (a type's attributes and the metaparameters, a defined type's or a class's
//! parameters), the required ones first, those the body sets already left out.

use lsp_types::{CompletionItem, CompletionItemKind};

use super::{Item, Lists};
use crate::defs::builtins;
use crate::defs::index::Listed;
use crate::defs::model::{
    AttributeDef, AttributeKind, ClassDef, ClassKind, Origin, ResourceTypeDef,
};

/// What can start a resource or name a type: Puppet's core types, the custom types of the
/// module path, the program's defined types; written capitalised (a type reference, `File`,
/// `Web::Vhost`), also the program's type aliases.
pub fn types(lists: &Lists<'_>, capitalised: bool) -> Vec<CompletionItem> {
    let shown = |name: &str| {
        if capitalised {
            crate::types::capitalize_type_name(name)
        } else {
            name.to_string()
        }
    };
    let mut out = Vec::new();
    for t in builtins::resource_types() {
        // `component` and `whit` are Puppet's own, never written.
        if matches!(t.name.as_str(), "component" | "whit") {
            continue;
        }
        out.push(
            Item::new(
                shown(&t.name),
                CompletionItemKind::STRUCT,
                "core type".into(),
            )
            .done(),
        );
    }
    for t in lists.index.resource_types_listed() {
        let (name, origin) = match &t {
            Listed::Read(t) => (t.name.as_str(), &t.origin),
            Listed::Unread { name, origin } => (*name, origin),
        };
        let detail = format!("custom type ({})", lists.origin(origin));
        out.push(Item::new(shown(name), CompletionItemKind::STRUCT, detail).done());
    }
    for d in lists.index.classes() {
        if d.kind == ClassKind::Define {
            let detail = format!("defined type ({})", lists.origin(&d.origin));
            out.push(Item::new(shown(&d.name), CompletionItemKind::CLASS, detail).done());
        }
    }
    if capitalised {
        for a in lists.index.type_aliases() {
            let detail = format!("type alias = {}", a.ty);
            let item = Item::new(a.name.clone(), CompletionItemKind::TYPE_PARAMETER, detail);
            out.push(item.done());
        }
    }
    out
}

/// The program's classes.
pub fn classes(lists: &Lists<'_>) -> Vec<CompletionItem> {
    lists
        .index
        .classes()
        .iter()
        .filter(|c| c.kind == ClassKind::Class)
        .map(|c| {
            let detail = format!("class ({})", lists.origin(&c.origin));
            Item::new(c.name.clone(), CompletionItemKind::MODULE, detail).done()
        })
        .collect()
}

/// The attributes of a resource of `type_name` (for `class`, the class `title`'s parameters)
/// that `written` does not hold yet.
pub fn attributes(
    lists: &Lists<'_>,
    type_name: &str,
    title: Option<&str>,
    written: &[String],
) -> Vec<CompletionItem> {
    let index = lists.index;
    let lower = type_name.to_ascii_lowercase();
    let mut out = if lower == "class" {
        let Some(class) = title.and_then(|t| index.class(t)) else {
            return Vec::new();
        };
        parameters(lists, class)
    } else if let Some(d) = index.definition(&lower) {
        parameters(lists, d)
    } else if let Some(t) = builtins::resource_type(&lower).or_else(|| index.resource_type(&lower))
    {
        type_attributes(t)
    } else {
        return Vec::new();
    };
    out.extend(builtins::metaparameters().iter().map(|m| attribute(m, "2")));
    out.retain(|i| !written.contains(&i.label));
    out
}

/// A class's or defined type's parameters as written in its manifest (type and default),
/// those without a default first.
fn parameters(lists: &Lists<'_>, d: &ClassDef) -> Vec<CompletionItem> {
    let source = match &d.origin {
        Origin::Manifest { path, .. } => (lists.read)(path),
        _ => None,
    };
    let of = match d.kind {
        ClassKind::Class => "class",
        ClassKind::Define => "defined type",
    };
    d.params
        .iter()
        .map(|p| {
            let written = source
                .as_deref()
                .and_then(|s| s.get(p.span.start as usize..p.span.end as usize))
                .map(|w| w.split_whitespace().collect::<Vec<_>>().join(" "))
                .unwrap_or_else(|| format!("${}", p.name));
            let (rank, required) = if p.has_default {
                ("1", "")
            } else {
                ("0", "required ")
            };
            let detail = format!("{written} ({required}parameter of {of} {})", d.name);
            Item::new(p.name.clone(), CompletionItemKind::PROPERTY, detail)
                .sorted(rank)
                .insert(format!("{} => ", p.name))
                .done()
        })
        .collect()
}

/// A resource type's attributes: the required ones, then the others (the namevar among them:
/// the title usually gives it).
fn type_attributes(t: &ResourceTypeDef) -> Vec<CompletionItem> {
    t.attributes
        .iter()
        .map(|a| attribute(a, if a.required && !a.namevar { "0" } else { "1" }))
        .collect()
}

fn attribute(a: &AttributeDef, rank: &str) -> CompletionItem {
    let kind = match a.kind {
        AttributeKind::Parameter if a.namevar => "parameter, namevar",
        AttributeKind::Parameter => "parameter",
        AttributeKind::Property => "property",
        AttributeKind::Metaparameter => "metaparameter",
    };
    let required = if a.required { ", required" } else { "" };
    let detail = format!("{} ({kind}{required})", a.ty);
    Item::new(a.name.clone(), CompletionItemKind::PROPERTY, detail)
        .sorted(rank)
        .insert(format!("{} => ", a.name))
        .done()
}
