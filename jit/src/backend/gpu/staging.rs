//! Host-device copies of large runs through pinned staging buffers.
//!
//! numpy's arrays live in pageable memory, which the driver copies through its own
//! staging on one thread: 5-7 GB/s measured on the lent H100, against 50-54 GB/s from
//! pinned memory (RESULTS.md, "The GPU tier"). Here a run of at least [`STAGED`] bytes
//! goes in chunks through two pinned buffers per direction: all cores copy a chunk
//! into (out of) one buffer while the DMA engine moves the other buffer's chunk, so a
//! copy takes about the longer of the two pipelines, not their sum.
//!
//! Invariant: the host writes a pinned buffer only once the event recorded after the
//! last DMA out of it has completed, and reads one only once the DMA into it has; both
//! DMAs go on the GPU tier's one stream, ordered with its allocations and launches.

use cudarc::driver::{result, sys};
use rayon::prelude::*;
use std::sync::{Mutex, OnceLock};

/// Runs this long or longer are staged; shorter ones go straight (pageable).
pub const STAGED: usize = 1 << 20;

/// The bytes of one chunk (and of each pinned buffer).
const CHUNK: usize = 16 << 20;

/// The piece of a chunk one core copies.
const PIECE: usize = 1 << 20;

struct Pinned {
    ptr: *mut u8,
    event: sys::CUevent,
}

/// Two buffers for copies in (write-combined: the host only writes them) and two for
/// copies out (cached: the host reads them).
struct Buffers {
    up: [Pinned; 2],
    down: [Pinned; 2],
}

// The buffers are only touched under the mutex below.
unsafe impl Send for Buffers {}

fn pinned(flags: u32) -> Result<Pinned, String> {
    // SAFETY: the GPU tier's context is current (`driver::device` made it); the
    // memory is never freed (it serves every later copy of the process).
    let ptr = unsafe { result::malloc_host(CHUNK, flags) }.map_err(|e| e.to_string())?;
    let event = result::event::create(sys::CUevent_flags::CU_EVENT_DISABLE_TIMING)
        .map_err(|e| e.to_string())?;
    Ok(Pinned {
        ptr: ptr as *mut u8,
        event,
    })
}

fn buffers() -> Result<&'static Mutex<Buffers>, String> {
    static BUFFERS: OnceLock<Result<Mutex<Buffers>, String>> = OnceLock::new();
    BUFFERS
        .get_or_init(|| {
            let up = sys::CU_MEMHOSTALLOC_WRITECOMBINED;
            Ok(Mutex::new(Buffers {
                up: [pinned(up)?, pinned(up)?],
                down: [pinned(0)?, pinned(0)?],
            }))
        })
        .as_ref()
        .map_err(|e| e.clone())
}

fn err(e: result::DriverError) -> String {
    e.to_string()
}

/// `dst[..] = src[..]`, a piece per core.
fn copy_parallel(dst: &mut [u8], src: &[u8]) {
    dst.par_chunks_mut(PIECE)
        .zip(src.par_chunks(PIECE))
        .for_each(|(d, s)| d.copy_from_slice(s));
}

/// Copies `data` to device address `dst` on `stream`, staged.
///
/// # Safety
/// `stream` is the GPU tier's stream, and `dst` the start of `data.len()` bytes of
/// device memory allocated on it and live until the stream has done this copy.
pub unsafe fn copy_in(stream: sys::CUstream, dst: u64, data: &[u8]) -> Result<(), String> {
    let mut b = buffers()?.lock().map_err(|_| "staging buffers poisoned")?;
    for (k, chunk) in data.chunks(CHUNK).enumerate() {
        let p = &b.up[k % 2];
        // SAFETY: the event was recorded after the last DMA out of this buffer (or
        // never: then it is complete); the buffer holds CHUNK bytes.
        unsafe {
            result::event::synchronize(p.event).map_err(err)?;
            let buf = std::slice::from_raw_parts_mut(p.ptr, chunk.len());
            copy_parallel(buf, chunk);
            result::memcpy_htod_async(dst + (k * CHUNK) as u64, &*buf, stream).map_err(err)?;
            result::event::record(p.event, stream).map_err(err)?;
        }
    }
    // The last DMAs must be done before the host may reuse the buffers in another
    // copy; the launch after this copy waits on the stream anyway.
    for p in &mut b.up {
        // SAFETY: as above.
        unsafe { result::event::synchronize(p.event) }.map_err(err)?;
    }
    Ok(())
}

/// Copies the device bytes at `src` into `data` on `stream`, staged.
///
/// # Safety
/// As for [`copy_in`], with `src` for `dst`.
pub unsafe fn copy_out(stream: sys::CUstream, src: u64, data: &mut [u8]) -> Result<(), String> {
    let b = buffers()?.lock().map_err(|_| "staging buffers poisoned")?;
    let total = data.len();
    let chunks = total.div_ceil(CHUNK);
    let len = |k: usize| CHUNK.min(total - k * CHUNK);
    let start = |k: usize| -> Result<(), String> {
        let p = &b.down[k % 2];
        // SAFETY: the buffer holds CHUNK bytes and the host is not reading it (the
        // chunk two before was copied out of it already).
        unsafe {
            let buf = std::slice::from_raw_parts_mut(p.ptr, len(k));
            result::memcpy_dtoh_async(buf, src + (k * CHUNK) as u64, stream).map_err(err)?;
            result::event::record(p.event, stream).map_err(err)
        }
    };
    for k in 0..chunks.min(2) {
        start(k)?;
    }
    for k in 0..chunks {
        let p = &b.down[k % 2];
        // SAFETY: the event follows this chunk's DMA into the buffer.
        unsafe { result::event::synchronize(p.event) }.map_err(err)?;
        let buf = unsafe { std::slice::from_raw_parts(p.ptr, len(k)) };
        let at = k * CHUNK;
        copy_parallel(&mut data[at..at + len(k)], buf);
        if k + 2 < chunks {
            start(k + 2)?;
        }
    }
    Ok(())
}
