//! Tier 3: a parallel nest as a GPU kernel, moving only the memory it touches.
//!
//! When a nest compiles and `KILN_DEVICE` names a device (`sim` or `gpu`), its outer
//! loop, if the analysis can prove it parallel (`crate::analysis`), is also made a
//! [`Kernel`] (`build`): one thread per iteration, printed as CUDA C (`cuda`) for
//! NVRTC and run as is by the simulated device (`backend::sim`). At each entry
//! ([`Offload::run`]) the staged analysis decides again with the values in the frame
//! and gives each array's footprint; the run then
//!
//! 1. places every array's footprint (read and written regions) on the device, in a
//!    copy kept from an earlier entry or nest where one holds it (`resident`), else
//!    in a new buffer, the device frame pointing into them;
//! 2. copies in what the kernel reads, and for a written array also its written box
//!    unless the kernel writes every element of it (`coverage`): never a write-only
//!    output, and nothing the device already holds unchanged since;
//! 3. launches the kernel over the outer loop's iterations;
//! 4. if any thread failed a check, discards everything (nothing was copied back):
//!    the CPU tiers run the nest and fail where the interpreter would;
//! 5. else copies back only the written boxes, row by row, and the last iteration's
//!    scalars into the host frame.
//!
//! Invariant (the semantics contract): host memory changes only in step 5, after every
//! thread's checks passed, and only in elements the serial run writes (a dense box)
//! or that hold what they held (a box copied in first).

pub mod build;
pub mod cost;
pub mod coverage;
pub mod cuda;
pub mod driver;
pub mod grid;
pub mod kernel;
pub(crate) mod resident;
pub mod staging;
mod tiles;
mod transfer;

use crate::analysis::staged::trip_count;
use crate::analysis::{Footprint, parallel::Staged};
use crate::backend::sim;
use crate::frame::{Layout, ROOT_STEP};
pub use kernel::Kernel;
use std::sync::Mutex;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use transfer::Moves;

/// Where parallel nests may run, from `KILN_DEVICE`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DeviceChoice {
    /// The CPU tiers only (`cpu`, and `auto` until the GPU script has passed on real
    /// hardware: ARCHITECTURE.md).
    Cpu,
    /// The simulated device (`sim`).
    Sim,
    /// A CUDA GPU (`gpu`), where one is found.
    Gpu,
}

/// `KILN_DEVICE`, read once: where parallel nests may run, and whether the cost model
/// (`cost`) decides each entry (`auto:sim`: between the CPU tiers and the simulated
/// device, which stands for a fake device of known speeds) or every entry goes there.
fn device_setting() -> (DeviceChoice, bool) {
    static CHOICE: OnceLock<(DeviceChoice, bool)> = OnceLock::new();
    *CHOICE.get_or_init(
        || match std::env::var("KILN_DEVICE").as_deref().map(str::trim) {
            Ok("sim") => (DeviceChoice::Sim, false),
            Ok("auto:sim") => (DeviceChoice::Sim, true),
            Ok("gpu") => (DeviceChoice::Gpu, false),
            _ => (DeviceChoice::Cpu, false),
        },
    )
}

/// Where parallel nests may run (`KILN_DEVICE`).
pub fn device_choice() -> DeviceChoice {
    device_setting().0
}

/// How an allocation that found no memory fails, on either device: a run that meets
/// it tries again in smaller tiles (`tiles`).
pub const OUT_OF_MEMORY: &str = "device out of memory";

/// A size in bytes as `KILN_GPU_MEM_LIMIT` takes it: `1048576`, `1M`, `1MiB`, `512k`,
/// `2G`.
pub fn parse_bytes(text: &str) -> Option<usize> {
    let t = text.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let n: usize = t[..digits].parse().ok()?;
    let unit = match t[digits..].trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "kb" | "kib" => 1 << 10,
        "m" | "mb" | "mib" => 1 << 20,
        "g" | "gb" | "gib" => 1 << 30,
        _ => return None,
    };
    n.checked_mul(unit)
}

/// A nest's kernel and how its entries on the device went.
pub struct Offload {
    pub device: DeviceChoice,
    /// Per grid depth (the outer loop alone first, then with the loops of
    /// `grid::chain` nested in it): the kernel, or why there is none.
    pub kernels: Vec<Result<Kernel, String>>,
    /// The loops that may join the outer one on the grid.
    grid: Option<grid::Grid>,

    pub stats: DeviceStats,
    /// Each kernel's compiled module on the GPU (compiled at its first launch).
    modules: Vec<OnceLock<Result<driver::Module, String>>>,
    /// The device's speeds where the cost model decides each entry (`KILN_DEVICE=
    /// auto:sim`), and its decisions.
    profile: Option<cost::Profile>,
    pub cost: cost::CostStats,
}

/// Counters for the jit report.
#[derive(Default)]
pub struct DeviceStats {
    /// Entries that ran on the device (their results kept).
    pub runs: AtomicU64,
    pub launches: AtomicU64,
    pub bytes_in: AtomicU64,
    pub bytes_out: AtomicU64,
    /// Bytes a copy in did not move: the device held them unchanged since an earlier
    /// entry or nest (`resident`).
    pub bytes_kept: AtomicU64,
    /// Entries a failed check on the device gave to the CPU tiers.
    pub failed: AtomicU64,
    /// Microseconds NVRTC and the driver spent making the kernel.
    pub compile_us: AtomicU64,
    /// Why the last entry that did not run on the device did not.
    pub refused: Mutex<Option<String>>,
    /// The most loops an entry put on the grid.
    pub depth: AtomicU64,
    /// The most tiles an entry's iterations were cut into (1: its footprint fit).
    pub tiles: AtomicU64,
    /// Why the last entry kept a loop of the chain inside each thread.
    pub inner: Mutex<Option<String>>,
}

/// How an entry went on the device.
pub enum DeviceRun {
    /// Ran; the frame and the arrays hold the results.
    Ran,
    /// Not run (or run and discarded): why. Everything is as it was at entry.
    NotRun(String),
}

impl Offload {
    /// The offload of a nest whose outer loop the analysis judged (`staged`), when a
    /// device is chosen; `None` when none is.
    pub fn new(
        nest: &crate::ir::Nest,
        typing: &crate::infer::Typing,
        layout: &Layout,
        staged: &Result<Staged, String>,
    ) -> Option<Offload> {
        let device = device_choice();
        if device == DeviceChoice::Cpu {
            return None;
        }
        let at = format!("line {}", nest.root.line);
        let (kernels, grid) = match staged {
            Ok(s) => match build::kernel(nest, typing, layout, s, at.clone(), 1) {
                Ok(k) => {
                    let grid = grid::Grid::new(nest, typing);
                    let levels = grid.as_ref().map_or(0, |g| g.lines.len());
                    let deeper = (2..=1 + levels)
                        .map(|d| build::kernel(nest, typing, layout, s, at.clone(), d));
                    (std::iter::once(Ok(k)).chain(deeper).collect(), grid)
                }
                Err(why) => (vec![Err(why)], None),
            },
            Err(why) => (vec![Err(why.clone())], None),
        };
        let modules = kernels.iter().map(|_| OnceLock::new()).collect();
        let profile = device_setting().1.then(cost::Profile::simulated);
        Some(Offload {
            device,
            kernels,
            grid,

            stats: DeviceStats::default(),
            modules,
            profile,
            cost: cost::CostStats::default(),
        })
    }

    /// Why the nest has no kernel at all, if it has none.
    pub fn no_kernel(&self) -> Option<&str> {
        self.kernels[0].as_ref().err().map(String::as_str)
    }

    /// How many loops go on the grid for the values in `frame`, and each inner grid
    /// loop's start, step and trip count (`grid`'s proof, decided at entry).
    fn grid(&self, layout: &Layout, frame: &[u64]) -> (usize, Vec<i64>) {
        let mut dims = Vec::new();
        let mut depth = 1;
        let Some(grid) = &self.grid else {
            return (depth, dims);
        };
        for (l, line) in grid.lines.iter().enumerate() {
            let Some(Ok(k)) = self.kernels.get(l + 1) else {
                break;
            };
            let g = &k.grid[l];
            let bounds = [&g.start, &g.stop, &g.step].map(|e| sim::evaluate(k, frame, e));
            let [Some(start), Some(stop), Some(step)] = bounds else {
                break;
            };
            let trips = if step == 0 {
                0
            } else {
                trip_count(start, stop, step)
            };
            if trips < 1 {
                break;
            }
            if let Err(why) = grid.decide(l + 1, frame, layout, (start, stop, step)) {
                self.note_inner(*line, &why);
                break;
            }
            dims.extend([start, step, trips]);
            depth = l + 2;
        }
        (depth, dims)
    }

    fn note_inner(&self, line: u32, why: &str) {
        *self.stats.inner.lock().expect("device stats") = Some(format!(
            "the loop at line {line} runs inside each thread: {why}"
        ));
    }

    fn refuse(&self, why: String) -> DeviceRun {
        *self.stats.refused.lock().expect("device stats") = Some(why.clone());
        DeviceRun::NotRun(why)
    }

    /// Runs the nest's outer loop on the device if it can, with the values in `frame`.
    ///
    /// # Safety
    /// The frame must describe live arrays of the nest's types, which no other thread
    /// touches while it runs.
    pub unsafe fn run(&self, staged: &Staged, layout: &Layout, frame: &mut [u64]) -> DeviceRun {
        if let Some(why) = self.no_kernel() {
            return self.refuse(why.to_string());
        }
        let schedule = match staged.decide(frame, layout, 0.0) {
            Ok(s) => s,
            Err(why) => return self.refuse(why),
        };
        let (depth, dims) = self.grid(layout, frame);
        let kernel = self.kernels[depth - 1]
            .as_ref()
            .expect("a kernel of each depth offered");
        let Some(threads) = dims
            .chunks(3)
            .try_fold(schedule.trips, |n, d| n.checked_mul(d[2]))
            .filter(|n| *n < 1 << 40)
        else {
            return self.refuse("too many iterations for one grid".into());
        };
        let launch = Launch {
            kernel,
            dims: &dims,
            threads,
        };
        let footprint = self.footprint_bytes(&launch, &schedule, frame);
        if let Some(p) = &self.profile {
            let device = p.device_seconds(footprint as f64, 1.0, schedule.work, true);
            let cpu = self.cost.cpu_seconds(
                schedule.work,
                crate::backend::cpu::threads::thread_count(),
                crate::backend::cpu::threads::min_work(),
            );
            if cpu < device {
                self.cost.to_cpu(cpu, schedule.work);
                return self.refuse(format!(
                    "the cost model chose the CPU tiers: {:.1} us predicted there, {:.1} us on \
                     the device",
                    cpu * 1e6,
                    device * 1e6
                ));
            }
            self.cost.to_device(device);
        }
        let started = std::time::Instant::now();
        self.stats.depth.fetch_max(depth as u64, Ordering::Relaxed);
        let result = match self.device {
            DeviceChoice::Sim => {
                static SIM: Mutex<Option<resident::DeviceState<sim::DeviceMemory>>> =
                    Mutex::new(None);
                let mut state = resident::lock(&SIM);
                let resident::DeviceState { memory, residency } = &mut *state;
                // Its nominal size: `KILN_SIM_MEMORY` makes it hold less without
                // saying so (an injected out-of-memory error).
                let mut on = On {
                    dev: &mut SimDevice(memory),
                    residency,
                    device_bytes: sim::MEMORY,
                };
                unsafe {
                    self.run_sized(
                        &mut on, staged, layout, &launch, &schedule, footprint, frame,
                    )
                }
            }
            DeviceChoice::Gpu => {
                let module = self.modules[depth - 1].get_or_init(|| {
                    // The CUDA context first: its start (once per process) is no
                    // part of the kernel's compile time.
                    let _ = driver::device();
                    let started = std::time::Instant::now();
                    let m = driver::Module::compile(&cuda::source(kernel), &kernel.name);
                    if m.is_ok() {
                        self.stats
                            .compile_us
                            .fetch_add(started.elapsed().as_micros() as u64, Ordering::Relaxed);
                    }
                    m
                });
                match module {
                    Ok(m) => {
                        static GPU: Mutex<Option<resident::DeviceState<driver::GpuMemory>>> =
                            Mutex::new(None);
                        let mut state = resident::lock(&GPU);
                        let resident::DeviceState { memory, residency } = &mut *state;
                        let mut dev = driver::GpuRun::new(m, memory);
                        let mut on = On {
                            dev: &mut dev,
                            residency,
                            device_bytes: driver::device().map_or(0, |g| g.memory),
                        };
                        unsafe {
                            self.run_sized(
                                &mut on, staged, layout, &launch, &schedule, footprint, frame,
                            )
                        }
                    }
                    Err(why) => Err(why.clone()),
                }
            }
            DeviceChoice::Cpu => Err("no device chosen".into()),
        };
        if self.profile.is_some() {
            self.cost.device_took(started.elapsed().as_secs_f64());
        }
        match result {
            Ok(true) => {
                self.stats.runs.fetch_add(1, Ordering::Relaxed);
                DeviceRun::Ran
            }
            Ok(false) => {
                self.stats.failed.fetch_add(1, Ordering::Relaxed);
                self.refuse("a check failed on the device (the CPU tiers ran it)".into())
            }
            Err(why) => self.refuse(format!("the device: {why}")),
        }
    }

    /// Steps 1-5 of the module doc on `at`'s device, with the copies it keeps there;
    /// whether the results were kept. A tile of a larger run (`undo`: what its copies
    /// back overwrote goes there) neither uses nor keeps copies. After a device error
    /// no copy is kept: what the device holds is unknown.
    unsafe fn run_on(
        &self,
        at: &mut On,
        launch: &Launch,
        footprints: &[Footprint],
        frame: &mut [u64],
        undo: Option<&mut tiles::Undo>,
    ) -> Result<bool, String> {
        let mut outs = Vec::new();
        // SAFETY: the caller's promise.
        let r = unsafe { self.place_and_launch(at, launch, footprints, frame, &mut outs, undo) };
        let On { dev, residency, .. } = at;
        match &r {
            Ok(true) => {}
            // The launch may have written the device copies of what it writes.
            Ok(false) => {
                for Written { host, placed, runs } in &outs {
                    for (off, len) in runs {
                        let at = (*host + *off) as u64;
                        residency.spoiled(placed, at, at + *len as u64);
                    }
                }
            }
            Err(_) => residency.clear(*dev),
        }
        residency.end_run(*dev);
        r
    }

    /// The run proper; `outs` gets each written array's host data pointer, placement
    /// and written runs, as soon as it is placed.
    unsafe fn place_and_launch(
        &self,
        at: &mut On,
        launch: &Launch,
        footprints: &[Footprint],
        frame: &mut [u64],
        outs: &mut Vec<Written>,
        mut undo: Option<&mut tiles::Undo>,
    ) -> Result<bool, String> {
        let On {
            dev,
            residency,
            device_bytes,
        } = at;
        let (dev, device_bytes) = (&mut **dev, *device_bytes);
        let kernel = launch.kernel;
        let mut device_frame = frame.to_vec();
        let keep = undo.is_none() && resident::may_keep();
        let mut placed = Vec::new();
        // Every grid loop steps by one: what `coverage` needs of the loops it
        // cannot see.
        let unit_steps = frame[ROOT_STEP] as i64 == 1 && launch.dims.chunks(3).all(|d| d[1] == 1);
        for a in &kernel.arrays {
            let fp = footprints.iter().find(|f| f.array == a.var);
            let Some((fp, moves)) =
                fp.and_then(|fp| Some((fp, Moves::of(frame, a.slot, a.ndim, a.elem.bytes(), fp)?)))
            else {
                // Only its shape is read: no memory.
                device_frame[a.slot] = 0;
                continue;
            };
            let Moves {
                shape,
                read,
                lo,
                hi,
            } = moves;
            let host = frame[a.slot] as i64;
            let span = ((host + lo) as u64, (host + hi) as u64);
            let p = residency.place(dev, span.0, span.1, keep, &placed, device_bytes)?;
            placed.push(p);
            device_frame[a.slot] = p.device(host as u64);
            let dense = unit_steps && a.dense;
            let copied = match (&read, &fp.written) {
                (Some(r), Some(w)) if !dense => {
                    Some(r.iter().zip(w).map(|(x, y)| x.hull(*y)).collect::<Vec<_>>())
                }
                (Some(r), _) => Some(r.clone()),
                (None, Some(w)) if !dense => Some(w.clone()),
                _ => None,
            };
            if let Some(w) = &fp.written {
                outs.push(Written {
                    host,
                    placed: p,
                    runs: shape.runs(w),
                });
            }
            for (off, len) in copied.map(|c| shape.runs(&c)).unwrap_or_default() {
                let at = (host + off) as u64;
                let mut moved = 0;
                for (x, y) in residency.missing(&p, at, at + len as u64) {
                    // SAFETY: the runs lie in the array's elements (clipped to its shape).
                    let bytes =
                        unsafe { std::slice::from_raw_parts(x as *const u8, (y - x) as usize) };
                    dev.copy_in(p.device(x), bytes)?;
                    residency.copied_in(&p, x, y);
                    moved += y - x;
                }
                self.stats.bytes_in.fetch_add(moved, Ordering::Relaxed);
                self.stats
                    .bytes_kept
                    .fetch_add(len as u64 - moved, Ordering::Relaxed);
            }
        }
        let written: usize = kernel
            .locals
            .iter()
            .filter(|l| l.written_back.is_some())
            .count();
        let mut out = vec![0u64; 2 * written];
        let blocks = sim::blocks(launch.threads);
        let mut parts = vec![0u64; 2 * kernel.reductions.len() * blocks as usize];
        self.stats.launches.fetch_add(1, Ordering::Relaxed);
        let failed = dev.launch(launch, &device_frame, &mut out, &mut parts)?;
        if failed {
            return Ok(false);
        }
        // Each reduction: its value at entry and every block's partial result, in
        // the iterations' order (`None`: an int overflowed, or the floats' sum did
        // what numpy warns of, which the CPU's serial run must give).
        let mut reduced = Vec::new();
        for (k, r) in kernel.reductions.iter().enumerate() {
            let slot = kernel.local(r.var).expect("a reduction is a local").slot;
            let nred = kernel.reductions.len();
            let partials = (0..blocks as usize).map(|t| {
                let row = 2 * (t * nred + k);
                (parts[row], parts[row + 1])
            });
            match crate::backend::cpu::threads::combine(r, (frame[slot], frame[slot + 1]), partials)
            {
                Some(v) => reduced.push((slot, v)),
                None => return Ok(false),
            }
        }
        for Written {
            host,
            placed: p,
            runs,
        } in outs.iter()
        {
            for &(off, len) in runs {
                let at = (*host + off) as u64;
                // SAFETY: as for the copy in.
                let bytes = unsafe { std::slice::from_raw_parts_mut(at as *mut u8, len) };
                if let Some(u) = undo.as_deref_mut() {
                    u.save(at, bytes);
                }
                dev.copy_out(p.device(at), bytes)?;
                residency.copied_back(p, at, at + len as u64);
                self.stats
                    .bytes_out
                    .fetch_add(len as u64, Ordering::Relaxed);
            }
        }
        let mut n = 0;
        for l in &kernel.locals {
            if l.written_back.is_some() {
                frame[l.slot] = out[2 * n];
                frame[l.slot + 1] = out[2 * n + 1];
                n += 1;
            }
        }
        for (slot, (bits, code)) in reduced {
            frame[slot] = bits;
            frame[slot + 1] = code;
        }
        Ok(true)
    }
}

/// A device a run goes to: its memory, the copies kept there, and its size in bytes.
pub(crate) struct On<'d> {
    dev: &'d mut dyn Device,
    residency: &'d mut resident::Residency,
    device_bytes: usize,
}

/// An array a run writes: its host data pointer, where it lies on the device, and
/// its written box as runs of bytes from the data pointer.
struct Written {
    host: i64,
    placed: resident::Placed,
    runs: Vec<(i64, usize)>,
}

/// Writes the CUDA C of `code`'s kernels (its outer loop's and its loops') into
/// `KILN_DUMP_KERNELS`, if set, each named after the file and line of its loop.
pub fn dump_kernels(code: &crate::backend::cpu::CompiledNest, file: &str) {
    let Some(dir) = std::env::var_os("KILN_DUMP_KERNELS") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    let stem = std::path::Path::new(file)
        .file_stem()
        .map_or("kiln".into(), |s| s.to_string_lossy().into_owned());
    let own = code.offload.iter();
    let loops = code.loops.iter().filter_map(|l| l.code.offload.as_ref());
    for kernel in own.chain(loops).flat_map(|o| &o.kernels) {
        let Ok(k) = kernel else { continue };
        let line = k.file_line.trim_start_matches("line ");
        let line = match k.grid.len() {
            0 => line.to_string(),
            n => format!("{line}_grid{}", n + 1),
        };
        let mut at = k.clone();
        at.file_line = format!("{file}:{line}");
        let text = cuda::source(&at);
        let _ = std::fs::create_dir_all(&dir);
        let mut path = dir.join(format!("{stem}_{line}.cu"));
        let mut n = 1;
        // Another specialisation of the same loop: its own file.
        while path.exists() && std::fs::read_to_string(&path).ok().as_deref() != Some(&text) {
            n += 1;
            path = dir.join(format!("{stem}_{line}_{n}.cu"));
        }
        let _ = std::fs::write(&path, text);
    }
}

/// `kiln --compile-kernels FILE...`: compiles each CUDA C file with NVRTC for sm_90,
/// as the GPU tier would for an H100, and says how each went; whether all compiled.
pub fn check_kernel_files(files: &[String]) -> bool {
    let mut ok = true;
    for f in files {
        match std::fs::read_to_string(f) {
            Ok(src) => match driver::ptx(&src, "sm_90") {
                Ok(ptx) => println!("{f}: compiled ({} bytes of PTX)", ptx.to_src().len()),
                Err(why) => {
                    println!("{f}: {why}");
                    ok = false;
                }
            },
            Err(e) => {
                println!("{f}: {e}");
                ok = false;
            }
        }
    }
    ok
}

/// What the run needs of a device: memory, copies and a launch.
pub(crate) trait Device {
    fn alloc(&mut self, len: usize) -> Result<u64, String>;
    fn free(&mut self, address: u64);
    fn copy_in(&mut self, address: u64, data: &[u8]) -> Result<(), String>;
    fn copy_out(&mut self, address: u64, data: &mut [u8]) -> Result<(), String>;
    /// Runs the kernel; whether a thread failed.
    fn launch(
        &mut self,
        launch: &Launch,
        frame: &[u64],
        out: &mut [u64],
        parts: &mut [u64],
    ) -> Result<bool, String>;
}

/// A kernel and its grid for one entry.
pub(crate) struct Launch<'k> {
    pub kernel: &'k Kernel,
    /// Each inner grid loop's start, step and trip count.
    pub dims: &'k [i64],
    /// Threads: the product of every grid loop's trip count.
    pub threads: i64,
}

struct SimDevice<'m>(&'m mut sim::DeviceMemory);

impl Device for SimDevice<'_> {
    fn alloc(&mut self, len: usize) -> Result<u64, String> {
        self.0.alloc(len)
    }

    fn free(&mut self, address: u64) {
        self.0.free(address)
    }

    fn copy_in(&mut self, address: u64, data: &[u8]) -> Result<(), String> {
        self.0.copy_in(address, data)
    }

    fn copy_out(&mut self, address: u64, data: &mut [u8]) -> Result<(), String> {
        data.copy_from_slice(self.0.copy_out(address, data.len())?);
        Ok(())
    }

    fn launch(
        &mut self,
        launch: &Launch,
        frame: &[u64],
        out: &mut [u64],
        parts: &mut [u64],
    ) -> Result<bool, String> {
        let l = launch;
        Ok(sim::launch(l.kernel, self.0, frame, l.dims, l.threads, out, parts)?.failed)
    }
}
