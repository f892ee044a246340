//! Fuzz target: parse + lowering of one manifest.
//!
//! Any bytes are decoded lossily (as plint does for a file that is not UTF-8), parsed and
//! lowered. Besides "no panic, no hang, no OOM" (libFuzzer's `-timeout` and `-rss_limit_mb`),
//! it checks that every span plint hands to later stages is a valid range of the text: the
//! file's, every comment's, every diagnostic's and its labels', and every expression's (with the
//! spans inside string literals and heredocs).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../stages.rs"]
mod stages;

fuzz_target!(|data: &[u8]| stages::parse(data));
