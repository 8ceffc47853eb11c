# newton_fractal from tests/numba/, at a size where the work outweighs start-up.
# newton_fractal: Newton's method for z**3 - 1 on a complex grid: which root each start converges to and how fast.
# Exercises: @jit(nopython=True), complex division, complex constants from np.exp(2j * np.pi / 3) computed outside, abs(z - r) < tol test, early return of a tuple from a for loop nested in a while loop, int8 basin array.
import numpy as np
from numba import jit


@jit(nopython=True)
def newton(z, roots, maxit, tol):
    it = 0
    while it < maxit:
        dz = (z * z * z - 1.0) / (3.0 * z * z)
        z = z - dz
        for r in range(3):
            if abs(z - roots[r]) < tol:
                return r, it
        it += 1
    return -1, it


@jit(nopython=True)
def basins(grid, roots, maxit, tol):
    h, w = grid.shape
    which = np.empty((h, w), dtype=np.int8)
    iters = np.empty((h, w), dtype=np.int64)
    for i in range(h):
        for j in range(w):
            r, it = newton(grid[i, j], roots, maxit, tol)
            which[i, j] = r
            iters[i, j] = it
    return which, iters


def main():
    roots = np.array([1.0 + 0j, np.exp(2j * np.pi / 3), np.exp(-2j * np.pi / 3)])
    xs = np.linspace(-1.3, 1.3, 340)
    ys = np.linspace(-1.1, 1.1, 270)
    grid = xs[None, :] + 1j * ys[:, None]
    for maxit, tol in ((5, 1e-3), (12, 1e-6), (40, 1e-6)):
        which, iters = basins(grid, roots, maxit, tol)
        print(maxit, [int((which == r).sum()) for r in range(-1, 3)])
    print(which[60, ::40])
    print(iters[60, ::40])
    print(int(iters.sum()), int(iters.max()))


main()
