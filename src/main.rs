/// mimalloc: plint allocates many small, short-lived values (syntax trees, findings) on
/// every worker thread, where it is much cheaper than the system allocator.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    // tree-sitter's C library allocates every node of every tree it builds: it gets the same
    // allocator. Installed before any parser exists, so nothing is freed by another allocator.
    // SAFETY: no tree-sitter object has been created yet (this is the first thing `main` does),
    // and the four functions are a matching set.
    unsafe {
        tree_sitter::set_allocator(Some(tree_sitter::Allocator {
            malloc: libmimalloc_sys::mi_malloc,
            calloc: libmimalloc_sys::mi_calloc,
            realloc: libmimalloc_sys::mi_realloc,
            free: libmimalloc_sys::mi_free,
        }));
    }
    std::process::exit(plint::cli::run());
}
