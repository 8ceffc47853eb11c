//! The memory behind arrays: one aligned, zero-initialised allocation shared by every
//! view of it.
//!
//! Views write through shared buffers as numpy's do, so the bytes live behind a raw
//! pointer rather than a `Vec`: Rust's aliasing rules cannot describe two arrays
//! that overlap. Every access goes through [`NdArray`](super::NdArray), which checks
//! its offsets against the buffer's length when the view is made.
//!
//! Writers take the pointer from [`Buffer::as_mut_ptr`], which tells
//! `kiln_numeric::host_copies` of the write: a copy of the bytes on a GPU is stale
//! from then on. Readers take [`Buffer::as_ptr`].

use std::alloc::{Layout, alloc_zeroed, dealloc};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Alignment of every buffer: enough for every dtype (complex128 needs 8). No more
/// than the system allocator's own, so zeroed buffers come from `calloc` (fresh pages
/// are zero already) instead of an aligned allocation plus a `memset` of every byte.
const ALIGN: usize = 16;

/// Bytes allocated for array buffers since the process started: tests use it to
/// prove that views allocate nothing.
static ALLOCATED: AtomicUsize = AtomicUsize::new(0);

pub fn bytes_allocated() -> usize {
    ALLOCATED.load(Ordering::Relaxed)
}

pub struct Buffer {
    ptr: NonNull<u8>,
    len: usize,
    owner: Owner,
}

/// Who frees the bytes.
enum Owner {
    /// Allocated by [`Buffer::zeroed`] with [`ALIGN`].
    Allocator,
    /// Another object's memory (`np.frombuffer` over a writable buffer), kept alive
    /// (and its exporter pinned, e.g. a bytearray unable to resize) by this handle.
    External { _owner: Box<dyn Send + Sync> },
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
        advise_huge_pages(ptr.as_ptr(), len);
        Some(Buffer {
            ptr,
            len,
            owner: Owner::Allocator,
        })
    }

    /// `len` bytes at `ptr` that belong to `owner`, which must keep them valid, and
    /// not move them, for as long as it lives, and which may change them without a
    /// word to kiln (a `bytearray` under `np.frombuffer`): no GPU keeps a copy of them.
    /// Counts nothing as allocated.
    ///
    /// # Safety
    /// `ptr` must be valid for reads and writes of `len` bytes while `owner` lives.
    pub unsafe fn external(ptr: NonNull<u8>, len: usize, owner: Box<dyn Send + Sync>) -> Buffer {
        kiln_numeric::host_copies::volatile(ptr.as_ptr(), len);
        // SAFETY: the caller's promise.
        unsafe { Self::adopted(ptr, len, owner) }
    }

    /// `len` bytes at `ptr` that `owner` holds for this buffer alone (compiled code's
    /// own memory, handed over whole): written only through the buffer, as memory
    /// [`Buffer::zeroed`] allocated is.
    ///
    /// # Safety
    /// As for [`Buffer::external`], and nothing but this buffer writes the bytes.
    pub unsafe fn adopted(ptr: NonNull<u8>, len: usize, owner: Box<dyn Send + Sync>) -> Buffer {
        Buffer {
            ptr,
            len,
            owner: Owner::External { _owner: owner },
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The first byte, for reading.
    pub fn as_ptr(&self) -> *const u8 {
        self.ptr.as_ptr()
    }

    /// The first byte, for writing: the whole buffer counts as written (its copies
    /// elsewhere, on a GPU, are stale).
    pub fn as_mut_ptr(&self) -> *mut u8 {
        kiln_numeric::host_copies::wrote(self.ptr.as_ptr(), self.len);
        self.ptr.as_ptr()
    }

    /// The whole buffer as bytes. Callers must not hold it across writes to the
    /// same buffer.
    pub fn bytes(&self) -> &[u8] {
        // SAFETY: `len` bytes were allocated and zero-initialised.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

/// Asks the kernel to back a large buffer with transparent huge pages, as numpy does
/// for allocations of 4 MiB and more: the first write to a fresh 80 MB array then
/// takes 40 page faults instead of 20000, which is most of an element-wise op's time.
#[cfg(target_os = "linux")]
fn advise_huge_pages(ptr: *mut u8, len: usize) {
    const HUGE_ADVICE_MIN: usize = 4 << 20;
    const PAGE: usize = 4096;
    if len >= HUGE_ADVICE_MIN {
        let start = (ptr as usize).next_multiple_of(PAGE);
        let end = ptr as usize + len;
        // SAFETY: the range lies inside the allocation just made; the advice changes
        // only how its pages are backed. Failure (THP disabled) is harmless.
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_ptr: *mut u8, _len: usize) {}

impl Drop for Buffer {
    fn drop(&mut self) {
        kiln_numeric::host_copies::freed(self.ptr.as_ptr(), self.len);
        if let Owner::External { .. } = self.owner {
            return;
        }
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
