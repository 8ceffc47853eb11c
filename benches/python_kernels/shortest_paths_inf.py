"""shortest_paths_inf: Floyd-Warshall over a numpy matrix of distances that are `inf`
where there is no edge, and a relaxation of a vector holding a few infinities. The
infinities are data, carried through numpy float arithmetic: numpy warns for none of
them, so compiled code hands no statement back for them (before 2026-11-26 each `inf`
met handed its statement to the interpreter, and the loop's remaining iterations ran
interpreted).
"""

import sys
import time

import numpy as np

TINY_N = 12
TABLE_N = 100
LARGE_N = 200


def inputs(n):
    d = np.full((n, n), np.inf)
    for i in range(n):
        d[i, i] = 0.0
        d[i, (i * 7 + 3) % n] = float(i % 9 + 1)
        d[i, (i * 13 + 5) % n] = float(i % 5 + 2)
    v = np.linspace(0.0, 1.0, 50 * n)
    v[10::997] = np.inf
    return d, v


def shortest_paths_inf(d, v):
    n = d.shape[0]
    for k in range(n):
        for i in range(n):
            dik = d[i, k]
            for j in range(n):
                nd = dik + d[k, j]
                if nd < d[i, j]:
                    d[i, j] = nd
    out = np.empty_like(v)
    for i in range(v.shape[0]):
        out[i] = 0.5 * v[i] + 1.0
    return d, out


def checksum(result):
    d, out = result
    return float(d[np.isfinite(d)].sum()) + float(out[np.isfinite(out)].sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = shortest_paths_inf(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
