//! Fuzz target: Hiera 5 lookups.
//!
//! The input is split at its first line `%%`: before it the environment's `hiera.yaml`, after
//! it the data file `data/common.yaml`. Without that line the whole input is the data file and
//! `hiera.yaml` is a usual one (`%{facts.os.family}.yaml`, then `common.yaml`, with
//! `lookup_options`). Both are written to a folder of the fuzzing process (Hiera reads files);
//! then each of the data's first eight top-level keys, and a key that is not there, is looked
//! up with the `lookup_options` merge, then with a deep merge, as `lookup()` does.
#![no_main]

use std::path::PathBuf;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;

#[path = "../stages.rs"]
mod stages;

/// The environment's folder, one per fuzzing process.
fn environment() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("plint-fuzz-hiera-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("data")).unwrap();
        dir
    })
}

fuzz_target!(|data: &[u8]| stages::hiera(data, environment()));
