"""jacobi_slices: 2-d Jacobi relaxation written with slices over a double buffer whose
names swap each sweep (the numpy version of benches/kernels/jacobi.py).
"""

import sys
import time

import numpy as np

TINY_N = 10
TABLE_N = 300
LARGE_N = 2000
SWEEPS = 200


def inputs(n):
    i = np.arange(n).reshape(n, 1)
    j = np.arange(n).reshape(1, n)
    u = ((i * 3 + j * 7) % 17) / 17.0
    return u, u.copy()


def jacobi_slices(old, new):
    for it in range(SWEEPS):
        new[1:-1, 1:-1] = 0.25 * (old[2:, 1:-1] + old[:-2, 1:-1] + old[1:-1, 2:] + old[1:-1, :-2])
        old, new = new, old
    return old


def checksum(u):
    return float(u.sum()) + float(u[::3, ::5].sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = jacobi_slices(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
