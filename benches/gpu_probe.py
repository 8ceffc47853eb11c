#!/usr/bin/env python3
"""What a lent NVIDIA machine offers the GPU tier, measured: the numbers its design rests on.

    python3 benches/gpu_probe.py [--json PATH]

Run on a machine with a GPU and CuPy (the `device` tool's machines have both); it
prints one line per figure and, with --json, writes them all. Nothing here is kiln:
these are the constants the GPU tier's plans and cost model (issues 20 and 21) take
as given (what a launch, a context, an NVRTC compile and a byte moved cost), so that
the design is sized by measurement rather than by the data sheet.

Figures (medians of several repetitions; each names what it times):
- where the driver and NVRTC libraries are found (the search kiln will do);
- a fresh process's first CUDA call (context creation), in a subprocess;
- NVRTC compile of a typical generated loop kernel with --fmad=false;
- an empty kernel's launch, host-side (launch and synchronise) and back-to-back;
- host <-> device copies, pageable and pinned, from 64 KiB to 256 MiB;
- a streaming kernel's device bandwidth (a[i] = b[i] + s * c[i], float64).
"""

import argparse
import ctypes.util
import glob
import json
import os
import statistics
import subprocess
import sys
import time

KERNEL = r"""
extern "C" __global__ void kiln_probe_triad(double *a, const double *b,
                                            const double *c, double s, long long n) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long step = (long long)gridDim.x * blockDim.x;
    for (; i < n; i += step) a[i] = b[i] + s * c[i];
}
extern "C" __global__ void kiln_probe_empty() {}
"""


def median_time(fn, reps):
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t0)
    return statistics.median(ts)


def libraries():
    found = {}
    for name in ("cuda", "nvrtc"):
        found[f"ctypes.util.find_library({name})"] = ctypes.util.find_library(name)
    pats = ["/usr/local/cuda*/lib64/libnvrtc.so*", "/usr/local/nvidia/lib*/libcuda.so*",
            "/usr/lib/x86_64-linux-gnu/libcuda.so*"]
    for p in sys.path:
        pats.append(os.path.join(p, "nvidia", "*", "lib", "libnvrtc.so*"))
        pats.append(os.path.join(p, "nvidia", "cu*", "lib", "libnvrtc.so*"))
    hits = sorted({h for p in pats for h in glob.glob(p)})
    found["globbed"] = hits
    found["CUDA_PATH"] = os.environ.get("CUDA_PATH")
    found["LD_LIBRARY_PATH"] = os.environ.get("LD_LIBRARY_PATH")
    return found


def first_call_seconds():
    code = ("import time; t=time.perf_counter(); import cupy; cupy.cuda.runtime.getDeviceCount();"
            "cupy.cuda.Device(0).use(); cupy.zeros(1).sum().item();"
            "print(time.perf_counter()-t)")
    ts = []
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
        ts.append(float(out.stdout.strip().splitlines()[-1]))
    return statistics.median(ts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json")
    args = ap.parse_args()
    import cupy as cp
    import numpy as np

    r = {"libraries": libraries()}
    dev = cp.cuda.Device(0)
    props = cp.cuda.runtime.getDeviceProperties(0)
    r["device"] = props["name"].decode()
    r["compute_capability"] = dev.compute_capability
    r["multiprocessors"] = props["multiProcessorCount"]
    r["driver_version"] = cp.cuda.runtime.driverGetVersion()
    r["runtime_version"] = cp.cuda.runtime.runtimeGetVersion()
    try:
        from cupy.cuda import nvrtc
        r["nvrtc_version"] = nvrtc.getVersion()
    except Exception as e:  # the figure is optional; the compile below says more
        r["nvrtc_version"] = f"unknown: {e}"
    free, total = cp.cuda.runtime.memGetInfo()
    r["memory_free_gib"], r["memory_total_gib"] = free / 2**30, total / 2**30
    r["first_cuda_call_s"] = first_call_seconds()

    arch = f"--gpu-architecture=sm_{dev.compute_capability}"
    compiles = []
    for k in range(5):
        # A distinct source each time so that no cache answers.
        src = KERNEL + f"\n// probe {k} {time.time_ns()}\n"
        t0 = time.perf_counter()
        mod = cp.RawModule(code=src, options=("--fmad=false", arch), backend="nvrtc")
        mod.get_function("kiln_probe_triad")
        compiles.append(time.perf_counter() - t0)
    r["nvrtc_compile_s"] = statistics.median(compiles)
    triad = mod.get_function("kiln_probe_triad")
    empty = mod.get_function("kiln_probe_empty")

    stream = cp.cuda.Stream.null
    empty((1,), (32,), ())
    stream.synchronize()
    r["launch_and_sync_us"] = median_time(
        lambda: (empty((1,), (32,), ()), stream.synchronize()), 200) * 1e6
    n_back = 1000

    def back_to_back():
        for _ in range(n_back):
            empty((1,), (32,), ())
        stream.synchronize()
    back_to_back()
    r["launch_back_to_back_us"] = median_time(back_to_back, 5) / n_back * 1e6

    copies = {}
    for size in (64 << 10, 1 << 20, 16 << 20, 256 << 20):
        host = np.ones(size // 8)
        pinned_mem = cp.cuda.alloc_pinned_memory(size)
        pinned = np.frombuffer(pinned_mem, np.float64, size // 8)
        pinned[:] = 1.0
        d = cp.empty(size // 8)
        reps = 20 if size <= 16 << 20 else 5
        row = {}
        for label, h in (("pageable", host), ("pinned", pinned)):
            t_in = median_time(lambda: (d.set(h), stream.synchronize()), reps)
            t_out = median_time(lambda: (d.get(out=h), stream.synchronize()), reps)
            row[f"{label}_in_GBps"] = size / t_in / 1e9
            row[f"{label}_out_GBps"] = size / t_out / 1e9
        copies[f"{size >> 10}KiB"] = row
    r["copies"] = copies

    n = 1 << 27  # 1 GiB per array of float64
    a, b, c = cp.empty(n), cp.ones(n), cp.ones(n)
    blocks = r["multiprocessors"] * 8
    triad((blocks,), (256,), (a, b, c, np.float64(2.0), np.int64(n)))
    start, stop = cp.cuda.Event(), cp.cuda.Event()
    ts = []
    for _ in range(10):
        start.record()
        triad((blocks,), (256,), (a, b, c, np.float64(2.0), np.int64(n)))
        stop.record()
        stop.synchronize()
        ts.append(cp.cuda.get_elapsed_time(start, stop) / 1e3)
    r["triad_GBps"] = 3 * 8 * n / statistics.median(ts) / 1e9
    assert float(a[12345]) == 3.0

    for key, value in r.items():
        print(f"{key}: {value}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(r, f, indent=1)


if __name__ == "__main__":
    main()
