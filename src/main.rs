use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

use libmimalloc_sys as mi;

/// mimalloc: plint allocates many small, short-lived values (syntax trees, findings) on every
/// worker thread, where it is much cheaper than the system allocator.
#[global_allocator]
static GLOBAL: MiMalloc = MiMalloc;

/// The global allocator: mimalloc's plain entry points where they give the alignment asked
/// for, its aligned ones otherwise. (The `mimalloc` crate's allocator takes the aligned entry
/// points for every block, which check the alignment of the free block at each call: nearly a
/// million allocations in a check of a few thousand files.)
struct MiMalloc;

/// mimalloc aligns a block to its size up to `MI_MAX_ALIGN_SIZE` (16 bytes): a plain
/// allocation has the alignment of a layout whose alignment is at most that and at most its size.
fn plain(align: usize, size: usize) -> bool {
    align <= 16 && align <= size
}

// SAFETY: every block comes from mimalloc with at least the layout's size and alignment (see
// `plain`), and is freed or resized by mimalloc, which takes any block of any of its heaps.
unsafe impl GlobalAlloc for MiMalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        unsafe {
            if plain(layout.align(), layout.size()) {
                mi::mi_malloc(layout.size()).cast()
            } else {
                mi::mi_malloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        unsafe {
            if plain(layout.align(), layout.size()) {
                mi::mi_zalloc(layout.size()).cast()
            } else {
                mi::mi_zalloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        unsafe { mi::mi_free(ptr.cast::<c_void>()) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        unsafe {
            if plain(layout.align(), new_size) {
                mi::mi_realloc(ptr.cast::<c_void>(), new_size).cast()
            } else {
                mi::mi_realloc_aligned(ptr.cast::<c_void>(), new_size, layout.align()).cast()
            }
        }
    }
}

// tree-sitter's allocations come from a mimalloc heap of their own on each thread. A parse
// allocates and frees its tree's nodes while the syntax tree lowered from it stays: in one
// heap, the next parse's nodes would land in the holes between the kept trees; in their own
// heap they reuse the few pages the previous parse freed, which stay in the processor's cache
// (BENCHMARKS.md has the figures). mimalloc moves what is left in such a heap to the thread's
// main heap when the thread ends, and any thread may free any block. The heap is the
// allocator's, not state of a run: no value of plint is kept in it from one run to another.
std::thread_local! {
    /// This thread's heap for tree-sitter's allocations (made on first use).
    static TS_HEAP: std::cell::Cell<*mut mi::mi_heap_t> = const { std::cell::Cell::new(std::ptr::null_mut()) };
}

fn ts_heap() -> *mut mi::mi_heap_t {
    TS_HEAP.with(|h| {
        let mut heap = h.get();
        if heap.is_null() {
            // SAFETY: makes a heap owned by this thread.
            heap = unsafe { mi::mi_heap_new() };
            h.set(heap);
        }
        heap
    })
}

unsafe extern "C" fn ts_malloc(size: usize) -> *mut c_void {
    unsafe { mi::mi_heap_malloc(ts_heap(), size) }
}

unsafe extern "C" fn ts_calloc(count: usize, size: usize) -> *mut c_void {
    unsafe { mi::mi_heap_calloc(ts_heap(), count, size) }
}

unsafe extern "C" fn ts_realloc(p: *mut c_void, size: usize) -> *mut c_void {
    unsafe { mi::mi_heap_realloc(ts_heap(), p, size) }
}

fn main() {
    // tree-sitter's C library allocates every node of every tree it builds: it gets mimalloc
    // too. Installed before any parser exists, so nothing is freed by another allocator.
    // SAFETY: no tree-sitter object has been created yet (this is the first thing `main` does),
    // and the four functions are a matching set (mimalloc frees a block of any of its heaps).
    unsafe {
        tree_sitter::set_allocator(Some(tree_sitter::Allocator {
            malloc: ts_malloc,
            calloc: ts_calloc,
            realloc: ts_realloc,
            free: mi::mi_free,
        }));
    }
    std::process::exit(plint::cli::run());
}
