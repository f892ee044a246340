//! Fuzz target: check mode on one file, as `plint` runs it: the bytes are decoded as a file's
//! (P002 for a NUL byte, P003 and lossy decoding for invalid UTF-8), parsed, lowered and
//! checked by every rule (the ones off by default too), then fixed (`--fix`, on inputs of up to
//! 4 KiB) and reported in every format.
//!
//! Besides "no panic, no hang, no OOM", it checks what the report promises for text from a
//! hostile file: no line of the human format starts with `::` or holds a control or invisible
//! character, and neither the human nor the JSON format holds `##[`. The file's name is taken
//! from the input's first bytes, so that names get escaped too.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use plint::config::Profile;

#[path = "../stages.rs"]
mod stages;

/// Every rule at its default severity, built once per fuzzing process.
fn profile() -> &'static Profile {
    static PROFILE: OnceLock<Profile> = OnceLock::new();
    PROFILE.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("plint-fuzz-lower-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let profile = stages::profile(&dir);
        let _ = std::fs::remove_dir(&dir);
        profile
    })
}

fuzz_target!(|data: &[u8]| stages::lower(data, profile()));
