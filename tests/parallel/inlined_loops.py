# Loops that call a function with loops of its own, inlined: each call's variables
# are its own (its loop's too), so the calling loop splits across threads where the
# function stores nothing and reads no array the loop stores into; it stays serial,
# saying why, where it does read one. Tuples returned from inside the function's
# loops unpack into the loop's own names.
import numpy as np


def escape_time(c, maxit):
    z = 0j
    for it in range(maxit):
        z = z * z + c
        if abs(z) > 2.0:
            return it
    return maxit


def mandelbrot(grid, maxit, out):
    h, w = grid.shape
    for i in range(h):  # tier2: parallel
        for j in range(w):
            out[i, j] = escape_time(grid[i, j], maxit)
    return out


def settle(x, roots, maxit):
    it = 0
    while it < maxit:
        x = x - (x * x * x - 2.0) / (3.0 * x * x)
        for r in range(roots.shape[0]):
            if abs(x - roots[r]) < 1e-9:
                return r, it
        it += 1
    return -1, it


def basins(xs, roots, maxit, which, iters):
    for i in range(xs.shape[0]):  # tier2: parallel
        r, it = settle(xs[i], roots, maxit)
        which[i] = r
        iters[i] = it
    return which, iters


def smoothed(v, k):
    s = 0.0
    for d in range(k):
        s += v[d]
    return s


def running(v, out, k):
    # The inlined function reads `v`, which the loop stores into: serial.
    for i in range(v.shape[0] - k):  # tier2: serial(reads an array the loop stores into)
        v[i + k] = smoothed(v, k) * 0.25 + out[i]
    return v


xs = np.linspace(-2.0, 0.5, 160)
ys = np.linspace(-1.1, 1.1, 120)
grid = xs[None, :] + 1j * ys[:, None]
out = np.zeros((120, 160), dtype=np.int64)
for maxit in (10, 30, 60):
    mandelbrot(grid, maxit, out)
    print(maxit, int(out.sum()), out[60, ::20])

roots = np.array([2.0 ** (1.0 / 3.0)])
starts = np.linspace(0.5, 4.0, 5000)
which = np.zeros(5000, dtype=np.int64)
iters = np.zeros(5000, dtype=np.int64)
for maxit in (3, 8, 40):
    basins(starts, roots, maxit, which, iters)
    print(maxit, int(which.sum()), int(iters.sum()), iters[::700])

v = np.cos(np.arange(3000) * 0.01)
for rep in range(3):
    running(v, np.sin(np.arange(3000) * 0.02), 4)
print(float(v.sum()), v[-3:])
