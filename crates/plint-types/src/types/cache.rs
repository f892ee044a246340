//! The caches of one run: types parsed from their text, type expressions lowered, the
//! suggestions found for unknown resource types, and the Ruby regexps compiled. The index of
//! the run (`defs::Index::caches`, a later stage) owns them, so two indexes in one process (two
//! workspaces of a language server) keep theirs apart, and dropping an index drops its caches.
//!
//! Shared by the threads of the run: the same few hundred texts come back in every file.

use std::sync::{Arc, Mutex, RwLock};

use rustc_hash::FxHashMap as HashMap;

use super::Type;

/// A type parsed from its text, or `None` when the text is not a type.
pub type Parsed = Option<Arc<Type>>;

/// What the suggestion for an unknown resource type is remembered by: a fingerprint of the
/// program's names, the name, and how many edits away a suggestion may be.
type NearKey = (u64, String, usize);

/// The caches of one run (see the module documentation).
#[derive(Debug, Default)]
pub struct Caches {
    parsed: RwLock<HashMap<String, Result<Arc<Type>, super::TypeError>>>,
    near: Mutex<HashMap<NearKey, Option<String>>>,
    regexes: super::RegexCache,
}

impl Caches {
    /// The Ruby regexps of `Pattern` and `Regexp` types compiled by the run.
    pub fn regexes(&self) -> &super::RegexCache {
        &self.regexes
    }

    /// [`super::parse`] of `src`, remembered (`None` when it is not a type).
    pub fn parsed(&self, src: &str) -> Parsed {
        self.checked(src).ok()
    }

    /// [`super::parse`] of `src`, remembered with the error that says why it is not a type.
    pub fn checked(&self, src: &str) -> Result<Arc<Type>, super::TypeError> {
        if let Ok(cache) = self.parsed.read()
            && let Some(hit) = cache.get(src)
        {
            return hit.clone();
        }
        let t = super::parse(src).map(Arc::new);
        if let Ok(mut cache) = self.parsed.write() {
            cache.insert(src.to_string(), t.clone());
        }
        t
    }

    /// Remembers `t` as the type of the text `src`, unless one is already: `t` must be what
    /// [`super::parse`] gives for `src` (the type of an expression of that text that
    /// [`super::from_expr`] lowered from a file's tree, which the index has).
    pub fn remember_parsed(&self, src: &str, t: Type) {
        if let Ok(mut cache) = self.parsed.write() {
            cache
                .entry(src.to_string())
                .or_insert_with(|| Ok(Arc::new(t)));
        }
    }

    /// Whether the type of `src` is remembered (what a run parsed).
    pub fn has_parsed(&self, src: &str) -> bool {
        self.parsed.read().is_ok_and(|m| m.contains_key(src))
    }

    /// [`Caches::parsed`], copied.
    pub fn parse(&self, src: &str) -> Option<Type> {
        self.parsed(src).map(|t| (*t).clone())
    }

    /// The type of the text `text`, when it is remembered as a type (parsed, or lowered from
    /// a tree: see [`Caches::remember_parsed`]); nothing is parsed.
    pub fn lowered(&self, text: &str) -> Option<Type> {
        match self.parsed.read().ok()?.get(text) {
            Some(Ok(t)) => Some((**t).clone()),
            _ => None,
        }
    }

    /// The suggestion for the unknown resource type `name` (at most `limit` edits away) in a
    /// program whose names hash to `fingerprint`: `find`'s answer, remembered.
    pub fn near_name(
        &self,
        fingerprint: u64,
        name: &str,
        limit: usize,
        find: impl FnOnce() -> Option<String>,
    ) -> Option<String> {
        let key: NearKey = (fingerprint, name.to_string(), limit);
        if let Some(hit) = self.near.lock().ok().and_then(|m| m.get(&key).cloned()) {
            return hit;
        }
        let best = find();
        if let Ok(mut m) = self.near.lock() {
            m.insert(key, best.clone());
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parsed_texts_are_remembered_with_their_errors() {
        let caches = Caches::default();
        let t = caches.checked("Integer[1, 3]").unwrap();
        assert!(Arc::ptr_eq(&t, &caches.checked("Integer[1, 3]").unwrap()));
        assert_eq!(caches.parse("Integer[1, 3]"), Some((*t).clone()));
        let e = caches.checked("Integer[").unwrap_err();
        assert_eq!(caches.checked("Integer[").unwrap_err(), e);
        assert_eq!(Some(e), super::super::parse("Integer[").err());
        assert!(caches.parsed("Integer[").is_none());
    }
}
