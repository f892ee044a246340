//! Completion (`textDocument/completion`): what can be written at the cursor, from the kept
//! index and Puppet's built-in knowledge, never waiting for a check. Where the cursor is
//! ([`context::site`]) decides what is offered: resource types and type references, classes,
//! the attributes of the resource being written, functions with their signatures, the
//! variables in scope, the keys of `$facts` and of Hiera. Each item replaces the name written
//! so far (a text edit over it, so that `web::` is completed whole).

pub mod context;
pub mod facts;
pub mod functions;
pub mod hiera;
pub mod resources;
pub mod variables;

use std::path::Path;

use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionList, CompletionParams, CompletionResponse,
    CompletionTextEdit, CompletionTriggerKind, Documentation, MarkupContent, MarkupKind, Range,
    TextEdit,
};
use serde_json::Value;

use super::hover::ReadText;
use super::{Server, convert, index};
use crate::defs::Index;
use crate::defs::model::Origin;
use crate::report::LineIndex;
use crate::sandbox::Sandbox;
use context::Site;

/// The characters after which a client asks for completion as the user types: `$` (a
/// variable), `:` (after a resource's title, or `::` in a name), quotes (a fact's key, a
/// Hiera key, a class).
pub const TRIGGERS: &[&str] = &["$", ":", "'", "\""];

/// The most items a response holds: past it, only the names that start with what is written,
/// and the list is marked incomplete (the client asks again as the user types on).
pub const MAX_ITEMS: usize = 1000;

/// What the lists of items read: the program, the workspace's folder (paths are shown
/// relative to it) and its files.
pub struct Lists<'a> {
    pub index: &'a Index,
    pub root: &'a Path,
    pub read: ReadText<'a>,
}

impl Lists<'_> {
    /// Where a definition is, for an item's detail: its file relative to the workspace.
    pub fn origin(&self, origin: &Origin) -> String {
        match origin {
            Origin::Builtin => "Puppet".into(),
            Origin::Manifest { path, .. } | Origin::Ruby { path, .. } => self.relative(path),
        }
    }

    /// A file's path relative to the workspace (as it is when outside it).
    pub fn relative(&self, path: &Path) -> String {
        let shown = path.strip_prefix(self.root).unwrap_or(path);
        shown.display().to_string()
    }
}

/// An item being made: its label, kind and detail, then what sorts it, what it inserts and
/// its documentation.
pub struct Item(pub CompletionItem);

impl Item {
    pub fn new(label: String, kind: CompletionItemKind, detail: String) -> Item {
        Item(CompletionItem {
            label,
            kind: Some(kind),
            detail: Some(detail),
            ..CompletionItem::default()
        })
    }

    /// Sorted by `rank`, then by label.
    pub fn sorted(mut self, rank: &str) -> Item {
        self.0.sort_text = Some(format!("{rank}{}", self.0.label));
        self
    }

    /// Inserts `text` rather than the label.
    pub fn insert(mut self, text: String) -> Item {
        self.0.insert_text = Some(text);
        self
    }

    /// Matched against what is written by `text` rather than the label.
    pub fn filter(mut self, text: String) -> Item {
        self.0.filter_text = Some(text);
        self
    }

    pub fn markdown(mut self, text: String) -> Item {
        if !text.is_empty() {
            self.0.documentation = Some(Documentation::MarkupContent(MarkupContent {
                kind: MarkupKind::Markdown,
                value: text,
            }));
        }
        self
    }

    pub fn done(self) -> CompletionItem {
        self.0
    }
}

impl Server {
    /// The completion at the request's position (`null` where nothing can be written).
    pub(super) fn completion(&self, p: CompletionParams) -> Value {
        let at = p.text_document_position;
        let Some(doc) = self.document(&at.text_document.uri) else {
            return Value::Null;
        };
        let lines = LineIndex::new(&doc.text);
        let offset = convert::offset(&lines, &doc.text, at.position);
        let Some(site) = context::site(&doc.text, &doc.ast, offset) else {
            return Value::Null;
        };
        // Typed, an empty name in code offers everything: only when asked for.
        let invoked = p
            .context
            .is_none_or(|c| c.trigger_kind == CompletionTriggerKind::INVOKED);
        if !invoked && matches!(&site, Site::Name { prefix, .. } if prefix.is_empty()) {
            return Value::Null;
        }
        let read = |path: &Path| self.read_text(path);
        let lists = Lists {
            index: self.program(),
            root: &self.root,
            read: &read,
        };
        let items = match &site {
            Site::Name { prefix, .. } => {
                let capitalised = prefix.starts_with(|c: char| c.is_ascii_uppercase());
                let mut items = resources::types(&lists, capitalised);
                if !capitalised {
                    items.extend(functions::functions(&lists));
                }
                items
            }
            Site::Class { .. } => resources::classes(&lists),
            Site::Attribute {
                type_name,
                title,
                written,
                ..
            } => resources::attributes(&lists, type_name, title.as_deref(), written),
            Site::Variable { prefix, start } => {
                variables::variables(&lists, &doc.text, &doc.ast, *start, prefix)
            }
            Site::Fact { path, .. } => {
                let (file, sandbox) = self.settings();
                facts::keys(file.as_deref(), &sandbox, &lists, path)
            }
            Site::HieraKey { prefix, .. } => {
                let mut data = self.data_keys.lock().unwrap_or_else(|e| e.into_inner());
                hiera::keys(&lists, &self.settings().1, self.roots(), prefix, &mut data)
            }
        };
        let (prefix, start) = site.written();
        let range = Range::new(
            convert::position(&lines, &doc.text, start),
            convert::position(&lines, &doc.text, offset),
        );
        let list = respond(items, prefix, range);
        serde_json::to_value(CompletionResponse::List(list)).unwrap_or(Value::Null)
    }

    /// An item with its documentation (a Puppet function's puppet-strings text).
    pub(super) fn resolve_completion(&self, mut item: CompletionItem) -> Value {
        let read = |path: &Path| self.read_text(path);
        let lists = Lists {
            index: self.program(),
            root: &self.root,
            read: &read,
        };
        let name = item
            .data
            .as_ref()
            .and_then(|d| d.get("function"))
            .and_then(Value::as_str)
            .map(str::to_string);
        if let Some(name) = name {
            functions::resolve(&lists, &mut item, &name);
        }
        serde_json::to_value(item).unwrap_or(Value::Null)
    }

    /// The fact file `plint.toml` names (`facts`), and the sandbox of the workspace with the
    /// folders its configuration adds (none when it is invalid: each check says why).
    fn settings(&self) -> (Option<std::path::PathBuf>, Sandbox) {
        let mut sandbox = index::sandbox(&self.root, self.documents.files());
        let settings = crate::config::Settings::load(
            &crate::config::CliOptions::default(),
            &self.root,
            &mut sandbox,
        );
        match settings {
            Ok(settings) => (settings.facts, sandbox),
            Err(_) => (None, index::sandbox(&self.root, self.documents.files())),
        }
    }

    /// The module roots of the workspace's program.
    fn roots(&self) -> &[crate::discover::module::ModuleRoot] {
        match &self.index {
            index::State::Ready(w) => w.roots(),
            _ => &[],
        }
    }
}

/// The response: each item a text edit of `range`, sorted; past [`MAX_ITEMS`], those that
/// start with `prefix`, incomplete.
fn respond(mut items: Vec<CompletionItem>, prefix: &str, range: Range) -> CompletionList {
    let key = |i: &CompletionItem| i.sort_text.clone().unwrap_or_else(|| i.label.clone());
    items.sort_by_key(key);
    items.dedup_by(|a, b| a.label == b.label);
    let mut incomplete = false;
    if items.len() > MAX_ITEMS {
        let lower = prefix.to_ascii_lowercase();
        items.retain(|i| {
            i.filter_text
                .as_deref()
                .unwrap_or(&i.label)
                .to_ascii_lowercase()
                .starts_with(&lower)
        });
        incomplete = items.len() > MAX_ITEMS;
        items.truncate(MAX_ITEMS);
    }
    for item in &mut items {
        let new_text = item
            .insert_text
            .take()
            .unwrap_or_else(|| item.label.clone());
        item.text_edit = Some(CompletionTextEdit::Edit(TextEdit { range, new_text }));
    }
    CompletionList {
        is_incomplete: incomplete,
        items,
    }
}

/// The server's completion capability: its trigger characters, and items resolved for their
/// documentation.
pub fn options() -> lsp_types::CompletionOptions {
    lsp_types::CompletionOptions {
        trigger_characters: Some(TRIGGERS.iter().map(|t| t.to_string()).collect()),
        resolve_provider: Some(true),
        ..lsp_types::CompletionOptions::default()
    }
}
