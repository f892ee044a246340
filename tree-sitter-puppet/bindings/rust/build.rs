//! Compiles the committed, generated parser and the hand-written external scanner.
//! Generation itself happens in `cargo xtask gen-grammar`, never here.
fn main() {
    let src = std::path::Path::new("src");
    let mut build = cc::Build::new();
    build
        .std("c11")
        .include(src)
        .flag_if_supported("-Wno-unused-parameter")
        .flag_if_supported("-Wno-unused-but-set-variable")
        .flag_if_supported("-Wno-trigraphs");
    for file in ["parser.c", "scanner.c"] {
        let path = src.join(file);
        println!("cargo:rerun-if-changed={}", path.display());
        build.file(path);
    }
    println!("cargo:rerun-if-changed=src/tree_sitter");
    build.compile("tree-sitter-puppet");
}
