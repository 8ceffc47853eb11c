//! Host memory that has a copy elsewhere (an array's bytes resident on a GPU), and the
//! host writes that make such a copy stale.
//!
//! The GPU tier keeps an array's device copy between nests only while the host bytes
//! it copied are unchanged. It cannot see the host's writes (numpy's operations, an
//! interpreted `a[i] = x`, a memoryview), so it *watches* the byte span it copied, and
//! every writer of array memory *tells* this registry what it writes: kiln's numpy
//! through its one writable accessor (`Buffer::as_mut_ptr`), compiled code after it
//! ran. A write that meets a watched span ends the watch; the GPU tier then copies the
//! array again. Memory written behind kiln's back (an `np.frombuffer` over a
//! `bytearray` that Python code changes) is *volatile*: never watched.
//!
//! Invariant: a watch that is still current covers bytes no writer has told of since
//! it began, so a device copy made of them then still equals them. A freed buffer ends
//! the watches over it (a new buffer at the same address is other data).
//!
//! Cost: writers check one atomic counter; only while some span is watched do they
//! take the lock.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Watches plus volatile spans: while zero, writers return at once.
static ACTIVE: AtomicUsize = AtomicUsize::new(0);

static TABLE: Mutex<Table> = Mutex::new(Table {
    watches: Vec::new(),
    volatile: Vec::new(),
    next: 1,
});

struct Table {
    /// Each current watch: its id and its host byte span `[lo, hi)`.
    watches: Vec<(u64, usize, usize)>,
    /// Spans written where kiln cannot see: never watched.
    volatile: Vec<(usize, usize)>,
    next: u64,
}

fn overlaps((a, b): (usize, usize), (c, d): (usize, usize)) -> bool {
    a < d && c < b
}

impl Table {
    fn count(&self) {
        ACTIVE.store(self.watches.len() + self.volatile.len(), Ordering::SeqCst);
    }

    fn end_watches(&mut self, span: (usize, usize)) {
        self.watches
            .retain(|&(_, lo, hi)| !overlaps((lo, hi), span));
    }
}

fn table() -> std::sync::MutexGuard<'static, Table> {
    // A panic while holding the lock leaves the table consistent (each operation is
    // one `retain` or `push`).
    TABLE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether any span is watched or volatile: if not, a writer has nothing to tell.
pub fn any() -> bool {
    ACTIVE.load(Ordering::Relaxed) != 0
}

/// Starts watching the host bytes `[lo, hi)`: the watch's id, or `None` where they are
/// volatile (their copy must not be kept).
pub fn watch(lo: usize, hi: usize) -> Option<u64> {
    let mut t = table();
    if t.volatile.iter().any(|v| overlaps(*v, (lo, hi))) {
        return None;
    }
    let id = t.next;
    t.next += 1;
    t.watches.push((id, lo, hi));
    t.count();
    Some(id)
}

/// Whether no write met the watch `id` since it began.
pub fn is_current(id: u64) -> bool {
    table().watches.iter().any(|w| w.0 == id)
}

/// Stops watching (the copy was dropped).
pub fn unwatch(id: u64) {
    let mut t = table();
    t.watches.retain(|w| w.0 != id);
    t.count();
}

/// Tells of a write to the `len` bytes at `ptr`: watches over them end.
pub fn wrote(ptr: *const u8, len: usize) {
    if ACTIVE.load(Ordering::Relaxed) == 0 || len == 0 {
        return;
    }
    let mut t = table();
    t.end_watches((ptr as usize, ptr as usize + len));
    t.count();
}

/// The `len` bytes at `ptr` may change without a word to this registry, for as long
/// as they are allocated: no copy of them is kept.
pub fn volatile(ptr: *const u8, len: usize) {
    let span = (ptr as usize, ptr as usize + len);
    let mut t = table();
    t.end_watches(span);
    t.volatile.push(span);
    t.count();
}

/// The `len` bytes at `ptr` are freed: their watches end, and their volatility with
/// them.
pub fn freed(ptr: *const u8, len: usize) {
    if ACTIVE.load(Ordering::Relaxed) == 0 {
        return;
    }
    let span = (ptr as usize, ptr as usize + len.max(1));
    let mut t = table();
    t.end_watches(span);
    // One buffer's volatility: another over the same bytes (a second `frombuffer` of
    // one bytearray) keeps its own.
    if let Some(k) = t
        .volatile
        .iter()
        .position(|v| *v == (ptr as usize, ptr as usize + len))
    {
        t.volatile.swap_remove(k);
    }
    t.count();
}

#[cfg(test)]
mod tests {
    use super::*;

    // One test: the registry is the process's.
    #[test]
    fn writes_end_the_watches_they_meet() {
        let a = watch(1000, 1100).unwrap();
        let b = watch(2000, 2100).unwrap();
        wrote(1099 as *const u8, 1);
        assert!(!is_current(a));
        assert!(is_current(b));
        // A write just past a span leaves it.
        wrote(2100 as *const u8, 8);
        assert!(is_current(b));
        freed(1990 as *const u8, 20);
        assert!(!is_current(b));

        volatile(3000 as *const u8, 100);
        volatile(3000 as *const u8, 100);
        assert_eq!(watch(3050, 3060), None);
        // Two buffers over the same bytes: freeing one leaves the other volatile.
        freed(3000 as *const u8, 100);
        assert_eq!(watch(3050, 3060), None);
        freed(3000 as *const u8, 100);
        let c = watch(3050, 3060).unwrap();
        unwatch(c);
        assert!(!is_current(c));
        assert_eq!(ACTIVE.load(Ordering::SeqCst), 0);
    }
}
