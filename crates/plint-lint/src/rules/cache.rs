//! What several rules compute from the same file, computed once per file on first use.
//!
//! A family of rules that shares a result (the groups of `=>` arrows, the scope analysis, the
//! token stream, ...) defines a type for it and says how to compute it ([`FileCache`]); a rule
//! asks for it with [`Context::cache`](super::Context::cache). The cache knows no family: it
//! keeps one value per type, for the file being checked.
//!
//! ```ignore
//! struct ArrowGroups(Vec<Group>);
//!
//! impl FileCache for ArrowGroups {
//!     fn compute(cx: &Context<'_>) -> Self {
//!         ArrowGroups(find_groups(cx))
//!     }
//! }
//!
//! let groups = cx.cache::<ArrowGroups>();
//! ```

use std::any::{Any, TypeId};
use std::cell::OnceCell;

use super::Context;

/// A value computed from one file and shared by the rules that read it: computed by the first
/// rule that asks for it, then kept until the file's rules are done.
pub trait FileCache: Any {
    /// The value for the file `cx` checks. It may ask for other cached values (not for its
    /// own type).
    fn compute(cx: &Context<'_>) -> Self
    where
        Self: Sized;
}

/// The cached values of one file, one per type (see the module documentation).
///
/// A short list of cells that are never emptied while shared: a value, once set, stays where
/// it is, so the references handed out stay valid while more values are added (a file's rules
/// share about a dozen types, so a look-up compares a few type ids).
#[derive(Default)]
pub struct FileCaches {
    first: Slot,
}

#[derive(Default)]
struct Slot {
    value: OnceCell<(TypeId, Box<dyn Any>)>,
    next: OnceCell<Box<Slot>>,
}

impl FileCaches {
    /// The value of type `T` for the file `cx` checks, computed on the first call.
    pub fn get_or_compute<T: FileCache>(&self, cx: &Context<'_>) -> &T {
        if let Some(found) = self.get::<T>() {
            return found;
        }
        // Computing it may add other values (never one of type `T`: see `FileCache::compute`).
        let value = T::compute(cx);
        self.insert(value)
    }

    /// The value of type `T`, if it was computed.
    pub fn get<T: Any>(&self) -> Option<&T> {
        let id = TypeId::of::<T>();
        let mut slot = &self.first;
        loop {
            if let Some((at, value)) = slot.value.get()
                && *at == id
            {
                return value.downcast_ref();
            }
            slot = slot.next.get()?;
        }
    }

    /// Adds `value` in the first empty cell.
    fn insert<T: Any>(&self, value: T) -> &T {
        let mut slot = &self.first;
        while slot.value.get().is_some() {
            slot = slot.next.get_or_init(Box::default);
        }
        let (_, value) = slot
            .value
            .get_or_init(|| (TypeId::of::<T>(), Box::new(value)));
        value.downcast_ref().expect("the cell was empty")
    }

    /// Takes the value of type `T` out, if it was computed (once the file's rules are done).
    pub fn take<T: Any>(&mut self) -> Option<T> {
        let id = TypeId::of::<T>();
        let mut slot = &mut self.first;
        loop {
            if slot.value.get().is_some_and(|(at, _)| *at == id) {
                let (_, value) = slot.value.take()?;
                return value.downcast().ok().map(|b| *b);
            }
            slot = slot.next.get_mut()?;
        }
    }
}

impl std::fmt::Debug for FileCaches {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut count = 0;
        let mut slot = Some(&self.first);
        while let Some(s) = slot {
            count += usize::from(s.value.get().is_some());
            slot = s.next.get().map(|b| &**b);
        }
        write!(f, "FileCaches({count} values)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Severity;
    use crate::rules::{Expressions, FileInfo};

    struct Length(usize);
    impl FileCache for Length {
        fn compute(cx: &Context<'_>) -> Self {
            Length(cx.source().len())
        }
    }

    /// Asks for `Length` while it is computed.
    struct Double(usize);
    impl FileCache for Double {
        fn compute(cx: &Context<'_>) -> Self {
            Double(cx.cache::<Length>().0 * 2)
        }
    }

    /// Each value is computed once per file, values may ask for others while computed, the
    /// references stay valid as more are added, and a value can be taken out.
    #[test]
    fn values_are_computed_once_and_kept() {
        let text = "notice(1)\n";
        let parsed = crate::syntax::parse(text);
        let file = FileInfo {
            path: "x.pp",
            source: text,
            ast: &parsed.ast,
            module: None,
        };
        let mut index = Expressions::build(&parsed.ast);
        {
            let mut diagnostics = Vec::new();
            let info = crate::rules::style::puppet_lint::RULES[0].info();
            let cx = Context::new(file, &index, info, Severity::Warning, &mut diagnostics);
            let double = cx.cache::<Double>();
            assert_eq!(double.0, 20);
            let length = cx.cache::<Length>();
            assert_eq!(length.0, 10);
            // Kept, not computed again (a second computation would take another cell).
            assert!(std::ptr::eq(double, cx.cache::<Double>()));
            assert!(std::ptr::eq(length, cx.cache::<Length>()));
            assert_eq!(double.0, 20);
            assert_eq!(format!("{:?}", index.caches), "FileCaches(2 values)");
        }
        assert_eq!(index.caches.take::<Length>().map(|l| l.0), Some(10));
        assert!(index.caches.take::<Length>().is_none());
        assert_eq!(index.caches.get::<Double>().map(|d| d.0), Some(20));
    }
}
