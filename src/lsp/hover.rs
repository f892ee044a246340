//! Hover (`textDocument/hover`): what the name at the position is, in Markdown. A class or
//! defined type: its parameters as written (types, defaults) and its puppet-strings
//! documentation (`@summary`, `@param`); a function: its signatures; a resource's attribute:
//! its value type; a type alias: its type; a variable or any expression: its inferred type.
//! The rule's documentation of a diagnostic at the position is added by the caller.

use std::path::Path;

use super::at::{self, Target};
use crate::defs::Index;
use crate::defs::model::{ClassDef, ClassKind, FunctionDef, Origin, ParamKind};
use crate::syntax::ast::{ExprKind, File, Span};

/// Reads a file of the program (an open document's text, or the file's).
pub type ReadText<'a> = &'a dyn Fn(&Path) -> Option<String>;

/// The hover text of what is at byte `offset` of `file` (`text` parsed), and the span it is
/// about.
pub fn hover(
    index: &Index,
    text: &str,
    file: &File,
    offset: usize,
    read: ReadText<'_>,
) -> Option<(String, Span)> {
    let (target, span) = at::target_at(file, offset)?;
    let markdown = match target {
        Target::Class(name) => definition(index.class(&name)?, read),
        Target::Type(name) => type_name(index, &name, read)?,
        Target::Function(name) => {
            let f = crate::defs::builtins::function(&name).or_else(|| index.function(&name))?;
            let mut out = function(f);
            if let Origin::Manifest { path, span } = &f.origin {
                let source = read(path).unwrap_or_default();
                out.push_str(&Docs::above(&source, span.start as usize).prose());
            }
            out
        }
        Target::Attribute { type_name, name } => attribute(index, &type_name, &name, read)?,
        Target::Variable(name) => {
            let ty = inferred(index, text, file, span)?;
            format!("```puppet\n${name}: {ty}\n```")
        }
        // `Any` says nothing (a definition, a statement).
        Target::Expression => match inferred(index, text, file, span)? {
            ty if ty == "Any" => return None,
            ty => format!("```puppet\n{ty}\n```"),
        },
        Target::ModuleFile { name, .. } => format!("`{name}`"),
    };
    Some((markdown, span))
}

/// The type the inference gives the expression at `span` (for the target of an assignment,
/// the type of the value assigned).
fn inferred(index: &Index, text: &str, file: &File, span: Span) -> Option<String> {
    let analysis = crate::infer::analyze_with_types(file, text, index);
    if let Some(ty) = analysis.type_at(span) {
        return Some(ty.to_string());
    }
    let mut assigned = None;
    file.walk(&mut |e| {
        if let ExprKind::Assignment { left, right, .. } = &e.kind
            && left.span == span
        {
            assigned = Some(right.span);
        }
    });
    analysis.type_at(assigned?).map(ToString::to_string)
}

fn type_name(index: &Index, name: &str, read: ReadText<'_>) -> Option<String> {
    if let Some(d) = index.definition(name) {
        return Some(definition(d, read));
    }
    if let Some(a) = index.type_alias(name) {
        return Some(format!("```puppet\ntype {} = {}\n```", a.name, a.ty));
    }
    let lower = name.to_ascii_lowercase();
    let t = crate::defs::builtins::resource_type(&lower).or_else(|| index.resource_type(&lower))?;
    let namevars: Vec<String> = t.namevars().map(|a| format!("`{}`", a.name)).collect();
    Some(format!(
        "resource type `{}`: {} attributes; namevar {}",
        t.name,
        t.attributes.len(),
        namevars.join(", ")
    ))
}

/// A class or defined type: its header with the parameters as written, then its
/// documentation.
fn definition(d: &ClassDef, read: ReadText<'_>) -> String {
    let keyword = match d.kind {
        ClassKind::Class => "class",
        ClassKind::Define => "define",
    };
    let Origin::Manifest { path, span } = &d.origin else {
        return format!("```puppet\n{keyword} {}\n```", d.name);
    };
    let source = read(path).unwrap_or_default();
    let written = |s: Span| source.get(s.start as usize..s.end as usize).map(str::trim);
    let mut out = format!("```puppet\n{keyword} {}", d.name);
    if !d.params.is_empty() {
        out.push_str(" (\n");
        for p in &d.params {
            let text = written(p.span).map_or_else(|| format!("${}", p.name), str::to_string);
            out.push_str(&format!("  {text},\n"));
        }
        out.push(')');
    }
    if let Some(parent) = &d.parent {
        out.push_str(&format!(" inherits {parent}"));
    }
    out.push_str("\n```");
    let docs = Docs::above(&source, span.start as usize);
    out.push_str(&docs.prose());
    let documented: Vec<String> = d
        .params
        .iter()
        .filter_map(|p| {
            let (_, said) = docs.params.iter().find(|(n, _)| *n == p.name)?;
            Some(format!("- `{}`: {said}", p.name))
        })
        .collect();
    if !documented.is_empty() {
        out.push_str(&format!("\n\n{}", documented.join("\n")));
    }
    out
}

/// A function's signatures, one per line.
fn function(f: &FunctionDef) -> String {
    format!("```puppet\n{}\n```", signatures(f).join("\n"))
}

/// A function's signatures as Puppet would write them (`function name(Type $x) >> Type`),
/// or `function name(...)` when they are not known.
pub fn signatures(f: &FunctionDef) -> Vec<String> {
    if f.signatures.is_empty() {
        return vec![format!("function {}(...)", f.name)];
    }
    f.signatures
        .iter()
        .map(|s| {
            let params: Vec<String> = s
                .params
                .iter()
                .map(|p| match p.kind {
                    ParamKind::Required => format!("{} ${}", p.ty, p.name),
                    ParamKind::Optional => format!("Optional {} ${}", p.ty, p.name),
                    ParamKind::Repeated => format!("{} *${}", p.ty, p.name),
                    ParamKind::RequiredRepeated => format!("{} +${}", p.ty, p.name),
                })
                .chain(s.block.iter().map(|b| format!("{} &${}", b.ty, b.name)))
                .collect();
            let ret = s.return_type.as_deref().unwrap_or("Any");
            format!("function {}({}) >> {ret}", f.name, params.join(", "))
        })
        .collect()
}

/// The puppet-strings summary and text of the definition whose name starts at byte `start`
/// of `source` (each after a blank line; empty when there are none).
pub fn prose(source: &str, start: usize) -> String {
    Docs::above(source, start).prose()
}

/// An attribute of a resource: a defined type's parameter as written, or a resource type's
/// attribute (or a metaparameter) with its value type.
fn attribute(index: &Index, type_name: &str, name: &str, read: ReadText<'_>) -> Option<String> {
    if let Some(d) = index.definition(type_name) {
        let p = d.param(name)?;
        let Origin::Manifest { path, .. } = &d.origin else {
            return None;
        };
        let source = read(path)?;
        let written = source.get(p.span.start as usize..p.span.end as usize)?;
        return Some(format!(
            "```puppet\n{}\n```\nparameter of `{}`",
            written.trim(),
            d.name
        ));
    }
    let lower = type_name.to_ascii_lowercase();
    let attr = crate::defs::builtins::resource_attribute(&lower, name)
        .or_else(|| index.resource_type(&lower)?.attribute(name))
        .or_else(|| crate::defs::builtins::metaparameter(name))?;
    let kind = match attr.kind {
        crate::defs::model::AttributeKind::Parameter => "parameter",
        crate::defs::model::AttributeKind::Property => "property",
        crate::defs::model::AttributeKind::Metaparameter => "metaparameter",
    };
    Some(format!(
        "```puppet\n{name} => {}\n```\n{kind} of `{lower}`",
        attr.ty
    ))
}

/// The puppet-strings documentation in the comments above a definition.
#[derive(Debug, Default, PartialEq)]
struct Docs {
    summary: Option<String>,
    /// The text before the first tag.
    text: String,
    /// `@param name text`, each with its text (continuation lines joined).
    params: Vec<(String, String)>,
}

impl Docs {
    /// The documentation of the definition whose name starts at byte `start` of `source`.
    fn above(source: &str, start: usize) -> Docs {
        let line_start = source
            .get(..start)
            .and_then(|s| s.rfind('\n'))
            .map_or(0, |i| i + 1);
        let ast = crate::syntax::parse(source).ast;
        let mut lines = Vec::new();
        for c in ast.comment_block_before(source, line_start) {
            for raw in source[c.span.start as usize..c.span.end as usize].lines() {
                lines.push(raw.trim_start().trim_start_matches('#').to_string());
            }
        }
        Docs::read(&lines)
    }

    /// The summary and the text, each after a blank line.
    fn prose(&self) -> String {
        let mut out = String::new();
        if let Some(summary) = &self.summary {
            out.push_str(&format!("\n\n{summary}"));
        }
        if !self.text.is_empty() {
            out.push_str(&format!("\n\n{}", self.text));
        }
        out
    }

    fn read(lines: &[String]) -> Docs {
        let mut docs = Docs::default();
        // Which text a continuation line adds to: 0 the description, 1 the summary, 2 the
        // last parameter, 3 another tag.
        let mut into = 0;
        for line in lines {
            let body = line.trim();
            if let Some(rest) = body.strip_prefix("@summary") {
                docs.summary = Some(rest.trim().to_string());
                into = 1;
            } else if let Some(rest) = body.strip_prefix("@param") {
                let rest = rest.trim_start();
                let rest = match rest.strip_prefix('[') {
                    Some(typed) => typed.split_once(']').map_or("", |(_, r)| r).trim_start(),
                    None => rest,
                };
                let (name, said) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                docs.params
                    .push((name.to_string(), said.trim().to_string()));
                into = 2;
            } else if body.starts_with('@') {
                into = 3;
            } else if body.is_empty() && into != 0 {
                // A blank line ends a tag's text (after the summary, the description goes on).
                into = if into == 1 { 0 } else { 3 };
            } else {
                let target = match into {
                    0 => Some(&mut docs.text),
                    1 => docs.summary.as_mut(),
                    2 => docs.params.last_mut().map(|(_, s)| s),
                    _ => None,
                };
                if let Some(t) = target {
                    join(t, body);
                }
            }
        }
        docs.text = docs.text.trim().to_string();
        docs
    }
}

/// Adds a line of documentation to `text` (an empty line starts a paragraph).
fn join(text: &mut String, line: &str) {
    if line.is_empty() {
        if !text.is_empty() && !text.ends_with("\n\n") {
            text.push_str("\n\n");
        }
    } else {
        if !text.is_empty() && !text.ends_with('\n') {
            text.push(' ');
        }
        text.push_str(line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn puppet_strings_tags() {
        let lines: Vec<String> = [
            " @summary Manages a web server.",
            "",
            " Installs it and",
            " starts it.",
            "",
            " @param root",
            "   The document root,",
            "   served.",
            " @param [Integer] port The port.",
            " @example",
            "   include web",
        ]
        .iter()
        .map(ToString::to_string)
        .collect();
        let docs = Docs::read(&lines);
        assert_eq!(docs.summary.as_deref(), Some("Manages a web server."));
        assert_eq!(docs.text, "Installs it and starts it.");
        assert_eq!(
            docs.params,
            [
                ("root".to_string(), "The document root, served.".to_string()),
                ("port".to_string(), "The port.".to_string())
            ]
        );
    }
}
