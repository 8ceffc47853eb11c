# mandelbrot_complex from tests/numba/, at a size where the work outweighs start-up.
# mandelbrot_complex: Mandelbrot escape-time counts on a complex grid using complex arithmetic.
# Exercises: @njit, complex128 input array built with 1j, z = z * z + c in a for loop with an early return, abs(z) > 2.0 escape test, complex zero literal 0j, a jitted helper called per pixel.
import numpy as np
from numba import njit


@njit
def escape_time(c, maxit):
    z = 0j
    for it in range(maxit):
        z = z * z + c
        if abs(z) > 2.0:
            return it
    return maxit


@njit
def mandelbrot(grid, maxit):
    h, w = grid.shape
    out = np.empty((h, w), dtype=np.int64)
    for i in range(h):
        for j in range(w):
            out[i, j] = escape_time(grid[i, j], maxit)
    return out


def main():
    xs = np.linspace(-2.0, 0.5, 480)
    ys = np.linspace(-1.125, 1.125, 370)
    grid = xs[None, :] + 1j * ys[:, None]
    for maxit in (10, 25, 50):
        counts = mandelbrot(grid, maxit)
        print(maxit, int(counts.sum()), int((counts == maxit).sum()))
    print(counts[18, ::3])
    print(counts[50, 200:216])
    print(escape_time(-0.75 + 0.1j, 200), escape_time(0.3 + 0.5j, 200))


main()
