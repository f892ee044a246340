use libmimalloc_sys as mi;

/// mimalloc: plint allocates many small, short-lived values (syntax trees, findings) on every
/// worker thread, where it is much cheaper than the system allocator.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    // tree-sitter's C library allocates every node of every tree it builds: it gets mimalloc
    // too. Installed before any parser exists, so nothing is freed by another allocator.
    // SAFETY: no tree-sitter object has been created yet (this is the first thing `main` does),
    // and the four functions are mimalloc's matching set.
    unsafe {
        tree_sitter::set_allocator(Some(tree_sitter::Allocator {
            malloc: mi::mi_malloc,
            calloc: mi::mi_calloc,
            realloc: mi::mi_realloc,
            free: mi::mi_free,
        }));
    }
    std::process::exit(plint::cli::run());
}
