# Functions with loops of their own, inlined whole into the loops that call them
# (issue 17: the per-pixel helpers of Mandelbrot and Newton kernels): `return` from
# inside their loops (a value or a tuple the caller unpacks), `break`, `continue`,
# `while`, a helper calling a helper. A check failing inside (an overflow, a zero
# divisor, an index) hands the whole calling statement back: the interpreter runs the
# call again from the start.
import numpy as np


def escape(c, limit):
    z = 0j
    for it in range(limit):
        z = z * z + c
        if abs(z) > 2.0:
            return it
    return limit


def first_above(a, v):
    for j in range(a.shape[0]):
        if a[j] > v:
            return j, a[j]
    return -1, v


def collatz(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
        if steps > 500:
            break
    return steps


def odd_sum(a, stop):
    s = 0.0
    for j in range(a.shape[0]):
        if j % 2 == 0:
            continue
        if j > stop:
            break
        s += a[j] / (stop - j)
    return s


def twice_collatz(n):
    return collatz(n) + collatz(n + 1)


def grid_counts(grid, limit):
    out = np.zeros(grid.shape, dtype=np.int64)
    for i in range(grid.shape[0]):  # jit: compiled, clean
        for j in range(grid.shape[1]):
            out[i, j] = escape(grid[i, j], limit)
    return out


def searches(a, vs):
    total = 0.0
    where = 0
    for k in range(vs.shape[0]):  # jit: compiled, clean
        j, x = first_above(a, vs[k])
        where += j
        total += x
    return where, total


def collatz_table(n):
    t = 0
    for k in range(1, n):  # jit: compiled, clean
        t += twice_collatz(k)
    return t


def odd_sums(a, n):
    # `stop - j` is zero when j reaches stop: the call runs again, interpreted, and
    # numpy warns there (`a[j]` is a float64).
    s = 0.0
    for k in range(n):  # jit: compiled, deopts
        s += odd_sum(a, 30 - k)
    return s


def overflowing(a, n):
    t = 0
    for k in range(n):  # jit: compiled, deopts
        t += collatz(2**62 + k)
    return t


grid = np.linspace(-2.0, 0.5, 24)[None, :] + 1j * np.linspace(-1.2, 1.2, 17)[:, None]
print(grid_counts(grid, 40).sum(axis=1).tolist())
a = np.sin(np.arange(50) * 0.37)
print(searches(a, np.linspace(-1.0, 1.2, 60)))
print(collatz_table(200))
print(odd_sums(a, 40))
print(overflowing(a, 30))


# `r` is assigned only when some element passes `v`: a call where none does reads it
# unbound (UnboundLocalError), never the value an earlier call left (not inlined).
def last_above(a, v):
    for j in range(a.shape[0]):
        if a[j] > v:
            r = j
    return r


def lasts(a, vs):
    t = 0
    for k in range(vs.shape[0]):
        t += last_above(a, vs[k])
    return t


try:
    print(lasts(a, np.linspace(-1.0, 1.2, 60)))
except UnboundLocalError as e:
    print("UnboundLocalError", e)
