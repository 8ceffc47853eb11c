# mandelbrot_prange: parallel Mandelbrot over rows, escape test on z.real and z.imag, plus the final z of each pixel.
# Exercises: from numba import njit, prange; @njit(parallel=True); prange over rows; complex(x, y) construction; z.real * z.real + z.imag * z.imag > 4.0; writing a complex128 output array.
import numpy as np
from numba import njit, prange


@njit(parallel=True)
def mandel(xs, ys, maxit):
    h, w = ys.shape[0], xs.shape[0]
    counts = np.zeros((h, w), dtype=np.int64)
    last = np.zeros((h, w), dtype=np.complex128)
    for i in prange(h):  # hot
        for j in range(w):  # hot
            c = complex(xs[j], ys[i])
            z = 0.0 + 0.0j
            n = 0
            while n < maxit and z.real * z.real + z.imag * z.imag <= 4.0:  # hot
                z = z * z + c
                n += 1
            counts[i, j] = n
            last[i, j] = z
    return counts, last


def main():
    xs = np.linspace(-1.5, 0.5, 40)
    ys = np.linspace(-1.0, 1.0, 30)
    for maxit in (20, 30, 40):
        counts, last = mandel(xs, ys, maxit)
        print(maxit, int(counts.sum()), int((counts == maxit).sum()))
    print(counts[15, ::4])
    print(counts[3, 10:22])
    inside = last[counts == 40]
    print(inside.shape[0], round(float(np.abs(inside).max()), 9))
    print(last[15, 4], last[0, 0])


main()
