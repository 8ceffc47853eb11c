"""conway: one turn of Conway's Game of Life on an n x n grid of uint8 cells.

ALPyNA's benchmark 3 (16x16 to 1Kx1K there): a 2-D integer stencil with two
statements (count the live neighbours, decide the new state); both loops are
parallel. The border stays dead.
"""

import sys
import time

import numpy as np

# Sizes (benches/run.py): TINY_N for the test suite, TABLE_N for the default table
# (about 0.4 s under CPython), LARGE_N for --size large (Numba warm about 10-40 ms).
TINY_N = 8
TABLE_N = 400
LARGE_N = 2048


def inputs(n):
    i = np.arange(n).reshape(n, 1)
    j = np.arange(n).reshape(1, n)
    grid = (((i * 37 + j * 91 + i * j) % 7) < 3).astype(np.uint8)
    grid[0, :] = 0
    grid[n - 1, :] = 0
    grid[:, 0] = 0
    grid[:, n - 1] = 0
    out = np.zeros((n, n), dtype=np.uint8)
    return grid, out


def conway(grid, out):
    for i in range(1, grid.shape[0] - 1):
        for j in range(1, grid.shape[1] - 1):
            alive = (grid[i - 1, j - 1] + grid[i - 1, j] + grid[i - 1, j + 1]
                     + grid[i, j - 1] + grid[i, j + 1]
                     + grid[i + 1, j - 1] + grid[i + 1, j] + grid[i + 1, j + 1])
            if alive == 3 or (alive == 2 and grid[i, j] == 1):
                out[i, j] = 1
            else:
                out[i, j] = 0
    return out


def checksum(out):
    return float(out.sum()) + 2.0 * float(out[::3].sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = conway(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
