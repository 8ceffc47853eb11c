#!/usr/bin/env python3
"""GPU benchmarks on a lent GPU: kiln's GPU tier against kiln's CPU tiers, CuPy and
numba-cuda, in one run on one machine.

For each kernel of benches/kernels/ named here, at its LARGE_N (vadd at 16M): kiln
through benches/call_runner.py with KILN_DEVICE=cpu (tiers 1-2 on all the machine's
cores) and KILN_DEVICE=gpu (cold: the first call, with compilation; warm: the median of
later calls), then CuPy and a numba-cuda kernel doing the same work from the same
numpy inputs, transfers in and out included (as kiln's GPU tier moves them per call),
warm, median of 5. Also the host-device copy bandwidth (pageable and pinned) the
transfers are measured against. Writes OUT/bench.json and OUT/bench.md.
"""

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KERNELS = ["vadd", "saxpy", "gemm", "syr2k", "fbcorr"]
SIZES = {"vadd": 16_000_000, "saxpy": 16_000_000}


def load(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "benches/kernels" / f"{name}.py")
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


def kiln_run(kiln, name, n, device, out_dir):
    report = out_dir / f"report-bench-{name}-{device}.json"
    env = dict(os.environ, KILN_CACHE="0", KILN_DEVICE=device, KILN_JIT_REPORT=str(report))
    r = subprocess.run(
        [kiln, str(ROOT / "benches/call_runner.py"), str(ROOT / "benches/kernels" / f"{name}.py"), str(n), "--warm-calls", "5"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=900,
    )
    got = {"status": r.returncode}
    for line in r.stdout.splitlines():
        key, _, value = line.partition(":")
        if key in ("checksum", "cold-seconds", "seconds"):
            got[key] = value.strip()
    if r.returncode != 0:
        got["error"] = (r.stdout + r.stderr)[-2000:]
    if report.exists():
        dev = {"runs": 0, "launches": 0, "bytes_in": 0, "bytes_out": 0, "compile_ms": 0.0}
        for s in json.loads(report.read_text())["sites"]:
            for spec in s["specialisations"]:
                for d in [spec.get("device")] + [l.get("device") for l in spec.get("parallel_loops", [])]:
                    if d:
                        for k in ("runs", "launches", "bytes_in", "bytes_out", "compile_ms"):
                            dev[k] += d[k]
                        if d.get("refused"):
                            dev.setdefault("refused", []).append(d["refused"])
        got["device"] = dev
    return got


def timed(f, reps=5):
    f()
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t)
    return statistics.median(times), out


def yardsticks(name, n):
    """CuPy's and numba-cuda's warm times and checksums, transfers included."""
    import traceback

    m = load(name)
    out = {}
    args = m.inputs(n)
    try:
        import cupy as cp
    except Exception:  # noqa: BLE001 - reported in the results
        out["cupy-error"] = traceback.format_exc()[-800:]
        cp = None
    try:
        import numpy as np

        # numba-cuda 0.30 registers an overload of np.row_stack, which numpy 2.4
        # removed (an alias of vstack): give it the alias so that it imports.
        if not hasattr(np, "row_stack"):
            np.row_stack = np.vstack
        from numba import cuda
    except Exception:  # noqa: BLE001
        out["numba-error"] = traceback.format_exc()[-800:]
        cuda = None

    jit = cuda.jit if cuda is not None else (lambda f: f)

    def timed_or_error(key, f):
        if (cp if key == "cupy" else cuda) is None:
            return
        try:
            out[key] = timed(f)
        except Exception:  # noqa: BLE001
            out[key + "-error"] = traceback.format_exc()[-800:]

    def matrix_update(k, alpha, beta, a, b, c):
        # gemm's and syr2k's numba-cuda kernel on 16 x 16 blocks over c, c updated.
        da, db, dc = cuda.to_device(a), cuda.to_device(b), cuda.to_device(c)
        k[((c.shape[1] + 15) // 16, (c.shape[0] + 15) // 16), (16, 16)](alpha, beta, da, db, dc)
        return dc.copy_to_host()

    if name == "saxpy":
        a, x, y = args
        timed_or_error("cupy", lambda: cp.asnumpy(a * cp.asarray(x) + cp.asarray(y)))

        @jit
        def k(a, x, y):
            i = cuda.grid(1)
            if i < y.shape[0]:
                y[i] = a * x[i] + y[i]

        def nb():
            dx, dy = cuda.to_device(x), cuda.to_device(y)
            k[(n + 255) // 256, 256](a, dx, dy)
            return dy.copy_to_host()

        timed_or_error("numba-cuda", nb)
    elif name == "vadd":
        a, b, c = args
        timed_or_error("cupy", lambda: cp.asnumpy(cp.asarray(a) + cp.asarray(b)))

        @jit
        def k(a, b, c):
            i = cuda.grid(1)
            if i < c.shape[0]:
                c[i] = a[i] + b[i]

        def nb():
            da, db = cuda.to_device(a), cuda.to_device(b)
            dc = cuda.device_array_like(c)
            k[(n + 255) // 256, 256](da, db, dc)
            return dc.copy_to_host()

        timed_or_error("numba-cuda", nb)
    elif name == "gemm":
        alpha, beta, a, b, c = args

        def cu():
            da, db, dc = cp.asarray(a), cp.asarray(b), cp.asarray(c)
            return cp.asnumpy(beta * dc + alpha * (da @ db))

        timed_or_error("cupy", cu)

        @jit
        def k(alpha, beta, a, b, c):
            j, i = cuda.grid(2)
            if i < c.shape[0] and j < c.shape[1]:
                acc = c[i, j] * beta
                for kk in range(a.shape[1]):
                    acc += alpha * a[i, kk] * b[kk, j]
                c[i, j] = acc

        timed_or_error("numba-cuda", lambda: matrix_update(k, alpha, beta, a, b, c))
    elif name == "syr2k":
        alpha, beta, a, b, c = args

        def cu():
            da, db, dc = cp.asarray(a), cp.asarray(b), cp.asarray(c)
            return cp.asnumpy(beta * dc + alpha * (da @ db.T) + alpha * (db @ da.T))

        timed_or_error("cupy", cu)

        @jit
        def k(alpha, beta, a, b, c):
            j, i = cuda.grid(2)
            if i < c.shape[0] and j < c.shape[1]:
                acc = c[i, j] * beta
                for kk in range(a.shape[1]):
                    acc += alpha * a[i, kk] * b[j, kk] + alpha * b[i, kk] * a[j, kk]
                c[i, j] = acc

        timed_or_error("numba-cuda", lambda: matrix_update(k, alpha, beta, a, b, c))
    elif name == "fbcorr":
        imgs, filters, o = args

        @jit
        def k(imgs, filters, out):
            cc, rr, ii = cuda.grid(3)
            if ii < out.shape[0] and rr < out.shape[2] and cc < out.shape[3]:
                for hh in range(filters.shape[1]):
                    for ww in range(filters.shape[2]):
                        for jj in range(imgs.shape[3]):
                            for ff in range(filters.shape[0]):
                                out[ii, ff, rr, cc] += imgs[ii, rr + hh, cc + ww, jj] * filters[ff, hh, ww, jj]

        def nb():
            di, df, do = cuda.to_device(imgs), cuda.to_device(filters), cuda.to_device(o)
            s = o.shape
            k[((s[3] + 15) // 16, (s[2] + 15) // 16, s[0]), (16, 16, 1)](di, df, do)
            return do.copy_to_host()

        timed_or_error("numba-cuda", nb)
    return {k: (v if isinstance(v, str) else (v[0], m.checksum(v[1]))) for k, v in out.items()}


def bandwidth():
    import cupy as cp
    import numpy as np

    x = np.random.rand(16_000_000)
    d = cp.empty_like(cp.asarray(x[:10]), shape=x.shape)
    pageable = timed(lambda: d.set(x))[0]
    pinned_mem = cp.cuda.alloc_pinned_memory(x.nbytes)
    p = np.frombuffer(pinned_mem, x.dtype, x.size)
    p[:] = x
    pinned = timed(lambda: (d.set(p), cp.cuda.runtime.deviceSynchronize()))[0]
    back = timed(lambda: d.get(out=p))[0]
    return {"h2d_pageable_GBps": x.nbytes / pageable / 1e9, "h2d_pinned_GBps": x.nbytes / pinned / 1e9, "d2h_pinned_GBps": x.nbytes / back / 1e9}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kiln", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("kernels", nargs="*")
    args = ap.parse_args()
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    results = {"kernels": {}}
    try:
        results["bandwidth"] = bandwidth()
    except Exception as e:  # noqa: BLE001 - a yardstick missing is reported, not fatal
        results["bandwidth"] = {"error": repr(e)}
    rows = ["| kernel | n | kiln CPU warm | kiln GPU cold | kiln GPU warm | CuPy warm | numba-cuda warm | kiln GPU bytes in/out per call | kiln GPU GB/s | checksums |", "|---|---|---|---|---|---|---|---|---|---|"]
    for name in args.kernels or KERNELS:
        text = (ROOT / "benches/kernels" / f"{name}.py").read_text()
        large = int(next(l.split("=")[1] for l in text.splitlines() if l.startswith("LARGE_N")))
        n = SIZES.get(name, large)
        r = {"n": n, "cpu": kiln_run(args.kiln, name, n, "cpu", out_dir), "gpu": kiln_run(args.kiln, name, n, "gpu", out_dir)}
        try:
            r["yardsticks"] = yardsticks(name, n)
        except Exception:  # noqa: BLE001
            import traceback

            r["yardsticks"] = {"error": traceback.format_exc()[-1500:]}
        results["kernels"][name] = r
        ms = lambda s: f"{float(s) * 1e3:.2f} ms" if s else "-"
        y = r["yardsticks"]
        dev = r["gpu"].get("device", {})
        sums = [r["cpu"].get("checksum"), r["gpu"].get("checksum")] + [str(v[1])[:14] for k, v in y.items() if not isinstance(v, str)]
        runs = max(dev.get("runs", 0), 1)
        per_call = (dev.get("bytes_in", 0) + dev.get("bytes_out", 0)) / runs
        warm = float(r["gpu"].get("seconds") or 0)
        rate = f"{per_call / warm / 1e9:.1f}" if warm and dev.get("runs") else "-"
        rows.append(
            f"| {name} | {n} | {ms(r['cpu'].get('seconds'))} | {ms(r['gpu'].get('cold-seconds'))} | {ms(r['gpu'].get('seconds'))} | "
            f"{ms(y['cupy'][0]) if 'cupy' in y else '-'} | {ms(y['numba-cuda'][0]) if 'numba-cuda' in y else '-'} | "
            f"{dev.get('bytes_in', 0) // runs}/{dev.get('bytes_out', 0) // runs} | {rate} | {' '.join(str(s) for s in sums)} |"
        )
        print(rows[-1], flush=True)
    (out_dir / "bench.json").write_text(json.dumps(results, indent=1, default=str))
    md = "\n".join(rows) + "\n\nbandwidth: " + json.dumps(results.get("bandwidth")) + "\n"
    (out_dir / "bench.md").write_text(md)
    print(md)


if __name__ == "__main__":
    main()
