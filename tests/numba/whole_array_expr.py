# whole_array_expr: a 1-D wave equation advanced by jitted kernels that contain no loops, only slice arithmetic and array functions.
# Exercises: @njit kernels without loops called from a Python time loop; a[1:-1] = 0.5 * (b[2:] + b[:-2]); in-place += of array expressions; np.where, np.maximum, np.minimum, np.abs, .max() and .copy() inside jitted code.
import numpy as np
from numba import njit


@njit
def laplacian(u):  # hot
    lap = np.zeros_like(u)
    lap[1:-1] = u[2:] - 2.0 * u[1:-1] + u[:-2]
    return lap


@njit
def leapfrog(u, v, c2dt):  # hot
    v += c2dt * laplacian(u)
    u += v
    u[0] = 0.0
    u[-1] = 0.0


@njit
def smooth(a, b):  # hot
    a[1:-1] = 0.5 * (b[2:] + b[:-2])
    a[0] = b[0]
    a[-1] = b[-1]


@njit
def clipped_peak(u, lim):
    c = np.maximum(np.minimum(u, lim), -lim)
    return np.abs(c).max(), np.where(np.abs(u) > lim, 1, 0).sum()


def main():
    n = 64
    x = np.arange(n) / (n - 1.0)
    u = np.where(np.abs(x - 0.5) < 0.125, 1.0, 0.0)
    v = np.zeros(n)
    for step in range(80):  # hot
        leapfrog(u, v, 0.25)
    print(u[:8])
    print(u[28:36])
    for lim in (0.25, 0.5, 1.0):
        peak, over = clipped_peak(u, lim)
        print(peak, over)
    a = np.zeros(n)
    b = u.copy()
    for it in range(30):
        smooth(a, b)
        a, b = b, a
    print(b[::8])
    print(round(float(b.sum()), 9), round(float(np.abs(v).max()), 12))


main()
