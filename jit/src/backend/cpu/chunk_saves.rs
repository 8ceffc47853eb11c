//! What tier 2 saves so that a parallel run whose check failed can be undone.
//!
//! A chunk may hand back while later chunks have stored (`threads`), so the stores of
//! a run must be undoable. Saving every stored array's footprint whole, on the
//! entering thread before the workers start, was a serial pass over it into fresh
//! pages: conv2d's 4.7 MB output cost about a millisecond of its 6.7 on two threads.
//! Where it may, each chunk instead saves only its own written footprint (the staged
//! analysis evaluated for the chunk's iterations), on the thread that runs it, just
//! before it runs (the lines it then stores into are in that core's cache), into a
//! buffer kept from earlier runs. An undo puts back every save of every chunk that
//! ran.
//!
//! Invariant: a save holds the values from before the run. So saves are per chunk
//! only where, for each array, the chunks' spans are pairwise disjoint: no chunk can
//! have stored into bytes another saves later (the analysis proves the elements
//! disjoint, but a span is the hull of a region, and the hulls of column blocks
//! overlap). Otherwise the whole footprint is saved before the run, as before.

use std::sync::Mutex;

/// Bytes of an array, from its descriptor in the frame.
pub(super) struct Span {
    pub start: *mut u8,
    pub len: usize,
}

// SAFETY: a span names bytes of an array the running nest owns; the threads of a run
// read and write disjoint spans of it (the module's invariant) or, for the whole
// saves, only the entering thread touches them, before and after the workers.
unsafe impl Send for Span {}
// SAFETY: as above.
unsafe impl Sync for Span {}

/// The most bytes of buffers kept between runs.
const KEPT_BYTES: usize = 256 << 20;

/// Buffers of earlier runs' saves, to be filled again.
static BUFFERS: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());

/// Copies of `spans` (each `(array, span)`), in buffers kept from earlier runs where
/// there are some.
pub(super) fn save(spans: &[(usize, Span)]) -> Vec<Vec<u8>> {
    spans
        .iter()
        .map(|(_, s)| {
            let mut buffer = BUFFERS
                .lock()
                .ok()
                .and_then(|mut b| b.pop())
                .unwrap_or_default();
            buffer.clear();
            // SAFETY: the span is the array's own bytes, live while the run lasts.
            buffer.extend_from_slice(unsafe { std::slice::from_raw_parts(s.start, s.len) });
            buffer
        })
        .collect()
}

/// Puts `saved` (as [`save`] made it from `spans`) back.
pub(super) fn restore(spans: &[(usize, Span)], saved: &[Vec<u8>]) {
    for ((_, s), bytes) in spans.iter().zip(saved) {
        // SAFETY: as in `save`; every thread of the run has finished.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), s.start, s.len) };
    }
}

/// Keeps `saved`'s buffers for later runs, up to [`KEPT_BYTES`].
pub(super) fn recycle(saved: Vec<Vec<u8>>) {
    let Ok(mut kept) = BUFFERS.lock() else {
        return;
    };
    let mut bytes: usize = kept.iter().map(Vec::capacity).sum();
    for buffer in saved {
        if bytes + buffer.capacity() <= KEPT_BYTES {
            bytes += buffer.capacity();
            kept.push(buffer);
        }
    }
}

/// Whether, for each of `arrays` arrays, the chunks' spans of it (`per_chunk[k]`
/// holds chunk `k`'s, each `(array, span)`) are pairwise disjoint.
pub(super) fn disjoint(per_chunk: &[Vec<(usize, Span)>], arrays: usize) -> bool {
    (0..arrays).all(|a| {
        let mut ranges: Vec<(usize, usize)> = per_chunk
            .iter()
            .flatten()
            .filter(|(array, _)| *array == a)
            .map(|(_, s)| (s.start as usize, s.start as usize + s.len))
            .collect();
        ranges.sort_unstable();
        ranges.windows(2).all(|w| w[0].1 <= w[1].0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(base: *mut u8, at: usize, len: usize) -> Span {
        Span {
            start: base.wrapping_add(at),
            len,
        }
    }

    #[test]
    fn row_blocks_are_disjoint_and_column_hulls_are_not() {
        let mut bytes = [0u8; 64];
        let a = bytes.as_mut_ptr();
        let rows = vec![
            vec![(0, span(a, 0, 16))],
            vec![(0, span(a, 16, 16))],
            vec![],
        ];
        assert!(disjoint(&rows, 1));
        // Columns 0-1 and 2-3 of a 4 x 4 array: hulls 0..14 and 2..16 overlap.
        let columns = vec![vec![(0, span(a, 0, 14))], vec![(0, span(a, 2, 14))]];
        assert!(!disjoint(&columns, 1));
        // Different arrays may share addresses in this test's terms.
        let two = vec![vec![(0, span(a, 0, 8))], vec![(1, span(a, 0, 8))]];
        assert!(disjoint(&two, 2));
    }

    #[test]
    fn a_restore_puts_the_saved_bytes_back() {
        let mut a: Vec<u8> = (0..32).collect();
        let base = a.as_mut_ptr();
        let spans = vec![(0, span(base, 4, 8)), (1, span(base, 20, 4))];
        let saved = save(&spans);
        a.iter_mut().for_each(|b| *b = 99);
        restore(&spans, &saved);
        assert_eq!(&a[4..12], &[4, 5, 6, 7, 8, 9, 10, 11]);
        assert_eq!(&a[20..24], &[20, 21, 22, 23]);
        assert_eq!(a[0], 99);
        recycle(saved);
    }
}
