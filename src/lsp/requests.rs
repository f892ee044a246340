//! The requests the server answers: go to definition, find references, hover, document and
//! workspace symbols, code actions and formatting. Each reads the document's text (the
//! editor's, or the file's), parses it, and asks the workspace's index (an empty one while it
//! is being built); code actions read the findings of the document's last check, formatting
//! checks it again with its fixes.

use std::path::{Path, PathBuf};

use lsp_server::{ErrorCode, Request, Response};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest,
    References, Request as _, ResolveCompletionItem, WorkspaceSymbolRequest,
};
use lsp_types::{
    DocumentSymbolResponse, GotoDefinitionResponse, Hover, HoverContents, Location, MarkupContent,
    MarkupKind, Position, Range, SymbolInformation, TextDocumentPositionParams, Uri,
    WorkspaceSymbolResponse,
};
use serde_json::Value;

use super::definition::Place;
use super::{Server, convert, index};
use crate::defs::Index;
use crate::lint::fix::Applicability;
use crate::report::LineIndex;
use crate::sandbox::Sandbox;

/// The most symbols a workspace query returns.
const WORKSPACE_SYMBOLS: usize = 500;

/// A document parsed for a request.
pub(super) struct Doc {
    pub path: PathBuf,
    pub text: String,
    pub ast: std::sync::Arc<crate::syntax::ast::File>,
}

impl Server {
    /// The response to `request`: its result, `null` when there is nothing to say, or an
    /// error for a request the server does not answer or cannot read.
    pub(super) fn answer(&mut self, request: Request) -> Response {
        let id = request.id.clone();
        let result = match request.method.as_str() {
            GotoDefinition::METHOD => params(request.params).map(|p| self.definition(p)),
            HoverRequest::METHOD => params(request.params).map(|p| self.hover(p)),
            DocumentSymbolRequest::METHOD => {
                params(request.params).map(|p: lsp_types::DocumentSymbolParams| {
                    self.document_symbols(&p.text_document.uri)
                })
            }
            WorkspaceSymbolRequest::METHOD => params(request.params)
                .map(|p: lsp_types::WorkspaceSymbolParams| self.workspace_symbols(&p.query)),
            References::METHOD => params(request.params).map(|p| self.references(p)),
            Formatting::METHOD => params(request.params).and_then(|p| self.formatting(p)),
            CodeActionRequest::METHOD => params(request.params).map(|p| self.code_actions(p)),
            Completion::METHOD => params(request.params).map(|p| self.completion(p)),
            ResolveCompletionItem::METHOD => {
                params(request.params).map(|item| self.resolve_completion(item))
            }
            _ => {
                return Response::new_err(
                    id,
                    ErrorCode::MethodNotFound as i32,
                    format!("plint does not answer `{}`", request.method),
                );
            }
        };
        match result {
            Ok(value) => Response::new_ok(id, value),
            Err(e) => Response::new_err(id, ErrorCode::InvalidParams as i32, e),
        }
    }

    pub(super) fn program(&self) -> &Index {
        match &self.index {
            index::State::Ready(w) => w.index(),
            _ => Index::empty(),
        }
    }

    /// The text of a file of the program: an open document's, else the file's.
    pub(super) fn read_text(&self, path: &Path) -> Option<String> {
        if let Some((_, text)) = self.documents.files().find(|(p, _)| p == path) {
            return Some(text.to_string());
        }
        let sandbox = Sandbox::new(&self.root, &[self.root.clone(), path.to_path_buf()]);
        sandbox.read_to_string(path).ok()
    }

    /// The document at `uri` parsed: an open one's text as the editor has it (parsed once per
    /// version), else the file's.
    pub(super) fn document(&self, uri: &Uri) -> Option<Doc> {
        let path = convert::path_of(uri)?;
        if let Some(open) = self.documents.get(uri) {
            let ast = open
                .parsed
                .get_or_init(|| std::sync::Arc::new(crate::syntax::parse(&open.text).ast));
            return Some(Doc {
                path,
                text: open.text.clone(),
                ast: ast.clone(),
            });
        }
        let text = self.read_text(&path)?;
        let ast = std::sync::Arc::new(crate::syntax::parse(&text).ast);
        Some(Doc { path, text, ast })
    }

    fn offset(doc: &Doc, position: Position) -> usize {
        convert::offset(&LineIndex::new(&doc.text), &doc.text, position)
    }

    fn definition(&self, p: lsp_types::GotoDefinitionParams) -> Value {
        let TextDocumentPositionParams {
            text_document,
            position,
        } = p.text_document_position_params;
        let place = self.document(&text_document.uri).and_then(|doc| {
            let offset = Self::offset(&doc, position);
            super::definition::definition(self.program(), &doc.path, &doc.text, &doc.ast, offset)
        });
        let location = place.and_then(|p| self.location(&p));
        json(location.map(GotoDefinitionResponse::Scalar))
    }

    fn location(&self, place: &Place) -> Option<Location> {
        let (path, range) = match place {
            Place::Span(path, span) => {
                let text = self.read_text(path)?;
                let range = convert::range(&text, span.start as usize, span.end as usize);
                (path, range)
            }
            Place::Line(path, line) => {
                let at = Position::new(line.saturating_sub(1), 0);
                (path, Range::new(at, at))
            }
            Place::File(path) => (path, Range::default()),
        };
        Some(Location::new(convert::uri_of(path)?, range))
    }

    fn hover(&self, p: lsp_types::HoverParams) -> Value {
        let TextDocumentPositionParams {
            text_document,
            position,
        } = p.text_document_position_params;
        let Some(doc) = self.document(&text_document.uri) else {
            return Value::Null;
        };
        let offset = Self::offset(&doc, position);
        let read = |path: &Path| self.read_text(path);
        let found = super::hover::hover(self.program(), &doc.text, &doc.ast, offset, &read).map(
            |(m, s)| {
                (
                    m,
                    Some(convert::range(&doc.text, s.start as usize, s.end as usize)),
                )
            },
        );
        // The documentation of the rules of the diagnostics at the position.
        let rules = self.rules_at(&text_document.uri, position);
        let (markdown, range) = match (found, rules) {
            (None, None) => return Value::Null,
            (Some((m, r)), None) => (m, r),
            (None, Some((m, r))) => (m, Some(r)),
            (Some((m, r)), Some((rules, _))) => (format!("{m}\n\n---\n\n{rules}"), r),
        };
        json(Some(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: markdown,
            }),
            range,
        }))
    }

    /// The documentation of the rules whose diagnostics of the document's last check hold
    /// `position`, and the range of the first.
    fn rules_at(&self, uri: &Uri, position: Position) -> Option<(String, Range)> {
        let doc = self.documents.get(uri)?;
        let mut range = None;
        let mut docs: Vec<String> = Vec::new();
        for d in &doc.diagnostics {
            if !(d.range.start <= position && position <= d.range.end) {
                continue;
            }
            let Some(lsp_types::NumberOrString::String(code)) = &d.code else {
                continue;
            };
            let Some(rule) = crate::rules::find(code) else {
                continue;
            };
            let info = rule.info();
            let text = format!(
                "**{} {}**\n\n{}",
                info.code,
                info.name,
                info.documentation()
            );
            if !docs.contains(&text) {
                docs.push(text);
            }
            range.get_or_insert(d.range);
        }
        Some((docs.join("\n\n---\n\n"), range?))
    }

    /// Where the name at the position is named: a variable in its document, a class, type or
    /// function in the workspace's manifests.
    fn references(&self, p: lsp_types::ReferenceParams) -> Value {
        let TextDocumentPositionParams {
            text_document,
            position,
        } = p.text_document_position;
        let declarations = p.context.include_declaration;
        let Some(doc) = self.document(&text_document.uri) else {
            return Value::Null;
        };
        let offset = Self::offset(&doc, position);
        let Some((target, _)) = super::at::target_at(&doc.ast, offset) else {
            return Value::Null;
        };
        let mut found: Vec<(PathBuf, String, Vec<crate::syntax::ast::Span>)> = Vec::new();
        if let super::at::Target::Variable(name) = &target {
            let spans = super::references::variable(
                self.program(),
                &doc.path,
                &doc.text,
                &doc.ast,
                offset,
                name,
                declarations,
            );
            found.push((doc.path, doc.text, spans));
        } else if let Some(named) = super::references::Named::of(&target) {
            let indexed = match &self.index {
                index::State::Ready(w) => Some(w.parts().paths()),
                _ => None,
            };
            let open: Vec<(PathBuf, &str)> = self.documents.files().collect();
            let open_paths = open.iter().map(|(p, _)| p.clone());
            for path in super::references::manifests(indexed.into_iter().flatten(), open_paths) {
                // The open document's text, else the kept one: no file is read here.
                let kept;
                let text: &str = match open.iter().find(|(p, _)| *p == path) {
                    Some((_, text)) => text,
                    None => match self.texts.get(&path) {
                        Some(text) => {
                            kept = text;
                            &kept
                        }
                        None => continue,
                    },
                };
                if !text.to_ascii_lowercase().contains(named.name()) {
                    continue;
                }
                let ast = crate::syntax::parse(text).ast;
                let spans = super::references::in_file(text, &ast, &named, declarations);
                found.push((path, text.to_string(), spans));
            }
        } else {
            return Value::Null;
        }
        let mut locations = Vec::new();
        for (path, text, spans) in found {
            let Some(uri) = convert::uri_of(&path) else {
                continue;
            };
            let lines = LineIndex::new(&text);
            for s in spans {
                let range = Range::new(
                    convert::position(&lines, &text, s.start as usize),
                    convert::position(&lines, &text, s.end as usize),
                );
                locations.push(Location::new(uri.clone(), range));
            }
        }
        json(Some(locations))
    }

    /// The actions for the findings of the document's last check, when that check read its
    /// current text.
    fn code_actions(&self, p: lsp_types::CodeActionParams) -> Value {
        let uri = &p.text_document.uri;
        let Some(open) = self.documents.get(uri) else {
            return Value::Null;
        };
        if open.checked != Some(open.version) {
            return Value::Null;
        }
        let ast = crate::syntax::parse(&open.text).ast;
        let actions = super::actions::actions(
            uri,
            &open.text,
            &ast,
            self.program(),
            &open.found,
            &open.diagnostics,
            p.range,
        );
        let response: Vec<lsp_types::CodeActionOrCommand> = actions
            .into_iter()
            .map(lsp_types::CodeActionOrCommand::CodeAction)
            .collect();
        json(Some(response))
    }

    /// The edits of the document's safe fixes, made as a check of its current text in the
    /// workspace's program makes them; none while the index is being built.
    fn formatting(&mut self, p: lsp_types::DocumentFormattingParams) -> Result<Value, String> {
        let Some(path) = convert::path_of(&p.text_document.uri) else {
            return Ok(Value::Null);
        };
        let Some(text) = self.read_text(&path) else {
            return Ok(Value::Null);
        };
        let index::State::Ready(workspace) = &mut self.index else {
            return Ok(Value::Null);
        };
        let mut session = index::session(&self.root, Some(&path), self.documents.files(), 1)?;
        let checked = session.fix_in(&[path], workspace, Applicability::Safe)?;
        // The check put what the text defines in the index: when that changed, the open
        // documents are checked again, as after an edit.
        if workspace.names_changed() {
            self.documents.mark_all_stale_but(&[]);
        }
        let edits = match checked.outcomes.into_iter().find_map(|o| o.fixed_text) {
            Some(fixed) => super::formatting::edits(&text, &fixed),
            None => Vec::new(),
        };
        Ok(json(Some(edits)))
    }

    fn document_symbols(&self, uri: &Uri) -> Value {
        let Some(doc) = self.document(uri) else {
            return Value::Null;
        };
        let symbols = super::symbols::document(&doc.ast, &doc.text);
        json(Some(DocumentSymbolResponse::Nested(symbols)))
    }

    fn workspace_symbols(&self, query: &str) -> Value {
        let found = super::symbols::workspace(self.program(), query, WORKSPACE_SYMBOLS);
        let mut texts: std::collections::HashMap<PathBuf, Option<String>> = Default::default();
        let mut out = Vec::new();
        for (name, kind, origin) in found {
            let Some(place) = super::definition::place(origin) else {
                continue;
            };
            let location = match &place {
                Place::Span(path, span) => {
                    let text = texts
                        .entry(path.clone())
                        .or_insert_with(|| self.read_text(path));
                    let Some(text) = text else { continue };
                    let range = convert::range(text, span.start as usize, span.end as usize);
                    convert::uri_of(path).map(|uri| Location::new(uri, range))
                }
                other => self.location(other),
            };
            let Some(location) = location else { continue };
            #[allow(deprecated)] // `deprecated` is a field the type requires
            out.push(SymbolInformation {
                name: name.to_string(),
                kind,
                tags: None,
                deprecated: None,
                location,
                container_name: None,
            });
        }
        json(Some(WorkspaceSymbolResponse::Flat(out)))
    }
}

fn params<P: serde::de::DeserializeOwned>(value: Value) -> Result<P, String> {
    serde_json::from_value(value)
        .map_err(|e| format!("the request's parameters are not valid: {e}"))
}

fn json<T: serde::Serialize>(value: Option<T>) -> Value {
    value.map_or(Value::Null, |v| {
        serde_json::to_value(v).unwrap_or(Value::Null)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_open_document_is_parsed_once_per_version() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        let mut server = Server::new(root.clone(), index::State::Failed(String::new()), false);
        let uri: Uri = format!("file://{}/a.pp", root.display()).parse().unwrap();
        server
            .documents
            .open(uri.clone(), 1, "class a { }\n".to_string());
        let first = server.document(&uri).unwrap();
        let again = server.document(&uri).unwrap();
        assert!(
            std::sync::Arc::ptr_eq(&first.ast, &again.ast),
            "parsed once"
        );
        server
            .documents
            .change(&uri, 2, "class b { }\n".to_string());
        let changed = server.document(&uri).unwrap();
        assert!(!std::sync::Arc::ptr_eq(&first.ast, &changed.ast));
        assert_eq!(changed.text, "class b { }\n");
        assert_eq!(changed.ast.statements.len(), 1);
    }
}
