//! The documents the client has open: their texts and versions, and which of them changed
//! since they were last checked.

use std::collections::BTreeMap;
use std::path::PathBuf;

use lsp_types::Uri;

/// An open document.
#[derive(Debug, Clone)]
pub struct Document {
    pub version: i32,
    pub text: String,
    /// The diagnostics of its last check.
    pub diagnostics: Vec<lsp_types::Diagnostic>,
    /// The findings of its last check (with their fixes), in the order of `diagnostics`.
    pub found: Vec<crate::report::Diagnostic>,
    /// The version its last check read: its findings' spans hold for that text only.
    pub checked: Option<i32>,
    /// Its text parsed, once a request asked for it (requests in a row, and a document
    /// whose recovery from syntax errors costs a second, parse it once per version).
    pub parsed: std::sync::OnceLock<std::sync::Arc<crate::syntax::ast::File>>,
}

/// The open documents, by URI (in order, so that checks and files come in a stable order).
#[derive(Debug, Default)]
pub struct Documents {
    open: BTreeMap<String, (Uri, Document)>,
    /// Documents changed since their last check.
    stale: BTreeMap<String, Uri>,
}

impl Documents {
    pub fn open(&mut self, uri: Uri, version: i32, text: String) {
        let key = uri.as_str().to_string();
        self.stale.insert(key.clone(), uri.clone());
        let (diagnostics, found, checked) = match self.open.remove(&key) {
            Some((_, d)) => (d.diagnostics, d.found, d.checked),
            None => (Vec::new(), Vec::new(), None),
        };
        self.open.insert(
            key,
            (
                uri,
                Document {
                    version,
                    text,
                    diagnostics,
                    found,
                    checked,
                    parsed: std::sync::OnceLock::new(),
                },
            ),
        );
    }

    /// The whole new text of an open document (a change to a document that is not open opens
    /// it: a client may have opened it before the server started).
    pub fn change(&mut self, uri: &Uri, version: i32, text: String) {
        self.open(uri.clone(), version, text);
    }

    pub fn mark_stale(&mut self, uri: &Uri) {
        if self.open.contains_key(uri.as_str()) {
            self.stale.insert(uri.as_str().to_string(), uri.clone());
        }
    }

    /// Marks every open document stale but `these` (checked just now).
    pub fn mark_all_stale_but(&mut self, these: &[Uri]) {
        for (key, (uri, _)) in &self.open {
            if !these.iter().any(|t| t.as_str() == key) {
                self.stale.insert(key.clone(), uri.clone());
            }
        }
    }

    /// The outcome of a check of the document's current version: its findings, and their
    /// diagnostics as published.
    pub fn set_diagnostics(
        &mut self,
        uri: &Uri,
        diagnostics: Vec<lsp_types::Diagnostic>,
        found: Vec<crate::report::Diagnostic>,
    ) {
        if let Some((_, d)) = self.open.get_mut(uri.as_str()) {
            d.diagnostics = diagnostics;
            d.found = found;
            d.checked = Some(d.version);
        }
    }

    pub fn close(&mut self, uri: &Uri) {
        self.open.remove(uri.as_str());
        self.stale.remove(uri.as_str());
    }

    pub fn get(&self, uri: &Uri) -> Option<&Document> {
        self.open.get(uri.as_str()).map(|(_, d)| d)
    }

    pub fn has_stale(&self) -> bool {
        !self.stale.is_empty()
    }

    /// The documents to check, each once; none is stale after.
    pub fn take_stale(&mut self) -> Vec<Uri> {
        std::mem::take(&mut self.stale).into_values().collect()
    }

    /// The open documents that are files, with their texts: what a check reads in place of
    /// the files on disk.
    pub fn files(&self) -> impl Iterator<Item = (PathBuf, &str)> {
        self.open
            .values()
            .filter_map(|(uri, d)| Some((super::convert::path_of(uri)?, d.text.as_str())))
    }
}
