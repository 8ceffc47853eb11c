//! Whether an entry of a nest runs on the device or on the CPU tiers, where
//! `KILN_DEVICE` leaves it to the model (`auto`): ALPyNA's cost model with the compile
//! and transfer terms it lacked.
//!
//! Predicted device time = compile (none once the kernel is made) + bytes moved /
//! bandwidth + launches x launch latency + work / throughput, the device's figures in
//! a [`Profile`]. Predicted CPU time = work x the seconds per unit of work this nest's
//! CPU runs took so far (measured by the VM around them, `note_cpu`), or, before any
//! was measured, a unit's default cost spread over the threads tier 2 would use. Work
//! is the staged analysis's count of every loop's iterations. The cheaper side runs
//! the entry; every decision's predictions and the measured time of the side that ran
//! are summed in [`CostStats`], which the jit report shows, so the model can be judged.
//!
//! The simulated device takes the figures of a fake device, fixed (`KILN_SIM_PROFILE`,
//! or an H100-like default), so that its decisions are deterministic and tests can
//! pin them; a real GPU's are to be measured at its first use by a session that has
//! one (until then `auto` keeps every nest on the CPU: ARCHITECTURE.md).

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// A device's speeds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Profile {
    /// Host-device copies, bytes per second.
    pub bandwidth: f64,
    /// Seconds a launch costs, the copies of its frame and flags included.
    pub launch: f64,
    /// Units of work (loop iterations) per second.
    pub rate: f64,
    /// Seconds to compile a kernel that is in no cache.
    pub compile: f64,
}

/// What a unit of work costs on one CPU core before this nest's own runs were
/// measured: about a loop iteration of a few operations, compiled.
const CPU_SECONDS_PER_WORK: f64 = 1e-9;

impl Profile {
    /// The fake device the simulator stands for under `auto`: `KILN_SIM_PROFILE`
    /// (`bandwidth=2e10,launch=1e-5,rate=1e11,compile=0`: any of them), else an
    /// H100-like one.
    pub fn simulated() -> Profile {
        let mut p = Profile {
            bandwidth: 2.0e10,
            launch: 1.0e-5,
            rate: 1.0e11,
            compile: 0.0,
        };
        if let Ok(text) = std::env::var("KILN_SIM_PROFILE") {
            for part in text.split(',') {
                let Some((k, v)) = part.split_once('=') else {
                    continue;
                };
                let Ok(v) = v.trim().parse::<f64>() else {
                    continue;
                };
                match k.trim() {
                    "bandwidth" => p.bandwidth = v,
                    "launch" => p.launch = v,
                    "rate" => p.rate = v,
                    "compile" => p.compile = v,
                    _ => {}
                }
            }
        }
        p
    }

    /// Seconds an entry takes on the device.
    pub fn device_seconds(&self, bytes: f64, launches: f64, work: f64, compiled: bool) -> f64 {
        let compile = if compiled { 0.0 } else { self.compile };
        compile + bytes / self.bandwidth + launches * self.launch + work / self.rate
    }
}

/// Sums over a nest's decisions, for the report.
#[derive(Default)]
pub struct CostStats {
    pub device_entries: AtomicU64,
    pub cpu_entries: AtomicU64,
    /// Microseconds predicted for the entries that went to the device, and measured.
    pub device_predicted_us: AtomicU64,
    pub device_measured_us: AtomicU64,
    /// Microseconds predicted for the entries that went to the CPU tiers, and
    /// measured (of those the VM timed: a site's own nest, not a loop of a function).
    pub cpu_predicted_us: AtomicU64,
    pub cpu_measured_us: AtomicU64,
    /// Nanoseconds and units of work of the CPU runs measured: this nest's CPU speed.
    cpu_ns: AtomicU64,
    cpu_work: AtomicU64,
    /// The entry sent to the CPU whose run the VM is timing: its work.
    pending: Mutex<Option<f64>>,
}

fn us(seconds: f64) -> u64 {
    (seconds * 1e6).round() as u64
}

impl CostStats {
    /// Predicted CPU seconds for `work`, tier 2 spreading it over `threads` where it
    /// is at least `min_work`.
    pub fn cpu_seconds(&self, work: f64, threads: usize, min_work: f64) -> f64 {
        let (ns, units) = (
            self.cpu_ns.load(Ordering::Relaxed),
            self.cpu_work.load(Ordering::Relaxed),
        );
        if units > 0 {
            return work * ns as f64 * 1e-9 / units as f64;
        }
        let spread = if threads > 1 && work >= min_work {
            threads as f64
        } else {
            1.0
        };
        work * CPU_SECONDS_PER_WORK / spread
    }

    /// The entry goes to the device, predicted at `device` seconds.
    pub fn to_device(&self, device: f64) {
        self.device_entries.fetch_add(1, Ordering::Relaxed);
        self.device_predicted_us
            .fetch_add(us(device), Ordering::Relaxed);
    }

    /// It ran there in `seconds`.
    pub fn device_took(&self, seconds: f64) {
        self.device_measured_us
            .fetch_add(us(seconds), Ordering::Relaxed);
    }

    /// The entry goes to the CPU tiers, predicted at `cpu` seconds, with `work` units.
    pub fn to_cpu(&self, cpu: f64, work: f64) {
        self.cpu_entries.fetch_add(1, Ordering::Relaxed);
        self.cpu_predicted_us.fetch_add(us(cpu), Ordering::Relaxed);
        *self.pending.lock().unwrap_or_else(|e| e.into_inner()) = Some(work);
    }

    /// The VM ran the entry the model sent to the CPU tiers in `seconds`.
    pub fn cpu_took(&self, seconds: f64) {
        let Some(work) = self
            .pending
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
        else {
            return;
        };
        self.cpu_measured_us
            .fetch_add(us(seconds), Ordering::Relaxed);
        self.cpu_ns
            .fetch_add((seconds * 1e9) as u64, Ordering::Relaxed);
        self.cpu_work
            .fetch_add(work.max(1.0) as u64, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_nests_cost_more_on_the_device_and_big_ones_less() {
        let p = Profile {
            bandwidth: 1e10,
            launch: 1e-5,
            rate: 1e11,
            compile: 0.0,
        };
        let stats = CostStats::default();
        // 100 iterations over 2 KB: a launch's latency is a hundred times the work.
        assert!(p.device_seconds(2e3, 1.0, 100.0, true) > stats.cpu_seconds(100.0, 2, 1e5));
        // 10^8 iterations over 1 MB: the device's throughput wins.
        assert!(p.device_seconds(1e6, 1.0, 1e8, true) < stats.cpu_seconds(1e8, 2, 1e5));
        // Once measured, the nest's own CPU speed counts.
        stats.to_cpu(1.0, 1e6);
        stats.cpu_took(0.5);
        assert!((stats.cpu_seconds(2e6, 2, 1e5) - 1.0).abs() < 1e-9);
        // Compiling counts until the kernel is made.
        let slow = Profile { compile: 0.1, ..p };
        assert!(slow.device_seconds(0.0, 1.0, 0.0, false) > 0.1);
        assert!(slow.device_seconds(0.0, 1.0, 0.0, true) < 0.1);
    }
}
