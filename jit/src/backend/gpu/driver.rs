//! The CUDA driver and NVRTC, found and loaded at run time (cudarc, dynamic loading).
//!
//! cudarc's loader panics when a library is missing, so nothing here calls into it
//! before [`found`] has located both libraries and loaded them by full path, which
//! also makes them the ones cudarc's own `dlopen` of the bare names then finds (a
//! library already loaded is found by its soname). NVRTC is looked for where a CUDA
//! toolkit puts it (`CUDA_PATH`, `CUDA_HOME`, `/usr/local/cuda`) and where the
//! `nvidia-cuda-nvrtc` pip package does (`nvidia/cu13/lib` of a site-packages); its
//! builtins library is loaded first, for NVRTC opens it by name.
//!
//! Kernels are compiled for the device's own compute capability with `--fmad=false`
//! (the semantics contract: `+ - * /` and `sqrt` give the CPU's bits).

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// What was found, and where.
pub struct Found {
    pub libcuda: Result<PathBuf, String>,
    pub nvrtc: Result<PathBuf, String>,
}

/// The directories a CUDA library may be in, the most specific first.
fn nvrtc_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Ok(d) = std::env::var("KILN_NVRTC_DIR") {
        dirs.push(PathBuf::from(d));
    }
    for var in ["CUDA_PATH", "CUDA_HOME"] {
        if let Ok(d) = std::env::var(var) {
            dirs.push(Path::new(&d).join("lib64"));
            dirs.push(Path::new(&d).join("lib"));
        }
    }
    dirs.push("/usr/local/cuda/lib64".into());
    // The pip package, in the venvs kiln's scripts make and in system Pythons.
    let home = std::env::var("HOME").unwrap_or_default();
    let mut roots: Vec<PathBuf> = vec![
        Path::new(&home).join(".cache/kiln-ci/venv/lib"),
        Path::new(&home).join(".cache/kiln-bench/venv/lib"),
        Path::new(&home).join(".local/lib"),
        "/usr/local/lib".into(),
        "/usr/lib".into(),
    ];
    if let Ok(v) = std::env::var("VIRTUAL_ENV") {
        roots.insert(0, Path::new(&v).join("lib"));
    }
    for root in roots {
        let Ok(entries) = std::fs::read_dir(&root) else {
            continue;
        };
        for e in entries.flatten() {
            let name = e.file_name();
            if name.to_string_lossy().starts_with("python3") {
                for packages in ["site-packages", "dist-packages"] {
                    dirs.push(e.path().join(packages).join("nvidia/cu13/lib"));
                }
            }
        }
    }
    dirs
}

fn open_global(path: &Path) -> Result<(), String> {
    use libloading::os::unix::{Library, RTLD_GLOBAL, RTLD_NOW};
    // SAFETY: loading a CUDA library runs its initialisers, which have no
    // preconditions; it stays loaded for the life of the process.
    let lib = unsafe { Library::open(Some(path), RTLD_NOW | RTLD_GLOBAL) }
        .map_err(|e| format!("{}: {e}", path.display()))?;
    std::mem::forget(lib);
    Ok(())
}

/// Finds and loads the driver and NVRTC, once per process.
pub fn found() -> &'static Found {
    static FOUND: OnceLock<Found> = OnceLock::new();
    FOUND.get_or_init(|| {
        let libcuda = [
            "/usr/local/nvidia/lib64",
            "/usr/lib/x86_64-linux-gnu",
            "/usr/lib64",
            "/usr/lib",
        ]
        .iter()
        .map(|d| Path::new(d).join("libcuda.so.1"))
        .find(|p| p.exists())
        .ok_or_else(|| {
            "no libcuda.so.1 (the NVIDIA driver) in /usr/local/nvidia/lib64, \
                 /usr/lib/x86_64-linux-gnu, /usr/lib64 or /usr/lib"
                .to_string()
        })
        .and_then(|p| open_global(&p).map(|_| p));
        let nvrtc = nvrtc_dirs()
            .into_iter()
            .map(|d| d.join("libnvrtc.so.13"))
            .find(|p| p.exists())
            .ok_or_else(|| {
                "no libnvrtc.so.13 (set CUDA_PATH, or `pip install \
                 nvidia-cuda-nvrtc==13.0.88`)"
                    .to_string()
            })
            .and_then(|p| {
                let dir = p.parent().expect("a file has a directory").to_path_buf();
                if let Ok(entries) = std::fs::read_dir(&dir) {
                    for e in entries.flatten() {
                        if e.file_name()
                            .to_string_lossy()
                            .starts_with("libnvrtc-builtins.so")
                        {
                            let _ = open_global(&e.path());
                        }
                    }
                }
                open_global(&p).map(|_| p)
            });
        Found { libcuda, nvrtc }
    })
}

/// What `kiln --gpu-info` prints: the libraries and the device, or why not.
pub fn info() -> String {
    let f = found();
    let mut out = String::new();
    let show = |r: &Result<PathBuf, String>| match r {
        Ok(p) => format!("found at {}", p.display()),
        Err(why) => format!("not found: {why}"),
    };
    out.push_str(&format!("CUDA driver (libcuda): {}\n", show(&f.libcuda)));
    out.push_str(&format!("NVRTC (libnvrtc): {}\n", show(&f.nvrtc)));
    for var in ["CUDA_PATH", "CUDA_HOME", "KILN_NVRTC_DIR"] {
        if let Ok(v) = std::env::var(var) {
            out.push_str(&format!("{var}={v}\n"));
        }
    }
    match device() {
        Ok(d) => out.push_str(&format!(
            "device 0: {} (compute capability {}.{}), {:.1} GiB\n",
            d.name,
            d.capability.0,
            d.capability.1,
            d.memory as f64 / (1u64 << 30) as f64
        )),
        Err(why) => out.push_str(&format!("no GPU: {why}\n")),
    }
    out.push_str(&format!(
        "KILN_DEVICE={} (parallel nests run on the {})\n",
        std::env::var("KILN_DEVICE").unwrap_or_else(|_| "auto".into()),
        match super::device_choice() {
            super::DeviceChoice::Cpu => "CPU",
            super::DeviceChoice::Sim => "simulated device",
            super::DeviceChoice::Gpu => "GPU",
        }
    ));
    out
}

/// The GPU in use: device 0.
pub struct Gpu {
    pub ctx: Arc<cudarc::driver::CudaContext>,
    pub stream: Arc<cudarc::driver::CudaStream>,
    pub name: String,
    pub capability: (i32, i32),
    pub memory: usize,
    /// `cuDriverGetVersion`: 13000 for CUDA 13.0.
    pub driver_version: i32,
}

/// Device 0, opened once.
pub fn device() -> Result<&'static Gpu, String> {
    static GPU: OnceLock<Result<Gpu, String>> = OnceLock::new();
    GPU.get_or_init(|| {
        if let Err(why) = &found().libcuda {
            return Err(why.clone());
        }
        // SAFETY: only asks whether the library loads (it was loaded above).
        if !unsafe { cudarc::driver::sys::is_culib_present() } {
            return Err("libcuda.so.1 does not load".into());
        }
        let ctx = cudarc::driver::CudaContext::new(0).map_err(|e| format!("no device 0: {e}"))?;
        let capability = ctx.compute_capability().map_err(|e| e.to_string())?;
        let name = ctx.name().unwrap_or_else(|_| "an NVIDIA GPU".into());
        let memory = ctx.total_mem().unwrap_or(0);
        let stream = ctx.default_stream();
        let mut driver_version = 0;
        // SAFETY: the library is loaded and the pointer is to a live i32.
        unsafe { cudarc::driver::sys::cuDriverGetVersion(&mut driver_version) };
        Ok(Gpu {
            ctx,
            stream,
            name,
            capability,
            memory,
            driver_version,
        })
    })
    .as_ref()
    .map_err(|e| e.clone())
}

/// Compiles CUDA C to PTX for `arch` (`sm_90`), as the GPU tier does.
pub fn ptx(source: &str, arch: &'static str) -> Result<cudarc::nvrtc::Ptx, String> {
    if let Err(why) = &found().nvrtc {
        return Err(why.clone());
    }
    // SAFETY: only asks whether the library loads.
    if !unsafe { cudarc::nvrtc::sys::is_culib_present() } {
        return Err("libnvrtc.so.13 does not load".into());
    }
    let opts = cudarc::nvrtc::CompileOptions {
        fmad: Some(false),
        arch: Some(arch),
        ..Default::default()
    };
    cudarc::nvrtc::compile_ptx_with_opts(source, opts).map_err(|e| format!("NVRTC: {e:?}"))
}

/// The architecture name NVRTC takes for device 0's compute capability (`sm_90`).
fn arch(capability: (i32, i32)) -> &'static str {
    static ARCH: OnceLock<&'static str> = OnceLock::new();
    ARCH.get_or_init(|| Box::leak(format!("sm_{}{}", capability.0, capability.1).into_boxed_str()))
}

/// Compiled kernels (PTX) of earlier runs.
static KERNELS: crate::disk_cache::Cache = crate::disk_cache::Cache::new("kernels", b"kilnptx1");

/// A kernel loaded on the GPU.
pub struct Module {
    gpu: &'static Gpu,
    func: cudarc::driver::CudaFunction,
}

// The function handle belongs to the context, which lives as long as the process.
unsafe impl Send for Module {}
unsafe impl Sync for Module {}

impl Module {
    /// The kernel `name` of `source`, its PTX from the kernel cache (`~/.cache/kiln/
    /// kernels`, keyed by the source, the architecture and the driver) or compiled.
    pub fn compile(source: &str, name: &str) -> Result<Module, String> {
        let gpu = device()?;
        let arch = arch(gpu.capability);
        let mut h = crate::disk_cache::stamped_hasher();
        std::hash::Hash::hash(&(source, arch, gpu.driver_version), &mut h);
        let key = crate::disk_cache::finish(&h);
        let cached = KERNELS
            .load(key)
            .and_then(|bytes| String::from_utf8(bytes).ok())
            .map(cudarc::nvrtc::Ptx::from_src);
        let ptx = match cached {
            Some(ptx) => ptx,
            None => {
                let ptx = ptx(source, arch)?;
                KERNELS.store(key, ptx.to_src().as_bytes());
                ptx
            }
        };
        let module = gpu
            .ctx
            .load_module(ptx)
            .map_err(|e| format!("loading the PTX: {e}"))?;
        let func = module
            .load_function(name)
            .map_err(|e| format!("the kernel {name}: {e}"))?;
        Ok(Module { gpu, func })
    }
}

/// The device memory the GPU tier allocated, by address: buffers of one run and
/// copies kept between runs (`super::resident`).
#[derive(Default)]
pub struct GpuMemory {
    buffers: Vec<(u64, cudarc::driver::CudaSlice<u8>)>,
}

// The buffers belong to the context, which lives as long as the process.
unsafe impl Send for GpuMemory {}

impl GpuMemory {
    fn find(&mut self, address: u64, len: usize) -> Result<(usize, usize), String> {
        self.buffers
            .iter()
            .position(|(a, b)| address >= *a && address + len as u64 <= *a + b.len() as u64)
            .map(|k| (k, (address - self.buffers[k].0) as usize))
            .ok_or_else(|| format!("{len} bytes at {address:#x}: in no buffer"))
    }
}

/// One entry's launch of a module, over the tier's memory.
pub struct GpuRun<'m> {
    m: &'m Module,
    mem: &'m mut GpuMemory,
}

impl<'m> GpuRun<'m> {
    pub fn new(m: &'m Module, mem: &'m mut GpuMemory) -> GpuRun<'m> {
        GpuRun { m, mem }
    }
}

fn err(e: cudarc::driver::DriverError) -> String {
    e.to_string()
}

impl super::Device for GpuRun<'_> {
    fn alloc(&mut self, len: usize) -> Result<u64, String> {
        use cudarc::driver::DevicePtr;
        let stream = &self.m.gpu.stream;
        // SAFETY: bytes; what the kernel reads is copied in first (module doc).
        let buf = unsafe { stream.alloc::<u8>(len.max(1)) }.map_err(|e| {
            if e.0 == cudarc::driver::sys::CUresult::CUDA_ERROR_OUT_OF_MEMORY {
                format!("{}: {len} bytes asked", super::OUT_OF_MEMORY)
            } else {
                err(e)
            }
        })?;
        let (ptr, _sync) = buf.device_ptr(stream);
        let address = ptr;
        drop(_sync);
        self.mem.buffers.push((address, buf));
        Ok(address)
    }

    fn free(&mut self, address: u64) {
        // Dropping the slice frees it (on the tier's stream, after its work).
        self.mem.buffers.retain(|(a, _)| *a != address);
    }

    fn copy_in(&mut self, address: u64, data: &[u8]) -> Result<(), String> {
        if data.len() >= super::staging::STAGED {
            self.mem.find(address, data.len())?;
            // SAFETY: `find` showed the run inside a buffer of this run, allocated on
            // the tier's stream, which it outlives.
            return unsafe {
                super::staging::copy_in(self.m.gpu.stream.cu_stream(), address, data)
            };
        }
        let (k, at) = self.mem.find(address, data.len())?;
        let stream = self.m.gpu.stream.clone();
        let buf = &mut self.mem.buffers[k].1;
        stream
            .memcpy_htod(data, &mut buf.slice_mut(at..at + data.len()))
            .map_err(err)
    }

    fn copy_out(&mut self, address: u64, data: &mut [u8]) -> Result<(), String> {
        if data.len() >= super::staging::STAGED {
            self.mem.find(address, data.len())?;
            // SAFETY: as for the copy in.
            return unsafe {
                super::staging::copy_out(self.m.gpu.stream.cu_stream(), address, data)
            };
        }
        let (k, at) = self.mem.find(address, data.len())?;
        let stream = self.m.gpu.stream.clone();
        let buf = &self.mem.buffers[k].1;
        stream
            .memcpy_dtoh(&buf.slice(at..at + data.len()), data)
            .map_err(err)?;
        stream.synchronize().map_err(err)
    }

    fn launch(
        &mut self,
        launch: &super::Launch,
        frame: &[u64],
        out: &mut [u64],
        parts: &mut [u64],
    ) -> Result<bool, String> {
        let trips = launch.threads;
        use cudarc::driver::{LaunchConfig, PushKernelArg};
        let stream = &self.m.gpu.stream;
        let dframe = stream.clone_htod(frame).map_err(err)?;
        let mut fail = stream.alloc_zeros::<i32>(1).map_err(err)?;
        let mut dout = stream.alloc_zeros::<u64>(out.len().max(1)).map_err(err)?;
        let dims: Vec<i64> = if launch.dims.is_empty() {
            vec![0]
        } else {
            launch.dims.to_vec()
        };
        let ddims = stream.clone_htod(&dims).map_err(err)?;
        let mut dparts = stream.alloc_zeros::<u64>(parts.len().max(1)).map_err(err)?;
        let block = crate::backend::sim::BLOCK;
        let blocks = crate::backend::sim::blocks(trips);
        if blocks > i64::from(u32::MAX) {
            return Err(format!("{trips} iterations: more blocks than a grid holds"));
        }
        let cfg = LaunchConfig {
            grid_dim: (blocks as u32, 1, 1),
            block_dim: (block as u32, 1, 1),
            shared_mem_bytes: 0,
        };
        let mut args = stream.launch_builder(&self.m.func);
        args.arg(&dframe)
            .arg(&trips)
            .arg(&mut fail)
            .arg(&mut dout)
            .arg(&ddims)
            .arg(&mut dparts);
        // SAFETY: the kernel's parameters are these six, and every pointer in the
        // frame points into this run's buffers (module doc of `backend::gpu`).
        unsafe { args.launch(cfg) }.map_err(err)?;
        let mut flag = [0i32];
        stream.memcpy_dtoh(&fail, &mut flag).map_err(err)?;
        if !out.is_empty() {
            stream
                .memcpy_dtoh(&dout.slice(0..out.len()), out)
                .map_err(err)?;
        }
        if !parts.is_empty() {
            stream
                .memcpy_dtoh(&dparts.slice(0..parts.len()), parts)
                .map_err(err)?;
        }
        stream.synchronize().map_err(err)?;
        Ok(flag[0] != 0)
    }
}
