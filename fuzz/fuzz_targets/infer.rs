//! Fuzz target: type inference on one file, with the index of what it defines.
//!
//! The bytes are decoded lossily and parsed; as in check mode, a file with a syntax error
//! (P001) or nesting too deep (P004) goes no further. Otherwise the index is built from the
//! file (its classes, defined types, functions and type aliases, as module `fuzz`'s) and the
//! inference runs over it, recording every expression's type. Every span it reports must be a
//! range of the text on character boundaries.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../stages.rs"]
mod stages;

fuzz_target!(|data: &[u8]| stages::infer(data));
