//! Code actions (`textDocument/codeAction`) for the findings of a document's last check: each
//! finding's fix (the same edits `plint --fix` applies; preferred when safe), "suppress this
//! rule on this line" (a trailing `# plint:allow(rule)` comment, or the rule added to the
//! line's own), and, for a defined type declared without required parameters (`P109`), the
//! parameters added with `undef` as a placeholder value. Findings about suppressions, and
//! those that keep a file from being fixed (a syntax error), offer no suppression.

use std::collections::HashMap;

use lsp_types::{CodeAction, CodeActionKind, Range, TextEdit, Uri, WorkspaceEdit};

use super::convert;
use crate::defs::Index;
use crate::report::codes::{UNKNOWN_SUPPRESSION, UNUSED_SUPPRESSION};
use crate::report::{Diagnostic, LineIndex};
use crate::syntax::ast::{CommentKind, ExprKind, File, ResourceBody, StringKind};

/// The code of the finding of a defined type declared without a required parameter.
const MISSING_REQUIRED_PARAMETER: &str = "P109";

/// The actions for the findings `found` of `text` (parsed as `file`), with their diagnostics
/// as published (`published`, in the same order), whose ranges meet `range`.
pub fn actions(
    uri: &Uri,
    text: &str,
    file: &File,
    program: &Index,
    found: &[Diagnostic],
    published: &[lsp_types::Diagnostic],
    range: Range,
) -> Vec<CodeAction> {
    let lines = LineIndex::new(text);
    let mut out = Vec::new();
    let mut suppressions: Vec<(u32, CodeAction)> = Vec::new();
    for (d, shown) in found.iter().zip(published) {
        if d.ignored.is_some() || shown.range.end < range.start || range.end < shown.range.start {
            continue;
        }
        let action = |title: String, edits: Vec<TextEdit>, preferred: bool| CodeAction {
            title,
            kind: Some(CodeActionKind::QUICKFIX),
            diagnostics: Some(vec![shown.clone()]),
            edit: Some(WorkspaceEdit {
                changes: Some(HashMap::from([(uri.clone(), edits)])),
                ..WorkspaceEdit::default()
            }),
            is_preferred: preferred.then_some(true),
            ..CodeAction::default()
        };
        if let Some(fix) = d.fix.as_ref().filter(|f| !f.edits.is_empty()) {
            let edits = fix
                .edits
                .iter()
                .map(|e| edit(&lines, text, e.span.start, e.span.end, &e.replacement))
                .collect();
            let title = if fix.safe {
                fix.message.clone()
            } else {
                format!("{} (unsafe: may change what Puppet compiles)", fix.message)
            };
            out.push(action(title, edits, fix.safe));
        }
        if d.code == MISSING_REQUIRED_PARAMETER
            && let Some((title, edits)) = add_parameters(text, &lines, file, program, d)
        {
            out.push(action(title, edits, false));
        }
        let suppressible = ![UNKNOWN_SUPPRESSION.code, UNUSED_SUPPRESSION.code].contains(&d.code)
            && !crate::lint::fix::prevents_fixing(d.code);
        if let Some(e) = suppress(text, &lines, file, d).filter(|_| suppressible) {
            let title = format!("suppress `{}` on this line", d.rule);
            // One per rule and line.
            let line = e.range.start.line;
            if !suppressions
                .iter()
                .any(|(l, s)| *l == line && s.title == title)
            {
                suppressions.push((line, action(title, vec![e], false)));
            }
        }
    }
    out.extend(suppressions.into_iter().map(|(_, a)| a));
    out
}

/// The protocol's edit replacing bytes `start..end` of `text` with `new_text`.
pub fn edit(lines: &LineIndex, text: &str, start: usize, end: usize, new_text: &str) -> TextEdit {
    let range = Range::new(
        convert::position(lines, text, start),
        convert::position(lines, text, end),
    );
    TextEdit::new(range, new_text.to_string())
}

/// The edit that suppresses the rule of `d` on the line where it starts: its name added to
/// the line's trailing `# plint:allow(...)`, else such a comment added at the line's end. None
/// when the line ends in another comment or inside a string (a comment would change them).
fn suppress(text: &str, lines: &LineIndex, file: &File, d: &Diagnostic) -> Option<TextEdit> {
    let line = lines.line_range(lines.line_index(d.span.start));
    let content = text[line.clone()].trim_end_matches(['\n', '\r']);
    let end = line.start + content.len();
    let comment = file
        .comments
        .iter()
        .find(|c| (line.start..end).contains(&(c.span.start as usize)));
    if let Some(c) = comment {
        let raw = &text[c.span.range()];
        let body = raw.trim_start_matches('#').trim_start();
        if c.kind != CommentKind::Line || !body.starts_with("plint:allow(") {
            return None;
        }
        let close = c.span.start as usize + raw.len() - body.len() + body.find(')')?;
        return Some(edit(lines, text, close, close, &format!(", {}", d.rule)));
    }
    let mut in_string = false;
    file.walk(&mut |e| {
        if let ExprKind::String(lit) = &e.kind {
            let span = match &lit.kind {
                StringKind::Heredoc(h) => h.body_span,
                _ => e.span,
            };
            in_string |= (span.start as usize) < end && end < span.end as usize;
        }
    });
    if in_string || content.trim().is_empty() {
        return None;
    }
    Some(edit(
        lines,
        text,
        end,
        end,
        &format!(" # plint:allow({})", d.rule),
    ))
}

/// For a defined type declared without required parameters (the finding `d`, at the
/// resource's type name): its bodies given each missing parameter, with `undef` as the
/// placeholder value to replace.
fn add_parameters(
    text: &str,
    lines: &LineIndex,
    file: &File,
    program: &Index,
    d: &Diagnostic,
) -> Option<(String, Vec<TextEdit>)> {
    let mut resource = None;
    file.walk(&mut |e| {
        if let ExprKind::Resource(r) = &e.kind
            && r.type_name.span.range() == d.span
        {
            resource = Some(r);
        }
    });
    let r = resource?;
    let definition = program.definition(&r.type_name.name)?;
    let mut edits = Vec::new();
    for body in &r.bodies {
        let missing: Vec<&str> = definition
            .params
            .iter()
            .filter(|p| {
                !p.has_default
                    && !p.captures_rest
                    && !matches!(p.name.as_str(), "name" | "title")
                    && !body.attributes.iter().any(|a| a.name.name == p.name)
            })
            .map(|p| p.name.as_str())
            .collect();
        if !missing.is_empty() {
            edits.extend(insert_attributes(text, lines, body, &missing));
        }
    }
    if edits.is_empty() {
        return None;
    }
    Some((
        format!("add the missing parameters of `{}`", definition.name),
        edits,
    ))
}

/// The edit that adds `names` set to `undef` first in `body`: before its first attribute,
/// aligned with it, or after its title's colon, on lines of their own.
fn insert_attributes(
    text: &str,
    lines: &LineIndex,
    body: &ResourceBody,
    names: &[&str],
) -> Option<TextEdit> {
    let indent_of = |offset: usize| {
        let start = lines.line_range(lines.line_index(offset)).start;
        let line = &text[start..];
        line[..line.len() - line.trim_start_matches([' ', '\t']).len()].to_string()
    };
    if let Some(first) = body.attributes.first() {
        let at = first.name.span.start as usize;
        let start = lines.line_range(lines.line_index(at)).start;
        let separator = if text[start..at].trim().is_empty() {
            format!("\n{}", &text[start..at])
        } else {
            " ".to_string()
        };
        let new: String = names
            .iter()
            .map(|n| format!("{n} => undef,{separator}"))
            .collect();
        return Some(edit(lines, text, at, at, &new));
    }
    let after_title = body.title.span.end as usize;
    let colon = after_title + text[after_title..].find(':')? + 1;
    let rest = &text[colon..];
    let blank = rest.len() - rest.trim_start().len();
    let indent = indent_of(body.title.span.start as usize);
    let new: String = names
        .iter()
        .map(|n| format!("\n{indent}  {n} => undef,"))
        .collect();
    let closing = matches!(rest.trim_start().chars().next(), Some('}' | ';'));
    let new = if closing {
        format!("{new}\n{indent}")
    } else {
        new
    };
    Some(edit(
        lines,
        text,
        colon,
        colon + if closing { blank } else { 0 },
        &new,
    ))
}
