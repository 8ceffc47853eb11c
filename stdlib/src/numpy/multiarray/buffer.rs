//! The memory behind arrays: one aligned, zero-initialised allocation shared by every
//! view of it.
//!
//! Views write through shared buffers as numpy's do, so the bytes live behind a raw
//! pointer rather than a `Vec`: Rust's aliasing rules cannot describe two arrays
//! that overlap. Every access goes through [`NdArray`](super::NdArray), which checks
//! its offsets against the buffer's length when the view is made.

use std::alloc::{Layout, alloc_zeroed, dealloc};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Alignment of every buffer: enough for complex128 and for vector loads.
const ALIGN: usize = 64;

/// Bytes allocated for array buffers since the process started: tests use it to
/// prove that views allocate nothing.
static ALLOCATED: AtomicUsize = AtomicUsize::new(0);

pub fn bytes_allocated() -> usize {
    ALLOCATED.load(Ordering::Relaxed)
}

pub struct Buffer {
    ptr: NonNull<u8>,
    len: usize,
}

// SAFETY: the buffer is plain bytes; concurrent writers race exactly as they would on
// numpy's buffers, which Python code sharing an array across threads accepts.
unsafe impl Send for Buffer {}
unsafe impl Sync for Buffer {}

impl Buffer {
    /// A zero-filled buffer of `len` bytes, or `None` when the allocator refuses.
    pub fn zeroed(len: usize) -> Option<Buffer> {
        let layout = Layout::from_size_align(len.max(1), ALIGN).ok()?;
        // SAFETY: the layout has a non-zero size.
        let ptr = NonNull::new(unsafe { alloc_zeroed(layout) })?;
        ALLOCATED.fetch_add(len, Ordering::Relaxed);
        Some(Buffer { ptr, len })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_ptr(&self) -> *mut u8 {
        self.ptr.as_ptr()
    }

    /// The whole buffer as bytes. Callers must not hold it across writes to the
    /// same buffer.
    pub fn bytes(&self) -> &[u8] {
        // SAFETY: `len` bytes were allocated and zero-initialised.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Buffer {
    fn drop(&mut self) {
        let layout = Layout::from_size_align(self.len.max(1), ALIGN).expect("layout was valid");
        // SAFETY: allocated in `zeroed` with this layout.
        unsafe { dealloc(self.ptr.as_ptr(), layout) }
    }
}

impl std::fmt::Debug for Buffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Buffer({} bytes)", self.len)
    }
}
