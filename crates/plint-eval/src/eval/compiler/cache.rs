//! The files of a run parsed once for all its nodes' compilations (manifests, ERB and EPP
//! templates, modules' Ruby functions), and the parses `plint diff`'s two revisions share.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::ruby;

/// A template parsed: its program, or the message of its Ruby syntax error.
pub(super) type ParsedTemplate = Result<Arc<ruby::Program>, String>;

/// A module function read from its file (`None`: not in a form plint reads).
type ReadFunction = Option<Arc<ruby::function::FunctionDef>>;

/// An EPP template parsed, or its syntax error.
type ParsedEpp = Result<Arc<crate::eval::epp::EppTemplate>, crate::eval::epp::EppError>;

/// The files of a run, parsed once and shared by the compilations of all its nodes (ERB and
/// EPP templates by path; module functions by path and name; manifests by path, which the
/// findings step reads again for their suppression comments). Files are taken not to change
/// during a run. A cache made [`RubyCache::sharing`] a [`SharedParses`] takes the parse of a
/// text that another run sharing it parsed already.
#[derive(Debug, Default)]
pub struct RubyCache {
    templates: Mutex<HashMap<PathBuf, ParsedTemplate>>,
    epp: Mutex<HashMap<PathBuf, ParsedEpp>>,
    functions: Mutex<HashMap<(PathBuf, String), ReadFunction>>,
    manifests: Mutex<HashMap<PathBuf, Arc<ParsedManifest>>>,
    shared: Option<Arc<SharedParses>>,
}

/// Parses by text, shared by the runs of several revisions of one program (`plint diff`'s two
/// sessions): a file whose text is the same at both revisions is parsed once, wherever its
/// folder is. A parse is a function of what keys it: a manifest's or an EPP template's text;
/// an ERB template's or a module function's text and its name relative to its module (which
/// its Ruby locations name), and the function's name.
#[derive(Debug, Default)]
pub struct SharedParses {
    manifests: Mutex<HashMap<String, Arc<ParsedManifest>>>,
    templates: Mutex<HashMap<(String, String), ParsedTemplate>>,
    epp: Mutex<HashMap<String, ParsedEpp>>,
    functions: Mutex<HashMap<(String, String, String), ReadFunction>>,
}

/// The value of `key` in `map`, made by `make` when it has none.
fn shared<K: std::hash::Hash + Eq, V: Clone>(
    map: &Mutex<HashMap<K, V>>,
    key: K,
    make: impl FnOnce() -> V,
) -> V {
    if let Some(hit) = map.lock().ok().and_then(|m| m.get(&key).cloned()) {
        return hit;
    }
    let value = make();
    if let Ok(mut m) = map.lock() {
        m.entry(key).or_insert_with(|| value.clone());
    }
    value
}

/// A manifest file read and parsed.
#[derive(Debug)]
pub struct ParsedManifest {
    pub text: String,
    pub parsed: crate::syntax::Parsed,
}

impl SharedParses {
    /// How many texts are parsed: manifests, templates and module functions.
    pub fn parsed(&self) -> usize {
        let len = |n: Option<usize>| n.unwrap_or(0);
        len(self.manifests.lock().ok().map(|m| m.len()))
            + len(self.templates.lock().ok().map(|m| m.len()))
            + len(self.epp.lock().ok().map(|m| m.len()))
            + len(self.functions.lock().ok().map(|m| m.len()))
    }
}

impl RubyCache {
    /// A cache of one run that takes the parses of `shared` and adds its own to it.
    pub fn sharing(shared: Arc<SharedParses>) -> RubyCache {
        RubyCache {
            shared: Some(shared),
            ..RubyCache::default()
        }
    }

    /// The manifest `path`, read by `read` and parsed, once per run.
    pub fn manifest(
        &self,
        path: &Path,
        read: impl FnOnce() -> Option<String>,
    ) -> Option<Arc<ParsedManifest>> {
        match self.parsed_manifest(path) {
            Some(hit) => Some(hit),
            None => Some(self.add_manifest(path, read()?)),
        }
    }

    /// The manifest `path` whose text is `text`, parsed once per run.
    pub fn manifest_with_text(&self, path: &Path, text: String) -> Arc<ParsedManifest> {
        match self.parsed_manifest(path) {
            Some(hit) => hit,
            None => self.add_manifest(path, text),
        }
    }

    fn add_manifest(&self, path: &Path, text: String) -> Arc<ParsedManifest> {
        let parse = |text: String| {
            let parsed = crate::syntax::parse(&text);
            Arc::new(ParsedManifest { text, parsed })
        };
        let manifest = match &self.shared {
            Some(s) => shared(&s.manifests, text.clone(), || parse(text)),
            None => parse(text),
        };
        if let Ok(mut m) = self.manifests.lock() {
            m.insert(path.to_path_buf(), manifest.clone());
        }
        manifest
    }

    /// The manifest `path` if a compilation of the run parsed it.
    pub fn parsed_manifest(&self, path: &Path) -> Option<Arc<ParsedManifest>> {
        self.manifests.lock().ok()?.get(path).cloned()
    }

    pub(super) fn template(
        &self,
        path: &Path,
        parse: impl FnOnce() -> Option<ParsedTemplate>,
    ) -> Option<ParsedTemplate> {
        if let Some(hit) = self.templates.lock().ok()?.get(path) {
            return Some(hit.clone());
        }
        let parsed = parse()?;
        if let Ok(mut m) = self.templates.lock() {
            m.insert(path.to_path_buf(), parsed.clone());
        }
        Some(parsed)
    }

    /// The ERB template `text`, named `label` (relative to its module), compiled by `compile`;
    /// by text from the shared parses when the cache shares them.
    pub(super) fn erb(
        &self,
        label: &str,
        text: &str,
        compile: impl FnOnce() -> ParsedTemplate,
    ) -> ParsedTemplate {
        match &self.shared {
            Some(s) => shared(&s.templates, (label.to_string(), text.to_string()), compile),
            None => compile(),
        }
    }

    /// The EPP template `path`, whose text is `text`, parsed once per run.
    pub fn epp(&self, path: &Path, text: &str) -> ParsedEpp {
        let parse = || crate::eval::epp::parse(text).map(Arc::new);
        shared(&self.epp, path.to_path_buf(), || match &self.shared {
            Some(s) => shared(&s.epp, text.to_string(), parse),
            None => parse(),
        })
    }

    /// The function `name` defined in the file `path` (read with `text`), parsed once.
    pub fn function(
        &self,
        path: &Path,
        name: &str,
        text: impl FnOnce() -> Option<String>,
    ) -> Option<Arc<ruby::function::FunctionDef>> {
        shared(
            &self.functions,
            (path.to_path_buf(), name.to_string()),
            || {
                let label = super::calls::module_relative(path);
                let read = |t: &str| {
                    ruby::parse(&label, t)
                        .ok()
                        .and_then(|p| ruby::function::read(Arc::new(p), name))
                        .map(Arc::new)
                };
                text().and_then(|t| match &self.shared {
                    Some(s) => {
                        let key = (label.clone(), name.to_string(), t.clone());
                        shared(&s.functions, key, || read(&t))
                    }
                    None => read(&t),
                })
            },
        )
    }
}
