use std::ffi::c_void;

/// mimalloc: plint allocates many small AST nodes and tree-sitter many small subtrees; it
/// beats the system allocator at both (see BENCHMARKS.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

// mimalloc's C functions (linked by the `mimalloc` crate).
unsafe extern "C" {
    fn mi_malloc(size: usize) -> *mut c_void;
    fn mi_calloc(count: usize, size: usize) -> *mut c_void;
    fn mi_realloc(p: *mut c_void, size: usize) -> *mut c_void;
    fn mi_free(p: *mut c_void);
}

fn main() {
    // SAFETY: first thing in the process, before any tree-sitter object exists, on the only
    // thread; tree-sitter then uses mimalloc for all its allocations.
    unsafe {
        tree_sitter::set_allocator(Some(tree_sitter::Allocator {
            malloc: mi_malloc,
            calloc: mi_calloc,
            realloc: mi_realloc,
            free: mi_free,
        }));
    }
    std::process::exit(plint::cli::run());
}
