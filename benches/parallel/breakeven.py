"""The work at which tier 2 pays on this machine: a nest of `n` outer iterations each
summing `m` square roots, timed per call for growing `n`. Run it twice and compare:

    KILN_THREADS=1 kiln benches/parallel/breakeven.py 64
    KILN_THREADS=2 KILN_PARALLEL_MIN_WORK=0 kiln benches/parallel/breakeven.py 64

(RESULTS.md, "Parallel loop nests", has the table; `KILN_PARALLEL_MIN_WORK` defaults
to a value above where the two meet.)
"""
import math, sys, time
import numpy as np

def kernel(a, out, m):
    for i in range(a.shape[0]):
        s = 0.0
        for j in range(m):
            s += math.sqrt(a[i] + j)
        out[i] = s

m = int(sys.argv[1])
for n in (8, 16, 32, 64, 128, 256, 512, 1024, 4096):
    a = np.arange(n) * 0.5
    out = np.zeros(n)
    for _ in range(5):
        kernel(a, out, m)
    reps = max(10, 2_000_000 // (n * m))
    t = time.perf_counter()
    for _ in range(reps):
        kernel(a, out, m)
    dt = (time.perf_counter() - t) / reps
    print(f"n={n} m={m} work={n*(m+1)} per call {dt*1e6:.1f} us")
