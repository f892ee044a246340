//! A panic while checking a file or compiling a node (a bug in plint) becomes a `P000`
//! (`internal-error`) finding on that file or node, and the run goes on.
//!
//! [`catch`] runs a step and catches its panic. While it runs, a panic on its thread prints
//! nothing: the hook plint adds to the process (once, the first time [`catch`] runs) records the
//! panic's location for [`internal_error`] instead. On every other thread, and outside
//! [`catch`], panics go to the hook that was there before, so two runs in one process (a
//! language server's workspaces, tests) do not disturb each other's panics.

use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

use crate::report::Diagnostic;
use crate::report::codes::INTERNAL_ERROR;

// The panic hook is the process's, so what it hands to [`catch`] goes through the thread the
// panic happened on: plumbing between the hook and the step it interrupted, not state of a run
// (each value lives only while one `catch` runs on its thread).
thread_local! {
    /// How many [`catch`] calls are running on this thread.
    static CATCHING: Cell<u32> = const { Cell::new(0) };
    /// Where the hook leaves the location of the last panic caught on this thread.
    static LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Adds plint's hook in front of the process's panic hook, once per process.
fn install_hook() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if CATCHING.with(Cell::get) > 0 {
                let at = info
                    .location()
                    .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
                LOCATION.with(|l| *l.borrow_mut() = at);
            } else {
                previous(info);
            }
        }));
    });
}

/// Runs `f`, catching its panic quietly (see the module documentation): `Err` holds the
/// panic's payload, for [`internal_error`].
pub fn catch<R>(f: impl FnOnce() -> R) -> std::thread::Result<R> {
    install_hook();
    CATCHING.with(|c| c.set(c.get() + 1));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    CATCHING.with(|c| c.set(c.get() - 1));
    result
}

/// The `P000` finding for a panic [`catch`] caught on this thread.
pub fn internal_error(payload: Box<dyn std::any::Any + Send>) -> Diagnostic {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
    let location = LOCATION.with(|l| l.borrow_mut().take());
    let message = match location {
        Some(at) => format!("internal error while checking this file: {what} (at {at})"),
        None => format!("internal error while checking this file: {what}"),
    };
    INTERNAL_ERROR
        .diagnostic(0..0, message)
        .with_help("this is a bug in plint, not in the file: please report it with the file")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panics_become_internal_errors() {
        let payload = catch(|| panic!("boom {}", 42)).unwrap_err();
        let d = internal_error(payload);
        assert_eq!(d.code, INTERNAL_ERROR.code);
        assert!(d.message.contains("boom 42"), "{}", d.message);
        assert!(d.message.contains("panic.rs"), "{}", d.message);
        assert_eq!(catch(|| 7).unwrap(), 7);
    }
}
