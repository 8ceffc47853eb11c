# Nests whose subscripts are proven once, at the nest's entry (`nested`): each loop
# variable gets an interval from the ranges around it (triangular ones included), each
# affine subscript an interval checked against its axis, and where all hold the nest
# runs with no bounds check and no proof per inner loop. Where one fails (a wrap-around
# index, an index past the end) the ordinary copy runs, so results, IndexErrors and
# the state at them are the interpreter's.
import numpy as np


def conv_valid(image, filt, out):
    # Short inner loops (5 x 5): the nest's proof replaces one per `v` loop.
    m = filt.shape[0]
    for r in range(out.shape[0]):  # jit: compiled, nested, clean
        for c in range(out.shape[1]):
            acc = 0.0
            for u in range(m):
                for v in range(m):
                    acc += image[r + u, c + v] * filt[m - 1 - u, m - 1 - v]
            out[r, c] = acc
    return out


def lower_triangle(a, b, out):
    # `j` up to `i`: its interval is the largest `i`'s.
    n = a.shape[0]
    for i in range(n):  # jit: compiled, nested, clean
        s = 0.0
        for j in range(i + 1):
            s += a[i, j] * b[j]
        out[i] = s
    return out


def anti_diagonals(a, out):
    # `a[i, i + j]` with `j` below `n - i`: the box of `i + j` reaches 2n - 2, the
    # accesses only n - 1 (each variable replaced by its range's end is exact here).
    n = a.shape[0]
    for i in range(n):  # jit: compiled, nested, clean
        s = 0.0
        for j in range(n - i):
            s += a[i, i + j] * (j + 1)
        out[i] = s
    return out


def flat_transpose(x, rows, cols, out):
    # 2-D arrays held flat: `i * cols + j` is a form with a coefficient only known
    # at run time.
    for i in range(rows):  # jit: compiled, nested, clean
        for j in range(cols):
            out[j * rows + i] = x[i * cols + j]
    return out


def strided_and_reversed(a, out):
    n, m = a.shape
    for i in range(n):  # jit: compiled, nested, clean
        for j in range(m - 1, -1, -1):
            out[i, m - 1 - j] = a[i, j]
        for j in range(0, m, 2):
            out[i, j] += 0.5 * a[n - 1 - i, j]
    return out


def wrapped_rows(a, out):
    # `a[i - 1]` at i = 0 is the last row: the proof fails, the ordinary copy runs.
    n, m = a.shape
    for i in range(n):  # jit: compiled, clean
        for j in range(m):
            out[i, j] = a[i - 1, j] + a[i, j]
    return out


def past_the_end(a, k):
    # An index past the end at the last rows: IndexError at the interpreter's
    # iteration, with what was stored before it kept.
    n, m = a.shape
    total = 0.0
    for i in range(n):  # jit: compiled, deopts
        for j in range(m):
            a[i, j] = a[i + k, j] * 2.0
            total += a[i, j]
    return total


def after_inner_loops(a, out):
    # A loop's variable read after its loop (its last value), and two loops of one
    # variable side by side; a variable assigned in its own loop's body has no interval.
    n, m = a.shape
    for i in range(1, n):  # jit: compiled, nested, clean
        t = 0.0
        for j in range(i):
            t += a[j, 0]
        out[i, 0] = t + a[j, 1]
        for j in range(m):
            out[i, j] += a[i, j]
        for j in range(m):
            j = m - 1 - j
            out[i, j] -= 0.25 * a[i - 1, j]
    return out


def narrow_offset(a, out):
    # An int32 offset: numpy's narrow ints are left to the per-loop checks.
    k = np.int32(1)
    n, m = a.shape
    for i in range(n - 1):  # jit: compiled, clean
        for j in range(m):
            out[i, j] = a[i + k, j]
    return out


image = (np.arange(144.0).reshape(12, 12) % 7) / 7.0
filt = np.arange(25.0).reshape(5, 5) / 25.0 - 0.4
for _ in range(3):
    print(conv_valid(image, filt, np.zeros((8, 8))).sum())

a = np.arange(49.0).reshape(7, 7) / 3.0
b = np.arange(7.0)
for _ in range(3):
    print(lower_triangle(a, b, np.zeros(7)))

for _ in range(3):
    print(anti_diagonals(a, np.zeros(7)))

x = np.arange(24.0)
for _ in range(3):
    print(flat_transpose(x, 4, 6, np.zeros(24)))

r = np.arange(30.0).reshape(5, 6)
for _ in range(3):
    print(strided_and_reversed(r, np.zeros((5, 6))).sum())
    print(wrapped_rows(r, np.zeros((5, 6))).sum())
    print(after_inner_loops(r, np.zeros((5, 6))).sum())
    print(narrow_offset(r, np.zeros((5, 6))).sum())

for k in (0, 1, 2):
    p = np.arange(20.0).reshape(5, 4)
    try:
        print(past_the_end(p, k))
    except IndexError as e:
        print("IndexError", e)
    print(p.sum(), p[4])
