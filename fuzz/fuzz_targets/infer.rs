//! Fuzz target: type inference on one file, with the index of what it defines.
//!
//! The bytes are decoded lossily and parsed; as in check mode, a file with a syntax error
//! (P001) or nesting too deep (P004) goes no further. Otherwise the index is built from the
//! file (its classes, defined types, functions and type aliases, as module `fuzz`'s) and the
//! inference runs over it, recording every expression's type. Every span it reports must be a
//! range of the text on character boundaries.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use plint::defs::Index;
use plint::defs::index::Manifest;
use plint::syntax::ast::Span;

fn check_span(text: &str, what: &str, span: Span) {
    let (start, end) = (span.start as usize, span.end as usize);
    assert!(
        start <= end && end <= text.len(),
        "{what} span {start}..{end} is not within the text (length {})",
        text.len()
    );
    assert!(
        text.is_char_boundary(start) && text.is_char_boundary(end),
        "{what} span {start}..{end} does not fall on character boundaries"
    );
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text: &str = &text;
    let parsed = plint::syntax::parse(text);
    if parsed
        .diagnostics
        .iter()
        .any(|d| d.code == "P001" || d.code == "P004")
    {
        return;
    }
    let path = Path::new("modules/fuzz/manifests/init.pp");
    let manifests = [Manifest {
        path,
        source: text,
        ast: &parsed.ast,
    }];
    let sandbox = plint::sandbox::Sandbox::new(Path::new("/"), &[]);
    let index = Index::load(&manifests, &[], &sandbox);
    let analysis = plint::infer::analyze_with_types(&parsed.ast, text, &index);
    for (span, _) in &analysis.types {
        check_span(text, "typed expression", *span);
    }
    // The diagnostics as the rules print them (every message is built).
    for d in &analysis.diags {
        let _ = format!("{d:?}");
    }
});
