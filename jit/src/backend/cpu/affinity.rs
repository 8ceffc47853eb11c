//! Tier 2's workers kept off the core of the thread that entered the nest.
//!
//! The entering thread runs chunks itself while the workers wake. On this project's
//! 2-core virtual machine, Linux often woke the worker on the core the entering thread
//! was busy on, and the two then took turns on it for milliseconds while the other
//! core idled: gemver's column nest took 4.5 ms instead of 2.6 on every other call
//! after a pause (RESULTS.md, "Workers kept off the entering core"). So the entering
//! thread, before it wakes the workers, restricts them to the process's cores less its
//! own (a system call a worker, only when its core changed since the last run).
//!
//! Invariant: a worker's allowed cores are always a non-empty subset of the cores the
//! process was allowed when the pool started; the entering thread is never restricted.

#[cfg(target_os = "linux")]
mod linux {
    use std::sync::{Mutex, OnceLock};

    /// The cores the process may run on, as the first parallel run found them (the
    /// entering thread, never restricted, asks).
    fn allowed() -> Option<&'static libc::cpu_set_t> {
        static ALLOWED: OnceLock<Option<libc::cpu_set_t>> = OnceLock::new();
        ALLOWED
            .get_or_init(|| {
                // SAFETY: a zeroed cpu_set_t is an empty set; the call fills it.
                let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
                let size = std::mem::size_of::<libc::cpu_set_t>();
                // SAFETY: `set` is a cpu_set_t of `size` bytes.
                let ok = unsafe { libc::sched_getaffinity(0, size, &mut set) } == 0;
                ok.then_some(set)
            })
            .as_ref()
    }

    /// The core the calling thread runs on now.
    pub fn current_cpu() -> Option<usize> {
        // SAFETY: no arguments; -1 on failure.
        let cpu = unsafe { libc::sched_getcpu() };
        usize::try_from(cpu).ok()
    }

    /// The workers, by thread id, and the core each was last kept off.
    static WORKERS: Mutex<Vec<(libc::pid_t, Option<usize>)>> = Mutex::new(Vec::new());

    /// `all` less `cpu`, where `cpu` is in it and not alone.
    pub(super) fn without(all: &libc::cpu_set_t, cpu: usize) -> Option<libc::cpu_set_t> {
        let mut set = *all;
        // SAFETY: `cpu` is checked against the set's size before CPU_ISSET/CPU_CLR.
        unsafe {
            if cpu >= libc::CPU_SETSIZE as usize || !libc::CPU_ISSET(cpu, &set) {
                return None;
            }
            libc::CPU_CLR(cpu, &mut set);
            (libc::CPU_COUNT(&set) > 0).then_some(set)
        }
    }

    /// Makes the calling thread (a worker, as it starts) one that `keep_workers_off`
    /// restricts.
    pub fn register_worker() {
        // SAFETY: no arguments.
        let tid = unsafe { libc::gettid() };
        if let Ok(mut workers) = WORKERS.lock() {
            workers.push((tid, None));
        }
    }

    /// Restricts every worker to the process's cores other than `cpu`, where that
    /// leaves one, before they are woken: a worker restricted after it woke had first
    /// to get a turn on the busy core.
    pub fn keep_workers_off(cpu: usize) {
        let Ok(mut workers) = WORKERS.lock() else {
            return;
        };
        if workers.iter().all(|(_, off)| *off == Some(cpu)) {
            return;
        }
        let Some(set) = allowed().and_then(|all| without(all, cpu)) else {
            return;
        };
        let size = std::mem::size_of::<libc::cpu_set_t>();
        for (tid, off) in workers.iter_mut() {
            // SAFETY: `set` is a cpu_set_t of `size` bytes; `tid` is a live worker
            // of this process's pool (the pool is never dropped).
            if *off != Some(cpu) && unsafe { libc::sched_setaffinity(*tid, size, &set) } == 0 {
                *off = Some(cpu);
            }
        }
    }
}

#[cfg(target_os = "linux")]
pub(super) use linux::{current_cpu, keep_workers_off, register_worker};

#[cfg(not(target_os = "linux"))]
pub(super) fn current_cpu() -> Option<usize> {
    None
}

#[cfg(not(target_os = "linux"))]
pub(super) fn register_worker() {}

#[cfg(not(target_os = "linux"))]
pub(super) fn keep_workers_off(_cpu: usize) {}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::linux::without;

    fn set(cpus: &[usize]) -> libc::cpu_set_t {
        // SAFETY: a zeroed cpu_set_t is an empty set; the cores are below its size.
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        for c in cpus {
            unsafe { libc::CPU_SET(*c, &mut set) };
        }
        set
    }

    fn cpus(s: &libc::cpu_set_t) -> Vec<usize> {
        (0..64)
            .filter(|c| unsafe { libc::CPU_ISSET(*c, s) })
            .collect()
    }

    #[test]
    fn a_worker_keeps_the_other_cores() {
        let kept = without(&set(&[0, 1, 3]), 1).expect("two cores left");
        assert_eq!(cpus(&kept), vec![0, 3]);
    }

    #[test]
    fn a_worker_is_never_left_without_a_core() {
        // The only core, one outside the set, one past any set's size.
        assert!(without(&set(&[2]), 2).is_none());
        assert!(without(&set(&[0, 1]), 5).is_none());
        assert!(without(&set(&[0, 1]), 1 << 20).is_none());
    }
}
